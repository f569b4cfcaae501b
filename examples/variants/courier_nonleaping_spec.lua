-- A spec for the house variant beside it, courier_nonleaping.lua: what it
-- changes (C-P4, the corporal no longer leaps), and that nothing else
-- changed. Run it from any directory:
--   wargrid test path/to/courier_nonleaping_spec.lua
local T = require "wargrid.test"

local variant = T.game "courier_nonleaping.lua"  -- beside this spec
local courier = T.game "courier"                 -- the base, by name

-- Kings on a1 and l8, a corporal on e4, a pawn on d5 in its way.
local board = T.board(courier, { a1 = "K", l8 = "k", e4 = "E", d5 = "P" })
              .. " w - - 0 1"

describe("courier_nonleaping: the corporal (C-P4)", function()
  it("C-P4 cannot pass a piece on its way", function()
    local s = T.position(variant, board)
    assert.same({ "e4c2", "e4g2", "e4g6" }, T.from(variant, s, "e4"))
  end)

  it("C-P4 in courier itself it leaps", function()
    local s = T.position(courier, board)
    assert.same({ "e4c2", "e4c6", "e4g2", "e4g6" }, T.from(courier, s, "e4"))
  end)

  it("C-O1 the opening is courier's", function()
    T.assert_actions(variant, variant:new(), { "a2a4", "g2g4", "l2l4" })
  end)
end)
