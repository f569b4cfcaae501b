-- wargrid.cli.suggest: `wargrid suggest`, what the AI would play.
local ai = require "wargrid.ai"
local common = require "wargrid.cli.common"
local text = require "wargrid.text"

local M = {}

M.suggest = {
  help = [[
usage: wargrid suggest GAME [--position P] [--ai-level L] [--seconds S]
                       [--nodes N | --iterations N] [--threads T] [--seed N]
                       [--option K=V] [--variant FILE]

Runs the AI on a position (default: the start) and prints the action it
would take, then how the search went. The budget is a level of the game's
own search (1..5, default 3), or seconds; --nodes N runs the alpha-beta
search for N nodes, --iterations N the Monte Carlo tree search for N
iterations, whatever the game's own. --threads T searches alpha-beta in T
processes sharing one table (for the game's own search when it is
alpha-beta, or with --nodes).

Alpha-beta tells the depth it completed (and the deepest ply it looked at),
nodes, time, nodes per second, the score for the side to act (in the units
of the game's evaluation, or a win or loss in so many actions) and the
actions it expects. Monte Carlo tells iterations, time, iterations per
second, tree nodes and depth, and the chosen action's mean reward (from 0,
a sure loss, to 1, a sure win).]],
}

-- A positive number of seconds, or a usage error quoting what was given.
local function positive(opts, key)
  local v, err = text.number(opts[key], 0.001, 1e6)
  if not v then
    common.usage_error("suggest: --%s %s: %s", key, text.quote(opts[key]), err)
  end
  return v
end

-- How to search, from the options: ai.think's options, and the search to
-- force ("mcts", "alphabeta") or nil for the game's own.
local function budget_of(opts, seed)
  local o = { seed = seed }
  if opts.threads then
    o.threads = common.integer("suggest", "--threads", opts.threads, 1, 16)
  end
  if opts.seconds then o.seconds = positive(opts, "seconds") end
  if opts.nodes and opts.iterations then
    common.usage_error("suggest: give --nodes (alpha-beta) or --iterations "
                       .. "(Monte Carlo), not both")
  end
  if opts.nodes then
    o.budget = common.integer("suggest", "--nodes", opts.nodes, 1)
    return o, "alphabeta"
  elseif opts.iterations then
    o.budget = common.integer("suggest", "--iterations", opts.iterations, 1)
    return o, "mcts"
  elseif not o.seconds then
    o.level = common.integer("suggest", "--ai-level",
                             opts["ai-level"] or tostring(ai.DEFAULT_LEVEL),
                             1)
    if not ai.LEVELS[o.level] then
      common.usage_error("suggest: --ai-level must be 1 to %d", #ai.LEVELS)
    end
  end
  return o, nil
end

local function texts(game, s, actions)
  local out, m = {}, s:mark()
  for i, a in ipairs(actions) do
    out[i] = game:action_text(s, a)
    game:play(s, a)
  end
  s:undo(m)
  return table.concat(out, " ")
end

local read_options = common.options("suggest", {
  position = "value", ["ai-level"] = "value", iterations = "value",
  nodes = "value", seconds = "value", seed = "value", threads = "value",
  option = "list", variant = "value" }, M.suggest.help)

-- The game and the position to search (default: the start); the seed of
-- the search, which also starts the position's chance.
local function load_position(c)
  c.game = common.load_game("suggest", c.pos, c.opts)
  common.no_more("suggest", c.pos, c.opts)
  c.seed = common.integer("suggest", "--seed", c.opts.seed or "1")
  c.s = common.start(c.game, c.opts, c.seed)
end

-- The search the options ask for, as one move of the budget: the action
-- it chose and how it went. A game that is over has none: that ends it.
local function search(c)
  local game, s, seed = c.game, c.s, c.seed
  local o, kind = budget_of(c.opts, seed)
  require("wargrid.host").budget { unit = "move", default = 60, spent = 0 }
  if kind == "alphabeta" then
    c.action, c.st = ai.alphabeta(game, s, { nodes = o.budget,
                                             seconds = o.seconds,
                                             threads = o.threads })
  elseif kind == "mcts" then
    c.action, c.st = ai.mcts(game, s, { iterations = o.budget,
                                        seconds = o.seconds, seed = seed })
  else
    c.action, c.st = ai.think(game, s, o)
  end
  if not c.action then
    io.stderr:write("the game is over: ", game:outcome(s).text, "\n")
    return 0
  end
end

-- The action chosen, in the game's notation.
local function print_action(c)
  print(c.game:action_text(c.s, c.action))
end

-- How alpha-beta went: depth, nodes, speed, processes, the score (or the
-- win or loss it sees) and the actions it expects.
local function print_alphabeta(c, st, per_second)
  local n = st.win and math.abs(st.win)
  local plies = n and string.format("%d action%s", n, n == 1 and "" or "s")
  local score = st.score and string.format("score %+.2f", st.score)
                or (st.win > 0 and "a win in " or "a loss in ") .. plies
  common.printf("depth %d (%d selective), %d nodes in %.3f s (%.0f/s), "
                .. "%d %s, %s\n", st.depth, st.seldepth, st.nodes,
                st.seconds, st.nodes * per_second, st.threads,
                st.threads == 1 and "process" or "processes", score)
  if #st.pv > 0 then
    common.printf("expects %s\n", texts(c.game, c.s, st.pv))
  end
end

-- How the search went, by its kind: alpha-beta's, or Monte Carlo's
-- iterations, speed, tree and the chosen action's mean reward.
local function print_search(c)
  local st = c.st
  local per_second = 1 / math.max(st.seconds, 1e-9)
  if st.kind == "alphabeta" then
    print_alphabeta(c, st, per_second)
  else
    common.printf("%d iterations in %.3f s (%.0f/s), %d nodes, depth %d, "
                  .. "value %.3f\n", st.iterations, st.seconds,
                  st.iterations * per_second, st.nodes, st.depth, st.value)
  end
end

M.suggest.run = common.steps {
  read_options,
  load_position,
  search,
  print_action,
  print_search,
}

return M
