-- The Wehrschach house variants in examples/variants/ do what they say and
-- keep everything else of the game.
local T = require "wargrid.test"
local wg = require "wargrid"
local loader = require "wargrid.loader"
local variants = require "variants"

local base = T.game "wehrschach"

local function pos(game, map, rest)
  return T.position(game, T.board(game, map) .. " " .. (rest or "r -"))
end

-- The legal actions' texts, as a set.
local function legal(game, s)
  local set = {}
  for _, t in ipairs(game:action_texts(s)) do set[t] = true end
  return set
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

describe("variant: three supporters (W-K1)", function()
  local game = loader.load_file("examples/variants/wehrschach_three_supporters.lua")

  local function captures(g, s)
    local out = {}
    for _, t in ipairs(g:action_texts(s)) do
      if t:find("x") then out[#out + 1] = t end
    end
    return out
  end

  it("W-K1 two threats take in the game, not in the variant; three take in both", function()
    local two = { e5 = "I", d6 = "I", e6 = "i", k1 = "H", k11 = "h" }
    assert.same({ "d6xe6", "e5xe6" }, captures(base, pos(base, two)))
    assert.same({}, captures(game, pos(game, two)))
    two.f6 = "I"
    assert.same({ "d6xe6", "e5xe6", "f6xe6" }, captures(game, pos(game, two)))
  end)

  it("W-K3 its barrage needs three artillery, as the variant says", function()
    local guns = { a6 = "A", i6 = "A", e5 = "I", e6 = "i", k1 = "H", k11 = "h" }
    assert.is_true(legal(base, pos(base, guns))["barrage e6"])
    assert.is_nil(legal(game, pos(game, guns))["barrage e6"])
    guns.e2 = "A"
    assert.is_true(legal(game, pos(game, guns))["barrage e6"])
  end)
end)

describe("variant: one key a rule, W-K1 apart from W-K3", function()
  local function barrage(g, map) return legal(g, pos(g, map))["barrage e6"] end

  it("W-K1 W-K3 three supporters: a barrage by two artillery needs a third piece threatening", function()
    local game = wg.variant(base, { name = "w", support = 3 })
    local guns = { a6 = "A", i6 = "A", e6 = "i", k1 = "H", k11 = "h" }
    assert.is_true(barrage(base, guns))
    assert.is_nil(barrage(game, guns))
    guns.e5 = "I"
    assert.is_true(barrage(game, guns))
    assert.is_true(legal(game, pos(game, guns)).e5xe6)
  end)

  it("W-E1 an enclosure along ranks and files only, as its key says", function()
    local game = wg.variant(base, { name = "w", enclosure = "orthogonal" })
    local diagonal = { d5 = "I", f7 = "I", e6 = "i", k1 = "H", k11 = "h" }
    assert.is_true(legal(base, pos(base, diagonal))["enclose e6"])
    assert.is_nil(legal(game, pos(game, diagonal))["enclose e6"])
    local file = { e5 = "I", e7 = "I", e6 = "i", k1 = "H", k11 = "h" }
    assert.is_true(legal(game, pos(game, file))["enclose e6"])
    assert.matches("on opposite sides of one rank or file %(W%-E1%)", (game:notation():gsub("\n +", " ")))
    local ok, err = wg.variant(base, { name = "w", enclosure = "knight" }):validate()
    assert.is_nil(ok)
    assert.equal('W-E1 enclosure must be "all", "orthogonal" or "diagonal", not \'knight\': '
                 .. "override enclosure in the variant", err)
  end)

  it("W-K3 a barrage of three artillery leaves the takes to two supporters", function()
    local game = wg.variant(base, { name = "w", barrage = 3 })
    local guns = { a6 = "A", i6 = "A", e5 = "I", e6 = "i", k1 = "H", k11 = "h" }
    assert.is_nil(barrage(game, guns))
    assert.is_true(legal(game, pos(game, guns)).e5xe6)
    guns.e10 = "A"
    assert.is_true(barrage(game, guns))
  end)
end)

describe("variant: Wehrschach on 13x13 (W-B1..W-B5)", function()
  local game = loader.load_file("examples/variants/wehrschach_13x13.lua")
  -- the naive rules on the variant's board, as its file describes it
  local naive = require "naive.wehrschach" {
    files = 13, ranks = 13, mainlines = { 4, 10 },
    road = function(f) return f == 7 end,                               -- the g-file
    river = function(f, r) return f + r == 14 end,                      -- a13-m1
    sea = function(f, r) return (f == 2 and r == 6) or (f == 12 and r == 8) end,  -- b6, l8
  }

  local function no_judgement(text) return text:match(" %-$") end

  local function agrees(text)
    local s = T.position(game, text)
    local b, side = naive.read(text), s:side()
    assert.same(naive.actions(b, side), game:action_texts(s), text)
    assert.equal(naive.perft(b, side, 2), wg.perft(game, s, 2), text)
  end

  it("W-B2 W-B3 W-B5 the road, river, mainlines and zones follow the 13x13 board", function()
    local s = game:new()
    local r = game.rules
    local function has(name, layer) return s:has(r:square(name), game.L[layer]) end
    assert.is_true(has("g1", "road") and has("g13", "road") and not has("a1", "road"))
    assert.is_true(has("a13", "river") and has("m1", "river") and has("g7", "river"))
    assert.is_true(has("b6", "sea") and has("l8", "sea") and not has("b5", "sea"))
    assert.is_true(has("m4", "mainline") and has("a10", "mainline") and not has("c3", "mainline"))
    assert.is_true(has("a4", "red_zone") and not has("a5", "red_zone"))
    assert.is_true(has("a10", "blue_zone") and not has("a9", "blue_zone"))
  end)

  it("W-M2 infantry and tanks reach 4 along a road laid on a file", function()
    -- one square any way, and along the g-file to g1 and up to g7, short
    -- of the blue infantry on g8
    assert.equal("f2 f3 f4 g1 g2 g4 g5 g6 g7 h2 h3 h4",
                 targets(game, pos(game, { g3 = "I", f1 = "H", g8 = "i" }), "g3"))
  end)

  it("W-M3 W-C2 the headquarter keeps to its zone, up to the mainline on rank 4", function()
    assert.equal("e1 e3 f2 f3 f4 g1 g2 g4 h2 h3 h4 i1 i3",
                 targets(game, pos(game, { g3 = "H", a13 = "h" }), "g3"))
  end)

  it("W-M1..W-M7 W-K1..W-K4 W-E1 W-F1 perft 1 and 2 from the start agree with the naive rules", function()
    local s = game:new()
    assert.equal(182, wg.perft(game, s, 1))
    agrees(game:position_text(s))
  end)

  it("W-M1..W-M7 W-K1..W-K4 W-E1 W-F1 perft 1 and 2 agree on positions from seeded games", function()
    local texts = variants.positions(game, { 1, 2, 3 }, { 20, 40, 60 }, no_judgement)
    assert.is_true(#texts >= 6, #texts .. " positions")
    for _, text in ipairs(texts) do agrees(text) end
  end)

  it("W-K1..W-K4 W-E1 W-F1 every kind of action agrees with the naive rules along seeded games", function()
    local plies, kinds = {}, {}
    for ply = 5, 200, 5 do plies[#plies + 1] = ply end
    local texts = variants.positions(game, { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 }, plies, no_judgement)
    assert.is_true(#texts >= 300, #texts .. " positions")
    for _, text in ipairs(texts) do
      local s = T.position(game, text)
      local want = naive.actions(naive.read(text), s:side())
      assert.same(want, game:action_texts(s), text)
      for _, t in ipairs(want) do
        kinds[t:match("^(%a+) ") or (t:find("x") and "take" or "move")] = true
      end
    end
    assert.same({ move = true, take = true, barrage = true, enclose = true, fire = true }, kinds)
  end)

  it("W-J1..W-J8 200 seeded random games end without error, and round-trip", function()
    assert.equal(200, variants.playouts(game, 200, 20000))
  end)
end)

describe("variant: a smaller and a larger board, written the obvious way (W-B1..W-B5)", function()
  -- As a designer writes them from the guides and `help variants`: the
  -- board, the mainlines (W-B5) and the start; the 9x9 board lacks k7, so
  -- its sea is redeclared too. Road and river follow the board (W-B2, W-B3).
  local dir = T.tmpdir()
  local FILES = {
    ["w9.lua"] = [[
local wg = require "wargrid"
return wg.variant("wehrschach", {
  name = "wehrschach_9x9",
  board = { files = 9, ranks = 9, layers = { sea = { squares = { "b4", "h6" } } } },
  mainlines = { 3, 7 },
  start = "1f1bhb1f1/1a1ata1a1/iiti1itii/9/9/9/IITI1ITII/1A1ATA1A1/1F1BHB1F1 r -",
})
]],
    ["w13.lua"] = [[
local wg = require "wargrid"
return wg.variant("wehrschach", {
  name = "wehrschach_13",
  board = { files = 13, ranks = 13 },
  mainlines = { 3, 11 },
  start = "2f1b1h1b1f2/2a1a1t1a1a2/2iiti1itii2/13/13/13/13/13/13/13/"
          .. "2IITI1ITII2/2A1A1T1A1A2/2F1B1H1B1F2 r -",
})
]],
  }
  for name, text in pairs(FILES) do T.write(dir .. "/" .. name, text) end

  local boards = {
    ["w9.lua"] = { files = 9, ranks = 9, mainlines = { 3, 7 },
                   road = function(f, r) return f == r end,
                   river = function(f, r) return f + r == 10 end,
                   sea = function(f, r) return (f == 2 and r == 4) or (f == 8 and r == 6) end },
    ["w13.lua"] = { files = 13, ranks = 13, mainlines = { 3, 11 },
                    road = function(f, r) return f == r end,
                    river = function(f, r) return f + r == 14 end,
                    sea = function(f, r) return (f == 2 and r == 5) or (f == 11 and r == 7) end },
  }

  for _, name in ipairs { "w9.lua", "w13.lua" } do
    it("W-B1 W-B5 W-J1..W-J8 " .. name .. " loads, counts as the naive rules do, and a seeded game ends",
       function()
      local game = loader.load_file(dir .. "/" .. name)
      assert.is_true(game:validate())
      local s = game:new()
      local naive = require "naive.wehrschach" (boards[name])
      local n = wg.perft(game, s, 2)
      assert.is_true(n > 0)
      assert.equal(naive.perft(naive.read(game:position_text(s)), 1, 2), n)
      local out, err, code = T.run { "selfplay", "--variant", dir .. "/" .. name, "--games", "1",
                                     "--seed", "1", "--white", "random", "--black", "random",
                                     "--max-plies", "20000" }
      assert.equal(0, code, err)
      assert.matches("\n  cut off +0 ", out)
      assert.matches("\n  ended by: [^\n]*100%.0%%\n", out)
    end)
  end

  it("W-B4 the 9x9 board with the sea left at k7 is refused, naming the square", function()
    local err = variants.refused((FILES["w9.lua"]:gsub("board = {[^\n]*", "board = { files = 9, ranks = 9 },")))
    assert.matches("board%.layers%.sea%[2%]: 'k7' is not a square of the 9x9 board$", err)
  end)
end)

describe("variant: sudden death, a phase dropped (W-J6)", function()
  local game = loader.load_file("examples/variants/wehrschach_sudden_death.lua")
  -- Red's e5 and d6 threaten e6; Blue keeps four ground units more
  local map = { e5 = "I", d6 = "I", e6 = "i", a9 = "a", b9 = "t", c9 = "i", d9 = "i",
                k1 = "H", k11 = "h" }

  it("W-J6 the phases are play and the decided game, with no reply between", function()
    local names = {}
    for i, p in ipairs(game.phases) do names[i] = p.name end
    assert.same({ "play", "decided" }, names)
    assert.equal("decided", game.phases[1].next)
  end)

  it("W-J2 a judgement wins at once: no reply", function()
    local s = pos(game, map)
    T.play(game, s, "e5xe6")
    assert.equal("decided", game:phase_now(s).name)
    assert.equal(0, game:legal(s):size())
    assert.equal("Red wins by judgement: the enemy down to 4 ground units (W-J2); no reply "
                 .. "possible (W-J6)", game:outcome(s).text)
    -- in the game itself Blue replies
    local b = pos(base, map)
    T.play(base, b, "e5xe6")
    assert.equal("reply", base:phase_now(b).name)
    assert.is_true(base:legal(b):size() > 0)
  end)
end)

describe("variant: Wehrschach without tanks and bombers", function()
  local game = wg.variant(base, {
    name = "wehrschach_light", pieces = { tank = false, bomber = false },
    start = "1f5f1h1/1a1a3a1a1/1ii1i1i1ii1/11/11/11/11/11/1II1I1I1II1/1A1A3A1A1/1F5F1H1 r -",
  })
  local naive = require "naive.wehrschach" {
    files = 11, ranks = 11, mainlines = { 3, 9 },
    road = function(f, r) return f == r end,
    river = function(f, r) return f + r == 12 end,
    sea = function(f, r) return (f == 2 and r == 5) or (f == 11 and r == 7) end,
  }

  it("W-M4 W-J2 loads, agrees with the naive rules, and plays to the end", function()
    assert.is_true(game:validate())
    local s = game:new()
    local b = naive.read(game:position_text(s))
    assert.same(naive.actions(b, 1), game:action_texts(s))
    assert.equal(naive.perft(b, 1, 2), wg.perft(game, s, 2))
    assert.equal(20, variants.playouts(game, 20, 20000))
  end)
end)

describe("variant: what Wehrschach refuses at load", function()
  it("W-B5 a mainline off the board", function()
    local err = variants.refused [[
      return require("wargrid").variant("wehrschach", {
        name = "wehrschach_deep", mainlines = { 3, 12 } })
    ]]
    assert.equal("VARIANT: game wehrschach_deep: W-B5 the mainline on rank 12 is off the "
                 .. "board (11 ranks): override mainlines in the variant", err)
  end)

  it("W-B5 mainlines in the wrong order, or not two", function()
    local ok, err = wg.variant(base, { name = "w", mainlines = { 9, 3 } }):validate()
    assert.is_nil(ok)
    assert.equal("W-B5 Red's mainline (rank 9) must lie below Blue's (rank 3): override "
                 .. "mainlines in the variant", err)
    ok, err = wg.variant(base, { name = "w", mainlines = { 3 } }):validate()
    assert.is_nil(ok)
    assert.equal("W-B5 mainlines must be two ranks, Red's and Blue's: override mainlines "
                 .. "in the variant", err)
  end)

  it("W-J1 W-J4 a judgement counting a piece type the variant removed", function()
    local ok, err = wg.variant(base, { name = "w", pieces = { headquarter = false } }):validate()
    assert.is_nil(ok)
    assert.equal("W-J1 the judgement counts the headquarter, a piece type the game has not: "
                 .. "keep pieces.headquarter in the variant", err)
    ok, err = wg.variant(base, { name = "w", pieces = { infantry = false } }):validate()
    assert.is_nil(ok)
    assert.matches("^W%-J4 the judgement counts the infantry", err)
  end)

  it("W-K3 a barrage of no artillery only while some piece stays to capture", function()
    local ok, err = wg.variant(base, { name = "w", barrage = 0 }):validate()
    assert.is_nil(ok)
    assert.equal("W-K3 barrage must be a whole number of pieces, at least 1: override barrage "
                 .. "in the variant", err)
    -- without artillery no barrage is in force, and nothing is refused
    local light = wg.variant(base, {
      name = "w", pieces = { artillery = false }, barrage = 0,
      start = "1f1b1h1b1f1/11/1iiti1itii1/11/11/11/11/11/1IITI1ITII1/11/1F1B1H1B1F1 r -",
    })
    assert.is_true(light:validate())
    assert.is_true(wg.perft(light, light:new(), 2) > 0)
  end)

  it("W-J2 W-J3 the judgement's numbers are whole and not negative", function()
    local ok, err = wg.variant(base, { name = "w", advance = 0 }):validate()
    assert.is_nil(ok)
    assert.equal("W-J3 advance must be a whole number of ground units, at least 1: override "
                 .. "advance in the variant", err)
    ok, err = wg.variant(base, { name = "w", ground_left = -1 }):validate()
    assert.is_nil(ok)
    assert.matches("^W%-J2 ground_left must be a whole number of ground units, at least 0", err)
  end)

  it("W-K1 captures that need no support", function()
    local ok, err = wg.variant(base, { name = "w", support = 0 }):validate()
    assert.is_nil(ok)
    assert.equal("W-K1 support must be a whole number of pieces, at least 1: override support "
                 .. "in the variant", err)
  end)
end)
