-- Wehrschach: the rules as its rulebook (rules.md, beside this file) gives
-- them, section by section, with rule IDs where each is implemented. Every
-- RULING of the rulebook is marked RULING here, at the line a variant would
-- change. The other files of the folder hold what is not a rule: text.lua
-- the notation and position text, why.lua the reasons an action is
-- illegal, look.lua the pictures, ai.lua the AI's evaluation.
local wg = require "wargrid"

-- Pieces ----------------------------------------------------------------
local MOVE_ONLY, CAPTURE_ONLY = 1, 2  -- pattern modes, as Betza's m and c

-- Patterns are written for Red; Blue reads them turned (forward is down)
-- and reads each layer through its mirror (red_zone as blue_zone).
local ENEMY_PASSABLE = { "infantry", "tank", "headquarter" }  -- W-M4, W-C5

-- W-M1, W-M4..W-M6: a ground unit or the headquarter moves up to `range`
-- squares along one of the 8 lines to an empty square, never through a
-- piece, never onto or across the sea, and never from a river square to a
-- river square. RULING (W-M6): only squares count, so a diagonal step
-- between two river squares that enters neither is allowed.
local function ground_move(range, within)
  return { "mQ" .. range, block = "sea", nostep = "river", within = within }
end

-- W-M2 along the main road (start, every square passed and reached on the
-- road) infantry and tanks have range 4: in any of the 8 directions, so
-- that a road a variant lays along a file or a rank is followed too.
local ROAD_MOVE = { "mQ4", within = "road", block = "sea", nostep = "river" }

local function sign(n) return n > 0 and 1 or -1 end

