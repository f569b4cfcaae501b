-- The examples of the designer's guide (doc/designers.md) and examples/ work
-- as the guide says.
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
-- testing_spec.lua runs as the guide says.

describe("examples: Xiangqi and Janggi, as the guide runs them", function()
  it("X-V1 J-V1 are games by name on WARGRID_PATH, with their reasons", function()
    local out, err, code = T.run({ "why", "janggi", "b3b8" }, nil,
                                 "WARGRID_PATH=examples/games")
    assert.equal(0, code, err)
    assert.equal("illegal: J-P6 your cannon on b3 cannot capture the cannon "
                 .. "on b8\n", out)
    out, err, code = T.run({ "moves", "--variant", "examples/games/xiangqi" })
    assert.equal(0, code, err)
    assert.equal(44, select(2, out:gsub("\n", "")))
  end)

  it("X-B3 J-B3 are drawn as their players know them", function()
    local out, err, code = T.run({ "render", "xiangqi" }, nil,
                                 "WARGRID_PATH=examples/games")
    assert.equal(0, code, err)
    -- the points' lines, the river's text, the palaces' diagonals, and
    -- each side's name of the general
    assert.truthy(out:find('class="points"', 1, true))
    assert.truthy(out:find("楚 河", 1, true))
    assert.truthy(out:find('class="layer l-palace"', 1, true))
    assert.truthy(out:find(">帥</text>", 1, true))
    assert.truthy(out:find(">將</text>", 1, true))
    out, err, code = T.run({ "render", "janggi" }, nil,
                           "WARGRID_PATH=examples/games")
    assert.equal(0, code, err)
    assert.truthy(out:find('class="layer l-lines"', 1, true))
    assert.truthy(out:find(">楚</text>", 1, true))
    assert.truthy(out:find(">漢</text>", 1, true))
  end)
end)
