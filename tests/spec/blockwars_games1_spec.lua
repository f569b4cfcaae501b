-- Block Wars: seeded random games 1 to 5000 of the 10,000 (the other
-- half is in blockwars_games2_spec.lua); see tests/blockwars_games.lua.
local games = require "blockwars_games"

describe("blockwars: random games 1-5000", function()
  it("BW-W1 BW-W2 BW-S6 every game ends, and no unit is ever lost", function()
    local r = games.play(1, 5000)
    assert.equal(5000, r[0] + r[1] + r[2])
    io.stderr:write("blockwars random games 1-5000: ", games.summary(r, 5000), "\n")
  end)
end)
