-- Game of Trenches: the rules as its rulebook (rules.md, beside this file)
-- gives them, section by section, with rule IDs where each is implemented.
-- A relative of the Game of the Amazons: soldiers play like amazons (a
-- queen move, then a grenade that kills a square), tanks are queens that
-- kill the square they leave. The other files of the folder hold what is
-- not a rule: text.lua the notation and position text, why.lua the reasons
-- an action is illegal, look.lua the pictures, ai.lua the evaluation and
-- the playouts' draw.
local wg = require "wargrid"

-- The keys of Trenches' declaration beyond every game's (wargrid.schema).
local KEYS = {
  grenade = { type = "table", rule = "T-G1",
              help = "the soldiers' grenades (T-G1..T-G3, T-T2)", fields = {
    moves = { type = "string or list", rule = "T-G1", pattern = true,
              help = "where a grenade flies from the thrower's square, as a "
                     .. "piece's moves: its m atoms (T-M2 stops it)" },
    pattern = { type = "string", rule = "T-G1",
                help = "a piece type whose moves grenades follow instead of "
                       .. "moves (variants written before moves)" },
    thrower = { type = "list of string", rule = "T-G1",
                help = "the piece types whose action is a move and a throw" },
    guards = { type = "list of string", rule = "T-T2",
               help = "piece types next to which no grenade lands" },
    protected_stops = { type = "boolean", rule = "T-G2",
                        help = "a guarded square also stops a grenade in "
                               .. "flight" },
    onto_origin = { type = "boolean", rule = "T-G3",
                    help = "the square the thrower left may receive its "
                           .. "grenade" },
  } },
  leave_debris = { type = "list of string", rule = "T-T1",
                   help = "the piece types whose move leaves debris where "
                          .. "they stood" },
}

