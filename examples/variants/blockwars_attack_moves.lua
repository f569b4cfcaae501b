-- Block Wars where an attack always moves first (BW-A3 read strictly, one
-- of the three rulings blockwars_strict.lua changes): e4xf5 from where the
-- infantry stands is no longer an action; e4e5xf6 still is.
local wg = require "wargrid"
return wg.variant("blockwars", {
  name = "blockwars_attack_moves",
  attack_in_place = false,
})
