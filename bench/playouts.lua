-- bench/playouts.lua GAME N: plays N seeded random games (seeds 1..N) to
-- the end with core.playout and prints "N PLIES": the games and the actions
-- played. Run from the project root with lua5.4 (bench/run does).
package.path = "stdlib/?.lua;stdlib/?/init.lua;" .. package.path
package.cpath = "build/lua/?.so;" .. package.cpath
local wg = require "wargrid"

local name, n = arg[1], tonumber(arg[2] or "100")
local game = wg.load(name)
local plies = 0
for seed = 1, n do
  local s = assert(game:new())
  local k, ended = wg.playout(game, s, seed, 1000000)
  assert(ended, string.format("%s: game %d did not end", name, seed))
  plies = plies + k
end
print(n, plies)
