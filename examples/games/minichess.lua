-- minichess: the game of README.md's "Writing a game", a starting point for
-- a game of your own. Five files, five ranks; a pawn promotes to a rook.
local wg = require "wargrid"

local game = wg.game {
  name = "minichess",
  board = { files = 5, ranks = 5 },
  sides = { "white", "black" },
  pieces = {                      -- Betza patterns, compiled to C tables at load
    pawn = { letter = "p", moves = "fmWfcF", value = 1,
             promote = { to = "rook", zone = "last" } },
    rook = { letter = "r", moves = "R", value = 5 },
    king = { letter = "k", moves = "K", royal = true },
  },
  vars = { halfmove = { hash = false } },   -- counters kept in the state
  start = "rpk2/5/5/5/2KPR w",
}

function game:actions(s, out)     -- push the legal actions; none iff the game is over
  if s:repetitions() >= 2 then return end
  s:trace(out, s:side())          -- every pattern move of the side, in one C call
  s:keep_royal_safe(out)          -- drop moves that leave the king attacked
end

function game:play(s, a)          -- apply one action; the journal undoes it for free
  s:apply_move(a)                 -- move, capture, promote
  s:end_turn()
end

function game:result(s)           -- asked when there are no actions
  if s:repetitions() >= 2 then return 0, "threefold repetition" end
  return 3 - s:side(), s:in_check(s:side()) and "checkmate" or "stalemate"
end

function game:position_text(s)
  return wg.fen.write_board(self, s) .. (s:side() == 1 and " w" or " b")
end

function game:set_position(s, text)  -- return true, or nil and what is wrong
  local board, side = text:match("^(%S+) ([wb])$")
  if not board then return nil, "expected a board and w or b" end
  local ok, err = wg.fen.read_board(self, s, board)
  if not ok then return nil, err end
  s:set_side(side == "w" and 1 or 2)
  return true
end

return game
