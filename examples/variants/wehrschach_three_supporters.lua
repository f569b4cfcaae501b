-- Wehrschach where a capture needs three threatening pieces, not two
-- (W-K1), and a barrage three artillery (W-K3): a designer's change whose
-- balance `wargrid compare` answers.
local wg = require "wargrid"
return wg.variant("wehrschach", {
  name = "wehrschach_three_supporters",
  title = "Wehrschach (three supporters)",
  support = 3,
  barrage = 3,
})
