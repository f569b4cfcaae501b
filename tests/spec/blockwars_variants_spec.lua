-- Block Wars variants that move the board under the rules (BW-B1):
-- examples/variants/blockwars_wide.lua, 8 files by 10 ranks with No Man's
-- Land on ranks 4-7, plays as Block Wars does; its legal actions agree with
-- a naive counter (tests/blockwars_naive.lua, which generates them from the
-- position text alone); and data that leaves a rule impossible is refused
-- at load in one line naming the rule and what to override.
local T = require "wargrid.test"
local wg = require "wargrid"
local loader = require "wargrid.loader"
local naive = require "blockwars_naive"
local games = require "blockwars_games"

local bw = T.game "blockwars"
local wide = loader.load_file("examples/variants/blockwars_wide.lua")
local standard = wide:with_options { setup = "standard" }

local function pos(map, rest, game)
  game = game or wide
  return T.position(game, T.board(game, map) .. " " .. rest)
end
local function field(s, key) return wide:position_text(s):match(" " .. key .. "=(%S+)") end
local function act(s, text)
  local log = {}
  wide:play(s, assert(wide:parse_action(s, text)), log)
  return table.concat(log, "\n")
end

describe("blockwars variants: the wide field", function()
  it("BW-B1 BW-S3 loads: 10 ranks, the Germans on 8-10, placing from rank 10", function()
    assert.equal(8, wide.files)
    assert.equal(10, wide.ranks)
    local s = wide:new()
    assert.equal("8/8/8/8/8/8/8/8/8/8 g2 turn=1 reserve=I6T/i6 lost=-/- air=oo/oo tank=0 "
                 .. "used=- done=- new=- phase=place next=-",
                 wide:position_text(s):match("^(.-) decks="))
    local texts = T.texts(wide, s)
    assert.equal(24 + 8, #texts)
    assert.equal("i@a8", texts[1])
    assert.equal("m@h8", texts[#texts])
    assert.matches("Placement: the Germans place 4 infantry on rank 10, 4 infantry on rank "
                   .. "9, 6 infantry on rank 8, 2 machine guns on rank 8", wide:render(s))
    -- the standard setup, the Germans first
    assert.equal("2iiii2/2iiii2/iimiimii/8/8/8/8/IIIIMIII/IIII4/IIII4",
                 standard:position_text(standard:new()):match("^%S+"))
  end)

  it("BW-C2 the wire lies between ranks 7 and 8 and between 3 and 4", function()
    local map = { e7 = "I", e8 = "i", a1 = "I", h10 = "i" }
    local s = pos(map, "c2 decks=72/62/-")             -- by 1 over the wire: a tie
    assert.matches("must win by 2", act(s, "e7xe8"))
    assert.equal("-/-", field(s, "lost"))
    s = pos({ e6 = "I", e7 = "i", a1 = "I", h10 = "i" }, "c2 decks=72/62/-")
    act(s, "e6xe7")                                    -- inside No Man's Land
    assert.equal("-/i", field(s, "lost"))
    s = pos({ d4 = "i", d3 = "I", a1 = "I", h10 = "i" }, "g2 decks=62/72/-")
    assert.matches("must win by 2", act(s, "d4xd3"))
  end)

  it("BW-A8 BW-W1 the Germans' back rank is rank 10", function()
    local s = pos({ d5 = "i", a10 = "i", a1 = "I" }, "g2 reserve=-/i decks=2/2/-")
    local enter = {}
    for _, t in ipairs(T.texts(wide, s)) do if t:match("@") then enter[#enter + 1] = t end end
    assert.same({ "i@b10", "i@c10", "i@d10", "i@e10", "i@f10", "i@g10", "i@h10" }, enter)
    s = pos({ a10 = "I", c9 = "I", d10 = "i", h1 = "i" }, "c2 decks=2/9/-")
    act(s, "c9c10xd10")                                -- BW-W1 RULING: at once
    assert.equal("the Canadians win (two units on the enemy back rank)",
                 T.outcome(wide, s).text)
    s = pos({ a8 = "I", c7 = "I", h1 = "i", h10 = "i" }, "c2 decks=2/9/-")
    act(s, "c7c8")                                     -- rank 8 is not the back rank
    assert.is_nil(T.outcome(wide, s))
  end)

  it("BW-W1 BW-W2 BW-C6 200 seeded random games end, with no unit lost and the 52 cards "
     .. "kept", function()
    local r = games.play(1, 200, wide)
    assert.equal(200, r[0] + r[1] + r[2])
    io.stderr:write("blockwars_wide random games: ", games.summary(r, 200), "\n")
  end)
end)

-- Perft by the naive counter: its own actions at each node, played by the
-- engine.
local function naive_perft(game, s, depth)
  local texts = naive.actions(game, game:position_text(s))
  if depth == 1 then return #texts end
  local n = 0
  for _, text in ipairs(texts) do
    local a = assert(game:parse_action(s, text))
    local mark = s:mark()
    game:play(s, a)
    n = n + naive_perft(game, s, depth - 1)
    s:undo(mark)
  end
  return n
end

-- Positions: the start of placement, the standard setup, and positions of
-- seeded random play: some in the main phase, one in each decision phase.
local function positions(game)
  local out = { game:new(nil, 1), game:with_options { setup = "standard" }:new(nil, 2) }
  local played = game:with_options { "setup=standard", "crosses", "aces" }
  local wanted = { main = 3, barrage = 1, reinforce = 1, air = 1, dogfight = 1,
                   strafe = 1, cross = 1 }
  local list = wg.actions()
  for seed = 1, 40 do
    local s, pick = played:new(nil, seed), seed
    for step = 1, 300 do
      list:clear()
      played:actions(s, list)
      if #list == 0 then break end
      local phase = played.phases[s:phase()].name
      if wanted[phase] > 0 and (phase ~= "main" or step % 97 == 0) then
        wanted[phase] = wanted[phase] - 1
        out[#out + 1] = { game = played, s = s:copy() }
      end
      pick = (pick * 1103515245 + 12345) % 2147483648
      played:play(s, list:get(pick % #list + 1))
    end
  end
  for phase, n in pairs(wanted) do assert.equal(0, n, phase) end
  for i, p in ipairs(out) do
    if not p.game then out[i] = { game = game, s = p } end
  end
  return out
end

describe("blockwars variants: perft against a naive counter", function()
  for _, game in ipairs { wide, bw } do
    it("BW-A1 BW-A2 BW-A3 BW-A5 BW-A6 BW-A7 BW-A8 BW-C4 BW-C5 BW-S3 perft 1 and 2 of "
       .. game.name .. " agree with the naive counter", function()
      local checked = 0
      for _, p in ipairs(positions(game)) do
        local g, s = p.game, p.s
        local text = g:position_text(s)
        local want, got = naive.actions(g, text), g:action_texts(s)
        table.sort(got)
        assert.same(want, got, text)
        assert.equal(#want, wg.perft(g, s, 1), text)
        assert.equal(naive_perft(g, s, 2), wg.perft(g, s, 2), text)
        assert.equal(text, g:position_text(s))     -- perft undoes exactly (BW-H2)
        checked = checked + 1
      end
      assert.equal(11, checked)
    end)
  end
end)

describe("blockwars variants: data that leaves a rule impossible is refused", function()
  local dir = os.tmpname()
  os.remove(dir)
  os.execute("mkdir -p " .. dir)
  local function refused(changes)
    local path = dir .. "/v.lua"
    local f = assert(io.open(path, "w"))
    f:write('return require("wargrid").variant("blockwars", { name = "v", ' .. changes .. " })\n")
    f:close()
    local ok, err = pcall(loader.load_file, path)
    assert.is_false(ok)
    assert.is_nil(err:find("\n"), err)
    return err:match("^" .. path:gsub("%p", "%%%0") .. ": game v: (.*)$")
  end

  it("BW-A8 BW-W1 a back rank off the board", function()
    assert.equal("BW-A8 BW-W1: the Germans' back rank 8 is off a board of 7 ranks; "
                 .. "override armies.germans.ranks", refused("board = { ranks = 7 }"))
  end)

  it("BW-B1 setup ranks in No Man's Land", function()
    assert.equal("BW-B1: rank 6 is both No Man's Land and the Germans'; override "
                 .. "no_mans_land or armies.germans.ranks",
                 refused("no_mans_land = { 4, 5, 6 }"))
    assert.equal("BW-B1: the Germans' ranks name rank 9 twice; override "
                 .. "armies.germans.ranks",
                 refused("board = { ranks = 10 }, armies = { germans = { ranks = "
                         .. "{ 10, 9, 9 } } }"))
  end)

  it("BW-S3 a standard setup that does not fit", function()
    assert.equal("BW-S3: the standard setup does not fit the board (10 ranks expected, "
                 .. "found 8); override standard",
                 refused("board = { ranks = 10 }, no_mans_land = { 4, 5, 6, 7 }, "
                         .. "wire = { { 3, 4 }, { 7, 8 } }, armies = { germans = "
                         .. "{ ranks = { 10, 9, 8 } } }"))
    assert.equal("BW-S3: the standard setup has 4 German infantry on rank 7 where the "
                 .. "Germans place 6; override standard",
                 refused("armies = { germans = { setup = { { infantry = 4 }, "
                         .. "{ infantry = 6 }, { machinegun = 2, infantry = 4 } } } }"))
  end)

  it("BW-S1 BW-S2 BW-C2 BW-A8 setups, wire and tank ranks that cannot be", function()
    assert.equal("BW-S1: the Germans place 9 units on rank 8, which has 8 squares; "
                 .. "override armies.germans.setup",
                 refused("armies = { germans = { setup = { { infantry = 9 } } } }"))
    assert.equal("BW-C2: the wire between ranks 4 and 5 does not lie between No Man's "
                 .. "Land and a side's ranks; override wire",
                 refused("wire = { { 3, 4 }, { 4, 5 } }"))
    assert.equal("BW-A8: the Canadians' tank enters on 2 adjacent ranks of the board; "
                 .. "override armies.canadians.tank_ranks",
                 refused("armies = { canadians = { tank_ranks = { 1, 3 } } }"))
    assert.equal("BW-S1 BW-S2: the rules need the piece type fighter; change "
                 .. "pieces.fighter rather than remove it",
                 refused("pieces = { fighter = false }"))
  end)

  it("BW-C4 BW-A5 BW-A3 the house rules of blockwars_strict still load and play", function()
    local strict = loader.load_file("examples/variants/blockwars_strict.lua")
    assert.is_true(strict:validate())
    local s = strict:new(nil, 3)
    local n, ended = wg.playout(strict, s, 3, 100000)
    assert.is_true(ended)
    assert.truthy(n > 0)
  end)
end)
