-- Position text of every built-in game. Input: "GAME\nTEXT". The text is
-- read by game:new; a position it accepts must write back (position_text)
-- as text that reads as the same state, and go on as a game does.
local F = require "fuzz"

local function run(input)
  local name, text = F.head(input)
  local game = F.game(name)
  if not game then return end
  local what = name .. " position " .. F.quote(text)
  local _, s = F.try(what, game.new, game, text)
  if not s then return end
  local _, written = F.try(what .. ": position_text", game.position_text,
                           game, s)
  local _, again, err = F.try(what .. ": reading its own text", game.new,
                              game, written)
  if not again then
    F.finding("%s is read, but the text it writes, %s, is refused: %s",
              what, F.quote(written), tostring(err))
  end
  if not again:equal(s) then
    F.finding("%s reads back from its text %s as another state", what,
              F.quote(written))
  end
  F.exercise(game, s, what, 20)
end

return { run = run }
