-- wargrid.cli.xboard: `wargrid xboard` and `wargrid uci`, the game as an
-- engine that XBoard, Fairy-Stockfish's tools and other GUIs can drive.
local ai = require "wargrid.ai"
local common = require "wargrid.cli.common"
local engine = require "wargrid.engine"

local M = {}

-- The games found (loader.list) that load, in the list's order.
local function found()
  local loader = require "wargrid.loader"
  local games = {}
  for _, name in ipairs(loader.list()) do
    local ok, game = pcall(loader.load, name)
    if ok then games[#games + 1] = game end
  end
  return games
end

-- Which games the engines play, asked of each game found (engine.xboard):
-- as XBoard's own variant its declaration names, as `variant fairy`, or
-- not, and why.
local function playable()
  local lines = { [[
Games XBoard can play: a game that declares it is one of XBoard's own
variants (its declaration's engine.variant), and any game whose actions are
plain moves of pieces with Betza moves, as `variant fairy` with the `setup`
and `piece` commands XBoard 4.9 reads. For the others the command says why,
and exits 2. The games found:]] }
  for _, game in ipairs(found()) do
    local xb, why = engine.xboard(game)
    local says = xb and (xb.variant == "fairy" and "variant fairy"
                         or "XBoard's " .. xb.variant)
                 or "no: " .. why:gsub("^.-: ", "", 1)
    lines[#lines + 1] = require("wargrid.help").wrap(game.name .. ": "
                                                     .. says, "      ", "  ")
  end
  return table.concat(lines, "\n")
end

-- engine.LINE_MAX; engine.MAX_SECONDS, ai.MAX_DEPTH, ai.MAX_BUDGET
local INPUT = [[
A line is at most 1 MiB (the moves of a 2000-ply game are some 10 KB): a
longer one is answered with an error, and the rest of it is skipped.
Limits beyond what a search takes are held to its most: 10^6 seconds,
depth 96, 10^9 nodes; a negative depth, node count or increment is
refused with an error.]]

M.xboard = {
  help = function() return [[
usage: wargrid xboard [GAME | --variant FILE] [--option K=V] [--level L]
                      [--seed N]

Plays GAME as an engine under the Chess Engine Communication Protocol,
version 2, on standard input and output: for XBoard, e.g.
  xboard -variant VARIANT -fcp "wargrid xboard GAME"
(VARIANT is XBoard's name of the game, as the list below says). Without
GAME it offers every game below that XBoard can play, the first until
XBoard's variant command names another.
The engine thinks as long as the clock (level, st, time) allows; with
--level L (1..5) at most as long as that level of the built-in AI would.
It hears commands as it thinks: ? makes it move at once, and force, new,
undo, quit and the like end the search at once; analyze goes on until a
command other than . or ping comes.
Moves are coordinate moves (a2a4, b7b8f); an illegal move is answered
"Illegal move (RULE-ID reason): MOVE", as `wargrid why` tells it.

]] .. INPUT .. "\n\n" .. playable() end,
}

M.uci = {
  help = function() return [[
usage: wargrid uci [GAME | --variant FILE] [--option K=V] [--level L]
                   [--seed N]

Plays GAME as a UCI engine on standard input and output, with the
UCI_Variant option as Fairy-Stockfish has it (a game that is one of its
own variants goes by that variant's name); without GAME it offers every
game below that UCI can play, the first until UCI_Variant names another.
Options: Level (0: by the clock alone, 1..5 the built-in AI's levels,
which cap every search but an infinite one) and Ponder. go takes wtime,
btime, winc, binc, movestogo, movetime, depth (alone: as deep as that,
however long), nodes, searchmoves (the moves to choose among), ponder
(until ponderhit, then on the clock, or stop) and infinite (until stop).
While it searches, isready is answered at once, and stop or quit (or any
other command, carried out after bestmove) ends the search at once.

]] .. INPUT .. "\n\n" .. playable() end,
}

-- The games an engine offers: the one named (GAME or --variant FILE),
-- which must be one XBoard can play, or with none every game found that
-- it can play (a GUI names no game: UCI_Variant, or CECP's variant,
-- chooses among them).
local function offered(cmd, pos, opts)
  if opts.variant or pos[1] then
    local game = common.load_game(cmd, pos, opts)
    local ok, why = engine.xboard(game)
    if not ok then common.usage_error("%s: %s", cmd, why) end
    return { game }
  end
  local games = {}
  for _, game in ipairs(found()) do
    if engine.xboard(game) then
      games[#games + 1] = game:with_options(opts.option)
    end
  end
  if not games[1] then
    common.usage_error("%s: no game found that XBoard or UCI can play "
                       .. "(see 'wargrid %s --help')", cmd, cmd)
  end
  return games
end

local function run(cmd, protocol, args)
  local pos, opts = common.parse(cmd, args, {
    variant = "value", option = "list", level = "value", seed = "value" })
  if opts.help then print(M[cmd].help()) return 0 end
  local named = opts.variant ~= nil or pos[1] ~= nil
  local games = offered(cmd, pos, opts)
  common.no_more(cmd, pos, opts)
  local level = opts.level and common.integer(cmd, "--level", opts.level, 1,
                                              #ai.LEVELS)
  local seed = common.integer(cmd, "--seed", opts.seed or "1")
  io.stdout:setvbuf("line")
  -- each line sent is one line: a line break or other control character
  -- in a text of the game's (a reason, a name, a position) is a blank
  return require(protocol).run(games, { level = level, seed = seed,
                                        named = named },
                               engine.stdin(), function(line)
                                 io.stdout:write((line:gsub("%c", " ")),
                                                 "\n")
                                 io.stdout:flush()
                               end)
end

function M.xboard.run(args) return run("xboard", "wargrid.cecp", args) end
function M.uci.run(args) return run("uci", "wargrid.uci", args) end

return M
