-- The primitives a game from another tradition declares (issue 27): Betza
-- p (the cannon) and g (the grasshopper), n on any leaper (the Xiangqi
-- horse nN, the Janggi elephant nZ), the conditions screen_not and
-- not_capture, the declaration's royal_sight, s:facing and
-- s:repetition_span; each seen by the tracer, s:attacked, s:why_not and
-- the generic reasons.
local wg = require "wargrid"
local betza = require "wargrid.betza"
local help = require "wargrid.help"

-- A 7x7 board with a layer, the centre ranks 3-5.
local function decl(pieces, extra)
  local def = { name = "h", board = { files = 7, ranks = 7, layers = {
    middle = { squares = function(_, _, _, r) return r >= 3 and r <= 5 end },
  } }, pieces = pieces }
  for k, v in pairs(extra or {}) do def[k] = v end
  return wg.game(def)
end

-- a state of the pieces given: square = { type, side }
local function state(game, pieces)
  local s = game.rules:new_state()
  for sq, p in pairs(pieces) do
    assert(s:add(game.T[p[1]], p[2], game.rules:square(sq)))
  end
  return s
end

-- where the piece on `from` goes (mode "move", "capture" or all), sorted
local function targets(game, s, from, mode)
  local out, names = wg.actions(), {}
  s:trace_piece(out, s:at(game.rules:square(from)), 1, mode)
  for i = 1, out:size() do
    names[i] = game.rules:name(select(3, wg.fields(out:get(i))))
  end
  table.sort(names)
  return table.concat(names, " ")
end

local function why(game, s, from, to)
  return s:why_not(s:at(game.rules:square(from)), game.rules:square(to))
end

