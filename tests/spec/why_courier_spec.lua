-- Why an action is illegal in Courier Army and its variants (game:explain):
-- each illegal action names the rule that forbids it (scripts/games/
-- courier.md) and the squares involved; over seeded random games every
-- legal action explains as legal and every other move explains with a C-
-- rule.
local T = require "wargrid.test"
local W = require "why"
local loader = require "wargrid.loader"

local courier = T.game "courier"
local historical = T.game "courier_historical"
local nonleaping = loader.load_file("examples/variants/courier_nonleaping.lua")

local START = "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1 ALGQalgq"
local FS = "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"

local function board(map, rest)
  return T.board(courier, map) .. " " .. (rest or "w - - 0 1")
end

-- White's king on f1, pinned knight on f4, Black's rook on f8
local PIN = board { f1 = "K", f4 = "N", f8 = "r", a8 = "k" }
-- a pawn about to promote
local PROMOTE = board { c7 = "P", f1 = "K", a1 = "k" }
-- Black is checkmated: king a8, White's rooks on a1 and b1
local MATE = board({ a8 = "k", a1 = "R", b1 = "R", f1 = "K" }, "b - - 0 1")

-- the state after the given actions from a position
local function after(game, text, ...)
  return T.play(game, T.position(game, text), ...)
end

describe("why: Courier Army (C-)", function()
  W.cases(it, courier, {
    { "C-O1 while the opening moves are owed, no other move is legal", START, "e2e3",
      "illegal: C-O1 White still owes the opening moves a2a4, l2l4, g2g4, g1g3" },
    { "C-O1 each player owes its own opening moves", after(courier, START, "a2a4"), "b7b6",
      "illegal: C-O1 Black still owes the opening moves a7a5, l7l5, g7g5, g8g6" },
    { "C-O1 C-E1 an owed opening move may not leave the king attacked",
      board({ e8 = "k", a2 = "P", d1 = "K", g1 = "F", l1 = "r" }, "w - - 0 1 AQ"), "g1g3",
      "illegal: C-E1 leaves your king on d1 attacked by the rook on l1" },
    { "C-O1 RULING the queen's opening move needs g2 empty", START, "g1g3",
      "illegal: C-O1 the opening move g1g3 goes straight forward over empty squares, and g2 holds your pawn" },
    { "C-B1 the pieces of the side not to move do not move", START, "a7a5",
      "illegal: C-B1 the pawn on a7 belongs to Black, not to White" },
    { "C-B1 no piece, no move", FS, "d4d5",
      "illegal: C-B1 there is no piece on d4" },
    { "C-P1 no double step outside the opening phase", FS, "e2e4",
      "illegal: C-P1 your pawn on e2 moves one square forward: the double step is only an opening move (C-O1)" },
    { "C-P1 a pawn goes diagonally only to capture (no en passant)", FS, "e2d3",
      "illegal: C-P1 your pawn on e2 goes to d3 only to capture, and d3 is empty" },
    { "C-P1 a pawn does not capture straight ahead", FS, "a4a5",
      "illegal: C-P1 your pawn on a4 cannot capture on a5: it goes there only to move to an empty square" },
    { "C-P3 the rook does not pass a piece", FS, "a1a5",
      "illegal: C-P3 your rook on a1 cannot reach a5: the path is blocked at a4 by your pawn" },
    { "C-P3 the knight leaps only the knight's way", FS, "b1b3",
      "illegal: C-P3 your knight on b1 does not move to b3" },
    { "C-P4 the corporal goes exactly two squares diagonally", FS, "c1d2",
      "illegal: C-P4 your corporal on c1 does not move to d2" },
    { "C-P7 the queen steps one square diagonally", FS, "g3g4",
      "illegal: C-P7 your queen on g3 does not move to g4" },
    { "C-P9 no piece captures its own side's", FS, "b1d2",
      "illegal: C-P9 your knight on b1 cannot go to d2, which holds your pawn" },
    { "C-P2 a pawn reaching the last rank must promote", PROMOTE, "c7c8",
      "illegal: C-P2 your pawn on c7 must promote on c8: write c7c8f" },
    { "C-P2 the promotion is to a Medieval Queen only", PROMOTE, "c7c8r",
      "illegal: C-P2 your pawn on c7 cannot become a rook on c8: it becomes a queen" },
    { "C-E1 no move may leave the king attacked", PIN, "f4d5",
      "illegal: C-E1 leaves your king on f1 attacked by the rook on f8" },
    { "C-E1 nor move the king onto an attacked square", PIN, "f1e2",
      "legal: the king on f1 moves to e2" },
    { "C-E1 the king may not step into the rook's file", board { f1 = "K", e8 = "r", a8 = "k" }, "f1e2",
      "illegal: C-E1 moves your king to e2, attacked there by the rook on e8" },
    { "C-E2 a checkmated player has no move, and loses", MATE, "a8b8",
      "illegal: C-E2 the game is over: Black cannot move (checkmate) and loses" },
    { "C-E3 a position occurring for the third time ends the game",
      after(courier, FS, "b1c3", "b8c6", "c3b1", "c6b8", "b1c3", "b8c6", "c3b1", "c6b8"), "b1c3",
      "illegal: C-E3 the game is over: the position has occurred three times, a draw" },
    { "legal actions say what they do", FS, "g3f4",
      "legal: the queen on g3 moves to f4" },
  })
end)

describe("why: Courier variants (C-V1, C-P4)", function()
  W.cases(it, historical, {
    { "C-V1 the historical jester steps orthogonally only", FS, "h1g2",
      "illegal: C-V1 your jester on h1 does not move to g2" },
    { "C-V1 a bare king ends the game", board { a8 = "k", b1 = "R", f1 = "K" }, "b1b2",
      "illegal: C-V1 the game is over: bare king, White wins" },
    { "C-V1 fifty moves without a capture or a pawn move end it",
      board({ a8 = "k", b6 = "R", c1 = "N", f1 = "K", l8 = "r" }, "w - - 100 80"), "c1d3",
      "illegal: C-V1 the game is over: fifty moves without a capture or a pawn move (fifty-move rule)" },
    { "C-P1 the rest as in Courier Army", FS, "e2e4",
      "illegal: C-P1 your pawn on e2 moves one square forward: the double step is only an opening move (C-O1)" },
  })
  W.cases(it, nonleaping, {
    { "C-P4 the non-leaping corporal is blocked by a piece between", FS, "c1e3",
      "illegal: C-P4 your corporal on c1 cannot reach e3: the path is blocked at d2 by your pawn" },
  })
end)

-- Random moves in Courier's notation: from each of the mover's pieces to
-- random squares, and between random squares, some with a promotion.
local function moves(game, s)
  local out = {}
  for _, pid in ipairs(s:pieces(s:side())) do
    for _ = 1, 4 do out[#out + 1] = game.rules:name(s:square(pid)) .. W.square(game) end
  end
  for _ = 1, 10 do
    out[#out + 1] = W.square(game) .. W.square(game) .. (math.random(4) == 1 and "f" or "")
  end
  return out
end

describe("why: every engine-legal move explains as legal, every other with a rule", function()
  for _, game in ipairs { courier, historical, nonleaping } do
    it("C-E1 C-O1 C-P1..C-P9 " .. game.name .. ": over seeded random games", function()
      math.randomseed(11)
      local states = W.states(game, 6, 150, 9)
      assert.is_true(W.property(game, states, moves, "C-") > 3000)
    end)
  end
end)
