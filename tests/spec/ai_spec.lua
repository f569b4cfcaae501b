-- The generic AI (Monte Carlo tree search) and self-play statistics.
local T = require "wargrid.test"
local ai = require "wargrid.ai"
local selfplay = require "wargrid.selfplay"

-- the naive check of a forced win, independent of the search
local forced_win = T.forced_win

describe("ai: Monte Carlo tree search", function()
  local courier = T.game "courier"

  it("finds a mate in one in Courier", function()
    local s = T.position(courier, "k11/pp10/12/12/12/12/12/4R6K w - - 0 1")
    for seed = 1, 5 do
      local a = ai.mcts(courier, s, { iterations = 200, seed = seed })
      assert.equal("e1e8", courier:action_text(s, a))
    end
  end)

  it("finds a mate in two in Courier", function()
    -- 1. Rb1 Ka7 2. Ra2, 1. Rb2 Ka7 2. Ra1, 1. Re7 Kb8 2. Rd8 ... and no
    -- mate (or stalemate, which also wins) in one
    local s = T.position(courier, "k11/12/12/12/12/12/4R7/3R7K w - - 0 1")
    assert.is_false(forced_win(courier, s, 1, 1))
    assert.is_true(forced_win(courier, s, 3, 1))
    for seed = 1, 3 do
      local a = ai.mcts(courier, s, { iterations = 3000, seed = seed })
      local m = s:mark()
      courier:play(s, a)
      assert.is_true(forced_win(courier, s, 2, 1), courier:action_text(s, a))
      s:undo(m)
    end
  end)

  it("expands actions in the order of the game's hint (captures first in Courier)", function()
    -- one iteration expands one action: the first in order
    local s = T.position(courier, "k11/12/12/12/12/3p8/12/K2R8 w - - 0 1")
    for seed = 1, 5 do
      local a = ai.mcts(courier, s, { iterations = 1, seed = seed })
      assert.equal("d1d3", courier:action_text(s, a))
    end
  end)

  it("plays the same game twice for the same seed and budget", function()
    local function game_of(seed)
      local s = courier:new()
      local texts = {}
      for ply = 1, 40 do
        local a = ai.mcts(courier, s, { iterations = 60, seed = seed + ply })
        texts[ply] = courier:action_text(s, a)
        courier:play(s, a)
      end
      return table.concat(texts, " ")
    end
    assert.equal(game_of(7), game_of(7))
    assert.are_not.equal(game_of(7), game_of(8))
  end)

  it("leaves the state as it was", function()
    local s = courier:new()
    local before = s:copy()
    ai.mcts(courier, s, { iterations = 300, seed = 1 })
    assert.is_true(s:equal(before))
  end)
end)

