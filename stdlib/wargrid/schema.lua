-- wargrid.schema: every key a game declaration (wg.game) or a variant
-- (wg.variant) may set, in one place: its type and what it means. A game
-- declares the keys of its own (the data its rules read: Wehrschach's
-- support, Block Wars' rulings) in its declaration's `keys`, in the same
-- form; a variant inherits its base's and may add its own.
--
-- A key is { type = TYPE, help = "one line", fields = { KEY = key, ... }
-- (a table whose keys are known), each = key (every entry of a list or a
-- map) }. TYPE is "string", "integer", "number", "boolean", "function",
-- "table", "list" (a sequence), "map" (names to values), "any", "list of
-- T" or "map of T" (T one of the first five), or several joined by " or ".
--
-- schema.check(def, keys, base, variant) refuses, by raising one line that
-- starts "game NAME: " and the key's path (the loader adds the file and the
-- key's line): an unknown key, with "did you mean ...?" when one is close;
-- a value of the wrong type; and in a variant, a piece its base lacks.
local M = {}

local BASIC = { string = true, integer = true, number = true,
                boolean = true, ["function"] = true, table = true,
                list = true, map = true, any = true }

-- Edit distance (insertions, deletions, substitutions, transpositions).
local function distance(a, b)
  local d = {}
  for i = 0, #a do d[i] = { [0] = i } end
  for j = 0, #b do d[0][j] = j end
  for i = 1, #a do
    for j = 1, #b do
      local cost = a:byte(i) == b:byte(j) and 0 or 1
      d[i][j] = math.min(d[i - 1][j] + 1, d[i][j - 1] + 1,
                         d[i - 1][j - 1] + cost)
      if i > 1 and j > 1 and a:byte(i) == b:byte(j - 1)
         and a:byte(i - 1) == b:byte(j) then
        d[i][j] = math.min(d[i][j], d[i - 2][j - 2] + 1)
      end
    end
  end
  return d[#a][#b]
end

-- schema.suggest(word, names) -> " (did you mean 'x'?)" naming the closest
-- of names (a list or a set), when one is close; else ""
function M.suggest(word, names)
  word = tostring(word)
  local best, best_d
  local list = {}
  for k, v in pairs(names or {}) do
    list[#list + 1] = type(k) == "string" and k or v
  end
  table.sort(list)
  for _, name in ipairs(list) do
    local d = distance(word:lower(), name:lower())
    if d <= math.max(1, #word // 3) and d <= 2 and (not best_d or d < best_d)
    then
      best, best_d = name, d
    end
  end
  return best and string.format(" (did you mean '%s'?)", best) or ""
end

local function is_list(v)
  if type(v) ~= "table" then return false end
  local n = 0
  for _ in pairs(v) do n = n + 1 end
  return n == #v
end

local function is_map(v)
  if type(v) ~= "table" then return false end
  for k in pairs(v) do
    if type(k) ~= "string" then return false end
  end
  return true
end

local function basic(v, t)
  if t == "any" then return true end
  if t == "integer" then return math.type(v) == "integer" end
  if t == "list" then return is_list(v) end
  if t == "map" then return is_map(v) end
  return type(v) == t
end

-- The alternatives of a type: { { base, of }, ... } ("list of string" is
-- { "list", "string" }), or nil and what is wrong.
local function parse(t)
  local alts = {}
  for alt in ((t or "any") .. " or "):gmatch("%s*(.-)%s+or%s+") do
    local base, of = alt:match("^(%a+) of (%a+)$")
    base = base or alt
    if not BASIC[base] or (of and not BASIC[of]) then
      return nil, string.format("'%s' is not a type%s", alt,
                                M.suggest(of or base, BASIC))
    end
    alts[#alts + 1] = { base, of }
  end
  return alts
end

-- "an integer", "a list of strings"
local function article(t)
  return (t:match("^[aeiou]") and "an " or "a ") .. t
end

local function describe(alts)
  local out = {}
  for i, a in ipairs(alts) do
    out[i] = article(a[2] and (a[1] .. " of " .. a[2] .. "s") or a[1])
  end
  return table.concat(out, " or ")
end

local function what_is(v)
  if math.type(v) == "integer" then return "an integer" end
  if type(v) == "table" then
    return is_list(v) and "a list" or "a table"
  end
  return article(type(v))
end

local function matches(v, alt)
  if not basic(v, alt[1]) then return false end
  if alt[2] then
    for _, x in pairs(v) do
      if not basic(x, alt[2]) then return false end
    end
  end
  return true
end

local Check = {}
Check.__index = Check

function Check:fail(fmt, ...)
  error(string.format("game %s: " .. fmt, self.name, ...), 0)
end

-- Checks v, the value of key `spec` at path; old is the base's value there
-- (in a variant), which false may delete.
function Check:value(v, spec, path, old)
  if v == false and self.variant and type(old) == "table" then return end
  local alts, err = parse(spec.type)
  if not alts then self:fail("%s: %s", path, err) end
  local ok = false
  for _, alt in ipairs(alts) do ok = ok or matches(v, alt) end
  if not ok then
    self:fail("%s must be %s, not %s", path, describe(alts), what_is(v))
  end
  if type(v) ~= "table" then return end
  if spec.fields then
    self:table(v, spec.fields, path, old)
  elseif spec.each then
    for k, x in pairs(v) do
      local sub = type(k) == "string" and path .. "." .. k
                  or string.format("%s[%s]", path, tostring(k))
      self:value(x, spec.each, sub, type(old) == "table" and old[k] or nil)
    end
  end
end

-- Checks the keys of table t against fields (key -> spec).
function Check:table(t, fields, path, old)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for _, k in ipairs(keys) do
    local v, spec = t[k], fields[k]
    local sub = path and path .. "." .. tostring(k) or tostring(k)
    if not spec then
      local hint = M.suggest(k, fields)
      if hint == "" then
        hint = string.format(" (see 'wargrid help variants %s')", self.root)
      end
      self:fail("%s is not a key of %s%s", sub, path or self.root, hint)
    end
    self:value(v, spec, sub, type(old) == "table" and old[k] or nil)
  end
end

-- M.KEYS: the keys every declaration may set -------------------------------
local CONDITIONS = "string or list of string"
local LAYER = { type = "table", help = "a terrain layer", fields = {
  squares = { type = "list or function",
              help = "its squares: names or numbers, or a predicate "
                     .. "f(game, sq, file, rank)" },
  dynamic = { type = "boolean",
              help = "it changes in play (s:set_layer), journaled and hashed" },
  stops = { type = "boolean",
            help = "it stops every pattern and ray the runtime traces" },
  mirror = { type = "string",
             help = "the layer side 2 reads in its place (red_zone: "
                    .. "blue_zone)" },
  mark = { type = "string", help = "the character drawn on its empty squares" },
  colour = { type = "string",
             help = "its squares' background in a terminal: black, red, "
                    .. "green, yellow, blue, magenta, cyan, white" },
  label = { type = "string", help = "its legend text (default: its name)" },
  rule = { type = "string",
           help = "the ID of the rule cited when it stops a move (why)" },
  look = { type = "table", help = "how pictures draw it (wargrid.svg)",
           fields = {
    fill = { type = "string", help = "its squares' tint: \"#rrggbb\" or a "
                                     .. "colour's name" },
    opacity = { type = "number", help = "the tint's opacity, 0 to 1" },
    pattern = { type = "string",
                help = "drawn on its squares: waves, hatch, dots, rubble, "
                       .. "craters or cross" },
    ink = { type = "string", help = "the pattern's colour" },
    band = { type = "string",
             help = "the colour of a band joining its squares, as a road or "
                    .. "a river runs" },
    width = { type = "number", help = "the band's width, in squares" },
    centre = { type = "string", help = "the colour of the band's centre line" },
    dashed = { type = "boolean", help = "the centre line dashed" },
    label = { type = "string",
              help = "its legend text in pictures (default: label)" },
    diagonals = { type = "boolean",
                  help = "the diagonals of each of its regions drawn "
                         .. "through the points (a palace)" },
  } },
} }

local PIECE = { type = "table", help = "a piece type", fields = {
  letter = { type = "string",
             help = "its letter in position text (upper case: side 1); a "
                    .. "new piece needs one" },
  moves = { type = "string or list",
            help = "its pattern: Betza text, or a list of Betza texts and "
                   .. "atom tables" },
  value = { type = "number", help = "its worth, in pawns (evaluation, AI)" },
  royal = { type = "boolean",
            help = "it must not be left attacked (s:keep_royal_safe)" },
  promote = { type = "table", help = "what it promotes to, and where",
              fields = {
    to = { type = "string or list of string", help = "the piece types" },
    zone = { type = "string or list or function",
             help = "\"last\" (the far rank), ranks counted from the side's "
                    .. "edge, or f(game, side, sq)" },
    optional = { type = "boolean", help = "it may also stay as it is" },
  } },
  shape = { type = "list",
            help = "the squares a large piece covers, as { dx, dy } from its "
                   .. "anchor" },
  fire = { type = "table", help = "what s:trace_fire shoots at", fields = {
    range = { type = "integer", help = "how far, in king moves" },
    arc = { type = "number",
            help = "degrees either side of forward (180: all round)" },
    corner = { type = "string",
               help = "\"both\" or \"either\" of two squares a line passes "
                      .. "between block it" },
    immune = { type = "list of string", help = "piece types it cannot hit" },
    block = { type = CONDITIONS, help = "terrain layers that stop it" },
  } },
  block = { type = CONDITIONS, help = "terrain layers its moves cannot enter" },
  noland = { type = CONDITIONS,
             help = "layers its moves may cross but not stop on" },
  within = { type = CONDITIONS,
             help = "layers every square of its moves must have" },
  nostep = { type = CONDITIONS,
             help = "layers it cannot step along (square to square)" },
  over_own = { type = CONDITIONS,
               help = "own piece types it passes over (\"all\")" },
  over_enemy = { type = "string or list of string",
                 help = "enemy piece types it passes over (\"all\")" },
  screen_not = { type = CONDITIONS,
                 help = "piece types its hops (Betza p, g) may not pass "
                        .. "over (\"all\")" },
  not_capture = { type = CONDITIONS,
                  help = "piece types it may not capture (\"all\")" },
  rule = { type = "string", help = "the ID of the rule that defines it" },
  help = { type = "string", help = "a short text for the piece key" },
  look = { type = "table", help = "how pictures draw it (wargrid.svg)",
           fields = {
    glyph = { type = "string or list",
              help = "a drawing of wargrid.glyphs by name, or its own parts "
                     .. "({ \"path\", d = ... }, { \"circle\", ... })" },
    text = { type = "string or list of string",
             help = "text drawn on it (default: its letter, without a "
                    .. "glyph), or a text for each side (Xiangqi's names)" },
    shape = { type = "string",
              help = "what is behind it: disc (the default without a "
                     .. "glyph), counter or none" },
    damage = { type = "integer",
               help = "the piece field counting its hits, drawn as a badge" },
    turn = { type = "boolean", help = "the second side's drawn turned round" },
    label = { type = "string",
              help = "its name in the picture's key (default: its name)" },
  } },
} }

-- The form of a key itself, for `keys`: it may describe tables of its own.
local KEY = { type = "table", help = "a key of the game's own", fields = {
  type = { type = "string", help = "its type (see wargrid.schema)" },
  help = { type = "string", help = "what it means, in one line" },
  rule = { type = "string", help = "the ID of the rule it sets" },
  pattern = { type = "boolean",
              help = "its value is a pattern, written as a piece's moves: "
                     .. "compiled with the pieces' (game.patterns[path] is "
                     .. "its id)" },
} }
KEY.fields.fields = { type = "map", each = KEY,
                      help = "the keys of a table value" }
KEY.fields.each = KEY

M.KEYS = {
  name = { type = "string", help = "the game's name: letters, digits and _" },
  title = { type = "string", help = "the name players see" },
  notation = { type = "string",
               help = "how actions are typed, for --help and help" },
  board = { type = "table", help = "the board", fields = {
    files = { type = "integer", help = "its width (default 8)" },
    ranks = { type = "integer", help = "its height (default 8)" },
    layers = { type = "map", each = LAYER, help = "terrain layers, by name" },
    marks = { type = "map of string",
              help = "the letter position text writes for a dynamic layer" },
    legend = { type = "list of string",
               help = "the layers drawn, first on top (default: by name)" },
  } },
  sides = { type = "list of string",
            help = "the two sides' names (default white, black)" },
  side_colours = { type = "list of string",
                   help = "the pieces' colours in a terminal, side by side" },
  pieces = { type = "map", each = PIECE,
             help = "the piece types, by name; in a variant false removes "
                    .. "one" },
  vars = { type = "map", help = "per-state counters, by name (ids in game.V)",
           each = { type = "table", help = "a counter", fields = {
             hash = { type = "boolean",
                      help = "false: not part of the position for "
                             .. "repetition" },
           } } },
  phases = { type = "list or map",
             help = "the phases in order (ids in game.P), each a name or a "
                    .. "table; in a variant, a map by name: false drops a "
                    .. "phase, a table changes it, a new name is added",
             each = { type = "string or table or boolean",
                      help = "a phase", fields = {
               name = { type = "string", help = "its name" },
               rule = { type = "string",
                        help = "the ID of the rule that sets it" },
               help = { type = "string",
                        help = "what is done in it, in one line" },
               actions = { type = "string",
                           help = "the method that lists its actions" },
               ends = { type = "string or table",
                        help = "what tells it is over (a phase derived from "
                               .. "the position): a method's name, or { var "
                               .. "= a counter, or one a side, is = or "
                               .. "is_not = a value }" },
               next = { type = "string", help = "the phase that follows" },
               decision = { type = "boolean",
                            help = "a sub-decision another action asked "
                                   .. "for" },
             } } },
  decks = { type = "integer or map",
            help = "a count of face-down decks, or decks by name",
            each = { type = "table", help = "a deck", fields = {
              open = { type = "boolean", help = "everyone sees its order" },
              owner = { type = "integer", help = "the side that sees it" },
            } } },
  options = { type = "map", help = "options players set with --option",
              each = { type = "table", help = "an option", fields = {
                default = { type = "any",
                            help = "its value unless set; its type is the "
                                   .. "option's" },
                values = { type = "list", help = "the values it may take" },
                min = { type = "number", help = "the least value it takes" },
                help = { type = "string", help = "what it does, in a line" },
              } } },
  actions_per_turn = { type = "integer",
                       help = "actions in a turn (s:spend; default 1)" },
  maxpieces = { type = "integer",
                help = "the most pieces a state holds (default 128)" },
  reasons = { type = "list of string",
              help = "texts for the reasons s:set_result stores, by number" },
  cutoffs = { type = "list of string",
              help = "the reasons of games cut off by a limit, not decided "
                     .. "(self-play counts them apart)" },
  start = { type = "string", help = "the start position's text" },
  royal_sight = { type = "boolean",
                  help = "two royal pieces of the two sides may not face "
                         .. "each other on an open file or rank (Xiangqi's "
                         .. "flying general): s:in_check sees it" },
  ai = { type = "table", help = "hints for the built-in AI", fields = {
    search = { type = "string",
               help = "\"alphabeta\" (games of perfect information "
                      .. "without chance) or \"mcts\" (the default)" },
    levels = { type = "list of integer",
               help = "each level's budget a decision, weakest first: "
                      .. "nodes (alphabeta) or iterations (mcts)" },
    playout_depth = { type = "integer",
                      help = "random actions before a playout is scored "
                             .. "by game:evaluate" },
    eval_scale = { type = "number",
                   help = "the score worth a 73% chance of winning" },
    widen = { type = "boolean",
              help = "try game:order's best actions first, more as a node "
                     .. "is visited" },
    repetition = { type = "string",
                   help = "\"draw\": repeating a position draws" },
    max_plies = { type = "integer", help = "a playout's most actions" },
    explore = { type = "number", help = "the search's exploration constant" },
    null_move = { type = "boolean",
                  help = "alpha-beta: passing is never better than an "
                         .. "action (no zugzwang), so a null move searched "
                         .. "shallower may end a node" },
    futility = { type = "number",
                 help = "alpha-beta: the futility margin a ply of depth, "
                        .. "in the evaluation's units (0: none)" },
    late_moves = { type = "integer",
                   help = "alpha-beta: at depth d of the last three, quiet "
                          .. "actions after this many plus d * d are left "
                          .. "out (0: none)" },
    check_extension = { type = "boolean",
                        help = "alpha-beta: an action giving check "
                               .. "searches a ply deeper" },
    see = { type = "boolean",
            help = "alpha-beta: captures that lose by static exchange "
                   .. "(the pieces' values) are tried last and left out "
                   .. "of quiescence" },
  } },
  look = { type = "table", help = "how pictures draw the game (wargrid.svg)",
           fields = {
    board = { type = "table", help = "the board's colours", fields = {
      light = { type = "string", help = "the light squares (or all)" },
      dark = { type = "string", help = "the dark squares" },
      chequer = { type = "boolean", help = "false: every square light" },
      lines = { type = "string", help = "the grid lines' colour" },
      points = { type = "boolean",
                 help = "pieces stand on the points where lines cross, "
                        .. "not on squares" },
      river = { type = "table", help = "lines broken between two ranks",
                fields = {
        after = { type = "integer", help = "the rank it runs above" },
        label = { type = "string", help = "text written in it" },
      } },
    } },
    sides = { type = "list", help = "each side's colours, side by side",
              each = { type = "table", help = "a side's colours", fields = {
                fill = { type = "string", help = "its pieces' colour" },
                ink = { type = "string", help = "their symbols' colour" },
                edge = { type = "string", help = "their outline's colour" },
              } } },
  } },
  keys = { type = "map", each = KEY,
           help = "the game's own keys, as these: a variant inherits them" },
  aliases = { type = "map of string",
              help = "renamed keys: old path -> new path; a variant that "
                     .. "writes the old path sets the new" },
  pgn = { type = "table",
          help = "records are PGN: moves in SAN (wargrid.san), the start in "
                 .. "[FEN]", fields = {
    variant = { type = "string",
                help = "XBoard's name of the variant, for [Variant]" },
    claims = { type = "boolean",
               help = "a record with that [Variant] and no Game tag is "
                      .. "this game's" },
  } },
  engine = { type = "table",
             help = "how the engine protocols (xboard, uci) play it: by "
                    .. "default a game whose actions are moves of pieces "
                    .. "with Betza patterns is XBoard's variant fairy",
             fields = {
    variant = { type = "string",
                help = "XBoard's and Fairy-Stockfish's own variant it is" },
    start = { type = "string",
              help = "the position XBoard starts that variant from, when "
                     .. "not the game's start" },
    refused = { type = "string or boolean",
                help = "why it cannot be played through the engines, "
                       .. "naming the rule (false: a variant can be)" },
  } },
}

-- The order `wargrid help variants` lists them in.
M.ORDER = { "name", "title", "notation", "board", "sides", "side_colours",
            "pieces", "vars", "phases", "decks", "options",
            "actions_per_turn", "maxpieces", "reasons", "cutoffs", "start",
            "royal_sight", "ai", "look", "keys", "aliases", "pgn", "engine" }

-- A value as a short line of Lua-like text (60 characters at most).
local function shown(v, depth)
  depth = depth or 0
  local text
  if type(v) == "string" then
    text = string.format("%q", v)
  elseif type(v) ~= "table" then
    text = tostring(v)
  elseif depth > 1 then
    text = "{...}"
  else
    local parts, keys = {}, {}
    for k in pairs(v) do keys[#keys + 1] = k end
    table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
    for _, k in ipairs(keys) do
      parts[#parts + 1] = (math.type(k) == "integer" and ""
                           or tostring(k) .. " = ") .. shown(v[k], depth + 1)
    end
    text = "{ " .. table.concat(parts, ", ") .. " }"
  end
  if #text > 60 then text = text:sub(1, 57) .. "..." end
  return text
end

-- M.describe(keys [, order [, values]]) -> lines describing keys (name ->
-- key) and the keys of their tables, each as its path
-- ("board.layers.NAME.mark"), the rule it sets, its type and, with values
-- (a declaration), its value there, and its help on the next line.
function M.describe(keys, order, values)
  local lines = {}
  local function add(path, spec, seen)
    local head = path .. (spec.rule and " (" .. spec.rule .. ")" or "")
    lines[#lines + 1] = string.format("  %-30s %s", head, spec.type or "any")
    local v = values and values[path]
    lines[#lines + 1] = "      " .. (spec.help or "")
                        .. (v ~= nil and "; now " .. shown(v) or "")
    if seen[spec] then return end
    seen[spec] = true
    local names = {}
    for k in pairs(spec.fields or {}) do names[#names + 1] = k end
    table.sort(names)
    for _, k in ipairs(names) do add(path .. "." .. k, spec.fields[k], seen) end
    if spec.each then
      local inner = (spec.type or ""):find("map") and ".NAME" or "[i]"
      add(path .. inner, spec.each, seen)
    end
    seen[spec] = nil
  end
  local names = {}
  for _, k in ipairs(order or {}) do
    if keys[k] then names[#names + 1] = k end
  end
  local listed = {}
  for _, k in ipairs(names) do listed[k] = true end
  local rest = {}
  for k in pairs(keys) do if not listed[k] then rest[#rest + 1] = k end end
  table.sort(rest)
  for _, k in ipairs(rest) do names[#names + 1] = k end
  for _, k in ipairs(names) do add(k, keys[k], {}) end
  return lines
end

-- The keys of a game: the stdlib's and the game's own (def.keys; a
-- variant's def holds its base's too).
function M.keys_of(def)
  local fields = {}
  for k, v in pairs(M.KEYS) do fields[k] = v end
  for k, v in pairs(type(def.keys) == "table" and def.keys or {}) do
    fields[k] = v
  end
  return fields
end

-- M.check(def, base, variant): raises on what def gets wrong (see the
-- header). base is the base game's declaration when def is a variant's
-- changes (variant true), where false deletes a table of the base.
function M.check(def, base, variant)
  local c = setmetatable({ name = tostring(def.name), variant = variant,
                           root = base and base.name or tostring(def.name) },
                         Check)
  if def.keys ~= nil then
    c:value(def.keys, M.KEYS.keys, "keys", base and base.keys)
    for k, spec in pairs(def.keys) do
      if M.KEYS[k] then
        c:fail("keys.%s: every game has the key %s; declare another", k, k)
      end
      local _, err = parse(spec.type)
      if err then c:fail("keys.%s.type: %s", k, err) end
    end
  end
  local fields = M.keys_of(base or {})
  for k, v in pairs(M.keys_of(def)) do fields[k] = v end
  if variant and type(def.pieces) == "table" then
    c:pieces(def.pieces, type(base.pieces) == "table" and base.pieces or {})
  end
  c:table(def, fields, nil, base)
end

-- A variant's pieces: false removes one the base has; a table changes one
-- the base has, or adds a new piece, which needs its letter.
function Check:pieces(pieces, old)
  for name, p in pairs(pieces) do
    if type(name) == "string" and not old[name] then
      local hint = M.suggest(name, old)
      if p == false then
        self:fail("pieces.%s: the base has no piece %s to remove%s", name,
                  name, hint)
      elseif type(p) == "table" and p.letter == nil then
        self:fail("pieces.%s: the base has no piece %s to change%s; a new "
                  .. "piece needs a letter", name, name, hint)
      end
    end
  end
end

return M
