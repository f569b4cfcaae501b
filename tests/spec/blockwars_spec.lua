-- Block Wars (scripts/games/blockwars/rules.md), one describe per section.
-- Combat outcomes are exact: each position fixes the order of the decks
-- (decks=CANADIANS/GERMANS/TURNED, top card first), so every card turned is
-- known, and the expected results are worked out by hand from the rules.
local T = require "wargrid.test"
local wg = require "wargrid"

local bw = T.game "blockwars"
local standard = bw:with_options { setup = "standard" }

-- A position from a map of squares to letters (I M T Canadians, i m
-- Germans) and the rest of the text ("c2 decks=92/52/-").
local function pos(map, rest, game)
  return T.position(game or bw, T.board(bw, map) .. " " .. rest)
end

local function text(s, game) return (game or bw):position_text(s) end
local function field(s, key, game) return text(s, game):match(" " .. key .. "=(%S+)") end
local function board(s) return text(s):match("^%S+") end
local function who(s) return text(s):match("^%S+ (%S+)") end

-- Plays one action by its text and returns what the game told of it.
local function act(s, action, game)
  game = game or bw
  local a, err = game:parse_action(s, action)
  assert(a, err)
  local log = {}
  game:play(s, a, log)
  return table.concat(log, "\n")
end

local function acts(s, list, game)
  for _, a in ipairs(list) do act(s, a, game) end
end


