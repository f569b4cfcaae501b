-- minichess: the game of "Writing a game" in the designer's guide, a
-- starting point for a game of your own. Five files, five ranks; a pawn
-- promotes to a rook.
local wg = require "wargrid"

local game = wg.game {
  name = "minichess",
  board = { files = 5, ranks = 5 },
  sides = { "white", "black" },
  pieces = {                    -- Betza patterns, compiled to C tables at load
    pawn = { letter = "p", moves = "fmWfcF", value = 1,
             promote = { to = "rook", zone = "last" } },
    rook = { letter = "r", moves = "R", value = 5 },
    king = { letter = "k", moves = "K", royal = true },
  },
  start = "rpk2/5/5/5/2KPR w",
}

-- push the legal actions; none iff the game is over
function game:actions(s, out)
  if s:repetitions() >= 2 then return end
  s:trace(out, s:side())        -- every pattern move of the side, in one C call
  s:keep_royal_safe(out)        -- drop moves that leave the king attacked
end

-- apply one action; the journal undoes it for free
function game:play(s, a)
  s:apply_move(a)               -- move, capture, promote
  s:end_turn()
end

-- asked when there are no actions: who won, and why
function game:result(s)
  if s:repetitions() >= 2 then return 0, "threefold repetition" end
  return 3 - s:side(), s:in_check(s:side()) and "checkmate" or "stalemate"
end

-- Position text: the board as in FEN and the side to move, w or b.
local FORM = { sides = { "w", "b" } }

function game:position_text(s)
  return wg.fen.write_position(self, s, FORM)
end

-- read a position: return true, or nil and what is wrong
function game:set_position(s, text)
  local fields, err = wg.fen.read_position(self, s, text, FORM)
  if not fields then return nil, err end
  return true
end

return game
