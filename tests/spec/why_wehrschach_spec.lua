-- Why an action is illegal in Wehrschach (game:explain): each illegal
-- action names the rule that forbids it (scripts/games/wehrschach/rules.md) and
-- the squares involved; over seeded random games every legal action
-- explains as legal and every other text of its notation with a W- rule.
local T = require "wargrid.test"
local W = require "why"

local loader = require "wargrid.loader"

local game = T.game "wehrschach"
local no_road = loader.load_file("examples/variants/wehrschach_no_road.lua")

-- A position from a map of squares to letters; the headquarters stand out
-- of play on k2 and k10 (as for the text's example) unless the map says
-- otherwise (false: none).
local function board(map, rest)
  local full = { k2 = "H", k10 = "h" }
  for k, v in pairs(map) do full[k] = v or nil end
  return T.board(game, full) .. " " .. (rest or "r -")
end

-- The text's example (its red tank E4, artillery A4 and B6, plane A1, tank
-- C2; blue tank D4, planes C7 and F6), and the same without artillery B6.
local EXAMPLE = { c2 = "T", e4 = "T", a4 = "A", b6 = "A", a1 = "F", d4 = "t", c7 = "f", f6 = "f" }
local function example(without)
  local map = {}
  for k, v in pairs(EXAMPLE) do if k ~= without then map[k] = v end end
  return board(map)
end

