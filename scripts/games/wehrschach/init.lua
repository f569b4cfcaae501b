-- Wehrschach: the rules as its rulebook (rules.md, beside this file)
-- gives them, section by section, with rule IDs where each is implemented.
-- Every RULING of the rulebook is marked RULING here, at the line a variant
-- would change.
--
-- Position text: the board as in FEN (ranks 11 to 1, Red in upper case;
-- letters i infantry, t tank, f fighter, b bomber, a artillery,
-- h headquarter), the side to move (r or b), and the pending judgement:
-- "-" for none, or the judging side and the conditions it rests on, as
-- "r:3" (Red judged by W-J3) or "b:14" (Blue by W-J1 and W-J4). When the
-- judging side is to move again, the reply has been made and the game is
-- decided (W-J6). The start (one line, to copy whole):
-- luacheck: push no max line length
-- 1f1b1h1b1f1/1a1a1t1a1a1/1iiti1itii1/11/11/11/11/11/1IITI1ITII1/1A1A1T1A1A1/1F1B1H1B1F1 r -
-- luacheck: pop
-- The repetition history (W-J8) is not part of the text, as in FEN.
--
-- Actions (W-T1) and their notation:
--   c2c4          a move from c2 to c4
--   e4xf6         the piece on e4 takes f6 and moves there (W-K2)
--   barrage f6    two or more artillery remove f6; nothing moves (W-K3)
--   enclose d4    d4, enclosed by two of the mover's pieces, is removed (W-E1)
--   fire c6xd6    the plane on c6 takes d6 by combined fire (W-F1)
-- Typed actions ignore case, spaces and dashes ("Barrage F6", "e4-xf6").
local wg = require "wargrid"
local fen = wg.fen

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

local PLANE = {
  value = 4,
  moves = pattern(
    -- W-M1 range 5; W-M4 over every piece but enemy planes and artillery;
    -- W-M5 across the sea but not onto it; W-M6 the river does not apply
    { "mQ5", noland = "sea", over_own = "all", over_enemy = ENEMY_PASSABLE },
    -- W-C5 exactly 5 away; anything but an enemy plane or artillery between
    capture(5, { over_own = "all", over_enemy = ENEMY_PASSABLE })),
}

-- A unit's look in pictures: a counter of its side's colour with a symbol.
local function unit_look(glyph) return { glyph = glyph, shape = "counter" } end

local function plane(letter, glyph)
  return { letter = letter, value = PLANE.value, moves = PLANE.moves,
           look = { glyph = glyph, shape = "counter", turn = true },
           rule = "W-M1",
           help = "a plane: moves up to five squares, over any piece but "
                  .. "enemy planes and artillery, across the sea but not "
                  .. "onto it; threatens exactly five squares away "
                  .. "orthogonally, over the same pieces" }
end

