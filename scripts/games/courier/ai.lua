-- Courier Army for the AI: the move ordering, the forcing actions of
-- quiescence, and the evaluation, each citing the rules it rests on.
local wg = require "wargrid"

local ai = {}

-- The evaluation's terms (README: tune): material, a term per piece,
-- weighted by its value; placement, where each piece stands, by the
-- tables below; and mobility.
function ai:terms()
  local terms = wg.material_terms(self)
  terms[#terms + 1] = { name = "placement", weight = 1,
                        help = "where the pieces stand, by the AI's tables "
                               .. "(the centre, a pawn's advance, a king at "
                               .. "home), in pawns" }
  terms[#terms + 1] = { name = "mobility", weight = 0.03,
                        help = "a move more than the other side's, legal or "
                               .. "not" }
  terms[#terms + 1] = { name = "king_safety", weight = 0.1,
                        help = "a square at or next to the other king that "
                               .. "one's pieces attack, more than the other "
                               .. "side's at one's own" }
  return terms
end

-- For each side, type and square, what a piece standing there adds to its
-- value (in pawns, before placement's weight), or takes from it: 0 on the
-- average square. Once per game.
local function placement(self)
  local square = { {}, {} }
  local cf, cr = (self.files + 1) / 2, (self.ranks + 1) / 2
  -- C-P1..C-P7 the short-stepping pieces gain most from the centre, where
  -- they reach the most squares; the rook's reach hardly depends on it
  local centre = { knight = 0.3, sage = 0.3, jester = 0.3, queen = 0.2,
                   corporal = 0.15, courier = 0.15, rook = 0.05 }
  for name, id in pairs(self.T) do
    for side = 1, 2 do
      local sq = {}
      for r = 1, self.ranks do
        local own = self:own_rank(side, r)
        for f = 1, self.files do
          local near = 1 - (math.abs(f - cf) / cf + math.abs(r - cr) / cr) / 2
          local v = (centre[name] or 0) * near
          if id == self.T.pawn then
            -- C-P2 a pawn nearer the far rank is nearer its promotion, and
            -- the centre pawns hold the most ground
            v = 0.03 * (own - 2) * (1 + near) + (own == self.ranks - 1
                                                  and 0.2 or 0)
          elseif self.def.pieces[name].royal then
            v = -0.1 * (own - 1)   -- C-E1 the king is safest at home
          end
          sq[self.rules:at(f, r)] = v
        end
      end
      -- a piece's worth on the average square is its value's alone, so
      -- that placement measures where it stands, not how many there are
      local sum = 0
      for _, v in pairs(sq) do sum = sum + v end
      local mean = sum / (self.files * self.ranks)
      for at, v in pairs(sq) do sq[at] = v - mean end
      square[side][id] = sq
    end
  end
  return square
end

-- The pieces' values (their weights) and, for each side, type and square,
-- what a piece standing there is worth: its value and the square's worth
-- for it, times placement's weight; as piece-square tables for s:material,
-- of the whole and of placement alone (for the features).
function ai:prepare_ai()
  local w, place = self:weights(), placement(self)
  local t = { value = {}, square = { {}, {} }, mobility = w.mobility,
              king_safety = w.king_safety }
  for name, id in pairs(self.T) do
    t.value[id] = w[name] or 0
    for side = 1, 2 do
      local sq = {}
      for at, v in pairs(place[side][id]) do
        sq[at] = t.value[id] + w.placement * v
      end
      t.square[side][id] = sq
    end
  end
  t.square = self.rules:piece_squares(t.square)  -- for s:material
  t.placement = self.rules:piece_squares(place)
  return t
end

-- The search tries captures first, the most valuable victim first, then
-- the least valuable attacker, then a promotion, worth its new piece (C-P9,
-- C-P2); returns how many actions are captures or promotions.
function ai:order(s, out)
  local t = self.prepared_ai or self:prepared("ai")
  return s:order_captures(out, t.value, true)
end

-- Quiescence searches the forcing actions: captures and promotions (C-P9,
-- C-P2); in check every legal action (C-E1), and then true. The opening
-- moves (C-O1) capture nothing.
function ai:forcing(s, out)
  local side = s:side()
  if s:in_check(side) then
    self:actions(s, out)
    return true
  end
  if s:var(self:owed_var(side)) ~= 0 then return false end
  s:trace(out, side, wg.MOVE, "capture")
  s:trace(out, side, wg.MOVE, "promotion", 1 << self.T.pawn)
  s:keep_royal_safe(out)
  self:order(s, out)
  return false
end

-- The search's evaluation, for `side`: material, where each piece stands,
-- mobility (the moves each side's pieces have, legal or not) -- the side
-- with more ways to move has more ways to checkmate (C-E2) -- and king
-- safety: the squares at and around each king the other side attacks,
-- where checkmate comes from (C-E2). It is the sum of ai:terms' weights
-- times ai:features'. King safety scored 58.8% and 52.5% over 40 games
-- each at 20,000 and 60,000 nodes a move against the same search without
-- it, in historical Courier, and 50% at equal processor time
-- (doc/designers.md, tuning the evaluation).
function ai:evaluate(s, side)
  local t = self.prepared_ai or self:prepared("ai")
  local sum = s:material(t.square, side)
            + t.mobility * (s:mobility(side) - s:mobility(3 - side))
  if t.king_safety == 0 then return sum end   -- a weights file's choice
  return sum + t.king_safety * (s:exposure(3 - side) - s:exposure(side))
end

-- Each term's feature for side, in ai:terms' order.
function ai:features(s, side)
  local t = self.prepared_ai or self:prepared("ai")
  local out = wg.material_features(self, s, side)
  out[#out + 1] = s:material(t.placement, side)
  out[#out + 1] = s:mobility(side) - s:mobility(3 - side)
  out[#out + 1] = s:exposure(3 - side) - s:exposure(side)
  return out
end

return ai
