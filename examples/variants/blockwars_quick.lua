-- Block Wars without the placement phase (BW-S3): both armies start on the
-- standard setup's squares, and the Germans take the first turn.
local wg = require "wargrid"
return wg.variant("blockwars", {
  name = "blockwars_quick",
  phases = { place = false },
  options = { setup = false },
})
