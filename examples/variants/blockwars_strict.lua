-- Block Wars read strictly: a barrage hits on 2-4 (the seed text's poison-gas
-- clause), a line of fire passing between two squares is stopped by either
-- of them, and an attack always moves first. Everything else is Block Wars.
local wg = require "wargrid"
return wg.variant("blockwars", {
  name = "blockwars_strict",
  barrage = { 2, 4 },
  attack_in_place = false,
  pieces = { machinegun = { fire = { corner = "either" } },
             tank = { fire = { corner = "either" } } },
})
