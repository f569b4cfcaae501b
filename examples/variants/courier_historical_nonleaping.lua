-- Historical Courier chess with a corporal that does not leap: its two
-- diagonal steps need the middle square empty (C-P4 read the other way, as
-- courier_nonleaping.lua reads it for Courier Army).
local wg = require "wargrid"
return wg.variant("courier_historical", {
  name = "courier_historical_nonleaping",
  title = "Courier chess (historical, non-leaping corporal)",
  pieces = { corporal = { moves = "nA" } },
})
