-- wargrid.schema: a declaration or a variant with an unknown key, a value of
-- the wrong type, or (in a variant) a piece the base lacks is refused at
-- load, in one line with the file, the key's line and "did you mean" where
-- one is close; `wargrid help variants` lists every key, per game.
local T = require "wargrid.test"
local schema = require "wargrid.schema"
local wg = require "wargrid"
local loader = require "wargrid.loader"

local dir = T.tmpdir()

local function write(name, text)
  T.write(dir .. "/" .. name, text)
  return dir .. "/" .. name
end

-- The one line a variant file is refused with, and the exit status.
local function refused(name, text)
  local path = write(name, text)
  local out, err, code = T.run { "moves", "--variant", path }
  assert.equal("", out)
  return err:gsub("^wargrid: " .. dir:gsub("%p", "%%%0") .. "/", ""), code
end

describe("schema: variants with mistakes are refused at load", function()
  it("an unknown key, with the key's line and the key it is close to", function()
    local err, code = refused("bad4.lua", [[
-- three supporters
local wg = require "wargrid"
return wg.variant("wehrschach", {
  name = "bad4",
  suport = 3,
})
]])
    assert.equal(2, code)
    assert.equal("bad4.lua:5: game bad4: suport is not a key of wehrschach (did you mean 'support'?)\n", err)
  end)

  it("an unknown key that is close to none points to the list of keys", function()
    local err = refused("far.lua", 'return require("wargrid").variant("courier", { name = "far", colour = 3 })\n')
    assert.equal("far.lua:1: game far: colour is not a key of courier (see 'wargrid help variants courier')\n", err)
  end)

  it("a misspelt piece to change names the piece it is close to", function()
    local err, code = refused("bad5.lua", [[
local wg = require "wargrid"
return wg.variant("courier", {
  name = "bad5",
  pieces = {
    corporl = { moves = "nA" },
  },
})
]])
    assert.equal(2, code)
    assert.equal("bad5.lua:5: game bad5: pieces.corporl: the base has no piece corporl to change "
                 .. "(did you mean 'corporal'?); a new piece needs a letter\n", err)
  end)

  it("a piece to remove must be the base's", function()
    local err = refused("bad6.lua", [[
return require("wargrid").variant("trenches", { name = "bad6",
  pieces = { tnak = false } })
]])
    assert.equal("bad6.lua:2: game bad6: pieces.tnak: the base has no piece tnak to remove "
                 .. "(did you mean 'tank'?)\n", err)
  end)

  it("a value of the wrong type, a game's own key or every game's", function()
    local err = refused("bad7.lua", [[
local wg = require "wargrid"
return wg.variant("wehrschach", {
  name = "bad7",
  support = "3",
})
]])
    assert.equal("bad7.lua:4: game bad7: support must be an integer, not a string\n", err)
    err = refused("bad8.lua", [[
local wg = require "wargrid"
local v = wg.variant("trenches", { name = "bad8",
  board = { files = 12, ranks = "12" } })
return v
]])
    assert.equal("bad8.lua:3: game bad8: board.ranks must be an integer, not a string\n", err)
  end)

  it("a nested key: in a game's own table, in a piece's fire", function()
    local err = refused("bad9.lua", [[
local wg = require "wargrid"
return wg.variant("blockwars", {
  name = "bad9",
  gas = {
    hit = { 2, 4 },
  },
})
]])
    assert.equal("bad9.lua:5: game bad9: gas.hit is not a key of gas (did you mean 'hits'?)\n", err)
    err = refused("bad10.lua", [[
local wg = require "wargrid"
return wg.variant("blockwars", {
  name = "bad10",
  pieces = { machinegun = { fire = { corner = "either",
                                     rnage = 3 } } },
})
]])
    assert.equal("bad10.lua:5: game bad10: pieces.machinegun.fire.rnage is not a key of "
                 .. "pieces.machinegun.fire (did you mean 'range'?)\n", err)
  end)

  it("a key of an atom table in a pattern", function()
    local err = refused("bad11.lua", [[
local wg = require "wargrid"
return wg.variant("courier", {
  name = "bad11",
  pieces = { rook = { moves = { { "R", blcok = "sea" } } } },
})
]])
    assert.equal("bad11.lua:4: game bad11: pieces.rook.moves[1].blcok is not a key of a pattern atom "
                 .. "(did you mean 'block'?)\n", err)
  end)

  it("what is right still loads: a new piece with its letter, false deleting a table", function()
    local courier = T.game "courier"
    local v = wg.variant(courier, { name = "v", pieces = { archer = { letter = "x", moves = "D" },
                                                           corporal = false },
                                    opening = false })
    assert.equal(v.T.archer ~= nil, true)
    assert.is_nil(v.T.corporal)
    assert.is_nil(v.def.opening)
  end)
end)

