-- Game of Trenches (scripts/games/trenches/rules.md), one describe per section.
-- Expected action sets are worked out by hand from the rules, in positions
-- where debris (x) fences most of the board off; the perft counts come from
-- the naive counter of tests/naive/trenches.lua, not from the engine.
local T = require "wargrid.test"
local wg = require "wargrid"
-- the executable under test (make test-sanitize: build/san)
local WARGRID = (os.getenv("WARGRID_BUILD") or "build") .. "/wargrid"

local trenches = T.game "trenches"
local START = "3s2s3/2t4t2/4tt4/s8s/10/10/S8S/4TT4/2T4T2/3S2S3 l"

-- A position where every square holds debris but those of the map: "." for an
-- empty square, or a piece letter (S T Light, s t Dark).
local function fenced(game, map, side)
  local board = {}
  for rank = game.ranks, 1, -1 do
    for file = 1, game.files do
      local name = game.rules:name(game.rules:at(file, rank))
      local ch = map[name] or "x"
      if ch ~= "." then board[name] = ch end
    end
  end
  return T.position(game, T.board(game, board) .. " " .. (side or "l"))
end

local function debris(game, s, name)
  return s:has(game.rules:square(name), game.L.debris)
end

-- A variant of Trenches with some grenade rulings changed.
local function with_grenade(changes)
  return wg.variant(trenches, { name = "trenches_house", grenade = changes })
end

describe("trenches: board and setup (T-B, T-S)", function()
  it("T-B1 the board is 10x10, files a-j and ranks 1-10, Light and Dark", function()
    assert.equal(10, trenches.files)
    assert.equal(10, trenches.ranks)
    assert.equal("j10", trenches.rules:name(trenches.rules:at(10, 10)))
    assert.same({ "light", "dark" }, trenches.sides)
  end)

  it("T-B1 a square is empty, holds a piece or holds debris, and the text keeps all three", function()
    local text = "x2s5x/10/10/10/4x5/10/10/10/10/T8S d"
    local s = T.position(trenches, text)
    assert.equal(text, trenches:position_text(s))
    assert.is_true(debris(trenches, s, "a10"))
    assert.is_true(debris(trenches, s, "j10"))
    assert.is_true(debris(trenches, s, "e6"))
    assert.is_falsy(debris(trenches, s, "d10"))
    assert.is_nil(s:at(trenches.rules:square("e6")))
  end)

  it("T-S1 RULING the pieces stand on the project's squares", function()
    local s = trenches:new()
    local want = {
      a4 = "S", d1 = "S", g1 = "S", j4 = "S", c2 = "T", h2 = "T", e3 = "T", f3 = "T",
      a7 = "s", d10 = "s", g10 = "s", j7 = "s", c9 = "t", h9 = "t", e8 = "t", f8 = "t",
    }
    local found = 0
    for name, letter in pairs(want) do
      local pid = s:at(trenches.rules:square(name))
      assert.is_not_nil(pid, name)
      local t, side = s:piece(pid)
      local ch = trenches.type_letter[t]
      assert.equal(letter, side == 1 and ch:upper() or ch, name)
      found = found + 1
    end
    assert.equal(16, found)
    assert.equal(8, s:count(1))
    assert.equal(8, s:count(2))
    assert.equal(START, trenches:position_text(s))
  end)

  it("T-S2 Light moves first", function()
    local s = trenches:new()
    assert.equal(1, s:side())
    assert.equal("light", trenches:side_name(s:decider()))
  end)

  it("T-B1 bad position texts are refused with what was expected", function()
    local function bad(text, pattern)
      local s, err = trenches:new(text)
      assert.is_nil(s)
      assert.matches(pattern, err)
    end
    bad("10/10/10 l", "10 ranks expected, found 3")
    bad("3s2s3/2t4t2/4tt4/s8s/10/10/S8S/4TT4/2T4T2/3S2S3", "expected a board and the side to move %(l or d%)")
    bad("3s2s3/2t4t2/4tt4/s8s/10/10/S8S/4TT4/2T4T2/3S2S3 w", "side to move 'w': expected l or d %(light or dark%)")
    bad("3s2s3/2t4t2/4tt4/s8s/10/10/S8S/4TT4/2T4T2/3S2Q3 l", "rank 1: unknown letter 'Q'")
    bad("3s2s3/2t4t2/4tt4/s8s/10/10/S8S/4TT4/2T4T2/3S2S4 l", "rank 1 has 11 squares, expected 10")
    bad(START .. " 1", "expected a board")
  end)
end)

