-- wargrid.cli.selfplay: `wargrid selfplay`, `compare` and `stats merge`:
-- runs of AI against AI and their reports (wargrid.selfplay plays them).
local loader = require "wargrid.loader"
local selfplay = require "wargrid.selfplay"
local json = require "wargrid.json"
local common = require "wargrid.cli.common"
local core = require "wargrid.core"
local quote = require("wargrid.text").quote

local M = {}

local RUN_OPTIONS = [[
  --games N        games to play (default 100)
  --seed S         game i uses seed S + i, for the players and for chance
                   (default 1)
  --white AI       the first side's player, --black AI the second's:
                   random, mcts (800 iterations a decision), mcts:N, or
                   level:1..5 (50, 200, 800, 3000, 12000; default level:2)
  --max-plies M    a game still going after M actions is a draw (default 1000)
  --jobs J         play in J processes at once (default 1)
  --option K=V     a game option (repeatable); --variant FILE a variant file
  --json           the report as JSON]]

M.selfplay = {
  help = [[
usage: wargrid selfplay GAME [--games N] [--seed S] [--white AI] [--black AI]
                        [--jobs J] [--shard I/N] [--max-plies M] [--json]
                        [--option K=V] [--variant FILE]

Plays AI against AI and reports wins, draws and losses per side and for the
side that moves first, with 95% Wilson intervals; the mean and spread of the
game length in actions; and the share of games ended each way.

]] .. RUN_OPTIONS .. [[

  --shard I/N      play only games i with i mod N = I - 1 and print them as
                   JSON lines, for `wargrid stats merge`; the shards of one
                   run merge into exactly the report of the whole run.

On a terminal a progress bar shows on stderr. A job that fails stops the
run: exit status 1 (or 2 when the job refused the run's input). Ctrl-C stops
the jobs and reports the games finished: exit status 130.]],
}

M.compare = {
  help = [[
usage: wargrid compare GAME VARIANT_FILE... [--games N] [--seed S]
                       [--white AI] [--black AI] [--jobs J] [--json]

Self-play of the game and of each variant with the same players and seeds,
then, per variant, the change in first-player win rate and draw rate (95%
Newcombe intervals) and in mean game length (95% Welch interval): what did
my change do?

]] .. RUN_OPTIONS,
}

M.stats = {
  help = [[
usage: wargrid stats merge FILE... [--json]

Merges the JSON lines of `wargrid selfplay --shard I/N` runs into one report.
The files must come from one run (same game, players, seeds and games); a
game present twice is counted once.]],
}

local RUN_SPEC = { games = "value", seed = "value", white = "value",
                   black = "value", jobs = "value", shard = "value",
                   ["max-plies"] = "value",
                   json = "flag", option = "list", variant = "value" }

-- The run the options describe (see selfplay.run).
local function run_settings(cmd, opts)
  local r = {
    games = common.integer(cmd, "--games", opts.games or "100", 1),
    seed = common.integer(cmd, "--seed", opts.seed or "1"),
    white = opts.white or "level:2",
    black = opts.black or "level:2",
    jobs = common.integer(cmd, "--jobs", opts.jobs or "1", 1),
    max_plies = common.integer(cmd, "--max-plies", opts["max-plies"] or "1000",
                               1),
    shard = { 1, 1 },
    options = opts.option,
  }
  if opts.shard then
    local i, n = opts.shard:match("^(%d+)/(%d+)$")
    i, n = tonumber(i), tonumber(n)
    if not i or i < 1 or i > n then
      common.usage_error("%s: --shard must be I/N with 1 <= I <= N, not %s",
                         cmd, quote(opts.shard))
    end
    r.shard = { i, n }
  end
  local players, err = selfplay.players(r.white, r.black)
  if not players then common.usage_error("%s: %s", cmd, err) end
  r.players = players
  return r
end

-- A selfplay worker dies with the pool that started it (WARGRID_PARENT:
-- the pool's process id), even when the pool is killed; any other run
-- stops at Ctrl-C with the games it has finished.
local function watch_signals()
  local parent = os.getenv("WARGRID_PARENT")
  if parent and parent:match("^%d+$") then
    core.die_with_parent(math.tointeger(tonumber(parent)))
  else
    core.on_interrupt()
  end
end

local INTERRUPTED = 130  -- the shell's status for a process Ctrl-C ended

-- Plays the run's games of `game`, which `target` names to the workers.
local function play(game, r, target, on_game)
  r.target = target
  local records, err, status = selfplay.run(game, r, on_game)
  if records then return records end
  if status == 2 then common.usage_error("%s", err) end
  common.internal_error("%s", err)
end

local function header_of(game, r, opts)
  return { type = "run", game = game.name, variant = opts.variant,
           options = opts.option,
           white = r.white, black = r.black, seed = r.seed, games = r.games,
           max_plies = r.max_plies }
end

local function print_report(game, header, records, as_json)
  local st = selfplay.summarize(records)
  if as_json then
    print(json.encode(selfplay.report_table(game.sides, header, st)))
  else
    print(selfplay.report(game.sides, header, st))
  end
end

function M.selfplay.run(args)
  local pos, opts = common.parse("selfplay", args, RUN_SPEC)
  if opts.help then print(M.selfplay.help) return 0 end
  local target = opts.variant and { "--variant", opts.variant } or { pos[1] }
  local game = common.load_game("selfplay", pos, opts)
  common.no_more("selfplay", pos, opts)
  local r = run_settings("selfplay", opts)
  local header = header_of(game, r, opts)
  watch_signals()
  if opts.shard then
    -- JSON lines, each game as it ends
    header.shard = opts.shard
    print(json.encode(header))
    play(game, r, target, function(rec)
      print(json.encode(rec))
      io.stdout:flush()
    end)
    return r.interrupted and INTERRUPTED or 0
  end
  local records = play(game, r, target)
  if r.interrupted then
    header.missing = true
    io.stderr:write(string.format("wargrid: selfplay: stopped by Ctrl-C "
                                  .. "after %d of %d games\n", #records,
                                  r.games))
  end
  print_report(game, header, records, opts.json)
  return r.interrupted and INTERRUPTED or 0
end

function M.compare.run(args)
  local pos, opts = common.parse("compare", args, RUN_SPEC)
  if opts.help then print(M.compare.help) return 0 end
  if opts.variant or opts.shard then
    common.usage_error("compare: name the variant files after the game; "
                       .. "--shard is for selfplay")
  end
  if #pos < 2 then
    common.usage_error("compare: give a game and at least one variant file")
  end
  local name = pos[1]
  local base = common.load_game("compare", pos, opts)
  local r = run_settings("compare", opts)
  -- every variant is loaded, and must come from the game, before any play
  local variants = {}
  for k, file in ipairs(pos) do
    local v = common.load_game("compare", {},
                               { variant = file, option = opts.option })
    local from = v
    while from and from.name ~= base.name do from = from.base end
    if not from then
      common.usage_error("compare: %s is not a variant of %s", file,
                         base.name)
    end
    variants[k] = v
  end
  watch_signals()
  local function stopped()
    io.stderr:write("wargrid: compare: stopped by Ctrl-C\n")
    return INTERRUPTED
  end
  local base_stats = selfplay.summarize(play(base, r, { name }))
  if r.interrupted then return stopped() end
  local out = { base = selfplay.report_table(base.sides,
                                             header_of(base, r, opts),
                                             base_stats),
                variants = {} }
  local text = { selfplay.report(base.sides, header_of(base, r, opts),
                                 base_stats) }
  for k, file in ipairs(pos) do
    local v = variants[k]
    local st = selfplay.summarize(play(v, r, { "--variant", file }))
    if r.interrupted then return stopped() end
    local header = header_of(v, r, { variant = file, option = opts.option })
    text[#text + 1] = selfplay.report(v.sides, header, st)
    text[#text + 1] = selfplay.compare(file, base_stats, st)
    local d1, l1, h1 = selfplay.diff(st.first_wins, st.games,
                                     base_stats.first_wins, base_stats.games)
    local d2, l2, h2 = selfplay.diff(st.draws, st.games,
                                     base_stats.draws, base_stats.games)
    out.variants[#out.variants + 1] = {
      file = file, report = selfplay.report_table(v.sides, header, st),
      first_player_win_rate = { diff = d1, low = l1, high = h1 },
      draw_rate = { diff = d2, low = l2, high = h2 },
      length = { diff = st.length.mean - base_stats.length.mean },
    }
  end
  if opts.json then
    print(json.encode(out))
  else
    print(table.concat(text, "\n\n"))
  end
  return 0
end

local SAME_RUN = { "game", "variant", "options", "white", "black", "seed",
                   "games", "max_plies" }

-- A record of a shard file is well formed: the fields the report reads.
local function valid_record(rec)
  if type(rec) ~= "table" then return false end
  if rec.type == "run" then
    return type(rec.game) == "string" and math.type(rec.games) == "integer"
           and math.type(rec.seed) == "integer"
  end
  return rec.type == "game" and math.type(rec.index) == "integer"
         and math.type(rec.plies) == "integer"
         and math.type(rec.winner) == "integer"
         and math.type(rec.first) == "integer" and type(rec.reason) == "string"
end

-- Reads one shard file into by_index; returns its run header (checked
-- against the header read before, if any).
local function read_shard(path, header, by_index)
  local f = io.open(path)
  if not f then
    common.usage_error("stats merge: cannot read %s", quote(path))
  end
  local n = 0
  for line in f:lines() do
    n = n + 1
    local rec, err = json.decode(line)
    if not rec then
      common.usage_error("stats merge: %s line %d: %s", path, n, err)
    end
    if not valid_record(rec) then
      common.usage_error("stats merge: %s line %d is not a selfplay record",
                         path, n)
    end
    if rec.type == "run" then
      for _, key in ipairs(header and SAME_RUN or {}) do
        local a, b = json.encode(header[key]), json.encode(rec[key])
        if a ~= b then
          common.usage_error("stats merge: %s is from another run "
                             .. "(%s %s, not %s)", path, key, b, a)
        end
      end
      header = header or rec
    else
      by_index[rec.index] = rec
    end
  end
  f:close()
  return header
end

function M.stats.run(args)
  local pos, opts = common.parse("stats", args, { json = "flag" })
  if opts.help or pos[1] == nil then
    print(M.stats.help)
    return opts.help and 0 or 2
  end
  if pos[1] ~= "merge" then
    common.usage_error("stats: unknown subcommand %s (try 'merge')",
                       quote(pos[1]))
  end
  if #pos < 2 then common.usage_error("stats merge: give the shard files") end
  local header, by_index = nil, {}
  for k = 2, #pos do header = read_shard(pos[k], header, by_index) end
  if not header then
    common.usage_error("stats merge: no run header in the files")
  end
  local records = {}
  for _, rec in pairs(by_index) do records[#records + 1] = rec end
  table.sort(records, function(a, b) return a.index < b.index end)
  header.missing = #records < header.games
  local game = header.variant and loader.load_file(header.variant)
               or loader.load(header.game)
  print_report(game, header, records, opts.json)
  return 0
end

return M
