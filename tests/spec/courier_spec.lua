-- Courier Army (scripts/games/courier/rules.md), one describe per section.
-- Expected move sets are worked out by hand from the rules.
local T = require "wargrid.test"
local wg = require "wargrid"

local courier = T.game "courier"
local historical = T.game "courier_historical"

local SEED_START = "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1 ALGQalgq"
local FS_START = "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"

-- A position from a map of squares to letters, side to move w or b.
local function pos(game, map, side, rest)
  local text = T.board(game, map) .. " " .. (side or "w") .. " " .. (rest or "- - 0 1")
  return T.position(game, text)
end

describe("courier: board and setup (C-B, C-S)", function()
  it("C-B1 the board is 12x8 with files a-l, and White moves first", function()
    local s = T.position(courier, SEED_START)
    assert.equal(12, courier.files)
    assert.equal(8, courier.ranks)
    assert.equal(1, s:side())
    assert.equal("l8", courier.rules:name(courier.rules:at(12, 8)))
  end)

  it("C-S1 the back rank reads R N Corporal Courier Sage K Queen Jester Courier Corporal N R", function()
    local s = courier:new()
    local names = {}
    for file = 1, 12 do
      local pid = s:at(courier.rules:at(file, 1))
      names[file] = courier.type_names[s:type(pid)]
    end
    assert.same({ "rook", "knight", "corporal", "courier", "sage", "king",
                  "queen", "jester", "courier", "corporal", "knight", "rook" }, names)
    for file = 1, 12 do
      local black = s:at(courier.rules:at(file, 8))
      assert.equal(names[file], courier.type_names[s:type(black)])
      assert.equal(2, s:side_of(black))
      assert.equal("pawn", courier.type_names[s:type(s:at(courier.rules:at(file, 2)))])
      assert.equal("pawn", courier.type_names[s:type(s:at(courier.rules:at(file, 7)))])
    end
    assert.equal(SEED_START, courier:position_text(s))
  end)
end)

describe("courier: pieces (C-P)", function()
  it("C-P1 a pawn steps straight forward to an empty square and captures diagonally forward", function()
    local s = pos(courier, { a1 = "K", l8 = "k", e4 = "P", d5 = "p", e5 = "p", f5 = "n",
                             h4 = "P" })
    assert.same({ "e4d5", "e4f5" }, T.from(courier, s, "e4"))
    assert.same({ "h4h5" }, T.from(courier, s, "h4"))
  end)

  it("C-P1 a black pawn moves down the board", function()
    local s = pos(courier, { a1 = "K", l8 = "k", g6 = "p", f5 = "R", h5 = "P" }, "b")
    assert.same({ "g6f5", "g6g5", "g6h5" }, T.from(courier, s, "g6"))
  end)

  it("C-P1 no double step outside the opening phase", function()
    local s = pos(courier, { a1 = "K", l8 = "k", b2 = "P" })
    assert.same({ "b2b3" }, T.from(courier, s, "b2"))
  end)

  it("C-P2 a pawn on the last rank becomes a Medieval Queen, and nothing else", function()
    local s = pos(courier, { a1 = "K", l8 = "k", c7 = "P", b8 = "r" })
    assert.same({ "c7b8f", "c7c8f" }, T.from(courier, s, "c7"))
    T.play(courier, s, "c7c8f")
    local q = s:at(courier.rules:square("c8"))
    assert.equal("queen", courier.type_names[s:type(q)])
    assert.equal(1, s:side_of(q))
  end)

  it("C-P3 the rook slides orthogonally until it is blocked, capturing the first enemy", function()
    local s = pos(courier, { a1 = "K", l8 = "k", e4 = "R", e6 = "P", h4 = "p", e2 = "n" })
    T.assert_actions(courier, s, {
      "e4e5", "e4e3", "e4e2", "e4d4", "e4c4", "e4b4", "e4a4", "e4f4", "e4g4", "e4h4",
      "a1a2", "a1b1", "a1b2", "e6e7",
    })
  end)

  it("C-P3 the knight leaps like the chess knight", function()
    local s = pos(courier, { a1 = "K", l8 = "k", b1 = "N", d2 = "P", a3 = "p", c2 = "P", b2 = "P" })
    assert.same({ "b1a3", "b1c3" }, T.from(courier, s, "b1"))
  end)

  it("C-P4 the corporal leaps exactly two squares diagonally (RULING: over pieces)", function()
    local s = pos(courier, { a1 = "K", l8 = "k", e4 = "E", d5 = "P", f5 = "P", d3 = "P",
                             f3 = "P", g6 = "p", c2 = "N" })
    assert.same({ "e4c6", "e4g2", "e4g6" }, T.from(courier, s, "e4"))
  end)

  it("C-P5 the courier slides diagonally", function()
    local s = pos(courier, { a1 = "K", l8 = "k", e4 = "B", g6 = "P", c2 = "p" })
    assert.same({ "e4a8", "e4b7", "e4c2", "e4c6", "e4d3", "e4d5", "e4f3", "e4f5",
                  "e4g2", "e4h1" }, T.from(courier, s, "e4"))
  end)

  it("C-P6 the sage and the jester step one square in any direction", function()
    local s = pos(courier, { a1 = "K", l8 = "k", e4 = "M", e5 = "P", h4 = "W" })
    assert.same({ "e4d3", "e4d4", "e4d5", "e4e3", "e4f3", "e4f4", "e4f5" },
                T.from(courier, s, "e4"))
    assert.same({ "h4g3", "h4g4", "h4g5", "h4h3", "h4h5", "h4i3", "h4i4", "h4i5" },
                T.from(courier, s, "h4"))
  end)

  it("C-P7 the Medieval Queen steps one square diagonally", function()
    local s = pos(courier, { a1 = "K", l8 = "k", e4 = "F", f5 = "p" })
    assert.same({ "e4d3", "e4d5", "e4f3", "e4f5" }, T.from(courier, s, "e4"))
  end)

  it("C-P8 the king steps one square in any direction and never castles", function()
    local s = pos(courier, { e1 = "K", a1 = "R", l1 = "R", h8 = "k" })
    assert.same({ "e1d1", "e1d2", "e1e2", "e1f1", "e1f2" }, T.from(courier, s, "e1"))
  end)

  it("C-P9 pieces capture by moving onto an enemy piece, never onto their own", function()
    local s = pos(courier, { a1 = "K", l8 = "k", e4 = "N", f6 = "p", d6 = "P" })
    assert.same({ "e4c3", "e4c5", "e4d2", "e4f2", "e4f6", "e4g3", "e4g5" },
                T.from(courier, s, "e4"))
    T.play(courier, s, "e4f6")
    assert.equal(1, s:count(2))
  end)
end)

