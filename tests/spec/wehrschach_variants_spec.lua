-- The Wehrschach house variants in examples/variants/ do what they say and
-- keep everything else of the game.
local T = require "wargrid.test"
local wg = require "wargrid"
local loader = require "wargrid.loader"

local base = T.game "wehrschach"

local function pos(game, map, rest)
  return T.position(game, T.board(game, map) .. " " .. (rest or "r -"))
end

local function targets(game, s, from)
  local out = {}
  for _, t in ipairs(T.from(game, s, from)) do out[#out + 1] = t:sub(#from + 1) end
  return table.concat(out, " ")
end

describe("variant: symmetric seas (W-B4)", function()
  local game = loader.load_file("examples/variants/wehrschach_symmetric_sea.lua")

  it("W-B4 the seas are b5 and j7; k7 is land", function()
    local s = game:new()
    assert.is_true(s:has(game.rules:square("j7"), game.L.sea))
    assert.is_false(s:has(game.rules:square("k7"), game.L.sea))
    assert.equal("i5 i6 i7 j5 k5 k6 k7", targets(game, pos(game, { j6 = "I" }), "j6"))
    assert.equal("i5 i6 i7 j5 j7 k5 k6", targets(base, pos(base, { j6 = "I" }), "j6"))
  end)

  it("W-M5 planes fly over j7 but do not stop there", function()
    local s = pos(game, { j5 = "F" })
    local t = " " .. targets(game, s, "j5") .. " "
    assert.is_nil(t:find(" j7 "))
    assert.truthy(t:find(" j8 "))
  end)

  it("W-B4 draws the sea where it is, and keeps the rest of the game", function()
    local s = game:new()
    assert.matches(" 7  %. %. %. %. \\ %. / %. %. ~ %.", game:render(s))
    assert.equal(143, wg.perft(game, s, 1))
    assert.equal("wehrschach_symmetric_sea", game.name)
  end)
end)

describe("variant: no main road (W-B2, W-M2)", function()
  local game = loader.load_file("examples/variants/wehrschach_no_road.lua")

  it("W-M2 infantry and tanks keep their range on a1-k11", function()
    assert.equal("c3 c4 c5 d3 d5 e3 e4 e5", targets(game, pos(game, { d4 = "I" }), "d4"))
    assert.equal("a1 a2 a3 a4 b1 b3 b4 c1 c2 c3 c4 d1 d2 d3 d4 e2 e5",
                 targets(game, pos(game, { b2 = "T" }), "b2"))
  end)

  it("W-B2 the start loses the infantry's road moves from c3 (e5, f6, g7)", function()
    local s = game:new()
    assert.equal(140, wg.perft(game, s, 1))
    assert.equal("b4 c2 c4 d4", targets(game, s, "c3"))
    assert.not_matches("/ main road", game:render(s))
  end)
end)
