-- wargrid serve in a real browser: headless Chromium (installed by
-- tools/install-deps test) driven by tests/serve_browser.py over the
-- DevTools protocol, clicking squares as a person does. The server's
-- position text afterwards must be the engine's after the same actions.
-- Screenshots for a person: build/serve-courier.png, serve-trenches.png,
-- serve-reload.png; the move round trip against level 1 goes to
-- build/serve-timing.json.
local json = require "wargrid.json"
local replay = require "wargrid.replay"

-- What serve_browser.py reports of its three runs, in one browser.
local runs
local function browser(scenario)
  if not runs then
    local h = io.popen("python3 tests/serve_browser.py build/wargrid build courier trenches reload "
                       .. "2> build/serve-browser.log")
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
    assert.same({ "white a2a4", "black a7a5", "white l2l4", "black l7l5", "white g2g4" }, r.history)
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
end)
