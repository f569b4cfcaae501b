-- Wehrschach on 13x13: the project's setup centred, one rank in from each
-- edge (Red on ranks 2-4), the mainlines on ranks 4 and 10, point-symmetric
-- seas on b6 and l8, and the main road along the g-file from headquarter to
-- headquarter. The river stays on the long diagonal, a13-m1: it meets the
-- road on g7.
local wg = require "wargrid"
return wg.variant("wehrschach", {
  name = "wehrschach_13x13",
  title = "Wehrschach (13x13)",
  board = { files = 13, ranks = 13, layers = {
    road = { squares = function(_, _, f) return f == 7 end, mark = "|" },
    sea = { squares = { "b6", "l8" } },
  } },
  mainlines = { 4, 10 },
  start = "13/2f1b1h1b1f2/2a1a1t1a1a2/2iiti1itii2/13/13/13/13/13/"
          .. "2IITI1ITII2/2A1A1T1A1A2/2F1B1H1B1F2/13 r -",
})
