-- The Trenches and Amazons house variants in examples/variants/ on boards of
-- other sizes: each loads, plays seeded random games to the end, and its
-- legal actions agree with the naive counter of tests/naive/trenches.lua
-- from its start and from positions of seeded games.
local T = require "wargrid.test"
local wg = require "wargrid"
local loader = require "wargrid.loader"
local variants = require "variants"
local naive = require "naive.trenches"

local trenches = T.game "trenches"

-- The engine's actions and perft 2 from the text agree with the naive
-- counter's; returns perft 1 and 2.
local function agrees(game, text)
  local s = T.position(game, text)
  local texts = game:action_texts(s)
  table.sort(texts)
  assert.same(naive.texts(naive.read(text)), texts, text)
  local n1, n2 = naive.perft2(naive.read(text))
  assert.equal(n2, wg.perft(game, s, 2), text)
  return n1, n2
end

-- Each variant, and the plies of seeded games at which its positions are
-- checked (later on the large board, where the naive counter is slow).
local VARIANTS = {
  { file = "trenches_12x12", files = 12, ranks = 12, pieces = 16, perft = { 1704, 2690042 },
    plies = { 20, 40, 60 } },
  { file = "trenches_6x6", files = 6, ranks = 6, pieces = 8, perft = { 84, 5804 },
    plies = { 4, 8, 12 } },
  { file = "amazons_6x6", files = 6, ranks = 6, pieces = 8, perft = { 576, 266278 },
    plies = { 4, 8, 12 } },
}

