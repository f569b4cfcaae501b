-- wargrid.api: the module a game script builds its game with -- what its
-- `require "wargrid"` holds (the loader hands each load a copy of its
-- own). The trusted wargrid module (wargrid/init.lua) is this and what
-- only wargrid's own code and specs use: wargrid.host, wg.perft,
-- wg.playout, and wg.load and wg.variant that find games by name.
local core = require "wargrid.core"
local game = require "wargrid.game"

local api = {}

api.VERSION = require "wargrid.version"
api.core = core              -- what rule scripts may call (runtime/core_lua.c)
api.MOVE = game.MOVE         -- the kind of action the pattern tracer makes
api.game = game.new
api.act = core.act           -- wg.act(kind, a, b, c, d, e) -> action
api.fields = core.fields     -- wg.fields(action) -> kind, a, b, c, d, e
api.actions = core.actions   -- wg.actions() -> an empty action list
api.fen = require "wargrid.fen"
api.text = require "wargrid.text"  -- wg.text.quote(input), .integer(...)
api.help = require "wargrid.help"  -- words for a game's help (game:notation)
api.explain_line = game.explain_line  -- "illegal: C-E1 ..." (game:explain)
api.why = require "wargrid.why"  -- reasons games share (game:why)
-- wg.State: the methods of every state, for a game's hot paths (actions,
-- play) to hold in locals: `local side = wg.State.side` and then side(s)
-- calls the primitive without looking it up in the state's metatable.
api.State = core.State
-- The evaluation's material terms and their features (wargrid.weights),
-- for a game's own game:terms and game:features to begin with.
api.material_terms = require("wargrid.weights").material_terms
api.material_features = require("wargrid.weights").material_features

return api
