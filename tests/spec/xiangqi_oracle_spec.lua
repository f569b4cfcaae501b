-- Xiangqi (examples/games/xiangqi) against Fairy-Stockfish's `xiangqi`
-- (X-V1): perft from the start, from positions of seeded random games and
-- from positions made for the cannon, the horse's leg, the elephant's eye
-- and the flying general.
local T = require "wargrid.test"
local wg = require "wargrid"
local fairy = require "fairy"
local oracle = require "oracle"

local xiangqi = T.game "examples/games/xiangqi"

describe("xiangqi against Fairy-Stockfish (X-V1)", function()
  local start = xiangqi:position_text(xiangqi:new())
  local want = { 44, 1920, 79666, 3290240 }
  for d = 1, 4 do
    it("X-V1 perft " .. d .. " from the start is " .. want[d]
       .. ", as Fairy-Stockfish counts", function()
      assert.equal(want[d], wg.perft(xiangqi, xiangqi:new(), d))
      assert.equal(want[d], fairy.perft("xiangqi", { start }, d)[1])
    end)
  end

  local seeds = {}
  for i = 1, 24 do seeds[i] = 1000 + i end
  -- X-E5 and at clocks of 99 and past: the moves still count
  local fens = oracle.clocks(oracle.sample(xiangqi, seeds, 9, 90), 10)
  it("X-V1 the random games give at least 150 positions", function()
    assert.is_true(#fens >= 150, #fens .. " positions")
  end)
  for _, f in ipairs {
    -- a cannon's screens, a horse's legs, an elephant's eyes
    "4k4/9/4a4/9/2b1c4/9/2N6/4C4/4A4/4K4 w - - 0 1",
    "3k5/4a4/4c4/9/4n4/9/4P4/2B6/4A4/4K4 b - - 0 1",
    -- the generals on one file with one piece between, and a cannon on it
    "4k4/9/9/9/4p4/9/9/9/4C4/4K4 b - - 0 1",
    "3k5/9/9/9/9/3c5/9/9/4A4/3K5 w - - 0 1",
    -- a cannon behind two screens, a discovered cannon check
    "4k4/4a4/9/4R4/9/4c4/4P4/9/4A4/4K4 w - - 0 1",
    "r3k4/9/9/9/9/9/9/9/4A4/R2CK2c1 w - - 0 1",
  } do fens[#fens + 1] = f end
  for _, c in ipairs(oracle.cases("X-V1", xiangqi, "xiangqi", fens, 3)) do
    it(c[1], c[2])
  end
end)
