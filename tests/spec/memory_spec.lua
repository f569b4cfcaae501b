-- Constant memory: 2,000 random games of each game in one process, as
-- `wargrid selfplay` plays them (wargrid.selfplay.play, the records kept).
-- After the first 200 games neither the Lua heap nor the runtime's own C
-- allocations (host.memory()) may grow: both are measured after a full
-- collection, and must stay within 5%. Between collections the runtime's
-- memory must stay within 1.5 times what it holds after one: a state or
-- an action list is a few bytes to Lua's collector and kilobytes to the
-- runtime, and garbage ones once piled up with the size of the heap.
-- Games are cut off after 40 actions to keep this fast (about 10 s).
local wg = require "wargrid"
local selfplay = require "wargrid.selfplay"

local GAMES, FIRST, PLIES = 2000, 200, 40

local function collected()
  collectgarbage()
  collectgarbage()
  return collectgarbage("count") * 1024, wg.host.memory()
end

for _, name in ipairs({ "courier", "wehrschach", "trenches", "amazons",
                        "blockwars" }) do
  describe("memory: " .. name, function()
    it("is flat over 2,000 random games after the first 200", function()
      local game = wg.load(name)
      local players = assert(selfplay.players("random", "random"))
      local run = { records = {} }   -- kept, as a run keeps them
      local plies, peak = 0, 0
      local lua0, c0
      for i = 1, GAMES do
        local rec = selfplay.play(game, players, i, i, PLIES)
        plies = plies + rec.plies
        if i > FIRST then
          run.records[#run.records + 1] = rec
          peak = math.max(peak, wg.host.memory())
        elseif i == FIRST then
          lua0, c0 = collected()
        end
      end
      assert.are.equal(GAMES - FIRST, #run.records)
      run.records = nil   -- the heap is measured without them
      local lua1, c1 = collected()
      assert.is_true(plies > GAMES * 10, "games were played: " .. plies)
      assert.is_true(c0 > 0, "the runtime holds the game")
      assert.is_true(lua1 <= lua0 * 1.05, string.format(
        "Lua heap %.0f bytes after %d games, %.0f after %d", lua0, FIRST,
        lua1, GAMES))
      assert.is_true(c1 <= c0 * 1.05, string.format(
        "runtime %d bytes after %d games, %d after %d", c0, FIRST, c1,
        GAMES))
      assert.is_true(peak <= c1 * 1.5, string.format(
        "runtime peak %d bytes between collections, %d after one", peak,
        c1))
    end)
  end)
end

-- The run as a whole: `wargrid selfplay` keeps counts, never a record per
-- game, nor a list of the games to play, so its peak resident memory after
-- 5,000 random games of Trenches is that after 500 (it grew by 0.7 KB a
-- game when the records were kept: 38% here). bench/memory.sh measures
-- 1,000 against 100,000.
describe("memory: a selfplay run", function()
  local function peak(args)
    local h = io.popen("/usr/bin/time -f 'peak %M' build/wargrid selfplay "
                       .. args .. " 2>&1 >/dev/null")
    local out = h:read("a")
    h:close()
    return tonumber(out:match("peak (%d+)"))
  end

  it("peaks the same after 5,000 random games as after 500", function()
    for _, jobs in ipairs { 1, 2 } do
      local args = "trenches --white random --black random --jobs " .. jobs
                   .. " --games "
      local small, big = peak(args .. 500), peak(args .. 5000)
      assert.is_true(big <= small * 1.1, string.format(
        "--jobs %d: %d KB after 5,000 games, %d KB after 500", jobs, big,
        small))
    end
  end)
end)
