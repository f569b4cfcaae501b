-- Wehrschach for the AI: the move ordering, the forcing actions of
-- quiescence, and the evaluation, each citing the rules it rests on.
local wg = require "wargrid"

local ai = {}

local State = wg.State
local count, type_of, at = State.count, State.type, State.at
local threats_of, trace, pieces, square = State.threats, State.trace,
                                          State.pieces, State.square
local fields = wg.fields

-- The pieces' values, by type id (a variant has its own ids).
function ai:prepare_ai()
  local value = {}
  for name, id in pairs(self.T) do value[id] = self.def.pieces[name].value end
  return { value = value }
end

-- The search tries removals first (take, barrage, enclosure, combined
-- fire: field b is the victim), the most valuable victim first; returns how
-- many actions are removals.
local keys = {}
function ai:order(s, out)
  local value = (self.prepared_ai or self:prepared("ai")).value
  local n, MOVE = 0, wg.MOVE
  for i = 1, out:size() do
    local kind, _, to = fields(out:get(i))
    keys[i] = kind == MOVE and 0 or value[type_of(s, at(s, to))]
    if kind ~= MOVE then n = n + 1 end
  end
  out:order(keys)
  return n
end

-- Quiescence searches the removals (W-K1..W-K4, W-E1, W-F1). The reply to
-- a judgement decides the game (W-J6), so there every action is searched
-- (true: they are all the legal ones); none when the game is over.
function ai:forcing(s, out)
  local side, judge = s:side(), s:var(self.V.judge)
  if judge ~= 0 or s:repetitions() >= 2 then
    self:actions(s, out)
    return true
  end
  self:captures(s, side, out)
  s:flanked(out, side, self:kinds().enclose, self.def.enclosure)
  self:order(s, out)
  return false
end

-- The search's evaluation, for `side`: material; the headquarter's safety
-- (W-J1: each enemy piece threatening it, W-K1 two can take it); ground
-- units (W-J2: four or fewer lose) and infantry (W-J4: none loses) when
-- they run short; ground units in the enemy zone (W-J3: five, one of them
-- infantry, win); and room to move.
local scratch = wg.actions()

-- The side's ground units (c.ground, as the rules count them), in the
-- layer if one is given.
local function ground_units(c, s, side, layer)
  local n = 0
  for _, t in ipairs(c.ground) do n = n + count(s, side, t, layer) end
  return n
end

local function side_score(self, c, s, side, value)
  local foe, T = 3 - side, self.T
  local v, hq = 0, nil
  for _, pid in ipairs(pieces(s, side)) do
    local t = type_of(s, pid)
    v = v + (value[t] or 0)
    if t == T.headquarter then hq = pid end  -- one at most (check_board)
  end
  if hq then
    scratch:clear()
    local n = threats_of(s, scratch, foe, 1, square(s, hq))
    v = v - (n >= 2 and 2 or 0.5 * n)
  end
  local ground = ground_units(c, s, side)
  if ground <= 7 then v = v - 0.7 * (8 - ground) end
  local infantry = count(s, side, T.infantry)
  if infantry <= 2 then v = v - 1.5 * (3 - infantry) end
  local zone = c.zone[foe]
  local ahead = ground_units(c, s, side, zone)
  if count(s, side, T.infantry, zone) > 0 then
    v = v + 0.4 * ahead
  else
    v = v + 0.2 * ahead
  end
  scratch:clear()
  return v + 0.02 * trace(s, scratch, side, wg.MOVE, "move")
end

function ai:evaluate(s, side)
  local c = self.prepared_data or self:prepared()
  local value = (self.prepared_ai or self:prepared("ai")).value
  return side_score(self, c, s, side, value)
         - side_score(self, c, s, 3 - side, value)
end

return ai
