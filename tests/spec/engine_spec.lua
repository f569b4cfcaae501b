-- wargrid.engine: the engine core of the protocols searches through
-- wargrid.ai's interface (ai.think: any search plugs in)
-- with the budget of the level, the clock and the depth, and reports a
-- search's statistics in the protocols' units.
local ai = require "wargrid.ai"
local engine = require "wargrid.engine"
local T = require "wargrid.test"

describe("engine: the search, through wargrid.ai", function()
  local game = T.game "courier_historical"
  local saved = ai.think
  after_each(function() ai.think = saved end)

  -- a1a2 a8a7, as actions
  local function actions()
    local s = assert(game:new())
    local a = assert(game:parse_action(s, "a1a2"))
    local mark = s:mark()
    game:play(s, a)
    local b = assert(game:parse_action(s, "a8a7"))
    s:undo(mark)
    return a, b
  end

  it("asks ai.think with the level's budget, the clock's share, the depth and the seed", function()
    local a, b = actions()
    local asked
    ai.think = function(g, s, opts)
      assert.equal(game, g)
      assert.equal(1, s:side())
      asked = opts
      return a, { depth = 6, nodes = 4321, seconds = 0.25, score = 0.37, pv = { a, b } }
    end
    local e = engine.new(game, { level = 2, seed = 9 })
    local best, r = e:search({ seconds = 0.5, depth = 4 })
    assert.equal(a, best)
    local levels = ai.levels and ai.levels(game) or ai.LEVELS
    assert.same({ budget = levels[2], seconds = 0.5, depth = 4, seed = 9, level = 2 }, asked)
    assert.same({ depth = 6, nodes = 4321, seconds = 0.25, cp = 37, pv = { "a1a2", "a8a7" } }, r)
    -- the position is as it was
    assert.same({}, e.moves)
    assert.equal(game:position_text(assert(game:new())), game:position_text(e.s))
  end)

  it("without a level, the clock alone; with neither clock nor nodes, the default level", function()
    local a = actions()
    local asked
    ai.think = function(_, _, opts)
      asked = opts
      return a, { depth = 1, nodes = 1, value = 0.5 }
    end
    local e = engine.new(game)
    e:search({ seconds = 1.5 })
    assert.is_nil(asked.budget)
    assert.equal(1.5, asked.seconds)
    e:search({ nodes = 77 })
    assert.equal(77, asked.budget)
    e:search({})
    local levels = ai.levels and ai.levels(game) or ai.LEVELS
    assert.equal(levels[ai.DEFAULT_LEVEL], asked.budget)
  end)

  it("tells mates in moves (CECP 100000 + N), MCTS's expected result as centipawns, and cuts a line at an "
     .. "illegal action", function()
    local a, b = actions()
    local stats
    ai.think = function() return a, stats end
    local e = engine.new(game)
    stats = { depth = 3, nodes = 9, win = 3, pv = { a, a } }   -- a1a2 twice: the second is no move of Black's
    local _, r = e:search({})
    assert.same({ mate = 2, cp = 100002, pv = { "a1a2" } }, { mate = r.mate, cp = r.cp, pv = r.pv })
    stats = { win = -2, pv = { a, b } }
    _, r = e:search({})
    assert.same({ -1, -100001 }, { r.mate, r.cp })
    stats = { iterations = 50, nodes = 51, depth = 2, value = 0.75 }   -- MCTS: no score, no line
    _, r = e:search({})
    assert.same({ 191, { "a1a2" }, 51 }, { r.cp, r.pv, r.nodes })
    stats = { nodes = 5, value = 1 }
    _, r = e:search({})
    assert.equal(math.floor(400 * math.log(0.9934 / 0.0066, 10) + 0.5), r.cp)
  end)

  it("an infinite search has no budget and watches the input; each iteration is reported", function()
    local a, b = actions()
    local asked, heard, polls = nil, {}, 0
    ai.think = function(_, _, opts)
      asked = opts
      opts.info({ depth = 1, nodes = 10, score = 0.1, seconds = 0.01, pv = { a } })
      assert.is_false(opts.input())    -- the host answered what came (isready): on
      opts.info({ depth = 2, nodes = 30, score = 0.2, seconds = 0.02, pv = { a, b } })
      assert.is_true(opts.input())     -- stop
      return a, { depth = 2, nodes = 35, score = 0.2, pv = { a, b }, input = true }
    end
    local e = engine.new(game, { level = 5 })
    local best, r = e:search({ infinite = true }, {
      fd = 7,
      info = function(rep) heard[#heard + 1] = { rep.depth, rep.cp, table.concat(rep.pv, " ") } end,
      stop = function(wait)
        assert.is_nil(wait)
        polls = polls + 1
        return polls == 3             -- before the search, then asked twice by it
      end })
    assert.equal(a, best)
    assert.same({ 2, 35 }, { r.depth, r.nodes })
    assert.same({ infinite = true, stop_fd = 7, input = asked.input, info = asked.info, seed = 1, level = 5 },
                asked)
    assert.same({ { 1, 10, "a1a2" }, { 2, 20, "a1a2 a8a7" } }, heard)
  end)

  it("an infinite search that ends by itself (a mate found) waits for its stop; one stopped before it began "
     .. "makes level 1's search", function()
    local a = actions()
    local asked
    ai.think = function(_, _, opts)
      asked = opts
      return a, { depth = 3, nodes = 9, win = 1, pv = { a } }
    end
    local e = engine.new(game)
    local waits = {}
    local best, r = e:search({ infinite = true }, { info = function() end, stop = function(wait)
      waits[#waits + 1] = wait or false
      return #waits == 3
    end })
    assert.equal(a, best)
    assert.equal(1, r.mate)
    assert.same({ false, true, true }, waits)
    local before = true
    e:search({ infinite = true }, { stop = function() return before end })
    local levels = ai.levels and ai.levels(game) or ai.LEVELS
    assert.same({ budget = levels[1], seed = 1, level = ai.DEFAULT_LEVEL, input = asked.input }, asked)
    -- a timed search told to hurry before it began: level 1's budget, not the clock's
    e:search({ seconds = 30, depth = 9 }, { stop = function() return before end })
    assert.same({ budget = levels[1], seed = 1, level = ai.DEFAULT_LEVEL, input = asked.input }, asked)
  end)

  it("C-V1 no search in a finished game: nil", function()
    local called = false
    ai.think = function() called = true end
    local e = engine.new(game)
    assert(e:reset("k11/12/12/12/12/12/P11/K3R7 w - - 0 1"))
    assert.is_nil(e:search({}))
    assert.is_false(called)
    assert.same({ "1-0", "White wins by bare king" }, { e:result() })
  end)
end)

describe("engine: reading the protocols' input", function()
  it("cuts what comes into lines, tells a timeout from the end, and shows what is pending", function()
    local chunks = { "usermove a1", "a2\r\nping 1\nqu", "", "it", nil }
    local i = 0
    local reader = engine.lines(function()
      i = i + 1
      return chunks[i]
    end)
    assert.equal("usermove a1a2", reader.next(-1))
    assert.same({ 1, false }, { reader.pending() })
    assert.equal("ping 1", reader.peek(1))
    assert.is_nil(reader.peek(2))
    assert.equal("ping 1", reader.next(-1))
    assert.is_false(reader.next(0))   -- "" came: nothing within the time
    reader.wait()                     -- "it", then the end, which completes "quit"
    assert.same({ 1, true }, { reader.pending() })
    assert.equal("quit", reader.peek(1))
    reader.drop()
    assert.same({ 0, true }, { reader.pending() })
    reader.wait()                     -- at the end: no waiting
    assert.is_nil(reader.next(-1))
  end)

  it("gives a line longer than its most as a table engine.too_long tells, and skips the rest of it", function()
    local chunks = { "ping 1\nsetboard ", ("x"):rep(30), ("y"):rep(30), "\r\nping 2\n" }
    local i = 0
    local reader = engine.lines(function()
      i = i + 1
      return chunks[i]
    end, 40)
    assert.equal("ping 1", reader.next(-1))
    local long = reader.next(-1)
    assert.equal("setboard " .. ("x"):rep(30) .. ("y"):rep(21) .. "...", engine.too_long(long))
    assert.equal("ping 2", reader.next(-1))
    assert.is_nil(reader.next(-1))
    assert.is_nil(engine.too_long("ping 2"))
  end)

  it("reads the whole lines of one chunk as lines cut across chunks: CR dropped, the most kept", function()
    local text = "abc\r\n" .. ("z"):rep(40) .. "\n" .. ("w"):rep(41) .. "\n\n\r\nend"
    for _, size in ipairs { #text, 1, 7 } do
      local at = 1
      local reader = engine.lines(function()
        if at > #text then return nil end
        local chunk = text:sub(at, at + size - 1)
        at = at + size
        return chunk
      end, 40)
      local got = {}
      for line in reader.next, -1 do
        got[#got + 1] = engine.too_long(line) and "long: " .. engine.too_long(line) or line
      end
      assert.same({ "abc", ("z"):rep(40), "long: " .. ("w"):rep(41), "", "", "end" }, got, size)
    end
  end)
end)
