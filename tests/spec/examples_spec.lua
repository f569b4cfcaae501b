-- The examples of README.md and examples/ work as the README says.
local T = require "wargrid.test"
local loader = require "wargrid.loader"
local wg = require "wargrid"

describe("examples: the minichess of 'Writing a game'", function()
  local game = loader.load_file("examples/games/minichess.lua")

  it("loads, and its start position round-trips", function()
    local s = game:new()
    assert.equal("rpk2/5/5/5/2KPR w", game:position_text(s))
  end)

  it("has the moves its patterns give", function()
    local s = game:new()
    T.assert_actions(game, s, { "c1b1", "c1b2", "c1c2", "c1d2", "d1d2",
                                "e1e2", "e1e3", "e1e4", "e1e5" })
    assert.equal(9, wg.perft(game, s, 1))
  end)

  it("promotes a pawn to a rook on the last rank", function()
    local s = T.position(game, "k4/3P1/5/5/K4 w")
    T.play(game, s, "d4d5r")
    assert.equal("k2R1/5/5/5/K4 b", game:position_text(s))
  end)
end)

describe("examples: the non-leaping corporal variant (C-P4)", function()
  local variant = loader.load_file("examples/variants/courier_nonleaping.lua")
  local courier = T.game "courier"
  local board = T.board(courier, { a1 = "K", l8 = "k", e4 = "E", d5 = "P" }) .. " w - - 0 1"

  it("C-P4 the corporal of the variant cannot pass a piece", function()
    local s = T.position(variant, board)
    assert.same({ "e4c2", "e4g2", "e4g6" }, T.from(variant, s, "e4"))
  end)

  it("C-P4 RULING the corporal of courier itself leaps", function()
    local s = T.position(courier, board)
    assert.same({ "e4c2", "e4c6", "e4g2", "e4g6" }, T.from(courier, s, "e4"))
  end)

  it("keeps everything else of courier", function()
    local s = variant:new()
    T.assert_actions(variant, s, { "a2a4", "g2g4", "l2l4" })
    assert.equal("courier_nonleaping", variant.name)
  end)
end)
