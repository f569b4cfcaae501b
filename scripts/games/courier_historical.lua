-- Historical Courier chess (C-V1): Courier Army with the Jester as a Wazir,
-- play starting after the opening moves, and Fairy-Stockfish's bare-king and
-- fifty-move rules. Its perft counts equal Fairy-Stockfish's `courier`.
local wg = require "wargrid"
local courier = require "games.courier"

local game = wg.variant(courier, {
  name = "courier_historical",
  title = "Courier chess (historical)",
  -- C-V1 one square orthogonally, worth a queen (a ferz) to the AI
  pieces = { jester = { moves = "W", rule = "C-V1", value = 1.5 } },
  -- C-V1 play starts after the opening moves: no opening phase
  phases = { opening = false },
  start = "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/"
          .. "P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1",
  -- It is XBoard's and Fairy-Stockfish's `courier`: records with [Variant
  -- "courier"] and no Game tag are its own, and XBoard starts it from the
  -- full array, every pawn on its second rank, sending no position (the
  -- historical start comes as a setboard, when XBoard is given it).
  pgn = { variant = "courier", claims = true },
  engine = { variant = "courier", refused = false,
             start = "rnebmkfwbenr/pppppppppppp/12/12/12/12/"
                     .. "PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1" },
  -- The search prunes quiet actions a pawn a ply short of alpha at its last
  -- plies, and tries captures that lose by static exchange last: 73.3%
  -- against the search without, at 20,000 nodes a move; and searches a
  -- check a ply deeper: 58.8% against the search without, 40 games at
  -- 20,000 nodes (doc/designers.md, the AI).
  ai = { futility = 1, see = true, check_extension = true },
})

-- C-V1 bare king, as Fairy-Stockfish counts it: the game is over when the
-- opponent of the side to move has only the king and the side to move has
-- more; or when the side to move has only the king against three or more
-- pieces (with exactly two it may still bare the other king and draw).
local side_to_move, count, var = wg.State.side, wg.State.count,
                                 wg.State.var

local function bare_king(s)
  local side, white, black = side_to_move(s), count(s)
  local us, them = white, black
  if side == 2 then us, them = black, white end
  if them <= 1 and us >= 2 then return side end
  if us <= 1 and them >= 3 then return 3 - side end
end

-- C-V1 fifty-move rule: a hundred half-moves without a capture or a pawn
-- move end the game in a draw, unless the side to move is checkmated.
-- RULING (2026-11-27): it removes no move -- listing and perft count the
-- moves, as Fairy-Stockfish's perft does -- but play, records, the AI and
-- the engines stop there (game:over).
local function fifty(self, s)
  return var(s, self.V.halfmove) >= 100
end

function game:actions(s, out)
  if bare_king(s) then return end
  courier.actions(self, s, out)
end

-- Quiescence (see courier.lua) stops where the game is over.
function game:forcing(s, out)
  if bare_king(s) then return true end
  return courier.forcing(self, s, out)
end

function game:over(s)
  if not fifty(self, s) or bare_king(s) then return nil end
  if s:in_check(s:side()) and self:legal(s):size() == 0 then
    return nil                     -- checkmated: result says so
  end
  return 0, "fifty-move rule"
end

function game:result(s)
  local winner = bare_king(s)
  if winner then return winner, "bare king" end
  return courier.result(self, s)
end

-- Why an action is illegal: the game over by C-V1's bare-king or
-- fifty-move rule; the rest as in Courier Army.
function game:why(s, p, g)
  if g and g.kind == "over" then
    local winner = bare_king(s)
    if winner then
      return "C-V1", string.format("the game is over: bare king, %s wins",
                                   wg.why.side(self, winner))
    end
    if fifty(self, s) then
      return "C-V1", "the game is over: fifty moves without a capture or "
                     .. "a pawn move (fifty-move rule)"
    end
  end
  return courier.why(self, s, p, g)
end

return game
