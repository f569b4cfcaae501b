-- The generic alpha-beta search (host.search, wargrid.ai.alphabeta): its
-- values against a naive minimax written here, its budgets, its helper
-- processes, and what it asks of a game.
local T = require "wargrid.test"
local wg = require "wargrid"
local ai = require "wargrid.ai"

local WIN = 100000000  -- the search's score of a win, less the plies to it

-- A tree-shaped game for checking values: a position is the path of
-- choices from the start (so no two paths meet), each node has 2 to 4
-- choices, a leaf is scored by a hash of its path, and a few nodes end the
-- game at once. With turns of `per_turn` actions one side may decide twice
-- in a row.
local function tree_game(per_turn, height)
  local g = wg.game { name = "tree", board = { files = 2, ranks = 1 },
    pieces = { p = { letter = "p" } }, vars = { path = {}, depth = {} },
    actions_per_turn = per_turn, start = "x" }
  function g:set_position() return true end
  function g:position_text() return "x" end
  local function mix(x) return (x * 2654435761 + 12345) % 1000003 end
  local function over(s)
    local d, p = s:var(2), s:var(1)
    return d >= height or (d >= 2 and mix(p) % 11 == 0)
  end
  function g:actions(s, out)
    if over(s) then return end
    for k = 1, 2 + mix(s:var(1) + 7) % 3 do out:add(1, k) end
  end
  function g:play(s, a)
    local _, k = wg.fields(a)
    s:set_var(1, s:var(1) * 5 + k)
    s:set_var(2, s:var(2) + 1)
    s:spend()
    if s:left() == 0 then s:end_turn() end
  end
  function g:result(s)
    local r = mix(s:var(1) + 3) % 3
    return r == 0 and 0 or r
  end
  function g:evaluate(s, side)
    local v = mix(s:var(1)) % 2001 / 100 - 10
    return side == 1 and v or -v
  end
  return g
end

-- Naive minimax of the search's own scoring, for the side to decide: a
-- finished game is a win or loss in so many plies (or 0), a leaf its
-- evaluation in hundredths; a node with one action does not count against
-- the depth.
local function minimax(game, s, depth, ply)
  local out = game:legal(s)
  if out:size() == 0 then
    local w = game:result(s)
    if w == 0 then return 0 end
    return w == s:decider() and WIN - ply or -WIN + ply
  end
  if depth <= 0 then
    return math.floor(game:evaluate(s, s:decider()) * 100 + 0.5)
  end
  local me, best = s:decider(), -math.huge
  local next = out:size() == 1 and depth or depth - 1
  for i = 1, out:size() do
    local m = s:mark()
    game:play(s, out:get(i))
    local v = minimax(game, s, next, ply + 1)
    if s:decider() ~= me then v = -v end
    s:undo(m)
    best = math.max(best, v)
  end
  return best
end

local function value(st)
  if st.win then return st.win > 0 and WIN - st.win or -WIN - st.win end
  return math.floor(st.score * 100 + 0.5)
end

describe("search: values", function()
  for _, per_turn in ipairs { 1, 2 } do
    it(string.format("equals a naive minimax at every depth (%d action%s a turn)", per_turn,
                     per_turn == 1 and "" or "s"), function()
      local g = tree_game(per_turn, 7)
      local s = g:new()
      for depth = 1, 6 do
        local _, st = wg.host.search(g, s, { depth = depth, lmr = false })
        assert.equal(minimax(g, s, depth, 0), value(st), "depth " .. depth)
      end
    end)
  end

  it("plays an action that reaches the value it reports", function()
    local g = tree_game(1, 7)
    local s = g:new()
    local a, st = wg.host.search(g, s, { depth = 5, lmr = false })
    local m = s:mark()
    g:play(s, a)
    assert.equal(value(st), -minimax(g, s, 4, 1))
    s:undo(m)
  end)

  it("scores a win by the plies to it (C-E2 checkmate in one)", function()
    local courier = T.game "courier"
    local s = T.position(courier, "k11/pp10/12/12/12/12/12/4R6K w - - 0 1")
    local a, st = wg.host.search(courier, s, { depth = 3 })
    assert.equal("e1e8", courier:action_text(s, a))
    assert.equal(1, st.win)
    assert.same({ a }, st.pv)
  end)

  it("scores a loss it cannot escape as negative (C-E2)", function()
    local courier = T.game "courier"
    -- Black to move, mated next move whatever it does: Kb8 Rh8, e4 Rh8
    local s = T.position(courier, "k11/7R4/1K10/4p7/12/12/12/12 b - - 0 1")
    local _, st = wg.host.search(courier, s, { depth = 4 })
    assert.equal(-2, st.win)
  end)

  it("sees past a capture to the recapture (quiescence, C-P9)", function()
    local courier = T.game "courier"
    -- the rook may take d5, which c6 defends; at depth 1 only quiescence
    -- tells that the rook is lost for a pawn
    local s = T.position(courier, "k11/12/2p9/3p8/12/12/12/3R7K w - - 0 1")
    local a = wg.host.search(courier, s, { depth = 1 })
    assert.are_not.equal("d1d5", courier:action_text(s, a))
    local naive = courier.forcing
    courier.forcing = nil
    local greedy = wg.host.search(courier, s, { depth = 1 })
    courier.forcing = naive
    assert.equal("d1d5", courier:action_text(s, greedy))
  end)
end)

