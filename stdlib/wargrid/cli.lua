-- wargrid.cli: the command line. main(args) finds the command in COMMANDS,
-- runs it from its module in wargrid/cli/, and returns the exit status:
-- 0 done, 2 bad input, 1 a failure of wargrid itself (see common.failure).
-- A command may also answer 1 on purpose, with its report on stdout:
-- `replay` when the rules changed the game (common.CHANGED); a failure
-- then still says "wargrid: internal error" on stderr, and only a failure
-- does.
local common = require "wargrid.cli.common"
local host = require "wargrid.host"
local text = require "wargrid.text"

local cli = {}

-- Each command: its name, the module under wargrid/cli/ that runs it, and
-- its line in the usage text.
local COMMANDS = {
  { "list", "list", "list", "the games found" },
  { "rules", "rules", "rules GAME", "the game's rulebook, with rule IDs" },
  { "moves", "moves", "moves GAME [--position P]",
    "the legal actions, one per line, sorted" },
  { "perft", "perft", "perft GAME DEPTH [--position P] [--divide]",
    "count the leaves of the game tree" },
  { "why", "why", "why GAME [--position P] ACTION",
    "is ACTION legal here, and if not, which rule forbids it" },
  { "play", "play",
    "play GAME [--side SIDE] [--ai-level L] [--seed N] [--position P]",
    "play in the terminal, against the built-in AI" },
  { "suggest", "suggest",
    "suggest GAME [--position P] [--ai-level L | --iterations N | --seconds S]",
    "the action the AI would take, and its search" },
  { "selfplay", "selfplay",
    "selfplay GAME --games N --seed S [--white AI] [--black AI] [--jobs J]",
    "AI against AI: win rates, endings, a verdict" },
  { "replay", "replay", "replay RECORD [GAME | --variant FILE] [--json]",
    "a record under rules: what changed?" },
  { "compare", "selfplay", "compare GAME VARIANT_FILE...",
    "what a variant changes, by self-play" },
  { "stats", "selfplay", "stats merge FILE...",
    "one report from selfplay shards (--shard)" },
  { "tune", "tune", "tune GAME [--variant FILE] [--games N] [--jobs J]",
    "fit the evaluation's weights from self-play" },
  { "values", "tune", "values GAME [--variant FILE]",
    "each piece's value, with its interval" },
  { "test", "test", "test SPEC...",
    "busted specs, with this wargrid's modules" },
  { "xboard", "xboard", "xboard GAME [--level L]",
    "play as an engine for XBoard (CECP 2)" },
  { "uci", "xboard", "uci GAME [--level L]",
    "play as a UCI engine (UCI_Variant)" },
  { "render", "render", "render GAME [--position P] [--from SQ] [-o FILE]",
    "the position as a picture (SVG)" },
  { "serve", "serve", "serve GAME [--port N] [--host H]",
    "play in the browser (against the AI or by hand)" },
}