describe("courier: opening phase (C-O)", function()
  it("C-O1 from the seed's position only the three pawn double steps are legal", function()
    local s = T.position(courier, SEED_START)
    T.assert_actions(courier, s, { "a2a4", "g2g4", "l2l4" })
  end)

  it("C-O1 the queen's two steps forward come after the g-pawn's", function()
    local s = T.position(courier, SEED_START)
    T.play(courier, s, "g2g4", "a7a5")
    T.assert_actions(courier, s, { "a2a4", "g1g3", "l2l4" })
    assert.is_nil(courier:parse_action(s, "b1c3"))
  end)

  it("C-O1 each owed move is made once, and the position text says what is owed", function()
    local s = T.position(courier, SEED_START)
    T.play(courier, s, "g2g4")
    assert.equal("rnebmkfwbenr/pppppppppppp/12/12/6P5/12/PPPPPP1PPPPP/RNEBMKFWBENR b - - 0 1 ALQalgq",
                 courier:position_text(s))
    T.play(courier, s, "g7g5", "g1g3")
    T.assert_actions(courier, s, { "a7a5", "g8g6", "l7l5" })
    T.play(courier, s, "g8g6")
    T.assert_actions(courier, s, { "a2a4", "l2l4" })
    local again = T.position(courier, courier:position_text(s))
    assert.equal(courier:position_text(s), courier:position_text(again))
  end)

  it("C-O1 a position text that owes a move whose piece is missing is refused", function()
    local bad = "rnebmk1wbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMK1WBENR w - - 0 1 Q"
    local s, err = courier:new(bad)
    assert.is_nil(s)
    assert.matches("'Q' is owed but no white queen stands on g1", err, 1, true)
  end)

  it("C-O2 after both players' four moves the position is Fairy-Stockfish's start", function()
    local s = T.position(courier, SEED_START)
    T.play(courier, s, "a2a4", "a7a5", "l2l4", "l7l5", "g2g4", "g7g5", "g1g3", "g8g6")
    -- the same pieces and side to move; the FEN counters have counted the
    -- eight moves (two queen moves since the last pawn move)
    assert.equal("rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 2 5",
                 courier:position_text(s))
    assert.equal(T.position(courier, FS_START):hash(), s:hash())
  end)
end)