describe("trenches: movement (T-M)", function()
  it("T-M1 a piece moves like a chess queen, any distance to an empty square", function()
    local s = T.position(trenches, T.board(trenches, { a1 = "T", j9 = "s" }) .. " l")
    local want = {}
    for i = 2, 10 do
      want[#want + 1] = "a1-a" .. i
      want[#want + 1] = "a1-" .. string.char(96 + i) .. "1"
      want[#want + 1] = "a1-" .. string.char(96 + i) .. i
    end
    T.assert_actions(trenches, s, want)
  end)

  it("T-M2 pieces and debris stop moves and grenades", function()
    -- a3 holds a Dark soldier, b1 holds debris: a1 reaches a2 alone, and its
    -- grenade can go back to a1 but not past a3 to a4, nor past b1 to c1.
    local s = fenced(trenches, { a1 = "S", a2 = ".", a3 = "s", a4 = ".", c1 = "." })
    T.assert_actions(trenches, s, { "a1-a2/a1" })
  end)

  it("T-M2 RULING pieces block; a variant may let them be passed", function()
    local over = wg.variant(trenches, { name = "trenches_over", pieces = {
      soldier = { over_own = "all", over_enemy = "all" } },
      grenade = { moves = { { "mQ", over_own = "all", over_enemy = "all" } } } })
    local map = { a1 = "S", a2 = ".", a3 = "s", a4 = "." }
    T.assert_actions(over, fenced(over, map), {
      "a1-a2/a1", "a1-a2/a4", "a1-a4/a2", "a1-a4/a1",
    })
    -- soldiers that pass pieces throw grenades that do not: from a4 none
    -- flies back past a3, so a1-a4 is no action (T-G4)
    local walk = wg.variant(trenches, { name = "trenches_walk", pieces = {
      soldier = { over_own = "all", over_enemy = "all" } } })
    T.assert_actions(walk, fenced(walk, map), { "a1-a2/a1" })
  end)
end)

describe("trenches: tanks (T-T)", function()
  it("T-T1 a tank's square dies behind it, and nothing crosses it after", function()
    local s = fenced(trenches, { a1 = "T", a2 = ".", a3 = ".", j10 = "s", j9 = "." })
    T.assert_actions(trenches, s, { "a1-a2", "a1-a3" })
    T.play(trenches, s, "a1-a3")
    assert.is_true(debris(trenches, s, "a1"))
    assert.equal("xxxxxxxxxs/xxxxxxxxx1/xxxxxxxxxx/xxxxxxxxxx/xxxxxxxxxx/"
                 .. "xxxxxxxxxx/xxxxxxxxxx/Txxxxxxxxx/1xxxxxxxxx/xxxxxxxxxx d",
                 trenches:position_text(s))
    T.play(trenches, s, "j10-j9/j10")
    T.assert_actions(trenches, s, { "a3-a2" })
  end)

  it("T-T1 a tank may move next to any tank", function()
    local s = fenced(trenches, { c3 = "T", c4 = ".", c5 = "t", b4 = "T", j10 = "s" })
    T.assert_actions(trenches, s, { "c3-c4", "b4-c4" })
  end)

  it("T-T2 the 3x3 blocks around both sides' tanks are protected", function()
    -- Dark's tank on b3 protects a2-a4, Light's own on b6 protects a5; the
    -- grenade may only land on a1 (flying over the protected squares).
    local s = fenced(trenches, { a1 = "S", a2 = ".", a3 = ".", a4 = ".", a5 = ".",
                                 b3 = "t", b6 = "T" })
    T.assert_actions(trenches, s, {
      "a1-a2/a1", "a1-a3/a1", "a1-a4/a1", "a1-a5/a1", "b6-a5",
    })
    for _, name in ipairs { "a2", "a3", "a4", "a5", "a6", "a7", "c2", "c4" } do
      assert.is_true(s:guarded(trenches.rules:square(name), 1 << trenches.T.tank), name)
    end
    for _, name in ipairs { "a1", "b3", "b6", "d3", "a8", "b1" } do
      assert.is_false(s:guarded(trenches.rules:square(name), 1 << trenches.T.tank), name)
    end
  end)
end)

describe("trenches: soldiers (T-G)", function()
  it("T-G1 a soldier moves, then throws from its landing square; the square dies", function()
    local s = fenced(trenches, { a1 = "S", a2 = ".", a3 = ".", b1 = ".", j10 = "s", j9 = "." })
    T.assert_actions(trenches, s, {
      "a1-a2/a1", "a1-a2/a3", "a1-a2/b1", "a1-a3/a2", "a1-a3/a1", "a1-b1/a1", "a1-b1/a2",
    })
    T.play(trenches, s, "a1-a3/a2")
    assert.is_true(debris(trenches, s, "a2"))
    assert.is_falsy(debris(trenches, s, "a1"))
    assert.equal(2, s:side())
  end)

  it("T-G1 actions are written d1-d5/h5 and read without the dashes", function()
    local s = trenches:new()
    local a = assert(trenches:parse_action(s, "D1D5/H5"))
    assert.equal("d1-d5/h5", trenches:action_text(s, a))
    local _, err = trenches:parse_action(s, "d1-d5/d4")  -- d4 is next to e3
    assert.equal("'d1-d5/d4' is not a legal action here (type 'moves' to list them)", err)
    assert.is_nil((trenches:parse_action(s, "d1-d5")))
    T.play(trenches, s, "d1-d5/h5")
    assert.equal("3s2s3/2t4t2/4tt4/s8s/10/3S3x2/S8S/4TT4/2T4T2/6S3 d",
                 trenches:position_text(s))
  end)

  it("T-G2 RULING a grenade flies over protected squares but may not land on one", function()
    -- with protected squares stopping the grenade (a house rule), only the
    -- throw from a2 to a1 is left
    local stops = with_grenade { protected_stops = true }
    local map = { a1 = "S", a2 = ".", a3 = ".", a4 = ".", a5 = ".", b3 = "t", b6 = "T" }
    T.assert_actions(stops, fenced(stops, map), { "a1-a2/a1", "b6-a5" })
  end)

  it("T-G3 RULING the grenade may land on the square just left", function()
    local s = fenced(trenches, { a1 = "S", a2 = ".", j10 = "s", j9 = "." })
    T.assert_actions(trenches, s, { "a1-a2/a1" })
    -- a house rule where the soldier still shadows its square
    local shadow = with_grenade { onto_origin = false }
    local map = { a1 = "S", a2 = ".", a3 = ".", b1 = "." }
    T.assert_actions(shadow, fenced(shadow, map), {
      "a1-a2/a3", "a1-a2/b1", "a1-a3/a2", "a1-b1/a2",
    })
  end)

  it("T-G4 a soldier may not move where it could not throw", function()
    -- a3 is a legal queen move, but from a3 every square in reach is
    -- protected by the tank on b1 (a1, a2) or taken (a4): no action.
    local s = fenced(trenches, { a1 = "S", a2 = ".", a3 = ".", a4 = "s", b1 = "T" })
    T.assert_actions(trenches, s, { "a1-a2/a3", "b1-a2" })
  end)

  it("T-G2 T-T2 every grenade lands on an unprotected square", function()
    -- the tank on b1 protects a1, a2, b2 (c1, c2 hold debris); from a3 and c3
    -- every square in reach is protected, so those moves are no actions
    local s = fenced(trenches, { a1 = "S", a2 = ".", a3 = ".", b1 = "T", b2 = ".", c3 = "." })
    local texts = T.from(trenches, s, "a1")
    assert.same({ "a1-a2/a3", "a1-b2/a3", "a1-b2/c3" }, texts)
    for _, t in ipairs(texts) do
      local target = t:match("/(%w+)$")
      assert.is_false(s:guarded(trenches.rules:square(target), 1 << trenches.T.tank), t)
    end
    T.assert_actions(trenches, s, { "a1-a2/a3", "a1-b2/a3", "a1-b2/c3", "b1-a2", "b1-b2" })
  end)
end)

describe("trenches: a house variant from examples/ (T-G2, T-G3)", function()
  local loader = require "wargrid.loader"
  local barrage = loader.load_file("examples/variants/trenches_barrage.lua")

  it("T-G2 T-G3 T-G4 protected squares and the square left stop grenades", function()
    -- Dark's tank on b4 protects a3, a4 (and a5, debris here)
    local map = { a1 = "S", a2 = ".", a3 = ".", a4 = ".", b1 = ".", b4 = "t" }
    -- Trenches itself: from a4 the grenade flies over a3 to a2 and a1
    T.assert_actions(trenches, fenced(trenches, map), {
      "a1-a2/a1", "a1-a2/b1", "a1-a3/a2", "a1-a3/a1", "a1-a4/a2", "a1-a4/a1",
      "a1-b1/a1", "a1-b1/a2",
    })
    -- the house rule: a1 stays the soldier's, a3 stops the grenade, and so
    -- a4 is no action at all (T-G4)
    T.assert_actions(barrage, fenced(barrage, map), {
      "a1-a2/b1", "a1-a3/a2", "a1-b1/a2",
    })
  end)
end)

describe("trenches: end of game (T-E)", function()
  it("T-E1 T-E2 a player with no legal action loses; the score counts the winner's pieces that can act", function()
    -- Dark's soldier is boxed in; Light's soldier a1 and tank e5 can act,
    -- its soldier c1 cannot.
    local s = fenced(trenches, { j10 = "s", a1 = "S", a2 = ".", c1 = "S", e5 = "T", e6 = "." }, "d")
    local outcome = T.outcome(trenches, s)
    assert.same({ winner = 1, reason = "dark has no legal action", score = 2,
                  text = "Light wins with a score of 2: Dark has no legal action" }, outcome)
  end)

  it("T-E2 the score may be zero: the last move left the winner stuck too", function()
    local s = fenced(trenches, { a1 = "S", a2 = ".", j10 = "s", j9 = "." }, "l")
    T.play(trenches, s, "a1-a2/a1")
    assert.is_nil(T.outcome(trenches, s))
    T.play(trenches, s, "j10-j9/j10")
    local outcome = T.outcome(trenches, s)
    assert.equal(2, outcome.winner)
    assert.equal(0, outcome.score)
    assert.equal("Dark wins with a score of 0: Light has no legal action", outcome.text)
  end)

  it("T-E1 a game is not over while the side to move has an action", function()
    assert.is_nil(T.outcome(trenches, trenches:new()))
  end)
end)

-- The naive counter of tests/naive/trenches.lua, independent of the engine.
local naive = require "naive.trenches"

describe("trenches: perft from the start (T-M, T-T, T-G)", function()
  it("T-M1 T-M2 T-T1 T-T2 T-G1 T-G2 T-G3 T-G4 perft 1 = 788 and 2 = 569,100, as the naive counter finds", function()
    local n1, n2 = naive.perft2(naive.read(START))
    assert.equal(788, n1)
    assert.equal(569100, n2)
    local s = trenches:new()
    assert.equal(n1, wg.perft(trenches, s, 1))
    assert.equal(n2, wg.perft(trenches, s, 2))
  end)

  it("T-G1 T-T2 the engine and the naive counter agree along random games", function()
    for seed = 1, 20 do
      local s = trenches:new()
      local n = 0
      while true do
        local text = trenches:position_text(s)
        local out = trenches:legal(s)
        assert.equal(#naive.actions(naive.read(text)), out:size(), text)
        if out:size() == 0 then break end
        n = n + 1
        local pick = (seed * 7919 + n * 104729) % out:size() + 1
        trenches:play(s, out:get(pick))
      end
    end
  end)
end)

describe("trenches: the AI's territory", function()
  it("T-M1 T-M2 evaluate counts the squares each side reaches first, as the naive sweeps do", function()
    local amazons = T.game "amazons"
    for _, game in ipairs { trenches, amazons } do
      for seed = 1, 12 do
        local s = game:new()
        wg.playout(game, s, seed, seed * 6)
        local own1, own2, near1, near2 = naive.territory(naive.read(game:position_text(s)))
        local text = game:position_text(s)
        assert.same({ own1, own2, near1, near2 }, { s:territory(game.T.soldier) }, text)
        local w = game:weights()      -- the tuned ones (weights.lua)
        local owned = w.territory * (own1 - own2)
                      + w.mobility * (near1 - near2)
        assert.near(owned, game:evaluate(s, 1), 1e-9, text)
        assert.near(-owned, game:evaluate(s, 2), 1e-9, text)
      end
    end
  end)
end)

describe("trenches: random games (T-E)", function()
  -- game:random_action draws without the list where it can (the Amazons'
  -- soldiers only): the action it gives is the list's at draw * n >> 32,
  -- and playouts play the same games with it as from the list.
  it("T-E1 a playout's random action is the one the legal list holds at the draw", function()
    local amazons = T.game "amazons"
    for _, game in ipairs { trenches, amazons } do
      for seed = 1, 12 do
        local s = game:new()
        local n = 0
        while true do
          local out = wg.actions()
          game:actions(s, out)
          local size = out:size()
          for _, draw in ipairs { 0, 0xffffffff, (seed * 2654435761 + n * 40503) % 2^32 } do
            local want = size > 0 and out:get((draw * size >> 32) + 1) or nil
            local text = game:position_text(s) .. " draw " .. draw
            assert.equal(want, game:random_action(s, wg.actions(), draw), text)
            assert.equal(want, out:pick(draw), text)
          end
          if size == 0 then break end
          n = n + 1
          game:play(s, out:get((seed * 7919 + n * 104729) % size + 1))
        end
      end
      -- the same games as when each ply's list is made and drawn from
      local listed = setmetatable({ random_action = false }, { __index = game })
      for seed = 1, 30 do
        local a, b = game:new(), game:new()
        assert.same({ wg.playout(game, a, seed) }, { wg.playout(listed, b, seed) })
        assert.equal(game:position_text(b), game:position_text(a))
        assert.equal(b:hash(), a:hash())
      end
    end
  end)

  -- doc/designers.md: a variant may replace game:actions, calling the base's; its
  -- playouts must draw from its own list, not the base's count.
  it("T-E1 a variant that replaces game:actions has its playouts drawn from its own list", function()
    local amazons = T.game "amazons"
    local strict = wg.variant(amazons, { name = "amazons_no_edge" })
    -- a house rule: no arrow lands on the first or the last rank
    function strict:actions(s, out)
      local all = wg.actions()
      amazons.actions(self, s, all)
      for i = 1, all:size() do
        local _, _, _, target = wg.fields(all:get(i))
        local _, rank = self.rules:coords(target)
        if rank ~= 1 and rank ~= self.ranks then out:push(all:get(i)) end
      end
    end
    local listed = setmetatable({ random_action = false }, { __index = strict })
    for seed = 1, 10 do
      local s = strict:new()
      local out = wg.actions()
      strict:actions(s, out)
      local draw = seed * 2654435761 % (1 << 32)
      assert.equal(out:pick(draw), strict:random_action(s, wg.actions(), draw))
      local a, b = strict:new(), strict:new()
      assert.same({ wg.playout(listed, b, seed, 40) }, { wg.playout(strict, a, seed, 40) })
      assert.equal(strict:position_text(b), strict:position_text(a))
    end
  end)

  it("T-E1 1,000 seeded random games end with a result, and every final position round-trips", function()
    for seed = 1, 1000 do
      local s = trenches:new()
      local plies, ended = wg.playout(trenches, s, seed)
      assert.is_true(ended, "seed " .. seed)
      assert.is_true(plies > 0)
      local outcome = trenches:outcome(s)
      assert.equal(3 - s:side(), outcome.winner)
      assert.is_true(outcome.score >= 0 and outcome.score <= 8)
      local text = trenches:position_text(s)
      local back = trenches:new(text)
      assert.equal(text, trenches:position_text(back))
      assert.equal(s:hash(), back:hash(), text)
    end
  end)
end)

describe("trenches: command line", function()
  local function run(args, input)
    local out, inp = os.tmpname(), os.tmpname()
    local f = io.open(inp, "w")
    f:write(input or "")
    f:close()
    local cmd = WARGRID .. " " .. args .. " < " .. inp .. " > " .. out .. " 2>&1; echo $?"
    local h = io.popen(cmd)
    local code = tonumber(h:read("a"):match("%d+"))
    h:close()
    f = io.open(out)
    local text = f:read("a")
    f:close()
    os.remove(out)
    os.remove(inp)
    return text, code
  end

  it("T-S1 moves, perft and list know the game", function()
    local out, code = run("perft trenches 2")
    assert.equal(0, code)
    assert.matches("Nodes searched: 569100\n$", out)
    local s = fenced(trenches, { a1 = "S", a2 = ".", a3 = ".", a4 = "s", b1 = "T" })
    out = run("moves trenches --position '" .. trenches:position_text(s) .. "'")
    assert.equal("a1-a2/a3\nb1-a2\n", out)
    out = run("list")
    assert.matches("trenches%s+Game of Trenches\n", out)
    assert.matches("amazons%s+Game of the Amazons\n", out)
  end)

  it("T-B1 a bad position or action gets one clear line", function()
    local out, code = run("moves trenches --position '10/10 l'")
    assert.equal(2, code)
    assert.equal("wargrid: bad position '10/10 l': 10 ranks expected, found 2\n", out)
    out, code = run("play trenches --ai none", "d1-d5/d4\nquit\n")
    assert.equal(0, code)
    assert.matches("illegal: T%-T2 the grenade cannot land on d4, protected by your tank on e3\n", out)
  end)

  it("T-E1 T-E2 play against the built-in opponent to the end", function()
    local out, code = run("play trenches --ai dark --seed 1")
    assert.equal(0, code)
    assert.matches("Game of Trenches", out)
    local s = fenced(trenches, { a1 = "S", a2 = ".", j10 = "s", j9 = "." })
    out, code = run("play trenches --ai both --seed 2 --position '" ..
                    trenches:position_text(s) .. "'")
    assert.equal(0, code)
    assert.matches("light plays a1%-a2/a1\n", out)
    assert.matches("dark plays j10%-j9/j10\n", out)
    assert.matches("Game over: Dark wins with a score of 0: Light has no legal action%.", out)
  end)
end)
