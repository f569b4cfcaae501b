-- wargrid serve against its own table: what a seat, or a spectator
-- watching it, could learn or undo that it should not. The app is driven
-- directly (wargrid.serve's app), as the HTTP routes drive it.
local serve = require "wargrid.serve"
local json = require "wargrid.json"

-- the texts of the history's entries from i on
local function texts(app, i)
  local out = {}
  for k = i or 1, #app.sess.log.entries do
    out[#out + 1] = app.sess.log.entries[k].action
  end
  return out
end

-- plays side's first legal action, or its placement at once
local function play_any(app)
  local game, s = app.sess.game, app.sess.s
  local side = s:decider()
  local text = #game:macros(s) > 0 and "place standard"
               or game:action_text(s, game:legal(s):get(1))
  return assert(app:play(side, text))
end

describe("wargrid serve, attacked from its own table", function()
  -- The squares place random chose, seen by anyone at the table, were
  -- drawn from the game's seed and the count of actions: trying the 2^32
  -- seeds against 16 placements took 7 s in C, and the seed tells every
  -- card of both decks.
  it("BW-H2 place random draws nothing from the game's seed", function()
    local placed = {}
    for i = 1, 2 do
      local app = serve.app { source = { name = "blockwars" }, seed = 99,
                              opponent = "none" }
      local side = app.sess.s:decider()
      assert(app:play(side, "place random"))
      placed[i] = texts(app)
      assert.is_true(#placed[i] >= 8)
    end
    assert.are_not.same(placed[1], placed[2])
  end)

  -- Its record (the seed, and so every card to come) is served once the
  -- game is over; an undo then would take play on with the decks known.
  it("BW-H2 undoes nothing once a game with hidden cards is over", function()
    local app = serve.app { source = { name = "blockwars",
                                       options = { "turns=1" } },
                            opponent = "none" }
    local game, s = app.sess.game, app.sess.s
    for _ = 1, 100 do
      if game:outcome(s) then break end
      play_any(app)
    end
    assert.equal("Draw by the turn limit", game:outcome(s).text)
    local req = { method = "GET", path = "/record.pgn", host = "", origin = "",
                  args = {} }
    assert.equal(200, (app:handle(req, 0)))
    local n = #app.sess.log.entries
    for side = 1, 2 do
      local ok, why = app:undo(side)
      assert.is_nil(ok)
      assert.equal("the game is over and its record, which holds the seed "
                   .. "(every card), may be read: no undo (BW-H2)", why)
    end
    assert.equal(n, #app.sess.log.entries)
    assert.equal("Draw by the turn limit", game:outcome(s).text)
  end)

  it("lets a person undo only their own last action, never the other's since",
     function()
    local app = serve.app { source = { name = "courier" }, seed = 1,
                            opponent = "none" }
    assert(app:play(1, "a2a4"))
    assert(app:play(2, "a7a5"))
    local ok, why = app:undo(1)
    assert.is_nil(ok)
    assert.equal("black has played since: undo takes back only your own "
                 .. "last action, while it is the last", why)
    assert.same({ "a2a4", "a7a5" }, texts(app))
    assert.is_true(app:undo(2))
    assert.same({ "a2a4" }, texts(app))
    assert.is_true(app:undo(1))
    assert.same({}, texts(app))
    local st = json.decode(app:state(1))
    assert.equal(1, st.decider)
  end)

  it("against the AI, undoes the seat's last action and the AI's answer",
     function()
    local app = serve.app { source = { name = "courier" }, seed = 1,
                            opponent = "ai", level = 1 }
    assert(app:play(1, "a2a4"))
    app.sess:play(assert(app.sess.game:parse_action(app.sess.s, "a7a5")))
    assert.is_true(app:undo(1))
    assert.same({}, texts(app))
  end)
end)
