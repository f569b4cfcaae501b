-- Why an action is illegal in the Game of Trenches, its house variants and
-- the Game of the Amazons (game:explain): each illegal action names the
-- rule that forbids it (scripts/games/trenches/rules.md) and the squares
-- involved; over seeded random games every legal action explains as legal
-- and every other text of the notation with a T- rule.
local T = require "wargrid.test"
local W = require "why"
local loader = require "wargrid.loader"

local game = T.game "trenches"
local amazons = T.game "amazons"
local barrage = loader.load_file("examples/variants/trenches_barrage.lua")

local function board(map, side)
  return T.board(game, map) .. " " .. (side or "l")
end

-- a Light soldier on a1, a Dark tank on d4, debris on e5 and a8
local FIELD = board { a1 = "S", d4 = "t", j10 = "s", e5 = "x", a8 = "x" }
-- a soldier fenced in by its own tank and debris: a2 leaves it no grenade
local FENCED = board { a1 = "S", b1 = "T", a3 = "x", b2 = "x", b3 = "x", j10 = "s" }

describe("why: Game of Trenches (T-)", function()
  W.cases(it, game, {
    { "T-T2 no grenade lands next to a tank", FIELD, "a1-a5/d5",
      "illegal: T-T2 the grenade cannot land on d5, protected by the tank on d4" },
    { "T-T2 the soldier's own side's tanks protect too", game:start_text(), "d1-d5/d4",
      "illegal: T-T2 the grenade cannot land on d4, protected by your tank on e3" },
    { "T-G1 a soldier moves and then throws", game:start_text(), "d1-d5",
      "illegal: T-G1 your soldier on d1 moves and then throws a grenade: write d1-d5/ and the grenade's square" },
    { "T-G1 the grenade flies along one of the 8 lines", game:start_text(), "d1-d3/e5",
      "illegal: T-G1 the grenade flies from d3 along one of the 8 lines, and e5 is not on one" },
    { "T-G1 the grenade lands on an empty square", game:start_text(), "d1-d3/c2",
      "illegal: T-G1 the grenade lands on an empty square, and c2 holds your tank" },
    { "T-G1 the grenade does not land on debris", FIELD, "a1-a5/a8",
      "illegal: T-G1 the grenade lands on an empty square, and a8 holds debris already" },
    { "T-G1 T-M2 the grenade passes no piece", FIELD, "a1-d1/d7",
      "illegal: T-G1 the grenade cannot pass d4: it obeys T-M2, and the tank is there" },
    { "T-G1 T-M2 the grenade passes no debris", FIELD, "a1-a7/a9",
      "illegal: T-G1 the grenade cannot pass a8: it obeys T-M2, and debris is there" },
    { "T-G3 RULING the square the soldier left may take the grenade", FIELD, "a1-a3/a1",
      "legal: the soldier on a1 moves to a3 and throws a grenade onto a1, which becomes debris" },
    { "T-G4 no move to a square with no grenade from it", FENCED, "a1-a2",
      "illegal: T-G4 your soldier on a1 may not move to a2: no grenade could be thrown from there" },
    { "T-T1 a tank throws no grenade", FENCED, "b1-c1/c2",
      "illegal: T-T1 your tank on b1 moves without a grenade: write b1-c1" },
    { "T-T1 a tank's move leaves debris", game:start_text(), "c2-c6",
      "legal: the tank on c2 moves to c6, leaving debris on c2" },
    { "T-M1 a piece moves along one of the 8 lines", game:start_text(), "a4-b6/b7",
      "illegal: T-M1 your soldier on a4 does not move to b6" },
    { "T-M2 no move passes a piece", FIELD, "a1-e5",
      "illegal: T-M2 your soldier on a1 cannot reach e5: the path is blocked at d4 by the tank" },
    { "T-M2 no move passes debris", FENCED, "b1-b5",
      "illegal: T-M2 your tank on b1 cannot reach b5: the path is blocked at b2 by debris" },
    { "T-M2 no move lands on debris", FIELD, "a1-a8",
      "illegal: T-M2 your soldier on a1 cannot move to a8: it holds debris, and no move lands on debris" },
    { "T-M2 no move lands on a piece", game:start_text(), "e3-e8",
      "illegal: T-M2 your tank on e3 cannot move to e8, which holds the tank: no move lands on a piece" },
    { "T-S2 the players move in turn, each its own pieces", FIELD, "d4-d3",
      "illegal: T-S2 the tank on d4 belongs to Dark, not to Light" },
    { "T-E1 a player with no legal action has lost", board { a1 = "S", a2 = "x", b1 = "x", b2 = "x", j10 = "s" },
      "a1-a2", "illegal: T-E1 the game is over: Light has no legal action and loses" },
  })
end)

describe("why: Trenches variants (T-G2, T-G3, T-V1)", function()
  W.cases(it, barrage, {
    { "T-G2 read strictly (a variant) a protected square stops the grenade", FIELD, "a1-a5/f5",
      "illegal: T-G2 the grenade cannot pass c5, protected by the tank on d4" },
    { "T-G3 the other way (a variant): the square left takes no grenade", FIELD, "a1-a3/a1",
      "illegal: T-G3 the grenade may not land on a1, the square the soldier just left" },
    { "T-G3 the other way (a variant): nor does a grenade pass it", board { b1 = "S", j10 = "s" }, "b1-d1/a1",
      "illegal: T-G3 the grenade may not pass b1, the square the soldier just left" },
  })
  W.cases(it, amazons, {
    { "T-V1 T-M2 an amazon lands on no amazon", amazons:start_text(), "a4-a7/a6",
      "illegal: T-M2 your soldier on a4 cannot move to a7, which holds the soldier: no move lands on a piece" },
    { "T-V1 T-G1 an arrow does not pass an amazon", amazons:start_text(), "a4-a5/a8",
      "illegal: T-G1 the grenade cannot pass a7: it obeys T-M2, and the soldier is there" },
  })
end)

-- Random texts in Trenches' notation: moves with and without a grenade from
-- the mover's pieces, the legal moves with another grenade, and random
-- squares.
local function texts(g, s)
  local out = {}
  for _, pid in ipairs(s:pieces(s:side())) do
    local from = g.rules:name(s:square(pid))
    for _ = 1, 3 do
      out[#out + 1] = from .. "-" .. W.square(g)
      out[#out + 1] = from .. "-" .. W.square(g) .. "/" .. W.square(g)
    end
  end
  local legal = g:action_texts(s)
  for _ = 1, math.min(20, #legal) do
    local t = legal[math.random(#legal)]:gsub("/.*$", "")
    out[#out + 1] = t
    out[#out + 1] = t .. "/" .. W.square(g)
  end
  return out
end

describe("why: every engine-legal action explains as legal, every other with a rule", function()
  for _, g in ipairs { game, barrage, amazons } do
    it("T-M1 T-M2 T-G1..T-G4 T-T1 T-T2 " .. g.name .. ": over seeded random games", function()
      math.randomseed(13)
      local states = W.states(g, 4, 120, 8)
      assert.is_true(W.property(g, states, texts, "T-") > 1000)
    end)
  end
end)
