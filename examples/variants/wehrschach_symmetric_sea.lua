-- Wehrschach with point-symmetric seas: b5 and j7 instead of b5 and k7
-- (the note on W-B4: the text's seas are not symmetric).
local wg = require "wargrid"
return wg.variant("wehrschach", {
  name = "wehrschach_symmetric_sea",
  title = "Wehrschach (symmetric seas)",
  board = { layers = { sea = { squares = { "b5", "j7" } } } },
})