describe("courier: check and end of game (C-E)", function()
  it("C-E1 a pinned piece may only move along the pin", function()
    local s = pos(courier, { e1 = "K", e2 = "R", e8 = "r", h8 = "k" })
    assert.same({ "e2e3", "e2e4", "e2e5", "e2e6", "e2e7", "e2e8" }, T.from(courier, s, "e2"))
  end)

  it("C-E1 the king may not step onto an attacked square", function()
    local s = pos(courier, { e1 = "K", d8 = "r", h8 = "k" })
    T.assert_actions(courier, s, { "e1e2", "e1f1", "e1f2" })
  end)

  it("C-E1 a check must be answered", function()
    local s = pos(courier, { e1 = "K", e8 = "r", c3 = "N", h8 = "k" })
    T.assert_actions(courier, s, { "c3e2", "c3e4", "e1d1", "e1d2", "e1f1", "e1f2" })
  end)

  it("C-E2 checkmate loses", function()
    local s = pos(courier, { a8 = "k", a7 = "p", b7 = "p", e8 = "R", l1 = "K" }, "b")
    T.assert_actions(courier, s, {})
    local o = T.outcome(courier, s)
    assert.equal(1, o.winner)
    assert.equal("checkmate", o.reason)
    assert.equal("White wins by checkmate", o.text)
  end)

  it("C-E2 RULING stalemate loses too", function()
    local s = pos(courier, { a8 = "k", b1 = "R", l7 = "R", l1 = "K" }, "b")
    assert.is_false(s:in_check(2))
    T.assert_actions(courier, s, {})
    local o = T.outcome(courier, s)
    assert.equal(1, o.winner)
    assert.equal("stalemate", o.reason)
  end)

  it("C-E3 the third occurrence of a position is a draw", function()
    local s = T.position(courier, FS_START)
    T.play(courier, s, "b1c3", "b8c6", "c3b1", "c6b8")
    assert.equal(1, s:repetitions())
    assert.is_nil(T.outcome(courier, s))
    T.play(courier, s, "b1c3", "b8c6", "c3b1", "c6b8")
    assert.equal(2, s:repetitions())
    T.assert_actions(courier, s, {})
    local o = T.outcome(courier, s)
    assert.equal(0, o.winner)
    assert.equal("Draw by threefold repetition", o.text)
  end)

  it("C-E3 there is no fifty-move rule in the seed game", function()
    local s = pos(courier, { a1 = "K", l8 = "k", e4 = "N" }, "w", "- - 150 90")
    assert.is_nil(T.outcome(courier, s))
    assert.equal(11, #T.texts(courier, s))
  end)
end)

describe("courier: the historical variant (C-V1)", function()
  it("C-V1 the Jester steps one square orthogonally", function()
    local s = pos(historical, { a1 = "K", l8 = "k", h4 = "W", c7 = "p" })
    assert.same({ "h4g4", "h4h3", "h4h5", "h4i4" }, T.from(historical, s, "h4"))
  end)

  it("C-V1 play starts after the opening moves", function()
    local s = historical:new()
    assert.equal(FS_START, historical:position_text(s))
    assert.equal(26, #T.texts(historical, s))
  end)

  it("C-V1 bare king: the side whose opponent is bare wins at once", function()
    local s = pos(historical, { a1 = "K", h1 = "R", e5 = "k" })
    T.assert_actions(historical, s, {})
    local o = T.outcome(historical, s)
    assert.equal(1, o.winner)
    assert.equal("bare king", o.reason)
  end)

  it("C-V1 bare king: a bare king to move may still bare a lone piece", function()
    local s = pos(historical, { a1 = "K", h2 = "R", e5 = "k" }, "b")
    assert.equal(8, #T.texts(historical, s))
    local three = pos(historical, { a1 = "K", h1 = "R", l3 = "R", e5 = "k" }, "b")
    T.assert_actions(historical, three, {})
    assert.equal(1, T.outcome(historical, three).winner)
  end)

  it("C-V1 fifty-move rule: a hundred half-moves without capture or pawn move draw", function()
    local s = pos(historical, { a1 = "K", l8 = "k", e4 = "N", c7 = "p", h2 = "P" }, "w",
                  "- - 99 70")
    assert.is_nil(T.outcome(historical, s))
    T.play(historical, s, "e4d6")
    -- RULING (2026-11-27): the game ends there, but no move is removed
    assert.same({ "c7c6", "c7d6", "l8k7", "l8k8", "l8l7" }, T.texts(historical, s))
    assert.equal(5, wg.perft(historical, s, 1))
    assert.equal("Draw by fifty-move rule", T.outcome(historical, s).text)
    assert.matches("^illegal: C%-V1 the game is over",
                   wg.explain_line(historical:explain(s, "l8k8")))
    -- the seed game has no such rule
    local seed = pos(courier, { a1 = "K", l8 = "k", e4 = "N", c7 = "p", h2 = "P" }, "w",
                     "- - 99 70")
    T.play(courier, seed, "e4d6")
    assert.is_nil(T.outcome(courier, seed))
  end)

  it("C-V1 checkmate on the hundredth half-move still wins", function()
    local s = pos(historical, { a8 = "k", a7 = "p", b7 = "p", e8 = "R", l1 = "K", c3 = "N" },
                  "b", "- - 100 80")
    assert.equal("checkmate", T.outcome(historical, s).reason)
  end)
end)
