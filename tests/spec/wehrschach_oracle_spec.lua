-- Wehrschach checked against a second, naive implementation written here
-- from the rules file alone (plain Lua tables, no runtime primitives), and
-- a thousand seeded random games played to the end.
local T = require "wargrid.test"
local wg = require "wargrid"
local natural_less = require("wargrid.game").natural_less

local game = T.game "wehrschach"

-- The naive rules -------------------------------------------------------
-- A board is b[file][rank] = { k = letter (lower case), side = 1 or 2 }.
local N = 11
local FILES = "abcdefghijk"
local RANGE = { i = 1, h = 2, t = 3, a = 4, f = 5, b = 5 }       -- W-M1
local CAPTURE_AT = { i = 1, h = 2, t = 3, a = 4, f = 5, b = 5 }  -- W-C1..W-C5
local PLANE = { f = true, b = true }
local EIGHT = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } }
local FOUR = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } }
local KNIGHT = { { 1, 2 }, { 2, 1 }, { -1, 2 }, { -2, 1 }, { 1, -2 }, { 2, -1 }, { -1, -2 }, { -2, -1 } }

local function name(f, r) return FILES:sub(f, f) .. r end
local function on(f, r) return f >= 1 and f <= N and r >= 1 and r <= N end
local function road(f, r) return f == r end                                    -- W-B2
local function river(f, r) return f + r == 12 end                              -- W-B3
local function sea(f, r) return (f == 2 and r == 5) or (f == 11 and r == 7) end -- W-B4
local function zone(side, r) if side == 1 then return r <= 3 end return r >= 9 end
local function sign(n) return n > 0 and 1 or (n < 0 and -1 or 0) end

local function read(text)
  local b = {}
  for f = 1, N do b[f] = {} end
  local r = N
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

-- The two L-paths from (f, r) to (f + dx, r + dy): one leg then the other.
local function l_paths(f, r, dx, dy)
  local function path(first)
    local steps, x, y = {}, f, r
    local legs = first == "x" and { { dx, 0 }, { 0, dy } } or { { 0, dy }, { dx, 0 } }
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

-- Is the path open: every square on the board, passed squares empty, none
-- sea; with `river_rule`, no step from a river square to a river square.
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
    local range = RANGE[p.k]
    -- W-M2 along the road from a road square: range 4 for infantry, tanks
    if (p.k == "i" or p.k == "t") and road(f, r) and d[1] == d[2] then range = 4 end
    for n = 1, range do
      local x, y = f + n * d[1], r + n * d[2]
      if not on(x, y) then break end
      local q = b[x][y]
      if PLANE[p.k] then                                           -- W-M4, W-M5
        if q and q.side ~= p.side and (PLANE[q.k] or q.k == "a") then break end
        if not q and not sea(x, y) then add(x, y) end
      else
        local px, py = x - d[1], y - d[2]
        if q or sea(x, y) then break end                           -- W-M4, W-M5
        if river(px, py) and river(x, y) then break end            -- W-M6
        if p.k == "h" and not zone(p.side, y) then break end       -- W-M3
        add(x, y)
      end
    end
  end
  if p.k == "t" then                                               -- W-M7
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
    if PLANE[p.k] and q and q.side ~= p.side and (PLANE[q.k] or q.k == "a") then
      return false
    end
  end
  return true
end

