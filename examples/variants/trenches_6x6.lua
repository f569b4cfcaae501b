-- A short Game of Trenches on 6x6, two soldiers and two tanks a side:
-- Light soldiers b1, e1 and tanks c2, d2; Dark mirrored on ranks 5-6.
-- Light moves first; the winner's score (T-E2) runs from 0 to 4.
local wg = require "wargrid"
return wg.variant("trenches", {
  name = "trenches_6x6",
  title = "Game of Trenches (6x6)",
  board = { files = 6, ranks = 6 },
  start = "1s2s1/2tt2/6/6/2TT2/1S2S1 l",
})