describe("why: Wehrschach (W-)", function()
  W.cases(it, game, {
    { "W-C2 the headquarter threatens only inside its zone", board { f3 = "H", f5 = "i", e5 = "I", k2 = false },
      "f3xf5", "illegal: W-C2 your headquarter on f3 threatens only inside its zone, and f5 is outside it" },
    { "W-K1 a capture needs a second piece threatening the target", example "b6", "e4xf6",
      "illegal: W-K1 a capture of f6 needs a second piece threatening it; only e4 does" },
    { "W-K1 with artillery B6 the text's capture is legal", example(), "e4xf6",
      "legal: the tank on e4 takes the fighter on f6, which the artillery on b6 also threatens; it reaches "
        .. "a judgement: the enemy down to 4 ground units (W-J2), no enemy infantry left (W-J4)" },
    { "W-K2 a capture takes an enemy piece", example(), "c2xc3",
      "illegal: W-K2 there is no piece on c3 to remove" },
    { "W-K3 artillery never moves when capturing", example(), "b6xf6",
      "illegal: W-K3 your artillery on b6 never moves to capture: two of your artillery threatening f6 "
        .. "remove it with barrage f6" },
    { "W-K3 a barrage needs two artillery threatening the target", example(), "barrage f6",
      "illegal: W-K3 a barrage on f6 needs 2 of your artillery threatening it (exactly 4 away on a file or rank, "
        .. "W-C4); only b6 does" },
    { "W-C3 a tank threatens exactly 3 away or by an L-path", example(), "e4xd4",
      "illegal: W-C3 your tank on e4 does not threaten d4 (it threatens exactly 3 away on a file or rank, "
        .. "or a knight's move away by an open L-path)" },
    { "W-C5 a plane's threat passes no enemy artillery",
      board { a1 = "F", a3 = "a", a6 = "i", f6 = "A" }, "a1xa6",
      "illegal: W-C5 your fighter on a1 does not threaten a6: the path is blocked at a3 by the artillery" },
    { "W-E1 an enclosure needs your pieces next to it on both sides", example(), "enclose f6",
      "illegal: W-E1 the fighter on f6 is not enclosed: no line through f6 has your pieces next to it on both sides" },
    { "W-F1 combined fire is a plane's", example(), "fire e4xe5",
      "illegal: W-F1 combined fire is a plane's, and your tank on e4 is none" },
    { "W-F1 combined fire needs the artillery 4 beyond the target",
      board { b4 = "F", c4 = "i", g4 = "I" }, "fire b4xc4",
      "illegal: W-F1 combined fire on c4 needs your artillery on g4, 4 beyond it; g4 holds your infantry" },
    { "W-F1 a plane with artillery beyond takes alone, by combined fire",
      board { b4 = "F", c4 = "i", g4 = "A" }, "b4xc4",
      "illegal: W-F1 your fighter on b4 takes c4 alone by combined fire, written fire b4xc4" },
    { "W-M1 a move goes to an empty square", example(), "c2d4",
      "illegal: W-M1 d4 holds the tank: a move goes to an empty square (a capture is written c2xd4)" },
    { "W-M2 off the main road the infantry's range is 1", game:start_text(), "c3c5",
      "illegal: W-M2 your infantry on c3 moves that way only on the main road, and c4 is off it" },
    { "W-M3 the headquarter never leaves its zone", board { f3 = "H", k2 = false }, "f3f4",
      "illegal: W-M3 your headquarter on f3 never leaves its zone, and f4 is outside it" },
    { "W-M4 ground units do not pass pieces", game:start_text(), "d2d6",
      "illegal: W-M4 your artillery on d2 cannot reach d6: the path is blocked at d3 by your tank" },
    { "W-M4 planes pass no enemy plane", board { b1 = "F", b3 = "b" }, "b1b5",
      "illegal: W-M4 your fighter on b1 cannot reach b5: the path is blocked at b3 by the bomber "
        .. "(planes pass over every piece but enemy planes and artillery)" },
    { "W-M5 ground units do not cross the sea", board { a4 = "T" }, "a4c6",
      "illegal: W-M5 your tank on a4 cannot reach c6: the path is blocked at b5 (sea)" },
    { "W-M5 planes cross the sea but do not stop on it", board { b1 = "F" }, "b1b5",
      "illegal: W-M5 your fighter on b1 may pass b5 but not stop there (sea)" },
    { "W-M6 no step from a river square to another", board { d8 = "I" }, "d8e7",
      "illegal: W-M6 your infantry on d8 cannot reach e7: the step onto e7 goes from one river square to another" },
    { "W-M7 the tank's knight move needs one open L-path", board { d4 = "T", c4 = "I", d3 = "i" }, "d4c2",
      "illegal: W-M7 your tank on d4 cannot reach c2: both its paths are blocked, at c4 (your infantry) and at d3" },
    { "W-T1 a player moves only its own pieces", example(), "d4d5",
      "illegal: W-T1 the tank on d4 belongs to Blue, not to Red" },
    { "W-J5 a player with no legal action has lost", board { k2 = false }, "k10k9",
      "illegal: W-J5 the game is over: Blue wins by judgement: the enemy has no legal action (W-J5)" },
    { "W-J6 once the reply is made the game is decided, here by a counter-judgement",
      board({ a1 = "I", e5 = "i" }, "r r:4"), "a1a2",
      "illegal: W-J6 the game is over: Draw by counter-judgement: red's judgement (no enemy infantry left (W-J4)) "
        .. "answered by blue's (the enemy down to 4 ground units (W-J2)), W-J6" },
    { "W-J8 a position occurring for the third time ends the game",
      T.play(game, game:new(), "b1c2", "j11i10", "c2b1", "i10j11", "b1c2", "j11i10", "c2b1", "i10j11"), "b1c2",
      "illegal: W-J8 the game is over: Draw by threefold repetition (W-J8)" },
  })
  W.cases(it, no_road, {
    { "W-M1 without the main road (a variant) the infantry's range is 1 everywhere", game:start_text(), "c3c5",
      "illegal: W-M1 your infantry on c3 does not move to c5" },
  })
end)

-- Random texts in Wehrschach's notation (W-T1): moves, captures and combined
-- fire from the mover's pieces, barrages, enclosures, and moves between
-- random squares.
local function texts(g, s)
  local out = {}
  for _, pid in ipairs(s:pieces(s:side())) do
    local from = g.rules:name(s:square(pid))
    out[#out + 1] = from .. W.square(g)
    out[#out + 1] = from .. "x" .. W.square(g)
    out[#out + 1] = "fire " .. from .. "x" .. W.square(g)
  end
  for _ = 1, 6 do
    out[#out + 1] = "barrage " .. W.square(g)
    out[#out + 1] = "enclose " .. W.square(g)
    out[#out + 1] = W.square(g) .. W.square(g)
  end
  return out
end

describe("why: every engine-legal action explains as legal, every other with a rule", function()
  it("W-T1 W-M1..W-M7 W-K1..W-K4 W-E1 W-F1: over seeded random games", function()
    math.randomseed(12)
    local states = W.states(game, 5, 120, 12)
    assert.is_true(W.property(game, states, texts, "W-") > 3000)
  end)
end)