-- The unit steps of an L-path: one leg, then the other.
local function legs(first, second)
  local steps = {}
  for _, leg in ipairs { first, second } do
    for _ = 1, leg.n do steps[#steps + 1] = { leg.dx, leg.dy } end
  end
  return steps
end

-- W-M7 RULING: the tank's knight move is not a leap but one of two
-- three-step orthogonal L-paths (the long leg first or the short leg
-- first); one path with every square passed empty and not sea is enough.
-- The same paths serve its knight capture (W-C3), with the capture's
-- conditions. `extra` holds the conditions every step obeys.
local function l_paths(extra)
  local atoms = {}
  for _, v in ipairs { { 1, 2 }, { 2, 1 }, { -1, 2 }, { -2, 1 },
                       { 1, -2 }, { 2, -1 }, { -1, -2 }, { -2, -1 } } do
    local across = { n = math.abs(v[1]), dx = sign(v[1]), dy = 0 }
    local along = { n = math.abs(v[2]), dx = 0, dy = sign(v[2]) }
    local atom = { routes = { legs(across, along), legs(along, across) } }
    for k, val in pairs(extra) do atom[k] = val end
    atoms[#atoms + 1] = atom
  end
  return atoms
end

-- Threats (W-C1..W-C6): captures are orthogonal, at an exact distance; the
-- river never matters (W-C6), so capture patterns have no river condition.
local function capture(distance, conditions)
  local atom = { "cR" .. distance, min = distance }
  for k, v in pairs(conditions or {}) do atom[k] = v end
  return atom
end

-- A piece's pattern from single atoms and lists of atoms.
local function pattern(...)
  local out = {}
  for _, part in ipairs { ... } do
    if type(part[1]) == "table" then
      for _, atom in ipairs(part) do out[#out + 1] = atom end
    else
      out[#out + 1] = part
    end
  end
  return out
end

-- Fighters and bombers follow identical rules ("planes").
local function plane(letter, glyph)
  return {
    letter = letter, value = 4, rule = "W-M1",
    look = { glyph = glyph, shape = "counter", turn = true },
    help = "a plane: moves up to five squares, over any piece but enemy "
           .. "planes and artillery, across the sea but not onto it; "
           .. "threatens exactly five squares away orthogonally, over the "
           .. "same pieces",
    moves = pattern(
      -- W-M1 range 5; W-M4 over every piece but enemy planes and
      -- artillery; W-M5 across the sea but not onto it; W-M6 the river
      -- does not apply
      { "mQ5", noland = "sea", over_own = "all",
        over_enemy = ENEMY_PASSABLE },
      -- W-C5 exactly 5 away; anything but an enemy plane or artillery
      -- between
      capture(5, { over_own = "all", over_enemy = ENEMY_PASSABLE })),
  }
end

-- The keys of Wehrschach's declaration beyond every game's (wargrid.schema):
-- the numbers and lists its rules read, one key a rule, which a variant
-- may change in one line.
local KEYS = {
  mainlines = { type = "list of integer", rule = "W-B5",
                help = "Red's and Blue's mainline ranks; a side's zone is "
                       .. "its mainline and the ranks behind it" },
  planes = { type = "list of string", rule = "W-F1",
             help = "the piece types that fly, and so may take by "
                    .. "combined fire" },
  ground = { type = "list of string", rule = "W-J2",
             help = "the ground units, which the judgement counts (W-J2, "
                    .. "W-J3)" },
  support = { type = "integer", rule = "W-K1",
              help = "how many of your pieces must threaten an enemy "
                     .. "piece to capture it" },
  stays = { type = "list of string", rule = "W-K3",
            help = "the piece types that never move to capture: they "
                   .. "remove by barrage" },
  barrage = { type = "integer", rule = "W-K3",
              help = "how many of the pieces that stay (artillery) must be "
                     .. "among those threatening an enemy piece to remove "
                     .. "it by barrage" },
  ground_left = { type = "integer", rule = "W-J2",
                  help = "an enemy left with this many ground units or "
                         .. "fewer gives you a judgement" },
  advance = { type = "integer", rule = "W-J3",
              help = "how many of your ground units on or beyond the enemy "
                     .. "mainline give you a judgement" },
  advance_infantry = { type = "integer", rule = "W-J3",
                       help = "how many of those must be infantry" },
  enclosure = { type = "string", rule = "W-E1",
                help = "the lines an enclosure runs along: \"all\" (ranks, "
                       .. "files and diagonals), \"orthogonal\" or "
                       .. "\"diagonal\"" },
  captures = { type = "map of boolean", rule = "W-J7",
               help = "the actions that count as captures",
               fields = {
                 take = { type = "boolean", help = "W-K2 e4xf6" },
                 barrage = { type = "boolean", help = "W-K3 barrage f6" },
                 fire = { type = "boolean", help = "W-F1 fire c6xd6" },
                 enclose = { type = "boolean", help = "W-E1 enclose d4" },
               } },
}

local game = wg.game {
  name = "wehrschach",
  keys = KEYS,
  title = "Wehrschach",

  -- Board -------------------------------------------------------------
  -- W-B1 11x11, files a-k, ranks 1-11. Red plays from ranks 1-3. The
  -- layers are read from the board a variant declares (g: the game).
  board = {
    files = 11, ranks = 11,
    layers = {
      -- W-B2 RULING: the main road is the diagonal a1-k11
      road = { squares = function(_, _, f, r) return f == r end,
               mark = "/", colour = "yellow", label = "main road",
               rule = "W-M2",
               look = { band = "#c8a24a", width = 0.34, centre = "#f7ebbd",
                        dashed = true } },
      -- W-B3 RULING: the river is the diagonal a11-k1 (f6 is road and river)
      river = { squares = function(g, _, f, r) return f + r == g.ranks + 1 end,
                mark = "\\", colour = "cyan", label = "river", rule = "W-M6",
                look = { band = "#3f86cf", width = 0.26 } },
      -- W-B4 the sea: b5 and k7 (not point-symmetric, as the text says)
      sea = { squares = { "b5", "k7" }, mark = "~", colour = "blue",
              label = "sea", rule = "W-M5",
              look = { fill = "#2f6fb5", opacity = 0.85, pattern = "waves",
                       ink = "#d4e8fa" } },
      -- W-B5 the mainlines (see mainlines below), and each side's zone
      mainline = { squares = function(g, _, _, r)
                     local m = g.def.mainlines or {}
                     return r == m[1] or r == m[2]
                   end,
                   mark = "-", colour = "green", label = "mainlines",
                   look = { fill = "#5f8f3e", opacity = 0.22 } },
      red_zone = { squares = function(g, _, _, r)
                     return r <= ((g.def.mainlines or {})[1] or 0)
                   end,
                   mirror = "blue_zone", rule = "W-M3" },
      blue_zone = { squares = function(g, _, _, r)
                      return r >= ((g.def.mainlines or {})[2] or math.huge)
                    end,
                    mirror = "red_zone", rule = "W-M3" },
    },
    legend = { "sea", "road", "river", "mainline" },
  },
  -- W-B5 the mainlines, Red's and Blue's ranks: a side's zone is its
  -- mainline and the ranks behind it.
  mainlines = { 3, 9 },
  sides = { "red", "blue" },
  side_colours = { "red", "blue" },
  -- Drawn as a map: a plain grid, units as counters with NATO's symbols.
  look = { board = { light = "#e9e4d2", chequer = false, lines = "#a39a80" } },

  -- 6 infantry, 3 tanks, 2 fighters, 2 bombers, 4 artillery, 1 headquarter
  -- a side; fighters and bombers follow identical rules ("planes"). The
  -- judgement counts ground units: infantry, tanks and artillery.
  planes = { "fighter", "bomber" },
  ground = { "infantry", "tank", "artillery" },
  pieces = {
    -- `rule`: the rule a piece's moves follow, cited when a move is not
    -- one of them; a layer's `rule`, when the layer stops it
    infantry = { letter = "i", value = 1, rule = "W-M1",
                 look = { glyph = "infantry", shape = "counter" },
                 help = "moves one square, four along the main road; "
                        .. "threatens the orthogonally adjacent square",
                 moves = pattern(ground_move(1), ROAD_MOVE,        -- W-M1, W-M2
                                 capture(1)) },                    -- W-C1
    tank = { letter = "t", value = 3, rule = "W-M1",
             look = { glyph = "armour", shape = "counter" },
             help = "moves up to three squares, four along the main road, "
                    .. "or to a knight's square by an open L-shaped path; "
                    .. "threatens exactly three squares away orthogonally "
                    .. "(the two between empty) or a knight's square it "
                    .. "could reach",
             moves = pattern(ground_move(3), ROAD_MOVE,            -- W-M1, W-M2
                             l_paths { mode = MOVE_ONLY, block = "sea",
                                       nostep = "river" },         -- W-M7
                             capture(3, { block = "sea" }),        -- W-C3
                             l_paths { mode = CAPTURE_ONLY,
                                       block = "sea" }) },         -- W-C3
    artillery = { letter = "a", value = 3, rule = "W-M1",
                  look = { glyph = "artillery", shape = "counter" },
                  help = "moves up to four squares; threatens exactly four "
                         .. "squares away orthogonally, over anything",
                  moves = pattern(ground_move(4),                  -- W-M1
                                  -- W-C4 exactly 4 away; pieces and sea ignored
                                  capture(4, { over_own = "all",
                                               over_enemy = "all" })) },
    fighter = plane("f", "fighter"),
    bomber = plane("b", "bomber"),
    headquarter = { letter = "h", value = 6, rule = "W-M1",
                    look = { glyph = "headquarters", shape = "counter" },
                    help = "moves up to two squares, never leaving its "
                           .. "zone; threatens exactly two squares away "
                           .. "orthogonally (the square between empty), "
                           .. "inside its zone",
                    -- W-M1 range 2; W-M3 never leaves its own zone
                    moves = pattern(ground_move(2, "red_zone"),
                                    -- W-C2 exactly 2 away, the middle square
                                    -- empty and not sea, the target in its zone
                                    capture(2, { block = "sea",
                                                 within = "red_zone" })) },
  },

  vars = {
    judge = {},    -- W-J6 the side whose judgement is pending (0: none)
    grounds = {},  -- the conditions it rests on, bit k-1 for W-Jk
  },

  -- The phases, told from the judgement the state holds (the vars above;
  -- the state stores no phase): play until an action reaches a judgement,
  -- then the other side's one reply, after which the game is decided --
  -- unless the reply cancels the judgement (W-J7), and play goes on.
  phases = {
    { name = "play", rule = "W-T1", actions = "turn_actions",
      ends = { var = "judge", is_not = 0 }, next = "reply",
      help = "one action a turn: a move, a capture, an enclosure or "
             .. "combined fire, until one reaches a judgement "
             .. "(W-J1..W-J5)" },
    { name = "reply", rule = "W-J6", actions = "turn_actions",
      ends = "replied", next = "decided",
      help = "the other side makes exactly one reply; a capture that "
             .. "undoes an advance the judgement rested on alone cancels "
             .. "it, and play goes on (W-J7)" },
    { name = "decided", rule = "W-J6", actions = "no_actions",
      help = "the game is over: drawn if the reply reached a judgement "
             .. "of its own, else won by the judge" },
  },

  -- Capture rules, as data a variant may change:
  support = 2,                 -- W-K1 a capture needs two threatening pieces
  stays = { "artillery" },     -- W-K3 pieces that never move when capturing
  barrage = 2,                 -- W-K3 a barrage needs two of them
  enclosure = "all",           -- W-E1 on a rank, a file or a diagonal
  -- W-J7 the actions that count as captures. RULING (from W-K4's RULING,
  -- which keeps barrage and enclosure apart because W-J7 treats captures
  -- specially): an enclosure removal is not a capture.
  captures = { take = true, barrage = true, fire = true, enclose = false },
  -- The judgement's numbers:
  ground_left = 4,             -- W-J2 four ground units or fewer
  advance = 5,                 -- W-J3 five ground units advanced,
  advance_infantry = 1,        -- one of them at least an infantry

  -- The AI searches alpha-beta (ai.lua), with fewer nodes a level than
  -- Courier's, each dearer (level 2's 1,200 see the reply from the start,
  -- where 500 did not); repeating a position leads to a draw (W-J8).
  -- MCTS, when asked for, ends its playouts after 10 actions on its
  -- evaluation.
  ai = { search = "alphabeta", levels = { 100, 1200, 2000, 8000, 40000 },
         playout_depth = 10, repetition = "draw" },
  engine = { refused = "its captures need two supporters (W-K1) and its "
                       .. "artillery removes pieces without moving (W-K3), "
                       .. "which XBoard's piece definitions cannot "
                       .. "describe" },

  -- W-S1, W-S2 RULING: the project's setup; W-S3 RULING: Red moves first
  start = "1f1b1h1b1f1/1a1a1t1a1a1/1iiti1itii1/11/11/11/"
          .. "11/11/1IITI1ITII1/1A1A1T1A1A1/1F1B1H1B1F1 r -",
}

-- Action kinds (W-T1) --------------------------------------------------
local MOVE, TAKE, BARRAGE, ENCLOSE, FIRE = wg.MOVE, 2, 3, 4, 5
local KIND = { move = MOVE, take = TAKE, barrage = BARRAGE,
               enclose = ENCLOSE, fire = FIRE }
game.KIND = KIND

-- game:kinds() -> the action kinds by name (a variant's too)
function game:kinds() return KIND end

-- The primitives the hot paths (actions, play) call, held in locals
-- (wg.State): no lookup in the state's metatable a call.
local State = wg.State
local count, type_of, at, var = State.count, State.type, State.at, State.var
local side_to_move, trace, end_turn = State.side, State.trace, State.end_turn
local threats_of, flanked, apply_move = State.threats, State.flanked,
                                        State.apply_move
local repetitions, side_of, set_var = State.repetitions, State.side_of,
                                      State.set_var
local fields = wg.fields

-- The ids of the named piece types that the game has (a variant may have
-- removed some).
local function type_ids(self, names)
  local out = {}
  for _, name in ipairs(names or {}) do
    if self.T[name] then out[#out + 1] = self.T[name] end
  end
  return out
end

local function set_of(ids)
  local out = {}
  for _, id in ipairs(ids) do out[id] = true end
  return out
end

-- What the rules compile once (a variant has its own ids): the types that
-- stay (W-K3) and that fly (W-F1), the ground units (W-J2), the action
-- kinds that count as captures (W-J7), each side's zone layer (W-B5), and
-- for combined fire beyond[x][a]: the square next to x on the far side
-- from a, where a is 4 from x on a file or rank (W-F1).
function game:prepare()
  local c = { stays = set_of(type_ids(self, self.def.stays)),
              planes = set_of(type_ids(self, self.def.planes)),
              ground = type_ids(self, self.def.ground),
              zone = { self.L.red_zone, self.L.blue_zone },
              captures = {}, beyond = {}, other_ground = {} }
  -- the ground units but infantry, which the judgement counts anyway
  for _, t in ipairs(c.ground) do
    if t == self.T.infantry then
      c.infantry_ground = true
    else
      c.other_ground[#c.other_ground + 1] = t
    end
  end
  for name, on in pairs(self.def.captures or {}) do
    if on and KIND[name] then c.captures[KIND[name]] = true end
  end
  local r = self.rules
  for x = 1, select(3, r:size()) do
    c.beyond[x] = {}
    for _, d in ipairs { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } } do
      local a, p = r:step(x, 4 * d[1], 4 * d[2]), r:step(x, -d[1], -d[2])
      if a and p then c.beyond[x][a] = p end
    end
  end
  return c
end

-- Captures and combined fire -------------------------------------------
local threats = wg.actions()  -- scratch list for the threat map
local clear, get, add = threats.clear, threats.get, threats.add

-- One pass over the side's threat map (W-C1..W-C6), target by target.
-- W-K1..W-K4 for every enemy piece X that enough of the side's pieces
-- threaten (support): "P takes X" for each threatening piece that moves
-- in, and once "barrage on X" when enough of them stay (barrage). W-F1 a
-- plane takes an orthogonally adjacent enemy X alone when one of the
-- side's artillery stands on the same line beyond X, exactly 4 from X: an
-- artillery that threatens X (W-C4) with the plane on X's far side. (c:
-- what game:prepare compiled.)
local function captures(self, c, s, side, out)
  local def = self.def
  -- a barrage needs one piece that stays at least (W-K3: a variant with
  -- none may leave barrage unset)
  local need, guns_needed = def.support, def.barrage
  if guns_needed < 1 then guns_needed = 1 end
  local stays, artillery = c.stays, self.T.artillery
  clear(threats)
  local target, guns = 0, 0
  for i = 1, threats_of(s, threats, side) do
    local _, from, to, n, _, t = fields(get(threats, i))
    if to ~= target then
      if guns >= guns_needed then add(out, BARRAGE, 0, target) end
      target, guns = to, 0
    end
    if n >= need then                              -- W-K1
      if stays[t] then
        guns = guns + 1                            -- W-K3
      else
        add(out, TAKE, from, to)                   -- W-K2
      end
    end
    local far = t == artillery and c.beyond[to][from]
    local p = far and at(s, far)
    if p and side_of(s, p) == side and c.planes[type_of(s, p)] then
      add(out, FIRE, far, to)                      -- W-F1
    end
  end
  if guns >= guns_needed then add(out, BARRAGE, 0, target) end
end

-- game:captures(s, side, out): the captures above, for the AI's quiescence
function game:captures(s, side, out)
  captures(self, self:prepared(), s, side, out)
end

-- Legal actions -------------------------------------------------------
-- W-T1 every action `side` could take now, the end of the game aside: a
-- movement, a capture, an enclosure removal or a combined-fire capture.
-- Capturing is never compulsory; passing is not an action.
local function actions_of(self, s, side, out)
  local c = self.prepared_data or self:prepared()
  trace(s, out, side, MOVE, "move")              -- W-M1..W-M7
  captures(self, c, s, side, out)                -- W-K1..W-K4, W-F1
  -- W-E1 an enemy piece between two of the side's pieces adjacent to it on
  -- opposite sides, in one line (the enclosure key: orthogonal or
  -- diagonal); any pieces enclose, the headquarter too. W-E2 RULING: every
  -- enclosure on the board counts, not only one made this turn; each
  -- removal is one action. W-K4 RULING: "enclose X" and "barrage X" are two
  -- actions even where both leave the same position.
  flanked(s, out, side, ENCLOSE, self.def.enclosure)
end
game.actions_of = actions_of   -- game:actions_of(s, side, out)

-- The play and the reply: the side to move acts (W-T1), unless the same
-- position has occurred three times (W-J8: the game is drawn).
function game:turn_actions(s, out)
  if repetitions(s) >= 2 then return end
  return actions_of(self, s, side_to_move(s), out)
end

-- W-J6 once the reply is made, the game is decided: nothing more is done.
function game:no_actions() end

-- Play ends when an action reaches a judgement (the judge var is set,
-- W-J1..W-J4; W-J5 shows when the enemy finds no action, see
-- game:result), and the reply when the judge is to move again (W-J6).
function game:replied(s)
  return var(s, self.V.judge) == side_to_move(s)
end

local spare = wg.actions()
local function can_act(self, s, side)
  spare:clear()
  actions_of(self, s, side, spare)
  return spare:size() > 0
end

-- Judgement ------------------------------------------------------------
local J1, J2, J3, J4, J5 = 1, 2, 4, 8, 16   -- W-Jk is bit k-1

-- The side's ground units (W-J2), in the layer if one is given.
local function ground_units(c, s, side, layer)
  local n = 0
  for _, t in ipairs(c.ground) do n = n + count(s, side, t, layer) end
  return n
end

-- W-J3 enough of the side's ground units, enough of them infantry, on or
-- beyond the enemy mainline (in the enemy's zone).
local function advanced(self, c, s, side)
  local zone, def = c.zone[3 - side], self.def
  return count(s, side, self.T.infantry, zone) >= def.advance_infantry
         and ground_units(c, s, side, zone) >= def.advance
end

-- The conditions W-J1..W-J4 that hold for `side` (bits). The enemy's
-- infantry is counted once, for W-J4 and among its ground units (W-J2).
local function grounds(self, c, s, side)
  local foe, T, g = 3 - side, self.T, 0
  local infantry = count(s, foe, T.infantry)
  local ground = c.infantry_ground and infantry or 0
  for _, t in ipairs(c.other_ground) do ground = ground + count(s, foe, t) end
  if count(s, foe, T.headquarter) == 0 then g = g | J1 end          -- W-J1
  if ground <= self.def.ground_left then g = g | J2 end              -- W-J2
  if advanced(self, c, s, side) then g = g | J3 end                  -- W-J3
  if infantry == 0 then g = g | J4 end                               -- W-J4
  return g
end

-- game:grounds(s, side) -> the conditions W-J1..W-J4 that hold for side
function game:grounds(s, side)
  return grounds(self, self:prepared(), s, side)
end

-- A counter-judgement (W-J6): the conditions that hold for the replier
-- after its reply, W-J5 included (the judge has no legal action).
local function counter(self, c, s, side)
  local g = grounds(self, c, s, side)
  if not can_act(self, s, 3 - side) then g = g | J5 end
  return g
end

-- Effects ---------------------------------------------------------------
-- Narration: a line of the log, when play keeps one
local function tell(log, fmt, ...)
  if log then log[#log + 1] = string.format(fmt, ...) end
end

-- "Red": the side's name, as a sentence starts it
local function side_word(self, side)
  return (self:side_name(side):gsub("^%l", string.upper))
end

-- "Blue's tank on d4": the piece on square sq
local function unit_name(self, s, pid, sq)
  return string.format("%s's %s on %s", side_word(self, side_of(s, pid)),
                       (self.type_names[type_of(s, pid)]:gsub("_", " ")),
                       self.rules:name(sq))
end

-- What an action removes, told: W-E1 an enclosure, W-K3 a barrage, a
-- capture (W-K2, W-F1)
local function tell_removal(self, s, kind, to, log)
  if not log then return end
  local pid = at(s, to)
  if not pid or pid == 0 then return end
  local name = unit_name(self, s, pid, to)
  if kind == ENCLOSE then
    tell(log, "%s is enclosed and removed (W-E1).", name)
  elseif kind == BARRAGE then
    tell(log, "The barrage destroys %s (W-K3).", name)
  else
    tell(log, "%s is taken.", name)
  end
end

function game:play(s, a, log)
  local kind, _, to = fields(a)
  local V = self.V
  local side, judge = side_to_move(s), var(s, V.judge)
  tell_removal(self, s, kind, to, log)
  if kind == BARRAGE or kind == ENCLOSE then
    s:remove(at(s, to))    -- W-K3 nothing moves; W-E1 the enclosers stay
  else
    -- W-M1 a move; W-K2 X is removed and P moves onto its square; W-F1
    -- the plane moves onto X's square
    apply_move(s, a)
  end
  local c = self.prepared_data or self:prepared()
  if judge == 0 then
    -- a player reaches a judgement after their action (W-J1..W-J4; W-J5
    -- shows when the enemy finds no action, see game:result)
    local g = grounds(self, c, s, side)
    if g ~= 0 then
      set_var(s, V.judge, side)
      set_var(s, V.grounds, g)
      tell(log, "%s reaches a judgement: %s; %s has one reply (W-J6).",
           side_word(self, side), self:grounds_text(g),
           side_word(self, 3 - side))
    end
  elseif judge ~= side then
    -- W-J6 this is the reply. W-J7: a judgement that rested on W-J3 alone
    -- is cancelled by a capture after which W-J3 no longer holds -- unless
    -- the reply reached a judgement itself, which W-J6 makes a draw first.
    -- RULING (confirmed 2026-11-23): the draw takes precedence over the
    -- cancellation.
    if c.captures[kind] and var(s, V.grounds) == J3
       and not advanced(self, c, s, judge) and counter(self, c, s, side) == 0
    then
      set_var(s, V.judge, 0)
      set_var(s, V.grounds, 0)
      tell(log, "The capture cancels %s's judgement: the advance no longer "
           .. "holds (W-J7); play goes on.", side_word(self, judge))
    end
  end
  end_turn(s)
end

-- End of game -----------------------------------------------------------
function game:result(s)
  local side, judge = s:side(), s:var(self.V.judge)
  local judged = self:grounds_text(s:var(self.V.grounds))
  if judge == side then
    -- W-J6 the reply has been made: a draw if it reached a judgement for
    -- the replier, else the judge wins
    local c = counter(self, self:prepared(), s, 3 - side)
    if c ~= 0 then
      return 0, string.format("counter-judgement: %s's judgement (%s) "
                              .. "answered by %s's (%s), W-J6",
                              self:side_name(judge), judged,
                              self:side_name(3 - judge),
                              self:grounds_text(c))
    end
    return judge, "judgement: " .. judged
                  .. "; the reply did not answer it (W-J6)"
  end
  if s:repetitions() >= 2 then return 0, "threefold repetition (W-J8)" end
  if judge ~= 0 then
    return judge, "judgement: " .. judged .. "; no reply possible (W-J6)"
  end
  -- W-J5, with no reply (W-J6)
  return 3 - side, "judgement: " .. self:grounds_text(J5)
end

-- Declaration ---------------------------------------------------------
-- What a variant may leave impossible, for the rules it plays: mainlines
-- off the board or out of order (W-B5); a judgement counting a piece type
-- the game has not (W-J1 the headquarter, W-J3 and W-J4 infantry); lines
-- of enclosure it has not (W-E1); a capture needing no support (W-K1), a
-- barrage no artillery (W-K3, while some piece stays); negative numbers in
-- the judgement (W-J2, W-J3).
local function whole(self, rule, key, what, least)
  local n = self.def[key]
  if math.type(n) ~= "integer" or n < least then
    return string.format("%s %s must be a whole number of %s, at least %d: "
                         .. "override %s in the variant", rule, key, what,
                         least, key)
  end
end

function game:validate()
  local m = self.def.mainlines
  if type(m) ~= "table" or #m ~= 2 then
    return nil, "W-B5 mainlines must be two ranks, Red's and Blue's: "
                .. "override mainlines in the variant"
  end
  for _, r in ipairs(m) do
    if math.type(r) ~= "integer" or r < 1 or r > self.ranks then
      return nil, string.format("W-B5 the mainline on rank %s is off the "
                                .. "board (%d ranks): override mainlines in "
                                .. "the variant", tostring(r), self.ranks)
    end
  end
  if m[1] >= m[2] then
    return nil, string.format("W-B5 Red's mainline (rank %d) must lie below "
                              .. "Blue's (rank %d): override mainlines in the "
                              .. "variant", m[1], m[2])
  end
  for _, need in ipairs { { "headquarter", "W-J1" }, { "infantry", "W-J4" } } do
    if not self.T[need[1]] then
      return nil, string.format("%s the judgement counts the %s, a piece "
                                .. "type the game has not: keep pieces.%s in "
                                .. "the variant", need[2], need[1], need[1])
    end
  end
  local lines = self.def.enclosure
  if lines ~= "all" and lines ~= "orthogonal" and lines ~= "diagonal" then
    return nil, string.format("W-E1 enclosure must be \"all\", "
                              .. "\"orthogonal\" or \"diagonal\", not %s: "
                              .. "override enclosure in the variant",
                              wg.text.quote(tostring(lines)))
  end
  local err = whole(self, "W-K1", "support", "pieces", 1)
              or next(self:prepared().stays)
                 and whole(self, "W-K3", "barrage", "pieces", 1)
              or whole(self, "W-J2", "ground_left", "ground units", 0)
              or whole(self, "W-J3", "advance", "ground units", 1)
              or whole(self, "W-J3", "advance_infantry", "infantry", 0)
  if err then return nil, err end
  return true
end

return game:include(require "wehrschach.text", require "wehrschach.why",
                    require "wehrschach.look", require "wehrschach.ai")
