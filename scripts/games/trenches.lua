-- Game of Trenches: the rules as its rulebook (trenches.md, beside this
-- file) gives them, section by section, with rule IDs where each is
-- implemented. A relative of the Game of the Amazons: soldiers play like
-- amazons (a queen move, then a grenade that kills a square), tanks are
-- queens that kill the square they leave.
--
-- Position text, FEN-like: the ranks from 10 down to 1, separated by "/";
-- S a soldier, T a tank (upper case Light, lower case Dark), x a dead square
-- (debris), a number that many empty squares; then the side to move by the
-- first letter of its name: l (Light) or d (Dark). The start:
--   3s2s3/2t4t2/4tt4/s8s/10/10/S8S/4TT4/2T4T2/3S2S3 l
--
-- Actions are written as Amazons records write a move and its arrow: a
-- soldier's move and grenade d1-d5/h5 (from, to, the grenade's square), a
-- tank's move c2-c6. Typed text may leave the dashes out (d1d5/h5).
local wg = require "wargrid"
local fen = wg.fen

-- The keys of Trenches' declaration beyond every game's (wargrid.schema).
local KEYS = {
  grenade = { type = "table", help = "T-G1..T-G3 the soldiers' grenades",
              fields = {
    pattern = { type = "string",
                help = "T-G1 the piece type whose lines a grenade follows" },
    thrower = { type = "list of string",
                help = "the piece types whose action is a move and a throw" },
    guards = { type = "list of string",
               help = "T-T2 piece types next to which no grenade lands" },
    protected_stops = { type = "boolean",
                        help = "T-G2 a guarded square also stops a grenade "
                               .. "in flight" },
    onto_origin = { type = "boolean",
                    help = "T-G3 the square the thrower left may receive "
                           .. "its grenade" },
  } },
  leave_debris = { type = "list of string",
                   help = "T-T1 the piece types whose move kills the square "
                          .. "they leave" },
}

local game = wg.game {
  name = "trenches",
  keys = KEYS,
  title = "Game of Trenches",

  -- Board and setup ----------------------------------------------------
  -- T-B1 10x10, files a-j, ranks 1-10, Light and Dark. A square is empty,
  -- holds a piece, or is dead: the dynamic layer "dead" is the debris. It
  -- stops every move and every grenade the runtime traces (T-M2).
  board = {
    files = 10, ranks = 10,
    layers = { dead = { dynamic = true, stops = true,
                        label = "debris (a dead square)" } },
    marks = { dead = "x" },
  },
  sides = { "light", "dark" },

  -- Movement (both piece kinds) ----------------------------------------
  -- T-M1 like a chess queen, any distance along one of the 8 lines, to an
  -- empty square: Betza mQ (move only, never capture).
  -- T-M2 nothing passes over debris (the layer stops it) nor, RULING, over
  -- a piece, as in the Amazons: the pattern has no over_own / over_enemy. A
  -- variant lets pieces be passed with over_own = "all", over_enemy = "all".
  pieces = {
    soldier = { letter = "s", moves = "mQ" },
    tank    = { letter = "t", moves = "mQ" },
  },

  -- Soldiers' grenades (T-G1..T-G3), as data a variant may change.
  grenade = {
    pattern = "soldier",      -- T-G1 along the soldier's 8 lines, obeying T-M2
    thrower = { "soldier" },  -- the pieces whose action is a move and a throw
    guards = { "tank" },      -- T-T2 no grenade lands next to a tank
    -- T-G2 RULING: protected squares stop nothing in flight; only the
    -- landing square must be unprotected. true would make them stop it.
    protected_stops = false,
    -- T-G3 RULING: the square the soldier just left is empty and may
    -- receive the grenade (as in the Amazons). false keeps it occupied.
    onto_origin = true,
  },
  -- T-T1 the pieces whose move kills the square they leave
  leave_debris = { "tank" },

  -- T-S1 RULING (the original diagram is lost): Light soldiers a4, d1, g1,
  -- j4 and tanks c2, h2, e3, f3; Dark mirrored on ranks 7-10.
  -- T-S2 Light moves first.
  start = "3s2s3/2t4t2/4tt4/s8s/10/10/S8S/4TT4/2T4T2/3S2S3 l",

  -- Hints for the AI: playouts end after two actions on mobility (see
  -- game:evaluate); five more moves than the other side is a 73% chance.
  ai = { playout_depth = 2, eval_scale = 5 },
}

