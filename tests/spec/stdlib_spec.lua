-- The stdlib and the runtime's Lua face: Betza patterns, declarations,
-- variants, states, actions and the loader.
local wg = require "wargrid"
local betza = require "wargrid.betza"
local loader = require "wargrid.loader"
local T = require "wargrid.test"

local function vectors(atoms)
  local out = {}
  for _, a in ipairs(atoms) do
    out[#out + 1] = string.format("%d,%d:%d-%d:%d", a.dx, a.dy, a.min, a.max, a.mode)
  end
  table.sort(out)
  return out
end

describe("betza", function()
  it("compiles leaps, riders and ranges", function()
    assert.same({ "-1,-2:1-1:3", "-1,2:1-1:3", "-2,-1:1-1:3", "-2,1:1-1:3",
                  "1,-2:1-1:3", "1,2:1-1:3", "2,-1:1-1:3", "2,1:1-1:3" },
                vectors(betza.parse("N")))
    assert.same({ "-1,0:1-0:3", "0,-1:1-0:3", "0,1:1-0:3", "1,0:1-0:3" },
                vectors(betza.parse("R")))
    assert.same(vectors(betza.parse("R")), vectors(betza.parse("WW")))
    assert.equal(8, #betza.parse("Q3"))
    assert.equal(3, betza.parse("Q3")[1].max)
  end)

  it("reads move-only, capture-only and directions", function()
    assert.same({ "-1,1:1-1:2", "0,1:1-1:1", "1,1:1-1:2" }, vectors(betza.parse("fmWfcF")))
    assert.same({ "-1,1:1-1:3" }, vectors(betza.parse("flF")))
    assert.same({ "-1,0:1-1:3", "0,1:1-1:3", "1,0:1-1:3" }, vectors(betza.parse("fsW")))
  end)

  it("makes non-leaping two-step atoms", function()
    assert.same({ "-1,-1:2-2:3", "-1,1:2-2:3", "1,-1:2-2:3", "1,1:2-2:3" },
                vectors(betza.parse("nA")))
  end)

  it("rejects what it does not know", function()
    assert.is_nil(betza.parse("X"))
    assert.matches("cannot be doubled", select(2, betza.parse("KK")))
    assert.matches("n makes a leap lame, not a rider", select(2, betza.parse("nNN")))
  end)
end)

describe("game declarations", function()
  local function decl(pieces)
    return wg.game { name = "t", board = { files = 5, ranks = 5 }, pieces = pieces }
  end

  it("number pieces by name and map letters", function()
    local g = decl { king = { letter = "k", moves = "K" }, rook = { letter = "R", moves = "R" } }
    assert.equal(1, g.T.king)
    assert.equal(2, g.T.rook)
    assert.equal(g.T.rook, g.letter_type.r)
  end)

  it("refuse two pieces with one letter, or a bad letter", function()
    assert.has_error(function()
      decl { king = { letter = "k" }, knight = { letter = "k" } }
    end, "game t: pieces king and knight share the letter k")
    assert.has_error(function() decl { king = { letter = "kk" } } end,
                     "game t: pieces.king.letter must be one letter")
  end)

  it("variants keep the base's ids and merge changes", function()
    local base = decl { king = { letter = "k", moves = "K", value = 0 },
                        rook = { letter = "r", moves = "R", value = 5 } }
    function base:actions() end
    local v = wg.variant(base, { name = "v", pieces = { rook = { moves = "W" },
                                                         archer = { letter = "a", moves = "F" } } })
    assert.equal(base.T.king, v.T.king)
    assert.equal(base.T.rook, v.T.rook)
    assert.equal(3, v.T.archer)
    assert.equal(5, v.def.pieces.rook.value)
    assert.equal("W", v.def.pieces.rook.moves)
    assert.equal(base.actions, v.actions)
  end)
end)

describe("states", function()
  local courier = T.game "courier"

  it("undo restores the position and its hash", function()
    local s = courier:new()
    local text, hash = courier:position_text(s), s:hash()
    local m = s:mark()
    T.play(courier, s, "a2a4", "a7a5", "g2g4")
    assert.are_not.equal(hash, s:hash())
    s:undo(m)
    assert.equal(text, courier:position_text(s))
    assert.equal(hash, s:hash())
    assert.equal(s:rehash(), s:hash())
  end)

  it("copies are independent and equal", function()
    local s = courier:new()
    local c = s:copy()
    assert.is_true(s:equal(c))
    T.play(courier, c, "a2a4")
    assert.is_false(s:equal(c))
  end)

  it("count both sides' pieces on the board in one call", function()
    local s = courier:new()
    T.play(courier, s, "a2a4")
    T.play(courier, s, "a7a5")
    local white = s:count(1)
    s:remove(s:at(courier.rules:at(2, 2)))    -- b2
    assert.are.same({ white - 1, s:count(2) }, { s:count() })
    assert.are.equal(24, s:count(2))
  end)

  it("apply a move and tell what it took, and the mover's type and side", function()
    local s = courier:new()
    local r = courier.rules
    local a7 = s:at(r:at(1, 7))
    -- the effect alone, whatever the pattern: a2 takes a7, b8 goes to c6
    local x = wg.act(wg.MOVE, r:at(1, 2), r:at(1, 7))
    assert.are.same({ a7, courier.T.pawn, 1 }, { s:apply_move(x) })
    x = wg.act(wg.MOVE, r:at(2, 8), r:at(3, 6))
    assert.are.same({ nil, courier.T.knight, 2 }, { s:apply_move(x) })
  end)

  it("check their arguments and name them", function()
    local s = courier:new()
    assert.has_error(function() s:at(0) end, "bad argument #1 to 'at' ('square' is off the board)")
    assert.has_error(function() s:piece(999) end, "bad argument #1 to 'piece' ('piece' is not a piece id)")
    assert.has_error(function() s:count(3) end, "bad argument #1 to 'count' ('side' must be 1 or 2)")
    assert.has_error(function() s:add(1, 1, s:square(s:at(1))) end)
  end)

  it("keep the random generator in the state, journaled", function()
    local s = courier:new()
    s:seed(99)
    local m = s:mark()
    local a = { s:random(6), s:random(6), s:random(6), s:random(1000) }
    s:undo(m)
    assert.same(a, { s:random(6), s:random(6), s:random(6), s:random(1000) })
  end)
end)

describe("actions", function()
  it("pack and unpack five fields and a kind", function()
    local a = wg.act(7, 4095, 1, 2, 3, 127)
    assert.same({ 7, 4095, 1, 2, 3, 127 }, { wg.fields(a) })
    assert.has_error(function() wg.act(256) end)
    assert.has_error(function() wg.act(1, 4096) end)
  end)

  it("lists grow, and report their size", function()
    local out = wg.actions()
    for i = 1, 1000 do out:add(1, i % 4000) end
    assert.equal(1000, #out)
    assert.equal(1000, out:size())
    out:truncate(10)
    assert.equal(10, #out)
    assert.is_true(out:contains(wg.act(1, 5)))
  end)
end)

describe("position text", function()
  it("refuses FEN counters a state cannot hold (fuzz: position)", function()
    local courier = T.game "courier"
    local board = "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/"
                  .. "1PPPPP1PPPP1/RNEBMK1WBENR w - - "
    local function refused(counters)
      local s, err = courier:new(board .. counters)
      assert.is_nil(s)
      return (err:gsub("^bad position '.-': ", ""))
    end
    for _, half in ipairs { "9223372036854775808", "2147483647",
                            "1000000000", "1e3" } do
      assert.equal("half-move clock '" .. half .. "': expected a whole "
                   .. "number from 0 to 999999999", refused(half .. " 1"))
    end
    for _, full in ipairs { "0", "99999999999", "9223372036854775807" } do
      assert.equal("move number '" .. full .. "': expected a whole number "
                   .. "from 1 to 999999999", refused("0 " .. full))
    end
    -- the largest still play on: play adds to them
    local s = T.position(courier, board .. "999999999 999999999")
    assert.equal(999999999, s:var(courier.V.halfmove))
    s = T.position(courier, board .. "0 999999999")
    T.play(courier, s, "b2b3", "b7b6")
    assert.equal(1000000000, s:var(courier.V.fullmove))
  end)
end)

describe("loader", function()
  it("lists the games of scripts/games", function()
    local names = loader.list()
    assert.truthy(table.concat(names, " "):find("courier courier_historical", 1, true))
  end)

  it("finds games by name only", function()
    assert.is_nil(loader.find("../etc/passwd"))
    assert.matches("unknown game 'nope'", select(2, loader.find("nope")))
  end)
end)
