-- bench/mcts.lua GAME ITERATIONS [RUNS]: MCTS from the game's start
-- position (wargrid.ai.mcts), timed in-process (no start-up in the
-- numbers); prints "min median max iterations peak_rss_kb", CPU seconds
-- of RUNS runs (default 3). Run from the project root with lua5.4.
package.path = "stdlib/?.lua;stdlib/?/init.lua;" .. package.path
package.cpath = "build/lua/?.so;" .. package.cpath
local wg = require "wargrid"
local ai = require "wargrid.ai"

local name, n, runs = arg[1], tonumber(arg[2] or ""), tonumber(arg[3] or 3)
assert(name and n, "usage: mcts.lua GAME ITERATIONS [RUNS]")
local game = wg.load(name)
local s = game:new(nil, 1)
local times = {}
for r = 1, runs do
  local t0 = os.clock()
  ai.mcts(game, s, { iterations = n, seed = r })
  times[r] = os.clock() - t0
end
table.sort(times)
local peak = wg.host.usage().peak_kib
print(string.format("%.6f %.6f %.6f %d %d", times[1], times[(runs + 1) // 2],
                    times[runs], n, peak))
