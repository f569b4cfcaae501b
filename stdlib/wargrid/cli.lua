-- wargrid.cli: the command line. main(args) returns the exit status:
-- 0 done, 1 a failed check (none yet), 2 bad input or a broken game script.
local wg = require "wargrid"
local loader = require "wargrid.loader"
local ai = require "wargrid.ai"
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
  play GAME [--ai SIDE] [--seed N] [--position P]
                                play in the terminal, against the built-in AI

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
usage: wargrid play GAME [--ai SIDE] [--seed N] [--depth N] [--position P]
                         [--option NAME[=VALUE]] [--variant FILE]

Plays in the terminal. Type actions in the game's notation, or:
  moves   the legal actions          undo    take back your last action
  board   draw the board again       position  print the position text
  help    this list                  quit    leave the game
--ai names the side the built-in opponent plays: a side's name (white,
black, ...), 1 or 2, both, or none (default: the second side). It sees only
what its side may know. --seed starts the game's chance (shuffles) and
makes the opponent's choices repeatable (default: the clock; the seed is
printed when the game ends, since it would tell hidden cards); --depth sets
how many actions it looks ahead (default 2).]=],
}

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
        usage_error("%s: unknown option '--%s' (see 'wargrid %s --help')", cmd, name, cmd)
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
        if kind == "list" then
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

local function load_game(cmd, name, opts)
  local ok, game = pcall(function()
    local g
    if opts.variant then
      g = loader.load_file(opts.variant)
    else
      if not name then usage_error("%s: which game? (see 'wargrid list')", cmd) end
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

local function start(game, opts, seed)
  local s, err = game:new(opts.position, seed)
  if not s then usage_error("%s", err) end
  return s
end

local function integer(cmd, what, text, min)
  local n = text and text:match("^%d+$") and tonumber(text)
  if not n or n < (min or 0) then
    usage_error("%s: %s must be a whole number%s, not '%s'", cmd, what,
                min and min > 0 and (" from " .. min) or "", tostring(text))
  end
  return n
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
  local pos, opts = parse("moves", args, { position = "value", variant = "value",
                                           seed = "value", option = "list" })
  if opts.help then print(HELP.moves) return 0 end
  if #pos > 1 then usage_error("moves: too many arguments") end
  local game = load_game("moves", pos[1], opts)
  local s = start(game, opts, opts.seed and integer("moves", "--seed", opts.seed))
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
  if #pos > 2 then usage_error("perft: too many arguments") end
  local game = load_game("perft", pos[1], opts)
  local depth = integer("perft", "DEPTH", pos[2])
  local s = start(game, opts, opts.seed and integer("perft", "--seed", opts.seed))
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
    io.stderr:write(string.format("time %.3f s, %.0f nodes/s, peak RSS %d KiB\n",
                                  secs, total / math.max(secs, 1e-9), use.peak_kib))
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
  if named then say("%s plays %s\n", game:side_name(s:decider()), game:action_text(s, a)) end
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
  local pos, opts = parse("play", args, { ai = "value", seed = "value", depth = "value",
                                          position = "value", variant = "value",
                                          option = "list" })
  if opts.help then print(HELP.play) return 0 end
  if #pos > 1 then usage_error("play: too many arguments") end
  local game = load_game("play", pos[1], opts)
  local bots = side_set(game, opts.ai)
  local seed = opts.seed and integer("play", "--seed", opts.seed) or os.time()
  local depth = opts.depth and integer("play", "--depth", opts.depth, 1) or 2
  local s = start(game, opts, seed)
  local function say(fmt, ...) output:write(string.format(fmt, ...)) end
  local history = {}  -- marks before each action, with who decided it
  -- the seed decides every shuffle: told only when the game ends
  local function bye() say("The seed was %d (replay with --seed %d).\n", seed, seed) end
  say("%s. Type 'help' for commands.\n", game.title)
  local show = true
  while true do
    local who = s:decider()
    if show then say("\n%s\n\n", game:render(s, who)) end
    show = true
    local outcome = game:outcome(s)
    if outcome then
      bye()
      say("Game over: %s.\n", outcome.text)
      return 0
    end
    if bots[who] then
      -- the opponent is given what its side may know, never the state
      local view = s:view(who, seed * 1000003 + #history)
      local a = ai.choose(game, view, { depth = depth, seed = seed + #history })
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
        say("%s\n", PLAY_HELP)
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
            say("(the cards turned go back in the same order: they will come again)\n")
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
    io.stderr:write(string.format("wargrid: unknown command '%s' (see 'wargrid --help')\n", cmd))
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
