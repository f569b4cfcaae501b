-- bench/playouts.lua GAME N [OPTION...]: N seeded uniform random playouts
-- of GAME from its start (options as for --option), each to the end of the
-- game; prints "N games A actions D draws W1 W2" (wins by side). Run from
-- the project root with lua5.4 and the built module (bench/*.sh does).
package.path = "stdlib/?.lua;stdlib/?/init.lua;" .. package.path
package.cpath = "build/lua/?.so;" .. package.cpath
local wg = require "wargrid"

local name, n = arg[1], tonumber(arg[2] or "")
if not name or not n then
  io.stderr:write("usage: lua5.4 bench/playouts.lua GAME N [OPTION...]\n")
  os.exit(2)
end
local game = wg.load(name):with_options(table.move(arg, 3, #arg, 1, {}))
local actions, wins = 0, { [0] = 0, 0, 0 }
for i = 1, n do
  local s = game:new(nil, i)
  actions = actions + wg.playout(game, s, i * 2654435761)
  local winner = game:result(s)
  wins[winner] = wins[winner] + 1
end
print(string.format("%d games %d actions %d draws %d %d", n, actions,
                    wins[0], wins[1], wins[2]))
