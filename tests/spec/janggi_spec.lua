-- Janggi (examples/games/janggi), rule by rule of its rulebook
-- (examples/games/janggi/rules.md). Fairy-Stockfish's counts are
-- janggi_oracle_spec.lua's.
local T = require "wargrid.test"
local wg = require "wargrid"

local jg = T.game "examples/games/janggi"

-- a position of the pieces given, Blue to move unless side says "b"
local function pos(map, side)
  return T.position(jg, T.board(jg, map) .. " " .. (side or "w")
                        .. " - - 0 1")
end

local function why(s, text)
  return wg.explain_line(jg:explain(s, text))
end

describe("janggi: board and setup (J-B, J-S)", function()
  it("J-B1 J-S1 9 files by 10 ranks; Blue moves first from the start", function()
    local s = jg:new()
    assert.same({ 9, 10, 1 }, { jg.files, jg.ranks, s:side() })
    assert.equal("rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/"
                 .. "RNBA1ABNR w - - 0 1", jg:position_text(s))
    assert.equal("illegal: J-B1 the soldier on a7 belongs to Red, not to "
                 .. "Blue", why(s, "a7a6"))
  end)

  it("J-B2 J-B3 J-P1 J-P2 the general and guards: along the palace's "
     .. "lines, within it", function()
    local s = pos { e2 = "K", d10 = "k", d1 = "A" }
    assert.same({ "e2d2", "e2d3", "e2e1", "e2e3", "e2f1", "e2f2", "e2f3" },
                T.from(jg, s, "e2"))
    assert.same({ "d1d2" }, T.from(jg, pos { e1 = "K", d10 = "k", d1 = "A",
                                             e2 = "P" }, "d1"))
    assert.same({ "d2d1", "d2d3", "d2e2" },
                T.from(jg, pos { d2 = "A", e1 = "K", f10 = "k" }, "d2"))
  end)
end)

describe("janggi: pieces (J-P)", function()
  it("J-P3 the elephant: blocked on either point between", function()
    local s = pos { e1 = "K", d10 = "k", c1 = "B", c2 = "P" }
    assert.same({ "c1a4", "c1e4", "c1f3" },
                T.from(jg, pos { e1 = "K", d10 = "k", c1 = "B" }, "c1"))
    assert.same({ "c1f3" }, T.from(jg, s, "c1"))
  end)

  it("J-P4 the horse: blocked at its leg", function()
    local s = pos { e1 = "K", d10 = "k", b1 = "N", c1 = "B" }
    assert.same({ "b1a3", "b1c3" }, T.from(jg, s, "b1"))
  end)

  it("J-P5 the chariot: orthogonally and along the palace lines", function()
    local s = pos { e2 = "K", f9 = "k", d8 = "R" }
    assert.same({ "d8a8", "d8b8", "d8c8", "d8d1", "d8d2", "d8d3", "d8d4",
                  "d8d5", "d8d6", "d8d7", "d8d9", "d8d10", "d8e8", "d8e9",
                  "d8f8", "d8f10", "d8g8", "d8h8", "d8i8" },
                T.from(jg, s, "d8"))
  end)

  it("J-P6 the cannon: over one piece, never over or onto a cannon", function()
    local s = jg:new()
    assert.equal("illegal: J-P6 your cannon on b3 cannot capture the cannon "
                 .. "on b8", why(s, "b3b8"))
    assert.equal("illegal: J-P6 your cannon on b3 reaches b5 only by "
                 .. "jumping over one piece, and none stands between",
                 why(s, "b3b5"))
    local over = pos { e1 = "K", d10 = "k", e3 = "C", e6 = "c", e8 = "p" }
    assert.equal("illegal: J-P6 your cannon on e3 cannot jump over a cannon "
                 .. "on e6", why(over, "e3e8"))
    -- along the palace lines, over the general on e2
    local diag = pos { e2 = "K", d10 = "k", d1 = "C", f1 = "A" }
    assert.same({ "d1f3", "d1g1", "d1h1", "d1i1" }, T.from(jg, diag, "d1"))
  end)

  it("J-P7 the soldier: forward or sideways, forward on palace lines", function()
    local s = pos { e1 = "K", d10 = "k", d8 = "P", a5 = "P" }
    assert.same({ "d8c8", "d8d9", "d8e8", "d8e9" }, T.from(jg, s, "d8"))
    assert.same({ "a5a6", "a5b5" }, T.from(jg, s, "a5"))
  end)

  it("J-P8 no capture of one's own piece", function()
    assert.equal("illegal: J-P8 your chariot on a1 cannot go to a4, which "
                 .. "holds your soldier", why(jg:new(), "a1a4"))
  end)
end)

