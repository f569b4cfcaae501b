-- The generic AI (no game-specific code: the alpha-beta search at the
-- game's level 1, or MCTS with a fixed budget a decision) against a
-- uniformly random player: at least 95 wins in 100 seeded games of each
-- game (Block Wars 90), playing each side in turn.
local T = require "wargrid.test"
local ai = require "wargrid.ai"
local selfplay = require "wargrid.selfplay"

-- game, player (ai.player's), the wins it must have. Amazons and Trenches
-- keep MCTS: their alpha-beta evaluates every node with a breadth-first
-- count of territory, dearer than a few MCTS playouts ending on it. Block
-- Wars' fights are decided by cards, so a random player wins some, and a
-- few games reach the turn limit: over 400 games (`wargrid selfplay
-- blockwars --white mcts:100 --black random --pairs --games 400 --seed
-- 101`) mcts:100 won 366, 13 lost, and with the hand-set weights 374, 9.
local GAMES = {
  { "amazons", "mcts:50" },
  { "blockwars", "mcts:100", 90 },
  { "courier", "level:1" },
  { "trenches", "mcts:50" },
  { "wehrschach", "level:1" },
}

-- The AI plays side i % 2 + 1 of game i against the random player, game i
-- with seed 1000 + i (repeatable); returns its wins.
local function ai_wins(name, spec, games)
  local game = T.game(name)
  local player = assert(ai.player(spec))
  local wins = 0
  for i = 0, games - 1 do
    local side = i % 2 + 1
    local players = { ai.random, ai.random }
    players[side] = player
    local rec = selfplay.play(game, players, i, 1000 + i, 1000)
    if rec.winner == side then wins = wins + 1 end
  end
  return wins
end

describe("ai: against random play", function()
  for _, g in ipairs(GAMES) do
    local name, spec, least = g[1], g[2], g[3] or 95
    it(string.format("wins at least %d of 100 games of %s (%s)", least, name,
                     spec), function()
      local wins = ai_wins(name, spec, 100)
      assert.is_true(wins >= least, wins .. " wins")
    end)
  end
end)
