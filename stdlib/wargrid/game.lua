-- wargrid.game: declaring a game, and what every game can do by default.
--
-- wg.game(def) compiles a declaration into a game object: a table holding
-- the declaration (game.def), the compiled C rules (game.rules), lookup
-- tables by name (game.T types, game.V vars, game.P phases, game.L layers,
-- game.patterns the types of the patterns the game's own keys declare),
-- and the default methods below. The game script then adds its own methods:
--   game:actions(s, out)   push the legal actions; none iff the game is over
--   game:play(s, action)   apply one action (the journal undoes it for free)
--   game:result(s)         when over: winner (side number, 0 for a draw),
--                          reason text [, score]
--   game:position_text(s [, viewer]), game:set_position(s, text)
-- and may replace the defaults (action_text, render, evaluate, ...).
-- game:play may take a third argument, a list to which it appends lines
-- telling what happened (cards turned, outcomes) for the terminal; with a
-- viewer side, position_text tells only what that side may know.
-- Methods take the game as self, so a variant that changes data is obeyed by
-- the code it inherits.
local core = require "wargrid.core"
local betza = require "wargrid.betza"
local text_of = require "wargrid.text"
local quote = text_of.quote
local schema = require "wargrid.schema"
local why = require "wargrid.why"
local weights = require "wargrid.weights"

local M = {}

-- The methods every game has, and a game's metatable: its __index is Game,
-- and no key of Game leads back to Game or to the metatable, so a script
-- that has a game can read the defaults but never rewrite them for others
-- (finding 5 of issue 13).
local Game = {}
local meta = { __index = Game }
M.meta = meta

local MOVE = 1
M.MOVE = MOVE

-- Declaration errors carry no stdlib position; the loader adds the script's.
local function fail(def, fmt, ...)
  error(string.format("game %s: " .. fmt, def.name or "?", ...), 0)
end

-- The AI hints' numbers: name, low, high, the low one allowed, in words.
local AI_RANGES = {
  { "eval_scale", 0, math.huge, false, "a positive number (the score worth "
                                       .. "a 73% chance)" },
  { "explore", 0, math.huge, true, "a number, 0 or more" },
  { "playout_depth", 0, 1000000, true, "from 0 to 1000000 actions" },
  { "max_plies", 1, 1000000000, true, "from 1 to 1000000000 actions" },
}

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t or {}) do keys[#keys + 1] = k end
  table.sort(keys)
  return keys
end

-- A dotted path ("board.layers.debris") as its list of keys, and the value
-- at such a list of keys in t (nil where a table on the way is missing).
local function path_of(text)
  local keys = {}
  for k in text:gmatch("[^.]+") do keys[#keys + 1] = k end
  return keys
end

local function at_path(t, keys)
  for _, k in ipairs(keys) do t = type(t) == "table" and t[k] or nil end
  return t
end

-- Gives each name of t an id, keeping the ids of `old` (a variant's base).
local function number(t, old)
  local ids, names = {}, {}
  for name, id in pairs(old or {}) do
    if t[name] then ids[name] = id; names[id] = name end
  end
  local n = 0
  for _, name in ipairs(sorted_keys(t)) do
    if not ids[name] then
      repeat n = n + 1 until not names[n]
      ids[name] = n
      names[n] = name
    end
  end
  local max = 0
  for id in pairs(names) do max = math.max(max, id) end
  return ids, names, max
end

-- Squares given as names, numbers, or a predicate f(game, sq, file, rank).
local function squares(game, spec, what)
  local rules, out = game.rules_grid, {}
  if type(spec) == "function" then
    local files, ranks = rules:size()
    for r = 1, ranks do
      for f = 1, files do
        local sq = rules:at(f, r)
        if spec(game, sq, f, r) then out[#out + 1] = sq end
      end
    end
    return out
  end
  for i, v in ipairs(spec or {}) do
    local sq = v
    if type(v) == "string" then
      local err
      sq, err = rules:square(v)
      if not sq then fail(game.def, "%s[%d]: %s", what, i, err) end
    end
    out[#out + 1] = sq
  end
  return out
end

local function mask(game, names, what)
  if names == nil then return 0 end
  if type(names) == "string" then names = { names } end
  local m = 0
  for _, name in ipairs(names) do
    local bit = game.L[name]
    if not bit then fail(game.def, "%s: no layer %q", what, tostring(name)) end
    m = m | (1 << bit)
  end
  return m
end

-- Was name a piece type of one of the game's bases (a variant removed it)?
local function removed(game, name)
  local base = game.base
  while base do
    if base.T[name] then return true end
    base = base.base
  end
  return false
end

-- A bit mask of piece types; a type the variant removed is left out, so
-- that removing a piece does not break the patterns that name it.
local function type_mask(game, names, what)
  if names == nil then return 0 end
  if names == "all" then
    local m = 0
    for _, id in pairs(game.T) do m = m | (1 << id) end
    return m
  end
  if type(names) == "string" then names = { names } end
  local m = 0
  for _, name in ipairs(names) do
    local id = game.T[name]
    if id then
      m = m | (1 << id)
    elseif not removed(game, name) then
      fail(game.def, "%s: no piece type %q", what, tostring(name))
    end
  end
  return m
end

-- A piece's fire pattern: { range, arc (degrees either side of forward,
-- 180 all round), corner ("both" or "either"), immune (types), block
-- (layers) }; see s:trace_fire.
local CORNERS = { both = 0, either = 1 }
local function fire_of(game, name, fire)
  if fire == nil then return nil end
  local what = "pieces." .. name .. ".fire"
  if type(fire) ~= "table" then fail(game.def, "%s must be a table", what) end
  local corner = CORNERS[fire.corner or "both"]
  if not corner then
    fail(game.def, "%s.corner must be \"both\" or \"either\"", what)
  end
  return {
    range = fire.range, arc = fire.arc, corner = corner,
    immune = type_mask(game, fire.immune, what .. ".immune"),
    block = mask(game, fire.block, what .. ".block"),
  }
end

-- Decks: a count of face-down decks, or a table name -> { open = true }
-- (everyone sees its order) or { owner = side } (that side sees it).
local function decks_of(game, decks)
  game.D, game.deck_names = {}, {}
  if type(decks) ~= "table" then return decks, nil end
  local seen = {}
  for i, name in ipairs(sorted_keys(decks)) do
    local d = decks[name]
    if type(d) ~= "table" then
      fail(game.def, "decks.%s must be a table", name)
    end
    game.D[name], game.deck_names[i] = i, name
    seen[i] = d.open and 3 or (d.owner and (1 << (d.owner - 1)) or 0)
  end
  return #game.deck_names, seen
end

-- The keys of an atom table in a pattern (doc/designers.md, "Betza patterns").
local ATOM_KEYS = { dx = true, dy = true, min = true, max = true,
                    mode = true, routes = true, block = true, noland = true,
                    within = true, nostep = true, over_own = true,
                    over_enemy = true, hop = true, screen_not = true,
                    not_capture = true }

-- A pattern: a Betza string, or a list of strings and atom tables (a
-- piece's moves, or a key of the game's own declared a pattern); what is
-- its path in the declaration ("pieces.rook.moves"), and piece the table
-- whose block, noland, within, nostep and over keys apply to every atom.
local function atoms_of(game, what, list, piece)
  local out = {}
  if list == nil then return out end
  if type(list) ~= "table" then list = { list } end
  for i, item in ipairs(list) do
    for k in pairs(type(item) == "table" and item or {}) do
      if k ~= 1 and not ATOM_KEYS[k] then
        fail(game.def, "%s[%d].%s is not a key of a pattern atom%s", what, i,
             tostring(k), schema.suggest(k, ATOM_KEYS))
      end
    end
    local group = item
    if type(item) == "string" then
      local atoms, err = betza.parse(item)
      if not atoms then fail(game.def, "%s: %s", what, err) end
      group = atoms
    elseif type(item) == "table" and (item.dx or item.routes) then
      group = { item }
    elseif type(item) == "table" and type(item[1]) == "string" then
      -- { "R", block = ..., ... }: a Betza string with conditions
      local atoms, err = betza.parse(item[1])
      if not atoms then fail(game.def, "%s: %s", what, err) end
      for _, a in ipairs(atoms) do
        for k, v in pairs(item) do if k ~= 1 then a[k] = v end end
      end
      group = atoms
    else
      fail(game.def, "%s: expected Betza text or atoms", what)
    end
    for _, a in ipairs(group) do
      out[#out + 1] = {
        dx = a.dx, dy = a.dy, min = a.min, max = a.max, mode = a.mode,
        block = mask(game, a.block or piece.block, what),
        noland = mask(game, a.noland or piece.noland, what),
        within = mask(game, a.within or piece.within, what),
        nostep = mask(game, a.nostep or piece.nostep, what),
        routes = a.routes, hop = a.hop,
        over_own = type_mask(game, a.over_own or piece.over_own, what),
        over_enemy = type_mask(game, a.over_enemy or piece.over_enemy, what),
        screen_not = type_mask(game, a.screen_not or piece.screen_not, what),
        not_capture = type_mask(game, a.not_capture or piece.not_capture,
                                what),
      }
    end
  end
  return out
end

-- The paths of the keys (def.keys, as wargrid.schema's) declared
-- patterns (pattern = true), sorted: "grenade.moves".
local function pattern_keys(keys, prefix, out)
  out = out or {}
  for _, k in ipairs(sorted_keys(keys)) do
    local spec, path = keys[k], (prefix or "") .. k
    if type(spec) == "table" then
      if spec.pattern then out[#out + 1] = path end
      pattern_keys(spec.fields, path .. ".", out)
    end
  end
  return out
end

-- The promotion zone: "last" (the far rank of each side), a list of ranks
-- counted from each side's own edge, or a predicate f(game, side, sq).
local function zone(game, name, promote)
  local files, ranks = game.rules_grid:size()
  local z = promote.zone or "last"
  local out = { {}, {} }
  for side = 1, 2 do
    for r = 1, ranks do
      local own = side == 1 and r or ranks + 1 - r
      for f = 1, files do
        local sq = game.rules_grid:at(f, r)
        local inside
        if z == "last" then
          inside = own == ranks
        elseif type(z) == "table" then
          for _, k in ipairs(z) do if own == k then inside = true end end
        elseif type(z) == "function" then
          inside = z(game, side, sq)
        else
          fail(game.def, "pieces.%s.promote.zone: expected \"last\", ranks "
               .. "or a function", name)
        end
        if inside then out[side][#out[side] + 1] = sq end
      end
    end
  end
  return out
end

local function compile(game)
  local def = game.def
  local board = def.board or {}
  game.files = board.files or 8
  game.ranks = board.ranks or 8
  -- a bare grid first, to resolve square names in layers
  game.rules_grid = core.rules { files = game.files, ranks = game.ranks,
                                 types = {} }
  local spec = {
    files = game.files, ranks = game.ranks,
    maxpieces = def.maxpieces, actions_per_turn = def.actions_per_turn,
    royal_sight = def.royal_sight,
    layers = {}, types = {}, vars = {},
  }
  spec.decks, spec.deck_seen = decks_of(game, def.decks)
  game.deck_seen = spec.deck_seen
  game.L, game.layer_names = {}, {}
  for i, name in ipairs(sorted_keys(board.layers)) do
    local layer = board.layers[name]
    game.L[name] = i - 1
    game.layer_names[i - 1] = name
    spec.layers[i] = {
      name = name, dynamic = layer.dynamic, stops = layer.stops,
      squares = squares(game, layer.squares, "board.layers." .. name),
    }
  end
  for i, name in ipairs(sorted_keys(board.layers)) do
    local mirror = board.layers[name].mirror
    if mirror ~= nil then
      spec.layers[i].mirror = game.L[mirror] or
        fail(def, "board.layers.%s.mirror: no layer %q", name, tostring(mirror))
    end
  end
  local base = game.base
  local ntypes, nvars
  game.T, game.type_names, ntypes = number(def.pieces, base and base.T)
  game.V, game.var_names, nvars = number(def.vars, base and base.V)
  game.P, game.phases = {}, {}
  for i, ph in ipairs(def.phases or {}) do
    local p = type(ph) == "table" and ph or { name = ph }
    if type(p.name) ~= "string" or game.P[p.name] then
      fail(def, "phases[%d] needs a name of its own", i)
    end
    game.P[p.name] = i
    game.phases[i] = { id = i, name = p.name, rule = p.rule, help = p.help,
                       actions = p.actions, ends = p.ends, next = p.next,
                       decision = p.decision }
  end
  for _, p in ipairs(game.phases) do
    if p.next ~= nil and not game.P[p.next] then
      fail(def, "phases.%s.next: no phase %q", p.name, tostring(p.next))
    end
    p.next_id = p.next and game.P[p.next]
    local e = p.ends
    if type(e) == "table" then   -- a counter's value ends it: its ids
      local names = type(e.var) == "table" and e.var or { e.var, e.var }
      p.var_ids = {}
      for side = 1, 2 do
        p.var_ids[side] = game.V[names[side]] or
          fail(def, "phases.%s.ends.var: no counter %q", p.name,
               tostring(names[side]))
      end
      if (e.is == nil) == (e.is_not == nil) then
        fail(def, "phases.%s.ends: give is or is_not", p.name)
      end
    elseif e ~= nil and type(e) ~= "string" then
      fail(def, "phases.%s.ends: a method's name or { var =, is = }",
           p.name)
    end
  end
  game.letter_type, game.type_letter, game.promo = {}, {}, {}
  for _, name in ipairs(sorted_keys(game.T)) do
    local id, piece = game.T[name], def.pieces[name]
    local letter = piece.letter
    if type(letter) ~= "string" or not letter:match("^%a$") then
      fail(def, "pieces.%s.letter must be one letter", name)
    end
    letter = letter:lower()
    if game.letter_type[letter] then
      fail(def, "pieces %s and %s share the letter %s",
           game.type_names[game.letter_type[letter]], name, letter)
    end
    game.letter_type[letter] = id
    game.type_letter[id] = letter
  end
  for id = 1, ntypes do
    local name = game.type_names[id]
    local piece = name and def.pieces[name]
    if not piece then
      spec.types[id] = { name = "unused" .. id, letter = "" }
    else
      local t = {
        name = name, letter = piece.letter:lower(), royal = piece.royal,
        value = math.floor((piece.value or 0) * 100 + 0.5),
        atoms = atoms_of(game, "pieces." .. name .. ".moves", piece.moves,
                         piece),
        shape = piece.shape,
        fire = fire_of(game, name, piece.fire),
      }
      if piece.promote then
        local to = piece.promote.to
        if type(to) == "string" then to = { to } end
        t.promo = {}
        for i, pname in ipairs(to or {}) do
          t.promo[i] = game.T[pname] or
            fail(def, "pieces.%s.promote.to: no piece type %q", name, pname)
        end
        t.promo_optional = piece.promote.optional
        t.promo_zone = zone(game, name, piece.promote)
        -- kept for explanations: promo[id] = { to = { types },
        -- optional =, zone = { [side] = { [sq] = true } } }
        local z = { {}, {} }
        for side = 1, 2 do
          for _, sq in ipairs(t.promo_zone[side]) do z[side][sq] = true end
        end
        game.promo[id] = { to = t.promo, optional = t.promo_optional,
                           zone = z }
      end
      spec.types[id] = t
    end
  end
  -- a key of the game's own declared a pattern: a type no piece has, after
  -- the pieces' (game.patterns[path] is its id)
  game.patterns = {}
  for _, path in ipairs(pattern_keys(def.keys)) do
    local v = at_path(def, path_of(path))
    if v ~= nil then
      ntypes = ntypes + 1
      spec.types[ntypes] = { name = path:sub(1, 23), letter = "",
                             atoms = atoms_of(game, path, v, {}) }
      game.patterns[path] = ntypes
    end
  end
  for id = 1, nvars do
    local var = game.var_names[id] and def.vars[game.var_names[id]]
    spec.vars[id] = type(var) ~= "table" or var.hash ~= false
  end
  game.rules = core.rules(spec)
  game.sides = def.sides or { "white", "black" }
  if #game.sides ~= 2 or next(game.sides, 2) ~= nil then
    fail(def, "sides must name the two sides, not %d", #game.sides)
  end
  for i, name in ipairs(game.sides) do
    if name == "" or name:find("%c") then
      fail(def, "sides[%d] must be a name on one line, not %q", i, name)
    end
  end
  -- The AI hints' numbers within what the searches take (MCTS divides
  -- the evaluation by eval_scale, and `tune --scale` multiplies the
  -- weights by it: a scale of 0 or less has no meaning)
  local hints = def.ai or {}
  for _, r in ipairs(AI_RANGES) do
    local x = hints[r[1]]
    if x ~= nil and not ((r[2] < x or r[2] == x and r[4]) and x <= r[3]
                         and x < math.huge) then
      fail(def, "ai.%s must be %s, not %s", r[1], r[5],
           x ~= x and "NaN" or tostring(x))
    end
  end
  for i, n in ipairs(type(hints.levels) == "table" and hints.levels or {}) do
    if n < 1 or n > 1000000000 then
      fail(def, "ai.levels[%d] must be a budget from 1 to 1000000000, not "
           .. "%s", i, tostring(n))
    end
  end
  game.opt = {}
  for name, o in pairs(def.options or {}) do
    if type(o) ~= "table" or o.default == nil then
      fail(def, "options.%s must be a table with a default", name)
    end
    game.opt[name] = o.default
  end
  return game
end

-- What wg.game made of each declaration: every field of the game but def
-- and its methods, tables copied as they were made. The loader makes an
-- untrusted game's face of these, so a script that changes its game's
-- fields (game.T, game.rules, game.sides) changes them for its own calls
-- only. Kept here, where no script reaches.
local made = setmetatable({}, { __mode = "k" })

local function snapshot(v)
  if type(v) ~= "table" or getmetatable(v) == meta then return v end
  local out = {}
  for k, x in next, v do out[k] = snapshot(x) end
  return out
end

-- The deepest a declaration's tables nest.
M.DEPTH = 100

-- A copy of the declaration's tables, read raw (no __index or __pairs of a
-- script's is asked: what wg.game checks is what it compiles and keeps),
-- a table held twice copied once; functions and other values shared.
local function plain_copy(v, depth, seen)
  if type(v) ~= "table" or getmetatable(v) == meta then return v end
  if seen[v] then return seen[v] end
  if depth > M.DEPTH then
    error(string.format("wg.game: the declaration's tables nest more than "
                        .. "%d deep", M.DEPTH), 0)
  end
  local out = {}
  seen[v] = out
  for k, x in next, v do
    out[plain_copy(k, depth + 1, seen)] = plain_copy(x, depth + 1, seen)
  end
  return out
end

-- The fields wg.game makes (base and given only for some games)
M.MADE = {}
for name in ([[files ranks rules_grid D deck_names deck_seen L layer_names
               T type_names V var_names P letter_type type_letter promo
               rules sides opt name base title given phases
               patterns]]):gmatch("%S+") do
  M.MADE[name] = true
end

-- M.made(game) -> { field = value } as wg.game (and with_options) made
-- them (M.MADE), or nil for a table wg.game did not make
function M.made(game) return made[game] end

-- wg.game(def) -> game
function M.new(def, base)
  if type(def) ~= "table" then
    error("wg.game: expected a declaration table", 2)
  end
  local copied, copy = pcall(plain_copy, def, 1, {})
  if not copied then error(copy, 2) end
  def = copy
  if type(def.name) ~= "string" or not def.name:match("^[%w_]+$") then
    error("wg.game: 'name' must be a word (letters, digits, _)", 2)
  end
  schema.check(def)  -- unknown keys and wrong types, before they mislead
  local game = setmetatable({ def = def, name = def.name, base = base,
                              title = def.title or def.name }, meta)
  compile(game)
  local fields = {}
  for k, v in pairs(game) do
    if k ~= "def" then
      assert(M.MADE[k], k)  -- a field compile makes is listed there
      fields[k] = snapshot(v)
    end
  end
  made[game] = fields
  return game
end

-- Deep merge for declarations: tables merge key by key; false deletes.
local function merge(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then return b end
  local out = {}
  for k, v in pairs(a) do out[k] = v end
  for k, v in pairs(b) do
    if v == false and type(a[k]) == "table" then
      out[k] = nil
    elseif type(v) == "table" and type(a[k]) == "table" and not v[1]
           and not a[k][1] then
      out[k] = merge(a[k], v)
    else
      out[k] = v
    end
  end
  return out
end
M.merge = merge

-- A variant's phases given by name (a map): false drops one (a phase that
-- went on to it goes on to the dropped one's next), a table changes the
-- fields it gives, a new name is added after the base's. -> the list.
local function phases_changed(base, changes)
  local list, dropped = {}, {}
  for _, p in ipairs(base.phases) do
    local change = changes[p.name]
    if change == false then
      dropped[p.name] = p.next or false
    else
      local q = {}
      for _, k in ipairs { "name", "rule", "help", "actions", "ends", "next",
                           "decision" } do
        q[k] = p[k]
      end
      for k, v in pairs(type(change) == "table" and change or {}) do
        q[k] = v
      end
      list[#list + 1] = q
    end
  end
  local names = {}
  for name in pairs(changes) do names[#names + 1] = name end
  table.sort(names)
  for _, name in ipairs(names) do
    if not base.P[name] and type(changes[name]) == "table" then
      local q = { name = name }
      for k, v in pairs(changes[name]) do q[k] = v end
      list[#list + 1] = q
    end
  end
  for _, q in ipairs(list) do
    local seen = {}
    while q.next ~= nil and dropped[q.next] ~= nil and not seen[q.next] do
      seen[q.next] = true
      q.next = dropped[q.next] or nil
    end
  end
  return list
end

-- t with the value at the path `keys` (a list) set to v; the tables on the
-- way are copied, not changed.
local function put_path(t, keys, v, i)
  i = i or 1
  local out = {}
  for k, x in pairs(type(t) == "table" and t or {}) do out[k] = x end
  if i == #keys then
    out[keys[i]] = v
  else
    out[keys[i]] = put_path(out[keys[i]], keys, v, i + 1)
  end
  return out
end

-- A variant's changes with the value at each old path of the base's
-- aliases (def.aliases: old path -> new path) moved to the new path, so
-- that a variant written before a key was renamed still loads.
local function unalias(aliases, changes)
  for _, old in ipairs(sorted_keys(aliases)) do
    local from, to = path_of(old), path_of(aliases[old])
    local v = at_path(changes, from)
    if v ~= nil then
      if at_path(changes, to) ~= nil then
        fail(changes, "%s is now %s: give only %s", old, aliases[old],
             aliases[old])
      end
      changes = put_path(put_path(changes, from, nil), to, v)
    end
  end
  return changes
end

-- wg.variant(base, changes) -> game: the base's declaration with the changes
-- merged in, and the base's methods (which the variant may then replace).
function M.variant(base, changes)
  if getmetatable(base) ~= meta then
    error("wg.variant: 'base' is not a game", 2)
  end
  if type(changes) ~= "table" or type(changes.name) ~= "string" then
    error("wg.variant: 'changes' must be a table with a name", 2)
  end
  if type(base.def.aliases) == "table" then
    changes = unalias(base.def.aliases, changes)
  end
  -- a typo must not leave the base's rule in force unnoticed
  schema.check(changes, base.def, true)
  if type(changes.phases) == "table" and changes.phases[1] == nil then
    local copy = {}
    for k, v in pairs(changes) do copy[k] = v end
    copy.phases = phases_changed(base, changes.phases)
    changes = copy
  end
  local def = merge(base.def, changes)
  -- a piece's help text tells how it moves: a variant that changes its
  -- moves, fire or promotion without a help of its own drops the base's
  -- (wargrid.help then describes the piece from its pattern)
  for name, piece in pairs(type(changes.pieces) == "table" and changes.pieces
                           or {}) do
    if type(piece) == "table" and piece.help == nil and def.pieces[name]
       and (piece.moves or piece.fire or piece.promote) then
      def.pieces[name].help = nil
    end
  end
  local game = M.new(def, base)
  for k, v in pairs(base) do
    if type(v) == "function" then game[k] = v end
  end
  return game
end

-- game:with_options(settings) -> the game with its options set: settings
-- are texts "name=value" or "name" (for true), or a table name -> value.
-- Declared as def.options = { name = { default = v, values = { ... },
-- min = n, max = n, help = "..." } }; a value takes the type of the
-- default, a number is whole (min and max default to what a state's
-- counter holds, -2^31 and 2^31 - 1). An
-- unset game is returned as it is; raises a message on a bad setting. The
-- game returned keeps in game.given, by name, each value given and the
-- default it replaced ({ value =, default = }), for help texts.
function Game:with_options(settings)
  local opts = self.def.options or {}
  local set, any = {}, false
  local given = {}
  for name, v in pairs(self.given or {}) do given[name] = v end
  local function put(name, value)
    local o = opts[name]
    if not o then
      local known = sorted_keys(opts)
      error(string.format("%s has no option %s%s", self.name,
        quote(name),
        #known > 0 and " (options: " .. table.concat(known, ", ") .. ")"
        or ""), 0)
    end
    local kind = type(o.default)
    if kind == "boolean" and type(value) == "string" then
      local b = ({ ["true"] = true, yes = true, on = true, ["1"] = true,
                   ["false"] = false, no = false, off = false,
                   ["0"] = false })[value:lower()]
      if b == nil then
        error(string.format("option %s is true or false, not %s",
                            name, quote(value)), 0)
      end
      value = b
    elseif kind == "number" then
      local min, max = o.min or -text_of.INT_MAX - 1,
                       o.max or text_of.INT_MAX
      local n = type(value) == "string" and text_of.integer(value, min, max)
                or math.type(value) == "integer" and value >= min
                   and value <= max and value
      if not n then
        error(string.format("option %s takes a whole number from %d to %d, "
                            .. "not %s", name, min, max,
                            quote(tostring(value))), 0)
      end
      value = n
    end
    if type(value) ~= kind then
      error(string.format("option %s takes a %s", name, kind), 0)
    end
    if o.values then
      local ok = false
      for _, v in ipairs(o.values) do ok = ok or v == value end
      if not ok then
        error(string.format("option %s is one of %s, not %s", name,
                            table.concat(o.values, ", "),
                            quote(tostring(value))), 0)
      end
    end
    set[name] = { default = value }
    given[name] = { value = value, default = (given[name] or o).default }
    any = true
  end
  for k, v in pairs(settings or {}) do
    if type(k) == "number" then
      local name, value = tostring(v):match("^([%w_]+)=(.*)$")
      if name then put(name, value) else put(tostring(v), true) end
    else
      put(k, v)
    end
  end
  if not any then return self end
  local game = M.variant(self, { name = self.name, options = set })
  game.given = given
  made[game].given = snapshot(given)
  return game
end

-- ---- defaults every game has ------------------------------------------

-- game:include(part, ...) -> the game, with every function of each part (a
-- table of methods: a folder game's text.lua, why.lua, look.lua, ai.lua)
-- as its own method
function Game:include(...)
  for i = 1, select("#", ...) do
    local part = select(i, ...)
    if type(part) ~= "table" then
      error(string.format("game %s: include: part %d is a %s, not a table "
                          .. "of methods", self.name, i, type(part)), 2)
    end
    for k, v in pairs(part) do
      if type(v) == "function" then self[k] = v end
    end
  end
  return self
end

-- Phases. A declaration names its phases in order (def.phases; ids in
-- game.P): { name =, rule = the rule that sets it, help = what is done in
-- it, in one line, actions = the method that lists its actions, ends =
-- what tells a derived phase is over, next = the phase that follows,
-- decision = true for a sub-decision another action asked for }. A game
-- stores its phase in the state (s:set_phase), or derives it: from the
-- first phase, each whose `ends` holds gives way to its next (Courier's
-- opening lasts while the side to move owes opening moves). `ends` is a
-- method's name (game:NAME(s) -> true when over), or a counter's value:
-- { var = NAME, is = V } (or is_not = V), var a list of two names for a
-- counter of each side, the side to move's read.

-- The phase s is in, from `list` (game.phases, not empty): the stored one,
-- or the first, then each whose end holds gives way to its next.
local state_phase, state_var, state_side = core.State.phase, core.State.var,
                                           core.State.side

local function phase_of(self, list, s)
  -- a game whose first phase is derived stores none (its word stays 0)
  local p = list[1].ends and list[1] or list[state_phase(s)] or list[1]
  local e = p.ends
  if not e then return p end
  local P = self.P
  for _ = 1, #list do
    local over
    if p.var_ids then
      local v = state_var(s, p.var_ids[state_side(s)])
      if e.is ~= nil then over = v == e.is else over = v ~= e.is_not end
    else
      over = self[e](self, s)
    end
    if not (over and p.next) then break end
    p = list[P[p.next]]
    e = p.ends
    if not e then break end
  end
  return p
end

-- game:phase_now(s) -> the phase s is in (a table of game.phases), or nil
-- for a game without phases
function Game:phase_now(s)
  local list = self.phases
  if #list == 0 then return nil end
  return phase_of(self, list, s)
end

-- game:actions(s, out): the actions of the phase s is in (its `actions`
-- method). A game without phases defines its own. (Perft, playouts and
-- the searches do the same in C, runtime/phase_lua.c, for a game whose
-- actions are this function: it is also game.phase_actions, the mark
-- they look for.)
function Game:actions(s, out)
  local list = self.phases
  local p = list[2] and phase_of(self, list, s) or list[1]
  if not p or not p.actions then
    error(string.format("game %s: no actions: declare phases with their "
                        .. "actions, or define game:actions", self.name), 0)
  end
  return self[p.actions](self, s, out)
end
Game.phase_actions = Game.actions

-- A game may define game:over(s) -> nil while the game goes on; else
-- winner (0 a draw) and reason: an end its rules declare though actions
-- remain (historical Courier's fifty-move rule: the moves are still listed
-- and counted). game:outcome, the AI's searches and playouts stop there.
-- It has no default: the searches ask only a game that has it.

-- game:prepare() -> the data the game's rules compile from its
-- declaration once (tables by square, compiled opening moves, piece-square
-- values); game:prepared() gives it, made on first use, once per game (a
-- variant and a game with options set have their own). A folder game's
-- other parts prepare their own the same way: game:prepared("ai") is what
-- game:prepare_ai() makes. The default prepares nothing.
function Game:prepare()
  return {}
end

-- The field a part's prepared data is kept in: prepared_PART.
local PREPARED = setmetatable({}, { __index = function(t, part)
  t[part] = "prepared_" .. part
  return t[part]
end })

-- game:prepared([part]) -> what game:prepare (or game:prepare_PART) made
-- for this game, made on first use, and kept in the game as its field
-- prepared_data (prepared_PART), which a hot path may read first:
-- `local t = self.prepared_ai or self:prepared("ai")`
function Game:prepared(part)
  local key = part and PREPARED[part] or "prepared_data"
  local p = rawget(self, key)
  if not p then
    local make = part and self["prepare_" .. part] or self.prepare
    if type(make) ~= "function" then
      error(string.format("game %s: no prepare_%s method", self.name,
                          tostring(part)), 2)
    end
    p = make(self)
    rawset(self, key, p)
  end
  return p
end

-- game:hidden() -> true when some deck is face down to a side: the AI then
-- searches only states sampled from its side's view.
function Game:hidden()
  for _, seen in ipairs(self.deck_seen or {}) do
    if seen ~= 3 then return true end
  end
  return false
end

-- game:validate() -> true, or nil and one line: what rule the declaration
-- (a variant's, say) leaves impossible, naming its rule ID and what to
-- override. The loader calls it once the script has returned its game, so
-- a variant's own methods are in place. A game whose rules name files,
-- ranks or squares replaces it; the default finds nothing wrong.
function Game:validate()
  return true
end

-- game:view(s, side, seed [, into]) -> the state as side may know it, what
-- it cannot see dealt at random by seed (s:view, the runtime's); made in
-- into, a state of the game, when given
function Game:view(s, side, seed, into)
  return s:view(side, seed, into)
end

-- game:notation() -> how to type the game's actions, and its special
-- phases: the start of its help (wargrid.help; nil: the help tells moves
-- written as the default action_text writes them). def.notation by
-- default. A game whose notation depends on its data generates it here,
-- so that a variant's help follows the variant.
function Game:notation()
  return self.def.notation
end

-- game:side_name(side) -> the side's name (def.sides; "nobody" for none)
function Game:side_name(side)
  return self.sides[side] or "nobody"
end

-- game:start_text() -> the start position (def.start; a game whose start
-- depends on its options replaces this)
function Game:start_text()
  return self.def.start
end

-- game:new([text [, seed]]) -> state, or nil, message. The seed (default 0)
-- starts the state's random generator before the text is read, so chance in
-- the setup (a shuffle) follows it; a text may set the generator itself.
function Game:new(text, seed)
  local s = self.rules:new_state()
  local ok, err = self:load(s, text or self:start_text(), seed)
  if not ok then return nil, err end
  return s
end

-- game:load(s, text [, seed]) -> true, or nil, message; s is unchanged on
-- failure
function Game:load(s, input, seed)
  if type(input) ~= "string" then
    return nil, "a position must be text"
  end
  local fresh = self.rules:new_state()
  fresh:seed(seed or 0)
  local ok, err = self:set_position(fresh, input)
  if not ok then
    return nil, string.format("bad position %s: %s", quote(input),
                              text_of.line(tostring(err or "?")))
  end
  fresh:begin()
  s:assign(fresh)
  return true
end

-- game:legal(s [, out]) -> action list: out emptied and filled again, or
-- a fresh one
function Game:legal(s, out)
  if out then out:clear() else out = core.actions() end
  self:actions(s, out)
  return out
end

-- game:action_text(s, a): moves as from-square to-square and a promotion
-- letter (Fairy-Stockfish's UCI form: "a2a4", "b7b8f").
function Game:action_text(s, a)
  local _, from, to, _, _, promo = core.fields(a)
  local r = self.rules
  local text = r:name(from) .. r:name(to)
  if promo ~= 0 then text = text .. self.type_letter[promo] end
  return text
end

local function normal(input)
  return (input:lower():gsub("[%s%-]", ""))
end

-- game:parse_action(s, text) -> action, or nil, message. Matches the text
-- of every legal action, ignoring case, spaces and dashes; a text longer
-- than wg.text.ACTION_MAX is refused first.
function Game:parse_action(s, input)
  local long = text_of.long_action(input)
  if long then return nil, long end
  if self.over then       -- an end that leaves actions: none is played
    local winner, reason = self:over(s)
    if winner ~= nil then
      return nil, string.format("the game is over (%s): %s is not played",
                                tostring(reason or "its rules end it"),
                                quote(input))
    end
  end
  local want = normal(input)
  local out = self:legal(s)
  for i = 1, #out do
    local a = out:get(i)
    if normal(self:action_text(s, a)) == want then return a end
  end
  return nil, string.format("%s is not a legal action here "
                            .. "(type 'moves' to list them)",
                            quote(input))
end

-- game:macros(s) -> the texts of the macros a player may type in play now:
-- commands that stand for several actions (Block Wars' "place standard"),
-- each expanded by game:macro. A record holds the actions, never the
-- macro. The default has none.
function Game:macros()
  return {}
end

-- game:macro(s, text, seed) -> the actions text stands for, a list to play
-- in order; nil when text is no macro; false and a message when it cannot
-- be played now. A random choice draws on a copy of the state seeded with
-- seed, never on the state's own generator.
function Game:macro()
  return nil
end

-- game:explain(s, text) -> why an action is legal or not, as a table:
--   { legal = true, action = a, text = its canonical text, does = "..." }
--   { legal = false, rule = "C-E1" or nil, reason = "...", kind = "..." }
-- The rule is the ID of the rule that forbids the action (nil when none
-- applies, e.g. text that is no action of this game). wg.explain_line(e)
-- formats the answer as one line. The reasons come from wargrid.why: the
-- generic ones every game shares, then the game's own (game:why). A text
-- longer than wg.text.ACTION_MAX is refused first, with kind "length".
function Game:explain(s, text)
  local long = text_of.long_action(text)
  if long then return { legal = false, kind = "length", reason = long } end
  return why.explain(self, s, text)
end

-- game:read_action(s, text) -> what the text says, as a table (see
-- wargrid.why), or nil and why it is no action of the game's notation.
-- The default reads moves, a2a4, and promotions, c7c8f.
function Game:read_action(s, text)
  return why.read(self, s, text)
end

-- game:why(s, p, g) -> the game's own reason why the action p (as
-- read_action read it) is illegal, given the generic reason g (nil when
-- nothing generic forbids it): a table { rule =, reason = } or rule and
-- reason text; nil keeps g. The default has no reasons of its own.
function Game:why()
  return nil
end

-- game:does(s, a) -> what the legal action a would do, in words
function Game:does(s, a)
  return why.does(self, s, a)
end

-- M.explain_line(e) -> "illegal: RULE-ID reason" or "legal: does"
function M.explain_line(e)
  if e.legal then return "legal: " .. e.does end
  if e.rule then return "illegal: " .. e.rule .. " " .. e.reason end
  return "illegal: " .. e.reason
end

-- natural_less(a, b): text order with runs of digits compared as numbers,
-- so that "a2" comes before "a10"
local function natural_less(a, b)
  local pa, pb = 1, 1
  while pa <= #a and pb <= #b do
    local na, ea = a:match("^(%d+)()", pa)
    local nb, eb = b:match("^(%d+)()", pb)
    if na and nb then
      if tonumber(na) ~= tonumber(nb) then
        return tonumber(na) < tonumber(nb)
      end
      pa, pb = ea, eb
    else
      local ca, cb = a:sub(pa, pa), b:sub(pb, pb)
      if ca ~= cb then return ca < cb end
      pa, pb = pa + 1, pb + 1
    end
  end
  return #a - pa < #b - pb
end
M.natural_less = natural_less

-- game:action_texts(s) -> the legal actions' texts, sorted naturally
function Game:action_texts(s)
  local out, texts = self:legal(s), {}
  for i = 1, out:size() do texts[i] = self:action_text(s, out:get(i)) end
  table.sort(texts, natural_less)
  return texts
end

-- game:action_group(s, a) -> the square (a number) of the piece that takes
-- action a, or a label for an action no piece on the board takes. The
-- default reads field a as the from-square when a piece of the side
-- deciding stands there (a large piece by its anchor); otherwise the label
-- is the first word of a text with a space in it ("barrage f6"), else
-- "other". A game whose field a is something else replaces it.
function Game:action_group(s, a)
  local _, from = core.fields(a)
  if from >= 1 and from <= self.files * self.ranks then
    local pid = s:at(from)
    if pid and s:side_of(pid) == s:decider() then return s:square(pid) end
  end
  return self:action_text(s, a):match("^(%a+) ") or "other"
end

-- game:action_groups(s) -> the legal actions by the piece that takes them:
-- { { name = "a4", square = true, texts = { "a4a5", ... } }, ... }, the
-- pieces' groups in the natural order of their squares' names, then the
-- others (square = false) by their first text; texts sorted naturally.
function Game:action_groups(s)
  local out, groups, by = self:legal(s), {}, {}
  for i = 1, out:size() do
    local a = out:get(i)
    local g = self:action_group(s, a)
    local square = math.type(g) == "integer"
    local name = square and self.rules:name(g) or tostring(g)
    local group = by[name]
    if not group then
      group = { name = name, square = square, texts = {} }
      by[name] = group
      groups[#groups + 1] = group
    end
    group.texts[#group.texts + 1] = self:action_text(s, a)
  end
  for _, g in ipairs(groups) do table.sort(g.texts, natural_less) end
  table.sort(groups, function(x, y)
    if x.square ~= y.square then return x.square end
    if x.square then return natural_less(x.name, y.name) end
    return natural_less(x.texts[1], y.texts[1])
  end)
  return groups
end

local function capital(text) return text:sub(1, 1):upper() .. text:sub(2) end

-- A reason that is a sentence of its own: a verb in its first words
-- ("light has no legal action", "both armies are gone"), not a cause
-- ("checkmate", "judgement: the enemy has ...").
local VERBS = { is = true, are = true, has = true, have = true, was = true,
                were = true }
local function sentence(reason)
  for word in reason:match("^[^:(]*"):gmatch("%a+") do
    if VERBS[word] then return true end
  end
  return false
end

-- The end of a game in words: "White wins by checkmate", "Draw by
-- threefold repetition", "Dark wins with a score of 5: Light has no legal
-- action".
local function outcome_words(self, winner, reason, score)
  local text = winner == 0 and "Draw"
               or capital(self:side_name(winner)) .. " wins"
  if score then text = text .. " with a score of " .. tostring(score) end
  if not reason then return text end
  if reason == "no legal action" and winner ~= 0 then  -- Game:result's
    reason = self:side_name(3 - winner) .. " has no legal action"
  end
  if sentence(reason) then return text .. ": " .. capital(reason) end
  return text .. " by " .. reason
end

-- game:outcome(s) -> nil while the game goes on; else a table
-- { winner = side or 0, reason = text, score = n or nil, text = the end in
-- words: "White wins by checkmate", "Draw by threefold repetition" }
function Game:outcome(s)
  local winner, reason, score
  if self.over then winner, reason, score = self:over(s) end
  if winner == nil then
    local out = self:legal(s)
    if out:size() > 0 then return nil end
    winner, reason, score = self:result(s)
  end
  return { winner = winner, reason = reason, score = score,
           text = outcome_words(self, winner, reason, score) }
end

-- Default end of game: the stored result, or the player who cannot act loses.
function Game:result(s)
  local winner, reason = s:result()
  if winner then
    return winner == 3 and 0 or winner,
           self.def.reasons and self.def.reasons[reason]
  end
  return 3 - s:decider(), "no legal action"
end

-- game:cut_off(reason) -> true when a game that ended for this reason was
-- cut off by a limit rather than decided (a turn limit's draw): the reasons
-- the declaration lists in `cutoffs`. Self-play counts such games apart.
function Game:cut_off(reason)
  for _, r in ipairs(self.def.cutoffs or {}) do
    if r == reason then return true end
  end
  return false
end

-- game:terms() -> the terms the evaluation sums (wargrid.weights), in
-- order: { name, weight (hand-set), piece (a material term's), help }; by
-- default a term per piece (but a royal one without a value), weighted by
-- its value. The default evaluation is the sum of their weights times
-- their features.
function Game:terms()
  return weights.material_terms(self)
end

-- game:features(s, side) -> each term's feature for side, in the order of
-- game:terms() (side's count less the other side's): by default, pieces
function Game:features(s, side)
  return weights.material_features(self, s, side)
end

-- game:weights() -> the weights in force, by term name: the hand-set ones,
-- a base's for the terms a variant inherits, its weights file's
function Game:weights()
  return weights.weights(self)
end

-- Each piece type's weight, for the default evaluation.
function Game:prepare_material()
  local w, value = self:weights(), {}
  for id, name in ipairs(self.type_names) do value[id] = w[name] or 0 end
  return value
end

-- game:evaluate(s, side) -> material balance for side, in pawns (each
-- piece's weight: its value, or its tuned weight)
function Game:evaluate(s, side)
  local value = self.prepared_material or self:prepared("material")
  local sum = 0
  for _, who in ipairs { 1, 2 } do
    local sign = who == side and 1 or -1
    for _, pid in ipairs(s:pieces(who)) do
      sum = sum + sign * value[s:type(pid)]
    end
  end
  return sum
end

-- Board drawing. A layer may give `mark` (the character drawn on its empty
-- squares), `colour` (the squares' background in a terminal) and `label`
-- (its legend text; default its name). Where layers overlap, the first in
-- board.legend (a list of layer names; default: by name) is drawn. Dynamic
-- layers' letters in board.marks are drawn first, as position text writes
-- them. def.side_colours names the pieces' colours, side by side.
local ANSI = { black = 0, red = 1, green = 2, yellow = 3, blue = 4, magenta = 5,
               cyan = 6, white = 7 }

local function ansi(fg, bg, text)
  local codes = {}
  if fg then codes[#codes + 1] = "1;" .. (30 + ANSI[fg]) end
  if bg then codes[#codes + 1] = tostring(40 + ANSI[bg]) end
  if #codes == 0 then return text end
  return "\27[" .. table.concat(codes, ";") .. "m" .. text .. "\27[0m"
end

-- game:legend() -> { { name, bit, mark, colour, label }, ... } in drawing
-- order; a dynamic layer's mark is its letter in board.marks
function Game:legend()
  local layers = self.def.board and self.def.board.layers or {}
  local marks = self.def.board and self.def.board.marks or {}
  local names = self.def.board and self.def.board.legend
  if not names then
    names = {}
    for _, name in ipairs(sorted_keys(layers)) do
      local l = layers[name]
      if l.mark or l.colour or l.label then names[#names + 1] = name end
    end
  end
  local out = {}
  for _, name in ipairs(names) do
    local l = layers[name]
    if l and self.L[name] then
      if l.colour and not ANSI[l.colour] then
        fail(self.def, "board.layers.%s.colour: %q is not one of black, red, "
             .. "green, yellow, blue, magenta, cyan, white", name, l.colour)
      end
      out[#out + 1] = { name = name, bit = self.L[name],
                        mark = l.mark or marks[name],
                        colour = l.colour, label = l.label or name }
    end
  end
  return out
end

-- game:render(s [, opts]) -> the board as text, rank 1 at the bottom, and
-- a legend of the marked layers (those the board shows, and those that
-- change in play); opts.colour adds terminal colours, opts.flip puts the
-- second side's edge at the bottom (the last rank and file first).
function Game:render(s, opts)
  local colour = opts and opts.colour
  local flip = opts and opts.flip
  local r = self.rules
  local lines = {}
  local marks = self.def.board and self.def.board.marks or {}
  local legend, present = self:legend(), {}
  local side_colours = self.def.side_colours or {}
  local ranks, files = {}, {}
  for i = 1, self.ranks do
    ranks[i] = flip and i or self.ranks + 1 - i
  end
  for i = 1, self.files do files[i] = flip and self.files + 1 - i or i end
  for _, rank in ipairs(ranks) do
    local row = { string.format("%2d ", rank) }
    for _, file in ipairs(files) do
      local sq = r:at(file, rank)
      local pid = s:at(sq)
      local ch, fg, bg
      for _, l in ipairs(legend) do
        if s:has(sq, l.bit) then
          if not ch then ch = l.mark end
          if not bg then bg = l.colour end
          present[l.name] = true
        end
      end
      if pid then
        local t, side = s:piece(pid)
        ch = self.type_letter[t]
        if side == 1 then ch = ch:upper() end
        fg = side_colours[side]
      else
        for _, name in ipairs(sorted_keys(marks)) do
          local bit = self.L[name]
          if bit and s:has(sq, bit) then ch = marks[name] end
        end
      end
      ch = ch or "."
      row[#row + 1] = colour and ansi(fg, bg, ch) or ch
    end
    lines[#lines + 1] = table.concat(row, " ")
  end
  local letters = { "   " }
  for _, file in ipairs(files) do
    letters[#letters + 1] = string.char(96 + file)
  end
  lines[#lines + 1] = table.concat(letters, " ")
  -- the legend: its layers the board shows, and those that change in play
  local keys, layers = {}, self.def.board and self.def.board.layers or {}
  for _, l in ipairs(legend) do
    if present[l.name] or layers[l.name].dynamic then
      local swatch = l.mark or " "
      if colour then swatch = ansi(nil, l.colour, swatch) end
      keys[#keys + 1] = swatch .. " " .. l.label
    end
  end
  if #keys > 0 then
    lines[#lines + 1] = ""
    lines[#lines + 1] = table.concat(keys, "   ")
  end
  return table.concat(lines, "\n")
end

return M
