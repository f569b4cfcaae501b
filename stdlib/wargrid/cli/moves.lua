-- wargrid.cli.moves: `wargrid moves`, the legal actions of a position.
local common = require "wargrid.cli.common"

local M = {}

M.moves = {
  help = [=[
usage: wargrid moves GAME [--position P] [--seed N] [--option NAME[=VALUE]]
                          [--variant FILE]

Prints the legal actions (or the decision to take) in the game's notation,
one per line, sorted. With no --position, the game's start position; --seed
starts its random generator (default 0). When the game is over, prints
nothing and tells the result on stderr.]=],
}

function M.moves.run(args)
  local pos, opts = common.parse("moves", args, {
    position = "value", variant = "value", seed = "value", option = "list" })
  if opts.help then print(M.moves.help) return 0 end
  local game = common.load_game("moves", pos, opts)
  common.no_more("moves", pos, opts)
  local s = common.start(game, opts, opts.seed
                         and common.integer("moves", "--seed", opts.seed))
  local texts = game:action_texts(s)
  for _, t in ipairs(texts) do print(t) end
  if #texts == 0 then
    io.stderr:write("no legal actions: ", game:outcome(s).text, "\n")
  end
  return 0
end

return M
