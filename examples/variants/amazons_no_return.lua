-- The Game of the Amazons where an arrow may not land on, nor fly over, the
-- square its amazon has just left: that square counts as occupied for the
-- shot (T-G3 read the other way).
local wg = require "wargrid"
return wg.variant("amazons", {
  name = "amazons_no_return",
  title = "Game of the Amazons (no arrow through the square left)",
  grenade = { onto_origin = false },
})
