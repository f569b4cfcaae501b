-- The generic AI (MCTS, 40 iterations a decision) against a uniformly random
-- player: at least 95 wins in 100 seeded games of wehrschach.
local versus_random = require "versus_random"

describe("ai: MCTS against random play in wehrschach", function()
  it("wins at least 95 of 100 games", function()
    local wins = versus_random("wehrschach", 40, 100)
    assert.is_true(wins >= 95, wins .. " wins")
  end)
end)