-- Each knowledge of a game the search may be given (ai.knowledge): on
-- together, the mates and the won exchanges stay found.
local ALL = { null_move = true, futility = 150, lmp = 3, check_extension = true }

describe("search: knowledge (null move, futility, late moves, checks, exchanges)", function()
  local courier = T.game "courier_historical"
  local values = {}
  for name, id in pairs(courier.T) do
    values[id] = courier.def.pieces[name].royal and 1000 or courier.def.pieces[name].value
  end
  local function with(extra)
    local o = { values = values }
    for k, v in pairs(ALL) do o[k] = v end
    for k, v in pairs(extra or {}) do o[k] = v end
    return o
  end

  it("C-E2 finds the mate in one, and sees the mate it cannot escape, with all of it on", function()
    local s = T.position(courier, "k11/pp10/12/12/12/12/12/4R6K w - - 0 1")
    local a, st = wg.host.search(courier, s, with { depth = 4 })
    assert.equal("e1e8", courier:action_text(s, a))
    assert.equal(1, st.win)
    s = T.position(courier, "k11/7R4/1K10/4p7/12/12/12/12 b - - 0 1")
    st = select(2, wg.host.search(courier, s, with { depth = 5 }))
    assert.equal(-2, st.win)
  end)

  it("C-P9 never takes a pawn a pawn guards with its rook, and leaves such captures out of quiescence", function()
    local s = T.position(courier, "k11/12/2p9/3p8/12/12/12/3R7K w - - 0 1")
    local a, st = wg.host.search(courier, s, with { depth = 3 })
    assert.are_not.equal("d1d5", courier:action_text(s, a))
    assert.is_true(st.cutoffs.exchange > 0)
  end)

  it("tells what each left out, and leaves out nothing unless told", function()
    local s = courier:new()
    local _, st = wg.host.search(courier, s, with { nodes = 20000 })
    for _, k in ipairs { "null_move", "futility", "late_move", "exchange" } do
      assert.is_true(st.cutoffs[k] > 0, k)
    end
    _, st = wg.host.search(courier, s, { nodes = 20000 })
    assert.same({ null_move = 0, futility = 0, late_move = 0, exchange = 0 }, st.cutoffs)
  end)

  it("a declaration's ai keys tell it (historical Courier: futility, exchanges and check extension), and a game "
     .. "declaring none "
     .. "gets none", function()
    local v = wg.variant(courier, { name = "knowing", ai = { null_move = true, futility = 1.5, late_moves = 3,
                                                             check_extension = true, see = true } })
    local k = ai.knowledge(v)
    assert.same({ true, 150, 3, true, 1 }, { k.null_move, k.futility, k.lmp, k.check_extension, k.values[v.T.pawn] })
    k = ai.knowledge(courier)
    assert.same({ false, 100, 0, true, 1 }, { k.null_move, k.futility, k.lmp, k.check_extension, k.values[v.T.pawn] })
    k = ai.knowledge(T.game "courier")
    assert.same({ false, 0, 0, false }, { k.null_move, k.futility, k.lmp, k.check_extension })
    assert.is_nil(k.values)
  end)

  it("chooses among the root's actions it is given only, the legal ones of them", function()
    local s = courier:new()
    local function act(t) return assert(courier:parse_action(s, t)) end
    local free = courier:action_text(s, (wg.host.search(courier, s, { depth = 3 })))
    local only = free == "a1a2" and { "l1l2", "b1a3" } or { "a1a2", "l1l2" }
    local a = wg.host.search(courier, s, with { depth = 3, only = { act(only[1]), act(only[2]) } })
    assert.is_true(courier:action_text(s, a) == only[1] or courier:action_text(s, a) == only[2])
    -- an action not legal here is passed over; none legal: every action
    local bogus = wg.act(1, 1, 1)
    a = wg.host.search(courier, s, { depth = 3, only = { bogus, act(only[2]) } })
    assert.equal(only[2], courier:action_text(s, a))
    a = wg.host.search(courier, s, { depth = 3, only = { bogus } })
    assert.equal(free, courier:action_text(s, a))
  end)
end)

