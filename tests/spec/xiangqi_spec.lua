-- Xiangqi (examples/games/xiangqi), rule by rule of its rulebook
-- (examples/games/xiangqi/rules.md). Fairy-Stockfish's counts are
-- xiangqi_oracle_spec.lua's.
local T = require "wargrid.test"
local wg = require "wargrid"

local xq = T.game "examples/games/xiangqi"

-- a position of the pieces given, Red to move unless side says "b"
local function pos(map, side)
  return T.position(xq, T.board(xq, map) .. " " .. (side or "w")
                        .. " - - 0 1")
end

local function why(s, text)
  return wg.explain_line(xq:explain(s, text))
end

describe("xiangqi: board and setup (X-B, X-S)", function()
  it("X-B1 X-S1 9 files by 10 ranks; Red moves first from the start", function()
    local s = xq:new()
    assert.same({ 9, 10 }, { xq.files, xq.ranks })
    assert.equal(1, s:side())
    assert.equal("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/"
                 .. "RNBAKABNR w - - 0 1", xq:position_text(s))
  end)

  it("X-B1 a side moves only its own pieces", function()
    assert.equal("illegal: X-B1 the soldier on a7 belongs to Black, not "
                 .. "to Red", why(xq:new(), "a7a6"))
  end)

  it("X-B2 X-P7 a soldier steps sideways only across the river", function()
    local s = pos { e1 = "K", d10 = "k", c4 = "P", g6 = "P" }
    assert.same({ "c4c5" }, T.from(xq, s, "c4"))
    assert.same({ "g6f6", "g6g7", "g6h6" }, T.from(xq, s, "g6"))
    assert.equal("illegal: X-P7 your soldier on c4 moves that way only on "
                 .. "the far half, and c4 is off it", why(s, "c4d4"))
  end)

  it("X-B3 X-P1 X-P2 the general and advisors keep to the palace", function()
    local s = pos { d1 = "K", f10 = "k", e2 = "A" }
    assert.same({ "d1d2", "d1e1" }, T.from(xq, s, "d1"))
    assert.same({ "e2d3", "e2f1", "e2f3" }, T.from(xq, s, "e2"))
  end)
end)

describe("xiangqi: pieces (X-P)", function()
  it("X-P3 the elephant: two points diagonally, its eye empty, never "
     .. "across the river", function()
    local s = pos { e1 = "K", f10 = "k", c5 = "B", b4 = "P" }
    assert.same({ "c5e3" }, T.from(xq, s, "c5"))
  end)

  it("X-P4 the horse: blocked at its leg", function()
    local s = pos { e1 = "K", f10 = "k", b1 = "N", c1 = "B" }
    assert.same({ "b1a3", "b1c3" }, T.from(xq, s, "b1"))
    assert.equal("illegal: X-P4 your horse on b1 cannot reach d2: the path "
                 .. "is blocked at c1 by your elephant", why(s, "b1d2"))
  end)

  it("X-P5 the chariot slides orthogonally", function()
    local s = pos { e1 = "K", f10 = "k", a1 = "R", a3 = "P" }
    assert.same({ "a1a2", "a1b1", "a1c1", "a1d1" }, T.from(xq, s, "a1"))
  end)

  it("X-P6 the cannon captures only over one screen", function()
    local s = xq:new()
    assert.equal("legal: the cannon on h3 takes the horse on h10",
                 why(s, "h3h10"))
    assert.equal("illegal: X-P6 your cannon on b3 reaches b8 only by "
                 .. "jumping over one piece, and none stands between",
                 why(s, "b3b8"))
  end)

  it("X-P8 no capture of one's own piece", function()
    assert.equal("illegal: X-P8 your chariot on a1 cannot go to a4, which "
                 .. "holds your soldier", why(xq:new(), "a1a4"))
  end)
end)

describe("xiangqi: end of the game (X-E)", function()
  it("X-E1 no move may leave the general attacked", function()
    local s = pos { e1 = "K", d10 = "k", e4 = "R", e7 = "r" }
    assert.equal("illegal: X-E1 leaves your general on e1 attacked by the "
                 .. "chariot on e7", why(s, "e4d4"))
  end)

  it("X-E1 checkmate, and stalemate, lose", function()
    local mate = pos { e1 = "K", d10 = "k", d3 = "r", f3 = "r", e6 = "r" }
    local o = T.outcome(xq, mate)
    assert.same({ 2, "checkmate" }, { o.winner, o.reason })
    o = T.outcome(xq, pos { d1 = "K", f10 = "k", e3 = "r", c2 = "r" })
    assert.same({ 2, "stalemate" }, { o.winner, o.reason })
  end)

  it("X-E2 the generals may not face each other", function()
    local s = pos { d1 = "K", e10 = "k" }
    assert.same({ "d1d2" }, T.from(xq, s, "d1"))
    assert.equal("illegal: X-E2 moves your general on e1 facing the general "
                 .. "on e10, with no piece between", why(s, "d1e1"))
  end)

  it("X-E3 a position standing the third time draws", function()
    local s = pos { d1 = "K", f10 = "k", a1 = "R", i10 = "r" }
    s:begin()
    for _ = 1, 2 do T.play(xq, s, "a1a2", "i10i9", "a2a1", "i9i10") end
    assert.equal("threefold repetition", T.outcome(xq, s).reason)
    assert.equal(0, T.outcome(xq, s).winner)
  end)

  it("X-E4 perpetual check loses", function()
    local s = pos { d1 = "K", e10 = "k", a9 = "R" }
    s:begin()
    -- Red checks with every move, Black steps out and back
    for _ = 1, 2 do T.play(xq, s, "a9a10", "e10e9", "a10a9", "e9e10") end
    local o = T.outcome(xq, s)
    assert.same({ 2, "perpetual check" }, { o.winner, o.reason })
  end)

  it("X-E5 a hundred moves without a capture draw, and remove no move", function()
    local s = T.position(xq, T.board(xq, { d1 = "K", f10 = "k", a1 = "R" })
                             .. " w - - 100 60")
    assert.equal("fifty-move rule", T.outcome(xq, s).reason)
    assert.equal(0, T.outcome(xq, s).winner)
    assert.is_true(#T.texts(xq, s) > 10)
    assert.matches("^illegal: .*the game is over", wg.explain_line(xq:explain(s, "a1a2")))
  end)
end)
