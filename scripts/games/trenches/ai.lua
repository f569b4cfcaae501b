-- The Game of Trenches for the AI: the evaluation, territory, and the
-- random playouts' draw, each citing the rules it rests on.
local wg = require "wargrid"

local ai = {}

-- What the AI works out once: the type whose moves territory counts by
-- and whether a playout's action may be drawn without the list (below).
function ai:prepare_ai()
  local p = self:prepared()
  -- a variant that has replaced game:actions lists what is not counted
  local root = self
  while root.base do root = root.base end
  -- the least type id of a mask, or nil
  local function least(mask)
    for id = 1, 31 do if mask >> id & 1 == 1 then return id end end
  end
  local w = self:weights()
  return {
    territory = w.territory, mobility = w.mobility,
    shots = p.shots,
    count = p.walkers == 0 and p.shots.pattern ~= nil
            and self.actions == root.actions,
    -- T-M1 every piece moves as a queen: territory counts by a thrower's
    -- moves, or another piece's
    queen = least(p.shots.movers) or least(p.walkers),
  }
end

-- A random playout's action: of the n that game:actions lists, the one at
-- draw * n >> 32 (draw: 32 random bits), or nil when there is none. With
-- soldiers only (the Amazons) one C call counts their moves and throws
-- (T-G1, T-G4) and makes only the one drawn, not some 700 a ply; with
-- tanks too the list is made, and so it is when a variant has replaced
-- game:actions (its list is not what is counted here).
local pick_shot = wg.State.pick_shot

function ai:random_action(s, out, draw)
  local p = self.prepared_ai or self:prepared("ai")
  if p.count then   -- nil: the side to move
    return (pick_shot(s, out, nil, p.shots, draw))
  end
  self:actions(s, out)
  return out:pick(draw)
end

-- Territory: every action kills a square (T-G1, T-T1) and a player who
-- cannot act loses (T-E1): the game is a race for room. A square belongs
-- to the side whose pieces reach it in fewer queen moves over empty
-- squares (T-M1, T-M2); the evaluation counts the squares each side owns,
-- and adds the squares each reaches in one move (mobility), which weighs
-- most early. The runtime counts both (s:territory), breadth first from
-- every piece.
-- The terms (README: tune): no material, as no piece is ever taken.
function ai:terms()
  return {
    { name = "territory", weight = 1,
      help = "a square reached first more than the other side's" },
    { name = "mobility", weight = 0.1,
      help = "a square reached in one move more than the other side's" },
  }
end

function ai:features(s, side)
  local own1, own2, near1, near2 = s:territory(self:prepared("ai").queen)
  local owned, mobility = own1 - own2, near1 - near2
  if side == 2 then owned, mobility = -owned, -mobility end
  return { owned, mobility }
end

function ai:evaluate(s, side)
  local p = self.prepared_ai or self:prepared("ai")
  local own1, own2, near1, near2 = s:territory(p.queen)
  local owned, mobility = own1 - own2, near1 - near2
  if side == 2 then owned, mobility = -owned, -mobility end
  return p.territory * owned + p.mobility * mobility
end

return ai
