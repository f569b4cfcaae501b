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
    -- `rule`: cited when debris stops a move
    layers = { dead = { dynamic = true, stops = true,
                        label = "debris (a dead square)", rule = "T-M2",
                        look = { fill = "#5b4a3a", opacity = 0.9,
                                 pattern = "rubble", ink = "#2a2018" } } },
    marks = { dead = "x" },
  },
  sides = { "light", "dark" },
  look = { board = { light = "#e4dcc6", dark = "#c9bb98" } },

  -- Movement (both piece kinds) ----------------------------------------
  -- T-M1 like a chess queen, any distance along one of the 8 lines, to an
  -- empty square: Betza mQ (move only, never capture).
  -- T-M2 nothing passes over debris (the layer stops it) nor, RULING, over
  -- a piece, as in the Amazons: the pattern has no over_own / over_enemy. A
  -- variant lets pieces be passed with over_own = "all", over_enemy = "all".
  -- `rule`: the rule a piece's moves follow, cited when a move is not one.
  pieces = {
    soldier = { letter = "s", moves = "mQ", rule = "T-M1",
                look = { glyph = "soldier" } },
    tank    = { letter = "t", moves = "mQ", rule = "T-M1",
                look = { glyph = "tank" } },
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

  -- The AI searches alpha-beta on territory (see game:evaluate), which
  -- beat MCTS with the same evaluation at equal processor time (README:
  -- the AI); its levels are fewer nodes than other games', each costing a
  -- count of territory.
  -- MCTS, when asked for, ends playouts after two actions on it; five
  -- squares more than the other side is a 73% chance.
  ai = { search = "alphabeta", levels = { 300, 1000, 3000, 6000, 12000 },
         playout_depth = 2, eval_scale = 5 },
  -- T-G1 a move and the grenade it then throws are one action.
  engine = { refused = "a soldier's move and the grenade it then throws are "
                       .. "one action in two parts (T-G1), and a CECP move "
                       .. "has one" },
}

-- Action kinds: a plain move (wg.MOVE: from, to) and a move with a throw
-- (from, to, the grenade's square).
local THROW = 2

-- What the rules above compile to, for this game or a variant of it. The
-- hot paths read self.trenches_plan first: a playout plays thousands of
-- actions a second, and the call costs more than the lookup.
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
    soldiers_only = walkers == 0 and self.T[g.pattern] ~= nil,
    debris = types(self.def.leave_debris),
    dead = self.L.dead,
    -- T-M1 both kinds move as queens: the moves territory counts by
    queen = self.T[g.pattern] or self.T.tank,
  }
  self.trenches_plan = p
  return p
end

-- Legal actions -------------------------------------------------------
-- The actions of one side's pieces (the side to move, or for T-E2 the
-- winner).
-- The primitives of the hot paths (actions, play) held in locals
-- (wg.State): no lookup in the state's metatable a call.
local State = wg.State
local trace_shots, trace, side_to_move = State.trace_shots, State.trace,
                                         State.side
local apply_move, set_layer, end_turn = State.apply_move, State.set_layer,
                                        State.end_turn
local fields, MOVE = wg.fields, wg.MOVE

local function side_actions(self, s, side, out)
  local p = self.trenches_plan or plan(self)
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

-- A random playout's action: of the n that game:actions lists, the one at
-- draw * n >> 32 (draw: 32 random bits), or nil when there is none. With
-- soldiers only (the Amazons) one C call counts their moves and throws
-- and makes only the one drawn, not some 700 a ply; with tanks too the list
-- is made, and so it is when a variant has replaced game:actions (its list
-- is not what is counted here).
local pick_shot = State.pick_shot

function game:random_action(s, out, draw)
  local p = self.trenches_plan or plan(self)
  if self.actions ~= game.actions then
    self:actions(s, out)
    return out:pick(draw)
  end
  if p.soldiers_only then   -- nil: the side to move
    return (pick_shot(s, out, nil, p.shots, draw))
  end
  side_actions(self, s, side_to_move(s), out)
  return out:pick(draw)
end

-- Effects -------------------------------------------------------------
local play_shot = State.play_shot

function game:play(s, a)
  local kind, from, to = fields(a)
  local p = self.trenches_plan or plan(self)
  if kind == THROW then
    -- T-M1 the soldier moves, T-G1 the grenade's square dies: one C call,
    -- which ends the turn too
    play_shot(s, a, p.dead)
    return
  end
  apply_move(s, a)                                 -- T-M1
  if p.debris & (1 << s:type(s:at(to))) ~= 0 then
    set_layer(s, from, p.dead, true)               -- T-T1 its start dies
  end
  end_turn(s)
end

-- T-G1 "d1-d5/h5"; a tank's move "c2-c6".
function game:action_text(s, a)
  local kind, from, to, target = wg.fields(a)
  local r = self.rules
  local text = r:name(from) .. "-" .. r:name(to)
  if kind == THROW then text = text .. "/" .. r:name(target) end
  return text
