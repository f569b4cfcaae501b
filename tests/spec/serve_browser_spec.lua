-- wargrid serve in a real browser: headless Chromium (installed by
-- tools/install-deps test) driven by tests/serve_browser.py over the
-- DevTools protocol, clicking squares as a person does. The server's
-- position text afterwards must be the engine's after the same actions.
-- Two people play at their own seats' pages (tabs of one browser), a
-- spectator and a forged token watch. Screenshots for a person:
-- build/serve-courier.png, serve-trenches.png, serve-reload.png,
-- serve-blockwars-combat.png, serve-spectator.png; the move round trip
-- against level 1 goes to build/serve-timing.json.
local json = require "wargrid.json"
local replay = require "wargrid.replay"
local T = require "wargrid.test"

-- A Block Wars combat whose decks are stacked: the Canadians turn the
-- King, the Germans a 5 (then 2 for the barrage)
local COMBAT = T.board(T.game "blockwars", { e4 = "I", e5 = "i", a1 = "I", h8 = "i", b3 = "i" })
               .. " c2 decks=K24/52/-"

-- What serve_browser.py reports of its runs, in one browser.
local runs
local function browser(scenario)
  if not runs then
    local h = io.popen("python3 tests/serve_browser.py build/wargrid build courier trenches reload placement "
                       .. "'blockwars=" .. COMBAT .. "' 2> build/serve-browser.log")
    local out = h:read("a")
    h:close()
    runs = json.decode(out)
    if not runs then
      local f = io.open("build/serve-browser.log")
      local log = f and f:read("a") or ""
      if f then f:close() end
      error("serve_browser.py said: " .. out .. log)
    end
  end
  return runs[scenario]
end

-- The position after texts from the start, as side `viewer` sees it.
local function after(source, seed, texts, viewer)
  local game = replay.load(source)
  local s = game:new(nil, seed)
  for _, t in ipairs(texts) do game:play(s, assert(game:parse_action(s, t))) end
  return game:position_text(s, viewer), game, s
end

