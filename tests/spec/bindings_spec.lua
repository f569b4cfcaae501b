-- Every integer a script hands the runtime is checked before any arithmetic
-- or narrowing cast (issue 13, finding 7): a value out of range, or a number
-- that is not an integer, gives Lua's own "bad argument" error naming the
-- argument -- never a crash, a wrapped value or a wrong square.
local wg = require "wargrid"
local core = wg.core

local toy = wg.game {
  name = "bindings",
  board = { files = 5, ranks = 4,
            layers = { mud = { dynamic = true },
                       road = { squares = { "a1" } } } },
  decks = 2,
  vars = { clock = {}, score = {} },
  phases = { "one", "two" },
  pieces = {
    man = { letter = "m", moves = "K", fire = { range = 2 } },
    king = { letter = "k", moves = "K", royal = true },
  },
}
function toy:actions(s, out) s:trace(out, s:side()) end
function toy:play(s, a) s:apply_move(a) end

-- a1: a man of side 1 (piece 1); e4: a king of side 2 (piece 2); deck 1
-- holds three cards; the list holds three actions
local function setup()
  local s = toy.rules:new_state()
  s:add(toy.T.man, 1, toy.rules:square("a1"))
  s:add(toy.T.king, 2, toy.rules:square("e4"))
  s:set_cards(1, { 1, 2, 3 })
  s:begin()
  local out = core.actions()
  for i = 1, 3 do out:add(1, i, i + 1) end
  return s, out
end

local BAD = { 0, -1, 2 ^ 31, 2 ^ 32 + 1, 2 ^ 53, math.mininteger,
              math.maxinteger, 0.5, 0 / 0 }
local NOT_INTEGER = "number has no integer representation"
local INT32 = "must be from -2147483648 to 2147483647"
local X = {}  -- where the value under test goes

