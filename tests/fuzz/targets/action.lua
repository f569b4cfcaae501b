-- Action text. Input: "GAME\nPLIES\nTEXT": the state is the game's start
-- after PLIES (0 to 199) seeded random actions, and the text is read by
-- game:parse_action and game:explain, which must agree; an action they
-- accept is played.
local F = require "fuzz"
local wg = require "wargrid"

local states = {}  -- "game/plies" -> state, made once

local function state(game, name, plies)
  local key = name .. "/" .. plies
  if not states[key] then
    local s = game:new()
    F.try(key .. ": playout", wg.playout, game, s, plies, plies)
    states[key] = s
  end
  return states[key]:copy()
end

local function run(input)
  local name, rest = F.head(input)
  local game = F.game(name)
  if not game then return end
  local plies, text = F.head(rest)
  plies = plies:match("^%d%d?%d?$") and tonumber(plies)
  if not plies or plies > 199 then return end
  local s = state(game, name, plies)
  local what = string.format("%s after %d plies, action %s", name, plies,
                             F.quote(text))
  local _, a = F.try(what .. ": parse_action", game.parse_action, game, s,
                     text)
  local _, e = F.try(what .. ": explain", game.explain, game, s, text)
  if type(e) ~= "table" or (e.legal and e.action or nil) ~= a then
    F.finding("%s: parse_action gives %s, explain %s", what, tostring(a),
              type(e) == "table" and tostring(e.legal and e.action) or "?")
  end
  if a then
    F.try(what .. ": play", game.play, game, s, a, {})
    F.try(what .. ": legal actions after it", game.legal, game, s)
  end
end

return { run = run }
