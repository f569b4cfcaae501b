-- A second, naive Block Wars for the specs: lines of fire found by clipping
-- the segment between square centres to each square (not by the runtime's
-- stepping), and the legal actions of a position generated in plain Lua
-- from its position text (the format of blockwars/text.lua) and the
-- game's declaration, by the rules as the rulebook words them (BW-...).
-- Nothing here asks the engine what is legal.
local M = {}

-- Squares as { file, rank } from 1; names "d4".
local function name(f, r) return string.char(96 + f) .. r end
M.name = name

-- Length of the segment (0,0)-(dx,dy) inside the unit square centred on
-- (i, j): Liang-Barsky clipping.
local function inside(dx, dy, i, j)
  local t0, t1 = 0, 1
  for _, edge in ipairs { { dx, i - 0.5, i + 0.5 },
                          { dy, j - 0.5, j + 0.5 } } do
    local d, lo, hi = edge[1], edge[2], edge[3]
    if d == 0 then
      if 0 < lo or 0 > hi then return 0 end
    else
      local a, b = lo / d, hi / d
      if a > b then a, b = b, a end
      t0, t1 = math.max(t0, a), math.min(t1, b)
    end
  end
  return math.max(0, t1 - t0) * math.sqrt(dx * dx + dy * dy)
end

