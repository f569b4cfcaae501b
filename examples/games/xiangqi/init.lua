-- Xiangqi, Chinese chess: the rules as its rulebook (rules.md, in this
-- folder) gives them, section by section, with rule IDs where each is
-- implemented. The end of the game follows Fairy-Stockfish's `xiangqi`.
--
-- Red (side 1, upper case, ranks 1-5, moves first) against Black (side 2,
-- lower case, ranks 6-10). Pieces stand on the points of a board of 9
-- files and 10 ranks; the river runs between ranks 5 and 6, and each
-- side's palace is the 3x3 square in the middle of its first three ranks.
--
-- This file holds the rules. The folder holds the rest: the position text
-- and the notation (xiangqi/text.lua), why an action is illegal
-- (xiangqi/why.lua), the pictures (xiangqi/look.lua) and the AI's
-- evaluation (xiangqi/ai.lua).
local wg = require "wargrid"
local look = require "xiangqi.look"
local L = look.pieces

-- Board ------------------------------------------------------------------
-- X-B1 9 files (a-i) by 10 ranks; X-B3 each side's palace. Patterns are
-- written for Red: Black reads each layer through its mirror.
local PALACE = { "d1", "e1", "f1", "d2", "e2", "f2", "d3", "e3", "f3" }
local PALACE_BLACK = { "d8", "e8", "f8", "d9", "e9", "f9", "d10", "e10",
                       "f10" }

local game = wg.game {
  name = "xiangqi",
  title = "Xiangqi",
  sides = { "red", "black" },
  board = { files = 9, ranks = 10, layers = {
    -- X-B2 the river splits the board into the two sides' halves
    red_side = { squares = function(_, _, _, rank) return rank <= 5 end,
                 mirror = "black_side", label = "home half" },
    black_side = { squares = function(_, _, _, rank) return rank >= 6 end,
                   mirror = "red_side", label = "far half" },
    -- X-B3 the palaces
    palace = { squares = PALACE, mirror = "palace_black", rule = "X-B3",
               label = "palace", look = look.palace },
    palace_black = { squares = PALACE_BLACK, mirror = "palace",
                     rule = "X-B3", label = "palace",
                     look = look.palace },
  } },
  look = look.board,

  -- Pieces (letters as Fairy-Stockfish's xiangqi) ----------------------
  pieces = {
    -- X-P1 the general steps one point orthogonally within its palace
    general = { letter = "k", moves = { { "W", within = "palace" } },
             royal = true, rule = "X-P1", look = L.general },
    -- X-P2 the advisor steps one point diagonally within its palace
    advisor = { letter = "a", moves = { { "F", within = "palace" } },
                value = 2, rule = "X-P2", look = L.advisor },
    -- X-P3 the elephant goes two points diagonally, blocked by a piece on
    -- the point between, and never crosses the river
    elephant = { letter = "b", moves = { { "nA", within = "red_side" } },
                 value = 2, rule = "X-P3", look = L.elephant },
    -- X-P4 the horse goes one point orthogonally then one diagonally
    -- outward, blocked by a piece on the first point (its leg)
    horse = { letter = "n", moves = "nN", value = 4, rule = "X-P4",
             look = L.horse },
    -- X-P5 the chariot slides orthogonally
    chariot = { letter = "r", moves = "R", value = 9, rule = "X-P5",
            look = L.chariot },
    -- X-P6 the cannon moves as the chariot, and captures only by jumping
    -- over exactly one piece on its line
    cannon = { letter = "c", moves = "mRcpR", value = 4.5, rule = "X-P6",
              look = L.cannon },
    -- X-P7 the soldier steps forward; across the river it may also step
    -- sideways
    soldier = { letter = "p", moves = { "fW", { "sW", within = "black_side" } },
                value = 1, rule = "X-P7", look = L.soldier },
  },
  -- X-E2 the generals may not face each other on an open file
  royal_sight = true,

  vars = {
    -- FEN's counters, and the checks each side gave in a row (X-E4): not
    -- part of the position for repetition
    halfmove = { hash = false }, fullmove = { hash = false },
    checks_red = { hash = false }, checks_black = { hash = false },
  },
  ai = { search = "alphabeta", repetition = "draw" },

  -- X-S1 the start
  start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR "
          .. "w - - 0 1",
}

require("xiangqi.text").install(game)
require("xiangqi.why").install(game)
require("xiangqi.ai").install(game)

-- Legal actions ------------------------------------------------------------
local State = wg.State
local repetitions, side_to_move, get_var = State.repetitions, State.side,
                                           State.var
local trace_safe, apply_move, set_var, add_var = State.trace_safe,
  State.apply_move, State.set_var, State.add_var
local end_turn, in_check = State.end_turn, State.in_check

-- X-E3 a position seen for the third time ends the game: no move is left
function game:actions(s, out)
  if repetitions(s) >= 2 then return end
  trace_safe(s, out, side_to_move(s))     -- X-P1..X-P7, X-E1, X-E2
end

-- X-E5 a hundred moves without a capture end the game in a draw, unless
-- the side to move is checkmated; the moves are still listed and counted,
-- as Fairy-Stockfish's perft counts them (game:over)
function game:over(s)
  if get_var(s, self.V.halfmove) < 100 or repetitions(s) >= 2 then
    return nil
  end
  local side = side_to_move(s)
  if in_check(s, side) and self:legal(s):size() == 0 then return nil end
  return 0, "fifty-move rule"
end

-- Effects --------------------------------------------------------------------
function game:play(s, a)
  local V = self.V
  local captured, _, side = apply_move(s, a)
  if captured then set_var(s, V.halfmove, 0) else add_var(s, V.halfmove, 1) end
  if side == 2 then add_var(s, V.fullmove, 1) end
  end_turn(s)
  -- X-E4 the checks each side gave in a row
  local checks = side == 1 and V.checks_red or V.checks_black
  if in_check(s, 3 - side) then add_var(s, checks, 1)
  else set_var(s, checks, 0) end
end

-- End of game ----------------------------------------------------------------
-- X-E4 a repetition: a side that gave check with every one of its moves
-- since the position first stood there loses; else a draw
function game:result(s)
  local side = s:side()
  if s:repetitions() >= 2 then
    local span = s:repetition_span()
    local V = self.V
    local mine = s:var(side == 1 and V.checks_red or V.checks_black)
    local theirs = s:var(side == 1 and V.checks_black or V.checks_red)
    local us = mine >= span // 2
    local them = theirs >= span // 2 + 1
    if them and not us then return side, "perpetual check" end
    if us and not them then return 3 - side, "perpetual check" end
    return 0, "threefold repetition"
  end
  -- X-E1 a side with no legal move loses
  return 3 - side, s:in_check(side) and "checkmate" or "stalemate"
end

return game
