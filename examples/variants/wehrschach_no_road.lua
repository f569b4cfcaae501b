-- Wehrschach without the main road: a1-k11 is plain ground, so infantry
-- and tanks keep their own range everywhere (no W-M2).
local wg = require "wargrid"
return wg.variant("wehrschach", {
  name = "wehrschach_no_road",
  title = "Wehrschach (no main road)",
  board = {
    layers = { road = { squares = function() return false end } },
    legend = { "sea", "river", "mainline" },
  },
})