local function usage()
  local lines = { [[
usage: wargrid COMMAND [ARGS] [OPTIONS]
       wargrid --version

Rules for two-player grid war games, written in Lua, played in C.

commands:]] }
  for _, c in ipairs(COMMANDS) do
    local synopsis, summary = c[3], c[4]
    if #synopsis <= 28 then
      lines[#lines + 1] = string.format("  %-30s%s", synopsis, summary)
    else
      lines[#lines + 1] = "  " .. synopsis
      lines[#lines + 1] = string.rep(" ", 32) .. summary
    end
  end
  lines[#lines + 1] = [[

Every command takes --help; moves, perft, list and selfplay take --json
(each one's --help shows the shape). Games are looked up in scripts/games/
and in the directories of WARGRID_PATH; --variant FILE uses a variant file
instead, and --option NAME[=VALUE] sets one of the game's options (repeat it
for more). `wargrid help variants [GAME]` lists every key a game's
declaration or a variant may set.

A game script given by path or found through WARGRID_PATH runs in a sandbox,
each call of its code under a budget; with any command:
  --instruction-limit M   millions of instructions a call (default 200)
  --time-limit S          seconds a call (default 3)
  --memory-limit MB       memory while a script runs (default 512)
  --command-limit S       seconds all its calls may take together in a unit
                          of work: the AI's move or a player's action in
                          play and the engines (default 60), a request of
                          serve (10), a game of selfplay (600), any other
                          command as a whole (600); 0 for no cap

Exit status: 0 done; 2 bad input (a usage error, a bad position, action or
record, a broken game script), told in one line; 1 a failure of wargrid itself
(a bug, a failed selfplay job), told as "wargrid: internal error: ...".
`replay` also exits 1 when the rules changed the game: its report is then on
stdout, and nothing on stderr.]]
  return table.concat(lines, "\n")
end

-- The command called name, as its module defines it: { help =, run = }
local function command(name)
  for _, c in ipairs(COMMANDS) do
    if c[1] == name then return require("wargrid.cli." .. c[2])[name] end
  end
end

-- A traceback for WARGRID_DEBUG=1; a failure's marker otherwise kept.
local function traced(err)
  if os.getenv("WARGRID_DEBUG") and type(err) ~= "table" then
    return debug.traceback(tostring(err), 2)
  end
  return err
end

-- The budget's options, for every command: name -> reader, what the
-- budget calls it, and the factor from the option's unit to the budget's.
local LIMITS = {
  ["instruction-limit"] = { text.integer, 1, 1000000, "instructions", 1e6 },
  ["time-limit"] = { text.number, 0.01, 86400, "seconds", 1 },
  ["memory-limit"] = { text.integer, 16, 1048576, "memory", 1 },
  ["command-limit"] = { text.number, 0, 1e7, "command", 1 },
}

-- Sets the budget from its options, wherever they are in args; returns
-- the other arguments.
local function set_limits(args)
  local rest, limits = {}, {}
  local i = 1
  while i <= #args do
    local a = args[i]
    local name, value = a:match("^%-%-([%w%-]+)=(.*)$")
    name = name or a:match("^%-%-([%w%-]+)$")
    local limit = LIMITS[name]
    if limit then
      if not value then
        i = i + 1
        value = args[i]
      end
      if value == nil then common.usage_error("--%s needs a value", name) end
      local read, min, max, key, unit = table.unpack(limit)
      local n, err = read(value, min, max)
      if not n then
        common.usage_error("--%s %s: %s", name, text.quote(value), err)
      end
      limits[key] = math.tointeger(n * unit) or n * unit
    else
      rest[#rest + 1] = a
    end
    i = i + 1
  end
  host.budget(limits)
  -- the whole command is one unit of work, unless it starts smaller ones
  -- (a move, a game, a request: wargrid.ai and the hosts that play)
  host.budget { unit = "command", default = 600, spent = 0 }
  return rest
end

-- Runs fn(); an error it raises is told in one line, with the exit status
-- common.failure gives it.
local function protected(fn)
  local ok, rc = xpcall(fn, traced)
  if ok then return rc end
  local status, msg = common.failure(rc)
  io.stderr:write("wargrid: ", msg, "\n")
  return status
end

-- cli.main(args [, input, output]) -> exit status
function cli.main(args, input, output)
  local set, others = pcall(set_limits, args)
  if not set then
    io.stderr:write("wargrid: ", select(2, common.failure(others)), "\n")
    return 2
  end
  args = others
  local name = args[1]
  local rest = table.move(args, 2, #args, 1, {})
  if name == "--version" then
    print("wargrid " .. require "wargrid.version")
    return 0
  end
  if name == "help" and rest[1] == "variants" then
    return protected(function()
      return require("wargrid.cli.variants").run(table.move(rest, 2, #rest,
                                                            1, {}))
    end)
  end
  if name == nil or name == "--help" or name == "-h" or name == "help" then
    local c = name == "help" and rest[1] and command(rest[1])
    local says = c and c.help
    if type(says) == "function" then says = says() end
    print(says or usage())
    return name == nil and 2 or 0
  end
  local known = false
  for _, c in ipairs(COMMANDS) do known = known or c[1] == name end
  if not known then
    io.stderr:write(string.format("wargrid: unknown command %s "
                                  .. "(see 'wargrid --help')\n",
                                  text.quote(name)))
    return 2
  end
  return protected(function()
    return command(name).run(rest, input, output)
  end)
end

return cli