end

-- How an action is drawn (wargrid.svg): a move's arrow, then where its
-- grenade lands.
function game:action_marks(a)
  local kind, from, to, target = wg.fields(a)
  if kind == THROW then return { { "move", from, to }, { "land", target } } end
  return { { "move", from, to } }
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

-- Why an action is illegal ------------------------------------------------
-- The notation read back: a move, and for a soldier its grenade (p.target).
-- game:explain asks the game's own reasons after the generic ones (g),
-- which check the move's pattern (T-M1, debris T-M2); this adds the end of
-- the game (T-E1), pieces in the way (T-M2), the grenade (T-G1..T-G4) and
-- the tanks' protected squares (T-T2).
local why = wg.why

function game:read_action(s, text)
  local t = why.normal(text)
  local a, b, c = t:match("^(%l%d+)(%l%d+)/(%l%d+)$")
  if not a then a, b = t:match("^(%l%d+)(%l%d+)$") end
  if not a then
    return nil, string.format("'%s' is not an action of %s (a soldier's "
                              .. "move and grenade d1-d5/h5, a tank's move "
                              .. "c2-c6)", text, self.name)
  end
  local p = { text = text, kind = "move" }
  local err
  for k, name in pairs { from = a, to = b, target = c } do
    p[k], err = why.square_of(self, name)
    if not p[k] then return nil, err end
  end
  return p
end

-- The squares strictly between a and b on a line of the 8, or nil.
local function between(self, a, b)
  local f1, r1 = self.rules:coords(a)
  local f2, r2 = self.rules:coords(b)
  local dx, dy = f2 - f1, r2 - r1
  if not (dx == 0 or dy == 0 or math.abs(dx) == math.abs(dy)) then
    return nil
  end
  local n = math.max(math.abs(dx), math.abs(dy))
  local sx, sy = dx // math.max(n, 1), dy // math.max(n, 1)
  local out = {}
  for k = 1, n - 1 do out[k] = self.rules:at(f1 + k * sx, r1 + k * sy) end
  return out
end

