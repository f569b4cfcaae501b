-- bench/selfplay.lua GAME N [RUNS]: random-player self-play
-- (wargrid.selfplay) beside the C playout loop (wg.playout) on the same
-- game, in one process (no start-up in the numbers): N games each, seeds
-- 1..N, medians of RUNS (default 3). Prints "selfplay_seconds
-- selfplay_actions playout_seconds playout_actions peak_rss_kb". Run from
-- the project root with lua5.4 (bench/*.sh does).
package.path = "stdlib/?.lua;stdlib/?/init.lua;" .. package.path
package.cpath = "build/lua/?.so;" .. package.cpath
local wg = require "wargrid"
local selfplay = require "wargrid.selfplay"

local name, n, runs = arg[1], tonumber(arg[2] or ""), tonumber(arg[3] or 3)
assert(name and n, "usage: selfplay.lua GAME N [RUNS]")
local game = wg.load(name)
local players = assert(selfplay.players("random", "random"))
local clock = os.clock   -- CPU seconds: steadier on a shared machine

local function selfplays()
  local plies = 0
  for i = 1, n do
    plies = plies + selfplay.play(game, players, i, i, 100000).plies
  end
  return plies
end

local function playouts()
  local plies = 0
  for i = 1, n do plies = plies + wg.playout(game, game:new(nil, i), i) end
  return plies
end

-- the two take turns, RUNS times each: the machine's load falls on both
local times, count = { {}, {} }, {}
for r = 1, runs do
  for k, job in ipairs({ selfplays, playouts }) do
    local t0 = clock()
    count[k] = job()
    times[k][r] = clock() - t0
  end
end
for k = 1, 2 do table.sort(times[k]) end
local peak = wg.host.usage().peak_kib
local mid = (runs + 1) // 2
print(string.format("%.6f %d %.6f %d %d", times[1][mid], count[1],
                    times[2][mid], count[2], peak))