describe("blockwars: board, sides and setup (BW-B, BW-S)", function()
  it("BW-B1 the board is 8x8, files a-h, ranks 1-8", function()
    assert.equal(8, bw.files)
    assert.equal(8, bw.ranks)
    assert.same({ "canadians", "germans" }, bw.sides)
  end)

  it("BW-B1 BW-A8 the wire does not hinder movement across ranks 5-6 and 3-4", function()
    local s = pos({ e5 = "I", d4 = "i" }, "c2")
    -- moves to e6, d6, f6; attacks on d4 from e5 and from d5 and e4
    assert.same({ "e5d5", "e5d5xd4", "e5d6", "e5e4", "e5e4xd4", "e5e6", "e5f4", "e5f5",
                  "e5f6", "e5xd4" }, T.from(bw, s, "e5"))
    s = pos({ e5 = "I", d4 = "i" }, "g2")
    assert.same({ "d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4d5xe5", "d4e3", "d4e4",
                  "d4e4xe5", "d4xe5" }, T.from(bw, s, "d4"))
  end)

  it("BW-S1 BW-S2 BW-S3 the game starts with the Germans placing their units", function()
    local s = bw:new()
    assert.equal("8/8/8/8/8/8/8/8 g2 turn=1 reserve=I6T/i6 lost=-/- air=oo/oo tank=0 used=- "
                 .. "done=- new=- phase=place next=-", text(s):match("^(.-) decks="))
    local texts = T.texts(bw, s)
    -- infantry on any square of ranks 6-8, machine guns on rank 6
    assert.equal(24 + 8, #texts)
    assert.equal("i@a6", texts[1])
    assert.equal("m@h6", texts[32])
  end)

  it("BW-S1 BW-S3 the Germans place 4 + 4 infantry and 2 machine guns + 6 infantry", function()
    local s = bw:new()
    acts(s, { "i@a8", "i@b8", "i@c8", "i@d8" })
    -- rank 8 is full: no more infantry there
    for _, t in ipairs(T.texts(bw, s)) do assert.is_nil(t:match("8$"), t) end
    acts(s, { "m@a6", "m@b6" })
    for _, t in ipairs(T.texts(bw, s)) do assert.is_nil(t:match("^m@"), t) end
    acts(s, { "i@a7", "i@b7", "i@c7", "i@d7", "i@c6", "i@d6", "i@e6", "i@f6", "i@g6" })
    assert.equal("g2", who(s))
    act(s, "i@h6")
    -- BW-S2 then the Canadians: 4 + 4 infantry, 1 machine gun + 7 infantry
    assert.equal("c2", who(s))
    assert.equal("place", field(s, "phase"))
    local texts = T.texts(bw, s)
    assert.equal(24 + 8, #texts)
    assert.equal("i@a1", texts[1])
    acts(s, { "m@e3", "i@a3", "i@b3", "i@c3", "i@d3", "i@f3", "i@g3" })
    for _, t in ipairs(T.texts(bw, s)) do assert.is_nil(t:match("^m@"), t) end
    acts(s, { "i@h3", "i@a2", "i@b2", "i@c2", "i@d2", "i@a1", "i@b1", "i@c1" })
    assert.equal("place", field(s, "phase"))
    act(s, "i@d1")
    -- BW-S5 the Germans take the first turn
    assert.equal("main", field(s, "phase"))
    assert.equal("g2", who(s))
    assert.equal("iiii4/iiii4/mmiiiiii/8/8/IIIIMIII/IIII4/IIII4", board(s))
    assert.equal("I6T/i6", field(s, "reserve"))
    assert.equal("oo/oo", field(s, "air"))
  end)

  it("BW-S3 RULING the standard setup skips the placement phase", function()
    local s = standard:new()
    assert.equal("2iiii2/2iiii2/iimiimii/8/8/IIIIMIII/IIII4/IIII4 g2 turn=1 reserve=I6T/i6 "
                 .. "lost=-/- air=oo/oo tank=0 used=- done=- new=- phase=main next=-",
                 text(s):match("^(.-) decks="))
    assert.has_error(function() bw:with_options { setup = "nonsense" } end,
                     "option setup is one of placement, standard, not 'nonsense'")
  end)

  it("BW-S4 a shuffled 52-card pack is split into two decks of 26", function()
    local s = standard:new(nil, 12345)
    local c, g, t = field(s, "decks"):match("^(%S-)/(%S-)/(%S-)$")
    assert.equal(26, #c)
    assert.equal(26, #g)
    assert.equal("-", t)
    local count = {}
    for ch in (c .. g):gmatch(".") do count[ch] = (count[ch] or 0) + 1 end
    for ch in ("23456789TJQKA"):gmatch(".") do assert.equal(4, count[ch], ch) end
  end)

  it("BW-S4 BW-S6 the seed decides the shuffle, and is part of the position", function()
    local a, b, c = standard:new(nil, 1), standard:new(nil, 1), standard:new(nil, 2)
    assert.equal(text(a), text(b))
    assert.are_not.equal(field(a, "decks"), field(c, "decks"))
    -- the generator state goes on in the text: loading it continues the game
    local d = T.position(standard, text(a))
    assert.equal(text(a), text(d))
  end)

  it("BW-S5 the Germans move first", function()
    assert.equal(2, standard:new():side())
  end)
end)

describe("blockwars: placing the whole army at once (BW-S3)", function()
  local function texts(game, s, list)
    local out = {}
    for i, a in ipairs(list) do
      out[i] = game:action_text(s, a)
      game:play(s, a)
    end
    return out
  end

  it("BW-S3 place standard: the remaining units on the standard setup's squares", function()
    local s = bw:new()
    local placed = texts(bw, s, assert(bw:macro(s, "place standard")))
    assert.equal(16, #placed)
    assert.equal("c2", who(s))                       -- the Canadians place next
    placed = texts(bw, s, assert(bw:macro(s, " Place  Standard ")))
    assert.equal(16, #placed)
    assert.equal("2iiii2/2iiii2/iimiimii/8/8/IIIIMIII/IIII4/IIII4", board(s))
    assert.equal("main", field(s, "phase"))
    assert.equal(text(standard:new()):match("^(.-) decks="), text(s):match("^(.-) decks="))
  end)

  it("BW-S3 place standard after some units: the rest, or refused if their squares are taken", function()
    local s = bw:new()
    act(s, "i@a8")
    assert.equal(15, #assert(bw:macro(s, "place standard")))
    s = bw:new()
    act(s, "i@c6")                                   -- the standard square of a machine gun
    local ok, why = bw:macro(s, "place standard")
    assert.is_false(ok)
    assert.equal("place standard: the standard setup's squares of your remaining units are taken (BW-S3); "
                 .. "place them one by one", why)
  end)

  it("BW-S3 place random: a legal placement from the seed, the state's generator untouched", function()
    local s = bw:new()
    local rng, decks = s:rng(), text(s):match("decks=%S+")
    local list = assert(bw:macro(s, "place random", 7))
    assert.equal(rng, s:rng())
    assert.same(list, bw:macro(s, "place random", 7))                -- the seed decides
    assert.are_not.same(list, bw:macro(s, "place random", 8))
    local out = bw:legal(s)
    local legal = {}
    for i = 1, out:size() do legal[out:get(i)] = true end
    assert.is_true(legal[list[1]])
    texts(bw, s, list)
    assert.equal("c2", who(s))
    assert.equal(decks, text(s):match("decks=%S+"))
    local b = board(s)
    -- 4 infantry on rank 8, 4 on rank 7, 6 and 2 machine guns on rank 6
    local ranks = {}
    for r in b:gmatch("[^/]+") do ranks[#ranks + 1] = r end
    assert.equal(4, select(2, ranks[1]:gsub("i", "")))
    assert.equal(4, select(2, ranks[2]:gsub("i", "")))
    assert.equal(6, select(2, ranks[3]:gsub("i", "")))
    assert.equal(2, select(2, ranks[3]:gsub("m", "")))
  end)

  it("BW-S3 the macros are offered only in the placement phase; other text is no macro", function()
    local s = bw:new()
    assert.same({ "place standard", "place random" }, bw:macros(s))
    assert.is_nil(bw:macro(s, "i@a8"))
    assert.is_nil(bw:macro(s, "place everything"))
    s = standard:new()
    assert.same({}, standard:macros(s))
    local ok, why = standard:macro(s, "place random", 1)
    assert.is_false(ok)
    assert.equal("place random places your units in the placement phase (BW-S3), which is over", why)
  end)
end)

describe("blockwars: turns and actions (BW-A)", function()
  it("BW-A1 two actions a turn, then the other side's turn", function()
    local s = pos({ d4 = "I", e4 = "I", h8 = "i" }, "c2 decks=2/2/-")
    act(s, "d4d5")
    assert.equal("c1", who(s))
    act(s, "e4e5")
    assert.equal("g2", who(s))
    assert.equal("2", field(s, "turn"))
  end)

  it("BW-A1 a player may end the turn early", function()
    local s = pos({ d4 = "I", h8 = "i" }, "c2 decks=2/2/-")
    act(s, "pass")
    assert.equal("g2", who(s))
    s = pos({ d4 = "I", h8 = "i" }, "c2 decks=2/2/-")
    act(s, "d4d5")
    T.assert_actions(bw, s, { "pass" })            -- d5 has moved (BW-A4)
    act(s, "pass")
    assert.equal("g2", who(s))
  end)

  it("BW-A2 infantry moves one square in any direction, to an empty square", function()
    local s = pos({ e4 = "I", e5 = "I", f5 = "i", a8 = "i" }, "c2 decks=2/2/-")
    assert.same({ "e4d3", "e4d4", "e4d5", "e4e3", "e4f3", "e4f4", "e4f4xf5", "e4xf5" },
                T.from(bw, s, "e4"))
    local corner = pos({ a1 = "I", a8 = "i" }, "c2 decks=2/2/-")
    T.assert_actions(bw, corner, { "a1a2", "a1b1", "a1b2", "pass" })
  end)

  it("BW-A3 move-and-attack: the move part is 0 or 1 square (RULING), any direction", function()
    local s = pos({ d4 = "I", e6 = "i", c2 = "i", h8 = "i" }, "c2 decks=2/2/-")
    assert.same({ "d4c3", "d4c3xc2", "d4c4", "d4c5", "d4d3", "d4d3xc2", "d4d5", "d4d5xe6",
                  "d4e3", "d4e4", "d4e5", "d4e5xe6" }, T.from(bw, s, "d4"))
    -- next to the enemy: it may attack in place
    s = pos({ d4 = "I", e5 = "i", h8 = "i" }, "c2 decks=2/2/-")
    assert.truthy(T.from(bw, s, "d4")[1])
    local all = table.concat(T.from(bw, s, "d4"), " ")
    assert.matches("d4xe5", all)
    assert.matches("d4d5xe5", all)
    assert.matches("d4e4xe5", all)
    -- the RULING as a variant: no attack in place
    local strict = wg.variant(bw, { name = "strict", attack_in_place = false })
    s = pos({ d4 = "I", e5 = "i", h8 = "i" }, "c2 decks=2/2/-", strict)
    assert.same({ "d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4d5xe5", "d4e3", "d4e4",
                  "d4e4xe5" }, T.from(strict, s, "d4"))
  end)

  it("BW-A3 the attack is resolved before the next action", function()
    local s = pos({ d4 = "I", e5 = "i", h8 = "i" }, "c2 decks=92/52/-")
    act(s, "d4xe5")
    assert.equal("7i/8/8/8/3I4/8/8/8", board(s))
    assert.equal("c1", who(s))
  end)

  it("BW-A4 a unit that moved or attacked can do neither again this turn", function()
    local s = pos({ d4 = "I", a1 = "I", h8 = "i", e6 = "i" }, "c2 decks=72/72/-")
    act(s, "d4d5")
    assert.same({}, T.from(bw, s, "d5"))
    assert.same({ "a1a2", "a1b1", "a1b2" }, T.from(bw, s, "a1"))
    s = pos({ d5 = "I", a1 = "I", h8 = "i", e6 = "i" }, "c2 decks=72/72/-")
    act(s, "d5xe6")                                  -- a tie: both stay
    assert.equal("done=d5", "done=" .. field(s, "done"))
    assert.same({}, T.from(bw, s, "d5"))
    -- next turn it may act again
    act(s, "pass")
    act(s, "pass")
    assert.equal("c2", who(s))
    assert.truthy(#T.from(bw, s, "d5") > 0)
  end)

  it("BW-A5 a machine gun fires in both actions, never moves, never at the tank", function()
    local s = pos({ d3 = "M", d5 = "i", c1 = "T", d1 = "T", c2 = "T", d2 = "T", h8 = "i" },
                  "c2 decks=772/772/-")
    assert.same({ "d3xd5" }, T.from(bw, s, "d3"))
    act(s, "d3xd5")
    assert.same({ "d3xd5" }, T.from(bw, s, "d3"))
    act(s, "d3xd5")
    assert.equal("g2", who(s))
    -- a German machine gun next to the tank: no target
    s = pos({ e3 = "m", c1 = "T", d1 = "T", c2 = "T", d2 = "T", a1 = "I" }, "g2 decks=2/2/-")
    assert.same({}, T.from(bw, s, "e3"))
  end)

  it("BW-A6 the tank moves one rank straight forward or back, with both actions", function()
    local tank = { c3 = "T", d3 = "T", c4 = "T", d4 = "T", h8 = "i" }
    local s = pos(tank, "c2 decks=2/2/-")
    assert.same({ "c3c2", "c3c4" }, T.from(bw, s, "c3"))
    act(s, "c3c4")
    assert.equal("7i/8/8/2TT4/2TT4/8/8/8", board(s))
    assert.equal("g2", who(s))                      -- both actions spent
    -- with one action left it cannot move
    s = pos(tank, "c1 decks=2/2/-")
    assert.same({}, T.from(bw, s, "c3"))
    -- the two squares it enters must be empty (either side's units block)
    tank.d5 = "i"
    tank.c2 = "I"
    s = pos(tank, "c2 decks=2/2/-")
    assert.same({ "c3xd5" }, T.from(bw, s, "c3"))   -- it may fire, not move
    tank.d5 = nil
    s = pos(tank, "c2 decks=2/2/-")
    assert.same({ "c3c4" }, T.from(bw, s, "c3"))
  end)

  it("BW-A8 a reinforcement enters on an empty square of the back rank, for both actions", function()
    local s = pos({ a1 = "I", b1 = "I", c1 = "I", d1 = "I", e1 = "I", f1 = "I", d5 = "I", h8 = "i" },
                  "c2 reserve=I/- decks=2/2/-")
    local enter = {}
    for _, t in ipairs(T.texts(bw, s)) do if t:match("@") then enter[#enter + 1] = t end end
    assert.same({ "i@g1", "i@h1" }, enter)
    act(s, "i@h1")
    assert.equal("g2", who(s))
    assert.equal("-/-", field(s, "reserve"))
    -- with one action left, no reinforcement
    s = pos({ d5 = "I", h8 = "i" }, "c1 reserve=I/- decks=2/2/-")
    for _, t in ipairs(T.texts(bw, s)) do assert.is_nil(t:match("@"), t) end
    -- the Germans' back rank is rank 8
    s = pos({ d5 = "i", a8 = "i", a1 = "I" }, "g2 reserve=-/i decks=2/2/-")
    assert.equal(7, #table.concat(T.texts(bw, s), " "):gsub("[^@]", ""))
  end)

  it("BW-A8 the tank enters on four empty squares of ranks 1-2", function()
    local s = pos({ a1 = "I", d2 = "I", f1 = "I", h8 = "i" }, "c2 reserve=T/- decks=2/2/-")
    local enter = {}
    for _, t in ipairs(T.texts(bw, s)) do if t:match("@") then enter[#enter + 1] = t end end
    assert.same({ "t@b1", "t@g1" }, enter)
    act(s, "t@g1")
    assert.equal("7i/8/8/8/8/8/3I2TT/I4ITT", board(s))
    assert.equal("g2", who(s))
  end)
end)

describe("blockwars: combat (BW-C)", function()
  local duel = { e4 = "I", e5 = "i", a1 = "I", h8 = "i" }

  it("BW-C1 the higher card wins: the attacker wins and the defender is removed", function()
    local s = pos(duel, "c2 decks=92/52/-")
    local told = act(s, "e4xe5")
    assert.equal("7i/8/8/8/4I3/8/8/I7", board(s))
    assert.equal("-/i", field(s, "lost"))
    assert.equal("2/2/59", field(s, "decks"))
    assert.equal("The Canadian infantry on e4 attacks the German infantry on e5: Canadians "
                 .. "turn 9, Germans turn 5.\nThe Canadians win.\nThe German infantry on e5 falls.",
                 told)
  end)

  it("BW-C1 the defender wins: the attacker is removed", function()
    local s = pos(duel, "c2 decks=52/92/-")
    act(s, "e4xe5")
    assert.equal("7i/8/8/4i3/8/8/8/I7", board(s))
    assert.equal("I/-", field(s, "lost"))
  end)

  it("BW-C1 a tie: nothing happens", function()
    local s = pos(duel, "c2 decks=72/72/-")
    assert.matches("A tie: nothing happens.", act(s, "e4xe5"))
    assert.equal("7i/8/8/4i3/4I3/8/8/I7", board(s))
  end)

  it("BW-C1 a machine gun that loses its own attack survives", function()
    local s = pos({ e3 = "M", e5 = "i", h8 = "i" }, "c2 decks=52/92/-")
    assert.matches("stays", act(s, "e3xe5"))
    assert.equal("7i/8/8/4i3/8/4M3/8/8", board(s))
    assert.equal("-/-", field(s, "lost"))
    -- and one that wins removes its target
    s = pos({ e3 = "M", e5 = "i", h8 = "i" }, "c2 decks=92/52/-")
    act(s, "e3xe5")
    assert.equal("-/i", field(s, "lost"))
  end)

  it("BW-C1 a machine gun that loses while defending is removed", function()
    local s = pos({ c2 = "M", c3 = "i", h1 = "I" }, "g2 decks=52/92/-")
    act(s, "c3xc2")
    assert.equal("M/-", field(s, "lost"))
  end)

  it("BW-C2 over the German wire (rank 5 to 6) the Canadians must win by 2, diagonals too", function()
    for _, target in ipairs { "d6", "e6", "f6" } do
      local map = { e5 = "I", [target] = "i", a1 = "I", h8 = "i" }
      local s = pos(map, "c2 decks=72/62/-")        -- by 1: a tie
      assert.matches("must win by 2", act(s, "e5x" .. target))
      assert.equal("-/-", field(s, "lost"))
      s = pos(map, "c2 decks=82/62/-")              -- by 2: a win
      act(s, "e5x" .. target)
      assert.equal("-/i", field(s, "lost"), target)
      s = pos(map, "c2 decks=62/72/-")              -- the defender wins by 1
      act(s, "e5x" .. target)
      assert.equal("I/-", field(s, "lost"), target)
    end
  end)

  it("BW-C2 over the Canadian wire (rank 4 to 3) the Germans must win by 2, diagonals too", function()
    for _, target in ipairs { "c3", "d3", "e3" } do
      local map = { d4 = "i", [target] = "I", a1 = "I", h8 = "i" }
      local s = pos(map, "g2 decks=62/72/-")
      act(s, "d4x" .. target)
      assert.equal("-/-", field(s, "lost"), target)
      s = pos(map, "g2 decks=62/82/-")
      act(s, "d4x" .. target)
      assert.equal("I/-", field(s, "lost"), target)
    end
  end)

  it("BW-C2 the wire counts where the attack is made from, after the move", function()
    local s = pos({ e4 = "I", e6 = "i", a1 = "I", h8 = "i" }, "c2 decks=72/62/-")
    act(s, "e4e5xe6")
    assert.equal("-/-", field(s, "lost"))
    assert.equal("7i/8/4i3/4I3/8/8/8/I7", board(s))
  end)

  it("BW-C2 no wire elsewhere: inside No Man's Land, or out of the enemy's side", function()
    local s = pos({ e4 = "I", e5 = "i", a1 = "I", h8 = "i" }, "c2 decks=72/62/-")
    act(s, "e4xe5")
    assert.equal("-/i", field(s, "lost"))
    s = pos({ e5 = "I", e6 = "i", a1 = "I", h8 = "i" }, "g2 decks=62/72/-")
    act(s, "e6xe5")                                -- Germans out of their side
    assert.equal("I/-", field(s, "lost"))
    s = pos({ e5 = "M", e6 = "i", a1 = "I", h8 = "i" }, "c2 decks=72/62/-")
    act(s, "e5xe6")                                -- a machine gun: no wire
    assert.equal("-/i", field(s, "lost"))
  end)

  it("BW-C3 the tank needs a win by 2, and its second damage destroys it", function()
    local tank = { c1 = "T", d1 = "T", c2 = "T", d2 = "T", e3 = "i", f3 = "i", a8 = "I", h8 = "i" }
    local s = pos(tank, "g2 decks=722/8992/-")
    act(s, "e3xc1")                                -- 8 against 7: a tie
    assert.equal("0", field(s, "tank"))
    act(s, "f3e2xc1")                              -- 9 against 2: damaged
    assert.equal("1", field(s, "tank"))
    s = pos(tank, "g2 tank=1 decks=722/9992/-")
    assert.matches("is destroyed", act(s, "e3xc1"))
    assert.equal("T/-", field(s, "lost"))
    assert.equal("I6i/8/8/8/8/4ii2/8/8", board(s))
    assert.equal("0", field(s, "tank"))
  end)

  it("BW-C3 the tank's gun losing its attack leaves the tank unharmed", function()
    local s = pos({ c1 = "T", d1 = "T", c2 = "T", d2 = "T", e3 = "i", h8 = "i" }, "c2 decks=52/92/-")
    act(s, "c1xe3")
    assert.equal("0", field(s, "tank"))
    assert.equal("-/-", field(s, "lost"))
  end)

  it("BW-C4 King: the barrage hits units of both sides on and around the square on 2-3", function()
    -- the Canadian attack turns a King; then one card per unit around e5,
    -- in square order: e4 (2: hit), d6 (4: missed), e6 (3: hit), f6 (9)
    local s = pos({ e4 = "I", e5 = "i", d6 = "i", e6 = "i", f6 = "i", a1 = "I", h8 = "i" },
                  "c2 decks=K24397/52/-")
    assert.matches("artillery barrage", act(s, "e4xe5"))
    assert.equal("barrage:c", field(s, "phase"))
    assert.equal(64, #T.texts(bw, s))              -- any square; no gas for them
    assert.equal("barrage a1", T.texts(bw, s)[1])
    local told = act(s, "barrage e5")
    assert.equal("7i/8/3i1i2/8/8/8/8/I7", board(s))
    assert.equal("I/i2", field(s, "lost"))
    assert.equal("main", field(s, "phase"))
    assert.equal("7/2/93425K", field(s, "decks"))   -- turned: last first
    assert.matches("2 for the Canadian infantry on e4", told)
  end)

  it("BW-C4 King: the barrage damages the tank (once, whatever squares it has there)", function()
    local s = pos({ c1 = "T", d1 = "T", c2 = "T", d2 = "T", h8 = "i" }, "g1 phase=barrage:g decks=2/32/-")
    act(s, "barrage c2")
    assert.equal("1", field(s, "tank"))
    assert.equal("2/2/3", field(s, "decks"))
  end)

  it("BW-C4 RULING the barrage misses on 4 and more", function()
    local s = pos({ d4 = "I", h8 = "i" }, "g1 phase=barrage:g decks=2/42/-")
    act(s, "barrage d4")
    assert.equal("-/-", field(s, "lost"))
  end)

  it("BW-C4 Ace: its drawer places a reinforcement on its back rank", function()
    local s = pos({ e4 = "I", e5 = "i", b2 = "i", h8 = "i" }, "c2 reserve=I6/- decks=A2/52/-")
    assert.matches("Ace brings a reinforcement", act(s, "e4xe5"))
    assert.equal("reinforce:c", field(s, "phase"))
    T.assert_actions(bw, s, { "i@a1", "i@b1", "i@c1", "i@d1", "i@e1", "i@f1", "i@g1", "i@h1" })
    act(s, "i@a1")
    assert.equal("I5/-", field(s, "reserve"))
    assert.equal("c1", who(s))
    assert.equal("a1", field(s, "new"))
    -- BW-A8 it cannot attack this turn, but it may move
    assert.same({ "a1a2", "a1b1" }, T.from(bw, s, "a1"))
    act(s, "pass")
    act(s, "pass")
    assert.same({ "a1a2", "a1a2xb2", "a1b1", "a1b1xb2", "a1xb2" }, T.from(bw, s, "a1"))
  end)

  it("BW-C4 Ace: with the reserve empty a casualty comes back; a lost tank never", function()
    local s = pos({ e4 = "I", e5 = "i", h8 = "i" }, "c2 lost=IT/- decks=A2/52/-")
    act(s, "e4xe5")
    act(s, "i@h1")
    assert.equal("T/i", field(s, "lost"))
    s = pos({ e4 = "I", e5 = "i", h8 = "i" }, "c2 lost=T/- decks=A2/52/-")
    assert.matches("Ace brings no reinforcement", act(s, "e4xe5"))
    assert.equal("main", field(s, "phase"))
    assert.equal("T/i", field(s, "lost"))
  end)

  it("BW-C4 Ace: nothing happens when the back rank is full", function()
    local full = { e4 = "I", e5 = "i", h8 = "i" }
    for f = 1, 8 do full[string.char(96 + f) .. "1"] = "I" end
    local s = pos(full, "c2 reserve=I/- decks=A2/52/-")
    assert.matches("Ace brings no reinforcement", act(s, "e4xe5"))
    assert.equal("I/-", field(s, "reserve"))
    assert.equal("main", field(s, "phase"))
  end)

  it("BW-C4 RULING Ace: the drawer chooses what enters: reserve infantry, or the tank "
     .. "where its four squares are empty", function()
    local s = pos({ e4 = "I", e5 = "i", a1 = "I", c2 = "I", g4 = "i", h8 = "i" },
                  "c2 reserve=I2T/- decks=A2/52/-")
    act(s, "e4xe5")
    assert.equal("reinforce:c", field(s, "phase"))
    T.assert_actions(bw, s, { "i@b1", "i@c1", "i@d1", "i@e1", "i@f1", "i@g1", "i@h1",
                              "t@d1", "t@e1", "t@f1", "t@g1" })
    assert.matches("choose what their Ace brings in, and where %(i@SQ, t@SQ%)%.$",
                   bw:render(s))
    assert.equal("The Canadian tank on e1 enters.", act(s, "t@e1"))
    assert.equal("I2/-", field(s, "reserve"))
    assert.equal("e1", field(s, "new"))
    -- BW-A8 in the drawer's own turn it cannot fire (one action is left: no move)
    assert.same({}, T.from(bw, s, "e1"))
    acts(s, { "pass", "pass" })
    assert.same({ "e1e2", "e1xg4" }, T.from(bw, s, "e1"))
  end)

  it("BW-C4 RULING Ace: with nothing in reserve that can enter, a casualty comes back, "
     .. "infantry or machine gun", function()
    -- the tank in reserve finds no four empty squares on ranks 1-2
    local s = pos({ e4 = "I", e5 = "i", b1 = "I", d1 = "I", f1 = "I", h1 = "I", c3 = "i",
                    h8 = "i" }, "c2 reserve=T/- lost=IM/- decks=A2/52/-")
    act(s, "e4xe5")
    T.assert_actions(bw, s, { "i@a1", "i@c1", "i@e1", "i@g1", "m@a1", "m@c1", "m@e1", "m@g1" })
    assert.equal("The Canadian machine gun on c1 comes back.", act(s, "m@c1"))
    assert.equal("I/i", field(s, "lost"))
    assert.equal("T/-", field(s, "reserve"))
    -- BW-A8 it cannot fire in the drawer's turn, and may in the next
    assert.same({}, T.from(bw, s, "c1"))
    acts(s, { "pass", "pass" })
    assert.same({ "c1xc3" }, T.from(bw, s, "c1"))
  end)

  it("BW-C4 BW-A8 a unit an Ace brings in the enemy's turn may attack in its own", function()
    local s = pos({ e4 = "I", e5 = "i", c7 = "I", a1 = "I", h8 = "i" },
                  "c2 reserve=-/i decks=22/A2/-")
    act(s, "e4xe5")                              -- 2 against Ace: the Germans win
    assert.equal("reinforce:g", field(s, "phase"))
    act(s, "i@d8")
    act(s, "pass")
    assert.equal("g2", who(s))
    assert.truthy(table.concat(T.from(bw, s, "d8"), " "):find("d8xc7", 1, true))
  end)

  it("BW-C4 BW-C5 Jack without a dogfight: the drawer strafes any enemy unit but the tank", function()
    local s = pos({ e4 = "I", e5 = "i", c6 = "i", a1 = "I", h8 = "i" }, "c2 air=oo/oo decks=J82/552/-")
    assert.matches("air battle", act(s, "e4xe5"))
    assert.equal("air:c", field(s, "phase"))
    T.assert_actions(bw, s, { "fly 1", "fly 2" })
    act(s, "fly 2")
    assert.equal("dogfight:g:fighter2", field(s, "phase"))
    T.assert_actions(bw, s, { "dogfight 1", "dogfight 2", "no dogfight" })
    act(s, "no dogfight")
    assert.equal("strafe:c:fighter2", field(s, "phase"))
    T.assert_actions(bw, s, { "strafe c6", "strafe h8" })
    local told = act(s, "strafe c6")            -- 8 against 5
    assert.matches("Canadian fighter 2 strafes the German infantry on c6", told)
    assert.equal("-/i2", field(s, "lost"))
    assert.equal("main", field(s, "phase"))
    assert.equal("c1", who(s))
  end)

  it("BW-C4 Jack with a dogfight: the lower card's plane is damaged, the winner strafes", function()
    local map = { e4 = "I", e5 = "i", c6 = "i", a1 = "I", h8 = "i" }
    -- Canadian fighter 1 turns 9, German fighter 1 turns 6: the German is damaged
    local s = pos(map, "c2 air=oo/oo decks=J982/5622/-")
    acts(s, { "e4xe5", "fly 1", "dogfight 1" })
    assert.equal("oo/do", field(s, "air"))
    assert.equal("strafe:c:fighter1", field(s, "phase"))
    act(s, "strafe h8")                           -- 8 against 2
    assert.equal("-/i2", field(s, "lost"))
    -- a tie: nobody is damaged, and the strafe goes on
    s = pos(map, "c2 air=oo/oo decks=J982/5922/-")
    acts(s, { "e4xe5", "fly 1", "dogfight 2" })
    assert.equal("oo/oo", field(s, "air"))
    assert.equal("strafe:c:fighter1", field(s, "phase"))
    -- the strafer loses: damaged, no strafe
    s = pos(map, "c2 air=oo/oo decks=J282/5922/-")
    acts(s, { "e4xe5", "fly 1", "dogfight 2" })
    assert.equal("do/oo", field(s, "air"))
    assert.equal("main", field(s, "phase"))
  end)

  it("BW-C4 Jack: a damaged plane that loses a dogfight is destroyed", function()
    local s = pos({ e4 = "I", e5 = "i", a1 = "I", h8 = "i" }, "c2 air=do/oo decks=J282/5922/-")
    acts(s, { "e4xe5", "fly 1", "dogfight 1" })
    assert.equal("xo/oo", field(s, "air"))
    -- a destroyed plane cannot fly
    s = pos({ e4 = "I", e5 = "i", a1 = "I", h8 = "i" }, "c2 air=xo/xd decks=J2/52/-")
    act(s, "e4xe5")
    T.assert_actions(bw, s, { "fly 2" })
    act(s, "fly 2")
    T.assert_actions(bw, s, { "dogfight 2", "no dogfight" })
  end)

  it("BW-C4 RULING a strafing plane that loses is damaged, or destroyed if damaged", function()
    local map = { e4 = "I", e5 = "i", c6 = "i", a1 = "I", h8 = "i" }
    local s = pos(map, "c2 air=oo/- decks=J32/592/-")
    acts(s, { "e4xe5", "fly 1", "strafe c6" })    -- no German fighters: no dogfight
    assert.equal("do/-", field(s, "air"))
    assert.equal("-/i", field(s, "lost"))
    s = pos(map, "c2 air=do/- decks=J32/592/-")
    acts(s, { "e4xe5", "fly 1", "strafe c6" })
    assert.equal("xo/-", field(s, "air"))
  end)

  it("BW-C4 Jack: no fighter, no air battle", function()
    local s = pos({ e4 = "I", e5 = "i", a1 = "I", h8 = "i" }, "c2 air=xx/oo decks=J2/52/-")
    assert.matches("no fighter left", act(s, "e4xe5"))
    assert.equal("main", field(s, "phase"))
  end)

  it("BW-C4 the narration says why a fighter is damaged, with the aces option or without", function()
    local map = { e4 = "I", e5 = "i", c6 = "i", a1 = "I", h8 = "i" }
    local s = pos(map, "c2 air=oo/- decks=J32/592/-")
    acts(s, { "e4xe5", "fly 1" })
    assert.matches("\nCanadian fighter 1 is damaged: a strafing fighter that loses is damaged %(BW%-C4 RULING%); "
                   .. "a second hit destroys it%.$", act(s, "strafe c6"))
    s = pos(map, "c2 air=oo/oo decks=J982/5622/-")
    acts(s, { "e4xe5", "fly 1" })
    assert.matches("\nGerman fighter 1 is damaged: the lower card's plane in a dogfight is damaged %(BW%-C4%); "
                   .. "a second hit destroys it%.\n", act(s, "dogfight 1"))
    local aces = bw:with_options { "aces" }
    s = pos(map, "c2 air=oo/- decks=J32/592/-", aces)
    acts(s, { "e4xe5", "fly 1" }, aces)
    assert.matches("\nCanadian fighter 1 is damaged: a strafing fighter that loses is damaged %(BW%-C4 RULING%); "
                   .. "a second hit destroys it, and damaged it turns its cards at %-1 %(BW%-O2%)%.$",
                   act(s, "strafe c6", aces))
  end)

  it("BW-C4 RULING both Jacks: only the attacker starts an air battle", function()
    local s = pos({ e4 = "I", e5 = "i", a1 = "I", h8 = "i" }, "c2 air=oo/oo decks=J2/J2/-")
    act(s, "e4xe5")
    assert.equal("air:c", field(s, "phase"))
    assert.equal("-", field(s, "next"))
    -- and the defender's Jack alone starts one for the defender
    s = pos({ e4 = "I", e5 = "i", a1 = "I", h8 = "i" }, "c2 air=oo/oo decks=52/J2/-")
    act(s, "e4xe5")
    assert.equal("air:g", field(s, "phase"))
  end)

  it("BW-C4 both Kings: both barrages, the attacker's first", function()
    local s = pos({ e4 = "I", e5 = "i", a1 = "I", h8 = "i" }, "c2 decks=K22/K22/-")
    act(s, "e4xe5")
    assert.equal("barrage:c", field(s, "phase"))
    assert.equal("Kg", field(s, "next"))
    act(s, "barrage a8")
    assert.equal("barrage:g", field(s, "phase"))
    assert.equal(128, #T.texts(bw, s))          -- with poison gas (BW-G2)
    act(s, "barrage a8")
    assert.equal("main", field(s, "phase"))
    assert.equal("c1", who(s))
  end)

  it("BW-C4 special cards never act in barrage, dogfight or strafe draws", function()
    -- barrage cards K A J: nothing more
    local s = pos({ d4 = "I", d5 = "i", e5 = "i", h8 = "i" }, "g1 phase=barrage:g decks=2/KAJ2/-")
    act(s, "barrage d4")
    assert.equal("main", field(s, "phase"))
    assert.equal("-", field(s, "next"))
    -- dogfight and strafe cards K and A: nothing more
    s = pos({ e4 = "I", e5 = "i", c6 = "i", a1 = "I", h8 = "i" }, "c2 air=oo/oo decks=JKA2/5K22/-")
    acts(s, { "e4xe5", "fly 1", "dogfight 1", "strafe c6" })
    assert.equal("main", field(s, "phase"))
    assert.equal("-", field(s, "next"))
    assert.equal("-/i2", field(s, "lost"))
  end)

  it("BW-C4 the attacker's special card is resolved first, then the defender's", function()
    local s = pos({ e4 = "I", e5 = "i", a1 = "I", h8 = "i" }, "c2 reserve=-/i decks=K2/A2/-")
    act(s, "e4xe5")                               -- a King and an Ace
    assert.equal("barrage:c", field(s, "phase"))
    assert.equal("Ag", field(s, "next"))
    act(s, "barrage a8")
    assert.equal("reinforce:g", field(s, "phase"))
    act(s, "i@b8")
    assert.equal("main", field(s, "phase"))
    assert.equal("c1", who(s))
  end)

  it("BW-C5 every decision is taken by the player concerned through the legal actions", function()
    local s = pos({ e4 = "I", e5 = "i", a1 = "I", h8 = "i" }, "g2 air=oo/oo decks=52/J2/-")
    act(s, "e5xe4")                               -- Germans attack and turn a Jack
    assert.equal(2, s:side())
    assert.equal(2, s:decider())
    act(s, "fly 1")
    assert.equal(1, s:decider())                  -- the Canadians answer
    assert.equal(2, s:side())
    T.assert_actions(bw, s, { "dogfight 1", "dogfight 2", "no dogfight" })
  end)

  -- The pack, top first, without the cards given (in "23456789TJQKA").
  local function pack_without(taken)
    local left = {}
    for ch in ("23456789TJQKA"):gmatch(".") do left[ch] = 4 end
    for ch in taken:gmatch(".") do left[ch] = left[ch] - 1 end
    local out = {}
    for ch in ("23456789TJQKA"):gmatch(".") do out[#out + 1] = ch:rep(left[ch]) end
    return table.concat(out)
  end

  -- A combat on a stacked pack: the Canadians hold one card, the Germans
  -- theirs on top of 24 more, and the other 26 are turned. -> state, the 50
  local function stacked(map, canadian, german)
    local rest = pack_without(canadian .. german)
    return pos(map, "c2 decks=" .. canadian .. "/" .. german .. rest:sub(1, 24) .. "/"
                    .. rest:sub(25)), rest
  end

  -- Each of the 52 cards once, across the parts of decks=.
  local function whole_pack(decks)
    local count = {}
    for ch in decks:gsub("[/%-]", ""):gmatch(".") do count[ch] = (count[ch] or 0) + 1 end
    for ch in ("23456789TJQKA"):gmatch(".") do assert.equal(4, count[ch], ch) end
  end

  it("BW-C6 RULING the attacker's card empties his deck: the defender turns his own top "
     .. "card, and all 52 are dealt again once the combat is resolved", function()
    local s = stacked({ e4 = "I", e5 = "i", a1 = "I", h8 = "i" }, "7", "5")
    -- the reshuffle is told after the combat that caused it
    assert.equal("The Canadian infantry on e4 attacks the German infantry on e5: Canadians "
                 .. "turn 7, Germans turn 5.\nThe Canadians win.\nThe German infantry on e5 "
                 .. "falls.\nA deck has run out: all 52 cards are gathered, shuffled and dealt "
                 .. "again.", act(s, "e4xe5"))
    local c, g, t = field(s, "decks"):match("^(%w+)/(%w+)/(%S+)$")
    assert.equal(26, #c)
    assert.equal(26, #g)
    assert.equal("-", t)
    whole_pack(field(s, "decks"))
  end)

  it("BW-C6 RULING a side that must turn a card with its deck empty: the cards not face up "
     .. "are dealt again, and no card is turned twice in one combat", function()
    local s, rest = stacked({ e4 = "I", e5 = "i", d6 = "i", e6 = "i", f6 = "i", a1 = "I",
                              h8 = "i" }, "K", "5")
    act(s, "e4xe5")                              -- King against 5: a barrage
    assert.equal("barrage:c", field(s, "phase"))
    -- the King and the 5 lie face up, the fourth part of decks=
    assert.equal("-/" .. rest:sub(1, 24) .. "/" .. rest:sub(25) .. "/5K", field(s, "decks"))
    assert.equal(2, s:ncards(bw.D.showing))
    assert.equal(text(s), text(T.position(bw, text(s))))
    -- the Canadians must turn cards with an empty deck: the 50 others are dealt
    local told = act(s, "barrage e6")
    assert.matches("^The barrage falls on e6 %(hits on 2%-3%)%.\nA deck has run out: the 50 "
                   .. "cards not face up in this combat are gathered, shuffled and dealt "
                   .. "again%.\n%w+ for the German infantry on d6%.\n", told)
    -- then the combat is resolved: the King and the 5 join the turned cards,
    -- under the three the barrage turned
    local c, g, t = field(s, "decks"):match("^(%w+)/(%w+)/(%w+)$")
    assert.equal(22, #c)
    assert.equal(25, #g)
    assert.matches("^...5K$", t)
    whole_pack(field(s, "decks"))
  end)
end)

describe("blockwars: the Germans' extras (BW-G)", function()
  it("BW-G1 the Germans start with two machine guns, the Canadians with one", function()
    local s = standard:new()
    assert.equal(2, s:count(2, bw.T.machinegun))
    assert.equal(1, s:count(1, bw.T.machinegun))
  end)

  it("BW-G2 once per game the Germans may make a barrage poison gas: hits on 2-6", function()
    local s = pos({ d4 = "I", d5 = "I", e5 = "I", h8 = "i", a1 = "I" }, "g1 phase=barrage:g decks=2/6472/-")
    local texts = T.texts(bw, s)
    assert.equal(128, #texts)
    assert.equal("barrage a1", texts[1])
    assert.equal("gas a1", texts[65])
    act(s, "gas d5")                              -- d4: 6, d5: 4, e5: 7
    assert.equal("I2/-", field(s, "lost"))
    assert.equal("gas", field(s, "used"))
    s = pos({ d4 = "I", h8 = "i" }, "g1 phase=barrage:g used=gas decks=2/2/-")
    assert.equal(64, #T.texts(bw, s))
    -- the Canadians never have gas
    s = pos({ d4 = "I", h8 = "i" }, "c1 phase=barrage:c decks=2/2/-")
    assert.equal(64, #T.texts(bw, s))
  end)
end)

describe("blockwars: winning (BW-W)", function()
  it("BW-W1 two units on the enemy back rank win", function()
    local s = pos({ a7 = "I", h8 = "I", d4 = "i" }, "c2 decks=2/2/-")
    act(s, "a7a8")
    assert.equal("the Canadians win (two units on the enemy back rank)", T.outcome(bw, s).text)
    s = pos({ a2 = "i", h1 = "i", d5 = "I" }, "g2 decks=2/2/-")
    act(s, "a2b1")
    assert.equal(2, T.outcome(bw, s).winner)
  end)

  it("BW-W1 RULING a unit stepping onto the back rank as the second wins at once: its "
     .. "attack is not resolved", function()
    local s = pos({ a8 = "I", c7 = "I", d8 = "i", h1 = "i" }, "c2 decks=2/9/-")
    assert.equal("The Canadians hold two places on the enemy back rank.", act(s, "c7c8xd8"))
    assert.equal("the Canadians win (two units on the enemy back rank)", T.outcome(bw, s).text)
    assert.equal("2/9/-", field(s, "decks"))     -- no card turned
    assert.equal("-/-", field(s, "lost"))        -- d8 stands
    assert.same({}, T.texts(bw, s))
    -- the Germans alike, onto rank 1
    s = pos({ h1 = "i", f2 = "i", e1 = "I", a8 = "I" }, "g1 decks=9/2/-")
    act(s, "f2f1xe1")
    assert.equal(2, T.outcome(bw, s).winner)
    assert.equal("9/2/-", field(s, "decks"))
  end)

  it("BW-W1 the tank counts as one unit", function()
    local tank = { a6 = "T", b6 = "T", a7 = "T", b7 = "T", d4 = "i", h7 = "I" }
    local s = pos(tank, "c2 decks=2/2/-")
    act(s, "a6a7")                               -- the tank on a8 and b8
    assert.is_nil(T.outcome(bw, s))
    tank.a6, tank.b6, tank.a8, tank.b8 = nil, nil, "T", "T"
    s = pos(tank, "c2 decks=2/2/-")
    act(s, "h7h8")
    assert.equal(1, T.outcome(bw, s).winner)
  end)

  it("BW-W2 RULING a side with no unit on the board and no reinforcement loses", function()
    local s = pos({ e4 = "I", e5 = "i" }, "c2 decks=92/52/-")
    act(s, "e4xe5")
    assert.equal("the Canadians win (the enemy has no units left)", T.outcome(bw, s).text)
    -- with a reinforcement left the game goes on
    s = pos({ e4 = "I", e5 = "i" }, "c2 reserve=-/i decks=92/52/-")
    act(s, "e4xe5")
    assert.is_nil(T.outcome(bw, s))
    act(s, "pass")
    T.assert_actions(bw, s, { "i@a8", "i@b8", "i@c8", "i@d8", "i@e8", "i@f8", "i@g8", "i@h8", "pass" })
  end)

  it("BW-W2 RULING the status line names whose turn it is beside the count", function()
    local s = standard:new(nil, 1)
    assert.matches("\nTurn 1 of 200, the Germans': 2 actions left%.$", standard:render(s))
    acts(s, { "e6e5", "d6d5" }, standard)
    assert.matches("\nTurn 2 of 200, the Canadians': 2 actions left%.$", standard:render(s))
    -- a decision the Canadians take in the Germans' turn
    s = pos({ d4 = "I", h8 = "i" }, "g1 turn=3 phase=barrage:c decks=2/2/-")
    assert.matches("\nTurn 3 of 200, the Germans': the Canadians choose where the barrage "
                   .. "falls %(barrage SQ%)%.$", bw:render(s))
  end)

  it("BW-W2 RULING the turn limit (an option, 200 by default) is a draw", function()
    assert.equal(200, bw.opt.turns)
    local short = bw:with_options { "turns=3" }
    local s = pos({ e4 = "I", e5 = "i" }, "g2 decks=2/2/-", short)
    act(s, "pass", short)
    act(s, "pass", short)
    assert.is_nil(T.outcome(short, s))
    act(s, "pass", short)
    assert.equal("Draw by the turn limit", T.outcome(short, s).text)
    assert.same({}, T.texts(short, s))
  end)
end)

describe("blockwars: optional rules (BW-O)", function()
  local crosses = bw:with_options { "crosses" }
  local aces = bw:with_options { "aces" }
  local two = { e4 = "I", c4 = "I", e5 = "i", c5 = "i", h8 = "i" }

  it("BW-O1 the Victoria Cross turns an attacking infantry's defeat into victory, once", function()
    local s = pos(two, "c2 decks=5522/9922/-", crosses)
    assert.matches("Victoria Cross", act(s, "e4xe5", crosses))
    assert.equal("cross:c:e4xe5", field(s, "phase", crosses))
    T.assert_actions(crosses, s, { "cross", "no cross" })
    act(s, "cross", crosses)
    assert.equal("-/i", field(s, "lost", crosses))
    assert.equal("vc", field(s, "used", crosses))
    assert.equal("c1", who(s))
    act(s, "c4xc5", crosses)                     -- beaten again: no cross now
    assert.equal("I/i", field(s, "lost", crosses))
    assert.equal("main", field(s, "phase", crosses))
  end)

  it("BW-O1 declining the cross leaves the defeat a defeat", function()
    local s = pos(two, "c2 decks=5522/9922/-", crosses)
    acts(s, { "e4xe5", "no cross" }, crosses)
    assert.equal("I/-", field(s, "lost", crosses))
    assert.equal("-", field(s, "used", crosses))
  end)

  it("BW-O1 the Iron Cross saves a defending German: the attacker falls", function()
    local s = pos(two, "c2 decks=9922/5522/-", crosses)
    act(s, "e4xe5", crosses)
    assert.equal("cross:g:e4xe5", field(s, "phase", crosses))
    assert.equal(2, s:decider())
    act(s, "cross", crosses)
    assert.equal("I/-", field(s, "lost", crosses))
    assert.equal("ic", field(s, "used", crosses))
    assert.equal("c1", who(s))
  end)

  it("BW-O1 a cross against a strafe damages the strafer; machine guns get none", function()
    local s = pos({ e4 = "I", e5 = "i", c6 = "i", a1 = "I", h8 = "i" },
                  "c2 air=oo/- decks=J92/552/-", crosses)
    act(s, "e4xe5", crosses)
    assert.equal("cross:g:e4xe5", field(s, "phase", crosses))   -- before the Jack
    acts(s, { "no cross", "fly 1", "strafe c6" }, crosses)     -- 9 against 5
    assert.equal("cross:g:fighter1xc6", field(s, "phase", crosses))
    act(s, "cross", crosses)
    assert.equal("do/-", field(s, "air", crosses))
    assert.equal("-/i", field(s, "lost", crosses))
    s = pos({ e3 = "M", e4 = "i", h8 = "i" }, "g2 decks=52/92/-", crosses)
    act(s, "e4xe3", crosses)
    assert.equal("M/-", field(s, "lost", crosses))
    assert.equal("main", field(s, "phase", crosses))
  end)

  it("BW-O3 RULING a gun is never removed for losing its own attack, not even when a "
     .. "cross turns the combat", function()
    for _, gun in ipairs { { e3 = "M" }, { d2 = "T", e2 = "T", d3 = "T", e3 = "T" } } do
      local map = { e5 = "i", a1 = "I", h8 = "i" }
      for sq, l in pairs(gun) do map[sq] = l end
      local from = gun.d2 and "d2" or "e3"
      local s = pos(map, "c2 decks=92/52/-", crosses)
      act(s, from .. "xe5", crosses)             -- 9 against 5: the gun wins
      assert.equal("cross:g:" .. from .. "xe5", field(s, "phase", crosses))
      assert.matches("loses its attack but stays", act(s, "cross", crosses))
      assert.equal("-/-", field(s, "lost", crosses))
      assert.equal("ic", field(s, "used", crosses))
      assert.equal("0", field(s, "tank", crosses))
    end
  end)

  it("BW-O1 without the option there is no cross", function()
    local s = pos(two, "c2 decks=5522/9922/-")
    act(s, "e4xe5")
    assert.equal("I/-", field(s, "lost"))
    assert.equal(false, bw.opt.crosses)
  end)

  it("BW-O2 the ace adds 1 to its cards, a damaged plane subtracts 1", function()
    local map = { e4 = "I", e5 = "i", c6 = "i", a1 = "I", h8 = "i" }
    -- fighter 1, the ace, turns 7 against 8: a tie with the option
    local s = pos(map, "c2 air=oo/- decks=J72/582/-", aces)
    acts(s, { "e4xe5", "fly 1" }, aces)
    assert.matches("Canadians turn 7 %(%+1%), Germans turn 8", act(s, "strafe c6", aces))
    assert.equal("oo/-", field(s, "air", aces))
    assert.equal("-/i", field(s, "lost", aces))
    s = pos(map, "c2 air=oo/- decks=J72/582/-")
    acts(s, { "e4xe5", "fly 1", "strafe c6" })
    assert.equal("do/-", field(s, "air"))     -- no option: 7 loses to 8
    -- a damaged fighter 2 turns 9 against 9: 8, it loses
    s = pos(map, "c2 air=od/- decks=J92/592/-", aces)
    acts(s, { "e4xe5", "fly 2", "strafe c6" }, aces)
    assert.equal("ox/-", field(s, "air", aces))
    -- a damaged ace: +1 -1, 8 against 8 is a tie
    s = pos(map, "c2 air=do/- decks=J82/582/-", aces)
    acts(s, { "e4xe5", "fly 1", "strafe c6" }, aces)
    assert.equal("do/-", field(s, "air", aces))
    assert.equal("-/i", field(s, "lost", aces))
  end)

  it("BW-O2 in a dogfight both planes' cards are changed", function()
    -- the Canadian ace turns 8 (9), the damaged German fighter 2 turns 10 (9)
    local s = pos({ e4 = "I", e5 = "i", a1 = "I", h8 = "i" }, "c2 air=oo/od decks=J82/5T2/-", aces)
    acts(s, { "e4xe5", "fly 1", "dogfight 2" }, aces)
    assert.equal("oo/od", field(s, "air", aces))
    assert.equal("strafe:c:fighter1", field(s, "phase", aces))
  end)
end)

describe("blockwars: hidden information (BW-H)", function()
  it("BW-H1 a side's view keeps what it may see and hides the order of the decks", function()
    local s = standard:new(nil, 77)
    local v = s:view(1)
    assert.equal(standard:position_text(s):match("^(.-) decks="),
                 standard:position_text(v):match("^(.-) decks="))
    -- the same position with the decks in another order: the same view
    local other = text(standard:new(nil, 78), standard)
    local twin = T.position(standard, (other:gsub("rng=%x+", "rng=0")))
    assert.are_not.equal(field(s, "decks", standard), field(twin, "decks", standard))
    assert.is_true(twin:view(1):equal(standard:new(nil, 77):view(1)))
    assert.equal(standard:position_text(s, 1), standard:position_text(twin, 1))
  end)

  it("BW-H1 a player's position text shows the decks as counts, and no generator", function()
    local s = pos({ e4 = "I", e5 = "i", a1 = "I", h8 = "i" }, "c2 decks=92/52/-")
    act(s, "e4xe5")
    assert.equal("7i/8/8/8/4I3/8/8/I7 c1 turn=1 reserve=-/- lost=-/i air=-/- tank=0 used=- "
                 .. "done=e4 new=- phase=main next=- decks=?1/?1/59", bw:position_text(s, 1))
    -- with a full pack it loads: the unknown cards are the rest of the pack
    s = standard:new(nil, 8)
    acts(s, { "e6e5", "d6d5", "c3c4xd5" }, standard)
    local seen = standard:position_text(s, 1)
    assert.matches("decks=%?%d+/%?%d+/%w+$", seen)
    local back = T.position(standard, seen)
    assert.equal(seen, standard:position_text(back, 1))
  end)

  it("BW-H1 legal actions never depend on the order of the decks", function()
    local a, b = standard:new(nil, 5), standard:new(nil, 6)
    assert.same(T.texts(standard, a), T.texts(standard, b))
    local v = a:view(2, 99)
    assert.same(T.texts(standard, a), T.texts(standard, v))
  end)

  it("BW-H1 undo puts the turned cards back in order: a redraw turns the same cards", function()
    local s = standard:new(nil, 31)
    acts(s, { "e6e5", "d6d5" }, standard)
    local mark = s:mark()
    local first = act(s, "c3c4xd5", standard)
    assert.matches("turn", first)
    s:undo(mark)
    assert.equal(first, act(s, "c3c4xd5", standard))
  end)
end)

describe("blockwars: undo (BW-H2)", function()
  it("BW-H2 the Lua API undoes exactly: back over cards turned, reshuffles and decisions",
     function()
    local game = bw:with_options { "crosses", "aces" }
    local out, pick = wg.actions(), 5
    for seed = 1, 3 do
      local s = game:new(nil, seed)
      local before, mark = s:copy(), s:mark()
      local dealt = 0
      for _ = 1, 600 do
        out:clear()
        game:actions(s, out)
        if #out == 0 then break end
        pick = (pick * 1103515245 + 12345) % 2147483648
        local log = {}
        game:play(s, out:get(pick % #out + 1), log)
        if table.concat(log, " "):find("dealt again", 1, true) then dealt = dealt + 1 end
      end
      assert.truthy(dealt > 0)
      s:undo(mark)
      assert.is_true(s:equal(before))
      assert.equal(game:position_text(before), game:position_text(s))
    end
  end)
end)

describe("blockwars: chance is exact and replayable (BW-S6)", function()
  it("BW-S6 the same seed and the same actions give the same game, byte for byte", function()
    local game = standard
    local s = game:new(nil, 2024)
    local record, texts = {}, { text(s, game) }
    local out = wg.actions()
    local pick = 7
    for _ = 1, 300 do
      out:clear()
      game:actions(s, out)
      if #out == 0 then break end
      pick = (pick * 1103515245 + 12345) % 2147483648
      local a = out:get(pick % #out + 1)
      record[#record + 1] = game:action_text(s, a)
      game:play(s, a)
      texts[#texts + 1] = text(s, game)
      -- the full text round-trips at every step
      assert.equal(texts[#texts], text(T.position(game, texts[#texts]), game))
    end
    local r = game:new(nil, 2024)
    for i, a in ipairs(record) do
      act(r, a, game)
      assert.equal(texts[i + 1], text(r, game), "after " .. a)
    end
  end)
end)

describe("blockwars: the rulings as house rules", function()
  local strict = require("wargrid.loader").load_file("examples/variants/blockwars_strict.lua")

  it("BW-C4 BW-A5 BW-A3 a variant of a few lines changes RULINGs", function()
    local s = pos({ d4 = "I", h8 = "i" }, "g1 phase=barrage:g decks=2/42/-", strict)
    act(s, "barrage d4", strict)
    assert.equal("I/-", field(s, "lost", strict))          -- a 4 hits now
    s = pos({ d4 = "M", d5 = "I", e6 = "i", h1 = "I", a8 = "i" }, "c2 decks=2/2/-", strict)
    assert.same({}, T.from(strict, s, "d4"))              -- d5 alone blocks d4-e6
    s = pos({ d4 = "I", e5 = "i", h8 = "i" }, "c2 decks=2/2/-", strict)
    assert.is_nil(table.concat(T.from(strict, s, "d4"), " "):match("d4xe5"))
    -- and the game itself is unchanged
    s = pos({ d4 = "I", h8 = "i" }, "g1 phase=barrage:g decks=2/42/-")
    act(s, "barrage d4")
    assert.equal("-/-", field(s, "lost"))
  end)
end)
