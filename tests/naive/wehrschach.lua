-- A second, naive implementation of Wehrschach written from the rules file
-- alone (plain Lua tables, no runtime primitives), for the specs to check
-- the engine against. The board is given as the rules describe it, so a
-- variant's board is checked the same way:
--   local naive = require "naive.wehrschach" {
--     files = 11, ranks = 11, mainlines = { 3, 9 },
--     road = function(f, r) return f == r end, ...  -- and river, sea
--   }
-- A board is b[file][rank] = { k = letter (lower case), side = 1 or 2 }.
local natural_less = require("wargrid.game").natural_less

local RANGE = { i = 1, h = 2, t = 3, a = 4, f = 5, b = 5 }       -- W-M1
local CAPTURE_AT = { i = 1, h = 2, t = 3, a = 4, f = 5, b = 5 }  -- W-C1..W-C5
local PLANE = { f = true, b = true }
local GROUND = { i = true, t = true, a = true }
local EIGHT = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 },
                { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } }
local FOUR = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } }
local KNIGHT = { { 1, 2 }, { 2, 1 }, { -1, 2 }, { -2, 1 },
                 { 1, -2 }, { 2, -1 }, { -1, -2 }, { -2, -1 } }
local FILES = "abcdefghijklmnopqrstuvwxyz"

local function sign(n) return n > 0 and 1 or (n < 0 and -1 or 0) end