describe("betza: p, g and n", function()
  it("parses the cannon mRcpR: a rook's moves, captures by hopping", function()
    local atoms = assert(betza.parse("mRcpR"))
    assert.equal(8, #atoms)
    assert.same({ 1, nil, 2, 1 }, { atoms[1].mode, atoms[1].hop,
                                    atoms[5].mode, atoms[5].hop })
    assert.equal(2, betza.parse("gQ")[1].hop)
  end)

  it("makes an oblique leap lame as a path: orthogonal steps first", function()
    assert.same({ { 0, 1 }, { 1, 1 } }, betza.lame_route(1, 2))
    assert.same({ { -1, 0 }, { -1, 1 }, { -1, 1 } }, betza.lame_route(-3, 2))
    local n = betza.parse("nN")
    assert.equal(8, #n)
    assert.same({ { { 1, 0 }, { 1, 1 } } }, n[1].routes)
    assert.same({ 2, 2 }, { betza.parse("nD")[1].min, betza.parse("nD")[1].max })
  end)

  it("refuses what does not combine", function()
    assert.is_nil((betza.parse("pW")))
    assert.matches("hops along a line", select(2, betza.parse("pW")))
    assert.matches("lame, not a rider", select(2, betza.parse("nR")))
    assert.matches("do not combine", select(2, betza.parse("pnR")))
  end)
end)

describe("hoppers", function()
  local g = decl {
    cannon = { letter = "c", moves = "mRcpR" },
    grass = { letter = "g", moves = "gQ" },
    pawn = { letter = "p", moves = "W" },
    king = { letter = "k", moves = "K", royal = true },
  }

  it("the cannon moves as a rook and captures over exactly one screen", function()
    local s = state(g, { d1 = { "cannon", 1 }, d3 = { "pawn", 1 },
                         d5 = { "pawn", 2 }, d7 = { "pawn", 2 },
                         f1 = { "pawn", 2 } })
    assert.equal("a1 b1 c1 d2 e1", targets(g, s, "d1", "move"))
    assert.equal("d5", targets(g, s, "d1", "capture"))
    assert.same({ "hops", g.rules:square("d5"), 0, g.rules:square("d3") },
                { why(g, s, "d1", "d7") })
    assert.same({ "screen", g.rules:square("f1"), 0 },
                { why(g, s, "d1", "f1") })
  end)

  it("the grasshopper lands right behind the first piece on its line", function()
    local s = state(g, { a1 = { "grass", 1 }, a4 = { "pawn", 2 },
                         c3 = { "pawn", 1 }, e5 = { "pawn", 2 } })
    assert.equal("a5 d4", targets(g, s, "a1"))
    assert.equal("behind", (why(g, s, "a1", "a6")))
    -- a capture: the piece right behind the screen
    s:add(g.T.pawn, 2, g.rules:square("a5"))
    assert.equal("a5", targets(g, s, "a1", "capture"))
  end)

  it("s:attacked sees the hop, on an empty square too", function()
    local s = state(g, { d1 = { "cannon", 1 }, d3 = { "pawn", 2 } })
    assert.is_true(s:attacked(g.rules:square("d6"), 1))
    assert.is_false(s:attacked(g.rules:square("d2"), 1))
    local k = state(g, { d1 = { "cannon", 1 }, d3 = { "pawn", 1 },
                         d6 = { "king", 2 }, a7 = { "king", 1 } })
    assert.is_true(k:in_check(2))
  end)
end)

describe("screen_not and not_capture (Janggi's cannon)", function()
  local g = decl {
    cannon = { letter = "c", moves = "pR", screen_not = "cannon",
               not_capture = { "cannon" } },
    pawn = { letter = "p", moves = "W" },
  }

  it("never jumps over a cannon, never takes one", function()
    local s = state(g, { a1 = { "cannon", 1 }, a3 = { "cannon", 2 },
                         c1 = { "pawn", 2 }, e1 = { "cannon", 2 },
                         g1 = { "pawn", 2 } })
    assert.equal("d1", targets(g, s, "a1"))
    assert.equal("jump", (why(g, s, "a1", "a5")))
    assert.equal("victim", (why(g, s, "a1", "e1")))
    assert.is_false(s:attacked(g.rules:square("e1"), 1))
    assert.is_false(s:attacked(g.rules:square("g1"), 2))
  end)

  it("the piece key says so", function()
    assert.matches("by jumping over exactly one piece",
                   help.piece_text(g, "cannon"))
    assert.matches("never over a cannon", help.piece_text(g, "cannon"))
    assert.matches("never taking a cannon", help.piece_text(g, "cannon"))
  end)
end)

describe("lame leapers", function()
  local g = decl {
    horse = { letter = "n", moves = "nN" },
    elephant = { letter = "e", moves = "nZ" },
    pawn = { letter = "p", moves = "W" },
  }

  it("the horse is blocked at its leg, the elephant on either point", function()
    local s = state(g, { d4 = { "horse", 1 }, d5 = { "pawn", 1 },
                         a1 = { "elephant", 1 }, b1 = { "pawn", 2 } })
    assert.equal("b3 b5 c2 e2 f3 f5", targets(g, s, "d4"))
    assert.same({ "piece", g.rules:square("d5"), 0 },
                { why(g, s, "d4", "c6") })
    assert.equal("c4", targets(g, s, "a1"))
    assert.matches("lame", help.piece_text(g, "horse"))
  end)

  it("s:attacked looks back along the horse's route", function()
    local s = state(g, { d4 = { "horse", 1 }, d5 = { "pawn", 1 } })
    assert.is_true(s:attacked(g.rules:square("f5"), 1))
    assert.is_false(s:attacked(g.rules:square("e6"), 1))
  end)
end)

describe("royal_sight and s:facing", function()
  local pieces = { king = { letter = "k", moves = "W", royal = true },
                   rook = { letter = "r", moves = "R" } }
  local g = decl(pieces, { royal_sight = true })
  local open = decl(pieces)

  it("two royal pieces facing on an open file are in check", function()
    local s = state(g, { d1 = { "king", 1 }, d7 = { "king", 2 } })
    assert.is_true(s:in_check(1))
    assert.is_false(s:attacked(g.rules:square("d1"), 2))
    assert.same({ g.rules:square("d1"), g.rules:square("d7") },
                { s:facing() })
    local t = state(open, { d1 = { "king", 1 }, d7 = { "king", 2 } })
    assert.is_false(t:in_check(1))
    assert.is_not_nil(t:facing())
  end)

  it("no move may leave them facing", function()
    local s = state(g, { d1 = { "king", 1 }, d4 = { "rook", 1 },
                         e7 = { "king", 2 } })
    s:set_side(1)
    local out = wg.actions()
    s:trace_safe(out, 1)
    local texts = {}
    for i = 1, out:size() do
      local _, from, to = wg.fields(out:get(i))
      texts[#texts + 1] = g.rules:name(from) .. g.rules:name(to)
    end
    table.sort(texts)
    assert.is_nil(table.concat(texts, " "):find("d1e1"))
    assert.truthy(table.concat(texts, " "):find("d1c1"))
  end)
end)

describe("s:repetition_span", function()
  it("tells how many turns back the position first stood", function()
    local g = decl { king = { letter = "k", moves = "W" } }
    local s = state(g, { a1 = { "king", 1 }, g7 = { "king", 2 } })
    s:begin()
    assert.equal(0, s:repetition_span())
    local a1, a2 = g.rules:square("a1"), g.rules:square("a2")
    local g7, g6 = g.rules:square("g7"), g.rules:square("g6")
    for _, m in ipairs { { a1, a2 }, { g7, g6 }, { a2, a1 }, { g6, g7 } } do
      s:apply_move(wg.act(wg.MOVE, m[1], m[2]))
      s:end_turn()
    end
    assert.equal(1, s:repetitions())
    assert.equal(4, s:repetition_span())
  end)
end)