local game = wg.game {
  name = "trenches",
  keys = KEYS,
  title = "Game of Trenches",

  -- Board and setup ----------------------------------------------------
  -- T-B1 10x10, files a-j, ranks 1-10, Light and Dark. A square is empty,
  -- holds a piece, or holds debris (a dead square, written x): the dynamic
  -- layer debris, which stops every move and every grenade the runtime
  -- traces (T-M2).
  board = {
    files = 10, ranks = 10,
    -- `rule`: cited when debris stops a move
    layers = { debris = { dynamic = true, stops = true,
                          label = "debris (a dead square)", rule = "T-M2",
                          look = { fill = "#5b4a3a", opacity = 0.9,
                                   pattern = "rubble", ink = "#2a2018" } } },
    marks = { debris = "x" },
  },
  -- the layer was called dead: a variant that still says so changes debris
  aliases = { ["board.layers.dead"] = "board.layers.debris",
              ["board.marks.dead"] = "board.marks.debris" },
  sides = { "light", "dark" },
  look = { board = { light = "#e4dcc6", dark = "#c9bb98" } },

  -- Movement (both piece kinds) ----------------------------------------
  -- T-M1 like a chess queen, any distance along one of the 8 lines, to an
  -- empty square: Betza mQ (move only, never capture).
  -- T-M2 nothing passes over debris (the layer stops it) nor, RULING, over
  -- a piece, as in the Amazons: the pattern has no over_own / over_enemy. A
  -- variant lets pieces be passed with over_own = "all", over_enemy = "all"
  -- (a piece's, by its moves; a grenade, by grenade.moves).
  -- `rule`: the rule a piece's moves follow, cited when a move is not one.
  pieces = {
    soldier = { letter = "s", moves = "mQ", rule = "T-M1",
                look = { glyph = "soldier" } },
    tank    = { letter = "t", moves = "mQ", rule = "T-M1",
                look = { glyph = "tank" } },
  },

  -- Soldiers' grenades (T-G1..T-G3), as data a variant may change.
  grenade = {
    -- T-G1 a grenade flies along one of the 8 lines to an empty square, as
    -- a move does (T-M2): a pattern of its own, so that a variant that
    -- changes how soldiers move keeps how far their grenades fly
    moves = "mQ",
    thrower = { "soldier" },  -- T-G1 the pieces whose action is a move and a
                              -- throw
    guards = { "tank" },      -- T-T2 no grenade lands next to a tank
    -- T-G2 RULING: protected squares stop nothing in flight; only the
    -- landing square must be unprotected. true would make them stop it.
    protected_stops = false,
    -- T-G3 RULING: the square the soldier just left is empty and may
    -- receive the grenade (as in the Amazons). false keeps it occupied.
    onto_origin = true,
  },
  -- T-T1 the pieces whose move leaves debris where they stood
  leave_debris = { "tank" },

  -- T-S1 RULING (the original diagram is lost): Light soldiers a4, d1, g1,
  -- j4 and tanks c2, h2, e3, f3; Dark mirrored on ranks 7-10.
  -- T-S2 Light moves first.
  start = "3s2s3/2t4t2/4tt4/s8s/10/10/S8S/4TT4/2T4T2/3S2S3 l",

  -- The AI searches alpha-beta on territory (ai.lua), which beat MCTS with
  -- the same evaluation at equal processor time (doc/designers.md, "Helping
  -- the AI"); its levels are fewer nodes than other games', each costing a
  -- count of territory. MCTS, when asked for, ends playouts after two
  -- actions on it; five squares more than the other side is a 73% chance.
  ai = { search = "alphabeta", levels = { 300, 1000, 3000, 6000, 12000 },
         playout_depth = 2, eval_scale = 5 },
  -- T-G1 a move and the grenade it then throws are one action.
  engine = { refused = "a soldier's move and the grenade it then throws are "
                       .. "one action in two parts (T-G1), and a CECP move "
                       .. "has one" },
}

-- One kind of turn (T-G1: a move, then a throw, is one action): no phases
-- are declared, so the state's phase word stays 0 as it always has, and
-- help tells no phase for a game of one.

-- T-G1 the action kinds: a plain move (wg.MOVE: from, to) and a soldier's
-- move with its throw (from, to, the grenade's square).
local THROW = 2

-- game:is_throw(kind) -> true for a move with its throw (T-G1)
function game:is_throw(kind)
  return kind == THROW
end

-- What the rules above compile to, for this game or a variant of it: the
-- shots the runtime traces (T-G1..T-G3, T-T2), the types that move without
-- a throw (T-T1), those whose move leaves debris (T-T1), and the layer.
function game:prepare()
  local function types(names)
    local m = 0
    for _, name in ipairs(names or {}) do
      if self.T[name] then m = m | (1 << self.T[name]) end
    end
    return m
  end
  local g = self.def.grenade or {}
  local throwers = types(g.thrower)
  local walkers = 0               -- every other piece moves without a throw
  for _, id in pairs(self.T) do
    if throwers & (1 << id) == 0 then walkers = walkers | (1 << id) end
  end
  -- T-G1 where grenades fly: their own pattern, or a piece type's moves
  local reach = self.patterns["grenade.moves"]
  if g.pattern ~= nil then reach = self.T[g.pattern] end
  return {
    shots = {
      kind = THROW, movers = throwers, pattern = reach,
      guards = types(g.guards), guards_stop = g.protected_stops,
      origin_open = g.onto_origin,
    },
    walkers = walkers,
    leave_debris = types(self.def.leave_debris),
    debris = self.L.debris,
  }
end

-- Legal actions -------------------------------------------------------
-- The primitives of the hot paths (actions, play) held in locals
-- (wg.State): no lookup in the state's metatable a call.
local State = wg.State
local trace_shots, trace, side_to_move = State.trace_shots, State.trace,
                                         State.side
local apply_move, set_layer, end_turn = State.apply_move, State.set_layer,
                                        State.end_turn
local play_shot = State.play_shot
local fields, MOVE = wg.fields, wg.MOVE

-- game:side_actions(s, side, out): the actions of one side's pieces (the
-- side to move, or for T-E2 the winner).
local function side_actions(self, s, side, out)
  local p = self.prepared_data or self:prepared()
  -- T-G1 a soldier moves, then throws from its landing square; T-G2 not onto
  -- a protected square; T-G4 a move with no legal throw is no action. One C
  -- call traces every soldier's moves and throws.
  if p.shots.pattern then trace_shots(s, out, side, p.shots) end
  -- T-T1 a tank may move to any square reachable by T-M1/T-M2.
  if p.walkers ~= 0 then trace(s, out, side, MOVE, nil, p.walkers) end
end

game.side_actions = side_actions

function game:actions(s, out)
  side_actions(self, s, side_to_move(s), out)
end

-- Effects -------------------------------------------------------------
function game:play(s, a)
  local kind, from, to = fields(a)
  local p = self.prepared_data or self:prepared()
  if kind == THROW then
    -- T-M1 the soldier moves, T-G1 debris where the grenade lands: one C
    -- call, which ends the turn too
    play_shot(s, a, p.debris)
    return
  end
  apply_move(s, a)                                 -- T-M1
  if p.leave_debris & (1 << s:type(s:at(to))) ~= 0 then
    set_layer(s, from, p.debris, true)             -- T-T1 debris behind it
  end
  end_turn(s)
end

-- End of game ---------------------------------------------------------
-- T-E2 the winner's score: how many of its pieces still have a legal action.
-- RULING (confirmed 2026-11-23): the final position has the loser to
-- move; a winner's piece counts if it would have a legal action were it the
-- winner's turn there.
function game:score(s, side)
  local out = wg.actions()
  self:side_actions(s, side, out)
  local movers = {}
  for i = 1, out:size() do
    local _, from = fields(out:get(i))
    movers[from] = true
  end
  local n = 0
  for _ in pairs(movers) do n = n + 1 end
  return n
end

-- T-E1 a player with no legal action on their turn loses.
function game:result(s)
  local loser = s:side()
  local winner = 3 - loser
  return winner, self:side_name(loser) .. " has no legal action",
         self:score(s, winner)                    -- T-E2 reported with it
end

-- Declaration -----------------------------------------------------------
-- What a variant may leave impossible: no debris (T-M2, T-T1, T-G1),
-- grenades that follow the moves of a piece type the game has not (T-G1),
-- sides that position text cannot tell apart (T-B1).
function game:validate()
  local debris = self.def.board.layers and self.def.board.layers.debris
  if not (self.L.debris and debris.dynamic) then
    return nil, "T-M2 the board needs the dynamic layer debris: keep "
                .. "board.layers.debris in the variant"
  end
  local p = self:prepared()
  if p.shots.movers ~= 0 and not p.shots.pattern then
    return nil, string.format("T-G1 the grenade follows the moves of '%s', a "
                              .. "piece type the game has not: override "
                              .. "grenade.pattern in the variant",
                              tostring(self.def.grenade.pattern))
  end
  -- T-B1 position text writes the side to move by its name's first letter
  local a, b = self.sides[1]:sub(1, 1), self.sides[2]:sub(1, 1)
  if a == b then
    return nil, string.format("T-B1 the sides' names start with the same "
                              .. "letter '%s', which position text writes "
                              .. "for the side to move: override sides in "
                              .. "the variant", a)
  end
  return true
end

return game:include(require "trenches.text", require "trenches.why",
                    require "trenches.look", require "trenches.ai")
