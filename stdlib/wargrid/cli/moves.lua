-- wargrid.cli.moves: `wargrid moves`, the legal actions of a position.
local json = require "wargrid.json"
local common = require "wargrid.cli.common"

local M = {}

M.moves = {
  help = [=[
usage: wargrid moves GAME [--position P] [--seed N] [--option NAME[=VALUE]]
                          [--variant FILE] [--json]
Prints the legal actions (or the decision to take) in the game's notation,
one per line, sorted. With no --position, the game's start position; --seed
starts its random generator (default 0). When the game is over, prints
nothing and tells the result on stderr.
--json prints one object instead:
  {"game": NAME, "position": TEXT, "side": the side deciding,
   "actions": [ACTION, ...],
   "groups": [{"name": "a2" (a piece's square) or a label ("pass"),
               "piece": true or false, "actions": [ACTION, ...]}, ...],
   "outcome": {"winner": 0 (a draw), 1 or 2, "reason": TEXT,
               "text": TEXT} (only when the game is over)}]=],
}

function M.moves.run(args)
  local pos, opts = common.parse("moves", args, {
    position = "value", variant = "value", seed = "value", option = "list",
    json = "flag" })
  if opts.help then print(M.moves.help) return 0 end
  local game = common.load_game("moves", pos, opts)
  common.no_more("moves", pos, opts)
  local s = common.start(game, opts, opts.seed
                         and common.integer("moves", "--seed", opts.seed))
  local texts = game:action_texts(s)
  local outcome = #texts == 0 and game:outcome(s) or nil
  if opts.json then
    local groups = {}
    for i, g in ipairs(game:action_groups(s)) do
      groups[i] = { name = g.name, piece = g.square, actions = g.texts }
    end
    print(json.encode {
      game = game.name, position = game:position_text(s),
      side = game:side_name(s:decider()), actions = texts, groups = groups,
      outcome = outcome and { winner = outcome.winner,
                              reason = outcome.reason, text = outcome.text },
    })
    return 0
  end
  for _, t in ipairs(texts) do print(t) end
  if outcome then
    io.stderr:write("no legal actions: ", outcome.text, "\n")
  end
  return 0
end

return M
