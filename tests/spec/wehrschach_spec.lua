-- Wehrschach (scripts/games/wehrschach/rules.md), one describe per section of
-- the rules. Expected action sets are worked out by hand from the rules;
-- perft counts are checked by a second, naive implementation below.
local T = require "wargrid.test"
local wg = require "wargrid"
local natural_less = require("wargrid.game").natural_less
-- the executable under test (make test-sanitize: build/san)
local WARGRID = (os.getenv("WARGRID_BUILD") or "build") .. "/wargrid"

local game = T.game "wehrschach"
local rules = game.rules
local K = game.KIND

-- A position from a map of squares to letters (upper case Red), the side
-- to move and the pending judgement ("r -" by default).
local function pos(map, rest)
  return T.position(game, T.board(game, map) .. " " .. (rest or "r -"))
end

local function words(text)
  local out = {}
  for w in text:gmatch("%S+") do out[#out + 1] = w end
  return out
end

local function sorted(list)
  table.sort(list, natural_less)
  return list
end

-- The legal actions from a square are exactly the moves to `targets`.
local function expect_moves(s, from, targets)
  local want = {}
  for _, t in ipairs(words(targets)) do want[#want + 1] = from .. t end
  assert.same(sorted(want), T.from(game, s, from))
end

-- Squares of the pieces of side `by` that threaten `target`.
local function threatening(s, target, by)
  local out = wg.actions()
  s:threats(out, by, 1, rules:square(target))
  local names = {}
  for i = 1, out:size() do
    local _, a = wg.fields(out:get(i))
    names[#names + 1] = rules:name(a)
  end
  return sorted(names)
end

local function texts(s)
  local set = {}
  for _, t in ipairs(game:action_texts(s)) do set[t] = true end
  return set
end

-- The texts of the legal actions starting with a word ("enclose", ...).
local function kind_texts(s, word)
  local out = {}
  for _, t in ipairs(game:action_texts(s)) do
    if t:sub(1, #word) == word then out[#out + 1] = t end
  end
  return out
end

-- Every action `side` could take, whoever is to move.
local function actions_of(s, side)
  local out, set = wg.actions(), {}
  game:actions_of(s, side, out)
  for i = 1, out:size() do set[game:action_text(s, out:get(i))] = true end
  return set
end

local function sq(name) return assert(rules:square(name)) end

-- A copy of a square map with changes (false empties a square).
local function with(map, changes)
  local out = {}
  for k, v in pairs(map) do out[k] = v end
  for k, v in pairs(changes) do out[k] = v or nil end
  return out
end

describe("wehrschach: board (W-B)", function()
  local s = game:new()

  local function layer_squares(name)
    local out = {}
    for i = 1, 121 do
      if s:has(i, game.L[name]) then out[#out + 1] = rules:name(i) end
    end
    return sorted(out)
  end

  it("W-B1 is 11x11 with files a-k and ranks 1-11", function()
    assert.equal(11, game.files)
    assert.equal(11, game.ranks)
    assert.equal(121, sq("k11"))
    assert.is_nil(rules:square("l1"))
    assert.is_nil(rules:square("a12"))
  end)

  it("W-B2 RULING the main road is the diagonal a1-k11", function()
    assert.same(sorted(words("a1 b2 c3 d4 e5 f6 g7 h8 i9 j10 k11")), layer_squares("road"))
  end)

  it("W-B3 RULING the river is the diagonal a11-k1, f6 road and river", function()
    assert.same(sorted(words("a11 b10 c9 d8 e7 f6 g5 h4 i3 j2 k1")), layer_squares("river"))
    assert.is_true(s:has(sq("f6"), game.L.road) and s:has(sq("f6"), game.L.river))
  end)

  it("W-B4 the sea is b5 and k7", function()
    assert.same({ "b5", "k7" }, layer_squares("sea"))
  end)

  it("W-B5 mainlines on ranks 3 and 9; zones are the mainline and behind", function()
    local ml, red, blue = layer_squares("mainline"), layer_squares("red_zone"),
                          layer_squares("blue_zone")
    assert.equal(22, #ml)
    for _, n in ipairs(ml) do assert.truthy(n:match("^%a[39]$")) end
    assert.equal(33, #red)
    for _, n in ipairs(red) do assert.truthy(n:match("^%a[123]$")) end
    assert.equal(33, #blue)
    for _, n in ipairs(blue) do assert.truthy(n:match("^%a9$") or n:match("^%a1[01]$")) end
  end)

  it("W-B2..W-B5 the board drawing shows road, river, sea, mainlines and a legend", function()
    local text = game:render(s)
    local lines = {}
    for l in (text .. "\n"):gmatch("(.-)\n") do lines[#lines + 1] = l end
    assert.equal(" 7  . . . . \\ . / . . . ~", lines[5])
    assert.equal(" 9  - i i t i - i t i i -", lines[3])
    assert.equal(" 5  . ~ . . / . \\ . . . .", lines[7])
    assert.equal("~ sea   / main road   \\ river   - mainlines", lines[#lines])
    local coloured = game:render(s, { colour = true })
    assert.matches("\27%[44m~\27%[0m sea", coloured)            -- the sea is blue
    assert.matches("\27%[1;31;42mI\27%[0m", coloured)            -- red infantry on a mainline
  end)
end)

describe("wehrschach: setup (W-S)", function()
  local s = game:new()

  it("W-S1 Red's pieces stand as the ruling gives them", function()
    local want = {
      b3 = "I", c3 = "I", d3 = "T", e3 = "I", g3 = "I", h3 = "T", i3 = "I", j3 = "I",
      b2 = "A", d2 = "A", f2 = "T", h2 = "A", j2 = "A",
      b1 = "F", d1 = "B", f1 = "H", h1 = "B", j1 = "F",
    }
    for i = 1, 121 do
      local pid = s:at(i)
      if pid and s:side_of(pid) == 1 then
        local name = rules:name(i)
        assert.equal(want[name], game.type_letter[s:type(pid)]:upper(), name)
        want[name] = nil
      end
    end
    assert.same({}, want)
    local counts = {}
    for name, id in pairs(game.T) do counts[name] = s:count(1, id) end
    assert.same({ infantry = 6, tank = 3, fighter = 2, bomber = 2, artillery = 4,
                  headquarter = 1 }, counts)
  end)

  it("W-S2 RULING Blue's setup is Red's turned 180 degrees", function()
    for i = 1, 121 do
      local f, r = rules:coords(i)
      local turned = rules:at(12 - f, 12 - r)
      local a, b = s:at(i), s:at(turned)
      assert.equal(a == nil, b == nil)
      if a then
        assert.equal(s:type(a), s:type(b))
        assert.equal(3 - s:side_of(a), s:side_of(b))
      end
    end
    assert.equal("h", game.type_letter[s:type(s:at(sq("f11")))])
    assert.equal("t", game.type_letter[s:type(s:at(sq("f10")))])
    assert.equal("i", game.type_letter[s:type(s:at(sq("j9")))])
  end)

  it("W-S3 RULING Red moves first", function()
    assert.equal(1, s:side())
    assert.equal("red", game:side_name(s:side()))
    assert.equal("1f1b1h1b1f1/1a1a1t1a1a1/1iiti1itii1/11/11/11/11/11/1IITI1ITII1/1A1A1T1A1A1/1F1B1H1B1F1 r -",
                 game:position_text(s))
  end)
end)

describe("wehrschach: a turn (W-T)", function()
  it("W-T1 a turn is exactly one action, then the other side moves", function()
    local s = game:new()
    T.play(game, s, "e3e4")
    assert.equal(2, s:side())
    assert.equal("1f1b1h1b1f1/1a1a1t1a1a1/1iiti1itii1/11/11/11/11/4I6/1IIT2ITII1/1A1A1T1A1A1/1F1B1H1B1F1 b -",
                 game:position_text(s))
  end)

  it("W-T1 passing is not an action, and capturing is never compulsory", function()
    local s = pos { e5 = "I", d6 = "I", e6 = "i", k1 = "H", k11 = "h" }
    local all = texts(s)
    assert.is_nil(all.pass)
    assert.is_true(all.e5xe6)
    assert.is_true(all.e5e4)   -- a move is legal beside the capture
    for t in pairs(all) do assert.is_nil(t:match("^(%a%d+)%1$")) end
  end)
end)

describe("wehrschach: movement (W-M)", function()
  it("W-M1 infantry moves 1 square in the 8 directions", function()
    expect_moves(pos { d6 = "I" }, "d6", "c5 c6 c7 d5 d7 e5 e6 e7")
  end)

  it("W-M1 the tank moves up to 3 (and its L-paths, W-M7)", function()
    expect_moves(pos { d6 = "T" }, "d6", "a3 a6 a9 b4 b6 b7 b8 c4 c5 c6 c7 c8 d3 d4 d5 "
                 .. "d7 d8 d9 e4 e5 e6 e7 e8 f4 f5 f6 f7 f8 g3 g6 g9")
  end)

  it("W-M1 artillery moves up to 4", function()
    expect_moves(pos { d6 = "A" }, "d6", "a3 a6 a9 b4 b6 b8 c5 c6 c7 d2 d3 d4 d5 d7 d8 "
                 .. "d9 d10 e5 e6 e7 f4 f6 f8 g3 g6 g9 h2 h6 h10")
  end)

  it("W-M1 fighters and bombers move up to 5", function()
    local targets = "a3 a6 a9 b4 b6 b8 c5 c6 c7 d1 d2 d3 d4 d5 d7 d8 d9 d10 d11 "
                    .. "e5 e6 e7 f4 f6 f8 g3 g6 g9 h2 h6 h10 i1 i6 i11"
    expect_moves(pos { d6 = "F" }, "d6", targets)
    expect_moves(pos { d6 = "B" }, "d6", targets)
  end)

  it("W-M1 W-M3 the headquarter moves up to 2 and never leaves its zone", function()
    expect_moves(pos { f2 = "H" }, "f2", "d2 e1 e2 e3 f1 f3 g1 g2 g3 h2")
    expect_moves(pos({ f10 = "h" }, "b -"), "f10", "d10 e9 e10 e11 f9 f11 g9 g10 g11 h10")
  end)

  it("W-M2 infantry and tanks move up to 4 along the main road", function()
    expect_moves(pos { d4 = "I" }, "d4", "a1 b2 c3 c4 c5 d3 d5 e3 e4 e5 f6 g7 h8")
    expect_moves(pos { b2 = "T" }, "b2", "a1 a2 a3 a4 b1 b3 b4 c1 c2 c3 c4 d1 d2 d3 d4 e2 e5 f6")
  end)

  it("W-M2 W-M4 the road move stops before a piece", function()
    expect_moves(pos { d4 = "I", g7 = "i" }, "d4", "a1 b2 c3 c4 c5 d3 d5 e3 e4 e5 f6")
  end)

  it("W-M4 ground units pass no piece", function()
    expect_moves(pos { d6 = "A", d8 = "I", f6 = "i" }, "d6",
                 "a3 a6 a9 b4 b6 b8 c5 c6 c7 d2 d3 d4 d5 d7 e5 e6 e7 f4 f8 g3 g9 h2 h10")
  end)

  it("W-M4 planes pass over pieces but not enemy planes and artillery", function()
    local s = pos { d6 = "F", d8 = "A", f6 = "i", d4 = "t", b8 = "f", f8 = "a" }
    expect_moves(s, "d6", "a3 a6 b4 b6 c5 c6 c7 d1 d2 d3 d5 d7 d9 d10 d11 "
                 .. "e5 e6 e7 f4 g3 g6 h2 h6 i1 i6")
  end)

  it("W-M5 no piece ends a move on the sea", function()
    expect_moves(pos { b4 = "I" }, "b4", "a3 a4 a5 b3 c3 c4 c5")
  end)

  it("W-M5 ground units cannot cross the sea; planes can", function()
    expect_moves(pos { b3 = "A" }, "b3", "a2 a3 a4 b1 b2 b4 c2 c3 c4 d1 d3 d5 e3 e6 f3 f7")
    expect_moves(pos { b3 = "F" }, "b3", "a2 a3 a4 b1 b2 b4 b6 b7 b8 c2 c3 c4 d1 d3 d5 e3 "
                 .. "e6 f3 f7 g3 g8")
  end)

  it("W-M6 pieces enter and cross the river, but never step along it", function()
    -- e7 is a river square; d8 and f6 beside it on the river line are too
    expect_moves(pos { e7 = "A" }, "e7", "a3 a7 b4 b7 c5 c7 d6 d7 e3 e4 e5 e6 e8 e9 e10 "
                 .. "e11 f7 f8 g7 g9 h7 h10 i7 i11")
    expect_moves(pos { j2 = "H" }, "j2", "h2 i1 i2 j1 j3 k2 k3")
  end)

  it("W-M6 RULING a diagonal step between two river squares is allowed", function()
    -- e6-f7 passes between e7 and f6 (both river) without entering either
    expect_moves(pos { e6 = "I" }, "e6", "d5 d6 d7 e5 e7 f5 f6 f7")
  end)

  it("W-M6 planes move along the river", function()
    expect_moves(pos { e7 = "F" }, "e7", "a3 a7 a11 b4 b7 b10 c5 c7 c9 d6 d7 d8 e2 e3 e4 e5 "
                 .. "e6 e8 e9 e10 e11 f6 f7 f8 g5 g7 g9 h4 h7 h10 i3 i7 i11 j2 j7")
  end)

  it("W-M7 RULING the knight move is an L-path, blocked when both paths are", function()
    -- e4 and f5 block both paths to e6 and d5, one path to d3, e2, g2, h3
    expect_moves(pos { f4 = "T", e4 = "I", f5 = "I" }, "f4",
                 "c1 c7 d2 d3 d6 e2 e3 e5 f1 f2 f3 g2 g3 g4 g5 g6 h2 h3 h4 h5 h6 i1 i4 i7")
  end)

  it("W-M5 W-M7 RULING an L-path is closed by the sea on the way", function()
    -- to b4: over b6 and the sea b5, or over a5 (taken)
    expect_moves(pos { a6 = "T", a5 = "i" }, "a6", "a7 a8 a9 b6 b7 b8 c5 c6 c7 c8 d6 d9")
  end)
end)

describe("wehrschach: threat (W-C)", function()
  it("W-C1 infantry threatens the orthogonally adjacent squares only", function()
    local s = pos { e5 = "I", e6 = "i", f6 = "i", d5 = "i" }
    assert.same({ "e5" }, threatening(s, "e6", 1))
    assert.same({ "e5" }, threatening(s, "d5", 1))
    assert.same({}, threatening(s, "f6", 1))
  end)

  it("W-C2 the headquarter threatens exactly 2 away, over an empty square", function()
    local s = pos { d1 = "H", d3 = "i", b1 = "i", e1 = "I", f1 = "i", d2 = "i" }
    assert.same({}, threatening(s, "d3", 1))          -- d2 is taken
    assert.same({ "d1" }, threatening(s, "b1", 1))
    assert.same({ "e1" }, threatening(s, "f1", 1))     -- not the headquarter: e1 between
    assert.same({}, threatening(s, "d2", 1))           -- 1 away
    s = pos { d1 = "H", d3 = "i" }
    assert.same({ "d1" }, threatening(s, "d3", 1))
  end)

  it("W-C2 the headquarter's target must be inside its own zone", function()
    local s = pos { d2 = "H", d4 = "i", b2 = "i" }
    assert.same({}, threatening(s, "d4", 1))
    assert.same({ "d2" }, threatening(s, "b2", 1))
    s = pos({ d10 = "h", d8 = "I", f10 = "I" }, "b -")
    assert.same({}, threatening(s, "d8", 2))
    assert.same({ "d10" }, threatening(s, "f10", 2))
  end)

  it("W-C3 the tank threatens exactly 3 away, or a knight's square by an L-path", function()
    local s = pos { e4 = "T", e7 = "i", h4 = "i", b4 = "i", e1 = "i", h7 = "i", f6 = "i", d2 = "i" }
    for _, t in ipairs { "e7", "h4", "b4", "e1", "f6", "d2" } do
      assert.same({ "e4" }, threatening(s, t, 1), t)
    end
    assert.same({}, threatening(s, "h7", 1))
    s = pos { e4 = "T", e6 = "i", g4 = "i" }
    assert.same({}, threatening(s, "e6", 1))
    assert.same({}, threatening(s, "g4", 1))
  end)

  it("W-C3 the tank's paths must be empty and not sea", function()
    local s = pos { e4 = "T", e5 = "I", f4 = "I", f6 = "i", e7 = "i" }
    assert.same({}, threatening(s, "f6", 1))
    assert.same({}, threatening(s, "e7", 1))
    s = pos { b3 = "T", b6 = "i" }
    assert.same({}, threatening(s, "b6", 1))           -- b5 is sea
  end)

  it("W-C4 artillery threatens exactly 4 away over pieces and the sea", function()
    local s = pos { b2 = "A", b3 = "I", b4 = "i", b6 = "i", f2 = "i", g2 = "i", b1 = "i" }
    assert.same({ "b2" }, threatening(s, "b6", 1))
    assert.same({ "b2" }, threatening(s, "f2", 1))
    assert.same({}, threatening(s, "g2", 1))
    assert.same({}, threatening(s, "b1", 1))
  end)

  it("W-C5 planes threaten exactly 5 away; only enemy planes and artillery block", function()
    assert.same({ "b1" }, threatening(pos { b1 = "F", b2 = "I", b3 = "i", b6 = "i" }, "b6", 1))
    assert.same({ "b1" }, threatening(pos { b1 = "B", b3 = "A", b4 = "t", b6 = "i" }, "b6", 1))
    assert.same({ "b1" }, threatening(pos { b1 = "F", b3 = "F", b6 = "i" }, "b6", 1))
    assert.same({}, threatening(pos { b1 = "F", b4 = "a", b6 = "i" }, "b6", 1))
    assert.same({}, threatening(pos { b1 = "F", b3 = "f", b6 = "i" }, "b6", 1))
    assert.same({}, threatening(pos { b1 = "F", b3 = "b", b6 = "i" }, "b6", 1))
    local s = pos { a8 = "F", e8 = "i", f8 = "i" }
    assert.same({ "a8" }, threatening(s, "f8", 1))
    assert.same({}, threatening(s, "e8", 1))
  end)

  it("W-C6 the river does not affect threats", function()
    -- e5-e8 crosses the river square e7; e7 and f6 are river squares
    assert.same({ "e5" }, threatening(pos { e5 = "T", e8 = "i" }, "e8", 1))
    assert.same({ "e7" }, threatening(pos { e7 = "I", f7 = "i" }, "f7", 1))
  end)
end)

describe("wehrschach: capture by two supporters (W-K)", function()
  it("W-K1 one threat is not enough to capture", function()
    local s = pos { e5 = "I", e6 = "i", k1 = "H", k11 = "h" }
    -- only moves (e5 is on the road): no e5xe6
    expect_moves(s, "e5", "a1 b2 c3 d4 d5 d6 e4 f4 f5 f6 g7 h8 i9")
  end)

  it("W-K1 W-K2 with two threats each threatening piece may take", function()
    local s = pos { e5 = "I", d6 = "I", e6 = "i" }
    local all = texts(s)
    assert.is_true(all.e5xe6)
    assert.is_true(all.d6xe6)
    T.play(game, s, "d6xe6")
    assert.equal("I", game.type_letter[s:type(s:at(sq("e6")))]:upper())
    assert.equal(1, s:side_of(s:at(sq("e6"))))
    assert.is_nil(s:at(sq("d6")))
    assert.equal(0, s:count(2))
  end)

  it("W-K3 W-K4 artillery never moves; two artillery barrage, once", function()
    -- e6 is threatened by artillery e2 and a6 (4 away) and infantry f6
    local s = pos { e6 = "i", e2 = "A", a6 = "A", f6 = "I" }
    local on_e6 = {}
    for t in pairs(texts(s)) do
      if t:find("e6$") and (t:find("x") or t:find("^barrage")) then on_e6[#on_e6 + 1] = t end
    end
    assert.same({ "barrage e6", "f6xe6" }, sorted(on_e6))
    T.play(game, s, "barrage e6")
    assert.is_nil(s:at(sq("e6")))
    assert.truthy(s:at(sq("e2")) and s:at(sq("a6")) and s:at(sq("f6")))
  end)

  it("W-K3 one artillery supports but does not take or barrage", function()
    local s = pos { e6 = "i", e2 = "A", f6 = "I" }
    local all = texts(s)
    assert.is_true(all.f6xe6)
    assert.is_nil(all["barrage e6"])
    assert.is_nil(all.e2xe6)
  end)

  it("W-K3 two artillery alone barrage", function()
    local s = pos { e6 = "i", e2 = "A", a6 = "A" }
    assert.same({ "barrage e6" }, kind_texts(s, "barrage"))
    assert.is_nil(texts(s).e2xe6)
  end)

  it("W-K4 the captures of X: a take per moving threat and one barrage", function()
    -- e6 is threatened by infantry e5, tank b6 (3 away), fighter e11 (5
    -- away, over its own artillery), artillery i6 and e10 (4 away)
    local s = pos { e6 = "i", e5 = "I", b6 = "T", e11 = "F", i6 = "A", e10 = "A" }
    local on = {}
    for t in pairs(texts(s)) do
      if t:find("e6$") and (t:find("x") or t:find("^barrage")) then on[#on + 1] = t end
    end
    assert.same({ "b6xe6", "barrage e6", "e5xe6", "e11xe6" }, sorted(on))
  end)

  it("W-K4 RULING barrage and enclosure of X are two actions", function()
    local s = pos { e6 = "i", d5 = "I", f7 = "I", e2 = "A", a6 = "A" }
    assert.same({ "barrage e6" }, kind_texts(s, "barrage"))
    assert.same({ "enclose e6" }, kind_texts(s, "enclose"))
    local a, b = s:copy(), s:copy()
    T.play(game, a, "barrage e6")
    T.play(game, b, "enclose e6")
    assert.equal(game:position_text(a), game:position_text(b))
    assert.equal(#game:action_texts(s), wg.perft(game, s, 1))
  end)
end)

describe("wehrschach: enclosure (W-E)", function()
  local lines = {
    { "horizontal", "d6", "f6" }, { "vertical", "e5", "e7" },
    { "diagonal", "d5", "f7" }, { "anti-diagonal", "d7", "f5" },
  }
  for _, l in ipairs(lines) do
    it("W-E1 an enemy piece between two adjacent pieces is removed: " .. l[1], function()
      local s = pos { e6 = "i", [l[2]] = "I", [l[3]] = "A" }
      assert.same({ "enclose e6" }, kind_texts(s, "enclose"))
      T.play(game, s, "enclose e6")
      assert.is_nil(s:at(sq("e6")))
      assert.truthy(s:at(sq(l[2])) and s:at(sq(l[3])))   -- the enclosers stay
      assert.equal(2, s:side())
    end)
  end

  it("W-E1 not opposite, not adjacent, or one of them enemy: no enclosure", function()
    assert.same({}, kind_texts(pos { e6 = "i", d6 = "I", f7 = "I" }, "enclose"))
    assert.same({}, kind_texts(pos { e6 = "i", d6 = "I", g6 = "I" }, "enclose"))
    assert.same({}, kind_texts(pos { e6 = "i", d6 = "I", f6 = "t" }, "enclose"))
    -- Red enclosed by Blue is Blue's action, not Red's
    assert.same({}, kind_texts(pos { e6 = "I", d6 = "i", f6 = "i" }, "enclose"))
    assert.same({ "enclose e6" }, kind_texts(pos({ e6 = "I", d6 = "i", f6 = "i" }, "b -"), "enclose"))
  end)

  it("W-E1 any pieces enclose, the headquarter too, just outside its zone", function()
    local s = pos { e3 = "H", e5 = "I", e4 = "i" }
    assert.same({ "enclose e4" }, kind_texts(s, "enclose"))
    s = pos { d2 = "B", f4 = "F", e3 = "i" }
    assert.same({ "enclose e3" }, kind_texts(s, "enclose"))
  end)

  it("W-E2 RULING every existing enclosure counts; one removal per turn", function()
    local s = pos { e6 = "i", d6 = "I", f6 = "I", g6 = "i", h6 = "I", k1 = "H", k11 = "h",
                    a11 = "a", b11 = "a", c11 = "a", d11 = "a", i11 = "i" }
    assert.same({ "enclose e6", "enclose g6" }, kind_texts(s, "enclose"))
    T.play(game, s, "enclose g6")
    assert.is_nil(s:at(sq("g6")))
    assert.truthy(s:at(sq("e6")))
    assert.equal(2, s:side())
  end)
end)

describe("wehrschach: combined fire (W-F)", function()
  it("W-F1 a plane takes an adjacent enemy with artillery 4 beyond it", function()
    local s = pos { c6 = "F", d6 = "i", h6 = "A" }
    assert.same({ "fire c6xd6" }, kind_texts(s, "fire"))
    assert.is_nil(texts(s).c6xd6)                   -- not a take: one threat only
    T.play(game, s, "fire c6xd6")
    assert.equal(1, s:side_of(s:at(sq("d6"))))
    assert.is_nil(s:at(sq("c6")))
    assert.truthy(s:at(sq("h6")))
    assert.equal(0, s:count(2))
  end)

  it("W-F1 bombers too, on files, over pieces between X and the artillery", function()
    local s = pos { d2 = "B", d3 = "t", d4 = "I", d5 = "i", d7 = "A" }
    assert.same({ "fire d2xd3" }, kind_texts(s, "fire"))
  end)

  it("W-F1 the artillery must be exactly 4 beyond X, on the line, and the mover's", function()
    assert.same({}, kind_texts(pos { c6 = "F", d6 = "i", g6 = "A" }, "fire"))
    assert.same({}, kind_texts(pos { c6 = "F", d6 = "i", i6 = "A" }, "fire"))
    assert.same({}, kind_texts(pos { c6 = "F", d6 = "i", h6 = "a" }, "fire"))
    assert.same({}, kind_texts(pos { c6 = "F", d6 = "I", h6 = "A" }, "fire"))
    assert.same({}, kind_texts(pos { c5 = "F", d6 = "i", h10 = "A" }, "fire"))  -- diagonal
    assert.same({}, kind_texts(pos { c6 = "T", d6 = "i", h6 = "A" }, "fire"))   -- not a plane
  end)
end)

-- Positions for the judgement: each side has its headquarter and at least
-- five ground units, so nothing holds until the test's action.
local BASE = { f1 = "H", a1 = "A", b1 = "A", j1 = "A", k1 = "A", c1 = "I", d1 = "I",
               f11 = "h", a11 = "a", b11 = "a", j11 = "a", k11 = "a", c11 = "i", d11 = "i" }
local function with_base(extra) return with(BASE, extra) end

describe("wehrschach: judgement (W-J)", function()
  it("W-J1 W-J6 capturing the headquarter, and a reply that does not answer", function()
    local s = pos(with_base { e11 = "I", g11 = "I" })
    T.play(game, s, "g11xf11")
    assert.matches(" b r:1$", game:position_text(s))
    assert.is_nil(T.outcome(game, s))
    T.play(game, s, "k11k10")
    assert.matches(" r r:1$", game:position_text(s))
    local o = T.outcome(game, s)
    assert.equal(1, o.winner)
    assert.matches("W%-J1", o.reason)
    assert.equal("Red wins by judgement: the enemy headquarter captured (W-J1); "
                 .. "the reply did not answer it (W-J6)", o.text)
  end)

  it("W-J2 the enemy down to 4 ground units", function()
    local s = pos { f1 = "H", a1 = "A", b1 = "A", j1 = "A", k1 = "A", e5 = "I", d6 = "I",
                    f11 = "h", a11 = "a", k11 = "a", c11 = "i", d11 = "i", e6 = "i" }
    T.play(game, s, "e5xe6")
    assert.matches(" b r:2$", game:position_text(s))
    T.play(game, s, "k11k10")
    local o = T.outcome(game, s)
    assert.equal(1, o.winner)
    assert.matches("the enemy down to 4 ground units %(W%-J2%)", o.reason)
  end)

  -- Red has four units on rank 9 and brings the fifth; Blue can take a9
  -- (a8 and a10 threaten it) or enclose it.
  local J3 = { f1 = "H", a1 = "A", b1 = "A", a9 = "I", b9 = "I", c9 = "I", d9 = "I", e8 = "I",
               f11 = "h", a10 = "i", a8 = "i", j11 = "a", k11 = "a", k10 = "i" }

  it("W-J3 five ground units, one of them infantry, on or beyond the mainline", function()
    local s = pos(J3)
    T.play(game, s, "e8e9")
    assert.matches(" b r:3$", game:position_text(s))
    T.play(game, s, "k10k9")
    local o = T.outcome(game, s)
    assert.equal(1, o.winner)
    assert.matches("W%-J3", o.reason)
  end)

  it("W-J3 not without infantry, and planes do not count", function()
    local s = pos { f1 = "H", a1 = "I", b9 = "A", c9 = "A", d9 = "T", e9 = "T", g8 = "T",
                    f11 = "h", a11 = "a", j11 = "a", k11 = "a", k10 = "i", j10 = "i" }
    T.play(game, s, "g8g9")
    assert.matches(" b %-$", game:position_text(s))
    s = pos { f1 = "H", a1 = "I", b9 = "I", c9 = "I", d9 = "I", e9 = "I", g8 = "F",
              f11 = "h", a11 = "a", j11 = "a", k11 = "a", k10 = "i", j10 = "i" }
    T.play(game, s, "g8g9")
    assert.matches(" b %-$", game:position_text(s))
  end)

  it("W-J4 the enemy has no infantry left", function()
    local s = pos { f1 = "H", a1 = "A", b1 = "A", e5 = "I", d6 = "I",
                    f11 = "h", a11 = "a", b11 = "a", j11 = "a", k11 = "a", j10 = "t", e6 = "i" }
    T.play(game, s, "e5xe6")
    assert.matches(" b r:4$", game:position_text(s))
  end)

  -- Blue's corner i9-k11 is boxed in by Red; no Red piece is threatened
  -- twice, none is enclosed, Blue has no plane.
  local BOX = { f1 = "H", g7 = "I", h9 = "I", h10 = "I", h11 = "I", i8 = "I", j8 = "I", k8 = "I",
                k11 = "h", j11 = "i", i11 = "i", i10 = "i", i9 = "i", j9 = "i", k9 = "i",
                j10 = "a", k10 = "a" }

  it("W-J5 the enemy has no legal action", function()
    local s = pos(BOX)
    assert.is_true(actions_of(s, 2).i9h8)
    T.play(game, s, "g7h8")
    assert.matches(" b %-$", game:position_text(s))
    assert.same({}, game:action_texts(s))
    local o = T.outcome(game, s)
    assert.equal(1, o.winner)
    assert.equal("judgement: the enemy has no legal action (W-J5)", o.reason)
  end)

  it("W-J6 a judgement with no reply possible wins", function()
    -- no blue headquarter: W-J1
    local s = pos(with(BOX, { g7 = false, h8 = "I", k11 = "i" }), "b r:1")
    local o = T.outcome(game, s)
    assert.equal(1, o.winner)
    assert.matches("W%-J1.*no reply possible %(W%-J6%)", o.reason)
  end)

  it("W-J6 a reply that reaches a judgement draws", function()
    local s = pos(with_base { e11 = "I", g11 = "I", e1 = "i", g1 = "i" })
    T.play(game, s, "e11xf11")
    assert.matches(" b r:1$", game:position_text(s))
    T.play(game, s, "g1xf1")
    local text = game:position_text(s)
    assert.matches(" r r:1$", text)
    local o = T.outcome(game, s)
    assert.equal(0, o.winner)
    assert.matches("counter%-judgement", o.reason)
    assert.matches("red's judgement %(the enemy headquarter captured %(W%-J1%)%) answered by "
                   .. "blue's %(the enemy headquarter captured %(W%-J1%)%)", o.reason)
    -- the decided position keeps its outcome through its text
    assert.same(o, T.outcome(game, T.position(game, text)))
  end)

  it("W-J7 a capture that breaks a W-J3 judgement cancels it", function()
    local s = pos(J3)
    T.play(game, s, "e8e9", "a10xa9")
    assert.matches(" r %-$", game:position_text(s))
    assert.is_nil(T.outcome(game, s))
    assert.equal(1, s:side())
  end)

  it("W-J7 RULING an enclosure removal is not a capture: no cancellation", function()
    local s = pos(J3)
    T.play(game, s, "e8e9", "enclose a9")
    assert.matches(" r r:3$", game:position_text(s))
    assert.equal(1, T.outcome(game, s).winner)
  end)

  it("W-J7 no cancellation while W-J3 still holds after the capture", function()
    local s = pos(with(J3, { g10 = "A" }))            -- a sixth unit beyond
    T.play(game, s, "e8e9", "a10xa9")
    assert.matches(" r r:3$", game:position_text(s))
    assert.equal(1, T.outcome(game, s).winner)
  end)

  it("W-J7 no cancellation when the judgement did not rest on W-J3 alone", function()
    local s = pos(with(J3, { k10 = false, e9 = "i" }))  -- Blue: five ground units
    T.play(game, s, "e8xe9")
    assert.matches(" b r:23$", game:position_text(s))
    T.play(game, s, "a10xa9")
    assert.matches(" r r:23$", game:position_text(s))
    assert.equal(1, T.outcome(game, s).winner)
  end)

  it("W-J8 a position occurring for the third time is a draw", function()
    local s = pos(with_base {})
    for round = 1, 2 do
      assert.is_nil(T.outcome(game, s), "round " .. round)
      T.play(game, s, "k1k2", "k11k10", "k2k1")
      assert.is_nil(T.outcome(game, s))
      T.play(game, s, "k10k11")
    end
    assert.same({}, game:action_texts(s))
    local o = T.outcome(game, s)
    assert.equal(0, o.winner)
    assert.equal("threefold repetition (W-J8)", o.reason)
  end)

  it("W-J8 the pending judgement is part of the position", function()
    local board = T.board(game, { f1 = "H", a1 = "A", b1 = "A", a9 = "I", b9 = "I", c9 = "I",
                                  d9 = "I", e9 = "I", f11 = "h", a10 = "i", a8 = "i",
                                  j11 = "a", k11 = "a", k10 = "i" })
    local plain, judged = T.position(game, board .. " b -"), T.position(game, board .. " b r:3")
    assert.are_not.equal(plain:hash(), judged:hash())
  end)
end)

describe("wehrschach: the text's example", function()
  -- Red to move: red tanks c2, e4; red artillery a4, b6; red plane a1; blue
  -- tank d4; blue planes c7, f6. Headquarters out of play: Red k2, Blue k10.
  local example = { c2 = "T", e4 = "T", a4 = "A", b6 = "A", a1 = "F", k2 = "H",
                    d4 = "t", c7 = "f", f6 = "f", k10 = "h" }

  it("blue threatens c2 twice: tank d4 by its L-paths, plane c7 at distance 5", function()
    local s = pos(example)
    assert.same({ "c7", "d4" }, threatening(s, "c2", 2))
    -- d4 reaches c2 through c4 and c3, or through d3 and d2
    for _, block in ipairs { "c4", "c3", "d3", "d2" } do
      assert.same({ "c7", "d4" }, threatening(pos(with(example, { [block] = "I" })), "c2", 2),
                  block)
    end
  end)

  it("only the tank on c2 is threatened twice; the headquarter is not threatened", function()
    local s = pos(example)
    local out = wg.actions()
    s:threats(out, 2, 2)
    for i = 1, out:size() do
      local _, _, to = wg.fields(out:get(i))
      assert.equal("c2", rules:name(to))
    end
    assert.equal(2, out:size())
    assert.same({}, threatening(s, "k2", 2))
  end)

  it("c2-c4 saves the tank, encloses d4 with e4 and targets the plane c7", function()
    local s = pos(example)
    T.play(game, s, "c2c4")
    assert.same({}, threatening(s, "c4", 2))
    assert.is_true(actions_of(s, 1)["enclose d4"])
    assert.same({ "c4" }, threatening(s, "c7", 1))
  end)

  it("a4-c4 blocks the plane (artillery stops planes) and encloses d4", function()
    local s = pos(example)
    T.play(game, s, "a4c4")
    assert.same({ "d4" }, threatening(s, "c2", 2))
    assert.is_true(actions_of(s, 1)["enclose d4"])
  end)

  it("the artillery b6 or the plane a1 block the plane too; the tank may step into its path", function()
    for _, move in ipairs { "b6c6", "a1c3" } do
      local s = pos(example)
      T.play(game, s, move)
      assert.same({ "d4" }, threatening(s, "c2", 2), move)
    end
    for _, move in ipairs { "c2c3", "c2c4", "c2c5" } do
      local s = pos(example)
      T.play(game, s, move)
      assert.same({}, threatening(s, move:sub(3), 2), move)
    end
  end)

  it("no single move of another piece shuts both of d4's paths to c2", function()
    local s = pos(example)
    local out = game:legal(s)
    local tried = 0
    for i = 1, out:size() do
      local a = out:get(i)
      local kind, from = wg.fields(a)
      if kind == K.move and rules:name(from) ~= "c2" then
        local text, mark = game:action_text(s, a), s:mark()
        game:play(s, a)
        local on_c2 = threatening(s, "c2", 2)
        assert.equal("d4", on_c2[#on_c2], text)
        s:undo(mark)
        tried = tried + 1
      end
    end
    assert.is_true(tried > 40)
  end)

  it("tank e4 takes f6 with artillery b6 as the second threat", function()
    local s = pos(example)
    assert.same({ "b6", "e4" }, threatening(s, "f6", 1))
    local all = texts(s)
    assert.is_true(all.e4xf6)
    assert.is_nil(all.b6xf6)
    assert.is_nil(all["barrage f6"])
    T.play(game, s, "e4xf6")
    assert.equal("t", game.type_letter[s:type(s:at(sq("f6")))])
    assert.equal(1, s:side_of(s:at(sq("f6"))))
    assert.truthy(s:at(sq("b6")))
    -- and most likely Red loses the tank on c2 next turn
    all = texts(s)
    assert.is_true(all.c7xc2)
    assert.is_true(all.d4xc2)
  end)
end)

describe("wehrschach: notation", function()
  local s = pos { e6 = "i", e5 = "I", e2 = "A", a6 = "A", d5 = "I", f7 = "I", c3 = "F", c4 = "t",
                  c8 = "A", k1 = "H", k11 = "h" }

  it("W-T1 writes each kind of action in its own form", function()
    local all = texts(s)
    for _, t in ipairs { "e5e4", "e5xe6", "barrage e6", "enclose e6", "fire c3xc4" } do
      assert.is_true(all[t], t)
    end
    local kinds = {}
    local out = game:legal(s)
    for i = 1, out:size() do
      local kind = wg.fields(out:get(i))
      kinds[kind] = true
    end
    assert.same({ [K.move] = true, [K.take] = true, [K.barrage] = true, [K.enclose] = true,
                  [K.fire] = true }, kinds)
  end)

  it("W-T1 reads actions ignoring case, spaces and dashes", function()
    for typed, want in pairs { ["Barrage E6"] = "barrage e6", ["E5-XE6"] = "e5xe6",
                               ["enclose  e6"] = "enclose e6", ["FIRE c3 x c4"] = "fire c3xc4",
                               ["e5-e4"] = "e5e4" } do
      local a = assert(game:parse_action(s, typed))
      assert.equal(want, game:action_text(s, a))
    end
    local a, err = game:parse_action(s, "e5xe7")
    assert.is_nil(a)
    assert.matches("not a legal action", err)
  end)
end)

describe("wehrschach: position text", function()
  it("W-J6 round-trips the pending judgement and the side to move", function()
    local board = T.board(game, { f1 = "H", a1 = "A", b1 = "A", a9 = "I", b9 = "I", c9 = "I",
                                  d9 = "I", e9 = "I", f11 = "h", a10 = "i", a8 = "i",
                                  j11 = "a", k11 = "a", k10 = "i" })
    for _, rest in ipairs { " b r:3", " r r:3", " b -", " r -" } do
      local s = T.position(game, board .. rest)
      assert.equal(board .. rest, game:position_text(s))
    end
  end)

  it("names what is wrong with a bad position", function()
    local start = "1f1b1h1b1f1/1a1a1t1a1a1/1iiti1itii1/11/11/11/11/11/1IITI1ITII1/1A1A1T1A1A1/1F1B1H1B1F1"
    local function bad(text)
      local s, err = game:new(text)
      assert.is_nil(s)
      return err
    end
    assert.matches("side to move 'w': expected r or b", bad(start .. " w -"))
    assert.matches("expected a board, the side to move", bad(start))
    assert.matches("judgement 'r:9': expected %- or the judging side", bad(start .. " b r:9"))
    assert.matches("judgement 'r:3': the board gives red no judgement", bad(start .. " b r:3"))
    assert.matches("a piece stands on the sea %(b5%)", bad(T.board(game, { b5 = "I" }) .. " r -"))
    assert.matches("the red headquarter stands outside its zone %(f4%)",
                   bad(T.board(game, { f4 = "H" }) .. " r -"))
    assert.matches("the blue headquarter stands outside its zone %(f8%)",
                   bad(T.board(game, { f8 = "h" }) .. " r -"))
    assert.matches("red has more than one headquarter",
                   bad(T.board(game, { f1 = "H", g1 = "H" }) .. " r -"))
    assert.matches("unknown letter 'q'", bad(T.board(game, { f1 = "q" }) .. " r -"))
  end)
end)

describe("wehrschach: the command line", function()
  local function run(args, input)
    local tmp = os.tmpname()
    local f = assert(io.open(tmp, "w"))
    f:write(input or "")
    f:close()
    local h = io.popen(WARGRID .. " " .. args .. " < " .. tmp .. " 2>&1")
    local out = h:read("a")
    h:close()
    os.remove(tmp)
    return out
  end

  it("lists, moves and counts Wehrschach", function()
    assert.matches("wehrschach%s+Wehrschach\n", run("list"))
    local n = 0
    for _ in run("moves wehrschach"):gmatch("[^\n]+") do n = n + 1 end
    assert.equal(143, n)
    assert.equal("Nodes searched: 20859\n", run("perft wehrschach 2"))
  end)

  it("play --help shows the notation", function()
    local out = run("play wehrschach --help")
    assert.matches("barrage f6", out)
    assert.matches("enclose d4", out)
    assert.matches("fire c6xd6", out)
  end)

  it("play draws the board with its legend and answers the player", function()
    local out = run("play wehrschach --seed 1", "e3e4\nquit\n")
    assert.matches("~ sea   / main road   \\ river   %- mainlines", out)
    assert.matches("blue plays %S+", out)
    assert.is_nil(out:find("\27", 1, true))   -- no colour when not on a terminal
  end)
end)