-- The guards (T-T2) next to sq, named: "the tank on d4"
local function guards_of(self, s, sq, guards, side)
  local names = {}
  local f, r = self.rules:coords(sq)
  for dy = -1, 1 do
    for dx = -1, 1 do
      local t = self.rules:at(f + dx, r + dy)
      local pid = t and t ~= sq and s:at(t)
      if pid and guards & (1 << s:type(pid)) ~= 0 then
        names[#names + 1] = why.piece(self, s, pid, side)
      end
    end
  end
  return why.list(names)
end

-- T-G1..T-G3, T-T2 the grenade of p, the soldier having moved: the reason
-- it may not land on p.target, or nil
local function grenade(self, s, side, p, pid)
  local pl = plan(self)
  local target, name = p.target, self.rules:name(p.target)
  -- T-G3 read the other way (a variant): the square left stays occupied
  if not pl.shots.origin_open then
    local way = between(self, p.to, target)
    local crosses = target == p.from
    for _, sq in ipairs(way or {}) do crosses = crosses or sq == p.from end
    if crosses then
      return "T-G3", string.format("the grenade may not %s %s, the square "
                                   .. "the soldier just left",
                                   target == p.from and "land on" or "pass",
                                   self.rules:name(p.from))
    end
  end
  if target == p.to then
    return "T-G1", string.format("the grenade lands on an empty square, and "
                                 .. "the soldier stands on %s", name)
  end
  local m = s:mark()
  s:move(pid, p.to)
  local rule, text
  -- T-G2 read strictly (a variant): the first protected square in flight
  local stop, way = nil, between(self, p.to, target) or {}
  for k, sq in ipairs(way) do
    if not stop and pl.shots.guards_stop and s:guarded(sq, pl.shots.guards)
    then
      stop = k
    end
  end
  if s:type(pid) ~= pl.shots.pattern then s:retype(pid, pl.shots.pattern) end
  local r = why.reach(self, s, pid, target, "move", side)
  local r_at
  for k, sq in ipairs(way) do if r and sq == r.at then r_at = k end end
  if stop and (not r or r.kind == "pattern" or not r_at or stop < r_at) then
    rule, text = "T-G2", string.format("the grenade cannot pass %s, "
                                       .. "protected by %s",
                                       self.rules:name(way[stop]),
                                       guards_of(self, s, way[stop],
                                                 pl.shots.guards, side))
  elseif r and (r.kind == "pattern" or r.kind == "own" or r.kind == "mode")
  then
    local occupant = s:at(target)
    rule, text = "T-G1", r.kind == "pattern"
      and string.format("the grenade flies from %s along one of the 8 "
                        .. "lines, and %s is not on one",
                        self.rules:name(p.to), name)
      or string.format("the grenade lands on an empty square, and %s holds "
                       .. "%s", name, why.unit(self, s, occupant, side))
  elseif r and r.kind == "terrain" and r.at == target then
    rule, text = "T-G1", string.format("the grenade lands on an empty "
                                       .. "square, and %s is dead already",
                                       name)
  elseif r then
    local what = s:at(r.at) and why.unit(self, s, s:at(r.at), side)
                 or "debris"
    rule, text = "T-G1", string.format("the grenade cannot pass %s: it "
                                       .. "obeys T-M2, and %s is there",
                                       self.rules:name(r.at), what)
  elseif s:guarded(target, pl.shots.guards) then
    rule, text = "T-T2", string.format("the grenade cannot land on %s, "
                                       .. "protected by %s", name,
                                       guards_of(self, s, target,
                                                 pl.shots.guards, side))
  end
  s:undo(m)
  return rule, text
end

-- T-G4 the soldier's grenades from where it would land: any?
local function can_throw(self, s, p)
  local out = self:legal(s)
  for i = 1, out:size() do
    local kind, from, to = wg.fields(out:get(i))
    if kind == THROW and from == p.from and to == p.to then return true end
  end
  return false
end

function game:why(s, p, g)
  local side = s:decider()
  local kind = g and g.kind
  if kind == "over" then
    return "T-E1", string.format("the game is over: %s has no legal action "
                                 .. "and loses", why.side(self, side))
  end
  if kind == "empty" or kind == "foe" then return "T-S2", g.reason end
  -- T-M2 nothing passes over or lands on a piece, nor on debris
  if kind == "blocked" then return "T-M2", g.reason end
  if kind == "terrain" and g.at == p.to then
    return "T-M2", string.format("%s cannot move to %s: it is dead, and no "
                                 .. "move lands on debris",
                                 why.piece(self, s, s:at(p.from), side),
                                 self.rules:name(p.to))
  end
  if kind == "terrain" then
    return "T-M2", string.format("%s cannot reach %s: the path is blocked "
                                 .. "at %s by debris",
                                 why.piece(self, s, s:at(p.from), side),
                                 self.rules:name(p.to),
                                 self.rules:name(g.at))
  end
  if kind == "own" or kind == "mode" then
    return "T-M2", string.format("%s cannot move to %s, which holds %s: no "
                                 .. "move lands on a piece",
                                 why.piece(self, s, s:at(p.from), side),
                                 self.rules:name(p.to),
                                 why.unit(self, s, s:at(p.to), side))
  end
  if g then return nil end
  local pid = s:at(p.from)
  local throws = plan(self).shots.movers & (1 << s:type(pid)) ~= 0
  local who = why.piece(self, s, pid, side)
  if not throws then
    if p.target then                                    -- T-T1
      return "T-T1", string.format("%s moves without a grenade: write "
                                   .. "%s-%s", who, self.rules:name(p.from),
                                   self.rules:name(p.to))
    end
    return nil
  end
  if not can_throw(self, s, p) then                     -- T-G4
    return "T-G4", string.format("%s may not move to %s: no grenade could "
                                 .. "be thrown from there", who,
                                 self.rules:name(p.to))
  end
  if not p.target then                                  -- T-G1
    return "T-G1", string.format("%s moves and then throws a grenade: "
                                 .. "write %s-%s/ and the grenade's square",
                                 who, self.rules:name(p.from),
                                 self.rules:name(p.to))
  end
  return grenade(self, s, side, p, pid)
end

-- What a legal action does
function game:does(s, a)
  local kind, from, to, target = wg.fields(a)
  local who = why.piece(self, s, s:at(from), s:side()):gsub("^your ", "the ")
  local r = self.rules
  if kind == THROW then
    return string.format("%s moves to %s and throws a grenade onto %s, "
                         .. "which dies", who, r:name(to), r:name(target))
  end
  local text = string.format("%s moves to %s", who, r:name(to))
  if plan(self).debris & (1 << s:type(s:at(from))) ~= 0 then
    text = text .. ", leaving debris on " .. r:name(from)      -- T-T1
  end
  return text
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

-- For the AI: territory -----------------------------------------------
-- Every action kills a square (T-G1, T-T1) and a player who cannot act
-- loses (T-E1): the game is a race for room. A square belongs to the side
-- whose pieces reach it in fewer queen moves over empty squares (T-M1,
-- T-M2: the moves of the grenade's pattern); the evaluation counts the
-- squares each side owns, and adds the squares each reaches in one move
-- (mobility), which weighs most early. The runtime counts both
-- (s:territory), breadth first from every piece.
function game:evaluate(s, side)
  local own1, own2, near1, near2 = s:territory(plan(self).queen)
  local owned, mobility = own1 - own2, near1 - near2
  if side == 2 then owned, mobility = -owned, -mobility end
  return owned + 0.1 * mobility
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
