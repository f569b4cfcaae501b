-- Block Wars' position text (its section of
-- scripts/games/blockwars/text.lua): every position the game reaches
-- reads back as the same position, and a text the game could not play is
-- refused with a message naming its field.
local T = require "wargrid.test"
local wg = require "wargrid"

local bw = T.game "blockwars"
local crosses = bw:with_options { "crosses" }

local function pos(map, rest, game)
  return T.position(game or bw, T.board(bw, map) .. " " .. rest)
end

local function text(s, game) return (game or bw):position_text(s) end
local function field(s, key, game) return text(s, game):match(" " .. key .. "=(%S+)") end

-- The message a refused text gives (it fails the test if the text loads).
local function refused(map, rest, game)
  local s, err = (game or bw):new(T.board(bw, map) .. " " .. rest)
  assert.is_nil(s, "the position loaded")
  return err
end

local function play(s, list, game)
  for _, a in ipairs(list) do T.play(game or bw, s, a) end
end

describe("blockwars: position text (BW-S6)", function()
  local two = { f4 = "I", f5 = "i", a1 = "I", h8 = "i" }

  it("BW-S6 BW-O1 a cross between squares of file f reads back as squares", function()
    local s = pos(two, "c2 decks=5522/9922/-", crosses)
    play(s, { "f4xf5" }, crosses)
    local t = text(s, crosses)
    assert.equal("cross:c:f4xf5", field(s, "phase", crosses))
    assert.equal(t, text(T.position(crosses, t), crosses))
    -- f1 and f2 are squares, never fighters: the infantry on f1 attacked
    s = pos({ f1 = "I", f2 = "i", a1 = "I", h8 = "i" },
            "c1 air=oo/oo phase=cross:g:f1xf2 decks=22/22/9559", crosses)
    play(s, { "cross" }, crosses)
    assert.equal("I/-", field(s, "lost", crosses))
    assert.equal("oo/oo", field(s, "air", crosses))
  end)

  it("BW-S6 BW-C4 BW-O1 a fighter in a phase is written fighterN, and only so", function()
    local s = pos({ e4 = "I", e5 = "i", c6 = "i", a1 = "I", h8 = "i" },
                  "c2 air=oo/oo decks=J982/5622/-", crosses)
    play(s, { "e4xe5", "no cross", "fly 2" }, crosses)
    assert.equal("dogfight:g:fighter2", field(s, "phase", crosses))
    play(s, { "no dogfight" }, crosses)
    assert.equal("strafe:c:fighter2", field(s, "phase", crosses))
    assert.equal(text(s, crosses), text(T.position(crosses, text(s, crosses)), crosses))
    play(s, { "strafe c6" }, crosses)                -- 9 against 6
    assert.equal("cross:g:fighter2xc6", field(s, "phase", crosses))
    assert.equal(text(s, crosses), text(T.position(crosses, text(s, crosses)), crosses))
    -- f2 is the square
    assert.matches("'f2' is not a fighter in the air",
                   refused({ e4 = "I", h8 = "i" }, "c2 air=oo/oo phase=strafe:c:f2"))
  end)

  it("BW-W2 a game that ended at the turn limit reads back as ended, a draw", function()
    local short = bw:with_options { "turns=2" }
    local s = pos({ e4 = "I", e5 = "i" }, "g2 decks=2/2/-", short)
    play(s, { "pass", "pass" }, short)
    assert.equal("Draw by the turn limit", T.outcome(short, s).text)
    local back = T.position(short, text(s, short))
    assert.equal(text(s, short), text(back, short))
    assert.same(T.outcome(short, s), T.outcome(short, back))
    assert.same({}, T.texts(short, back))
    -- the same text in a longer game goes on
    assert.is_nil(T.outcome(bw, T.position(bw, text(s, short))))
  end)

  it("BW-W2 a turn beyond the turn limit is refused", function()
    local short = bw:with_options { "turns=2" }
    assert.matches("turn '4': ", refused({ e4 = "I", e5 = "i" }, "g2 turn=4", short))
    assert.matches("turn '3000000000': ",
                   refused({ e4 = "I", e5 = "i" }, "g2 turn=3000000000"))
  end)

  it("BW-S3 a placement that cannot be says why", function()
    assert.matches("placement: too many German infantry on rank 8$",
                   refused({ a8 = "i", b8 = "i", c8 = "i", d8 = "i", e8 = "i" },
                           "g2 phase=place"))
    assert.matches("placement: the Germans place first$", refused({}, "c2 phase=place"))
    assert.matches("placement: too many German machine guns on rank 6$",
                   refused({ a6 = "m", b6 = "m", c6 = "m" }, "g2 phase=place"))
  end)
end)

