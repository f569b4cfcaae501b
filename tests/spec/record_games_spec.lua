-- Every game's records round-trip: a record written from a seeded random
-- game, read back and written again, gives the same bytes; and what is read
-- back names the actions that were played.
local record = require "wargrid.record"
local replay = require "wargrid.replay"
local R = require "records"
local T = require "wargrid.test"

local GAMES = { "courier", "courier_historical", "wehrschach", "trenches", "amazons", "blockwars" }

describe("records: write, read, write", function()
  for _, name in ipairs(GAMES) do
    it(name .. ": 200 random games round-trip byte for byte", function()
      local game = T.game(name)
      local actions = 0
      for seed = 1, 200 do
        local text, _, n = R.game(game, seed, 200)
        local rec = assert(record.read(text))
        assert.equal(text, record.write(rec))
        assert.equal(n, #replay.actions(game, rec))
        actions = actions + n
      end
      assert.is_true(actions > 200 * 50)
    end)
  end

  it("blockwars: a record names the game's own turns, its placement and sub-decisions", function()
    local game = T.game "blockwars"
    local text = R.game(game, 2, 60)
    local lines = {}
    for l in text:gmatch("[^\n]+") do lines[#lines + 1] = l end
    -- the Germans place, then the Canadians, then the Germans' first turn
    -- (all "Turn 1"); a turn per line; a fighter's strafe with its dogfight
    -- inside the turn it came from
    local turns = {}
    for _, l in ipairs(lines) do
      local n = l:match("^(%d+%.+) ")
      if n then turns[#turns + 1] = n end
    end
    assert.same({ "1.", "1...", "1...", "2.", "3.", "4.", "5.", "6.", "7.", "8.", "9.", "10.", "11.", "12." },
                turns)
    assert.matches("\n7%. b5a4xb3 {#%x+}, fly 2 {#%x+}, dogfight 2 {#%x+},\nstrafe a2 {#%x+}, g5xf5 {#%x+}\n",
                   text)
  end)
end)