describe("ai: hidden information (Block Wars, BW-H1)", function()
  local bw = T.game "blockwars"
  local function state(decks)
    return T.position(bw, T.board(bw, { e4 = "I", e5 = "i", d5 = "i", a1 = "I", h8 = "i" })
                          .. " g1 decks=" .. decks)
  end

  it("BW-H1 decides the same for two states that differ only in deck order", function()
    -- with the first decks the German attack on e4 loses, with the second it
    -- wins: a search that read the order would choose differently
    for seed = 1, 3 do
      local a1 = ai.mcts(bw, state("9/2/-"), { iterations = 400, seed = seed })
      local a2 = ai.mcts(bw, state("2/9/-"), { iterations = 400, seed = seed })
      assert.equal(bw:action_text(state("9/2/-"), a1), bw:action_text(state("2/9/-"), a2))
    end
  end)

  it("BW-H1 searches states sampled from the side's view, never the true state", function()
    assert.is_true(bw:hidden())
    assert.is_false(T.game("courier"):hidden())
    local s = state("9/2/-")
    local seen = {}
    local view = bw.view
    bw.view = function(self, root, side, seed)
      local v = view(self, root, side, seed)
      seen[#seen + 1] = v
      return v
    end
    local ok, err = pcall(ai.mcts, bw, s, { iterations = 50, seed = 1 })
    bw.view = view
    assert(ok, err)
    assert.equal(50, #seen)
    for _, v in ipairs(seen) do assert.is_false(v:equal(s)) end
  end)
end)

describe("ai: chance hidden in a deck", function()
  local wg = require "wargrid"
  -- one decision: "gamble" turns the top card of a face-down deck of ten
  -- (1..8 wins, 9 and 10 lose), "safe" is a sure draw
  local g = wg.game { name = "gamble", board = { files = 2, ranks = 1 },
    pieces = { p = { letter = "p" } }, decks = { d = {}, used = { open = true } },
    vars = { done = {} }, start = "x" }
  function g:set_position(s)
    s:set_cards(1, { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 })
    s:shuffle(1)
    return true
  end
  function g:position_text() return "x" end
  function g:actions(s, out)
    if s:var(1) == 0 then out:add(1); out:add(2) end
  end
  function g:play(s, a)
    if wg.fields(a) == 1 then
      s:set_var(1, s:draw(1, 2) <= 8 and 1 or 2)
    else
      s:set_var(1, 3)
    end
  end
  function g:result(s) return s:var(1) == 3 and 0 or s:var(1) end

  it("takes the gamble that wins 80%, though some deals lose", function()
    assert.is_true(g:hidden())
    for seed = 1, 10 do
      local a, st = ai.mcts(g, g:new(nil, seed), { iterations = 500, seed = seed })
      assert.equal(1, wg.fields(a))
      assert.near(0.8, st.value, 0.08)
    end
  end)
end)

describe("ai: sure losses with no exploration", function()
  local wg = require "wargrid"
  -- the first player's "gamble" draws on the random generator (chance: no
  -- proof passes it), after which each of the second player's two actions
  -- loses at once; "safe" leads to a draw
  local g = wg.game { name = "losses", board = { files = 2, ranks = 1 },
    pieces = { p = { letter = "p" } }, vars = { choice = {}, ply = {} },
    start = "x" }
  function g:set_position() return true end
  function g:position_text() return "x" end
  function g:actions(s, out)
    if s:var(2) < 2 then out:add(1, 1); out:add(1, 2) end
  end
  function g:play(s, a)
    local _, k = wg.fields(a)
    if s:var(2) == 0 then
      if k == 1 then s:random(2) end
      s:set_var(1, k)
    end
    s:set_var(2, s:var(2) + 1)
    s:end_turn()
  end
  function g:result(s) return s:var(1) == 1 and 1 or 0 end

  it("goes on through a node whose children all score a sure loss of 0", function()
    -- with explore 0 a sure loss of mean 0 scores -1.0 exactly: the search
    -- must still choose one of them, not step to no child at all
    for seed = 1, 3 do
      local a, st = wg.host.mcts(g, g:new(), { iterations = 50, seed = seed, explore = 0 })
      assert.equal(1, select(2, wg.fields(a)))
      assert.equal(50, st.iterations)
      assert.equal(1.0, st.value)
    end
  end)

  it("refuses an order that drops actions, which it would never try", function()
    local order = g.order
    function g:order(_, out) out:truncate(1) end
    local ok, err = pcall(wg.host.mcts, g, g:new(), { iterations = 50, seed = 1 })
    g.order = order
    assert.is_false(ok)
    assert.matches("mcts: game:order must keep every action", err)
  end)
end)

describe("ai: actions kept at nodes the search goes through again", function()
  local wg = require "wargrid"
  -- a card from a face-down deck of two (or, without the deck, always 1)
  -- decides which three of six actions the second player has; each player
  -- takes one action, and the game ends in a draw (nothing proven, so
  -- every iteration runs)
  local function card_game(deck)
    local g = wg.game { name = "cards", board = { files = 2, ranks = 1 },
      pieces = { p = { letter = "p" } }, vars = { ply = {}, card = {} },
      decks = deck and { d = {}, used = { open = true } } or nil, start = "x" }
    g.calls = 0
    function g:set_position(s)
      if deck then
        s:set_cards(1, { 1, 2 })
        s:shuffle(1)
      end
      return true
    end
    function g:position_text() return "x" end
    local function fill(s, out)
      local ply = s:var(1)
      if ply == 0 then
        for k = 1, 3 do out:add(k) end
      elseif ply == 1 then
        local base = s:var(2) == 1 and 0 or 3
        for k = 1, 3 do out:add(base + k + 10) end
      end
    end
    function g:actions(s, out)
      self.calls = self.calls + 1
      fill(s, out)
    end
    function g:play(s, a)
      local legal = wg.actions()
      fill(s, legal)
      assert(legal:contains(a), "illegal action " .. a .. " played")
      if s:var(1) == 0 then s:set_var(2, deck and s:draw(1, 2) or 1) end
      s:set_var(1, s:var(1) + 1)
      s:end_turn()
    end
    function g:result() return 0 end
    return g
  end

  it("asks again where a sampled state decides the actions (the card drawn)", function()
    local g = card_game(true)
    assert.is_true(g:hidden())
    for seed = 1, 5 do
      local a, st = ai.mcts(g, g:new(nil, seed), { iterations = 200, seed = seed })
      assert.is_truthy(a)
      assert.equal(200, st.iterations)
    end
  end)

  it("asks a node the same every iteration for its actions once it has children", function()
    local g = card_game(false)
    local _, st = ai.mcts(g, g:new(nil, 1), { iterations = 60, seed = 1 })
    assert.equal(60, st.iterations)
    assert.equal(13, st.nodes)   -- the whole tree: 1 + 3 + 9
    -- once the tree is whole an iteration goes through a second-ply node,
    -- whose actions are kept, to an end, which has none to keep: one call
    -- an iteration, where generating at every node would make two
    assert.is_true(g.calls < 60 + 20, g.calls .. " calls")
    assert.is_true(g.calls >= 60, g.calls .. " calls")
  end)
end)

describe("selfplay: statistics", function()
  it("summarizes wins, draws, first-player wins, length and endings", function()
    local st = selfplay.summarize {
      { winner = 1, first = 1, reason = "checkmate", plies = 10 },
      { winner = 2, first = 1, reason = "checkmate", plies = 20 },
      { winner = 0, first = 1, reason = "threefold repetition", plies = 30 },
      { winner = 1, first = 2, reason = "stalemate", plies = 40 },
    }
    assert.same({ 2, 1 }, st.wins)
    assert.equal(1, st.draws)
    assert.equal(1, st.first_wins)
    assert.equal(25, st.length.mean)
    assert.near(12.90994, st.length.sd, 1e-5)
    assert.same({ checkmate = 2, ["threefold repetition"] = 1, stalemate = 1 }, st.reasons)
  end)

  it("partitions the games of a run among shards", function()
    assert.same({ 0, 3, 6, 9 }, selfplay.indices(10, 1, 3))
    assert.same({ 1, 4, 7 }, selfplay.indices(10, 2, 3))
    assert.same({ 2, 5, 8 }, selfplay.indices(10, 3, 3))
  end)
end)

describe("selfplay: the command line", function()
  local function run(cmd)
    local h = io.popen("build/wargrid " .. cmd .. " 2>&1; echo \"rc=$?\"")
    local out = h:read("a")
    h:close()
    return out
  end
  local tmp = os.tmpname()
  local common = "selfplay courier --games 6 --seed 3 --white mcts:30 --black random"

  it("merging two shards equals one run of the same seeds", function()
    local whole = run(common)
    assert.matches("rc=0", whole)
    run(common .. " --shard 1/2 > " .. tmp .. ".1")
    run(common .. " --shard 2/2 > " .. tmp .. ".2")
    local merged = run("stats merge " .. tmp .. ".1 " .. tmp .. ".2")
    assert.equal(whole, merged)
    assert.matches("courier: 6 games, white %(mcts:30%) vs black %(random%), seeds 3..8", whole)
  end)

  it("two jobs give the same report as one", function()
    assert.equal(run(common), run(common .. " --jobs 2"))
  end)

  it("writes JSON", function()
    local out = run(common .. " --json")
    local json = require "wargrid.json"
    local report = json.decode(out:match("^(.-)\nrc=0"))
    assert.equal(6, report.games)
    assert.equal(6, report.wins.white.count + report.wins.black.count + report.draws.count)
  end)

  it("refuses shards of different runs", function()
    run(common .. " --shard 1/2 > " .. tmp .. ".1")
    run("selfplay courier --games 6 --seed 4 --white mcts:30 --black random --shard 2/2 > "
        .. tmp .. ".2")
    assert.matches("is from another run %(seed 4, not 3%)", run("stats merge " .. tmp .. ".1 " .. tmp .. ".2"))
    os.remove(tmp .. ".1")
    os.remove(tmp .. ".2")
  end)
end)
