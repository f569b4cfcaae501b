-- Courier Army: why an action is illegal. The game's own reasons, which
-- game:explain asks after the generic ones (g, or nil when no generic
-- reason forbids the move): the end of the game (C-E2, C-E3), the opening
-- moves owed (C-O1), a pawn's double step (C-P1), the promotion (C-P2);
-- and which of its rules the generic reasons fall under: a capture of
-- one's own piece (C-P9), a king left attacked (C-E1), a move of no piece
-- of the mover's (C-B1: White and Black in turn, each moving their own).
local wg = require "wargrid"
local why = wg.why

local reasons = {}

-- C-O1 the opening moves the side still owes, as text, and the one p
-- makes, if it is one of them
local function owed_moves(self, s, side, p)
  local owed, texts, mine = s:var(self:owed_var(side)), {}, nil
  for _, m in ipairs(self:opening()) do
    if owed & m.bit ~= 0 then
      texts[#texts + 1] = self.rules:name(m.from[side])
                          .. self.rules:name(m.to[side])
      if m.from[side] == p.from and m.to[side] == p.to then mine = m end
    end
  end
  return texts, mine
end

-- An owed opening move that is not legal now: a square on its way taken
-- (RULING: the queen's move needs g2/g7 empty), or the king left attacked.
local function opening_blocked(self, s, side, p, m)
  local texts = self.rules:name(p.from) .. self.rules:name(p.to)
  local pid = s:at(p.from)
  if s:type(pid) ~= m.piece then
    return "C-O1", string.format("the opening move %s is the %s's, and %s "
                                 .. "stands on %s", texts,
                                 why.type_name(self, m.piece),
                                 why.piece(self, s, pid, side),
                                 self.rules:name(p.from))
  end
  local path = { table.unpack(m.via[side]) }
  path[#path + 1] = p.to
  for _, sq in ipairs(path) do
    if s:at(sq) then
      return "C-O1", string.format("the opening move %s goes straight "
                                   .. "forward over empty squares, and %s "
                                   .. "holds %s", texts, self.rules:name(sq),
                                   why.unit(self, s, s:at(sq), side))
    end
  end
  local g = why.exposes(self, s, side, p)
  if g then return "C-E1", g.reason end
end

function reasons:why(s, p, g)
  local side = s:decider()
  local kind = g and g.kind
  if kind == "over" then
    if s:repetitions() >= 2 then
      return "C-E3", "the game is over: the position has occurred three "
                     .. "times, a draw"
    end
    return "C-E2", string.format("the game is over: %s cannot move (%s) "
                                 .. "and loses", why.side(self, side),
                                 s:in_check(side) and "checkmate"
                                   or "stalemate")
  end
  if kind == "empty" or kind == "foe" then return "C-B1", g.reason end
  -- C-O1 while the side owes opening moves, nothing else is legal
  local owed, mine = owed_moves(self, s, side, p)
  if #owed > 0 then
    if mine then return opening_blocked(self, s, side, p, mine) end
    return "C-O1", string.format("%s still owes the opening moves %s",
                                 why.side(self, side),
                                 table.concat(owed, ", "))
  end
  if kind == "pattern" and s:type(s:at(p.from)) == self.T.pawn then
    local f1, r1 = self.rules:coords(p.from)
    local f2, r2 = self.rules:coords(p.to)
    if f1 == f2 and r2 - r1 == (side == 1 and 2 or -2) then
      return "C-P1", string.format("%s moves one square forward: the "
                                   .. "double step is only an opening move "
                                   .. "(C-O1)", why.piece(self, s,
                                                          s:at(p.from), side))
    end
  end
  if kind == "promotion" then return "C-P2", g.reason end
  if kind == "own" then return "C-P9", g.reason end
  if kind == "royal" then return "C-E1", g.reason end   -- the king attacked
end

return reasons
