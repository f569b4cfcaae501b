-- Seeded random Block Wars games for the specs blockwars_games*_spec.lua,
-- which share the 10,000 games between them so that tests/run plays them on
-- both cores. Every rule option and both setups take turns. At every step
-- no unit is lost: each is on the board, in reserve, a casualty, or (while
-- placing) still to be placed; and each game ends with a result.
local T = require "wargrid.test"
local wg = require "wargrid"

local bw = T.game "blockwars"
local games = {
  bw,
  bw:with_options { "crosses" },
  bw:with_options { "aces", "setup=standard" },
  bw:with_options { "crosses", "aces", "setup=standard" },
}

local M = {}

-- M.play(first, last) -> { [0] = draws, canadian wins, german wins,
-- actions = n, reasons = { text = n } }; raises on a lost unit or a game
-- that does not end.
function M.play(first, last)
  local st = bw.status
  local totals
  local function census(s)
    if s:npieces() ~= totals.n then error("pieces were added or dropped") end
    for side = 1, 2 do
      local off = s:offboard(side)
      local known = s:offboard(side, nil, st.field, st.reserve)
                    + s:offboard(side, nil, st.field, st.lost)
                    + s:offboard(side, nil, st.field, st.waiting)
      if off ~= known then
        error(string.format("%d %s units are off the board but neither in reserve, lost nor "
                            .. "waiting: %s", off - known, bw.sides[side], bw:position_text(s)))
      end
      if s:count(side) + off ~= totals[side] then error("a unit went missing") end
    end
  end
  local out = { [0] = 0, 0, 0, actions = 0, reasons = {} }
  for i = first, last do
    local game = games[i % #games + 1]
    local s = game:new(nil, i)
    totals = { s:count(1) + s:offboard(1), s:count(2) + s:offboard(2), n = s:npieces() }
    census(s)
    local n, ended = wg.playout(game, s, i * 2654435761, 100000, census)
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
  for reason, k in pairs(r.reasons) do parts[#parts + 1] = reason .. " " .. k end
  table.sort(parts)
  return string.format("%d games, %.1f actions a game: Canadians %.1f%%, Germans %.1f%%, "
                       .. "draws %.1f%% (%s)", games_played, r.actions / games_played,
                       100 * r[1] / games_played, 100 * r[2] / games_played,
                       100 * r[0] / games_played, table.concat(parts, ", "))
end

return M
