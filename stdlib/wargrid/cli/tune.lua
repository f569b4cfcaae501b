-- wargrid.cli.tune: `wargrid tune` (a game's evaluation weights fitted
-- from games it plays, written beside it), `tune merge` (the same from the
-- shards of a run) and `wargrid values` (the pieces' values they give);
-- wargrid.tune has the fit and the words.
local ai = require "wargrid.ai"
local host = require "wargrid.host"
local json = require "wargrid.json"
local lfs = require "lfs"
local loader = require "wargrid.loader"
local selfplay = require "wargrid.selfplay"
local stats = require "wargrid.stats"
local teacher = require "wargrid.teacher"
local tune = require "wargrid.tune"
local weights = require "wargrid.weights"
local common = require "wargrid.cli.common"
local quote = require("wargrid.text").quote
local SEED_MAX = require("wargrid.text").SEED_MAX

local M = {}

M.tune = {
  help = [[
usage: wargrid tune GAME [--variant FILE] [--games N] [--seed S]
                    [--player AI] [--opening K] [--every E] [--max-plies M]
                    [--jobs J] [--shard I/N] [--unit TERM] [--all]
                    [--scale] [--teacher CMD] [--depth D] [--output FILE]
                    [--dry-run] [--json] [--option K=V]
       wargrid tune merge FILE... [--unit TERM] [--all] [--scale]
                    [--output FILE] [--dry-run] [--json]

Fits the weights of the game's evaluation (its terms: a piece's material,
mobility, ...; `wargrid values` lists them) from games the AI plays
against itself: the logistic model of each game's result on the features
of its positions (Texel tuning, by maximum likelihood), with 95% intervals
clustered by game. The weights are in the evaluation's units: the unit
term (--unit, default the first whose hand-set weight is 1, a pawn) keeps
its weight. A variant fits only the terms it adds or changes (a new
piece); its base's weights stay (--all fits every term).

A game searched by MCTS reads its evaluation as a chance (its ai hint
eval_scale: the score worth a 73% chance), so there the weights' scale
counts as well as their ratios. --scale fits that scale alone: one
number, the logit of the result that one unit of the evaluation in force
is worth; every weight is multiplied by it (times eval_scale), and the
pieces' values, their ratios, stay as they are. The file holds every
weight (a variant's, its base's too: they no longer follow the base's
file); shards of a --scale run say so, and `tune merge` fits the scale.
Not with --teacher: the results, not a teacher's reading of a score, are
the chances MCTS must read.

With --teacher, an outside engine that plays the game (a UCI engine, told
the game's engine variant: Fairy-Stockfish for historical Courier) judges
each position instead: its score searched to --depth plies, as the chance
the side to act wins, is the position's label, in place of the game's
result. A few hundred games then tell the weights, as well as the teacher
judges; cut-off games count too. `--teacher self` is wargrid's own
alpha-beta search, for a game no outside engine plays: it teaches the
evaluation what a deeper look sees (threats, exchanges, pieces trapped),
but a piece's worth only as far as its weight already says it.

Writes the weights to the file the game loads them from, beside its
script: NAME/weights.lua in a game's folder, else NAME.weights.lua beside
NAME.lua (a variant file's too), which the game loads whatever its options
(games played with --option teach weights for every setting); then prints
each term's weight before and after, and its value in units.

  --games N        games to play (default 500)
  --seed S         game i uses seed S + i (default 1)
  --player AI      the player of both sides (default level:2; as selfplay's
                   --white)
  --opening K      random actions before the player's (default 8), so that
                   no two games are alike
  --every E        a position every E actions after those (default 3); a
                   position where quiescence would play on is left out
  --max-plies M    games longer are cut off, and left out: they have no
                   result (default 400)
  --jobs J         play in J processes (default: the cores this process
                   may use)
  --shard I/N      play only games i with i mod N = I - 1 and print them as
                   JSON lines, for `wargrid tune merge`
  --unit TERM      the term the values are counted in
  --all            a variant: fit every term, not only its own
  --scale          fit only the weights' common scale (MCTS games)
  --teacher CMD    the shell command of a UCI engine that judges the
                   positions (e.g. /usr/games/fairy-stockfish), or self:
                   wargrid's own search (./self for a program so named)
  --depth D        the teacher's search depth (default 8, at most 99;
                   self's 3, at most 96)
  --output FILE    write the weights there instead; --dry-run: nowhere
  --json           the fit as JSON

`tune merge FILE...` fits from the shards of one run (--shard), as the
whole run would; from some of them, from their games alone, and names
their seeds. On a terminal a progress line shows on stderr.]],
}

M.values = {
  help = [[
usage: wargrid values GAME [--variant FILE] [--unit TERM] [--json]
                      [--option K=V]

Each piece's value in units of the unit piece (the weights file's unit, or
--unit, or the first term whose hand-set weight is 1: a pawn), with its
95% interval where `wargrid tune` fitted it; then the evaluation's other
terms in the same units. Each value says where it comes from: tuned (the
game's own weights file), scaled (the same, made by `tune --scale`),
inherited (its base's) or hand-set (a variant's own times the scale its
base's file put on the base's weights). For a variant, the base's values
beside, and what changed: a new piece, one the variant changed, or a
weight that moved.]],
}

local TUNE_SPEC = { games = "value", seed = "value", player = "value",
                    opening = "value", every = "value",
                    ["max-plies"] = "value", jobs = "value",
                    shard = "value", unit = "value", all = "flag",
                    scale = "flag",
                    teacher = "value", depth = "value",
                    output = "value", ["dry-run"] = "flag", json = "flag",
                    option = "list", variant = "value" }

local INTERRUPTED = 130

-- The game a variant or options make, less the layers options add (a
-- game with options keeps its name): the game whose own terms a fit is
-- about.
local function root_of(game)
  while game.base and game.base.name == game.name do game = game.base end
  return game
end

-- A unit weighing 0 counts nothing: refused.
local function weightless(cmd, game, unit)
  if game:weights()[unit] == 0 then
    common.usage_error("%s: the unit %s weighs 0 in %s's evaluation: values "
                       .. "cannot be counted in it (--unit: another term)",
                       cmd, unit, game.name)
  end
end

-- The terms to fit (c.free) and the unit (c.unit): every term of a game,
-- a variant's own unless --all; none with --scale, which fits the scale
-- of all of them (c.scale_to: the game's eval_scale) from the games'
-- results (the run's teacher: none).
local function choose_terms(c, cmd, teacher_cmd)
  local game, opts = c.game, c.opts
  local terms = game:terms()
  local root = root_of(game)
  local free = {}
  if opts.scale then
    if opts.all then
      common.usage_error("%s: --scale fits no term's own weight: not with "
                         .. "--all", cmd)
    end
    if teacher_cmd then
      common.usage_error("%s: --scale fits the chance MCTS reads to the "
                         .. "games' results, not to a teacher's, which is "
                         .. "its own reading of a score (self's, the "
                         .. "evaluation's own: a unit as a hundred "
                         .. "centipawns)", cmd)
    end
    if ai.kind(game) ~= "mcts" then
      common.usage_error("%s: --scale: %s is searched by alpha-beta, which "
                         .. "compares scores and does not read them as "
                         .. "chances: its weights' scale is not fitted",
                         cmd, game.name)
    end
    c.scale_to = ai.eval_scale(game)
  elseif opts.all or not root.base then
    for _, t in ipairs(terms) do free[t.name] = true end
  else
    free = weights.own_terms(root)
    if not next(free) then
      common.usage_error("%s: %s adds or changes no term of %s's "
                         .. "evaluation: nothing to tune (--all tunes "
                         .. "every term)", cmd, game.name, root.base.name)
    end
  end
  local names, known = {}, {}
  for _, t in ipairs(terms) do
    names[#names + 1] = t.name
    known[t.name] = true
  end
  local unit = weights.unit(game, opts.unit)
  if not known[unit] then
    common.usage_error("%s: --unit: %s has no term %s (its terms: %s)", cmd,
                       game.name, quote(unit), table.concat(names, ", "))
  end
  if not opts.scale then weightless(cmd, game, unit) end  -- no denominator
  c.terms, c.free, c.unit, c.names = terms, free, unit, names
end

-- judge(s) -> the teacher's chance that the side to act wins at s: the
-- engine h.teacher, told the game's engine variant, started by each
-- process that asks (a selfplay job forked from this one starts its own:
-- the pipes it inherits are another's conversation).
local function judge(game, h)
  if h.teacher == teacher.SELF then
    local t = teacher.own(game, h.depth)
    return function(s) return t:judge(s) end
  end
  local t, owner
  return function(s)
    local pid = host.pid()
    if owner ~= pid then
      t = teacher.open(h.teacher, (game.def.engine or {}).variant, h.depth)
      owner = pid
    end
    return t:judge(game:position_text(s))
  end
end

-- The run the options describe: its header (c.h) and selfplay's run (c.r).
local function run_settings(c)
  local opts = c.opts
  local h = {
    type = "tune", game = c.game.name, variant = opts.variant,
    options = opts.option,
    games = common.integer("tune", "--games", opts.games or "500", 1),
    seed = common.integer("tune", "--seed", opts.seed or "1"),
    player = opts.player or "level:2",
    opening = common.integer("tune", "--opening", opts.opening
                             or tostring(tune.OPENING)),
    every = common.integer("tune", "--every", opts.every
                           or tostring(tune.EVERY), 1),
    max_plies = common.integer("tune", "--max-plies", opts["max-plies"]
                               or "400", 1),
    terms = c.names,
    scale = opts.scale or nil,
    teacher = opts.teacher,
    depth = opts.teacher and common.integer(
      "tune", "--depth", opts.depth or tostring(
        opts.teacher == teacher.SELF and teacher.SELF_DEPTH or teacher.DEPTH),
      1, teacher.depth_max(opts.teacher)),
  }
  if opts.depth and not opts.teacher then
    common.usage_error("tune: --depth is the teacher's: give --teacher")
  end
  local refused = teacher.refusal(c.game, opts.teacher)
  if refused then common.usage_error("tune: --teacher self: %s", refused) end
  local players, err = selfplay.players(h.player, h.player)
  if not players then common.usage_error("tune: --player: %s", err) end
  local shard = { 1, 1 }
  if opts.shard then
    local i, n = opts.shard:match("^(%d+)/(%d+)$")
    i, n = tonumber(i), tonumber(n)
    if not i or i < 1 or i > n then
      common.usage_error("tune: --shard must be I/N with 1 <= I <= N, not "
                         .. "%s", quote(opts.shard))
    end
    shard = { i, n }
    h.shard = opts.shard
  end
  c.h = h
  c.r = { games = h.games, seed = h.seed, players = players,
          white = h.player, black = h.player, max_plies = h.max_plies,
          jobs = opts.jobs and common.integer("tune", "--jobs", opts.jobs, 1)
                 or host.cores(),
          shard = shard,
          play = tune.sampler(c.game, h.opening, h.every,
                              h.teacher and judge(c.game, h)) }
end

-- The games of the run (c.records), a progress line on a terminal; with
-- --shard, printed as JSON lines instead, and the run ends there.
local function play_games(c)
  host.on_interrupt()
  local positions = 0
  local m = common.meter()
  local n = selfplay.span(c.h.games, c.r.shard[1], c.r.shard[2]).n
  m:plan(1, 0, n)
  if c.opts.shard then print(json.encode(c.h)) end
  local records, done = {}, 0
  c.r.keep = false
  local ok, err, status = selfplay.run(c.game, c.r, function(rec)
    if c.opts.shard then
      print(json.encode(rec))
      io.stdout:flush()
    else
      records[#records + 1] = rec
    end
    positions, done = positions + #(rec.rows or {}), done + 1
    m:game(stats.count(positions) .. " positions")
  end)
  m:clear()
  if not ok then
    if status == 2 then common.usage_error("%s", err) end
    common.internal_error("%s", err)
  end
  if host.interrupted() then
    io.stderr:write(string.format("wargrid: tune: stopped by Ctrl-C after "
                                  .. "%d of %d games\n", done, n))
    return INTERRUPTED
  end
  if c.opts.shard then return 0 end
  table.sort(records, function(a, b) return a.index < b.index end)
  c.records = records
end

-- Where the weights go: --output, else beside the game's script.
local function output_path(c)
  if c.opts.output then return c.opts.output end
  local h = c.h
  if h.variant then
    local path = h.variant
    if lfs.attributes(path, "mode") == "directory" then
      path = path:gsub("/+$", "") .. "/init.lua"
    end
    return weights.path(path)
  end
  return weights.path(assert(loader.find(h.game)))
end

-- The fit (c.fit), its report, and the weights file written.
local function fit_and_write(c)
  local shown = ""
  if host.isatty(2) then
    local n = 0
    for _, rec in ipairs(c.records) do n = n + #(rec.rows or {}) end
    shown = string.format("  fitting %s positions of %s", stats.count(n),
                          stats.games(#c.records))
    io.stderr:write(shown)
    io.stderr:flush()
  end
  local now = c.game:weights()
  local fit, why = tune.fit(c.records, { terms = c.terms, free = c.free,
                                         now = now, unit = c.unit,
                                         scale_to = c.scale_to })
  if #shown > 0 then io.stderr:write("\r", (" "):rep(#shown), "\r") end
  if not fit then common.usage_error("tune: %s", why) end
  local path = not c.opts["dry-run"] and output_path(c)
  if path then
    local text = tune.file(c.game, fit, c.h)  -- made before the file opens
    local f, err = io.open(path, "w")
    if not f then
      common.usage_error("tune: cannot write the weights: %s", err)
    end
    f:write(text)
    f:close()
  end
  if c.opts.json then
    local out = { run = c.h, fit = fit, file = path or nil }
    print(json.encode(out))
  else
    print(tune.fit_report(c.h, fit))
    print(path and "weights written to " .. path
          or "weights not written (--dry-run)")
  end
end

local read_tune_options = common.options("tune", TUNE_SPEC, M.tune.help)

-- `tune merge FILE...`, or a game to play.
local function merge_or_play(c)
  c.merge = c.pos[1] == "merge"
  if c.merge then
    if c.opts.variant or c.opts.shard or c.opts.option then
      common.usage_error("tune merge: the shards name the game, its "
                         .. "variant and options; --shard is for a run")
    end
    for _, key in ipairs { "games", "seed", "player", "opening", "every",
                           "max-plies", "teacher", "depth", "jobs" } do
      if c.opts[key] then
        common.usage_error("tune merge: --%s is the run's, which the "
                           .. "shards name: give it to `tune --shard`", key)
      end
    end
    if #c.pos < 2 then
      common.usage_error("tune merge: give the shard files")
    end
  end
end

local function load_run(c)
  if c.merge then return end
  c.game = common.load_game("tune", c.pos, c.opts)
  common.no_more("tune", c.pos, c.opts)
  choose_terms(c, "tune", c.opts.teacher)
  run_settings(c)
end

local function play_run(c)
  if c.merge then return end
  return play_games(c)
end

local SAME_RUN = { "game", "variant", "options", "player", "seed", "games",
                   "opening", "every", "max_plies", "terms", "scale",
                   "teacher", "depth" }

local function whole(x, min, max)
  return common.whole(x, min, max or SEED_MAX)
end

local function finite(x)
  return type(x) == "number" and x == x and math.abs(x) < math.huge
end

local function is_string(x) return type(x) == "string" end

-- t is a list (of n values, when n is given), each one that ok accepts
local function list_of(t, ok, n)
  if type(t) ~= "table" or (n and #t ~= n) then return false end
  for k = 1, #t do
    if not ok(t[k]) then return false end
  end
  return true
end

-- A run's header is well formed: all that the fit, the report and the
-- weights file read of it, as `tune` writes it.
local function valid_header(h)
  local i, n = tostring(h.shard):match("^(%d+)/(%d+)$")
  i, n = tonumber(i), tonumber(n)
  return type(h.game) == "string" and whole(h.games, 1) and whole(h.seed, 0)
         and type(h.player) == "string" and list_of(h.terms, is_string)
         and (h.variant == nil or type(h.variant) == "string")
         and (h.options == nil or list_of(h.options, is_string))
         and whole(h.opening, 0) and whole(h.every, 1)
         and whole(h.max_plies, 1)
         and (h.shard == nil or i and i >= 1 and i <= n)
         and (h.scale == nil or h.scale == true)
         and (h.teacher == nil and h.depth == nil
              or type(h.teacher) == "string"
                 and whole(h.depth, 1, teacher.depth_max(h.teacher)))
end

-- A game of run h is well formed: one of its games, its rows each a side
-- (1 or -1) and a value per term, and a teacher's label for each row
-- exactly when the run had a teacher.
local function valid_game(rec, h)
  if not h or not whole(rec.index, 0, h.games - 1)
     or math.type(rec.winner) ~= "integer"
     or (rec.cutoff ~= nil and type(rec.cutoff) ~= "boolean") then
    return false
  end
  local rows = rec.rows or {}
  local function row_ok(row)
    return list_of(row, finite, #h.terms + 1)
           and (row[1] == 1 or row[1] == -1)
  end
  if not list_of(rows, row_ok) then return false end
  if #rows == 0 or not h.teacher then
    return rec.labels == nil or list_of(rec.labels, finite, 0)
  end
  return list_of(rec.labels, function(p)
    return finite(p) and p >= 0 and p <= 1
  end, #rows)
end

-- A line of a shard file is well formed: a run's header, or a game of
-- the run of the header before it.
local function valid(rec, header)
  if type(rec) ~= "table" then return false end
  if rec.type == "tune" then return valid_header(rec) end
  return rec.type == "game" and valid_game(rec, header)
end

-- The shards read (c.h, c.records: each game once, by index), the game
-- loaded as their header names it, its terms checked against theirs; of
-- part of the run, the seeds of its games that they hold (h.seeds).
local function read_merge(c)
  if not c.merge then return end
  local h, records, headers = common.read_shards("tune merge",
    table.move(c.pos, 2, #c.pos, 1, {}),
    { header = "tune", same = SAME_RUN, valid = valid,
      what = "a line of `tune --shard`" })
  if #records < h.games then
    local indices, shards = {}, {}
    for k, rec in ipairs(records) do indices[k] = rec.index end
    for _, head in ipairs(headers) do shards[#shards + 1] = head.shard end
    h.seeds = tune.seeds(h, indices, shards)
  end
  h.shard = nil
  c.records = records
  c.opts.variant, c.opts.option = h.variant, h.options
  -- a run of `tune --scale --shard` fits the scale, as the whole run would
  c.opts.scale = c.opts.scale or h.scale
  h.scale = c.opts.scale or nil
  c.game = common.load_game("tune merge", { h.game }, c.opts)
  choose_terms(c, "tune merge", h.teacher)
  if json.encode(c.names) ~= json.encode(h.terms) then
    common.usage_error("tune merge: the shards' terms (%s) are not %s's now "
                       .. "(%s)", table.concat(h.terms, ", "), c.game.name,
                       table.concat(c.names, ", "))
  end
  c.h = h
end

M.tune.run = common.steps {
  read_tune_options,
  merge_or_play,
  load_run,
  play_run,
  read_merge,
  fit_and_write,
}

local read_values_options = common.options("values", {
  unit = "value", json = "flag", option = "list", variant = "value",
}, M.values.help)

local function show_values(c)
  local game = common.load_game("values", c.pos, c.opts)
  common.no_more("values", c.pos, c.opts)
  local terms, known = game:terms(), {}
  for _, t in ipairs(terms) do known[t.name] = true end
  if c.opts.unit and not known[c.opts.unit] then
    common.usage_error("values: --unit: %s has no term %s", game.name,
                       quote(c.opts.unit))
  end
  weightless("values", game, weights.unit(game, c.opts.unit))
  local v = tune.values(game, c.opts.unit)
  if c.opts.json then
    v.game = game.name
    print(json.encode(v))
  else
    print(tune.values_report(game.name, v))
  end
end

M.values.run = common.steps { read_values_options, show_values }

return M
