-- A Trenches house rule: a tank's protected squares stop grenades in flight
-- (T-G2 read strictly), and a soldier may not throw back onto the square it
-- just left (T-G3 the other way). Play it with
--   build/wargrid play --variant examples/variants/trenches_barrage.lua
local wg = require "wargrid"
return wg.variant("trenches", {
  name = "trenches_barrage",
  title = "Game of Trenches (barrage house rule)",
  grenade = { protected_stops = true, onto_origin = false },
})
