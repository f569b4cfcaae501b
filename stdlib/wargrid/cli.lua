-- wargrid.cli: the command line. main(args) returns the exit status:
-- 0 done, 1 a failed check (none yet), 2 bad input or a broken game script.
local wg = require "wargrid"
local loader = require "wargrid.loader"
local ai = require "wargrid.ai"
local selfplay = require "wargrid.selfplay"
local json = require "wargrid.json"
local natural_less = require("wargrid.game").natural_less

local cli = {}

local USAGE = [[
usage: wargrid COMMAND [ARGS] [OPTIONS]

Rules for two-player grid war games, written in Lua, played in C.

commands:
  list                          the games found
  moves GAME [--position P]     the legal actions, one per line, sorted
  perft GAME DEPTH [--position P] [--divide]
                                count the leaves of the game tree
  play GAME [--ai SIDE] [--ai-level L] [--seed N] [--position P]
                                play in the terminal, against the built-in AI
  suggest GAME [--position P] [--ai-level L | --iterations N | --seconds S]
                                the action the AI would take, and its search
  selfplay GAME --games N --seed S [--white AI] [--black AI] [--jobs J]
                                AI against AI: win rates, length, endings
  compare GAME VARIANT_FILE...  what a variant changes, by self-play
  stats merge FILE...           one report from selfplay shards (--shard)

Every command takes --help. Games are looked up in scripts/games/ and in the
directories of WARGRID_PATH; --variant FILE uses a variant file instead, and
--option NAME[=VALUE] sets one of the game's options (repeat it for more).]]

local HELP = {
  list = [[
usage: wargrid list

Lists the games found (scripts/games/ and WARGRID_PATH), with their titles.]],
  moves = [=[
usage: wargrid moves GAME [--position P] [--seed N] [--option NAME[=VALUE]]
                          [--variant FILE]

Prints the legal actions (or the decision to take) in the game's notation,
one per line, sorted. With no --position, the game's start position; --seed
starts its random generator (default 0). When the game is over, prints
nothing and tells the result on stderr.]=],
  perft = [=[
usage: wargrid perft GAME DEPTH [--position P] [--divide] [--stats]
                               [--seed N] [--option NAME[=VALUE]]
                               [--variant FILE]

Counts the leaves of the game tree DEPTH actions (or decisions) deep; chance
follows the state's random generator, which --seed starts (default 0). With
--divide, one line "ACTION: N" per legal action first. The last line is
always "Nodes searched: N", as Fairy-Stockfish prints it. --stats adds the
time, nodes per second and peak memory on stderr.]=],
  play = [=[
usage: wargrid play GAME [--ai SIDE] [--ai-level L] [--seed N] [--position P]
                         [--option NAME[=VALUE]] [--variant FILE]

Plays in the terminal. Type actions in the game's notation (with GAME,
--help shows it), or:
  moves   the legal actions          undo    take back your last action
  board   draw the board again       position  print the position text
  help    this list                  quit    leave the game
--ai names the side the built-in opponent plays: a side's name (white,
black, ...), 1 or 2, both, or none (default: the second side). It sees only
what its side may know. --ai-level sets its strength from 1 (quick) to 5
(strong; default 3): a Monte Carlo tree search of 50, 200, 800, 3000 or 12000
iterations a decision. --seed starts the game's chance (shuffles) and makes
the opponent's choices repeatable (default: the clock; the seed is printed
when the game ends, since it would tell hidden cards). The board is in colour
when the output is a terminal and NO_COLOR is not set.]=],
}

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

HELP.suggest = [[
usage: wargrid suggest GAME [--position P] [--ai-level L] [--iterations N]
                       [--seconds S] [--seed N] [--option K=V] [--variant FILE]

Runs the AI on a position (default: the start) and prints the action it
would take, then how the search went: iterations, time, iterations per
second, tree nodes and depth, and the chosen action's mean reward (from 0,
a sure loss, to 1, a sure win). The budget is a level (1..5, default 3),
a number of iterations, or seconds.]]

HELP.selfplay = [[
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

On a terminal a progress bar shows on stderr.]]

HELP.compare = [[
usage: wargrid compare GAME VARIANT_FILE... [--games N] [--seed S]
                       [--white AI] [--black AI] [--jobs J] [--json]

Self-play of the game and of each variant with the same players and seeds,
then, per variant, the change in first-player win rate and draw rate (95%
Newcombe intervals) and in mean game length (95% Welch interval): what did
my change do?

]] .. RUN_OPTIONS

