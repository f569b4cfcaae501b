-- The generic AI (MCTS with a fixed budget a decision, no game-specific code)
-- against a uniformly random player: at least 95 wins in 100 seeded games of
-- each game, playing each side in turn.
local T = require "wargrid.test"
local ai = require "wargrid.ai"
local selfplay = require "wargrid.selfplay"

-- game, MCTS iterations a decision
local GAMES = {
  { "amazons", 200 },
  { "blockwars", 100 },
  { "courier", 100 },
  { "trenches", 200 },
  { "wehrschach", 40 },
}

-- MCTS plays side i % 2 + 1 of game i against the random player, game i
-- with seed 1000 + i (repeatable); returns its wins.
local function mcts_wins(name, iterations, games)
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

describe("ai: MCTS against random play", function()
  for _, g in ipairs(GAMES) do
    local name, iterations = g[1], g[2]
    it(string.format("wins at least 95 of 100 games of %s (%d iterations)",
                     name, iterations), function()
      local wins = mcts_wins(name, iterations, 100)
      assert.is_true(wins >= 95, wins .. " wins")
    end)
  end
end)
