-- Courier Army with a corporal that does not leap: the reading of C-P4 that
-- the project's RULING set aside. Its two diagonal steps need the middle
-- square empty.
local wg = require "wargrid"
return wg.variant("courier", {
  name = "courier_nonleaping",
  title = "Courier Army (non-leaping corporal)",
  pieces = { corporal = { moves = "nA" } },
})
