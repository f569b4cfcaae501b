-- bench/games.lua: in-process timings of one game for bench/*.sh sections
-- (no process start-up in the numbers). Run from the project root:
--   lua5.4 bench/games.lua GAME perft DEPTH RUNS [POSITION]
--     -> "min median max nodes peak_rss_kb"
--   lua5.4 bench/games.lua GAME playouts N RUNS
--     -> "min median max plies peak_rss_kb"
-- Times are CPU seconds of this process (os.clock): on a machine shared
-- with other work they are far steadier than wall time. The median of
-- RUNS counts.
-- GAME is a name, or a game's file: a file given by path is untrusted, its
-- callbacks each under a budget (bench/budget.sh compares the two).
package.path = "stdlib/?.lua;stdlib/?/init.lua;" .. package.path
package.cpath = "build/lua/?.so;" .. package.cpath
local wg = require "wargrid"
local loader = require "wargrid.loader"

local name, what = arg[1], arg[2]
local n, runs = tonumber(arg[3]), tonumber(arg[4] or 3)
local game = name:find("/") and loader.load_file(name) or wg.load(name)

local start = assert(game:new(arg[5]))
local s = start:copy()

local function perft()
  return wg.perft(game, start, n)
end

local function playouts()   -- n games from the start, seeds 1..n
  local plies = 0
  for seed = 1, n do
    s:assign(start)
    local k, ended = wg.playout(game, s, seed)
    assert(ended, "a playout did not end")
    plies = plies + k
  end
  return plies
end

local job = ({ perft = perft, playouts = playouts })[what]
assert(job and n and runs, "usage: games.lua GAME perft|playouts N [RUNS]")
local times, count = {}, 0
for i = 1, runs do
  local t0 = os.clock()
  count = job()
  times[i] = os.clock() - t0
end
table.sort(times)
local peak = wg.host.usage().peak_kib
print(string.format("%.6f %.6f %.6f %d %d", times[1], times[(runs + 1) // 2],
                    times[runs], count, peak))
