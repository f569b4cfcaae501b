-- wargrid: the API game scripts use.
--
--   local wg = require "wargrid"
--   local game = wg.game { name = ..., board = ..., pieces = ..., ... }
--   function game:actions(s, out) ... end
--   function game:play(s, a) ... end
--   return game
--
-- States (s) are C objects; their methods are the runtime's primitives
-- (see README.md, "The runtime"). Actions are integers made by wg.act and
-- read by wg.fields.
local core = require "wargrid.core"
local host = require "wargrid.host"
local game = require "wargrid.game"

local wg = {}

wg.VERSION = require "wargrid.version"
wg.core = core               -- what rule scripts may call (runtime/core_lua.c)
wg.host = host               -- what only wargrid's own code may call
wg.MOVE = game.MOVE          -- the kind of action the pattern tracer makes
wg.game = game.new
wg.act = core.act            -- wg.act(kind, a, b, c, d, e) -> action
wg.fields = core.fields      -- wg.fields(action) -> kind, a, b, c, d, e
wg.actions = core.actions    -- wg.actions() -> an empty action list
wg.fen = require "wargrid.fen"
wg.text = require "wargrid.text"  -- wg.text.quote(input), .integer(input, ...)
wg.help = require "wargrid.help"  -- words for a game's help (game:notation)
wg.explain_line = game.explain_line  -- "illegal: C-E1 ..." (game:explain)
wg.why = require "wargrid.why"  -- reasons games share (game:why)
wg.perft = host.perft        -- wg.perft(game, s, depth) -> leaves
wg.playout = host.playout    -- wg.playout(game, s, seed [, max [, after]])
-- wg.State: the methods of every state, for a game's hot paths (actions,
-- play) to hold in locals: `local side = wg.State.side` and then side(s)
-- calls the primitive without looking it up in the state's metatable.
wg.State = core.State

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