-- Each case: the receiver ("r" rules, "s" state, "out" a list, "core" the
-- module), the function, its arguments with X for the one under test, the
-- range it accepts, and the message. inside = true: X goes in a table, and
-- whatever is not in range, integer or not, gets the message.
local function cases(s, out)
  local nsq, left, mark = 20, s:left(), s:mark()
  local SQ = { 1, nsq, "'square' is off the board" }
  local PID = { 1, 2, "'piece' is not a piece id" }
  local SIDE = { 1, 2, "'side' must be 1 or 2" }
  local TYPE = { 1, 2, "'type' is not a piece type" }
  local LAYER = { 0, 1, "'layer' is not a layer" }
  local DECK = { 1, 2, "'deck' is not a deck" }
  local KIND = { 0, 255, "'kind' must be 0 to 255" }
  local MASK = { 0, 0xffffffff, "'types' must be a bit mask" }
  local function field(name)
    return { 0, 4095, "'" .. name .. "' must be 0 to 4095" }
  end
  local function int32(name) return { -2 ^ 31, 2 ^ 31 - 1, name .. INT32 } end
  local FX = "must be from -16 to 16"
  local list = {
    { "r", "name", { X }, SQ },
    { "r", "coords", { X }, SQ },
    { "r", "step", { X, 0, 1 }, SQ },
    { "r", "distance", { X, 1 }, SQ },
    { "r", "distance", { 1, X }, SQ },
    { "r", "line", { X, 1 }, SQ },
    { "r", "line", { 1, X }, SQ },
    { "r", "in_arc", { X, 2, 0, 1, 90 }, SQ },
    { "r", "in_arc", { 1, X, 0, 1, 90 }, SQ },
    { "r", "in_arc", { 1, 2, X, 1, 90 }, { -16, 16, "'fx' " .. FX } },
    { "r", "in_arc", { 1, 2, 0, X, 90 }, { -16, 16, "'fy' " .. FX } },
    { "r", "in_arc", { 1, 2, 0, 1, X },
      { 0, 180, "'arc' must be 0 to 180 degrees" } },
    { "s", "at", { X }, SQ },
    { "s", "terrain", { X }, SQ },
    { "s", "piece", { X }, PID },
    { "s", "type", { X }, PID },
    { "s", "side_of", { X }, PID },
    { "s", "square", { X }, PID },
    { "s", "fields", { X }, PID },
    { "s", "covers", { X }, PID },
    { "s", "field", { X, 1 }, PID },
    { "s", "field", { 1, X }, { 1, 4, "'field' must be 1 to 4" } },
    { "s", "set_field", { X, 1, 0 }, PID },
    { "s", "set_field", { 1, X, 0 }, { 1, 4, "'field' must be 1 to 4" } },
    { "s", "set_field", { 1, 1, X }, int32 "'value' " },
    { "s", "add", { X, 1, 0 }, TYPE },
    { "s", "add", { 1, X, 0 }, SIDE },
    { "s", "add", { 1, 1, X }, { 0, nsq, "'square' is off the board" } },
    { "s", "remove", { X }, PID },
    { "s", "place", { X, 3 }, PID },
    { "s", "place", { 1, X }, SQ },
    { "s", "move", { X, 3 }, PID },
    { "s", "move", { 1, X }, SQ },
    { "s", "retype", { X, 1 }, PID },
    { "s", "retype", { 1, X }, TYPE },
    -- every one of BAD packs a move with no from-square on this board
    { "s", "apply_move", { X },
      { 1, 0, "'action' is not a move of a piece on this board" } },
    { "s", "fits", { X, 1 }, TYPE },
    { "s", "fits", { 1, X }, SQ },
    { "s", "count", { X }, SIDE },
    { "s", "count", { 1, X }, TYPE },
    { "s", "count", { 1, 1, X }, LAYER },
    { "s", "offboard", { X }, SIDE },
    { "s", "offboard", { 1, X }, TYPE },
    { "s", "offboard", { 1, 1, X, 0 }, { 1, 4, "'field' must be 1 to 4" } },
    { "s", "offboard", { 1, 1, 1, X }, int32 "'v' " },
    { "s", "count_on", { X, {} }, SIDE },
    { "s", "count_on", { 1, { X } },
      { 1, nsq, "'squares' holds something that is not a square" },
      inside = true },
    { "s", "pieces", { X }, SIDE },
    { "s", "material", { toy.rules:piece_squares({}), X }, SIDE },
    { "s", "has", { X, 0 }, SQ },
    { "s", "has", { 1, X }, LAYER },
    { "s", "set_layer", { X, 0, true }, SQ },
    { "s", "set_layer", { 1, X, true }, LAYER },
    { "s", "var", { X }, { 1, 2, "'var' is not a declared var" } },
    { "s", "set_var", { X, 0 }, { 1, 2, "'var' is not a declared var" } },
    { "s", "set_var", { 1, X }, int32 "'value' " },
    { "s", "undo", { X }, { 0, mark, "'mark' is not a mark of this journal" } },
    { "s", "set_side", { X }, SIDE },
    { "s", "set_decider", { X }, { 0, 2, "'side' must be 0, 1 or 2" } },
    { "s", "set_phase", { X },
      { 0, 1000000, "'phase' must be a phase number" } },
    { "s", "set_left", { X }, { 0, 1000, "'n' must be 0 to 1000" } },
    { "s", "spend", { X },
      { 0, left, "'n' is more actions than are left this turn" } },
    { "s", "set_turn", { X },
      { 0, 2 ^ 31 - 1, "'turn' must be from 0 to 2147483647" } },
    { "s", "set_result", { X, 0 }, { 0, 3, "'winner' must be 0, 1, 2 or 3" } },
    { "s", "set_result", { 1, X }, int32 "'reason' " },
    { "s", "random", { X },
      { 1, 2 ^ 31 - 1, "'n' must be from 1 to 2^31-1" } },
    { "s", "ncards", { X }, DECK },
    { "s", "cards", { X }, DECK },
    { "s", "set_cards", { X, {} }, DECK },
    { "s", "set_cards", { 1, { X } },
      { 1, 2 ^ 31 - 1, "cards must be integers from 1 to 2^31-1" },
      inside = true },
    { "s", "draw", { X }, DECK },
    { "s", "draw", { 1, X }, DECK },
    { "s", "shuffle", { X }, DECK },
    { "s", "split", { X, 2, 0 }, DECK },
    { "s", "split", { 1, X, 0 }, DECK },
    { "s", "split", { 1, 2, X },
      { 0, 3, "'n' is more cards than the deck holds" } },
    { "s", "gather", { X }, DECK },
    { "s", "gather", { 2, X }, DECK },
    { "s", "view", { X }, SIDE },
    { "s", "trace", { out, X }, SIDE },
    { "s", "trace", { out, 1, X }, KIND },
    { "s", "trace", { out, 1, 1, "all", X }, MASK },
    { "s", "mobility", { X }, SIDE },
    { "s", "mobility", { 1, "all", X }, MASK },
    { "s", "trace_piece", { out, X }, PID },
    { "s", "trace_piece", { out, 1, X }, KIND },
    { "s", "trace_via", { out, X }, PID },
    { "s", "trace_via", { out, 1, X }, KIND },
    { "s", "trace_fire", { out, X }, PID },
    { "s", "trace_fire", { out, 1, X }, KIND },
    { "s", "reaches", { X, 1, "move" }, PID },
    { "s", "reaches", { 1, X, "move" }, SQ },
    { "s", "attacked", { X, 1 }, SQ },
    { "s", "attacked", { 1, X }, SIDE },
    { "s", "threats", { out, X }, SIDE },
    { "s", "threats", { out, 1, X }, { 1, 255, "'need' must be 1 to 255" } },
    { "s", "threats", { out, 1, 1, X }, SQ },
    { "s", "flanked", { out, X, 1 }, SIDE },
    { "s", "flanked", { out, 1, X }, KIND },
    { "s", "in_check", { X }, SIDE },
    { "s", "trace_shots", { out, X, { kind = 1, pattern = 1 } }, SIDE },
    { "s", "pick_shot", { out, X, { kind = 1, pattern = 1 }, 0 }, SIDE },
    { "s", "pick_shot", { out, 1, { kind = 1, pattern = 1 }, X },
      { 0, 0xffffffff, "'draw' must be 32 bits" } },
    { "s", "play_shot", { core.act(2, 1, 7, 13), X }, LAYER },
    { "s", "territory", { X }, { 1, 2, "'pattern' must be a piece type id" } },
    { "s", "guarded", { X, 0 }, SQ },
    { "s", "guarded", { 1, X }, MASK },
    { "s", "line_clear", { X, 2 }, SQ },
    { "s", "line_clear", { 1, X }, SQ },
    { "out", "add", { X }, KIND },
    { "out", "add", { 0, X }, field "a" },
    { "out", "add", { 0, 0, X }, field "b" },
    { "out", "add", { 0, 0, 0, X }, field "c" },
    { "out", "add", { 0, 0, 0, 0, X }, field "d" },
    { "out", "add", { 0, 0, 0, 0, 0, X }, { 0, 127, "'e' must be 0 to 127" } },
    { "out", "get", { X }, { 1, 3, "'index' is out of range" } },
    { "out", "set", { X, 0 }, { 1, 3, "'index' is out of range" } },
    { "out", "truncate", { X }, { 0, 3, "'n' is out of range" } },
    { "out", "pick", { X }, { 0, 0xffffffff, "'draw' must be 32 bits" } },
    { "core", "act", { X }, KIND },
    { "core", "act", { 0, X }, field "a" },
    { "core", "act", { 0, 0, 0, 0, 0, X }, { 0, 127, "'e' must be 0 to 127" } },
    { "host", "perft", { toy, s, X }, { 0, 64, "'depth' must be 0 to 64" } },
    { "host", "playout", { toy, s, 1, X },
      { 0, math.maxinteger, "'max' must not be negative" } },
    { "host", "isatty", { X },
      { 0, 2 ^ 31 - 1, "'fd' is not a file descriptor" } },
  }
  for _, key in ipairs { "kind", "movers", "pattern", "guards" } do
    local range = ({ kind = { 0, 255 }, movers = { 0, 0xffffffff },
                     pattern = { 1, 2 }, guards = { 0, 0xffffffff } })[key]
    local spec = { kind = 1, movers = 2, pattern = 1 }
    spec[key] = X
    local msg = string.format("'spec.%s' must be an integer from %d to %d",
                              key, range[1], range[2])
    list[#list + 1] = { "s", "trace_shots", { out, 1, spec },
                        { range[1], range[2], msg }, inside = true }
  end
  for _, opt in ipairs { { "iterations", 0, 1000000000 },
                         { "playout_depth", -1, 1000000 },
                         { "max_plies", 1, 1000000000 } } do
    local msg = string.format("'opts.%s' must be an integer from %d to %d",
                              opt[1], opt[2], opt[3])
    list[#list + 1] = { "host", "mcts", { toy, s, { [opt[1]] = X } },
                        { opt[2], opt[3], msg }, inside = true }
  end
  return list