describe("janggi: passing (J-M)", function()
  it("J-M1 a side may pass, not in check", function()
    local s = jg:new()
    assert.equal("legal: Blue passes", why(s, "pass"))
    assert.equal("legal: Blue passes", why(s, "e2e2"))
    local check = pos { d1 = "K", f10 = "k", d5 = "r" }
    assert.equal("illegal: J-M1 Blue is in check and may not pass",
                 why(check, "pass"))
  end)
end)

describe("janggi: end of the game (J-E)", function()
  it("J-E1 no move may leave the general attacked; checkmate loses", function()
    local s = pos { e1 = "K", d10 = "k", e3 = "R", e6 = "r" }
    assert.equal("illegal: J-E1 leaves your general on e1 attacked by the "
                 .. "chariot on e6", why(s, "e3d3"))
    local mate = pos { e1 = "K", f10 = "k", d3 = "r", f3 = "r", e6 = "r" }
    local o = T.outcome(jg, mate)
    assert.same({ 2, "checkmate" }, { o.winner, o.reason })
  end)

  it("J-E2 J-E5 bikjang: a move must end it; a pass ends the game by "
     .. "counting", function()
    local s = pos { e1 = "K", e10 = "k", a1 = "R", a10 = "r", b10 = "n" }
    assert.same({ "e1d1", "e1f1" }, T.from(jg, s, "e1"))
    assert.equal("illegal: J-E2 the generals face each other (bikjang): a "
                 .. "move must end it, or pass", why(s, "a1a2"))
    T.play(jg, s, "pass")
    local o = T.outcome(jg, s)
    assert.equal(2, o.winner)
    assert.equal("bikjang, Red on points 13 to 19.5", o.reason)
  end)

  it("J-E3 two passes in a row end the game by counting", function()
    local s = jg:new()
    T.play(jg, s, "pass", "pass")
    local o = T.outcome(jg, s)
    assert.same({ 2, "two passes, Red on points 72 to 73.5" },
                { o.winner, o.reason })
  end)

  it("J-E4 a third repetition draws, perpetual check loses", function()
    local s = jg:new()
    s:begin()
    for _ = 1, 2 do T.play(jg, s, "b1c3", "b10c8", "c3b1", "c8b10") end
    assert.same({ 0, "threefold repetition" },
                { T.outcome(jg, s).winner, T.outcome(jg, s).reason })
    local p = pos { d1 = "K", e10 = "k", a9 = "R" }
    p:begin()
    for _ = 1, 2 do T.play(jg, p, "a9a10", "e10e9", "a10a9", "e9e10") end
    assert.same({ 2, "perpetual check" },
                { T.outcome(jg, p).winner, T.outcome(jg, p).reason })
  end)

  it("J-E6 a hundred moves without a capture end it by counting", function()
    local s = T.position(jg, T.board(jg, { d1 = "K", f10 = "k", a1 = "R" })
                             .. " w - - 100 60")
    assert.same({ 1, "fifty-move rule, Blue on points 13 to 1.5" },
                { T.outcome(jg, s).winner, T.outcome(jg, s).reason })
    assert.is_true(#T.texts(jg, s) > 10)   -- no move is removed
  end)
end)
