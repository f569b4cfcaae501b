-- Block Wars: the names the rules (init.lua), the position text
-- (position.lua) and the drawing (render.lua) share: sides, where a unit
-- is, cards, and the queue of special cards. Piece, variable and deck ids
-- are read through the game (self), as a variant compiled them.
local bw = {}

bw.CAN, bw.GER = 1, 2
function bw.other(side) return 3 - side end

bw.SIDE_ADJ = { "Canadian", "German" }
bw.SIDE_NAME = { "Canadians", "Germans" }
bw.CROSS_NAME = { "Victoria Cross", "Iron Cross" }              -- BW-O1
bw.DECK_NAME = { "canadians", "germans" }                       -- BW-S4

-- Piece fields: where an off-board piece is, damage (tank, fighters), the
-- turn it last moved or attacked, the turn it entered (turn numbers from 1).
bw.F_OFF, bw.F_DAMAGE, bw.F_DONE, bw.F_NEW = 1, 2, 3, 4
-- Every unit is on the board (F_OFF = ON), in reserve, lost, or still to be
-- placed; fighters are in reserve (ready) or lost (destroyed).
bw.ON, bw.RESERVE, bw.LOST, bw.WAITING = 0, 1, 2, 3

-- Cards: 2..14, ace high (BW-S4).
bw.JACK, bw.KING, bw.ACE = 11, 13, 14
bw.CARD_CHARS = "23456789TJQKA"
bw.CARD_NAME = { [10] = "10", [11] = "Jack", [12] = "Queen", [13] = "King",
                 [14] = "Ace" }
for v = 2, 9 do bw.CARD_NAME[v] = tostring(v) end
bw.SPECIAL = { [bw.KING] = 1, [bw.ACE] = 2, [bw.JACK] = 3 }
bw.SPECIAL_CARD = { bw.KING, bw.ACE, bw.JACK }   -- by SPECIAL number

function bw.card_char(v) return bw.CARD_CHARS:sub(v - 1, v - 1) end

-- offboard(s, side, t, where) -> how many of the side's pieces of type t
-- (nil: any) are off the board there, and the first of them
function bw.offboard(s, side, t, where)
  return s:offboard(side, t, bw.F_OFF, where)
end

-- The side's fighters, by number (1, 2, ...).
function bw.fighters(self, s, side)
  local out, fighter = {}, self.T.fighter
  for pid = 1, s:npieces() do
    local pt, ps = s:piece(pid)
    if pt == fighter and ps == side then out[#out + 1] = pid end
  end
  return out
end

-- The number of a fighter among its side's.
function bw.fighter_index(self, s, pid)
  local side, k, fighter = s:side_of(pid), 0, self.T.fighter
  for q = 1, pid do
    if s:type(q) == fighter and s:side_of(q) == side then k = k + 1 end
  end
  return k
end

-- The damage of the tank on the board (0 without one).
function bw.tank_damage(self, s)
  for side = 1, 2 do
    for _, pid in ipairs(s:pieces(side)) do
      if s:type(pid) == self.T.tank then return s:field(pid, bw.F_DAMAGE) end
    end
  end
  return 0
end

-- Special cards waiting to be resolved (BW-C4): a queue of (card kind,
-- side), 4 bits each in a 32-bit variable. A combat adds two at most.
bw.PENDING_MAX = 8

function bw.push_special(self, s, kind, side)
  local q, shift = s:var(self.V.pending), 0
  while q >> shift ~= 0 do shift = shift + 4 end
  s:set_var(self.V.pending, q | (kind * 2 + side - 1) << shift)
end

function bw.pop_special(self, s)
  local q = s:var(self.V.pending)
  if q == 0 then return nil end
  s:set_var(self.V.pending, q >> 4)
  local code = q & 15
  return code // 2, code % 2 + 1
end

-- The queue, first first: { { kind, side }, ... }
function bw.specials(self, s)
  local out, q = {}, s:var(self.V.pending)
  while q ~= 0 do
    out[#out + 1] = { (q & 15) // 2, q % 2 + 1 }
    q = q >> 4
  end
  return out
end

return bw
