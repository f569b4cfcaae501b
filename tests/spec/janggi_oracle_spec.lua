-- Janggi (examples/games/janggi) against Fairy-Stockfish's `janggi` (J-V1):
-- perft from the start, from positions of seeded random games and from
-- positions made for the cannon, the palace lines, passing and bikjang.
-- Fairy-Stockfish writes a pass as the general's point twice.
local T = require "wargrid.test"
local wg = require "wargrid"
local fairy = require "fairy"
local oracle = require "oracle"

local janggi = T.game "examples/games/janggi"

-- our "pass" as Fairy-Stockfish writes it
local function as_fs(s, text)
  if text ~= "pass" then return text end
  for _, pid in ipairs(s:pieces(s:side())) do
    if s:type(pid) == janggi.T.general then
      local sq = janggi.rules:name(s:square(pid))
      return sq .. sq
    end
  end
end

describe("janggi against Fairy-Stockfish (J-V1)", function()
  local start = janggi:position_text(janggi:new())
  local want = { 32, 1024, 33000, 1065277 }
  for d = 1, 4 do
    it("J-V1 perft " .. d .. " from the start is " .. want[d]
       .. ", as Fairy-Stockfish counts", function()
      assert.equal(want[d], wg.perft(janggi, janggi:new(), d))
      assert.equal(want[d], fairy.perft("janggi", { start }, d)[1])
    end)
  end

  local seeds = {}
  for i = 1, 24 do seeds[i] = 2000 + i end
  -- J-E6 and at clocks of 99 and past: the moves still count
  local fens = oracle.clocks(oracle.sample(janggi, seeds, 9, 90), 10)
  it("J-V1 the random games give at least 150 positions", function()
    assert.is_true(#fens >= 150, #fens .. " positions")
  end)
  for _, f in ipairs {
    -- bikjang: the generals face each other, with nothing between
    "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
    "4k4/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1",
    -- cannons over cannons, along the palace lines
    "3ak4/4a4/9/9/4C4/9/9/9/4A4/3AK4 b - - 0 1",
    "3a1k3/4a4/9/9/4C4/9/9/9/4A4/3AK4 w - - 0 1",
    "4k4/4c4/9/9/4C4/9/9/9/9/3AK4 w - - 0 1",
    "3k5/4c4/5c3/9/9/9/9/5R3/4C4/3K5 w - - 0 1",
    -- a check: no pass
    "5k3/9/9/9/9/3r5/9/9/9/3K5 w - - 0 1",
    -- soldiers in the enemy palace, a chariot on its lines
    "3k5/4P4/5P3/9/9/9/9/9/9/3K5 b - - 0 1",
    "5k3/9/3R5/9/9/9/9/9/9/4K4 b - - 0 1",
  } do fens[#fens + 1] = f end
  for _, c in ipairs(oracle.cases("J-V1", janggi, "janggi", fens, 3, as_fs)) do
    it(c[1], c[2])
  end
end)