describe("schema: games declare their own keys", function()
  local function game(def)
    def.name = def.name or "g"
    def.pieces = def.pieces or { king = { letter = "k", moves = "K" } }
    local ok, err = pcall(wg.game, def)
    return ok and "ok" or err
  end

  it("a key of its own is declared in keys, with its type", function()
    assert.equal("ok", game { keys = { reach = { type = "integer", help = "how far" } }, reach = 3 })
    assert.equal("game g: reach must be an integer, not a number",
                 game { keys = { reach = { type = "integer", help = "how far" } }, reach = 2.5 })
    assert.equal("game g: reach is not a key of g (see 'wargrid help variants g')", game { reach = 3 })
  end)

  it("a type is one the schema knows; every game's keys are not redeclared", function()
    assert.equal("game g: keys.reach.type: 'intger' is not a type (did you mean 'integer'?)",
                 game { keys = { reach = { type = "intger" } } })
    assert.equal("game g: keys.pieces: every game has the key pieces; declare another",
                 game { keys = { pieces = { type = "map" } } })
  end)

  it("a variant inherits its base's keys and may add its own", function()
    local base = wg.game { name = "b", keys = { reach = { type = "integer" } }, reach = 1,
                           pieces = { king = { letter = "k", moves = "K" } } }
    local v = wg.variant(base, { name = "v", reach = 2, keys = { depth = { type = "number" } }, depth = 1.5 })
    assert.equal(2, v.def.reach)
    assert.equal(1.5, v.def.depth)
    assert.has_error(function() wg.variant(base, { name = "w", reach = "far" }) end,
                     "game w: reach must be an integer, not a string")
  end)

  it("a key declared a pattern is compiled as a type no piece has, its own line", function()
    local keys = { shot = { type = "table", fields = {
      moves = { type = "string or list", pattern = true, help = "where a shot flies" } } } }
    local base = wg.game { name = "b", keys = keys, shot = { moves = "mR" },
                           pieces = { king = { letter = "k", moves = "mQ" } } }
    local id = base.patterns["shot.moves"]
    assert.equal(2, id)
    assert.is_nil(base.type_names[id])
    local s = base.rules:new_state()
    local pid = s:add(id, 1, base.rules:square("d4"))
    assert.is_nil(s:why_not(pid, base.rules:square("d8"), "move"))
    assert.equal("pattern", s:why_not(pid, base.rules:square("e5"), "move"))
    -- a variant changes the pattern and keeps the piece's moves, or the piece's and keeps it
    local v = wg.variant(base, { name = "v", shot = { moves = "mB" } })
    s = v.rules:new_state()
    pid = s:add(v.patterns["shot.moves"], 1, v.rules:square("d4"))
    assert.is_nil(s:why_not(pid, v.rules:square("g7"), "move"))
    assert.equal("mQ", v.def.pieces.king.moves)
    assert.has_error(function() wg.variant(base, { name = "w", shot = { moves = "mZz" } }) end,
                     'game w: shot.moves: bad pattern "mZz" at "z"')
  end)

  it("aliases: a variant that writes a renamed key's old path sets the new one", function()
    local base = wg.game { name = "b", pieces = { king = { letter = "k", moves = "K" } },
                           board = { layers = { rubble = { dynamic = true, label = "rubble" } },
                                     marks = { rubble = "x" } },
                           aliases = { ["board.layers.ruins"] = "board.layers.rubble",
                                       ["board.marks.ruins"] = "board.marks.rubble" } }
    local changes = { name = "v", board = { layers = { ruins = { label = "old rubble" } },
                                            marks = { ruins = "r" } } }
    local v = wg.variant(base, changes)
    assert.same({ "rubble" }, { v.layer_names[0], v.layer_names[1] })
    assert.equal("old rubble", v.def.board.layers.rubble.label)
    assert.is_true(v.def.board.layers.rubble.dynamic)
    assert.equal("r", v.def.board.marks.rubble)
    assert.equal("old rubble", changes.board.layers.ruins.label)   -- the variant's table as written
    assert.has_error(function()
      wg.variant(base, { name = "w", board = { layers = { ruins = {}, rubble = {} } } })
    end, "game w: board.layers.ruins is now board.layers.rubble: give only board.layers.rubble")
  end)

  it("did you mean: the closest name within two edits", function()
    assert.equal(" (did you mean 'support'?)", schema.suggest("suport", { "support", "stays" }))
    assert.equal(" (did you mean 'corporal'?)", schema.suggest("corporl", { corporal = {}, courier = {} }))
    assert.equal("", schema.suggest("colour", { "support", "stays" }))
    assert.equal(" (did you mean 'range'?)", schema.suggest("rnage", { "range", "arc" }))
  end)
end)