for _, v in ipairs(VARIANTS) do
  describe("variant: " .. v.file .. " (T-B1, T-S1)", function()
    local game = loader.load_file("examples/variants/" .. v.file .. ".lua")

    it("T-B1 T-S1 T-S2 loads on its board, with its pieces, the first side to move", function()
      assert.equal(v.file, game.name)
      assert.equal(v.files, game.files)
      assert.equal(v.ranks, game.ranks)
      local s = game:new()
      assert.equal(v.pieces, s:count(1) + s:count(2))
      assert.equal(1, s:side())
      assert.equal(game.def.start, game:position_text(s))
    end)

    it("T-M1 T-M2 T-T1 T-T2 T-G1..T-G4 perft 1 and 2 from the start agree with the naive counter", function()
      local n1, n2 = agrees(game, game:position_text(game:new()))
      assert.same(v.perft, { n1, n2 })
    end)

    it("T-M1 T-M2 T-T1 T-T2 T-G1..T-G4 perft 1 and 2 agree on positions from seeded games", function()
      local texts = variants.positions(game, { 1, 2, 3 }, v.plies)
      assert.is_true(#texts >= 6, #texts .. " positions")
      for _, text in ipairs(texts) do agrees(game, text) end
    end)

    it("T-E1 T-E2 200 seeded random games end, and their last positions round-trip", function()
      assert.equal(200, variants.playouts(game, 200, 10000))
    end)
  end)
end

describe("variant: the last actions of a 6x6 game agree with the naive counter", function()
  it("T-E1 every position of seeded games, to the end", function()
    for _, file in ipairs { "trenches_6x6", "amazons_6x6" } do
      local game = loader.load_file("examples/variants/" .. file .. ".lua")
      for seed = 1, 10 do
        local s = game:new()
        repeat
          local text = game:position_text(s)
          local texts = game:action_texts(s)
          table.sort(texts)
          assert.same(naive.texts(naive.read(text)), texts, text)
          wg.playout(game, s, seed, 1)
        until #texts == 0
        assert.equal(3 - s:side(), game:outcome(s).winner)
      end
    end
  end)
end)

describe("variant: what Trenches refuses at load", function()
  it("T-G1 grenades that follow the moves of a piece type the variant removed (grenade.pattern)", function()
    local err = variants.refused [[
      return require("wargrid").variant("trenches", {
        name = "trenches_throwers", pieces = { soldier = false, grenadier = { letter = "g", moves = "mQ" } },
        grenade = { thrower = { "grenadier" }, pattern = "soldier" },
        start = "10/10/10/10/10/10/10/10/10/G8g l" })
    ]]
    assert.equal("VARIANT: game trenches_throwers: T-G1 the grenade follows the moves of 'soldier', "
                 .. "a piece type the game has not: override grenade.pattern in the variant", err)
  end)

  it("T-M2 a board without debris", function()
    local ok, err = wg.variant(trenches, { name = "t", board = { layers = { debris = { dynamic = false } } } })
                      :validate()
    assert.is_nil(ok)
    assert.equal("T-M2 the board needs the dynamic layer debris: keep board.layers.debris in the variant", err)
  end)

  it("T-B1 sides that position text cannot tell apart", function()
    local ok, err = wg.variant(trenches, { name = "t", sides = { "blue", "black" } }):validate()
    assert.is_nil(ok)
    assert.equal("T-B1 the sides' names start with the same letter 'b', which position text writes "
                 .. "for the side to move: override sides in the variant", err)
  end)

  it("T-G1 a variant with a new thrower in place of the soldier plays: grenades keep their pattern", function()
    local game = wg.variant(trenches, {
      name = "trenches_grenadiers", pieces = { soldier = false, grenadier = { letter = "g", moves = "mK" } },
      grenade = { thrower = { "grenadier" } }, start = "10/10/10/10/10/10/10/10/10/G8g l",
    })
    assert.is_true(game:validate())
    local s = game:new()
    -- a king's step to a2 (27 grenades), b1 (26) or b2 (29), then a grenade
    -- as far as the 8 lines go: a1-a2/a10 flies nine squares
    local texts = T.from(game, s, "a1")
    assert.equal(27 + 26 + 29, #texts)
    assert.truthy(table.concat(texts, " "):find(" a1%-a2/a10 "))
  end)

  it("T-G1 a variant with a new thrower whose grenades follow its own moves plays (grenade.pattern)", function()
    local game = wg.variant(trenches, {
      name = "trenches_grenadiers", pieces = { soldier = false, grenadier = { letter = "g", moves = "mQ" } },
      grenade = { thrower = { "grenadier" }, pattern = "grenadier" },
      start = "10/10/10/10/10/10/10/10/10/G8g l",
    })
    assert.is_true(game:validate())
    agrees(game, game.def.start)
  end)
end)

-- game:random_action counts rather than lists where soldiers alone throw:
-- at each position of seeded games, the least draw of every index k of
-- the list's n gives the list's k-th action, on a board of more than 128
-- squares and with throwers whose moves are not the grenade's lines.
describe("variant: random_action is the list's action at every index", function()
  local amazons = T.game "amazons"
  local START = "3q2a3/10/10/q8a/10/10/A8Q/10/10/3Q2A3 w"
  local cases = {
    { "16x16", wg.variant(amazons, { name = "amazons_16x16", board = { files = 16, ranks = 16 },
        start = "16/16/16/3q8q3/16/16/16/16/16/16/16/16/3Q8Q3/16/16/16 w" }) },
    { "rooks throw queen lines", wg.variant(amazons, { name = "amazons_rooks",
        pieces = { archer = { letter = "a", moves = "mQ" }, soldier = { moves = "mR" } },
        grenade = { thrower = { "soldier", "archer" } }, start = START }) },
    { "dabbaba riders throw", wg.variant(amazons, { name = "amazons_dabbabas",
        pieces = { archer = { letter = "a", moves = "mDD" } },
        grenade = { thrower = { "soldier", "archer" }, moves = "mDD" }, start = START }) },
    { "knights among them (the list)", wg.variant(amazons, { name = "amazons_knights",
        pieces = { archer = { letter = "a", moves = "mN" } },
        grenade = { thrower = { "soldier", "archer" } }, start = START }) },
  }
  for _, case in ipairs(cases) do
    it("T-E1 " .. case[1], function()
      local game = case[2]
      for seed = 1, 2 do
        local s = game:new()
        repeat
          local out, scratch = wg.actions(), wg.actions()
          game:actions(s, out)
          local n, text = out:size(), game:position_text(s)
          for k = 0, n - 1 do
            local draw = (k * (1 << 32) + n - 1) // n
            scratch:clear()
            assert.equal(out:get(k + 1), game:random_action(s, scratch, draw), text)
          end
          if n == 0 then assert.is_nil(game:random_action(s, scratch, 0), text) end
        until n == 0 or wg.playout(game, s, seed * 31 + n, 1 + 2 * seed) == 0
      end
    end)
  end
end)

describe("variant: the debris layer's old name, dead", function()
  it("T-M2 a variant written when the layer was called dead still loads, and changes the debris", function()
    local v = wg.variant(trenches, { name = "t", board = { layers = { dead = { label = "rubble" } },
                                                          marks = { dead = "*" } } })
    assert.is_true(v:validate())
    assert.same({ [0] = "debris" }, v.layer_names)
    assert.equal("rubble", v.def.board.layers.debris.label)
    assert.is_true(v.def.board.layers.debris.dynamic)
    local text = "3s2s3/2t4t2/4tt4/s8s/10/5*4/S8S/4TT4/2T4T2/3S2S3 l"
    local s = T.position(v, text)
    assert.is_true(s:has(v.rules:square("f5"), v.L.debris))
    assert.equal(text, v:position_text(s))
  end)
end)

-- One key, one rule (issue 26): how far a grenade flies is grenade.moves
-- (T-G1), apart from how a soldier moves (T-M1).
describe("variant: the grenade's reach is its own key", function()
  local OPEN = "9s/10/10/10/10/10/10/10/10/S9 l"

  -- the squares the grenades of the move a1-b2 reach, sorted
  local function grenades(game)
    local out = {}
    for _, t in ipairs(T.from(game, T.position(game, OPEN), "a1")) do
      out[#out + 1] = t:match("^a1%-b2/(%w+)$")
    end
    table.sort(out)
    return out
  end

  it("T-G1 T-M1 a variant that changes the soldier's moves keeps how far its grenades fly", function()
    local stepper = wg.variant(trenches, { name = "trenches_steppers", pieces = { soldier = { moves = "mK" } } })
    assert.is_true(stepper:validate())
    assert.equal(28, #grenades(trenches))
    assert.same(grenades(trenches), grenades(stepper))
    local s = T.position(stepper, OPEN)
    assert.is_nil((stepper:parse_action(s, "a1-a5/a1")))
    assert.truthy(stepper:parse_action(s, "a1-b2/i9"))
    -- a king's step to a2 (27 grenades), b1 (27) or b2 (28)
    assert.equal(27 + 27 + 28, #stepper:action_texts(s))
  end)

  it("T-G1 T-M1 a variant that changes how far grenades fly keeps the soldier's moves", function()
    local short = wg.variant(trenches, { name = "trenches_short", grenade = { moves = "mQ3" } })
    local s = T.position(short, OPEN)
    assert.truthy(short:parse_action(s, "a1-b2/b5"))
    assert.is_nil((short:parse_action(s, "a1-b2/b6")))
    assert.truthy(short:parse_action(s, "a1-a10/a7"))
    assert.same({ "a1", "a2", "a3", "b1", "b3", "b4", "b5", "c1", "c2", "c3", "d2", "d4", "e2", "e5" },
                grenades(short))
  end)

  it("T-G1 the help tells how far grenades fly, from grenade.moves", function()
    local short = wg.variant(trenches, { name = "trenches_short", grenade = { moves = "mQ3" } })
    assert.matches("From where the soldier lands its grenade moves up to three squares in any direction "
                   .. "%(T%-G1%)%.", (short:notation():gsub("\n", " ")))
    assert.matches("From where the soldier lands its grenade moves any distance in any direction "
                   .. "%(T%-G1%)%.", (trenches:notation():gsub("\n", " ")))
  end)

  it("T-G1 wargrid help variants trenches lists grenade.moves with its rule", function()
    local out = T.run { "help", "variants", "trenches" }
    assert.matches("\n  grenade%.moves %(T%-G1%) +string or list\n      where a grenade flies", out)
  end)
end)
