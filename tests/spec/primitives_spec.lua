-- The runtime primitives Block Wars brought, seen from Lua with a toy game:
-- decks and views, line of fire, large pieces, move-then-capture, pieces off
-- the board, options and seeds.
local wg = require "wargrid"
local T = require "wargrid.test"

local toy = wg.game {
  name = "toy",
  board = { files = 6, ranks = 6 },
  actions_per_turn = 2,
  decks = { pile = { open = true }, stock = {}, hand = { owner = 1 } },
  pieces = {
    man = { letter = "m", moves = { "mK", "cK" } },
    gun = { letter = "g", fire = { range = 2, arc = 45, immune = { "box" } } },
    box = { letter = "b", moves = "mvW", shape = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 } } },
  },
  options = {
    fast = { default = false, help = "a flag" },
    size = { default = 3, min = 1 },
    mode = { default = "a", values = { "a", "b" } },
  },
}
function toy:actions(s, out) s:trace(out, s:side()) end
function toy:play(s, a) s:apply_move(a) end
function toy:position_text(s) return wg.fen.write_board(self, s) end
function toy:set_position(s, text) return wg.fen.read_board(self, s, text) end

local function sq(name) return toy.rules:square(name) end

describe("decks", function()
  it("are named, numbered by name, and filled bottom first", function()
    assert.same({ hand = 1, pile = 2, stock = 3 }, toy.D)
    local s = toy.rules:new_state()
    s:set_cards(3, { 5, 6, 7, 8 })
    assert.equal(4, s:ncards(3))
    assert.equal(8, s:draw(3, 2))                 -- the top card, onto the pile
    assert.same({ 8 }, s:cards(2))
    s:split(3, 1, 2)
    assert.same({ 6, 7 }, s:cards(1))
    s:gather(3, 1, 2)
    assert.same({ 5, 6, 7, 8 }, s:cards(3))
    assert.is_nil(s:draw(1))
  end)

  it("shuffle with the state's generator, and undo exactly", function()
    local s = toy.rules:new_state()
    s:seed(42)
    s:set_cards(3, { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 })
    local m = s:mark()
    s:shuffle(3)
    local once = s:cards(3)
    assert.are_not.same({ 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 }, once)
    local drawn = { s:draw(3), s:draw(3) }
    s:undo(m)
    assert.same({ 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 }, s:cards(3))
    s:shuffle(3)
    assert.same(once, s:cards(3))
    assert.same(drawn, { s:draw(3), s:draw(3) })
  end)

  it("check their arguments", function()
    local s = toy.rules:new_state()
    assert.has_error(function() s:ncards(4) end, "bad argument #1 to 'ncards' ('deck' is not a deck)")
    assert.has_error(function() s:set_cards(1, { 0 }) end)
    assert.has_error(function() s:split(1, 2, 1) end,
                     "bad argument #3 to 'split' ('n' is more cards than the deck holds)")
    assert.has_error(function() s:draw(1, 1) end)
  end)

  it("views hide what a side does not see: face-down decks pooled, its own hand kept", function()
    local s = toy.rules:new_state()
    s:seed(7)
    s:set_cards(1, { 9, 3 })                     -- side 1's hand
    s:set_cards(2, { 4 })                        -- face up
    s:set_cards(3, { 8, 1, 5, 2 })               -- face down
    local mine, theirs = s:view(1), s:view(2)
    assert.same({ 9, 3 }, mine:cards(1))
    assert.same({ 1, 2, 5, 8 }, mine:cards(3))   -- sorted: the order is not known
    assert.same({ 4 }, theirs:cards(2))
    assert.same({ 1, 2 }, theirs:cards(1))       -- side 2 does not see the hand:
    assert.same({ 3, 5, 8, 9 }, theirs:cards(3)) -- pooled with the stock, re-dealt
    local a, b = s:view(2, 1), s:view(2, 2)
    assert.equal(6, #a:cards(1) + #a:cards(3))
    assert.are_not.same(a:cards(3), b:cards(3))
    assert.are_not.equal(s:rng(), a:rng())
    assert.equal(s:hash(), a:hash())
  end)
end)

describe("line of fire", function()
  it("measures king moves and the squares a line crosses", function()
    local r = toy.rules
    assert.equal(2, r:distance(sq("a1"), sq("c2")))
    local line, pairs = r:line(sq("a1"), sq("b3"))
    assert.same({ sq("a2"), sq("b2") }, line)
    assert.same({ [1] = true }, pairs)
    assert.same({ sq("b2") }, (r:line(sq("a1"), sq("c3"))))
    assert.is_true(r:in_arc(sq("c1"), sq("d3"), 0, 1, 45))
    assert.is_false(r:in_arc(sq("c1"), sq("d1"), 0, 1, 45))
    assert.is_true(r:in_arc(sq("c1"), sq("d1"), 0, 1, 90))
  end)

  it("is clear unless pieces block it: a pair blocks when both, or either", function()
    local s = T.position(toy, "6/6/6/6/m5/g5")
    assert.is_true(s:line_clear(sq("a1"), sq("b3")))
    assert.is_true(s:line_clear(sq("a1"), sq("b3"), "both"))
    assert.same({ nil, sq("a2") }, { s:line_clear(sq("a1"), sq("b3"), "either") })
    assert.same({ nil, sq("a2") }, { s:line_clear(sq("a1"), sq("a3")) })
    assert.has_error(function() s:line_clear(sq("a1"), sq("a3"), "some") end)
  end)

  it("gives a fire pattern's targets: range, arc, line, immune types", function()
    local s = T.position(toy, "6/6/2m3/bb1m2/bb4/2G3")
    local out = wg.actions()
    s:trace_fire(out, s:at(sq("c1")), 9)
    local got = {}
    for i = 1, #out do
      local kind, from, to = wg.fields(out:get(i))
      got[#got + 1] = kind .. " " .. toy.rules:name(from) .. " " .. toy.rules:name(to)
    end
    -- d3 in the arc; c4 out of range; the box (a2) immune
    assert.same({ "9 c1 d3" }, got)
  end)
end)

describe("large pieces and move-then-capture", function()
  it("a shape declared in Lua compiles, reads from FEN and moves when its squares are free", function()
    local s = T.position(toy, "6/6/6/6/bb4/bb4")
    local box = s:at(sq("a1"))
    assert.equal(box, s:at(sq("b2")))
    assert.same({ sq("a1"), sq("b1"), sq("a2"), sq("b2") }, s:covers(box))
    assert.equal("6/6/6/6/bb4/bb4", toy:position_text(s))
    local out = wg.actions()
    s:trace_piece(out, box)
    assert.equal(1, #out)                        -- up only
    assert.is_true(s:fits(toy.T.box, sq("c1")))
    assert.is_false(s:fits(toy.T.box, sq("b1")))
    assert.is_false(s:fits(toy.T.box, sq("f1")))  -- off the board
    assert.is_nil(toy:new("6/6/6/6/b5/bb4"))
    assert.matches("does not show it", select(2, toy:new("6/6/6/6/b5/bb4")))
  end)

  it("trace modes keep moves or captures; trace_via moves (or stays) then captures", function()
    local s = T.position(toy, "6/6/6/2M3/2m3/6")
    local man = s:at(sq("c2"))
    local out = wg.actions()
    s:trace_piece(out, man, 1, "move")
    assert.equal(7, #out)
    out:clear()
    s:trace_piece(out, man, 1, "capture")
    assert.equal(1, #out)
    out:clear()
    s:trace_via(out, man, 2)
    local got = {}
    for i = 1, #out do
      local _, from, to, via = wg.fields(out:get(i))
      got[#got + 1] = toy.rules:name(from) .. toy.rules:name(via) .. "x" .. toy.rules:name(to)
    end
    table.sort(got)
    assert.same({ "c2b2xc3", "c2b3xc3", "c2c2xc3", "c2d2xc3", "c2d3xc3" }, got)
  end)

  it("order_captures sees no capture where a large piece moves onto squares it covers", function()
    -- the box a1-b2 steps to a2, a square it covers itself: no capture,
    -- and a man of its side on b4 that takes the man a4 is the one
    local s = T.position(toy, "6/6/M5/6/bb4/bb4")
    local out = wg.actions()
    s:trace(out, 2)
    local value = { [toy.T.man] = 1, [toy.T.box] = 5 }
    local before = out:table()
    assert.equal(0, s:order_captures(out, value))
    assert.same(before, out:table())
    s:add(toy.T.man, 2, sq("b4"))
    out:clear()
    s:trace(out, 2)
    assert.equal(1, s:order_captures(out, value))
    local _, from, to = wg.fields(out:get(1))
    assert.same({ "b4", "a4" }, { toy.rules:name(from), toy.rules:name(to) })
    -- a key that is NaN (inf - inf here) has no order, as in out:order
    value[toy.T.man] = math.huge
    assert.has_error(function() s:order_captures(out, value) end,
                     "bad argument #2 to 'order_captures' ('value' gives "
                     .. "action 1 the key NaN)")
  end)

  it("mobility counts what trace would list, large pieces and promotions too", function()
    local out = wg.actions()
    local function same(game, s)
      for side = 1, 2 do
        for _, mode in ipairs { "all", "move", "capture", "promotion" } do
          for _, types in ipairs { 0xffffffff, 2, 5 } do
            out:clear()
            local n = s:trace(out, side, 1, mode, types)
            assert.equal(n, s:mobility(side, mode, types),
                         game.name .. " " .. side .. " " .. mode)
          end
        end
        out:clear()
        assert.equal(s:trace(out, side), s:mobility(side))
      end
    end
    same(toy, T.position(toy, "6/6/6/2M3/bbm3/bb4"))
    local courier = T.game "courier"
    -- pawns one step from promotion, on empty squares and by capture
    same(courier, T.position(courier, "k2r8/3P8/12/12/12/12/4p7/K2R8 w - - 0 1"))
    local s, ai = courier:new(), require "wargrid.ai"
    for ply = 1, 80 do
      local a = ai.random(courier, s, 11 + ply)
      if not a then break end
      courier:play(s, a)
      if ply % 8 == 0 then same(courier, s) end
    end
  end)

  it("trace's mode promotion keeps the moves to empty squares that promote, in trace's order", function()
    local courier = T.game "courier"
    local s = T.position(courier, "k2r8/3P3P4/12/12/12/12/4p7/K2R8 w - - 0 1")
    for side = 1, 2 do
      local moves, want, got = wg.actions(), {}, wg.actions()
      s:trace(moves, side, 1, "move")
      for i = 1, #moves do
        local a = moves:get(i)
        if select(6, wg.fields(a)) ~= 0 then want[#want + 1] = a end
      end
      got:add(1, 1, 2)                  -- what out held stays
      assert.equal(#want, s:trace(got, side, 1, "promotion"))
      table.insert(want, 1, got:get(1))
      assert.same(want, got:table())
      assert.equal(2, #want)            -- h7h8f (d8 is taken), e2e1f
    end
  end)
end)

describe("pieces off the board", function()
  it("are counted by side, type and field; fields come all at once", function()
    local s = toy.rules:new_state()
    local a = s:add(toy.T.man, 1)
    local b = s:add(toy.T.man, 1)
    s:add(toy.T.man, 2, sq("a1"))
    s:set_field(b, 2, 7)
    assert.same({ 2, a }, { s:offboard(1) })
    assert.same({ 1, b }, { s:offboard(1, toy.T.man, 2, 7) })
    assert.same({ 0 }, { s:offboard(2) })
    assert.same({ 0, 7, 0, 0 }, { s:fields(b) })
    assert.equal(1, s:count_on(2, { sq("a1"), sq("b1") }))
    assert.equal(0, s:count_on(1, { sq("a1") }))
  end)

  it("are left out of material, which adds each piece on the board's entry for and against a side", function()
    local s = toy.rules:new_state()
    local man, gun = toy.T.man, toy.T.gun
    s:add(man, 1, sq("a1"))
    s:add(gun, 2, sq("c3"))
    s:add(man, 1)                       -- off the board: not counted
    s:add(man, 2, sq("f6"))
    s:add(gun, 1, sq("b2"))             -- side 1 has no gun entry: 0
    local t = { { [man] = { [sq("a1")] = 1.5 } },
                { [man] = { [sq("f6")] = 0.25 }, [gun] = { [sq("c3")] = 3 } } }
    -- a naive sum, piece by piece in id order, as a Lua evaluation writes it
    local function naive(side)
      local sum = 0
      for pid = 1, s:npieces() do
        local ty, who, at = s:piece(pid)
        if at ~= 0 then
          local v = (t[who][ty] or {})[at] or 0
          sum = who == side and sum + v or sum - v
        end
      end
      return sum
    end
    local squares = toy.rules:piece_squares(t)
    assert.equal(1.5 - 3 - 0.25, s:material(squares, 1))
    assert.equal(naive(1), s:material(squares, 1))
    assert.equal(naive(2), s:material(squares, 2))
    assert.equal(0, s:material(toy.rules:piece_squares({}), 1))
    -- read once: a later change to t is not seen
    t[1][man][sq("a1")] = 100
    assert.equal(naive(1) - 98.5, s:material(squares, 1))
    assert.has_error(function() s:material(t, 1) end)
    local other = T.game("courier").rules:piece_squares({})
    assert.has_error(function() s:material(other, 1) end)
  end)
end)

describe("options and seeds", function()
  it("are declared, set by text, and checked", function()
    assert.same({ fast = false, size = 3, mode = "a" }, toy.opt)
    local g = toy:with_options { "fast", "size=5", "mode=b" }
    assert.same({ fast = true, size = 5, mode = "b" }, g.opt)
    assert.equal(toy, toy:with_options {})
    assert.has_error(function() toy:with_options { "size=0" } end,
                     "option size takes a whole number from 1 to 2147483647, not '0'")
    assert.has_error(function() toy:with_options { size = 2 ^ 31 } end,
                     "option size takes a whole number from 1 to 2147483647, not '2147483648.0'")
    assert.has_error(function() toy:with_options { "mode=c" } end,
                     "option mode is one of a, b, not 'c'")
    assert.has_error(function() toy:with_options { "fast=maybe" } end,
                     "option fast is true or false, not 'maybe'")
    assert.has_error(function() toy:with_options { "slow" } end,
                     "toy has no option 'slow' (options: fast, mode, size)")
  end)

  it("numbers are whole and fit a state's counters (fuzz: option)", function()
    local msg = "option size takes a whole number from 1 to 2147483647, "
                .. "not '%s'"
    for _, text in ipairs { "99999999999999999999", "9223372036854775807",
                            "2147483648", "1.5", "0x10", "" } do
      assert.has_error(function() toy:with_options { "size=" .. text } end,
                       string.format(msg, text))
    end
    assert.has_error(function() toy:with_options { size = 2.5 } end,
                     string.format(msg, "2.5"))
    assert.equal(2147483647,
                 toy:with_options { "size=2147483647" }.opt.size)
    assert.equal("integer",
                 math.type(toy:with_options { "size=0012" }.opt.size))
  end)

  it("game:new takes a seed for the state's generator", function()
    assert.equal(0, toy:new("6/6/6/6/6/6"):rng())
    assert.equal(99, toy:new("6/6/6/6/6/6", 99):rng())
  end)

  it("playouts call back after every action", function()
    local s = T.position(toy, "6/6/6/6/6/M5")
    local seen = 0
    local n = wg.playout(toy, s, 1, 5, function(state, a)
      assert.equal(s, state)
      assert.is_number(a)
      seen = seen + 1
    end)
    assert.equal(5, n)
    assert.equal(5, seen)
  end)

  it("set_left sets the actions left in the turn", function()
    local s = toy:new("6/6/6/6/6/6")
    assert.equal(2, s:left())
    s:set_left(1)
    assert.equal(1, s:left())
    assert.has_error(function() s:spend(2) end)
  end)
end)

describe("action lists: order", function()
  it("sorts by key, highest first, equal keys in their order, as a naive stable sort does", function()
    local seed = 7
    local function rand(n)
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed % n
    end
    for _, n in ipairs { 0, 1, 2, 3, 15, 16, 17, 31, 33, 64, 100, 257, 600 } do
      for _, spread in ipairs { 1, 3, 1000 } do
        local out, keys, want = wg.actions(), {}, {}
        for i = 1, n do
          out:add(1, i % 4096)
          keys[i] = rand(spread) + (spread == 1000 and 0.5 or 0)
          want[i] = { key = keys[i], i = i, a = out:get(i) }
        end
        table.sort(want, function(p, q)
          if p.key ~= q.key then return p.key > q.key end
          return p.i < q.i
        end)
        out:order(keys)
        local got = {}
        for i = 1, n do got[i] = out:get(i) end
        for i = 1, n do want[i] = want[i].a end
        assert.same(want, got, n .. " actions, " .. spread .. " keys")
      end
    end
  end)

  it("order_captures keys and sorts as a Lua loop of s:at and s:type with out:order would", function()
    local courier = T.game "courier"
    local value = { [courier.T.king] = 0 }
    for name, id in pairs(courier.T) do
      value[id] = courier.def.pieces[name].value or value[id]
    end
    -- Courier's order before the primitive: MVV-LVA, plus a promotion
    local function naive(s, out, promotions)
      local keys, n = {}, 0
      for i = 1, out:size() do
        local _, from, to, _, _, promo = wg.fields(out:get(i))
        local victim, k = s:at(to), 0
        if victim then
          k = 10 * value[s:type(victim)] + 1 - value[s:type(s:at(from))] / 10
        end
        if promotions and promo ~= 0 then k = k + value[promo] end
        keys[i] = k
        if k > 0 then n = n + 1 end
      end
      out:order(keys)
      return n
    end
    local positions = { "k11/3P8/2r9/12/12/12/4p7/K2R8 w - - 0 1",
                        "k11/3P8/2r9/12/12/12/4p7/K2R8 b - - 0 1" }
    local s, seed = courier:new(), 3
    for ply = 1, 120 do
      local a = require("wargrid.ai").random(courier, s, seed + ply)
      if not a then break end
      courier:play(s, a)
      if ply % 6 == 0 then positions[#positions + 1] = courier:position_text(s) end
    end
    for _, text in ipairs(positions) do
      local p = T.position(courier, text)
      for _, promotions in ipairs { true, false } do
        local want, got = courier:legal(p), courier:legal(p)
        local n = naive(p, want, promotions)
        assert.equal(n, p:order_captures(got, value, promotions), text)
        assert.same(want:table(), got:table(), text)
        -- a list longer than order_captures' room on the C stack
        want, got = wg.actions(), wg.actions()
        for _ = 1, 4 do
          for side = 1, 2 do p:trace(want, side); p:trace(got, side) end
        end
        n = naive(p, want, promotions)
        assert.equal(n, p:order_captures(got, value, promotions), text)
        assert.same(want:table(), got:table(), text)
      end
    end
    local bare = T.position(courier, "k11/12/12/12/12/12/12/K11 w - - 0 1")
    local out = wg.actions()
    out:add(1, courier.rules:square("c3"), courier.rules:square("c4"))
    assert.has_error(function() bare:order_captures(out, value) end,
                     "order_captures: action 1 is not a move of a piece")
    assert.has_error(function() bare:order_captures(out, { "x" }) end)
  end)
  it("C-P1 C-P3 exchange weighs a capture by what the other side takes back on its square, the least valuable "
     .. "first, through pieces that move off its line", function()
    local courier = T.game "courier_historical"
    local value = {}
    for name, id in pairs(courier.T) do value[id] = courier.def.pieces[name].value or 100 end
    local function gain(text, move)
      local p = T.position(courier, text)
      local before = courier:position_text(p)
      local v = p:exchange(assert(courier:parse_action(p, move)), value)
      assert.equal(before, courier:position_text(p))   -- the state as it was
      return v
    end
    -- a pawn for a pawn; a rook for a pawn the pawn on e6 guards
    assert.equal(0, gain("k11/12/4p7/3p8/2P9/12/12/K11 w - - 0 1", "c4d5"))
    assert.equal(-4, gain("k11/12/4p7/3p8/12/12/12/K2R8 w - - 0 1", "d1d5"))
    -- the rook on d8 takes back, and the rook on d1 behind d2 takes again: a pawn won
    assert.equal(1, gain("k2r8/12/12/3p8/12/12/3R8/K2R8 w - - 0 1", "d2d5"))
    assert.equal(-4, gain("k2r8/12/12/3p8/12/12/3R8/K11 w - - 0 1", "d2d5"))
    -- nothing there to take: a move to a square the pawn on e6 guards loses the rook
    assert.equal(-5, gain("k11/12/4p7/12/12/12/12/K2R8 w - - 0 1", "d1d5"))
    -- the king takes back where nothing else guards the square: a rook for a knight and a pawn; not under the
    -- rook on c8: a rook for a knight
    assert.equal(-1, gain("k11/12/12/12/12/12/1p10/1KnR8 w - - 0 1", "d1c1"))
    assert.equal(-2, gain("k1r9/12/12/12/12/12/1p10/1KnR8 w - - 0 1", "d1c1"))
    local bare = T.position(courier, "k11/12/12/12/12/12/12/K11 w - - 0 1")
    assert.has_error(function() bare:exchange(wg.act(1, 3, 4), value) end,
                     "bad argument #1 to 'exchange' (not a move of a piece from a square to another)")
  end)


describe("territory", function()
  -- The walks of s:territory follow block, noland and the over masks only:
  -- a pattern with within, nostep or routes is refused, as trace_shots
  -- refuses it, rather than counted as if it had none.
  local function game_of(moves)
    local g = wg.game {
      name = "terr",
      board = { files = 5, ranks = 5,
                layers = { road = { squares = { "a1", "b1", "c1" } } } },
      pieces = { q = { letter = "q", moves = moves } },
    }
    function g:actions(s, out) s:trace(out, s:side()) end
    function g:play(s, a) s:apply_move(a) end
    local s = g.rules:new_state()
    s:add(g.T.q, 1, g.rules:square("a1"))
    s:add(g.T.q, 2, g.rules:square("e5"))
    return g, s
  end

  it("counts the squares each side's queen moves reach first", function()
    local g, s = game_of("Q")
    -- naively: the empty squares each queen reaches in one move (s:trace)
    local own = { 0, 0 }
    local near = { 0, 0 }
    local d = { {}, {} }
    for side = 1, 2 do
      local out = wg.actions()
      s:trace(out, side)
      for i = 1, out:size() do
        local _, _, to = wg.fields(out:get(i))
        if not s:at(to) then                     -- empty squares only
          d[side][to] = 1
          near[side] = near[side] + 1
        end
      end
    end
    for q = 1, 25 do
      if not s:at(q) then
        -- on an empty 5x5 board a queen reaches every square in two moves
        local a = d[1][q] or 2
        local b = d[2][q] or 2
        if a < b then own[1] = own[1] + 1 elseif b < a then own[2] = own[2] + 1 end
      end
    end
    -- every empty square is within two queen moves of either queen: the
    -- squares at distance 2 of both are nobody's
    assert.same({ own[1], own[2], near[1], near[2] }, { s:territory(g.T.q) })
  end)

  it("takes a pattern whose captures alone have within: its walks are moves", function()
    local g, s = game_of { "mQ", { "cR", within = "road" } }
    local plain, t = game_of("mQ")
    assert.same({ t:territory(plain.T.q) }, { s:territory(g.T.q) })
  end)

  for _, cond in ipairs { "within", "nostep" } do
    it("refuses a pattern with " .. cond, function()
      local g, s = game_of { { "R", [cond] = "road" } }
      assert.same({ false, "territory: piece type q has a pattern with within, nostep, routes, "
                           .. "a hop or not_capture, which territory does not follow" },
                  { pcall(s.territory, s, g.T.q) })
    end)
  end
end)

describe("move and shoot: play_shot", function()
  local amazons = T.game "amazons"

  it("moves, burns the shot's square and ends the turn, as the three calls do", function()
    local a, b = amazons:new(), amazons:new()
    local act = amazons:parse_action(a, "d1-d5/h5")
    b:apply_move(act)
    b:set_layer(amazons.rules:square("h5"), amazons.L.debris, true)
    b:end_turn()
    local m = a:mark()
    a:play_shot(act, amazons.L.debris)
    assert.equal(b:hash(), a:hash())
    assert.equal(amazons:position_text(b), amazons:position_text(a))
    a:undo(m)
    assert.equal(amazons:position_text(amazons:new()), amazons:position_text(a))
  end)

  it("refuses a layer that is not dynamic, and an action with no piece to move", function()
    local s = amazons:new()
    local act = amazons:parse_action(s, "d1-d5/h5")
    assert.error_matches(function() s:play_shot(act, 5) end, "'layer' is not a layer")
    assert.error_matches(function() s:play_shot(wg.act(2, 55, 56, 57), amazons.L.debris) end,
                         "'action' is not a move and shot")
    assert.equal(amazons:position_text(amazons:new()), amazons:position_text(s))
  end)
end)

describe("move and shoot: pick_shot", function()
  local amazons = T.game "amazons"

  -- A spec table a script keeps from game to game: the rules it was read
  -- for are freed with their game, and new rules may be made at their
  -- address; the spec must not take them for its own.
  it("draws the list's action with a spec table kept across games whose rules were freed", function()
    local spec
    local function game_of(i)   -- its state and the spec, then garbage
      local f = 6 + i % 3 * 4
      local game = wg.variant(amazons, {
        name = "a" .. i, board = { files = f, ranks = f },
        start = "q" .. f - 2 .. "q/" .. string.rep(f .. "/", f - 2) .. "Q" .. f - 2 .. "Q w" })
      local s = game:new()
      local soldier = game.T.soldier
      spec = spec or { kind = 2, movers = 1 << soldier, pattern = soldier }
      local list = wg.actions()
      local n = s:trace_shots(list, 1, { kind = 2, movers = 1 << soldier, pattern = soldier })
      for d = 0, 20 do
        local draw = d * 2654435761 % (1 << 32)
        local x, m = s:pick_shot(wg.actions(), 1, spec, draw)
        assert.equal(n, m, "game " .. i)
        assert.equal(list:get((draw * n >> 32) + 1), x, "game " .. i)
      end
    end
    for i = 1, 40 do
      game_of(i)
      collectgarbage()
      collectgarbage()
    end
  end)

end)
end)

