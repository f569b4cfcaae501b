-- bench/nodes.lua: the nodes the alpha-beta search visits from a game's
-- start in a time budget, with T processes (every process's nodes).
--   lua5.4 bench/nodes.lua GAME THREADS SECONDS [cpu]
-- With cpu, each process counts its own processor time, so the count does
-- not depend on what else the machine runs: on two idle cores it is what
-- the same wall time would give.
package.path = "stdlib/?.lua;stdlib/?/init.lua;" .. package.path
package.cpath = "build/lua/?.so;" .. package.cpath
local wg = require "wargrid"
local game = wg.load(arg[1])
local _, st = wg.host.search(game, game:new(), {
  threads = tonumber(arg[2]), seconds = tonumber(arg[3]),
  cpu = arg[4] == "cpu",
  repetition_draw = (game.def.ai or {}).repetition == "draw" })
print(st.nodes)
