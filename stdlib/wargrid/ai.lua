-- wargrid.ai: the players a game can be given -- Monte Carlo tree search
-- (the runtime's, in C, with the game's Lua rules as callbacks) at a strength
-- level, and a uniformly random player.
--
-- A game may help the search, and works without help:
--   game:evaluate(s, side)  a score for side (material by default); used to
--                           end playouts early when the game declares
--                           ai = { playout_depth = N } (N random actions,
--                           0: evaluate the new node; and eval_scale, the
--                           score worth a 73% chance of winning), and
--                           ai.repetition = "draw" when repeating a position
--                           draws (the search then avoids it when ahead)
--   game:order(s, out)      reorders the legal actions at a node of the
--                           tree, most promising first: they are tried in
--                           that order (else at random); with
--                           ai.widen = true only the first of them at
--                           first, more as a node is visited (when the order
--                           is good and outcomes are noisy, as with cards)
--   game:view(s, side, seed)  the state as side knows it, the unknown drawn
--                           at random with seed: for a game with hidden
--                           information (game:hidden()), every iteration of
--                           the search starts from such a sample, so it never
--                           reads the true state
local core = require "wargrid.core"

local ai = {}

-- Strength levels: iterations per decision.
ai.LEVELS = { 50, 200, 800, 3000, 12000 }
ai.DEFAULT_LEVEL = 3

local function options(game, iterations, seed)
  local hints = game.def.ai or {}
  return {
    iterations = iterations,
    seed = seed,
    playout_depth = hints.playout_depth or -1,  -- none: play to the end
    eval_scale = hints.eval_scale,
    max_plies = hints.max_plies,
    explore = hints.explore,
    repetition_draw = hints.repetition == "draw",
    widen = hints.widen,
    hidden = game:hidden(),
  }
end

-- ai.mcts(game, s, { iterations =, seconds =, seed = }) -> action, stats
function ai.mcts(game, s, opts)
  local o = options(game, opts.iterations, opts.seed or 1)
  o.seconds = opts.seconds
  if opts.seconds and not opts.iterations then o.iterations = nil end
  return core.mcts(game, s, o)
end

-- ai.random(game, s, seed [, legal]) -> a uniformly random legal action,
-- or nil; legal: s's legal actions when the caller has them already
function ai.random(game, s, seed, legal)
  local out = legal or game:legal(s)
  if out:size() == 0 then return nil end
  local x = seed * 6364136223846793005 + s:hash()
  return out:get((x >> 33) % out:size() + 1)
end

-- ai.player(spec) -> a function(game, s, seed) returning an action, and a
-- name. spec: "random", "mcts" (the default level), "mcts:N" (N iterations),
-- or "level:L" (level 1..5).
function ai.player(spec)
  spec = spec or ("level:" .. ai.DEFAULT_LEVEL)
  if spec == "random" then
    return ai.random, "random"
  end
  local kind, n = spec:match("^(%a+):?(%d*)$")
  n = tonumber(n)
  local iterations
  if kind == "mcts" and (not n or n >= 1) then
    iterations = n or ai.LEVELS[ai.DEFAULT_LEVEL]
  elseif kind == "level" and n and ai.LEVELS[n] then
    iterations = ai.LEVELS[n]
  else
    return nil, string.format("%s is not a player: random, mcts, mcts:N "
                              .. "or level:1..%d",
                              require("wargrid.text").quote(spec),
                              #ai.LEVELS)
  end
  return function(game, s, seed)
    return (ai.mcts(game, s, { iterations = iterations, seed = seed }))
  end, "mcts:" .. iterations
end

-- ai.choose(game, s, opts) -> action: the built-in opponent of `play`.
-- opts.level (1..5, default 3), opts.seed.
function ai.choose(game, s, opts)
  opts = opts or {}
  local player = ai.player("level:" .. (opts.level or ai.DEFAULT_LEVEL))
  return player(game, s, opts.seed or 1)
end

return ai
