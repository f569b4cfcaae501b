-- The pattern conditions and state methods Wehrschach brought, as any game
-- declares and calls them: within, nostep, path routes, layer mirrors, the
-- threat map, flanking, counting by layer, tracing moves or captures only.
local wg = require "wargrid"

-- A 6x6 test board: a lane a1-f6, a stream a6-f1, home rows 1 (side 1)
-- and 6 (side 2), mirrors of each other.
local function board()
  return {
    files = 6, ranks = 6,
    layers = {
      lane = { squares = function(_, _, f, r) return f == r end },
      stream = { squares = function(_, _, f, r) return f + r == 7 end },
      home1 = { squares = function(_, _, _, r) return r == 1 end, mirror = "home2" },
      home2 = { squares = function(_, _, _, r) return r == 6 end, mirror = "home1" },
    },
  }
end

local function decl(pieces)
  return wg.game { name = "p", board = board(), pieces = pieces }
end

local function targets(game, s, from, mode)
  local out = wg.actions()
  s:trace_piece(out, s:at(game.rules:square(from)), 1, mode)
  local names = {}
  for i = 1, out:size() do
    local _, _, to = wg.fields(out:get(i))
    names[#names + 1] = game.rules:name(to)
  end
  table.sort(names)
  return table.concat(names, " ")
end

local function state(game, pieces)
  local s = game.rules:new_state()
  for sq, p in pairs(pieces) do
    s:add(game.T[p[1]], p[2], game.rules:square(sq))
  end
  return s
end

describe("patterns: conditions", function()
  it("within keeps a slide on a layer, from its start on", function()
    local g = decl { w = { letter = "w", moves = { { "mF", max = 0, within = "lane" } } } }
    assert.equal("a1 c3 d4", targets(g, state(g, { b2 = { "w", 1 }, e5 = { "w", 2 } }), "b2"))
    assert.equal("", targets(g, state(g, { b3 = { "w", 1 } }), "b3"))
  end)

  it("nostep forbids a step between two squares of a layer", function()
    local g = decl { k = { letter = "k", moves = { { "K", nostep = "stream" } } } }
    -- c4 is on the stream, so are b5 and d3
    assert.equal("b3 b4 c3 c5 d4 d5", targets(g, state(g, { c4 = { "k", 1 } }), "c4"))
  end)

  it("a layer's mirror is what side 2 reads", function()
    local g = decl { r = { letter = "r", moves = { { "R", within = "home1" } } } }
    local s = state(g, { c1 = { "r", 1 }, c6 = { "r", 2 } })
    assert.equal("a1 b1 d1 e1 f1", targets(g, s, "c1"))
    assert.equal("a6 b6 d6 e6 f6", targets(g, s, "c6"))
  end)

  it("a path atom reaches its square by any open route", function()
    local g = decl { j = { letter = "j", moves = {
      { routes = { { { 1, 0 }, { 0, 1 }, { 0, 1 } }, { { 0, 1 }, { 0, 1 }, { 1, 0 } } } } } },
      x = { letter = "x" } }
    assert.equal("c3", targets(g, state(g, { b1 = { "j", 1 } }), "b1"))
    assert.equal("c3", targets(g, state(g, { b1 = { "j", 1 }, c1 = { "x", 2 } }), "b1"))
    assert.equal("", targets(g, state(g, { b1 = { "j", 1 }, c1 = { "x", 2 }, b2 = { "x", 1 } }), "b1"))
    local s = state(g, { b1 = { "j", 1 }, c3 = { "x", 2 } })
    assert.equal("c3", targets(g, s, "b1", "capture"))
    assert.equal("", targets(g, s, "b1", "move"))
  end)

  it("names a bad route", function()
    local function bad(moves)
      local ok, err = pcall(decl, { j = { letter = "j", moves = moves } })
      assert.is_false(ok)
      return err
    end
    assert.matches("routes%[2%] does not end at %(1, 2%)",
                   bad { { routes = { { { 1, 0 }, { 0, 1 }, { 0, 1 } }, { { 0, 1 }, { 1, 0 }, { 1, 0 } } } } })
    assert.matches("must have 1 to 4 steps, as many as the first",
                   bad { { routes = { { { 1, 0 }, { 0, 1 } }, { { 0, 1 }, { 1, 0 }, { 0, 0 } } } } })
    assert.matches("does not end at %(2, 2%)", bad { { dx = 2, dy = 2, routes = { { { 1, 0 } } } } })
    assert.matches("mirror: no layer \"sky\"", select(2, pcall(wg.game, {
      name = "p", board = { files = 4, ranks = 4, layers = { a = { mirror = "sky" } } },
      pieces = {} })))
  end)
end)

describe("patterns: state methods", function()
  local g = decl {
    a = { letter = "a", moves = { "cR2" } },            -- captures 1 or 2 away orthogonally
    w = { letter = "w", moves = { "mK" } },
  }

  it("threats lists each attacker of each target, sorted, with counts", function()
    local s = state(g, { c3 = { "w", 2 }, a3 = { "a", 1 }, c1 = { "a", 1 }, c5 = { "a", 1 },
                         e5 = { "w", 2 }, e4 = { "a", 1 } })
    local out = wg.actions()
    assert.equal(5, s:threats(out, 1))
    local rows = {}
    for i = 1, out:size() do
      local kind, from, to, n, pid, t = wg.fields(out:get(i))
      assert.equal(0, kind)
      assert.equal(g.T.a, t)
      assert.equal(s:square(pid), from)
      rows[i] = g.rules:name(from) .. ">" .. g.rules:name(to) .. ":" .. n
    end
    -- by target (c3, then e5), then by attacker square (a1 = 1, along ranks)
    assert.same({ "c1>c3:3", "a3>c3:3", "c5>c3:3", "e4>e5:2", "c5>e5:2" }, rows)
    out:clear()
    assert.equal(3, s:threats(out, 1, 3))
    out:clear()
    assert.equal(2, s:threats(out, 1, 1, g.rules:square("e5")))
    assert.has_error(function() s:threats(out, 3) end)
    assert.has_error(function() s:threats(out, 1, 0) end)
  end)

  it("flanked finds enemy pieces between two, by line", function()
    local s = state(g, { c3 = { "w", 2 }, b2 = { "a", 1 }, d4 = { "a", 1 } })
    local out = wg.actions()
    assert.equal(1, s:flanked(out, 1, 9))
    local kind, a, b = wg.fields(out:get(1))
    assert.same({ 9, 0, g.rules:square("c3") }, { kind, a, b })
    assert.equal(0, s:flanked(out, 1, 9, "orthogonal"))
    assert.equal(1, s:flanked(out, 1, 9, "diagonal"))
    assert.has_error(function() s:flanked(out, 1, 9, "round") end)
  end)

  it("count counts by type and layer", function()
    local s = state(g, { a1 = { "a", 1 }, b1 = { "w", 1 }, c3 = { "w", 1 }, a6 = { "a", 2 } })
    assert.equal(3, s:count(1))
    assert.equal(2, s:count(1, g.T.w))
    assert.equal(2, s:count(1, nil, g.L.home1))
    assert.equal(1, s:count(1, g.T.w, g.L.home1))
    assert.equal(2, s:count(1, nil, g.L.lane))          -- a1 and c3
    assert.has_error(function() s:count(1, nil, 99) end)
  end)

  it("trace keeps moves or captures only", function()
    local k = decl { k = { letter = "k", moves = "K" } }
    local s = state(k, { a1 = { "k", 1 }, a2 = { "k", 2 } })
    assert.equal("a2 b1 b2", targets(k, s, "a1"))
    assert.equal("b1 b2", targets(k, s, "a1", "move"))
    assert.equal("a2", targets(k, s, "a1", "capture"))
    local out = wg.actions()
    assert.equal(2, s:trace(out, 1, 1, "move"))
    assert.has_error(function() s:trace(out, 1, 1, "jump") end)
  end)
end)

describe("patterns: walk tables", function()
  -- The rules precompute a one-square piece's walks with the static terrain
  -- read (wg_type.walk); a piece whose atoms name a dynamic layer walks its
  -- atoms instead. The same pieces with a dynamic layer that is never set
  -- added to every atom's nostep must give the same answers everywhere.
  local function pieces(ghost)
    local function cond(t)
      if ghost then
        local ns = type(t.nostep) == "string" and { t.nostep } or t.nostep or {}
        t.nostep = { table.unpack(ns) }
        t.nostep[#t.nostep + 1] = "ghost"
      end
      return t
    end
    return {
      j = { letter = "j", moves = {
        cond { routes = { { { 0, 1 }, { 0, 1 }, { 1, 0 } }, { { 1, 0 }, { 0, 1 }, { 0, 1 } } },
               over_own = "all", over_enemy = { "k" }, nostep = "stream" },
        cond { routes = { { { 1, 0 }, { 1, 0 } } }, mode = 2, within = "home1" },
        cond { "W", noland = "lane" }, cond { "fF", mode = 1 },
        cond { "fF2", mode = 2, over_enemy = "all" },
        cond { "mR", min = 2, max = 4, nostep = "stream", noland = "home2" },
      }, promote = { to = "k", zone = { "a6", "b6", "c6", "d6", "e6", "f6" } } },
      k = { letter = "k", moves = {
        cond { "K", within = "home1" }, cond { "cD", over_own = "all" },
        cond { "mQ", within = "lane" }, cond { "mQ2", noland = "stream" },  -- K's squares too
      } },
    }
  end
  local function game(ghost)
    local b = board()
    b.layers.ghost = { dynamic = true }
    return wg.game { name = "p", board = b, pieces = pieces(ghost) }
  end
  local tables, walks = game(false), game(true)

  local function answers(s)
    local out, lines = wg.actions(), {}
    local function put(what, n)
      local t = { what, n }
      for i = 1, out:size() do
        t[#t + 1] = table.concat({ wg.fields(out:get(i)) }, ",")
      end
      lines[#lines + 1] = table.concat(t, " ")
      out:clear()
    end
    for side = 1, 2 do
      for _, mode in ipairs { "move", "capture", "all" } do
        put("trace " .. side .. mode, s:trace(out, side, 1, mode))
      end
      put("threats " .. side, s:threats(out, side))
      for _, pid in ipairs(s:pieces(side)) do
        put("via " .. pid, s:trace_via(out, pid))
        for sq = 1, 36 do
          for _, mode in ipairs { "move", "capture" } do
            if s:reaches(pid, sq, mode) then lines[#lines + 1] = pid .. mode .. sq end
          end
        end
      end
    end
    return table.concat(lines, "\n")
  end

  it("give what walking the atoms gives", function()
    math.randomseed(7)
    for _ = 1, 60 do
      local a, b = tables.rules:new_state(), walks.rules:new_state()
      for sq = 1, 36 do
        if math.random() < 0.35 then
          local t, side = math.random(2), math.random(2)
          a:add(t, side, sq)
          b:add(t, side, sq)
        end
      end
      assert.equal(answers(b), answers(a))
    end
  end)
end)