-- Action kinds: a plain move (wg.MOVE: from, to) and a move with a throw
-- (from, to, the grenade's square).
local THROW = 2

-- What the rules above compile to, for this game or a variant of it.
local function plan(self)
  if self.trenches_plan then return self.trenches_plan end
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
  local p = {
    shots = {
      kind = THROW, movers = throwers, pattern = self.T[g.pattern],
      guards = types(g.guards), guards_stop = g.protected_stops,
      origin_open = g.onto_origin,
    },
    walkers = walkers,
    debris = types(self.def.leave_debris),
    dead = self.L.dead,
  }
  self.trenches_plan = p
  return p
end

-- Legal actions -------------------------------------------------------
-- The actions of one side's pieces (the side to move, or for T-E2 the
-- winner).
function game:side_actions(s, side, out)
  local p = plan(self)
  -- T-G1 a soldier moves, then throws from its landing square; T-G2 not onto
  -- a protected square; T-G4 a move with no legal throw is no action. One C
  -- call traces every soldier's moves and throws.
  if p.shots.pattern then s:trace_shots(out, side, p.shots) end
  -- T-T1 a tank may move to any square reachable by T-M1/T-M2.
  s:trace(out, side, wg.MOVE, nil, p.walkers)
end

function game:actions(s, out)
  self:side_actions(s, s:side(), out)
end

-- Effects -------------------------------------------------------------
function game:play(s, a)
  local kind, from, to, target = wg.fields(a)
  local p = plan(self)
  s:apply_move(a)                                  -- T-M1
  if kind == THROW then
    s:set_layer(target, p.dead, true)              -- T-G1 the square dies
  elseif p.debris & (1 << s:type(s:at(to))) ~= 0 then
    s:set_layer(from, p.dead, true)                -- T-T1 its start dies
  end
  s:end_turn()
end

-- T-G1 "d1-d5/h5"; a tank's move "c2-c6".
function game:action_text(s, a)
  local kind, from, to, target = wg.fields(a)
  local r = self.rules
  local text = r:name(from) .. "-" .. r:name(to)
  if kind == THROW then text = text .. "/" .. r:name(target) end
  return text
end

-- game:notation(): the actions' notation and what each leaves behind,
-- told from the declaration (grenade, leave_debris) with examples legal at
-- the start, so that a variant's help follows the variant.
local function piece_on(self, s, name)
  local pid = s:at(self.rules:square(name))
  return wg.help.piece_name(self.type_names[s:type(pid)])
end

