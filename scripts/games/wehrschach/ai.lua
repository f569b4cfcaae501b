-- Wehrschach for the AI: the move ordering, the forcing actions of
-- quiescence, and the evaluation, each citing the rules it rests on.
local wg = require "wargrid"

local ai = {}

local State = wg.State
local count, type_of, at = State.count, State.type, State.at
local threats_of, trace, pieces, square = State.threats, State.trace,
                                          State.pieces, State.square
local fields = wg.fields

-- The evaluation's terms (README: tune): material, a term per piece,
-- weighted by its value, then the judgement's threats, each counted for a
-- side as its own count less the other side's (below).
local TERMS = {
  { name = "hq_threat", weight = -0.5,
    help = "the headquarter threatened by one enemy piece (W-J1)" },
  { name = "hq_threats", weight = -2,
    help = "the headquarter threatened by two or more (W-K1: taken)" },
  { name = "ground_short", weight = -0.7,
    help = "a ground unit fewer than eight (W-J2: four or fewer lose)" },
  { name = "infantry_short", weight = -1.5,
    help = "an infantry unit fewer than three (W-J4: none loses)" },
  { name = "zone", weight = 0.2,
    help = "a ground unit in the enemy zone, no infantry among them "
           .. "(W-J3: five, one of them infantry, win)" },
  { name = "zone_infantry", weight = 0.4,
    help = "a ground unit in the enemy zone, infantry among them (W-J3)" },
  { name = "mobility", weight = 0.02,
    help = "a move more than the other side's" },
}

function ai:terms()
  local terms = wg.material_terms(self)
  for _, term in ipairs(TERMS) do terms[#terms + 1] = term end
  return terms
end

-- The pieces' weights by type id (a variant has its own ids), and the
-- other terms' by name.
function ai:prepare_ai()
  local w, value = self:weights(), {}
  for name, id in pairs(self.T) do value[id] = w[name] or 0 end
  return { value = value, w = w }
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

-- The features of the terms beyond material for side alone, into f (by
-- name); returns side's material by the weights in value (by type id).
local function side_features(self, c, s, side, f, value)
  local foe, T = 3 - side, self.T
  local v, hq = 0, nil
  for _, pid in ipairs(pieces(s, side)) do
    local t = type_of(s, pid)
    v = v + (value[t] or 0)
    if t == T.headquarter then hq = pid end  -- one at most (check_board)
  end
  local n = 0
  if hq then
    scratch:clear()
    n = threats_of(s, scratch, foe, 1, square(s, hq))
  end
  f.hq_threat, f.hq_threats = n == 1 and 1 or 0, n >= 2 and 1 or 0
  local ground = ground_units(c, s, side)
  f.ground_short = ground <= 7 and 8 - ground or 0
  local infantry = count(s, side, T.infantry)
  f.infantry_short = infantry <= 2 and 3 - infantry or 0
  local zone = c.zone[foe]
  local ahead = ground_units(c, s, side, zone)
  local infantry_ahead = count(s, side, T.infantry, zone) > 0
  f.zone = infantry_ahead and 0 or ahead
  f.zone_infantry = infantry_ahead and ahead or 0
  scratch:clear()
  f.mobility = trace(s, scratch, side, wg.MOVE, "move")
  return v
end

local own, other = {}, {}

local function side_score(self, c, s, side, t)
  local v = side_features(self, c, s, side, own, t.value)
  local w = t.w
  for _, term in ipairs(TERMS) do v = v + w[term.name] * own[term.name] end
  return v
end

function ai:evaluate(s, side)
  local c = self.prepared_data or self:prepared()
  local t = self.prepared_ai or self:prepared("ai")
  return side_score(self, c, s, side, t) - side_score(self, c, s, 3 - side, t)
end

-- Each term's feature for side, in ai:terms' order.
function ai:features(s, side)
  local c = self.prepared_data or self:prepared()
  local out = wg.material_features(self, s, side)
  local none = {}
  side_features(self, c, s, side, own, none)
  side_features(self, c, s, 3 - side, other, none)
  for _, term in ipairs(TERMS) do
    out[#out + 1] = own[term.name] - other[term.name]
  end
  return out
end

return ai