-- The offsets of the squares strictly between the ends that the line
-- passes through (a positive length inside them; touching a corner is not
-- passing through).
function M.crossed(dx, dy)
  local out = {}
  for i = math.min(0, dx), math.max(0, dx) do
    for j = math.min(0, dy), math.max(0, dy) do
      if not (i == 0 and j == 0) and not (i == dx and j == dy)
         and inside(dx, dy, i, j) > 1e-9 then
        out[#out + 1] = { i, j }
      end
    end
  end
  return out
end

-- BW-A5 RULING: where the line runs between two squares (a (1,2) offset)
-- it is blocked only if both are occupied; elsewhere any occupied square
-- it passes through blocks it.
function M.blocked(dx, dy, occupied)
  local cells = M.crossed(dx, dy)
  local knight = math.abs(dx) + math.abs(dy) == 3 and math.abs(dx) ~= 0
                 and math.abs(dy) ~= 0
  local n = 0
  for _, c in ipairs(cells) do
    if occupied(c[1], c[2]) then n = n + 1 end
  end
  if knight then return #cells > 0 and n == #cells end
  return n > 0
end

-- BW-A5 RULING: within 45 degrees of straight ahead: forward 1-2, sideways
-- no more than forward.
function M.in_arc(dx, dy, facing)
  local fwd = dy * facing
  return fwd >= 1 and fwd <= 2 and math.abs(dx) <= fwd
end

-- Reading the position text ------------------------------------------------

local SIDE = { c = 1, g = 2 }

-- "I6T/i6" -> { { i = 6, t = 1 }, { i = 6 } }
local function units(text)
  local out, k = { {}, {} }, 0
  for part in (text .. "/"):gmatch("([^/]*)/") do
    k = k + 1
    for l, n in part:gmatch("(%a)(%d*)") do
      l = l:lower()
      out[k][l] = (out[k][l] or 0) + (n == "" and 1 or tonumber(n))
    end
  end
  return out
end

local function squares(text)
  local out = {}
  if text ~= "-" then
    for sq in text:gmatch("[^,]+") do out[sq] = true end
  end
  return out
end

-- The position: units on the board (a tank once, by its lower left square),
-- what is at each square, and the fields of the text.
local function read(game, text)
  local p = { at = {}, units = {}, kv = {} }
  local fields = {}
  for f in text:gmatch("%S+") do fields[#fields + 1] = f end
  local rank = game.ranks
  for row in (fields[1] .. "/"):gmatch("([^/]*)/") do
    local file = 1
    for n, l in row:gmatch("(%d*)(%a?)") do
      if n ~= "" then file = file + tonumber(n) end
      if l ~= "" then
        local side = l:match("%u") and 1 or 2
        -- a tank's square: one beside or above it is the tank's already
        local u
        for _, near in pairs { p.at[name(file - 1, rank)] or false,
                               p.at[name(file, rank + 1)] or false } do
          if l:lower() == "t" and near and near.letter == "t"
             and near.side == side then
            u = near
          end
        end
        if u then
          p.at[name(file, rank)] = u           -- the tank's other squares
        else
          u = { letter = l:lower(), side = side, f = file, r = rank }
          p.units[#p.units + 1] = u
          p.at[name(file, rank)] = u
        end
        file = file + 1
      end
    end
    rank = rank - 1
  end
  -- a tank is read from its top left square down: its anchor is its lowest
  for _, u in ipairs(p.units) do
    if u.letter == "t" then
      while p.at[name(u.f, u.r - 1)] == u do u.r = u.r - 1 end
      while p.at[name(u.f - 1, u.r)] == u do u.f = u.f - 1 end
      u.squares = {}
      for sq, v in pairs(p.at) do
        if v == u then u.squares[#u.squares + 1] = sq end
      end
    end
  end
  p.side, p.left = SIDE[fields[2]:sub(1, 1)], tonumber(fields[2]:sub(2))
  for i = 3, #fields do
    local k, v = fields[i]:match("^(%a+)=(.+)$")
    p.kv[k] = v
  end
  p.turn = tonumber(p.kv.turn)
  p.reserve, p.lost = units(p.kv.reserve), units(p.kv.lost)
  p.air = {}
  for part in (p.kv.air .. "/"):gmatch("([^/]*)/") do
    p.air[#p.air + 1] = part == "-" and "" or part
  end
  p.used = squares(p.kv.used)
  p.done, p.new = squares(p.kv.done), squares(p.kv.new)
  local phase, who, arg = p.kv.phase:match("^(%a+):?([cg]?):?(.*)$")
  p.phase, p.decider, p.arg = phase, who ~= "" and SIDE[who] or p.side, arg
  return p
end

-- The actions ----------------------------------------------------------------

local DIRS = { { -1, -1 }, { 0, -1 }, { 1, -1 }, { -1, 0 }, { 1, 0 }, { -1, 1 },
               { 0, 1 }, { 1, 1 } }

local function army(game, side) return game.def.armies[game.sides[side]] end

local function on_board(game, f, r)
  return f >= 1 and f <= game.files and r >= 1 and r <= game.ranks
end

-- BW-W1, BW-W2: is the game over?
local function over(game, p)
  if p.phase == "place" then return false end
  for side = 1, 2 do
    local back, seen, n = army(game, 3 - side).ranks[1], {}, 0
    for f = 1, game.files do
      local u = p.at[name(f, back)]
      if u and u.side == side and not seen[u] then seen[u] = true; n = n + 1 end
    end
    if n >= 2 then return true end
  end
  local gone = 0
  for side = 1, 2 do
    local left = (p.reserve[side].i or 0) + (p.reserve[side].m or 0)
                 + (p.reserve[side].t or 0)
    for _, u in ipairs(p.units) do
      if u.side == side then left = left + 1 end
    end
    if left == 0 then gone = gone + 1 end
  end
  return gone > 0 or p.turn > game.opt.turns
end

-- The squares a tank would cover with its lower left square on (f, r),
-- all on the board and empty, or nil.
local function tank_fits(game, p, f, r, except)
  for _, d in ipairs { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 } } do
    local x, y = f + d[1], r + d[2]
    if not on_board(game, x, y) then return false end
    local u = p.at[name(x, y)]
    if u and u ~= except then return false end
  end
  return true
end

-- BW-A8 entries of a unit letter from a side's reserve or casualties
local function entries(game, p, side, l, out)
  local a = army(game, side)
  if l == "t" then
    local r = math.min(table.unpack(a.tank_ranks))
    for f = 1, game.files do
      if tank_fits(game, p, f, r) then out[#out + 1] = "t@" .. name(f, r) end
    end
  else
    local back = a.ranks[1]
    for f = 1, game.files do
      local sq = name(f, back)
      if not p.at[sq] then out[#out + 1] = l .. "@" .. sq end
    end
  end
end

-- Fire from the squares `from` (a machine gun's one, the tank's four) at
-- every enemy unit but the tank: range 2, the arc, a clear line. BW-A9: the
-- shooter's and the target's squares never block.
local function fire(p, shooter, from, arc, out)
  local facing = shooter.side == 1 and 1 or -1
  local anchor = name(shooter.f, shooter.r)
  for _, target in ipairs(p.units) do
    if target.side ~= shooter.side and target.letter ~= "t" then
      for _, sq in ipairs(from) do
        local x, y = sq[1], sq[2]
        local dx, dy = target.f - x, target.r - y
        local occupied = function(i, j)
          local u = p.at[name(x + i, y + j)]
          return u ~= nil and u ~= shooter and u ~= target
        end
        if math.max(math.abs(dx), math.abs(dy)) <= 2
           and (not arc or M.in_arc(dx, dy, facing))
           and not M.blocked(dx, dy, occupied) then
          out[#out + 1] = anchor .. "x" .. name(target.f, target.r)
          break
        end
      end
    end
  end
end

local function main(game, p, out)
  local side = p.side
  for _, u in ipairs(p.units) do
    if u.side == side then
      local here = name(u.f, u.r)
      if u.letter == "i" then
        if not p.done[here] then                                -- BW-A4
          local vias = game.def.attack_in_place and { { u.f, u.r } } or {}
          for _, d in ipairs(DIRS) do                           -- BW-A2
            local x, y = u.f + d[1], u.r + d[2]
            if on_board(game, x, y) and not p.at[name(x, y)] then
              out[#out + 1] = here .. name(x, y)
              vias[#vias + 1] = { x, y }
            end
          end
          if not p.new[here] then                               -- BW-A3, BW-A8
            for _, v in ipairs(vias) do
              local seen = {}
              for _, d in ipairs(DIRS) do
                local t = p.at[name(v[1] + d[1], v[2] + d[2])]
                if t and t ~= u and t.side ~= side and not seen[t] then
                  seen[t] = true
                  local via = (v[1] == u.f and v[2] == u.r) and ""
                              or name(v[1], v[2])
                  out[#out + 1] = here .. via .. "x" .. name(t.f, t.r)
                end
              end
            end
          end
        end
      elseif u.letter == "m" then
        if not p.new[here] then                                 -- BW-A5
          fire(p, u, { { u.f, u.r } }, true, out)
        end
      elseif u.letter == "t" then
        if not p.new[here] then
          local from = {}
          for _, d in ipairs { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 } } do
            from[#from + 1] = { u.f + d[1], u.r + d[2] }
          end
          fire(p, u, from, false, out)                    -- BW-A7
        end
        if p.left >= 2 then                                     -- BW-A6
          for _, dy in ipairs { -1, 1 } do
            if tank_fits(game, p, u.f, u.r + dy, u) then
              out[#out + 1] = here .. name(u.f, u.r + dy)
            end
          end
        end
      end
    end
  end
  if p.left >= 2 then                                           -- BW-A8
    if (p.reserve[side].i or 0) > 0 then entries(game, p, side, "i", out) end
    if (p.reserve[side].t or 0) > 0 then entries(game, p, side, "t", out) end
  end
  out[#out + 1] = "pass"                                        -- BW-A1
end

-- BW-S3 placement: what is left of each setup rank's quota
local function place(game, p, out)
  local side, a = p.side, army(game, p.side)
  for _, l in ipairs { "i", "m" } do
    local kind = l == "i" and "infantry" or "machinegun"
    for k, quota in ipairs(a.setup) do
      local r, want = a.ranks[k], quota[kind] or 0
      for f = 1, game.files do
        local u = p.at[name(f, r)]
        if u and u.side == side and u.letter == l then want = want - 1 end
      end
      if want > 0 then
        for f = 1, game.files do
          if not p.at[name(f, r)] then
            out[#out + 1] = l .. "@" .. name(f, r)
          end
        end
      end
    end
  end
end

local function ready(p, side)
  local out = {}
  for k = 1, #p.air[side] do
    if p.air[side]:sub(k, k) ~= "x" then out[#out + 1] = k end
  end
  return out
end

-- M.actions(game, text) -> the legal actions' texts, sorted
function M.actions(game, text)
  local p, out = read(game, text), {}
  local who = p.decider
  if over(game, p) then return out end
  if p.phase == "place" then
    place(game, p, out)
  elseif p.phase == "main" then
    main(game, p, out)
  elseif p.phase == "barrage" then                              -- BW-C4 King
    local gas = game.def.gas
    for r = 1, game.ranks do
      for f = 1, game.files do
        out[#out + 1] = "barrage " .. name(f, r)
        if gas and gas.side == who and not p.used.gas then       -- BW-G2
          out[#out + 1] = "gas " .. name(f, r)
        end
      end
    end
  elseif p.phase == "reinforce" then                            -- BW-C4 Ace
    if (p.reserve[who].i or 0) > 0 then entries(game, p, who, "i", out) end
    if (p.reserve[who].t or 0) > 0 then entries(game, p, who, "t", out) end
    if #out == 0 then
      if (p.lost[who].i or 0) > 0 then entries(game, p, who, "i", out) end
      if (p.lost[who].m or 0) > 0 then entries(game, p, who, "m", out) end
    end
  elseif p.phase == "air" then                                  -- BW-C4 Jack
    for _, k in ipairs(ready(p, who)) do out[#out + 1] = "fly " .. k end
  elseif p.phase == "dogfight" then
    out[#out + 1] = "no dogfight"
    for _, k in ipairs(ready(p, who)) do out[#out + 1] = "dogfight " .. k end
  elseif p.phase == "strafe" then
    for _, u in ipairs(p.units) do
      if u.side ~= who and u.letter ~= "t" then
        out[#out + 1] = "strafe " .. name(u.f, u.r)
      end
    end
  elseif p.phase == "cross" then                                -- BW-O1
    out[#out + 1] = "cross"
    out[#out + 1] = "no cross"
  end
  table.sort(out)
  return out
end

return M
