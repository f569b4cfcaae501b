-- The Game of the Amazons (T-V1): Trenches with no tanks and four soldiers
-- (amazons, letter Q) a side on the Amazons squares. An action is a queen
-- move and an arrow, d1-d5/h5; x is a burnt square; White moves first.
-- Position text as Trenches' with w or b to move; the start:
--   3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w
local wg = require "wargrid"

return wg.variant("trenches", {
  name = "amazons",
  title = "Game of the Amazons",
  sides = { "white", "black" },
  pieces = { tank = false,
             soldier = { letter = "q", look = { glyph = "queen" },
                         help = "the amazon: moves any distance in any "
                                .. "direction, then shoots an arrow (the "
                                .. "soldier's grenade) that burns a square" } },
  board = { layers = { debris = { label = "a burnt square (debris)" } } },
  look = { board = { light = "#eee1c6", dark = "#c09a6b" } },
  engine = { refused = "an amazon's move and the arrow it then shoots are "
                       .. "one action in two parts (T-G1), and a CECP move "
                       .. "has one" },
  start = "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w",
})
