-- Why an action or a decision is illegal in Block Wars (game:explain): each
-- illegal one names the rule that forbids it (scripts/games/
-- blockwars/rules.md) and the squares involved; over seeded random games, with
-- every option, every legal action explains as legal and every other text
-- of the notation with a BW- rule.
local T = require "wargrid.test"
local W = require "why"
local loader = require "wargrid.loader"

local game = T.game "blockwars"
local strict = loader.load_file("examples/variants/blockwars_strict.lua")

-- A position from a map of squares to letters (I M T Canadians, i m t
-- Germans) and the rest of the text.
local function pos(map, rest)
  return T.board(game, map) .. " " .. rest
end

local TANK = { c1 = "T", d1 = "T", c2 = "T", d2 = "T" }
local function with_tank(map)
  for k, v in pairs(TANK) do map[k] = v end
  return map
end

describe("why: Block Wars turns and actions (BW-A)", function()
  W.cases(it, game, {
    { "BW-A4 an infantry unit that has moved does not move again this turn",
      pos({ e3 = "I", h8 = "i" }, "c2 done=e3"), "e3e4",
      "illegal: BW-A4 the infantry on e3 has already moved or attacked this turn" },
    { "BW-A4 nor attack", pos({ e3 = "I", e4 = "i", h8 = "i" }, "c1 done=e3"), "e3xe4",
      "illegal: BW-A4 the infantry on e3 has already moved or attacked this turn" },
    { "BW-A1 BW-A6 moving the tank costs both actions", pos(with_tank { h8 = "i" }, "c1"), "c1c2",
      "illegal: BW-A1 moving the tank costs both actions, and the Canadians have 1 left" },
    { "BW-A1 BW-A8 so does a reinforcement", pos({ a2 = "I", h8 = "i" }, "c1 reserve=I6/-"), "i@a1",
      "illegal: BW-A1 a reinforcement costs both actions, and the Canadians have 1 left" },
    { "BW-A1 each side acts with its own units", pos({ d3 = "M", d5 = "i", h8 = "i" }, "c2"), "d5d4",
      "illegal: BW-A1 the infantry on d5 is German, and the Canadians act now" },
    { "BW-A2 infantry moves one square", pos({ e3 = "I", h8 = "i" }, "c2"), "e3e5",
      "illegal: BW-A2 your infantry on e3 does not move to e5" },
    { "BW-A2 to an empty square", pos({ e3 = "I", e4 = "i", h8 = "i" }, "c2"), "e3e4",
      "illegal: BW-A2 the infantry on e3 moves to an empty square, and e4 holds the German infantry "
        .. "(an attack is written e3xe4)" },
    { "BW-A3 an attack is on a unit next to the attacker", pos({ e3 = "I", e5 = "i", h8 = "i" }, "c2"), "e3xe5",
      "illegal: BW-A3 an infantry unit attacks a unit on one of the 8 squares next to it, and e5 is not next to e3" },
    { "BW-A3 RULING the step before an attack may be made", pos({ e3 = "I", e5 = "i", h8 = "i" }, "c2"), "e3f4xe5",
      "legal: the infantry on e3 moves to f4 and attacks the German infantry on e5: each side turns a card (BW-C1)" },
    { "BW-A3 the step before the attack goes to an empty square",
      pos({ e3 = "I", e4 = "I", e5 = "i", h8 = "i" }, "c2"), "e3e4xe5",
      "illegal: BW-A3 the step before the attack: your infantry on e3 cannot go to e4, which holds your infantry" },
    { "BW-A3 an attack is on an enemy unit", pos({ e3 = "I", h8 = "i" }, "c2"), "e3xe4",
      "illegal: BW-A3 there is no enemy unit on e4 to attack" },
    { "BW-A5 a machine gun's range is 2", pos({ d3 = "M", d6 = "i", h8 = "i" }, "c2"), "d3xd6",
      "illegal: BW-A5 d6 is 3 squares from the machine gun on d3; the range is 2" },
    { "BW-A5 RULING its arc is 45 degrees either side of straight ahead", pos({ d3 = "M", f4 = "i", h8 = "i" }, "c2"),
      "d3xf4", "illegal: BW-A5 f4 is outside the arc of the machine gun on d3: 45 degrees either side of straight "
        .. "ahead, toward rank 8" },
    { "BW-A5 RULING its line of fire passes no unit", pos({ d3 = "M", d4 = "I", d5 = "i", h8 = "i" }, "c2"), "d3xd5",
      "illegal: BW-A5 the line of fire from d3 to d5 is blocked at d4 by your infantry" },
    { "BW-A5 a machine gun never moves", pos({ d3 = "M", h8 = "i" }, "c2"), "d3d4",
      "illegal: BW-A5 the machine gun on d3 never moves" },
    { "BW-A5 nor fires at the tank", pos(with_tank { d3 = "m", a8 = "I" }, "g2"), "d3xd2",
      "illegal: BW-A5 the machine gun on d3 never fires at the tank" },
    { "BW-A6 the two squares the tank enters must be empty", pos(with_tank { d3 = "i", h8 = "i" }, "c2"), "c1c2",
      "illegal: BW-A6 the tank cannot move to c2: the two squares it enters must be empty, and d3 holds the "
        .. "German infantry" },
    { "BW-A6 the tank moves one rank straight", pos(with_tank { h8 = "i" }, "c2"), "c1d2",
      "illegal: BW-A6 your tank on c1 does not move to d2" },
    { "BW-A6 the tank is named by its lower left square", pos(with_tank { h8 = "i" }, "c2"), "d2d3",
      "illegal: BW-A6 the tank is named by its lower left square: c1, not d2" },
    { "BW-A7 the tank's gun reaches 2 from its nearest square", pos(with_tank { f5 = "i", h8 = "i" }, "c2"), "c1xf5",
      "illegal: BW-A7 f5 is 3 squares from the tank on c1; the range is 2" },
    { "BW-A8 a unit that entered this turn cannot attack",
      pos({ a1 = "I", a2 = "i", h8 = "i" }, "c2 new=a1"), "a1xa2",
      "illegal: BW-A8 the infantry on a1 entered this turn and cannot attack until the next" },
    { "BW-A8 a reinforcement enters on the back rank", pos({ a2 = "I", h8 = "i" }, "c2 reserve=I6/-"), "i@a3",
      "illegal: BW-A8 a reinforcement enters on the Canadians' back rank, rank 1" },
    { "BW-A8 the tank enters on four empty squares", pos({ f2 = "I", h8 = "i" }, "c2 reserve=T/-"), "t@e1",
      "illegal: BW-A8 the tank enters on four empty squares, and f2 is taken" },
    { "BW-A8 from the reserve only", pos({ f2 = "I", h8 = "i" }, "c2 reserve=I/-"), "t@a1",
      "illegal: BW-A8 the Canadians have no tank in reserve" },
    { "BW-A8 a reinforcement comes in with both actions", pos({ f2 = "I", h8 = "i" }, "c2 reserve=I/-"), "i@a1",
      "legal: a Canadian infantry enters on a1" },
  })
  W.cases(it, strict, {
    { "BW-A3 read strictly (a variant) an attack always moves first", pos({ e4 = "I", e5 = "i", h8 = "i" }, "c2"),
      "e4xe5", "illegal: BW-A3 an attack moves first in this variant: write e4e5xf6, the step and the target" },
  })
end)

