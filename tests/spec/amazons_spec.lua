-- The Game of the Amazons as the variant of Trenches that T-V1 asks for,
-- checked against the legal-action counts published for the Amazons.
local T = require "wargrid.test"
local wg = require "wargrid"
-- the executable under test (make test-sanitize: build/san)
local WARGRID = (os.getenv("WARGRID_BUILD") or "build") .. "/wargrid"

local amazons = T.game "amazons"
local START = "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w"

describe("amazons: the variant (T-V1)", function()
  it("T-V1 four amazons a side on a4 d1 g1 j4 and a7 d10 g10 j7, no tanks, White first", function()
    local s = amazons:new()
    assert.equal(START, amazons:position_text(s))
    assert.is_nil(amazons.T.tank)
    assert.equal(4, s:count(1, amazons.T.soldier))
    assert.equal(4, s:count(2, amazons.T.soldier))
    assert.same({ "white", "black" }, amazons.sides)
    assert.equal(1, s:side())
    assert.equal("amazons", amazons.name)
  end)

  it("T-V1 perft 1 = 2,176 and perft 2 = 4,307,152, the published counts", function()
    local s = amazons:new()
    assert.equal(2176, wg.perft(amazons, s, 1))
    assert.equal(4307152, wg.perft(amazons, s, 2))
    assert.equal(START, amazons:position_text(s))
  end)

  it("T-V1 T-G1 a move and its arrow are written d1-d5/h5; the arrow burns its square", function()
    local s = amazons:new()
    T.play(amazons, s, "d1-d5/h5")
    -- the arrow from g2 to b7 would pass d5, where White now stands
    assert.is_nil((amazons:parse_action(s, "g10-g2/b7")))
    T.play(amazons, s, "g10-g2/g9")
    assert.equal("3q6/6x3/10/q8q/10/3Q3x2/Q8Q/10/6q3/6Q3 w", amazons:position_text(s))
    -- an amazon shoots back onto the square it left (T-G3)
    assert.is_truthy(amazons:parse_action(s, "d5-d9/d5"))
  end)

  it("T-V1 T-E1 T-E2 the player who cannot move loses; the score counts the winner's free amazons", function()
    -- White's a1 is walled in; Black's j9 still has the open board below
    local s = T.position(amazons, "xxxxxxxxxq/xxxxxxxxx1/10/10/10/10/10/10/xx8/Qx8 b")
    T.play(amazons, s, "j10-j9/j10")
    local outcome = T.outcome(amazons, s)
    assert.same({ winner = 2, reason = "white has no legal action", score = 1,
                  text = "Black wins with a score of 1: White has no legal action" }, outcome)
  end)

  it("T-V1 1,000 seeded random games end, and every final position round-trips", function()
    for seed = 1, 1000 do
      local s = amazons:new()
      local _, ended = wg.playout(amazons, s, seed)
      assert.is_true(ended, "seed " .. seed)
      local text = amazons:position_text(s)
      local back = amazons:new(text)
      assert.equal(text, amazons:position_text(back))
      assert.equal(s:hash(), back:hash(), text)
      assert.equal(3 - s:side(), amazons:outcome(s).winner)
    end
  end)

  it("T-V1 perft and moves from the command line", function()
    local h = io.popen(WARGRID .. " perft amazons 2 2>&1")
    local out = h:read("a")
    h:close()
    assert.matches("Nodes searched: 4307152\n$", out)
    h = io.popen(WARGRID .. " moves amazons | wc -l")
    assert.equal(2176, tonumber(h:read("a")))
    h:close()
  end)
end)
