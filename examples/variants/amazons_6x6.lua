-- The Game of the Amazons on 6x6, four amazons a side: White a2, c1, d1,
-- f2; Black a5, c6, d6, f5. White moves first. An action is a queen move
-- and an arrow, c1-c4/e4; x is a burnt square.
local wg = require "wargrid"
return wg.variant("amazons", {
  name = "amazons_6x6",
  title = "Game of the Amazons (6x6)",
  board = { files = 6, ranks = 6 },
  start = "2qq2/q4q/6/6/Q4Q/2QQ2 w",
})