describe("why: Block Wars setup, decisions and the end (BW-S, BW-C, BW-G, BW-O, BW-W)", function()
  W.cases(it, game, {
    { "BW-S3 in the placement phase units are placed, one per action", game:start_text(), "c8c7",
      "illegal: BW-S3 the Germans place their units first, one per action (i@c8, m@c6)" },
    { "BW-S1 the Germans' machine guns stand on rank 6", game:start_text(), "m@c8",
      "illegal: BW-S1 rank 8 takes no German machine gun" },
    { "BW-S1 the Germans place on ranks 8, 7 and 6", game:start_text(), "i@c5",
      "illegal: BW-S1 the Germans place their units on ranks 8, 7 and 6" },
    { "BW-S3 the tank is not placed", game:start_text(), "t@c8",
      "illegal: BW-S3 the placement places infantry and machine guns, not a tank" },
    { "BW-C5 a pending decision comes first", pos({ e4 = "I", e5 = "i", h8 = "i", a1 = "I" }, "g1 phase=barrage:g"),
      "e5e6", "illegal: BW-C4 the Germans must first choose where the King's barrage falls (barrage e4)" },
    { "BW-C4 no barrage without a King", pos({ e4 = "I", h8 = "i" }, "c2"), "barrage e4",
      "illegal: BW-C4 there is no barrage to decide now: that follows a King drawn in a combat" },
    { "BW-G2 poison gas is the Germans'", pos({ e4 = "I", e5 = "i", h8 = "i" }, "c1 phase=barrage:c"), "gas e4",
      "illegal: BW-G2 poison gas is the Germans' alone" },
    { "BW-G2 once a game", pos({ e4 = "I", e5 = "i", h8 = "i" }, "g1 phase=barrage:g used=gas"), "gas e4",
      "illegal: BW-G2 poison gas is declared once a game, and the Germans have used it" },
    { "BW-C4 the strafe attacks any enemy unit but the tank",
      pos(with_tank { a1 = "I", e5 = "i", h8 = "i" }, "g1 air=oo/oo phase=strafe:g:fighter1"), "strafe c1",
      "illegal: BW-C4 the strafe attacks any enemy unit except the tank" },
    { "BW-C4 a destroyed fighter flies no more", pos({ e4 = "I", h8 = "i" }, "c1 phase=air:c air=xo/oo"), "fly 1",
      "illegal: BW-C4 Canadian fighter 1 is destroyed" },
    { "BW-C4 RULING with the reserve empty, an Ace brings back a casualty",
      pos({ e4 = "I", e5 = "i", h8 = "i", a1 = "I" }, "c1 phase=reinforce:c lost=M/-"), "i@b1",
      "illegal: BW-C4 the Ace brings in a machine gun, not infantry" },
    { "BW-O1 a cross is awarded only when one is asked for", pos({ e4 = "I", h8 = "i" }, "c2"), "cross",
      "illegal: BW-O1 there is no cross to decide now: that follows an infantry unit beaten in a combat, "
        .. "with the option crosses" },
    { "BW-W1 two units on the enemy back rank end the game", pos({ a8 = "I", b8 = "I", h1 = "i" }, "g2"), "h1h2",
      "illegal: BW-W1 the game is over: the Canadians win (two units on the enemy back rank)" },
  })
end)

