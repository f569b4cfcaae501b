-- Block Wars in the shape every game has (issue 26): a folder of rules,
-- text, why, look and ai; its eight phases declared as data, which help,
-- why and the pictures tell; one key for each number its rulebook states;
-- variants on a smaller and a larger board written the obvious way, and
-- variants that drop or change a phase in a few lines.
local T = require "wargrid.test"
local wg = require "wargrid"
local loader = require "wargrid.loader"
local selfplay = require "wargrid.selfplay"

local bw = T.game "blockwars"

-- A variant file written to a scratch folder, loaded as --variant loads it
-- (game:validate included).
local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir -p " .. dir)
local function variant(name, text)
  local path = dir .. "/" .. name .. ".lua"
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
  return loader.load_file(path)
end

-- Plays one action by its text and returns what the game told of it.
local function act(game, s, text)
  local log = {}
  game:play(s, assert(game:parse_action(s, text)), log)
  return table.concat(log, "\n")
end

-- The game loads, has actions two deep from its start, and a seeded game
-- of random players ends with a result.
local function plays(game, seed)
  local s = game:new(nil, seed)
  assert.truthy(wg.perft(game, s, 2) > 0)
  local players = assert(selfplay.players("random", "random"))
  local rec = selfplay.play(game, players, 1, seed, 5000)
  assert.is_not_nil(rec.winner, game.name)
  assert.are_not.equal("move limit", rec.reason)
  return rec
end

