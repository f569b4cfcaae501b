-- scales with a silver, worth two pawns by the truth that decides the game
-- but declared at one: `wargrid tune` fits its worth alone, the pawn's and
-- the gold's inherited from the base.
local wg = require "wargrid"

return wg.variant("scales", {
  name = "scales_silver",
  pieces = { silver = { letter = "s", moves = "mK", value = 1 } },
  truth = { silver = 2 },
  start = "gssg/1pp1/4/1PP1/GSSG w",
})