-- Random texts in Block Wars' notation: moves, attacks (with and without a
-- step) and fire from the deciding side's units, every kind of entry and
-- decision, and the legal actions with another last square.
local function texts(g, s)
  local out, sq = {}, function() return W.square(g) end
  for _, pid in ipairs(s:pieces(s:decider())) do
    local from = g.rules:name(s:square(pid))
    local via = sq()
    out[#out + 1] = from .. sq()
    out[#out + 1] = from .. "x" .. sq()
    if via ~= from then out[#out + 1] = from .. via .. "x" .. sq() end
  end
  for _, letter in ipairs { "i", "m", "t", "f" } do out[#out + 1] = letter .. "@" .. sq() end
  for _, word in ipairs { "pass", "cross", "no cross", "no dogfight", "fly 1", "fly 2", "fly 3",
                          "dogfight 1", "dogfight 3", "barrage " .. sq(), "gas " .. sq(), "strafe " .. sq() } do
    out[#out + 1] = word
  end
  local legal = g:action_texts(s)
  for _ = 1, math.min(10, #legal) do
    out[#out + 1] = (legal[math.random(#legal)]:gsub("%l%d+$", sq))
  end
  return out
end

describe("why: every engine-legal action explains as legal, every other with a rule", function()
  local settings = { game, game:with_options { "crosses", "aces", "setup=standard" }, strict }
  for i, g in ipairs(settings) do
    it("BW-A1..BW-A8 BW-C4 BW-S3 setting " .. i .. ": over seeded random games", function()
      math.randomseed(14)
      local states = W.states(g, 3, 300, 7)
      assert.is_true(W.property(g, states, texts, "BW-") > 1500)
    end)
  end
end)