-- Every action of `side`, as text.
local function actions(b, side)
  local out, own, enemy = {}, {}, {}
  for f = 1, N do
    for r = 1, N do
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
        if b[at[1]][at[2]].k == "a" then guns = guns + 1 else takers[#takers + 1] = at end
      end
    end
    if #takers + guns >= 2 then                                    -- W-K1..W-K4
      for _, at in ipairs(takers) do out[#out + 1] = name(at[1], at[2]) .. "x" .. target end
      if guns >= 2 then out[#out + 1] = "barrage " .. target end
    end
    for _, d in ipairs { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } } do  -- W-E1
      local ax, ay, bx, by = x[1] + d[1], x[2] + d[2], x[1] - d[1], x[2] - d[2]
      if on(ax, ay) and on(bx, by) and b[ax][ay] and b[bx][by]
         and b[ax][ay].side == side and b[bx][by].side == side then
        out[#out + 1] = "enclose " .. target
        break
      end
    end
  end
  for _, at in ipairs(own) do                                      -- W-F1
    local f, r = at[1], at[2]
    if PLANE[b[f][r].k] then
      for _, d in ipairs(FOUR) do
        local x, y, gx, gy = f + d[1], r + d[2], f + 5 * d[1], r + 5 * d[2]
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
local GROUND = { i = true, t = true, a = true }
local function naive_grounds(b, side)
  local foe = 3 - side
  local hq, ground, infantry, beyond, beyond_infantry = 0, 0, 0, 0, 0
  for f = 1, N do
    for r = 1, N do
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
         .. ((beyond >= 5 and beyond_infantry >= 1) and "3" or "") .. (infantry == 0 and "4" or "")
end

local function square(text)
  local f, r = text:match("^(%a)(%d+)$")
  return FILES:find(f, 1, true), tonumber(r)
end

local function apply(b, text)
  local c = {}
  for f = 1, N do
    c[f] = {}
    for r = 1, N do c[f][r] = b[f][r] end
  end
  local target = text:match("^barrage (%S+)$") or text:match("^enclose (%S+)$")
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

local function naive_perft(b, side, depth)
  local list = actions(b, side)
  if depth == 1 then return #list end
  local n = 0
  for _, a in ipairs(list) do n = n + naive_perft(apply(b, a), 3 - side, depth - 1) end
  return n
end

-- The specs ---------------------------------------------------------------
describe("wehrschach: perft from the start", function()
  local s = game:new()

  it("W-S1 W-M1..W-M7 perft 1 and 2 agree with the naive rules", function()
    local b = read(game:position_text(s))
    assert.same(actions(b, 1), game:action_texts(s))
    assert.equal(143, naive_perft(b, 1, 1))
    assert.equal(143, wg.perft(game, s, 1))
    assert.equal(20859, naive_perft(b, 1, 2))
    assert.equal(20859, wg.perft(game, s, 2))
  end)

  it("perft 3", function()
    assert.equal(3085470, wg.perft(game, s, 3))
  end)
end)

-- Plays seeded random games and calls check(s) at every `every`-th ply.
local function random_games(n, every, check)
  for seed = 1, n do
    local s, x = game:new(), seed
    for ply = 1, 600 do
      local out = game:legal(s)
      if out:size() == 0 then break end
      if ply % every == 0 then check(s, seed, ply) end
      x = (x * 1103515245 + 12345) % 2147483648
      game:play(s, out:get(x % out:size() + 1))
    end
  end
end

describe("wehrschach: the engine agrees with the naive rules", function()
  it("W-M1..W-M7 W-K1..W-K4 W-E1 W-F1 on positions from random games", function()
    local checked, kinds = 0, {}
    random_games(30, 7, function(s, seed, ply)
      local text = game:position_text(s)
      local side = s:side()
      local out = wg.actions()
      game:actions_of(s, side, out)
      local got = {}
      for i = 1, out:size() do got[i] = game:action_text(s, out:get(i)) end
      table.sort(got, natural_less)
      local want = actions(read(text), side)
      assert.same(want, got, string.format("seed %d ply %d: %s", seed, ply, text))
      for _, t in ipairs(want) do
        kinds[t:match("^(%a+) ") or (t:find("x") and "take" or "move")] = true
      end
      checked = checked + 1
    end)
    assert.is_true(checked > 500)
    assert.same({ move = true, take = true, barrage = true, enclose = true, fire = true }, kinds)
  end)

  it("W-J1..W-J4 W-J6 W-J7 judgements and replies in random games", function()
    local judged, cancelled, decided = 0, 0, 0
    for seed = 1, 25 do
      local s, x = game:new(), seed
      while true do
        local out = game:legal(s)
        if out:size() == 0 then break end
        local before = game:position_text(s)
        local j, side = before:match(" (%S+)$"), s:side()
        x = (x * 1103515245 + 12345) % 2147483648
        local a = out:get(x % out:size() + 1)
        if j ~= "-" and x % 2 == 0 then   -- a reply: try a capture half the time
          for i = 1, out:size() do
            local t = game:action_text(s, out:get(i))
            if t:find("x") or t:find("^barrage") then a = out:get(i) break end
          end
        end
        local text = game:action_text(s, a)
        game:play(s, a)
        local b = read(game:position_text(s))
        local want = j
        if j == "-" then                      -- W-J1..W-J4 after the action
          local g = naive_grounds(b, side)
          if g ~= "" then
            want = (side == 1 and "r" or "b") .. ":" .. g
            judged = judged + 1
          end
        else                                  -- W-J6, W-J7 the reply
          local capture = text:find("x") or text:find("^barrage")  -- RULING: not enclose
          local counter = naive_grounds(b, side) ~= "" or #actions(b, 3 - side) == 0
          if j:match(":(%d+)$") == "3" and capture and not counter
             and not naive_grounds(b, 3 - side):find("3") then
            want, cancelled = "-", cancelled + 1
          else
            decided = decided + 1
          end
        end
        assert.equal(want, game:position_text(s):match(" (%S+)$"), before .. " then " .. text)
      end
    end
    assert.is_true(judged >= 20 and decided >= 20 and cancelled >= 1,
                   string.format("%d judged, %d decided, %d cancelled", judged, decided, cancelled))
  end)
end)

describe("wehrschach: random games", function()
  it("W-J1..W-J8 1000 seeded random games end, and their final positions round-trip", function()
    local reasons = {}
    for seed = 1, 1000 do
      local s = game:new()
      local plies, ended = wg.playout(game, s, seed, 20000)
      assert.is_true(ended, "seed " .. seed)
      local o = T.outcome(game, s)
      assert.truthy(o, "seed " .. seed)
      local text = game:position_text(s)
      local again = T.position(game, text)
      assert.equal(text, game:position_text(again), "seed " .. seed)
      if not o.reason:find("W%-J8") then
        assert.same(o, T.outcome(game, again), "seed " .. seed .. ": " .. text)
      end
      local key = o.reason:match("%((W%-J%d)%)")
      reasons[key] = (reasons[key] or 0) + 1
      assert.is_true(plies > 0)
    end
    for _, id in ipairs { "W-J1", "W-J2", "W-J3" } do assert.truthy(reasons[id], id) end
  end)
end)