describe("blockwars: positions that cannot be played are refused", function()
  local two = { e4 = "I", e5 = "i" }

  it("BW-A1 no actions left in the main phase", function()
    assert.matches("'c0': no actions left", refused(two, "c0 decks=2/2/-"))
    -- while a decision is pending, the turn may have no actions left
    local s = pos(two, "c0 phase=barrage:c decks=2/2/-")
    play(s, { "barrage a8" })
    assert.equal("g2", text(s):match("^%S+ (%S+)"))
  end)

  it("BW-C6 a combat needs a card for each side: at least 2 cards", function()
    assert.matches("^bad position .*: decks '%-/%-/%-': ", refused(two, "c2 decks=-/-/-"))
    assert.matches("decks '%-/%-/2': ", refused(two, "c2 decks=-/-/2"))
    -- two cards are enough: each combat gathers and deals them again
    local s = pos(two, "c2 reserve=I/i decks=-/-/79")
    play(s, { "e4xe5" })
    assert.equal(2, #field(s, "decks"):gsub("[^%w]", ""))
  end)

  it("BW-C6 cards lie face up only while a combat is resolved", function()
    assert.matches("decks '2/2/%-/5K': cards lie face up only while a combat is resolved, "
                   .. "not in phase main$", refused(two, "c2 decks=2/2/-/5K"))
    local s = pos(two, "c1 phase=barrage:c decks=2/2/-/5K")
    assert.equal("2/2/-/5K", field(s, "decks"))
    play(s, { "barrage a8" })                        -- resolved: they join the turned
    assert.equal("2/2/5K", field(s, "decks"))
    assert.matches("decks '2/2/%-/': expected ", refused(two, "c1 phase=barrage:c decks=2/2/-/"))
  end)

  it("BW-S6 fighters never stand on the board (fuzz: position)", function()
    assert.matches("board: a fighter on f6; fighters are written in air=",
                   refused({ e4 = "I", e5 = "i", f6 = "f" }, "c2 decks=2/2/-"))
    assert.matches("board: a fighter on a1; ",
                   refused({ e4 = "I", e5 = "i", a1 = "F" }, "c2 decks=2/2/-"))
  end)

  it("BW-A8 units off the board read in any order, as written; no tank for an army without tank ranks "
     .. "(fuzz: position)", function()
    assert.equal("I5T/i6", field(pos(two, "c2 reserve=TI2I3/i3i3 decks=2/2/-"), "reserve"))
    assert.matches("reserve 'I6/ti6': the germans have no tank ranks to bring a tank in on %(BW%-A8%)",
                   refused(two, "c2 reserve=I6/ti6 decks=2/2/-"))
  end)

  it("BW-S6 a text holds no more units than a game does (fuzz: position)",
     function()
    local more = ": more units than a game holds %(128 at most%)"
    assert.matches("reserve 'I200/i6'" .. more,
                   refused(two, "c2 reserve=I200/i6 decks=2/2/-"))
    assert.matches("lost '%-/i99999999999999999999'" .. more,
                   refused(two, "c2 lost=-/i99999999999999999999 decks=2/2/-"))
    local air = ("o"):rep(130)
    -- the input quoted short: its first 60 characters (issue 13)
    assert.matches("air '" .. air:sub(1, 60) .. "%.%.%.'" .. more,
                   refused(two, "c2 air=" .. air .. "/- decks=2/2/-"))
    assert.matches("placement" .. more,
                   refused(two, "c2 reserve=I120/- phase=place decks=2/2/-"))
    -- 126 in reserve and 2 on the board: as many as a game holds
    assert.equal("I126/-", field(pos(two, "c2 reserve=I126/- decks=2/2/-"),
                                 "reserve"))
  end)

  it("BW-C4 at most 8 special cards wait in next=", function()
    local eight = ("Kc,"):rep(8):sub(1, -2)
    local s = pos(two, "c1 phase=barrage:c next=" .. eight .. " decks=2/2/-")
    assert.equal(eight, field(s, "next"))
    assert.matches("next '" .. eight .. ",Kc': at most 8 ",
                   refused(two, "c1 phase=barrage:c next=" .. eight .. ",Kc decks=2/2/-"))
  end)

  it("BW-C4 BW-C5 a decision nobody can take is refused", function()
    -- an Ace with nothing to bring, a Jack with no fighter, no strafe target
    assert.matches("phase 'reinforce:c': ", refused(two, "c1 phase=reinforce:c decks=2/2/-"))
    assert.matches("phase 'air:g': ", refused(two, "c1 phase=air:g decks=2/2/-"))
    assert.matches("phase 'strafe:c:fighter1': ",
                   refused({ e4 = "I", e5 = "t", f5 = "t", e6 = "t", f6 = "t" },
                           "c1 air=o/- phase=strafe:c:fighter1 decks=2/2/-"))
    -- BW-S3 a placement phase with nothing left to place
    local standard = bw:with_options { setup = "standard" }
    local s, err = bw:new(standard:start_text():match("^%S+") .. " g2 phase=place")
    assert.is_nil(s)
    assert.matches("phase 'place': the Germans have no action to take$", err)
    -- BW-O1 a cross without the option, or a second one
    assert.matches("phase 'cross:c:e4xe5': ", refused(two, "c1 phase=cross:c:e4xe5"))
    assert.matches("phase 'cross:c:e4xe5': ",
                   refused(two, "c1 used=vc phase=cross:c:e4xe5", crosses))
    assert.truthy(pos(two, "c1 used=ic phase=cross:c:e4xe5", crosses))
  end)
end)

describe("blockwars: seeded random games read back at every step (BW-S6)", function()
  -- every option combination: both setups, crosses, aces
  local games = {}
  for _, setup in ipairs { "placement", "standard" } do
    for _, cross in ipairs { false, true } do
      for _, ace in ipairs { false, true } do
        games[#games + 1] = bw:with_options { setup = setup, crosses = cross, aces = ace }
      end
    end
  end

  it("BW-S6 BW-O1 BW-O2 every position's text reloads to the same game", function()
    local out, seen = wg.actions(), 0
    for g, game in ipairs(games) do
      for seed = 1, 3 do
        local s = game:new(nil, 1000 * g + seed)
        local pick = seed
        for _ = 1, 400 do
          local t = text(s, game)
          local r = T.position(game, t)
          assert.equal(t, text(r, game))
          assert.is_true(r:equal(T.position(game, t)), t)
          assert.same(T.outcome(game, s), T.outcome(game, r), t)
          seen = seen + 1
          out:clear()
          game:actions(s, out)
          if #out == 0 then break end
          pick = (pick * 1103515245 + 12345) % 2147483648
          local a = out:get(pick % #out + 1)
          -- the reloaded game goes on alike: same actions, same result
          local b = game:parse_action(r, game:action_text(s, a))
          assert.equal(#out, #game:legal(r), t)
          game:play(s, a)
          game:play(r, b)
          assert.equal(text(s, game), text(r, game), t)
        end
      end
    end
    assert.is_true(seen > 5000, seen)
  end)
end)
