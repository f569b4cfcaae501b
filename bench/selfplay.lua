-- bench/selfplay.lua GAME N: random-player self-play (wargrid.selfplay)
-- beside the C playout loop (wg.playout) on the same game, in one process
-- (no start-up in the numbers): N games each, seeds 1..N. Prints
-- "selfplay_seconds selfplay_actions playout_seconds playout_actions
-- peak_rss_kb". Run from the project root with lua5.4 (bench/*.sh does).
package.path = "stdlib/?.lua;stdlib/?/init.lua;" .. package.path
package.cpath = "build/lua/?.so;" .. package.cpath
local wg = require "wargrid"
local selfplay = require "wargrid.selfplay"

local name, n = arg[1], tonumber(arg[2] or "")
assert(name and n, "usage: selfplay.lua GAME N")
local game = wg.load(name)
local players = assert(selfplay.players("random", "random"))
local clock = wg.core.clock

local t0, sp = clock(), 0
for i = 1, n do
  sp = sp + selfplay.play(game, players, i, i, 100000).plies
end
local t1, po = clock(), 0
for i = 1, n do
  po = po + wg.playout(game, game:new(nil, i), i)
end
local t2 = clock()
local peak = 0
for l in io.lines("/proc/self/status") do
  peak = tonumber(l:match("^VmHWM:%s+(%d+)")) or peak
end
print(string.format("%.6f %d %.6f %d %d", t1 - t0, sp, t2 - t1, po, peak))
