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

-- The non-leaping corporal variant has its own spec beside it
-- (examples/variants/courier_nonleaping_spec.lua), which tests/spec/
-- testing_spec.lua runs as the README says.