describe("search: budgets", function()
  local courier = T.game "courier_historical"
  local army = T.game "courier"

  it("leaves the state as it was", function()
    local s = courier:new()
    local before = s:copy()
    wg.host.search(courier, s, { nodes = 3000 })
    assert.is_true(s:equal(before))
  end)

  it("is repeatable with a node budget", function()
    local s = courier:new()
    local a1, st1 = wg.host.search(courier, s, { nodes = 4000 })
    local a2, st2 = wg.host.search(courier, s, { nodes = 4000 })
    assert.equal(a1, a2)
    assert.same(st1.pv, st2.pv)
    assert.equal(st1.nodes, st2.nodes)
  end)

  it("stops near its node budget, once the first depth is done", function()
    local _, st = wg.host.search(courier, courier:new(), { nodes = 2500 })
    assert.is_true(st.nodes >= 2500 and st.nodes < 2600, st.nodes .. " nodes")
    assert.is_true(st.depth >= 2)
  end)

  it("varies by seed within ai.NOISE, and repeats with one seed", function()
    local s = courier:new()
    local seen, distinct = {}, 0
    for seed = 1, 8 do
      local a = ai.alphabeta(courier, s, { nodes = 600, seed = seed })
      assert.equal(a, (ai.alphabeta(courier, s, { nodes = 600, seed = seed })))
      local text = courier:action_text(s, a)
      if not seen[text] then distinct, seen[text] = distinct + 1, true end
    end
    assert.is_true(distinct >= 2, distinct .. " distinct actions")
  end)

  it("returns a single legal action without searching", function()
    local s = T.position(army, "k11/12/1R10/12/12/12/12/7R3K b - - 0 1")
    local a, st = wg.host.search(army, s, { depth = 6 })
    assert.equal("a8a7", army:action_text(s, a))
    assert.equal(0, st.nodes)
  end)

  it("returns nil when the game is over", function()
    local s = T.position(army, "k11/1R10/1K10/12/12/12/12/12 b - - 0 1")
    assert.is_nil((wg.host.search(army, s, { depth = 2 })))
  end)
end)

describe("search: helper processes (--threads)", function()
  local courier = T.game "courier_historical"

  it("searches in two processes that share the table and counts both", function()
    local s = courier:new()
    local before = s:copy()
    local a, st = wg.host.search(courier, s, { depth = 5, threads = 2 })
    assert.equal(2, st.threads)
    assert.is_true(st.nodes > st.nodes_main)
    assert.is_true(courier:legal(s):contains(a))
    assert.is_true(s:equal(before))
  end)

  it("finds the same mate with helpers (C-E2)", function()
    local s = T.position(courier, "k11/pp10/12/12/12/12/12/4R6K w - - 0 1")
    local a, st = wg.host.search(courier, s, { depth = 3, threads = 3 })
    assert.equal("e1e8", courier:action_text(s, a))
    assert.equal(1, st.win)
  end)
end)

describe("search: what it asks of a game", function()
  it("stops at a callback's error with the game's message", function()
    local g = tree_game(1, 5)
    local evaluate = g.evaluate
    g.evaluate = function() error("no evaluation here") end
    local ok, err = pcall(wg.host.search, g, g:new(), { depth = 3 })
    g.evaluate = evaluate
    assert.is_false(ok)
    assert.matches("no evaluation here", err)
  end)

  it("refuses an order that drops actions", function()
    local g = tree_game(1, 5)
    function g:order(_, out) out:truncate(1) end
    local ok, err = pcall(wg.host.search, g, g:new(), { depth = 3 })
    assert.is_false(ok)
    assert.matches("game:order must keep every action", err)
  end)

  it("checks its options", function()
    local g = tree_game(1, 5)
    assert.has_error(function() wg.host.search(g, g:new(), { threads = 0 }) end,
                     "bad argument #3 to 'search' ('threads' must be 1 to 16)")
  end)

  it("is chosen by the declaration, and MCTS stays the default", function()
    assert.equal("alphabeta", ai.kind(T.game "courier"))
    assert.equal("alphabeta", ai.kind(T.game "amazons"))
    assert.equal("mcts", ai.kind(T.game "blockwars"))
    assert.equal("mcts", ai.kind(tree_game(1, 3)))
    assert.equal(5, #ai.levels(T.game "wehrschach"))
  end)
end)
