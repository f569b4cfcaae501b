-- tests/records.lua: seeded random games and their records, for the
-- record and replay specs.
local ai = require "wargrid.ai"
local record = require "wargrid.record"
local replay = require "wargrid.replay"

local R = {}

-- R.game(game, seed, max [, breaks [, info]]) -> the record's text, the
-- index of the first action for which breaks(s, a) is true (s before it),
-- the number of actions, and that action's text in the game's notation. Random players, each choice from the seed;
-- a game still going after max actions is adjudicated a draw.
function R.game(game, seed, max, breaks, info)
  local s = assert(game:new(nil, seed))
  info = info or {}
  info.seed, info.date = seed, "2026.11.30"
  info.white, info.black = "random", "random"
  info.event = info.event or "test"
  local log = replay.log(game, info)
  local first, canon
  for i = 1, max do
    if game:legal(s):size() == 0 then break end
    local a = ai.random(game, s, seed * 7919 + i)
    if breaks and not first and breaks(s, a) then
      first, canon = i, game:action_text(s, a)
    end
    log:play(s, a)
  end
  local ending = game:outcome(s)
                 or { result = "1/2-1/2",
                      reason = "move limit of " .. max .. " actions" }
  return record.write(log:record(ending)), first, #log.entries, canon
end

return R