HELP.stats = [[
usage: wargrid stats merge FILE... [--json]

Merges the JSON lines of `wargrid selfplay --shard I/N` runs into one report.
The files must come from one run (same game, players, seeds and games); a
game present twice is counted once.]]

local function printf(fmt, ...) io.write(string.format(fmt, ...)) end

-- Errors meant for the user carry this marker; anything else is a bug.
local Usage = {}
local function usage_error(fmt, ...)
  error(setmetatable({ msg = string.format(fmt, ...) }, Usage), 0)
end

-- Parses args into positionals and options. spec maps option names to
-- "value", "flag" or "list" (repeatable; the values in order).
local function parse(cmd, args, spec)
  local pos, opts = {}, {}
  local i = 1
  while i <= #args do
    local a = args[i]
    if a == "--help" or a == "-h" then
      opts.help = true
    elseif a:sub(1, 2) == "--" then
      local name, inline = a:match("^%-%-([%w%-]+)=(.*)$")
      name = name or a:sub(3)
      local kind = spec[name]
      if not kind then
        usage_error("%s: unknown option '--%s' (see 'wargrid %s --help')",
                    cmd, name, cmd)
      end
      if kind == "flag" then
        if inline then usage_error("%s: --%s takes no value", cmd, name) end
        opts[name] = true
      else
        local v = inline
        if not v then
          i = i + 1
          v = args[i]
          if v == nil then usage_error("%s: --%s needs a value", cmd, name) end
        end
        if kind == "list" then  -- repeatable: every value kept
          opts[name] = opts[name] or {}
          table.insert(opts[name], v)
        else
          opts[name] = v
        end
      end
    else
      pos[#pos + 1] = a
    end
    i = i + 1
  end
  return pos, opts
end

-- The game a command names: --variant FILE, or else the first positional
-- argument, which it takes out of pos; --option settings applied.
local function load_game(cmd, pos, opts)
  local ok, game = pcall(function()
    local g
    if opts.variant then
      g = loader.load_file(opts.variant)
    else
      local name = table.remove(pos, 1)
      if not name then
        usage_error("%s: which game? (see 'wargrid list')", cmd)
      end
      g = loader.load(name)
    end
    return g:with_options(opts.option)
  end)
  if not ok then
    if getmetatable(game) == Usage then error(game, 0) end
    usage_error("%s", tostring(game))
  end
  return game
end

local function no_more(cmd, pos, opts, allowed)
  if #pos > (allowed or 0) then
    usage_error("%s: unexpected argument '%s'%s", cmd, pos[(allowed or 0) + 1],
                opts.variant and " (with --variant, leave out GAME)" or "")
  end
end

local function start(game, opts, seed)
  local s, err = game:new(opts.position, seed)
  if not s then usage_error("%s", err) end
  return s
end

local function integer(cmd, what, text, min, max)
  local n = text and text:match("^%d+$") and math.tointeger(tonumber(text))
  max = max or 2 ^ 53
  if not n or n < (min or 0) or n > max then
    usage_error("%s: %s must be a whole number%s, not '%s'", cmd, what,
                max < 2 ^ 53 and string.format(" from %d to %d", min or 0, max)
                or min and min > 0 and (" from " .. min) or "", tostring(text))
  end
  return n
end

-- What `play GAME --help` adds: the game's notation and its options.
local function game_help(game)
  local parts = {}
  if game.def.notation then parts[#parts + 1] = "\n" .. game.def.notation end
  local options = game.def.options or {}
  local names = {}
  for name in pairs(options) do names[#names + 1] = name end
  table.sort(names)
  if #names > 0 then
    parts[#parts + 1] = "\nOptions of " .. game.name
                        .. " (--option NAME[=VALUE]):"
    for _, name in ipairs(names) do
      local o = options[name]
      local values = o.values and " (" .. table.concat(o.values, ", ") .. ")"
                     or ""
      parts[#parts + 1] = string.format("  %-10s default %s%s%s", name,
                                        tostring(o.default), values,
                                        o.help and ": " .. o.help or "")
    end
  end
  return table.concat(parts, "\n")
end

-- list ------------------------------------------------------------------
function cli.list(args)
  local _, opts = parse("list", args, {})
  if opts.help then print(HELP.list) return 0 end
  for _, name in ipairs(loader.list()) do
    local ok, game = pcall(loader.load, name)
    if ok then
      printf("%-22s %s\n", name, game.title)
    else
      printf("%-22s (broken: %s)\n", name, tostring(game))
    end
  end
  return 0
end

-- moves -------------------------------------------------------------------
function cli.moves(args)
  local pos, opts = parse("moves", args, { position = "value",
                                           variant = "value", seed = "value",
                                           option = "list" })
  if opts.help then print(HELP.moves) return 0 end
  local game = load_game("moves", pos, opts)
  no_more("moves", pos, opts)
  local s = start(game, opts,
                  opts.seed and integer("moves", "--seed", opts.seed))
  local texts = game:action_texts(s)
  for _, t in ipairs(texts) do print(t) end
  if #texts == 0 then
    io.stderr:write("no legal actions: ", game:outcome(s).text, "\n")
  end
  return 0
end

-- perft -----------------------------------------------------------------
function cli.perft(args)
  local pos, opts = parse("perft", args, { position = "value", divide = "flag",
                                           variant = "value", stats = "flag",
                                           seed = "value", option = "list" })
  if opts.help then print(HELP.perft) return 0 end
  local game = load_game("perft", pos, opts)
  no_more("perft", pos, opts, 1)
  local depth = integer("perft", "DEPTH", pos[1], 0, 64)
  local s = start(game, opts,
                  opts.seed and integer("perft", "--seed", opts.seed))
  local total = 0
  local t0 = wg.core.clock()
  if opts.divide and depth > 0 then
    local out = game:legal(s)
    local rows = {}
    for i = 1, out:size() do
      local a = out:get(i)
      local mark = s:mark()
      local text = game:action_text(s, a)
      game:play(s, a)
      local n = wg.perft(game, s, depth - 1)
      s:undo(mark)
      rows[#rows + 1] = { text = text, n = n }
      total = total + n
    end
    table.sort(rows, function(x, y) return natural_less(x.text, y.text) end)
    for _, r in ipairs(rows) do printf("%s: %d\n", r.text, r.n) end
    print()
  else
    total = wg.perft(game, s, depth)
  end
  if opts.stats then
    local secs, use = wg.core.clock() - t0, wg.core.usage()
    io.stderr:write(string.format("time %.3f s, %.0f nodes/s, "
                                  .. "peak RSS %d KiB\n", secs,
                                  total / math.max(secs, 1e-9), use.peak_kib))
  end
  printf("Nodes searched: %d\n", total)
  return 0
end

-- play --------------------------------------------------------------------
local function side_set(game, text)
  if text == nil then return { [2] = true } end
  local t = text:lower()
  if t == "none" then return {} end
  if t == "both" then return { true, true } end
  if t == "1" or t == "2" then return { [tonumber(t)] = true } end
  for i, name in ipairs(game.sides) do
    if name == t then return { [i] = true } end
  end
  usage_error("play: --ai must be %s, %s, 1, 2, both or none, not '%s'",
              game.sides[1], game.sides[2], text)
end

local PLAY_HELP = [[
  an action   in the game's notation (type 'moves' to list them)
  moves       the legal actions
  undo        take back your last action (and the replies since)
  board       draw the board again
  position    print the position text
  help        this list
  quit        leave the game]]

-- Plays action a and prints what the game tells of it (game:play's log:
-- cards turned, outcomes); the opponent's actions are named first.
local function play_told(game, s, a, say, named)
  if named then
    say("%s plays %s\n", game:side_name(s:decider()), game:action_text(s, a))
  end
  local log = {}
  game:play(s, a, log)
  for _, line in ipairs(log) do say("  %s\n", line) end
end

-- The cards in each deck, to tell whether an undo took back a draw.
local function deck_counts(game, s)
  local n = {}
  for d = 1, #(game.deck_names or {}) do n[d] = s:ncards(d) end
  return table.concat(n, ",")
end

function cli.play(args, input, output)
  input, output = input or io.stdin, output or io.stdout
  local pos, opts = parse("play", args, { ai = "value", seed = "value",
                                          ["ai-level"] = "value",
                                          position = "value", variant = "value",
                                          option = "list" })
  if opts.help and not (pos[1] or opts.variant) then
    print(HELP.play)
    return 0
  end
  local game = load_game("play", pos, opts)
  no_more("play", pos, opts)
  if opts.help then
    print(HELP.play .. "\n" .. game_help(game))
    return 0
  end
  local colour = output == io.stdout and wg.core.isatty(1)
                 and not os.getenv("NO_COLOR")
                 and os.getenv("TERM") ~= "dumb"
  local bots = side_set(game, opts.ai)
  local seed = opts.seed and integer("play", "--seed", opts.seed) or os.time()
  local level = opts["ai-level"]
                and integer("play", "--ai-level", opts["ai-level"], 1)
                or ai.DEFAULT_LEVEL
  if not ai.LEVELS[level] then
    usage_error("play: --ai-level must be 1 to %d", #ai.LEVELS)
  end
  local s = start(game, opts, seed)
  local function say(fmt, ...) output:write(string.format(fmt, ...)) end
  local history = {}  -- marks before each action, with who decided it
  -- the seed decides every shuffle: told only when the game ends
  local function bye()
    say("The seed was %d (replay with --seed %d).\n", seed, seed)
  end
  say("%s. Type 'help' for commands.\n", game.title)
  local show = true
  while true do
    local who = s:decider()
    if show then
      say("\n%s\n\n", game:render(s, { colour = colour, viewer = who }))
    end
    show = true
    local outcome = game:outcome(s)
    if outcome then
      bye()
      say("Game over: %s.\n", outcome.text)
      return 0
    end
    if bots[who] then
      -- the opponent is given what its side may know, never the state
      local view = game:view(s, who, seed * 1000003 + #history)
      local a = ai.choose(game, view, { level = level, seed = seed + #history })
      history[#history + 1] = { mark = s:mark(), who = who }
      play_told(game, s, a, say, true)
    else
      say("%s> ", game:side_name(who))
      output:flush()
      local line = input:read("l")
      if not line then say("\n") bye() return 0 end
      line = line:match("^%s*(.-)%s*$")
      local cmd = line:lower()
      if cmd == "" then
        show = false
      elseif cmd == "quit" or cmd == "exit" then
        bye()
        return 0
      elseif cmd == "help" or cmd == "?" then
        say("%s\n%s\n", PLAY_HELP, game_help(game))
        show = false
      elseif cmd == "moves" then
        say("%s\n", table.concat(game:action_texts(s), " "))
        show = false
      elseif cmd == "board" then
        show = true
      elseif cmd == "position" or cmd == "fen" then
        say("%s\n", game:position_text(s, who))
        show = false
      elseif cmd == "undo" then
        -- back to before this player's last action
        local k = #history
        while k >= 1 and history[k].who ~= who do k = k - 1 end
        if k < 1 then
          say("nothing of yours to undo\n")
          show = false
        else
          local cards = deck_counts(game, s)
          s:undo(history[k].mark)
          for i = #history, k, -1 do history[i] = nil end
          if deck_counts(game, s) ~= cards then
            say("(the cards turned go back in the same order: "
                .. "they will come again)\n")
          end
        end
      else
        local a, err = game:parse_action(s, line)
        if a then
          history[#history + 1] = { mark = s:mark(), who = who }
          play_told(game, s, a, say, false)
        else
          say("%s\n", err)
          show = false
        end
      end
    end
  end
end

-- suggest -----------------------------------------------------------------
function cli.suggest(args)
  local pos, opts = parse("suggest", args, { position = "value",
    ["ai-level"] = "value",
    iterations = "value", seconds = "value", seed = "value", option = "list",
    variant = "value" })
  if opts.help then print(HELP.suggest) return 0 end
  local game = load_game("suggest", pos, opts)
  no_more("suggest", pos, opts)
  local seed = integer("suggest", "--seed", opts.seed or "1")
  local s = start(game, opts, seed)
  local budget = { seed = seed }
  if opts.seconds then
    budget.seconds = tonumber(opts.seconds)
    if not budget.seconds or budget.seconds <= 0 then
      usage_error("suggest: --seconds must be a positive number, not '%s'",
                  opts.seconds)
    end
  end
  if opts.iterations then
    budget.iterations = integer("suggest", "--iterations", opts.iterations, 1)
  elseif not budget.seconds then
    local level = integer("suggest", "--ai-level",
                          opts["ai-level"] or tostring(ai.DEFAULT_LEVEL), 1)
    if not ai.LEVELS[level] then
      usage_error("suggest: --ai-level must be 1 to %d", #ai.LEVELS)
    end
    budget.iterations = ai.LEVELS[level]
  end
  local a, st = ai.mcts(game, s, budget)
  if not a then
    io.stderr:write("no legal actions: ", game:outcome(s).text, "\n")
    return 0
  end
  print(game:action_text(s, a))
  printf("%d iterations in %.3f s (%.0f/s), %d nodes, depth %d, value %.3f\n",
         st.iterations, st.seconds, st.iterations / math.max(st.seconds, 1e-9),
         st.nodes, st.depth, st.value)
  return 0
end

-- selfplay, compare, stats ---------------------------------------------
local RUN_SPEC = { games = "value", seed = "value", white = "value",
                   black = "value", jobs = "value", shard = "value",
                   ["max-plies"] = "value",
                   json = "flag", option = "list", variant = "value" }

local function shell_quote(s)
  return "'" .. tostring(s):gsub("'", "'\\''") .. "'"
end

local function exe_path()
  local exe = wg.core.exe()
  if exe and exe:match("/wargrid$") then return exe end
  return loader.root .. "/build/wargrid"  -- run from a Lua host (busted)
end

local function run_settings(cmd, opts)
  local r = {
    games = integer(cmd, "--games", opts.games or "100", 1),
    seed = integer(cmd, "--seed", opts.seed or "1"),
    white = opts.white or "level:2",
    black = opts.black or "level:2",
    jobs = integer(cmd, "--jobs", opts.jobs or "1", 1),
    max_plies = integer(cmd, "--max-plies", opts["max-plies"] or "1000", 1),
    shard = { 1, 1 },
  }
  if opts.shard then
    local i, n = opts.shard:match("^(%d+)/(%d+)$")
    i, n = tonumber(i), tonumber(n)
    if not i or i < 1 or i > n then
      usage_error("%s: --shard must be I/N with 1 <= I <= N, not '%s'", cmd,
                  opts.shard)
    end
    r.shard = { i, n }
  end
  local players, err = selfplay.players(r.white, r.black)
  if not players then usage_error("%s: %s", cmd, err) end
  r.players = players
  return r
end

local function progress(r, done, total)
  -- a shard is quiet
  if r.shard[2] > 1 or not wg.core.isatty(2) then return end
  local width = 30
  local fill = total > 0 and math.floor(width * done / total) or width
  io.stderr:write(string.format("\r  [%s%s] %d/%d games", ("#"):rep(fill),
                                ("."):rep(width - fill), done, total))
  if done == total then io.stderr:write("\r", (" "):rep(width + 24), "\r") end
  io.stderr:flush()
end

-- Plays the games of the run's shard, in r.jobs processes when asked;
-- `target` is how a child process names the game (name or --variant FILE).
-- Returns the records, sorted by game index.
local function play_games(cmd, game, r, target, option_list)
  local mine = selfplay.indices(r.games, r.shard[1], r.shard[2])
  local records = {}
  progress(r, 0, #mine)
  if r.jobs == 1 then
    for _, i in ipairs(mine) do
      records[#records + 1] = selfplay.play(game, r.players, i, r.seed + i,
                                            r.max_plies)
      progress(r, #records, #mine)
    end
    return records
  end
  local handles = {}
  local n = r.shard[2] * r.jobs
  for k = 1, r.jobs do
    local shard = (r.shard[1] - 1) + r.shard[2] * (k - 1) + 1
    local parts = { shell_quote(exe_path()), "selfplay" }
    for _, a in ipairs(target) do parts[#parts + 1] = shell_quote(a) end
    for _, o in ipairs(option_list or {}) do
      parts[#parts + 1] = "--option " .. shell_quote(o)
    end
    for _, kv in ipairs { { "games", r.games }, { "seed", r.seed },
                          { "white", r.white }, { "black", r.black },
                          { "max-plies", r.max_plies },
                          { "shard", shard .. "/" .. n } } do
      parts[#parts + 1] = "--" .. kv[1] .. " " .. shell_quote(kv[2])
    end
    handles[k] = io.popen(table.concat(parts, " "))
  end
  local open = #handles
  while open > 0 do
    for k, h in ipairs(handles) do
      if h then
        local line = h:read("l")
        if line then
          local rec = json.decode(line)
          if rec and rec.type == "game" then
            records[#records + 1] = rec
            progress(r, #records, #mine)
          end
        else
          local ok = h:close()
          handles[k] = false
          open = open - 1
          if not ok then
            usage_error("%s: a selfplay job failed (see above)", cmd)
          end
        end
      end
    end
  end
  table.sort(records, function(a, b) return a.index < b.index end)
  return records
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

function cli.selfplay(args)
  local pos, opts = parse("selfplay", args, RUN_SPEC)
  if opts.help then print(HELP.selfplay) return 0 end
  local target = opts.variant and { "--variant", opts.variant } or { pos[1] }
  local game = load_game("selfplay", pos, opts)
  no_more("selfplay", pos, opts)
  local r = run_settings("selfplay", opts)
  local header = header_of(game, r, opts)
  local records = play_games("selfplay", game, r, target, opts.option)
  if opts.shard then
    header.shard = opts.shard
    print(json.encode(header))
    for _, rec in ipairs(records) do print(json.encode(rec)) end
    return 0
  end
  print_report(game, header, records, opts.json)
  return 0
end

function cli.compare(args)
  local pos, opts = parse("compare", args, RUN_SPEC)
  if opts.help then print(HELP.compare) return 0 end
  if opts.variant or opts.shard then
    usage_error("compare: name the variant files after the game; "
                .. "--shard is for selfplay")
  end
  if #pos < 2 then
    usage_error("compare: give a game and at least one variant file")
  end
  local name = pos[1]
  local base = load_game("compare", pos, opts)
  local r = run_settings("compare", opts)
  -- every variant is loaded, and must come from the game, before any play
  local variants = {}
  for k, file in ipairs(pos) do
    local v = load_game("compare", {}, { variant = file, option = opts.option })
    local from = v
    while from and from.name ~= base.name do from = from.base end
    if not from then
      usage_error("compare: %s is not a variant of %s", file, base.name)
    end
    variants[k] = v
  end
  local base_stats = selfplay.summarize(play_games("compare", base, r,
                                                   { name }, opts.option))
  local out = { base = selfplay.report_table(base.sides,
                                             header_of(base, r, opts),
                                             base_stats),
                variants = {} }
  local text = { selfplay.report(base.sides, header_of(base, r, opts),
                                 base_stats) }
  for k, file in ipairs(pos) do
    local vopts = { variant = file, option = opts.option }
    local v = variants[k]
    local st = selfplay.summarize(play_games("compare", v, r,
                                             { "--variant", file },
                                             opts.option))
    local header = header_of(v, r, vopts)
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

function cli.stats(args)
  local pos, opts = parse("stats", args, { json = "flag" })
  if opts.help or pos[1] == nil then
    print(HELP.stats)
    return opts.help and 0 or 2
  end
  if pos[1] ~= "merge" then
    usage_error("stats: unknown subcommand '%s' (try 'merge')", pos[1])
  end
  if #pos < 2 then usage_error("stats merge: give the shard files") end
  local header, by_index = nil, {}
  for k = 2, #pos do
    local f = io.open(pos[k])
    if not f then usage_error("stats merge: cannot read '%s'", pos[k]) end
    local n = 0
    for line in f:lines() do
      n = n + 1
      local rec, err = json.decode(line)
      if not rec then
        usage_error("stats merge: %s line %d: %s", pos[k], n, err)
      end
      if not valid_record(rec) then
        usage_error("stats merge: %s line %d is not a selfplay record",
                    pos[k], n)
      end
      if rec.type == "run" then
        if header then
          for _, key in ipairs(SAME_RUN) do
            local a, b = json.encode(header[key]), json.encode(rec[key])
            if a ~= b then
              usage_error("stats merge: %s is from another run (%s %s, not %s)",
                          pos[k], key, json.encode(rec[key]),
                          json.encode(header[key]))
            end
          end
        end
        header = header or rec
      else
        by_index[rec.index] = rec
      end
    end
    f:close()
  end
  if not header then usage_error("stats merge: no run header in the files") end
  local records = {}
  for _, rec in pairs(by_index) do records[#records + 1] = rec end
  table.sort(records, function(a, b) return a.index < b.index end)
  header.missing = #records < header.games
  local game = header.variant and loader.load_file(header.variant)
               or loader.load(header.game)
  print_report(game, header, records, opts.json)
  return 0
end

-- main ------------------------------------------------------------------
function cli.main(args)
  local cmd = args[1]
  local rest = table.move(args, 2, #args, 1, {})
  if cmd == nil or cmd == "--help" or cmd == "-h" or cmd == "help" then
    if cmd == "help" and rest[1] and HELP[rest[1]] then
      print(HELP[rest[1]])
    else
      print(USAGE)
    end
    return cmd == nil and 2 or 0
  end
  local run = cmd:match("^%a+$") and cli[cmd]
  if not run or cmd == "main" then
    io.stderr:write(string.format("wargrid: unknown command '%s' "
                                  .. "(see 'wargrid --help')\n", cmd))
    return 2
  end
  local ok, rc = pcall(run, rest)
  if ok then return rc end
  if getmetatable(rc) == Usage then
    io.stderr:write("wargrid: ", rc.msg, "\n")
  else
    io.stderr:write("wargrid: ", tostring(rc), "\n")
  end
  return 2
end

return cli
