-- wargrid.cli.suggest: `wargrid suggest`, what the AI would play.
local ai = require "wargrid.ai"
local common = require "wargrid.cli.common"
local text = require "wargrid.text"

local M = {}

M.suggest = {
  help = [[
usage: wargrid suggest GAME [--position P] [--ai-level L] [--iterations N]
                       [--seconds S] [--seed N] [--option K=V] [--variant FILE]

Runs the AI on a position (default: the start) and prints the action it
would take, then how the search went: iterations, time, iterations per
second, tree nodes and depth, and the chosen action's mean reward (from 0,
a sure loss, to 1, a sure win). The budget is a level (1..5, default 3),
a number of iterations, or seconds.]],
}

-- The search's budget from --seconds, --iterations or --ai-level.
local function budget_of(opts, seed)
  local budget = { seed = seed }
  if opts.seconds then
    local err
    budget.seconds, err = text.number(opts.seconds, 0.001, 1e6)
    if not budget.seconds then
      common.usage_error("suggest: --seconds %s: %s", text.quote(opts.seconds),
                         err)
    end
  end
  if opts.iterations then
    budget.iterations = common.integer("suggest", "--iterations",
                                       opts.iterations, 1)
  elseif not budget.seconds then
    local level = common.integer("suggest", "--ai-level",
                                 opts["ai-level"]
                                 or tostring(ai.DEFAULT_LEVEL), 1)
    if not ai.LEVELS[level] then
      common.usage_error("suggest: --ai-level must be 1 to %d", #ai.LEVELS)
    end
    budget.iterations = ai.LEVELS[level]
  end
  return budget
end

function M.suggest.run(args)
  local pos, opts = common.parse("suggest", args, {
    position = "value", ["ai-level"] = "value", iterations = "value",
    seconds = "value", seed = "value", option = "list", variant = "value" })
  if opts.help then print(M.suggest.help) return 0 end
  local game = common.load_game("suggest", pos, opts)
  common.no_more("suggest", pos, opts)
  local seed = common.integer("suggest", "--seed", opts.seed or "1")
  local s = common.start(game, opts, seed)
  local a, st = ai.mcts(game, s, budget_of(opts, seed))
  if not a then
    io.stderr:write("no legal actions: ", game:outcome(s).text, "\n")
    return 0
  end
  print(game:action_text(s, a))
  common.printf("%d iterations in %.3f s (%.0f/s), %d nodes, depth %d, "
                .. "value %.3f\n", st.iterations, st.seconds,
                st.iterations / math.max(st.seconds, 1e-9), st.nodes,
                st.depth, st.value)
  return 0
end

return M
