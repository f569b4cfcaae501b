-- Wehrschach in sudden death: a judgement wins at once, with no reply
-- (W-J6 dropped): play goes straight on to the decided game.
local wg = require "wargrid"
return wg.variant("wehrschach", {
  name = "wehrschach_sudden_death",
  title = "Wehrschach (sudden death)",
  phases = { reply = false,
             decided = { help = "the game is over: the judge wins" } },
})
