-- Block Wars on a deeper field: 8 files and 10 ranks, No Man's Land on
-- ranks 4-7 with the wire along its two edges, the Germans on ranks 8-10
-- (their back rank 10). Everything else is Block Wars.
local wg = require "wargrid"
return wg.variant("blockwars", {
  name = "blockwars_wide",
  board = { ranks = 10 },
  no_mans_land = { 4, 5, 6, 7 },
  wire = { { 3, 4 }, { 7, 8 } },
  armies = { germans = { ranks = { 10, 9, 8 } } },
  standard = "2iiii2/2iiii2/iimiimii/8/8/8/8/IIIIMIII/IIII4/IIII4",
})
