-- The Game of Trenches on 12x12: the project's setup (T-S1) spread over the
-- larger board. Light soldiers a4, e1, h1, l4 and tanks c2, j2, f3, g3;
-- Dark mirrored on ranks 9-12. Light moves first.
local wg = require "wargrid"
return wg.variant("trenches", {
  name = "trenches_12x12",
  title = "Game of Trenches (12x12)",
  board = { files = 12, ranks = 12 },
  start = "4s2s4/2t6t2/5tt5/s10s/12/12/12/12/S10S/5TT5/2T6T2/4S2S4 l",
})