return function(board)
  local NF, NR = board.files, board.ranks
  local road, river, sea = board.road, board.river, board.sea  -- W-B2..W-B4
  local naive = {}

  local function name(f, r) return FILES:sub(f, f) .. r end
  local function on(f, r) return f >= 1 and f <= NF and r >= 1 and r <= NR end
  local function zone(side, r)                                   -- W-B5
    if side == 1 then return r <= board.mainlines[1] end
    return r >= board.mainlines[2]
  end

  function naive.read(text)
    local b = {}
    for f = 1, NF do b[f] = {} end
    local r = NR
    for row in (text:match("^(%S+)") .. "/"):gmatch("([^/]*)/") do
      local f = 1
      for n, ch in row:gmatch("(%d*)(%a?)") do
        if n ~= "" then f = f + tonumber(n) end
        if ch ~= "" then
          b[f][r] = { k = ch:lower(), side = ch == ch:upper() and 1 or 2 }
          f = f + 1
        end
      end
      r = r - 1
    end
    return b
  end

  -- The two L-paths from (f, r) to (f + dx, r + dy): one leg, then the
  -- other.
  local function l_paths(f, r, dx, dy)
    local function path(first)
      local steps, x, y = {}, f, r
      local legs = first == "x" and { { dx, 0 }, { 0, dy } }
                   or { { 0, dy }, { dx, 0 } }
      for _, leg in ipairs(legs) do
        for _ = 1, math.abs(leg[1] + leg[2]) do
          x, y = x + sign(leg[1]), y + sign(leg[2])
          steps[#steps + 1] = { x, y }
        end
      end
      return steps
    end
    return { path("x"), path("y") }
  end

  -- Is the path open: every square on the board, passed squares empty,
  -- none sea; with `river_rule`, no step from a river square to a river
  -- square.
  local function open(b, f, r, steps, river_rule)
    local px, py = f, r
    for i, st in ipairs(steps) do
      local x, y = st[1], st[2]
      if not on(x, y) or sea(x, y) then return false end
      if river_rule and river(px, py) and river(x, y) then return false end
      if i < #steps and b[x][y] then return false end
      px, py = x, y
    end
    return true
  end

  local function moves(b, f, r, out)
    local p = b[f][r]
    local seen = {}
    local function add(x, y)
      if not seen[name(x, y)] then
        seen[name(x, y)] = true
        out[#out + 1] = name(f, r) .. name(x, y)
      end
    end
    for _, d in ipairs(EIGHT) do
      -- W-M2 infantry and tanks reach 4 while every square so far is road
      local along = (p.k == "i" or p.k == "t") and road(f, r)
      local range = along and 4 or RANGE[p.k]
      for n = 1, range do
        local x, y = f + n * d[1], r + n * d[2]
        if not on(x, y) then break end
        along = along and road(x, y)
        if n > RANGE[p.k] and not along then break end
        local q = b[x][y]
        if PLANE[p.k] then                                       -- W-M4, W-M5
          if q and q.side ~= p.side and (PLANE[q.k] or q.k == "a") then
            break
          end
          if not q and not sea(x, y) then add(x, y) end
        else
          local px, py = x - d[1], y - d[2]
          if q or sea(x, y) then break end                       -- W-M4, W-M5
          if river(px, py) and river(x, y) then break end        -- W-M6
          if p.k == "h" and not zone(p.side, y) then break end   -- W-M3
          add(x, y)
        end
      end
    end
    if p.k == "t" then                                           -- W-M7
      for _, v in ipairs(KNIGHT) do
        local x, y = f + v[1], r + v[2]
        if on(x, y) and not b[x][y] then
          for _, steps in ipairs(l_paths(f, r, v[1], v[2])) do
            if open(b, f, r, steps, true) then add(x, y) break end
          end
        end
      end
    end
  end

  -- Does the piece on (f, r) threaten (x, y)? (W-C1..W-C6)
  local function threatens(b, f, r, x, y)
    local p = b[f][r]
    local dx, dy = x - f, y - r
    if p.k == "t" and math.abs(dx * dy) == 2 then
      for _, steps in ipairs(l_paths(f, r, dx, dy)) do
        if open(b, f, r, steps, false) then return true end
      end
      return false
    end
    if dx ~= 0 and dy ~= 0 then return false end
    local dist = math.abs(dx + dy)
    if dist ~= CAPTURE_AT[p.k] then return false end
    if p.k == "h" and not zone(p.side, y) then return false end
    for n = 1, dist - 1 do
      local mx, my = f + n * sign(dx), r + n * sign(dy)
      local q = b[mx][my]
      if (p.k == "h" or p.k == "t") and (q or sea(mx, my)) then return false end
      if PLANE[p.k] and q and q.side ~= p.side
         and (PLANE[q.k] or q.k == "a") then
        return false
      end
    end
    return true
  end

  -- Every action of `side`, as text, sorted.
  function naive.actions(b, side)
    local out, own, enemy = {}, {}, {}
    for f = 1, NF do
      for r = 1, NR do
        local p = b[f][r]
        if p then
          local list = p.side == side and own or enemy
          list[#list + 1] = { f, r }
        end
      end
    end
    for _, at in ipairs(own) do moves(b, at[1], at[2], out) end
    for _, x in ipairs(enemy) do
      local target = name(x[1], x[2])
      local takers, guns = {}, 0
      for _, at in ipairs(own) do
        if threatens(b, at[1], at[2], x[1], x[2]) then
          if b[at[1]][at[2]].k == "a" then
            guns = guns + 1
          else
            takers[#takers + 1] = at
          end
        end
      end
      if #takers + guns >= 2 then                                -- W-K1..W-K4
        for _, at in ipairs(takers) do
          out[#out + 1] = name(at[1], at[2]) .. "x" .. target
        end
        if guns >= 2 then out[#out + 1] = "barrage " .. target end
      end
      for _, d in ipairs { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } } do  -- W-E1
        local ax, ay = x[1] + d[1], x[2] + d[2]
        local bx, by = x[1] - d[1], x[2] - d[2]
        if on(ax, ay) and on(bx, by) and b[ax][ay] and b[bx][by]
           and b[ax][ay].side == side and b[bx][by].side == side then
          out[#out + 1] = "enclose " .. target
          break
        end
      end
    end
    for _, at in ipairs(own) do                                  -- W-F1
      local f, r = at[1], at[2]
      if PLANE[b[f][r].k] then
        for _, d in ipairs(FOUR) do
          local x, y = f + d[1], r + d[2]
          local gx, gy = f + 5 * d[1], r + 5 * d[2]
          if on(gx, gy) and b[x][y] and b[x][y].side ~= side and b[gx][gy]
             and b[gx][gy].side == side and b[gx][gy].k == "a" then
            out[#out + 1] = "fire " .. name(f, r) .. "x" .. name(x, y)
          end
        end
      end
    end
    table.sort(out, natural_less)
    return out
  end

  -- The judgement conditions W-J1..W-J4 that hold for `side`, as digits.
  function naive.grounds(b, side)
    local foe = 3 - side
    local hq, ground, infantry, beyond, beyond_infantry = 0, 0, 0, 0, 0
    for f = 1, NF do
      for r = 1, NR do
        local p = b[f][r]
        if p and p.side == foe then
          if p.k == "h" then hq = hq + 1 end
          if GROUND[p.k] then ground = ground + 1 end
          if p.k == "i" then infantry = infantry + 1 end
        elseif p and GROUND[p.k] and zone(foe, r) then
          beyond = beyond + 1
          if p.k == "i" then beyond_infantry = beyond_infantry + 1 end
        end
      end
    end
    return (hq == 0 and "1" or "") .. (ground <= 4 and "2" or "")
           .. ((beyond >= 5 and beyond_infantry >= 1) and "3" or "")
           .. (infantry == 0 and "4" or "")
  end

  local function square(text)
    local f, r = text:match("^(%a)(%d+)$")
    return FILES:find(f, 1, true), tonumber(r)
  end

  -- The board after the action `text`, a new table.
  function naive.apply(b, text)
    local c = {}
    for f = 1, NF do
      c[f] = {}
      for r = 1, NR do c[f][r] = b[f][r] end
    end
    local target = text:match("^barrage (%S+)$")
                   or text:match("^enclose (%S+)$")
    if target then
      local x, y = square(target)
      c[x][y] = nil
      return c
    end
    local from, to = text:match("^%a*%s?(%a%d+)x?(%a%d+)$")
    local f, r = square(from)
    local x, y = square(to)
    c[x][y], c[f][r] = c[f][r], nil
    return c
  end

  -- Leaves at `depth` from b with `side` to move (no judgement pending).
  function naive.perft(b, side, depth)
    local list = naive.actions(b, side)
    if depth == 1 then return #list end
    local n = 0
    for _, a in ipairs(list) do
      n = n + naive.perft(naive.apply(b, a), 3 - side, depth - 1)
    end
    return n
  end

  return naive
end