describe("schema: covers what the games read", function()
  it("every def.KEY the stdlib and the games read is a key of the schema or of a game", function()
    local known = {}
    for k in pairs(schema.KEYS) do known[k] = true end
    for _, name in ipairs(loader.list()) do
      for k in pairs(loader.load(name).def.keys or {}) do known[k] = true end
    end
    local h = io.popen("cat stdlib/wargrid/*.lua stdlib/wargrid/cli/*.lua scripts/games/*.lua "
                       .. "scripts/games/*/*.lua examples/games/*.lua")
    local text = h:read("a")
    h:close()
    local unknown = {}
    for key in text:gmatch("def%.([%a_][%w_]*)") do
      if not known[key] then unknown[#unknown + 1] = key end
    end
    assert.same({}, unknown)
  end)

  it("every built-in game, house variant and example loads", function()
    for _, name in ipairs(loader.list()) do assert.truthy(loader.load(name)) end
    local h = io.popen("ls examples/variants/*.lua examples/games/*.lua | grep -v _spec.lua")
    for path in h:lines() do assert.truthy(loader.load_file(path), path) end
    h:close()
  end)

  it("wargrid help variants lists every key, and each game's own", function()
    local out, _, code = T.run { "help", "variants" }
    assert.equal(0, code)
    for _, line in ipairs { "\n  pieces.NAME.letter +string\n", "\n  pieces.NAME.rule +string\n",
                            "\n  pieces.NAME.help +string\n", "\n  board.layers.NAME.mark +string\n",
                            "\nKeys of wehrschach, with the rule each sets and its value:\n"
                              .. "  advance %(W%-J3%) +integer\n",
                            "\n  support %(W%-K1%) +integer\n      how many ", "\n  opening%[i%]%.file +string\n",
                            "\n  grenade%.onto_origin %(T%-G3%) +boolean\n", "\n  strafer_loses %(BW%-C4%) +boolean\n",
                            "\namazons: a variant of trenches, with its keys%.\n" } do
      assert.matches(line, out)
    end
    for l in out:gmatch("[^\n]+") do assert.is_true(#l <= 80, l) end
    out = T.run { "help", "variants", "amazons" }
    assert.matches("\nKeys of amazons %(a variant of trenches%), with the rule each sets and its value:\n"
                   .. "  grenade %(T%-G1%) +table\n", out)
  end)
end)