function game:notation()
  local help, g = wg.help, self.def.grenade or {}
  local p = plan(self)
  local s = self:new()
  local lines = { self.title .. " actions (the dashes may be left out):" }
  local function line(example, text)
    lines[#lines + 1] = help.wrap(text, string.rep(" ", 14),
                                  string.format("  %-12s", example))
  end
  -- the middle one of each kind, for an example less lopsided than the first
  local throws, moves = {}, {}
  for _, text in ipairs(s and self:action_texts(s) or {}) do
    local list = text:find("/", 1, true) and throws or moves
    list[#list + 1] = text
  end
  local throw, move = throws[#throws // 2 + 1], moves[#moves // 2 + 1]
  local thrower
  if throw then
    local from, to, at = throw:match("^(%w+)%-(%w+)/(%w+)$")
    thrower = piece_on(self, s, from)
    line(throw, string.format("the %s on %s moves to %s, then throws a "
                              .. "grenade to %s, which becomes debris (T-G1)",
                              thrower, from, to, at))
  end
  if move then
    local from, to = move:match("^(%w+)%-(%w+)$")
    local pid = s:at(self.rules:square(from))
    line(move, string.format("the %s on %s moves to %s%s",
                             piece_on(self, s, from), from, to,
                             p.debris & (1 << s:type(pid)) ~= 0
                             and "; " .. from .. " becomes debris (T-T1)"
                             or ""))
  end
  local rules = { "No move and no grenade passes over a piece or debris "
                  .. "(T-M2)." }
  if thrower then
    local guards = {}
    for _, name in ipairs(g.guards or {}) do
      if self.T[name] then guards[#guards + 1] = help.piece_name(name) end
    end
    if #guards > 0 then
      rules[#rules + 1] = string.format(
        "A grenade never lands on one of the 8 squares around a %s (T-T2)%s.",
        help.list(guards, "or"), g.protected_stops
        and ", and those squares stop it in flight"
        or "; it may fly over them (T-G2)")
    end
    rules[#rules + 1] = g.onto_origin
      and string.format("A grenade may land on the square the %s just left "
                        .. "(T-G3).", thrower)
      or string.format("A grenade may not land on the square the %s just "
                       .. "left.", thrower)
    rules[#rules + 1] = string.format("A %s may not move where it has no "
                                      .. "grenade to throw (T-G4).", thrower)
  end
  rules[#rules + 1] = "A player with no action on their turn loses (T-E1); "
                      .. "the winner scores one for each of its pieces that "
                      .. "could still act (T-E2)."
  lines[#lines + 1] = ""
  lines[#lines + 1] = help.wrap(table.concat(rules, " "), "")
  return table.concat(lines, "\n")
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
    local _, from = wg.fields(out:get(i))
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

-- Mobility for the AI, which ends its playouts on it: the queen moves of the
-- side's pieces against the other side's. (Counting whole actions, move
-- times throw, weighs soldiers' throws over room to move and plays worse.)
local scratch = wg.actions()
function game:evaluate(s, side)
  scratch:clear()
  s:trace(scratch, side, wg.MOVE)
  local mine = scratch:size()
  scratch:clear()
  s:trace(scratch, 3 - side, wg.MOVE)
  return mine - scratch:size()
end

-- Position text ---------------------------------------------------------
-- The board and the side to move by the first letter of its name.
local function form(self)
  local f = rawget(self, "trenches_form")
  if not f then
    f = { sides = { self.sides[1]:sub(1, 1), self.sides[2]:sub(1, 1) } }
    self.trenches_form = f
  end
  return f
end

function game:position_text(s)
  return fen.write_position(self, s, form(self))
end

function game:set_position(s, text)
  local f, err = fen.read_position(self, s, text, form(self))
  if not f then return nil, err end
  return true
end

-- Declaration -----------------------------------------------------------
-- What a variant may leave impossible: no debris (T-M2, T-T1, T-G1),
-- throwers whose grenades follow a piece type the game has not (T-G1),
-- sides that position text cannot tell apart (T-B1).
function game:validate()
  local dead = self.def.board.layers and self.def.board.layers.dead
  if not (self.L.dead and dead.dynamic) then
    return nil, "T-M2 the board needs the dynamic layer dead (the debris): "
                .. "keep board.layers.dead in the variant"
  end
  local p = plan(self)
  if p.shots.movers ~= 0 and not p.shots.pattern then
    return nil, string.format("T-G1 the grenade follows the moves of '%s', a "
                              .. "piece type the game has not: override "
                              .. "grenade.pattern in the variant",
                              tostring(self.def.grenade.pattern))
  end
  local f = form(self).sides
  if f[1] == f[2] then
    return nil, string.format("T-B1 the sides' names start with the same "
                              .. "letter '%s', which position text writes "
                              .. "for the side to move: override sides in "
                              .. "the variant", f[1])
  end
  return true
end

return game