describe("wargrid serve in a browser", function()
  it("C-O1 five moves of Courier by clicks: the server's position is the engine's; one move against level 1", function()
    local r = browser("courier")
    local moves = { "a2a4", "a7a5", "l2l4", "l7l5", "g2g4" }
    -- both by hand, the page shows the side deciding: Black after five
    local want = after({ name = "courier" }, 7, moves, 2)
    assert.equal(want, r.position)
    assert.equal(want, r.page)
    assert.same({ "White a2a4", "Black a7a5", "White l2l4", "Black l7l5", "White g2g4" }, r.history)
    assert.equal("You play Black. Your move.", r.status)
    -- a click on b2 before: its pawn may not move yet, and the page says why
    assert.equal("illegal: C-O1 White still owes the opening moves a2a4, l2l4, g2g4, g1g3", r.why)
    -- a click on l2 lit what its pawn may reach: l4 alone, as C-O1 owes
    assert.same({ "l4" }, r.lit)
    assert.equal(2, #r.ai_history)
    assert.equal("a2a4", r.ai_history[1])
    local f = assert(io.open("build/serve-timing.json", "w"))
    f:write(json.encode { rtt_ms = r.rtt_ms, rtt_outside_ms = r.rtt_outside_ms }, "\n")
    f:close()
    assert.is_true(r.rtt_ms > 0 and r.rtt_ms < 5000, tostring(r.rtt_ms))
  end)

  it("T-G1 T-T1 a whole Trenches turn of each side by clicks: a soldier's move and grenade, a tank's move", function()
    local r = browser("trenches")
    assert.same({ "a4-b5/c6", "e8-e6" }, r.history)
    local want, game, s = after({ name = "trenches" }, 3, r.history, 1)
    assert.equal(want, r.position)
    assert.equal(want, r.page)
    -- after a4 and b5, the squares lit were the grenade's (T-G1, T-G2)
    local s0 = game:new(nil, 3)
    local grenades = {}
    for _, t in ipairs(game:action_texts(s0)) do
      local g = t:match("^a4%-b5/(%w+)$")
      if g then grenades[#grenades + 1] = g end
    end
    table.sort(grenades)
    assert.same(grenades, r.grenade)
    assert.is_nil(game:outcome(s))
  end)

  it("C-P4 the variant file edited mid-game: the page shows the verdict and the board under the new rules", function()
    local r = browser("reload")
    assert.matches("^rules reloaded %(.-house%.lua changed%): action 9 %(Ee3, by white%) is illegal: C%-P4 your "
                   .. "corporal on c1 cannot reach e3: the path is blocked at d2 by your pawn; play goes on from "
                   .. "before it %(8 actions%)$", r.verdict)
    local want = after({ name = "courier" }, 1, { "a2a4", "a7a5", "l2l4", "l7l5", "g2g4", "g7g5", "g1g3", "g8g6" }, 1)
    assert.equal(want, r.position)
    assert.equal(want, r.page)
    assert.is_false(r.piece_on_e3)
  end)

  it("BW-C1 BW-C4 a Block Wars combat of stacked decks told beside the board: cards, whose, who won, what was lost",
     function()
    local r = browser("blockwars")
    assert.equal("Just now: Canadians e4xe5 \u{2014} The Canadian infantry on e4 attacks the German infantry on "
                 .. "e5: Canadians turn King, Germans turn 5. The Canadians win. The German infantry on e5 falls. "
                 .. "The Canadians fire an artillery barrage: they choose the square.", r.combat)
    assert.same({ "e4", "e5" }, r.lit)
    assert.same({ "The Canadian infantry on e4 attacks the German infantry on e5: Canadians turn King, Germans "
                  .. "turn 5.", "The Canadians win.", "The German infantry on e5 falls.",
                  "The Canadians fire an artillery barrage: they choose the square.",
                  "The barrage falls on e4 (hits on 2-3).", "2 for the Canadian infantry on e4.",
                  "The Canadian infantry on e4 falls." }, r.told)
    -- a click on the enemy's piece: the rule that refuses it
    assert.equal("illegal: BW-A1 the infantry on h8 is German, and the Canadians act now", r.why)
    -- a1 to a2 could go on to attack b3: a button in words, and a second
    -- click on a2 plays it
    assert.same({ "Play: the infantry on a1 moves to a2" }, r.confirm)
    assert.equal("e4xe5", r.history[1])
    assert.equal("barrage e4", r.history[2])
    assert.equal("a1a2", r.history[3])
    -- reloaded, the page is still the Canadians' seat
    assert.same({ "1", "You play Canadians. Your move." }, r.reloaded)
  end)

  it("BW-H1 a spectator sees no hidden card and cannot act; a forged token is refused", function()
    local r = browser("blockwars")
    assert.equal("this link has no seat at the table: its token is no side's (open the link `wargrid serve` "
                 .. "printed)", r.forged)
    local sp = r.spectator
    assert.matches("^You watch %(spectator%)%. ", sp.status)
    assert.is_true(sp.controls)
    assert.matches(" decks=%?%d+/%?%d+/", sp.position)
    assert.is_nil(sp.position:find("rng=", 1, true))
    assert.is_nil(sp.svg:find("rng=", 1, true))
    assert.is_nil(sp.svg:find("decks=[^?]"))
    assert.matches("<title>Block Wars, as a spectator sees it</title>", sp.svg, 1, true)
    -- the narration is what everyone at the table saw turned
    assert.equal("The Canadians win.", sp.told[2])
  end)

  it("BW-S3 Block Wars' placement by one button: Place standard", function()
    local r = browser("placement")
    assert.same({ "Place standard", "Place random" }, r.buttons)
    local game = replay.load { name = "blockwars" }
    local s = game:new(nil, 5)
    local canadians = {}
    for i, e in ipairs(r.history) do
      game:play(s, assert(game:parse_action(s, e[2])))
      if i == 16 then
        -- the AI's Germans first, then the standard setup at once
        local macro = game:macro(s, "place standard", 0)
        for k, a in ipairs(macro) do canadians[k] = game:action_text(s, a) end
      end
      if i > 16 and i <= 32 then
        assert.equal("canadians", e[1])
        assert.equal(canadians[i - 16], e[2])
      end
    end
    assert.is_true(#r.history >= 32)
  end)
end)