-- The keys of Wehrschach's declaration beyond every game's (wargrid.schema):
-- the data its rules read, which a variant may change.
local KEYS = {
  mainlines = { type = "list of integer",
                help = "W-B5 Red's and Blue's mainline ranks; a side's zone "
                       .. "is its mainline and the ranks behind it" },
  planes = { type = "list of string",
             help = "W-M4, W-F1 the piece types that fly (fighters, bombers)" },
  ground = { type = "list of string",
             help = "W-J the ground units the judgement counts" },
  support = { type = "integer",
              help = "W-K1 how many of your pieces must threaten a square "
                     .. "to take it" },
  stays = { type = "list of string",
            help = "W-K3 piece types that stay where they are when they "
                   .. "capture" },
  captures = { type = "map of boolean",
               help = "W-J7 the actions that count as captures",
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
                 look = unit_look "infantry",
                 help = "moves one square, four along the main road; "
                        .. "threatens the orthogonally adjacent square",
                 moves = pattern(ground_move(1), ROAD_MOVE,        -- W-M1, W-M2
                                 capture(1)) },                    -- W-C1
    tank = { letter = "t", value = 3, rule = "W-M1",
             look = unit_look "armour",
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
                  look = unit_look "artillery",
                  help = "moves up to four squares; threatens exactly four "
                         .. "squares away orthogonally, over anything",
                  moves = pattern(ground_move(4),                  -- W-M1
                                  -- W-C4 exactly 4 away; pieces and sea ignored
                                  capture(4, { over_own = "all",
                                               over_enemy = "all" })) },
    fighter = plane("f", "fighter"),
    bomber = plane("b", "bomber"),
    headquarter = { letter = "h", value = 6, rule = "W-M1",
                    look = unit_look "headquarters",
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

  -- Capture rules, as data a variant may change:
  support = 2,                 -- W-K1 a capture needs two threatening pieces
  stays = { "artillery" },     -- W-K3 pieces that never move when capturing
  -- W-J7 the actions that count as captures. RULING (from W-K4's RULING,
  -- which keeps barrage and enclosure apart because W-J7 treats captures
  -- specially): an enclosure removal is not a capture.
  captures = { take = true, barrage = true, fire = true, enclose = false },

  -- The AI searches alpha-beta (game:evaluate, game:forcing below), with
  -- fewer nodes a level than Courier's, each dearer; repeating a position
  -- leads to a draw (W-J8). MCTS, when asked for, ends its playouts after
  -- 10 actions on game:evaluate.
  ai = { search = "alphabeta", levels = { 100, 500, 2000, 8000, 40000 },
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

-- The ids of the named piece types that the game has (a variant may have
-- removed some).
local function type_ids(self, names)
  local out = {}
  for _, name in ipairs(names or {}) do
    if self.T[name] then out[#out + 1] = self.T[name] end
  end
  return out
end

-- The primitives the hot paths (actions, play, the AI's evaluate and order)
-- call, held in locals (wg.State): no lookup in the state's metatable a
-- call.
local State = wg.State
local count, type_of, at, var = State.count, State.type, State.at, State.var
local side_to_move, trace, end_turn = State.side, State.trace, State.end_turn
local threats_of, flanked, apply_move = State.threats, State.flanked,
                                        State.apply_move
local repetitions, pieces, square = State.repetitions, State.pieces,
                                    State.square
local fields = wg.fields

-- What the rules below look up, once per game (a variant has its own ids):
-- the declaration's capture rules by type and kind ids, the planes, the
-- ground units, each side's zone layer, and for combined fire beyond[x][a]:
-- the square next to x on the far side from a, where a is 4 from x on a
-- file or rank.
local function compiled(self)
  local c = rawget(self, "compiled_rules")
  if c then return c end
  c = { stays = {}, captures = {}, beyond = {}, planes = {}, value = {},
        ground = type_ids(self, self.def.ground),
        zone = { self.L.red_zone, self.L.blue_zone } }
  for _, id in ipairs(type_ids(self, self.def.stays)) do c.stays[id] = true end
  for _, id in ipairs(type_ids(self, self.def.planes)) do
    c.planes[id] = true
  end
  for name, id in pairs(self.T) do       -- material, for the AI
    c.value[id] = self.def.pieces[name].value
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
  self.compiled_rules = c
  return c
end

-- Captures and combined fire -------------------------------------------
local threats = wg.actions()  -- scratch list for the threat map

-- One pass over the side's threat map (W-C1..W-C6), target by target:
-- W-K1..W-K4 for every enemy piece X that at least two of the side's
-- pieces threaten: "P takes X" for each threatening piece that moves in,
-- and once "barrage on X" when two or more threatening pieces stay.
-- W-F1 a plane takes an orthogonally adjacent enemy X alone when one of
-- the side's artillery stands on the same line beyond X, exactly 4 from
-- X: an artillery that threatens X (W-C4) with the plane on X's far side.
local function captures(self, s, side, out)
  local c = compiled(self)
  local need, stays, artillery = self.def.support, c.stays, self.T.artillery
  threats:clear()
  local target, guns = 0, 0
  for i = 1, threats_of(s, threats, side) do
    local _, from, to, n, _, t = fields(threats:get(i))
    if to ~= target then
      if guns >= need then out:add(BARRAGE, 0, target) end
      target, guns = to, 0
    end
    if n >= need then                              -- W-K1
      if stays[t] then
        guns = guns + 1                            -- W-K3
      else
        out:add(TAKE, from, to)                    -- W-K2
      end
    end
    local far = t == artillery and c.beyond[to][from]
    local p = far and at(s, far)
    if p and s:side_of(p) == side and c.planes[type_of(s, p)] then
      out:add(FIRE, far, to)                       -- W-F1
    end
  end
  if guns >= need then out:add(BARRAGE, 0, target) end
end

-- Legal actions -------------------------------------------------------
-- W-T1 every action `side` could take now, the end of the game aside: a
-- movement, a capture, an enclosure removal or a combined-fire capture.
-- Capturing is never compulsory; passing is not an action.
function game:actions_of(s, side, out)
  trace(s, out, side, MOVE, "move")              -- W-M1..W-M7
  captures(self, s, side, out)                   -- W-K1..W-K4, W-F1
  -- W-E1 an enemy piece between two of the side's pieces adjacent to it on
  -- opposite sides, in one line (orthogonal or diagonal); any pieces
  -- enclose, the headquarter too. W-E2 RULING: every enclosure on the board
  -- counts, not only one made this turn; each removal is one action.
  -- W-K4 RULING: "enclose X" and "barrage X" are two actions even where
  -- both leave the same position.
  flanked(s, out, side, ENCLOSE, "all")
end

function game:actions(s, out)
  local side = side_to_move(s)
  if var(s, self.V.judge) == side then return end  -- W-J6 the reply was made
  if repetitions(s) >= 2 then return end          -- W-J8
  self:actions_of(s, side, out)
end

local spare = wg.actions()
local function can_act(self, s, side)
  spare:clear()
  self:actions_of(s, side, spare)
  return spare:size() > 0
end

-- Judgement ------------------------------------------------------------
local J1, J2, J3, J4, J5 = 1, 2, 4, 8, 16
local CONDITION = {
  [J1] = "the enemy headquarter captured (W-J1)",
  [J2] = "the enemy down to 4 ground units (W-J2)",
  [J3] = "five ground units on or beyond the enemy mainline (W-J3)",
  [J4] = "no enemy infantry left (W-J4)",
  [J5] = "the enemy has no legal action (W-J5)",
}

local function ground_units(self, s, side, layer)
  local n = 0
  for _, t in ipairs(compiled(self).ground) do
    n = n + count(s, side, t, layer)
  end
  return n
end

-- W-J3 at least five of the side's ground units, one of them infantry, on
-- or beyond the enemy mainline (in the enemy's zone).
local function advanced(self, s, side)
  local zone = compiled(self).zone[3 - side]
  return count(s, side, self.T.infantry, zone) >= 1
         and ground_units(self, s, side, zone) >= 5
end

-- The conditions W-J1..W-J4 that hold for `side` (bits).
local function grounds(self, s, side)
  local foe, g = 3 - side, 0
  if count(s, foe, self.T.headquarter) == 0 then g = g | J1 end    -- W-J1
  if ground_units(self, s, foe) <= 4 then g = g | J2 end           -- W-J2
  if advanced(self, s, side) then g = g | J3 end                   -- W-J3
  if count(s, foe, self.T.infantry) == 0 then g = g | J4 end       -- W-J4
  return g
end

-- A counter-judgement (W-J6): the conditions that hold for the replier
-- after its reply, W-J5 included (the judge has no legal action).
local function counter(self, s, side)
  local g = grounds(self, s, side)
  if not can_act(self, s, 3 - side) then g = g | J5 end
  return g
end

local function describe(g)
  local parts = {}
  for _, bit in ipairs { J1, J2, J3, J4, J5 } do
    if g & bit ~= 0 then parts[#parts + 1] = CONDITION[bit] end
  end
  return table.concat(parts, ", ")
end

-- Effects ---------------------------------------------------------------
local function move_in(s, a) apply_move(s, a) end
local function remove(s, _, to) s:remove(s:at(to)) end
local EFFECT = {
  [MOVE] = move_in,      -- W-M1
  [TAKE] = move_in,      -- W-K2 X is removed and P moves onto its square
  [FIRE] = move_in,      -- W-F1 the plane moves onto X's square
  [BARRAGE] = remove,    -- W-K3 nothing moves
  [ENCLOSE] = remove,    -- W-E1 the enclosing pieces stay
}

function game:play(s, a)
  local kind, _, to = fields(a)
  local side, judge = side_to_move(s), var(s, self.V.judge)
  EFFECT[kind](s, a, to)
  if judge == 0 then
    -- a player reaches a judgement after their action (W-J1..W-J4; W-J5
    -- shows when the enemy finds no action, see game:result)
    local g = grounds(self, s, side)
    if g ~= 0 then
      s:set_var(self.V.judge, side)
      s:set_var(self.V.grounds, g)
    end
  elseif judge ~= side then
    -- W-J6 this is the reply. W-J7: a judgement that rested on W-J3 alone
    -- is cancelled by a capture after which W-J3 no longer holds -- unless
    -- the reply reached a judgement itself, which W-J6 makes a draw first.
    -- RULING (confirmed 2026-11-23): the draw takes precedence over the
    -- cancellation.
    if compiled(self).captures[kind] and s:var(self.V.grounds) == J3
       and not advanced(self, s, judge) and counter(self, s, side) == 0 then
      s:set_var(self.V.judge, 0)
      s:set_var(self.V.grounds, 0)
    end
  end
  end_turn(s)
end

-- End of game -----------------------------------------------------------
function game:result(s)
  local side, judge = s:side(), s:var(self.V.judge)
  local judged = describe(s:var(self.V.grounds))
  if judge == side then
    -- W-J6 the reply has been made: a draw if it reached a judgement for
    -- the replier, else the judge wins
    local c = counter(self, s, 3 - side)
    if c ~= 0 then
      return 0, string.format("counter-judgement: %s's judgement (%s) "
                              .. "answered by %s's (%s), W-J6",
                              self:side_name(judge), judged,
                              self:side_name(3 - judge), describe(c))
    end
    return judge, "judgement: " .. judged
                  .. "; the reply did not answer it (W-J6)"
  end
  if s:repetitions() >= 2 then return 0, "threefold repetition (W-J8)" end
  if judge ~= 0 then
    return judge, "judgement: " .. judged .. "; no reply possible (W-J6)"
  end
  return 3 - side, "judgement: " .. describe(J5)  -- W-J5, with no reply (W-J6)
end

-- Notation ----------------------------------------------------------------
function game:action_text(s, a)
  local kind, from, to = wg.fields(a)
  local r = self.rules
  if kind == TAKE then return r:name(from) .. "x" .. r:name(to) end
  if kind == BARRAGE then return "barrage " .. r:name(to) end
  if kind == ENCLOSE then return "enclose " .. r:name(to) end
  if kind == FIRE then return "fire " .. r:name(from) .. "x" .. r:name(to) end
  return r:name(from) .. r:name(to)
end

-- How an action is drawn (wargrid.svg): a move's arrow, a capture's strike,
-- the square a barrage removes, the piece an enclosure removes.
function game:action_marks(a)
  local kind, from, to = wg.fields(a)
  if kind == MOVE then return { { "move", from, to } } end
  if kind == TAKE then return { { "strike", from, to } } end
  if kind == BARRAGE then return { { "area", { to }, label = "barrage" } } end
  if kind == ENCLOSE then return { { "ring", to, label = "enclosed" } } end
  return { { "strike", from, to, label = "fire" } }           -- FIRE
end

-- game:notation(): how to type each action, and the judgement, told from
-- the declaration (support, stays, planes, ground, mainlines, captures),
-- so that a variant's help follows the variant.
local CAPTURE_WORDS = { take = "a take", barrage = "a barrage",
                        fire = "combined fire", enclose = "an enclosure" }

local function names(self, list, word)
  local out = {}
  for _, name in ipairs(list or {}) do
    if self.T[name] then out[#out + 1] = wg.help.piece_name(name) end
  end
  return wg.help.list(out, word)
end

function game:notation()
  local help, def = wg.help, self.def
  local need = def.support
  local lines = { "Wehrschach actions (one a turn, W-T1; case, spaces and "
                  .. "dashes do not matter):" }
  local function line(example, text)
    lines[#lines + 1] = help.wrap(text, string.rep(" ", 16),
                                  string.format("  %-14s", example))
  end
  line("c2c4", "the piece on c2 moves to c4")
  line("e4xf6", "the piece on e4 takes f6 and moves onto it; "
       .. (need == 1 and "no other piece need threaten f6 (W-K1)"
           or string.format("at least %s of your pieces, this one among "
                            .. "them, must threaten f6 (W-K1)",
                            help.number(need))))
  local stays = names(self, def.stays, "or")
  if stays ~= "" then
    line("barrage f6", string.format("%s of your %s threatening f6 remove "
                                     .. "it; nothing moves (W-K3)",
                                     need == 1 and "any one"
                                     or help.number(need) .. " or more",
                                     stays))
  end
  line("enclose d4", "remove d4, enclosed by two of your pieces next to it "
       .. "on opposite sides of one line (W-E1)")
  local planes = names(self, def.planes, "or")
  if planes ~= "" and self.T.artillery then
    line("fire c6xd6", string.format("the %s on c6 takes d6, your artillery "
                                     .. "on h6 backing it (W-F1)", planes))
  end
  lines[#lines + 1] = ""
  lines[#lines + 1] = help.wrap(
    "Every move but the tank's L-path runs along one of the 8 lines to an "
    .. "empty square: never "
    .. "through a piece (planes fly over all but enemy planes and "
    .. "artillery), never onto the sea, and never from one river square to "
    .. "the next (W-M1..W-M7). A side's zone is its mainline and the ranks "
    .. "behind it. Captures are orthogonal, each piece at its own distance "
    .. "(W-C1..W-C6).", "")
  local m = def.mainlines
  local counted = {}
  for _, kind in ipairs { "take", "barrage", "fire", "enclose" } do
    if def.captures and def.captures[kind] then
      counted[#counted + 1] = CAPTURE_WORDS[kind]
    end
  end
  lines[#lines + 1] = ""
  lines[#lines + 1] = help.wrap(string.format(
    "Judgement (W-J1..W-J7): your action reaches a judgement when it "
    .. "leaves the enemy without its headquarter, with four or fewer "
    .. "ground units (of the kinds %s), or without infantry; when five of "
    .. "your ground units, one of them infantry, stand on or beyond the "
    .. "enemy mainline (rank %d for %s, rank %d for %s); or when the "
    .. "enemy has no action. The enemy then makes one reply: if that "
    .. "reaches a judgement for it, the game is drawn; otherwise you win. "
    .. "A judgement that rested on the advance alone is cancelled, and "
    .. "play goes on, when the reply is a capture (%s) after which it no "
    .. "longer holds. A position seen for the third time is a draw "
    .. "(W-J8).", names(self, def.ground), m[2],
    help.capital(self.sides[1]), m[1], help.capital(self.sides[2]),
    help.list(counted, "or")), "")
  return table.concat(lines, "\n")
end

-- Why an action is illegal ------------------------------------------------
-- The notation read back (W-T1): a move, a take, a barrage, an enclosure,
-- combined fire; then the game's own reasons. game:explain asks them after
-- the generic ones (g): those cover a move's pattern (W-M1, and the rules
-- its layers cite: W-M2 road, W-M3 zone, W-M5 sea, W-M6 river), and this
-- adds the end of the game (W-J5, W-J6, W-J8), blocking pieces (W-M4),
-- the tank's L-paths (W-M7), threats (W-C1..W-C5), support (W-K1..W-K3),
-- enclosure (W-E1) and combined fire (W-F1).
local why = wg.why

function game:read_action(s, text)
  local t = why.normal(text)
  local kind, a, b
  a, b = t:match("^(%l%d+)(%l%d+)$")
  if a then
    kind = "move"
  else
    a, b = t:match("^(%l%d+)x(%l%d+)$")
    kind = "take"
  end
  if not a then
    a, b = t:match("^fire(%l%d+)x(%l%d+)$")
    kind = "fire"
  end
  if not a then
    kind, b = t:match("^(barrage)(%l%d+)$")
    if not kind then kind, b = t:match("^(enclose)(%l%d+)$") end
  end
  if not b then
    return nil, string.format("'%s' is not a Wehrschach action (c2c4, "
                              .. "e4xf6, barrage f6, enclose d4, fire "
                              .. "c6xd6)", text)
  end
  -- a move goes to an empty square (W-M1); a capture is written e4xf6
  local p = { text = text, kind = kind, mode = kind == "move" and "move" }
  local err
  if a then
    p.from, err = why.square_of(self, a)
    if not p.from then return nil, err end
  end
  p.to, err = why.square_of(self, b)
  if not p.to then return nil, err end
  return p
end

-- W-C1..W-C5 the rule of a piece's threat, and what it threatens
local THREAT = {
  infantry = { "W-C1", "the squares orthogonally next to it" },
  headquarter = { "W-C2", "exactly 2 away on a file or rank, inside its "
                          .. "zone, over an empty square" },
  tank = { "W-C3", "exactly 3 away on a file or rank, or a knight's move "
                   .. "away by an open L-path" },
  artillery = { "W-C4", "exactly 4 away on a file or rank" },
  fighter = { "W-C5", "exactly 5 away on a file or rank" },
  bomber = { "W-C5", "exactly 5 away on a file or rank" },
}

-- The side's pieces that threaten sq (W-C1..W-C6): ids and squares
local function threateners(s, side, sq)
  threats:clear()
  local ids, squares = {}, {}
  for i = 1, s:threats(threats, side, 1, sq) do
    local _, from, _, _, pid = wg.fields(threats:get(i))
    ids[#ids + 1], squares[#squares + 1] = pid, from
  end
  return ids, squares
end

local function is_knight_offset(self, a, b)
  local f1, r1 = self.rules:coords(a)
  local f2, r2 = self.rules:coords(b)
  local dx, dy = math.abs(f2 - f1), math.abs(r2 - r1)
  return dx * dy == 2
end

-- The enemy piece on sq to be captured or removed, or the reason there is
-- none.
local function victim(self, s, side, sq, rule)
  local pid = s:at(sq)
  if not pid then
    return nil, rule, string.format("there is no piece on %s to remove",
                                    self.rules:name(sq))
  end
  if s:side_of(pid) == side then
    return nil, rule, string.format("%s holds %s, not an enemy piece",
                                    self.rules:name(sq),
                                    why.unit(self, s, pid, side))
  end
  return pid
end

-- "e4", "e4 and b6": the squares of a list of pieces
local function squares_of(self, s, ids)
  local out = {}
  for i, pid in ipairs(ids) do out[i] = self.rules:name(s:square(pid)) end
  return why.list(out)
end

-- W-K1 "a second piece", "3 pieces"
local function needed(n)
  return n == 2 and "a second piece" or n .. " pieces"
end

-- A move: blocking pieces are W-M4's, a tank's knight move W-M7's; a
-- move onto a piece is no move (W-M1: to an empty square).
local function why_move(self, s, side, p, g)
  local pid = s:at(p.from)
  local target = s:at(p.to)
  if target and s:side_of(target) ~= side then
    return "W-M1", string.format("%s holds %s: a move goes to an empty "
                                 .. "square (a capture is written %sx%s)",
                                 self.rules:name(p.to),
                                 why.unit(self, s, target, side),
                                 self.rules:name(p.from),
                                 self.rules:name(p.to))
  end
  if not g then return nil end
  if g.kind == "outside" and g.layers & (1 << compiled(self).zone[side]) ~= 0
  then
    return "W-M3", string.format("%s never leaves its zone, and %s is "
                                 .. "outside it", why.piece(self, s, pid,
                                                            side),
                                 self.rules:name(g.at))
  end
  if s:type(pid) == self.T.tank and is_knight_offset(self, p.from, p.to)
     and g.kind ~= "own" then
    return "W-M7", g.reason
  end
  if g.kind == "blocked" then
    if compiled(self).planes[s:type(pid)] then
      return "W-M4", g.reason .. " (planes pass over every piece but "
                     .. "enemy planes and artillery)"
    end
    return "W-M4", g.reason
  end
end

-- W-K1..W-K3 "e4xf6": the piece on e4 threatens f6, and so does another
local function why_take(self, s, side, p)
  local pid = s:at(p.from)
  local x, rule, text = victim(self, s, side, p.to, "W-K2")
  if not x then return rule, text end
  local name = self.type_names[s:type(pid)]
  if compiled(self).stays[s:type(pid)] then
    return "W-K3", string.format("%s never moves to capture: two of your "
                                 .. "artillery threatening %s remove it "
                                 .. "with barrage %s", why.piece(self, s,
                                                                 pid, side),
                                 self.rules:name(p.to),
                                 self.rules:name(p.to))
  end
  local r = why.reach(self, s, pid, p.to, "capture", side)
  local fire = wg.act(FIRE, p.from, p.to)
  if r and self:legal(s):contains(fire) then             -- W-F1
    return "W-F1", string.format("%s takes %s alone by combined fire, "
                                 .. "written fire %sx%s",
                                 why.piece(self, s, pid, side),
                                 self.rules:name(p.to),
                                 self.rules:name(p.from),
                                 self.rules:name(p.to))
  end
  if r then
    local threat = THREAT[name] or { r.rule }
    local text2 = r.reason:gsub("does not capture on", "does not threaten")
                          :gsub("cannot reach", "does not threaten")
    if r.kind == "pattern" and threat[2] then
      text2 = text2 .. " (it threatens " .. threat[2] .. ")"
    elseif r.kind == "outside" then
      text2 = string.format("%s threatens only inside its zone, and %s is "
                            .. "outside it", why.piece(self, s, pid, side),
                            self.rules:name(p.to))
    end
    return threat[1], text2
  end
  local ids = threateners(s, side, p.to)
  if #ids < self.def.support then
    return "W-K1", string.format("a capture of %s needs %s threatening it; "
                                 .. "only %s %s", self.rules:name(p.to),
                                 needed(self.def.support),
                                 squares_of(self, s, ids),
                                 #ids == 1 and "does" or "do")
  end
end

-- W-K3 "barrage f6": two or more of the side's artillery threaten f6
local function why_barrage(self, s, side, p)
  local x, rule, text = victim(self, s, side, p.to, "W-K3")
  if not x then return rule, text end
  local ids, guns = threateners(s, side, p.to), {}
  for _, pid in ipairs(ids) do
    if compiled(self).stays[s:type(pid)] then guns[#guns + 1] = pid end
  end
  local need = self.def.support
  if #guns < need then
    local which = #guns == 0 and "none does"
                  or string.format("only %s %s", squares_of(self, s, guns),
                                   #guns == 1 and "does" or "do")
    return "W-K3", string.format("a barrage on %s needs %d of your "
                                 .. "artillery threatening it (exactly 4 "
                                 .. "away on a file or rank, W-C4); %s",
                                 self.rules:name(p.to), need, which)
  end
end

-- W-E1 "enclose d4": two of the side's pieces next to d4 on opposite
-- sides of one line
local function why_enclose(self, s, side, p)
  local x, rule, text = victim(self, s, side, p.to, "W-E1")
  if not x then return rule, text end
  return "W-E1", string.format("%s is not enclosed: no line through %s has "
                               .. "your pieces next to it on both sides",
                               why.piece(self, s, x, side),
                               self.rules:name(p.to))
end

-- W-F1 "fire c6xd6": a plane next to d6, your artillery 4 beyond d6
local function why_fire(self, s, side, p)
  local pid = s:at(p.from)
  if not compiled(self).planes[s:type(pid)] then
    return "W-F1", string.format("combined fire is a plane's, and %s is "
                                 .. "none", why.piece(self, s, pid, side))
  end
  local x, rule, text = victim(self, s, side, p.to, "W-F1")
  if not x then return rule, text end
  local f1, r1 = self.rules:coords(p.from)
  local f2, r2 = self.rules:coords(p.to)
  local dx, dy = f2 - f1, r2 - r1
  if math.abs(dx) + math.abs(dy) ~= 1 then
    return "W-F1", string.format("%s fires only at an enemy orthogonally "
                                 .. "next to it, and %s is not",
                                 why.piece(self, s, pid, side),
                                 self.rules:name(p.to))
  end
  local gun = self.rules:step(p.to, 4 * dx, 4 * dy)
  if not gun then
    return "W-F1", string.format("combined fire on %s needs your artillery "
                                 .. "4 beyond it on the line from %s, which "
                                 .. "runs off the board",
                                 self.rules:name(p.to),
                                 self.rules:name(p.from))
  end
  local there = s:at(gun)
  return "W-F1", string.format("combined fire on %s needs your artillery on "
                               .. "%s, 4 beyond it; %s", self.rules:name(p.to),
                               self.rules:name(gun), there
                               and self.rules:name(gun) .. " holds "
                                   .. why.unit(self, s, there, side)
                               or self.rules:name(gun) .. " is empty")
end

local WHY = { take = why_take, barrage = why_barrage, enclose = why_enclose,
              fire = why_fire }

function game:why(s, p, g)
  local side = s:decider()
  local kind = g and g.kind
  if kind == "over" then
    local judge = s:var(self.V.judge)
    local rule = judge ~= 0 and "W-J6"
                 or (s:repetitions() >= 2 and "W-J8" or "W-J5")
    return rule, g.reason
  end
  if kind == "empty" or kind == "foe" then return "W-T1", g.reason end
  if p.kind == "move" then return why_move(self, s, side, p, g) end
  return WHY[p.kind](self, s, side, p)
end

-- What a legal action does, in words
function game:does(s, a)
  local kind, from, to = wg.fields(a)
  local side = s:side()
  local text
  if kind == MOVE then
    text = why.does(self, s, a)
  elseif kind == TAKE then
    local ids = threateners(s, side, to)
    local others = {}
    for _, pid in ipairs(ids) do
      if s:square(pid) ~= from then others[#others + 1] = pid end
    end
    local also = {}
    for i, pid in ipairs(others) do also[i] = why.piece(self, s, pid, side) end
    text = string.format("the %s on %s takes %s, which %s also %s",
                         why.type_name(self, s:type(s:at(from))),
                         self.rules:name(from),
                         why.piece(self, s, s:at(to), side),
                         why.list(also):gsub("your ", "the "),
                         #others == 1 and "threatens" or "threaten")
  elseif kind == BARRAGE then
    local guns = {}
    for _, pid in ipairs(threateners(s, side, to)) do
      if compiled(self).stays[s:type(pid)] then guns[#guns + 1] = pid end
    end
    text = string.format("your artillery on %s remove %s; nothing moves",
                         squares_of(self, s, guns),
                         why.piece(self, s, s:at(to), side))
  elseif kind == ENCLOSE then
    text = string.format("removes %s, enclosed by your pieces",
                         why.piece(self, s, s:at(to), side))
  else
    text = string.format("the %s on %s takes %s by combined fire",
                         why.type_name(self, s:type(s:at(from))),
                         self.rules:name(from),
                         why.piece(self, s, s:at(to), side))
  end
  -- the judgement the action would reach (W-J1..W-J4)
  local m = s:mark()
  self:play(s, a)
  if s:var(self.V.judge) == side and s:var(self.V.grounds) ~= 0 then
    text = text .. "; it reaches a judgement: "
           .. describe(s:var(self.V.grounds))
  end
  s:undo(m)
  return text
end

-- For the AI ------------------------------------------------------------
-- The search tries removals first (take, barrage, enclosure, combined
-- fire: field b is the victim), the most valuable victim first; returns how
-- many actions are removals.
local keys = {}
function game:order(s, out)
  local n, value = 0, compiled(self).value
  for i = 1, out:size() do
    local kind, _, to = fields(out:get(i))
    keys[i] = kind == MOVE and 0 or value[type_of(s, at(s, to))]
    if kind ~= MOVE then n = n + 1 end
  end
  out:order(keys)
  return n
end

-- Quiescence searches the removals (W-K1..W-K4, W-E1, W-F1). The reply to
-- a judgement decides the game (W-J6), so there every action is searched
-- (true: they are all the legal ones); none when the game is over.
function game:forcing(s, out)
  local side, judge = s:side(), s:var(self.V.judge)
  if judge ~= 0 or s:repetitions() >= 2 then
    self:actions(s, out)
    return true
  end
  captures(self, s, side, out)
  s:flanked(out, side, ENCLOSE, "all")
  self:order(s, out)
  return false
end

-- The search's evaluation, for `side`: material; the headquarter's safety
-- (W-J1: each enemy piece threatening it, W-K1 two can take it); ground
-- units (W-J2: four or fewer lose) and infantry (W-J4: none loses) when
-- they run short; ground units in the enemy zone (W-J3: five, one of them
-- infantry, win); and room to move.
local scratch = wg.actions()
local function side_score(self, s, side, c)
  local foe, T, value = 3 - side, self.T, c.value
  local v, hq = 0, nil
  for _, pid in ipairs(pieces(s, side)) do
    local t = type_of(s, pid)
    v = v + (value[t] or 0)
    if t == T.headquarter then hq = pid end  -- one at most (check_board)
  end
  if hq then
    scratch:clear()
    local n = threats_of(s, scratch, foe, 1, square(s, hq))
    v = v - (n >= 2 and 2 or 0.5 * n)
  end
  local ground = ground_units(self, s, side)
  if ground <= 7 then v = v - 0.7 * (8 - ground) end
  local infantry = count(s, side, T.infantry)
  if infantry <= 2 then v = v - 1.5 * (3 - infantry) end
  local ahead = ground_units(self, s, side, c.zone[foe])
  if count(s, side, T.infantry, c.zone[foe]) > 0 then
    v = v + 0.4 * ahead
  else
    v = v + 0.2 * ahead
  end
  scratch:clear()
  return v + 0.02 * trace(s, scratch, side, MOVE, "move")
end

function game:evaluate(s, side)
  local c = compiled(self)
  return side_score(self, s, side, c) - side_score(self, s, 3 - side, c)
end

-- Declaration ---------------------------------------------------------
-- What a variant may leave impossible: mainlines off the board or out of
-- order (W-B5); a judgement counting a piece type the game has not (W-J1
-- the headquarter, W-J3 and W-J4 infantry); captures needing no support
-- (W-K1).
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
  if math.type(self.def.support) ~= "integer" or self.def.support < 1 then
    return nil, "W-K1 support must be a whole number of pieces, at least 1: "
                .. "override support in the variant"
  end
  return true
end

-- Position text -----------------------------------------------------------
local FORM = { sides = { "r", "b" }, fields = 3,
               more = "the judgement (- or e.g. r:3)" }

function game:position_text(s)
  local judge, text = s:var(self.V.judge), "-"
  if judge ~= 0 then
    local digits = {}
    for k = 1, 4 do
      if s:var(self.V.grounds) & (1 << (k - 1)) ~= 0 then
        digits[#digits + 1] = tostring(k)
      end
    end
    text = FORM.sides[judge] .. ":" .. table.concat(digits)
  end
  return fen.write_position(self, s, FORM, text)
end

local function check_board(self, s)
  for side = 1, 2 do
    local name = self:side_name(side)
    if s:count(side, self.T.headquarter) > 1 then
      return string.format("%s has more than one headquarter", name)
    end
    for _, pid in ipairs(s:pieces(side)) do
      local t, _, sq = s:piece(pid)
      if s:has(sq, self.L.sea) then  -- W-M5
        return string.format("a piece stands on the sea (%s)",
                             self.rules:name(sq))
      end
      local zone = compiled(self).zone[side]
      if t == self.T.headquarter and not s:has(sq, zone) then  -- W-M3
        return string.format("the %s headquarter stands outside its zone (%s)",
                             name, self.rules:name(sq))
      end
    end
  end
end

function game:set_position(s, text)
  local f, err = fen.read_position(self, s, text, FORM)
  if not f then return nil, err end
  err = check_board(self, s)
  if err then return nil, err end
  local side = s:side()
  local j = f[3] or "-"
  if j ~= "-" then
    local who, digits = j:match("^([rb]):([1-4]+)$")
    if not who then
      return nil, string.format("judgement %s: expected - or the judging "
                                .. "side and its conditions, as r:3 or b:14",
                                wg.text.quote(j))
    end
    local judge, g = who == FORM.sides[1] and 1 or 2, 0
    for d in digits:gmatch(".") do g = g | (1 << (tonumber(d) - 1)) end
    -- a pending judgement rests on what the board shows; once the reply
    -- is made (the judge to move) the board may have changed
    local shown = grounds(self, s, judge)
    if judge ~= side and shown ~= g then
      return nil, string.format("judgement %s: the board gives %s %s",
                                wg.text.quote(j),
                                self:side_name(judge),
                                shown == 0 and "no judgement"
                                  or "the conditions " .. describe(shown))
    end
    s:set_var(self.V.judge, judge)
    s:set_var(self.V.grounds, g)
  end
  return true
end

return game
