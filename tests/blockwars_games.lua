-- Seeded random Block Wars games for the specs blockwars_games*_spec.lua,
-- which share the 10,000 games between them so that tests/run plays them on
-- both cores, and for blockwars_variants_spec.lua. Every rule option and
-- both setups take turns. At every step no unit is lost: each is on the
-- board, in reserve, a casualty, or (while placing) still to be placed; the
-- 52 cards are all there, each once, in the decks, the turned cards and
-- those face up in a combat (BW-C6), and a card face up in a combat stays
-- face up until the combat is resolved; and each game ends with a result.
local T = require "wargrid.test"
local wg = require "wargrid"

local M = {}

-- The game in its four settings: every option, both setups.
function M.settings(game)
  return {
    game,
    game:with_options { "crosses" },
    game:with_options { "aces", "setup=standard" },
    game:with_options { "crosses", "aces", "setup=standard" },
  }
end

-- M.checker(game, s) -> the function wg.playout calls after each action
-- (and once before, with the start), raising on a broken invariant.
function M.checker(game, s)
  local st = game:status()
  local totals = { s:count(1) + s:offboard(1), s:count(2) + s:offboard(2),
                   n = s:npieces() }
  local decks = {}
  for _, d in pairs(game.D) do decks[#decks + 1] = d end
  local showing = {}
  return function(state)
    if state:npieces() ~= totals.n then
      error("pieces were added or dropped")
    end
    for side = 1, 2 do
      local off = state:offboard(side)
      local known = state:offboard(side, nil, st.field, st.reserve)
                    + state:offboard(side, nil, st.field, st.lost)
                    + state:offboard(side, nil, st.field, st.waiting)
      if off ~= known then
        error(string.format("%d %s units are off the board but neither in "
                            .. "reserve, lost nor waiting: %s", off - known,
                            game.sides[side], game:position_text(state)))
      end
      if state:count(side) + off ~= totals[side] then
        error("a unit went missing")
      end
    end
    -- BW-S4 BW-C6 every card once: four of each value, 2 to Ace
    local count = {}
    for _, d in ipairs(decks) do
      for _, card in ipairs(state:cards(d)) do
        count[card] = (count[card] or 0) + 1
      end
    end
    for v = 2, 14 do
      if count[v] ~= 4 then
        error(string.format("%d cards of value %d: %s", count[v] or 0, v,
                            game:position_text(state)))
      end
    end
    -- BW-C6 the cards face up in a combat only grow until it is resolved:
    -- none is gathered, so none is turned twice
    local now = state:cards(game.D.showing)
    if #now > 0 then
      for i, card in ipairs(showing) do
        if now[i] ~= card then
          error("a card face up in a combat left it before it was resolved: "
                .. game:position_text(state))
        end
      end
    end
    showing = now
  end
end

-- M.play(first, last [, game]) -> { [0] = draws, canadian wins, german
-- wins, actions = n, reasons = { text = n } }; raises on a broken invariant
-- or a game that does not end.
function M.play(first, last, base)
  local games = M.settings(base or T.game "blockwars")
  local out = { [0] = 0, 0, 0, actions = 0, reasons = {} }
  for i = first, last do
    local game = games[i % #games + 1]
    local s = game:new(nil, i)
    local check = M.checker(game, s)
    check(s)
    local n, ended = wg.playout(game, s, i * 2654435761, 100000, check)
    if not ended then error("game " .. i .. " did not end") end
    out.actions = out.actions + n
    local winner, reason = game:result(s)
    out[winner] = out[winner] + 1
    out.reasons[reason] = (out.reasons[reason] or 0) + 1
  end
  return out
end

-- One line of results, for the spec's output.
function M.summary(r, games_played)
  local parts = {}
  for reason, k in pairs(r.reasons) do
    parts[#parts + 1] = reason .. " " .. k
  end
  table.sort(parts)
  return string.format("%d games, %.1f actions a game: Canadians %.1f%%, "
                       .. "Germans %.1f%%, draws %.1f%% (%s)", games_played,
                       r.actions / games_played, 100 * r[1] / games_played,
                       100 * r[2] / games_played, 100 * r[0] / games_played,
                       table.concat(parts, ", "))
end

return M
