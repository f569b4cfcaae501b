-- tests/versus_random.lua: the AI against a uniformly random player, for the
-- per-game specs tests/spec/ai_vs_random_*_spec.lua (one file a game, so
-- tests/run plays them two at a time).
local T = require "wargrid.test"
local ai = require "wargrid.ai"
local selfplay = require "wargrid.selfplay"

-- MCTS with a fixed budget plays each side in turn against the random
-- player, with fixed seeds (repeatable); returns the MCTS wins.
return function(name, iterations, games)
  local game = T.game(name)
  local mcts = ai.player("mcts:" .. iterations)
  local wins = 0
  for i = 0, games - 1 do
    local side = i % 2 + 1
    local players = { ai.random, ai.random }
    players[side] = mcts
    local rec = selfplay.play(game, players, i, 1000 + i, 1000)
    if rec.winner == side then wins = wins + 1 end
  end
  return wins
end