describe("blockwars shape: the folder", function()
  it("holds the rules, text, why, look, ai, the rulebook and the AI's weights, and nothing else",
     function()
    local files = {}
    for f in io.popen("ls scripts/games/blockwars"):lines() do files[#files + 1] = f end
    assert.same({ "ai.lua", "init.lua", "look.lua", "rules.md", "text.lua", "weights.lua",
                  "why.lua" }, files)
  end)
end)

describe("blockwars shape: the phases, as declared (BW-C5)", function()
  it("BW-A1 BW-S3 BW-O1 BW-C4 eight phases, their ids as the state stores them", function()
    local got = {}
    for id, p in ipairs(bw.phases) do
      got[id] = { p.name, p.rule, p.actions, p.decision or false }
    end
    assert.same({
      { "main", "BW-A1", "main_actions", false },
      { "place", "BW-S3", "place_actions", false },
      { "cross", "BW-O1", "cross_actions", true },
      { "barrage", "BW-C4", "barrage_actions", true },
      { "reinforce", "BW-C4", "reinforce_actions", true },
      { "air", "BW-C4", "air_actions", true },
      { "dogfight", "BW-C4", "dogfight_actions", true },
      { "strafe", "BW-C4", "strafe_actions", true },
    }, got)
  end)

  it("BW-S3 BW-C4 help lists them with their rules", function()
    local out = T.run { "play", "blockwars", "--help" }
    assert.matches("\nPhases:\n  main %(BW%-A1%): the side to act takes its two actions, or passes\n"
                   .. "  place %(BW%-S3%): the Germans, then the Canadians place their units, one per\n"
                   .. "      action; then main\n  cross %(BW%-O1%): ", out)
    assert.matches("\n  barrage %(BW%-C4%): choose where the King's barrage falls %(barrage e4%)\n", out)
  end)

  it("BW-C5 BW-O1 a pending decision is told by its phase's rule and help", function()
    local s = T.position(bw, T.board(bw, { e4 = "I", e5 = "i", h8 = "i" })
                             .. " g1 phase=air:g air=oo/oo")
    local e = bw:explain(s, "e5e6")
    assert.same({ false, "BW-C4", "the Germans must first choose which fighter their Jack sends "
                                  .. "to strafe (fly 1)" }, { e.legal, e.rule, e.reason })
    local crosses = bw:with_options { "crosses" }
    s = T.position(crosses, T.board(bw, { e4 = "I", e5 = "i", h8 = "i" })
                            .. " g1 phase=cross:g:e4xe5")
    e = crosses:explain(s, "pass")
    assert.same({ false, "BW-O1", "the Germans must first choose whether to award their cross "
                                  .. "(cross, no cross)" }, { e.legal, e.rule, e.reason })
  end)

  it("BW-C4 the caption tells the phase; a phase without its own words, by its help", function()
    local s = T.position(bw, T.board(bw, { e4 = "I", e5 = "i", h8 = "i" })
                             .. " g1 phase=strafe:g:fighter1 air=oo/oo")
    assert.equal("Turn 1 of 200, the Germans': the Germans choose what to strafe (strafe SQ).",
                 bw:caption(s))
    local v = wg.variant(bw, { name = "v", phases = { strafe = { help = "pick a target" } } })
    assert.equal("Turn 1 of 200, the Germans': the Germans choose what to strafe (strafe SQ).",
                 v:caption(T.position(v, bw:position_text(s))))
    v = wg.variant(bw, { name = "v", phases = { ambush = { rule = "BW-C5", decision = true,
                                                         help = "choose an ambush",
                                                         actions = "strafe_actions" } } })
    s = T.position(v, T.board(bw, { e4 = "I", e5 = "i", h8 = "i" }) .. " g1 phase=ambush:g")
    assert.equal("Turn 1 of 200, the Germans': the Germans choose an ambush.", v:caption(s))
  end)
end)

describe("blockwars shape: one key, one rule", function()
  it("BW-C2 BW-C3 help variants lists each number the rulebook states, with its rule", function()
    local out = T.run { "help", "variants", "blockwars" }
    for _, key in ipairs { "wire_margin %(BW%-C2%)", "tank_margin %(BW%-C3%)", "tank_hits %(BW%-C3%)",
                           "fighter_hits %(BW%-C4%)", "barrage %(BW%-C4%)", "barrage_reach %(BW%-C4%)",
                           "specials %(BW%-C4%)", "win_units %(BW%-W1%)", "suits %(BW%-S4%)",
                           "tank_move_cost %(BW%-A6%)", "reinforcement_cost %(BW%-A8%)",
                           "first_turn %(BW%-S5%)", "place_first %(BW%-S3%)", "ace_bonus %(BW%-O2%)",
                           "damage_malus %(BW%-O2%)", "no_mans_land %(BW%-B1%)", "wire %(BW%-C2%)" } do
      assert.matches("\n  " .. key .. " +%S", out)
    end
    assert.matches("\n      what an attack on the tank must win by; now 2\n", out)
  end)

  it("BW-C3 the tank's margin changes in one line, and the wire's does not", function()
    local v = wg.variant(bw, { name = "v", tank_margin = 3 })
    -- by 2 over the wire (BW-C2): the attack wins; by 2 against the tank: a tie
    local s = T.position(v, T.board(bw, { e5 = "I", e6 = "i", a1 = "I", h8 = "i" }) .. " c2 decks=92/72/-")
    act(v, s, "e5xe6")
    assert.equal("-/i", v:position_text(s):match(" lost=(%S+)"))
    s = T.position(v, T.board(bw, { c1 = "T", d1 = "T", c2 = "T", d2 = "T", e3 = "i", h8 = "i" })
                      .. " g2 decks=7/9/-")
    assert.matches("must win by 3", act(v, s, "e3xc1"))
    assert.equal("0", v:position_text(s):match(" tank=(%S+)"))
  end)

  it("BW-W1 BW-C4 BW-S4 other numbers a line each: units that win, the barrage's reach, the pack", function()
    local v = wg.variant(bw, { name = "v", win_units = 3 })
    local s = T.position(v, T.board(bw, { a8 = "I", c7 = "I", h1 = "i", h8 = "i" }) .. " c2 decks=2/9/-")
    act(v, s, "c7c8")
    assert.is_nil(v:outcome(s))
    v = wg.variant(bw, { name = "v", barrage_reach = 0 })
    s = T.position(v, T.board(bw, { d4 = "I", d5 = "I", h8 = "i" }) .. " g1 phase=barrage:g decks=2/222/-")
    assert.matches("Poison gas on d4 %(hits on 2%-6%)%.\n2 for the Canadian infantry on d4%.",
                   act(v, s, "gas d4"))
    assert.equal("I/-", v:position_text(s):match(" lost=(%S+)"))
    v = wg.variant(bw, { name = "v", suits = 2 })
    assert.equal("?13/?13/-", v:position_text(v:new(nil, 1), 1):match(" decks=(%S+)"))
  end)

  it("BW-C4 the special cards are a key: Queens call the barrage", function()
    local v = wg.variant(bw, { name = "v", specials = { barrage = "Q" } })
    local s = T.position(v, T.board(bw, { e4 = "I", e5 = "i", h8 = "i" }) .. " c2 decks=Q9/K2/-")
    assert.matches("The Canadians fire an artillery barrage", act(v, s, "e4xe5"))
    assert.equal("barrage:c", v:position_text(s):match(" phase=(%S+)"))
  end)
end)

describe("blockwars shape: variants on other boards, written the obvious way", function()
  it("BW-B1 BW-S1 BW-S2 a smaller board: 6 files, 7 ranks, one rank of No Man's Land", function()
    local small = variant("blockwars_small", [[
local wg = require "wargrid"
return wg.variant("blockwars", {
  name = "blockwars_small",
  board = { files = 6, ranks = 7 },
  no_mans_land = { 4 },
  wire = { { 3, 4 }, { 4, 5 } },
  armies = {
    canadians = { setup = { { infantry = 3 }, { infantry = 3 },
                            { machinegun = 1, infantry = 5 } },
                  reserve = { infantry = 4, tank = 1 } },
    germans = { ranks = { 7, 6, 5 },
                setup = { { infantry = 3 }, { infantry = 3 },
                          { machinegun = 2, infantry = 4 } },
                reserve = { infantry = 4 } },
  },
  standard = "iii3/iii3/imiimi/6/MIIIII/III3/III3",
})
]])
    assert.same({ 6, 7 }, { small.files, small.ranks })
    assert.equal(3 * 6 + 6, #T.texts(small, small:new()))   -- infantry on 3 ranks, guns on 1
    plays(small, 1)
    plays(small:with_options { setup = "standard" }, 2)
  end)

  it("BW-B1 BW-S1 BW-S2 a larger board: 10 files, 10 ranks, four ranks of No Man's Land", function()
    local large = variant("blockwars_large", [[
local wg = require "wargrid"
return wg.variant("blockwars", {
  name = "blockwars_large",
  board = { files = 10, ranks = 10 },
  no_mans_land = { 4, 5, 6, 7 },
  wire = { { 3, 4 }, { 7, 8 } },
  armies = {
    canadians = { setup = { { infantry = 5 }, { infantry = 5 },
                            { machinegun = 2, infantry = 8 } },
                  reserve = { infantry = 8, tank = 1 } },
    germans = { ranks = { 10, 9, 8 },
                setup = { { infantry = 5 }, { infantry = 5 },
                          { machinegun = 3, infantry = 7 } },
                reserve = { infantry = 8 } },
  },
  standard = "3iiiii2/3iiiii2/iimiimiimi/10/10/10/10/IIMIIIIMII/IIIII5/IIIII5",
})
]])
    assert.same({ 10, 10 }, { large.files, large.ranks })
    assert.equal(3 * 10 + 10, #T.texts(large, large:new()))
    plays(large, 3)
    plays(large:with_options { setup = "standard" }, 4)
  end)
end)

describe("blockwars shape: variants that change a phase", function()
  local quick = loader.load_file("examples/variants/blockwars_quick.lua")

  it("BW-S3 without the placement phase (8 lines): the standard setup, the Germans to act", function()
    local lines = 0
    for _ in io.lines("examples/variants/blockwars_quick.lua") do lines = lines + 1 end
    assert.equal(8, lines)
    local s = quick:new(nil, 1)
    assert.equal("2iiii2/2iiii2/iimiimii/8/8/IIIIMIII/IIII4/IIII4 g2 turn=1 reserve=I6T/i6 lost=-/- "
                 .. "air=oo/oo tank=0 used=- done=- new=- phase=main next=-",
                 quick:position_text(s):match("^(.-) decks="))
    assert.same({ "main", "cross", "barrage", "reinforce", "air", "dogfight", "strafe" },
                (function()
                  local names = {}
                  for i, p in ipairs(quick.phases) do names[i] = p.name end
                  return names
                end)())
    local out = T.run { "play", "--variant", "examples/variants/blockwars_quick.lua", "--help" }
    assert.is_nil(out:match("place standard"))
    assert.is_nil(out:match("\n  place %(BW%-S3%)"))
    assert.matches("The Germans act\nfirst%.", out)
    local _, err = quick:new("8/8/8/8/8/8/8/8 g2 phase=place")
    assert.matches("phase 'place': unknown phase$", err)
    plays(quick, 5)
  end)

  it("BW-S3 a variant that drops the phase but keeps the option to place is refused", function()
    local ok, err = pcall(variant, "blockwars_q2", [[
return require("wargrid").variant("blockwars", { name = "q2", phases = { place = false } })
]])
    assert.is_false(ok)
    assert.matches("game q2: BW%-S3: without the placement phase the game starts from the standard "
                   .. "setup: drop the option too %(options = { setup = false }%)$", err)
  end)

  it("BW-C4 without dogfights (one line): the Jack's fighter goes straight to strafe", function()
    local v = wg.variant(bw, { name = "v", phases = { dogfight = false } })
    local s = T.position(v, T.board(bw, { e4 = "I", e5 = "i", h8 = "i" }) .. " c1 phase=air:c air=oo/oo")
    act(v, s, "fly 1")
    assert.equal("strafe:c:fighter1", v:position_text(s):match(" phase=(%S+)"))
    plays(v:with_options { setup = "standard" }, 6)
  end)

  it("BW-C4 a phase's actions changed: the barrage falls on or next to a unit", function()
    local v = variant("blockwars_aimed", [[
-- Block Wars where a barrage is aimed at the enemy (BW-C4): it falls only on
-- a square with an enemy unit on it or next to it.
local wg = require "wargrid"
local v = wg.variant("blockwars", {
  name = "blockwars_aimed",
  phases = { barrage = { actions = "aimed_barrage_actions",
                         help = "choose where the King's barrage falls, on "
                                .. "or next to an enemy (barrage e4)" } },
})
function v:aimed_barrage_actions(s, out)
  local n0 = #out
  self:barrage_actions(s, out)
  local keep = n0
  for i = n0 + 1, #out do
    local a = out:get(i)
    local _, sq = wg.fields(a)
    for _, pid in ipairs(s:pieces(3 - s:decider())) do
      if self.rules:distance(sq, s:square(pid)) <= 1 then
        keep = keep + 1
        out:set(keep, a)
        break
      end
    end
  end
  out:truncate(keep)
end
return v
]])
    local s = T.position(v, T.board(bw, { e4 = "I", h8 = "i" }) .. " g1 phase=barrage:g used=gas")
    assert.same({ "barrage d3", "barrage d4", "barrage d5", "barrage e3", "barrage e4", "barrage e5",
                  "barrage f3", "barrage f4", "barrage f5" }, T.texts(v, s))
    assert.equal("illegal: BW-C4 the Germans must first choose where the King's barrage falls, on "
                 .. "or next to an enemy (barrage e4)", wg.explain_line(v:explain(s, "h8h7")))
    plays(v:with_options { setup = "standard" }, 7)
  end)
end)
