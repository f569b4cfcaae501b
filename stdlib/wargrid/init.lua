-- wargrid: the API game scripts use (wargrid.api, a copy of which is what
-- a script's `require "wargrid"` holds), and for wargrid's own code and
-- specs the host's module and the drivers that run games.
--
--   local wg = require "wargrid"
--   local game = wg.game { name = ..., board = ..., pieces = ..., ... }
--   function game:actions(s, out) ... end
--   function game:play(s, a) ... end
--   return game
--
-- States (s) are C objects; their methods are the runtime's primitives
-- (see doc/script-api.md). Actions are integers made by wg.act and read by
-- wg.fields.
local host = require "wargrid.host"
local game = require "wargrid.game"

local wg = {}
for k, v in pairs(require "wargrid.api") do wg[k] = v end

wg.host = host               -- what only wargrid's own code may call
wg.perft = host.perft        -- wg.perft(game, s, depth) -> leaves
wg.playout = host.playout    -- wg.playout(game, s, seed [, max [, after]])

-- wg.load(name) -> game, found by name in the game directories
function wg.load(name)
  return require("wargrid.loader").load(name)
end

-- wg.variant(base, changes) -> game; base is a game or a game's name
function wg.variant(base, changes)
  if type(base) == "string" then base = wg.load(base) end
  return game.variant(base, changes)
end

return wg