end

-- A caller named as a script would name it: o:name(...) for methods (whose
-- argument numbers leave out self), core.name(...) and host.name(...) for
-- functions.
local function caller(receiver, name)
  local module = receiver == "core" or receiver == "host"
  local call = (module and "o." or "o:") .. name .. "(...)"
  return load("local o = ...; return function(...) return " .. call
              .. " end", "=call")
end

local function substitute(args, v)
  local out = {}
  for i, a in ipairs(args) do
    if a == X then
      out[i] = v
    elseif type(a) == "table" and not getmetatable(a) then
      local t = {}
      for k, x in pairs(a) do t[k] = x == X and v or x end
      if #a == 1 and a[1] == X then t = { v } end
      out[i] = t
    else
      out[i] = a
    end
  end
  return out
end

local function position_of(args)
  for i, a in ipairs(args) do
    if a == X then return i end
    if type(a) == "table" and not getmetatable(a) then
      for _, x in pairs(a) do if x == X then return i end end
    end
  end
end

local function describe_value(v)
  if v ~= v then return "nan" end
  return math.type(v) == "float" and string.format("%.17g", v) or tostring(v)
end

describe("bindings: integers out of range (issue 13, finding 7)", function()
  local s, out = setup()
  for _, c in ipairs(cases(s, out)) do
    local receiver, name, args, range = c[1], c[2], c[3], c[4]
    local at = position_of(args)
    for _, v in ipairs(BAD) do
      local integer = math.tointeger(v)
      local inside = integer and integer >= range[1] and integer <= range[2]
      if not inside then
        it(string.format("%s:%s refuses %s as argument #%d", receiver, name,
                         describe_value(v), at), function()
          local st, list = setup()
          local objects = { r = toy.rules, s = st, out = list, core = core,
                            host = wg.host }
          local call = caller(receiver, name)(objects[receiver])
          local a = substitute(args, v)
          for i, x in ipairs(a) do
            if x == s then a[i] = st elseif x == out then a[i] = list end
          end
          local ok, err = pcall(call, table.unpack(a, 1, #args))
          assert.is_false(ok)
          local msg = (integer or c.inside) and range[3] or NOT_INTEGER
          assert.equal(string.format("call:1: bad argument #%d to '%s' (%s)",
                                     at, name, msg), err)
        end)
      end
    end
  end
end)

describe("bindings: coordinates off the board", function()
  local r = toy.rules

  it("rules:at gives nil for any integer off the board, never a wrapped one",
     function()
    for _, v in ipairs(BAD) do
      if math.tointeger(v) then
        assert.is_nil(r:at(v, 1))
        assert.is_nil(r:at(1, v))
      end
    end
    assert.is_nil(r:at(2 ^ 32 + 1, 1))   -- cast to int, it was a1
    assert.is_nil(r:at(1, 2 ^ 32 + 1))
    assert.equal(1, r:at(1, 1))
    assert.equal(20, r:at(5, 4))
    assert.is_nil(r:at(6, 1))
    assert.is_nil(r:at(1, 5))
  end)

  it("rules:step gives nil for any integer step off the board", function()
    for _, v in ipairs(BAD) do
      if math.tointeger(v) and v ~= 0 then
        assert.is_nil(r:step(1, v, 0))
        assert.is_nil(r:step(1, 0, v))
      end
    end
    assert.equal(7, r:step(1, 1, 1))
    assert.is_nil(r:step(1, -1, 0))
  end)

  it("rules:at and rules:step refuse numbers that are not integers", function()
    local function msg(n, name)
      return string.format("call:1: bad argument #%d to '%s' (%s)", n, name,
                           NOT_INTEGER)
    end
    for _, v in ipairs { 0.5, 0 / 0, math.huge } do
      assert.same({ false, msg(1, "at") },
                  { pcall(caller("r", "at")(r), v, 1) })
      assert.same({ false, msg(2, "at") },
                  { pcall(caller("r", "at")(r), 1, v) })
      assert.same({ false, msg(2, "step") },
                  { pcall(caller("r", "step")(r), 1, v, 0) })
    end
  end)
end)

describe("bindings: other limits", function()
  it("end_turn refuses to wrap the turn counter", function()
    local s = setup()
    s:set_turn(2 ^ 31 - 1)
    local before = s:hash()
    assert.same({ false,
                  "end_turn: the turn counter is at its limit (2^31-1)" },
                { pcall(s.end_turn, s) })
    assert.equal(2 ^ 31 - 1, s:turn())
    assert.equal(1, s:side())
    assert.equal(before, s:hash())
  end)

  it("rules:maxpieces tells the most pieces a state holds", function()
    assert.equal(128, toy.rules:maxpieces())
    local small = wg.variant(toy, { name = "small", maxpieces = 3 })
    assert.equal(3, small.rules:maxpieces())
    local s = small.rules:new_state()
    for _ = 1, 3 do s:add(small.T.man, 1) end
    assert.same({ false, "too many pieces (at most 3)" },
                { pcall(s.add, s, small.T.man, 1) })
  end)

  it("in_arc measures a long facing without overflow", function()
    local r = toy.rules
    -- c2 is straight ahead of c1: within any arc of the facing (0, 16)
    assert.is_true(r:in_arc(r:square("c1"), r:square("c2"), 0, 16, 0))
    assert.is_false(r:in_arc(r:square("c1"), r:square("d1"), 0, -16, 45))
  end)

  it("out:order refuses NaN keys, and keys that change the list", function()
    local _, out = setup()
    assert.same({ false, "call:1: bad argument #1 to 'order' ('keys' must "
                         .. "hold a number for every action)" },
                { pcall(caller("out", "order")(out), { 1, 0 / 0, 2 }) })
    local keys = setmetatable({}, { __index = function(_, i)
      out:add(9)
      return i
    end })
    assert.same({ false, "call:1: bad argument #1 to 'order' ('keys' changed "
                         .. "the list it orders)" },
                { pcall(caller("out", "order")(out), keys) })
  end)

  it("core.rules refuses shape offsets and route steps longer than a board",
     function()
    local function spec(piece)
      piece.name, piece.letter = "x", "x"
      return { files = 4, ranks = 4, types = { piece } }
    end
    assert.same({ false, "rules: types[1].shape[2] must be an offset "
                         .. "{dx, dy} from -16 to 16" },
                { pcall(core.rules,
                        spec { shape = { { 0, 0 }, { 2 ^ 32 + 1, 0 } } }) })
    assert.same({ false, "rules: types[1].atoms[1].routes[1][1] must be a "
                         .. "step {dx, dy}" },
                { pcall(core.rules, spec {
                    atoms = { { routes = { { { 2 ^ 32 + 1, 0 } } } } } }) })
  end)
end)
