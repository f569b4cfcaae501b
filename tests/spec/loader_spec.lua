-- wargrid.loader: a game may be a folder, NAME/init.lua with modules of its
-- own that its scripts require as "NAME.MOD", in the sandbox, within the
-- load's budget, once per load, and nothing outside the folder.
local T = require "wargrid.test"
local loader = require "wargrid.loader"

-- A temporary game directory, as WARGRID_PATH would list it.
local dir = os.tmpname()
os.remove(dir)
local function write(path, text)
  os.execute("mkdir -p '" .. (dir .. "/" .. path):match("^(.*)/") .. "'")
  local f = assert(io.open(dir .. "/" .. path, "w"))
  f:write(text)
  f:close()
end

-- fort: a small game whose pieces and rules are modules; util counts how
-- often it is asked, to show that one load shares it and two never do.
write("fort/init.lua", [[
local wg = require "wargrid"
local util = require "fort.util"
local game = wg.game {
  name = "fort",
  board = { files = 3, ranks = 3 },
  pieces = require "fort.pieces",
  start = "k2/3/2K w",
}
require("fort.rules.play")(game)
game.asked = util.ask()
function game:ask() return util.ask() end
return game
]])
write("fort/util.lua", [[
local asked = 0
return { ask = function() asked = asked + 1; return asked end }
]])
write("fort/pieces.lua", [[
require("fort.util").ask()
return { king = { letter = "k", moves = "K", royal = true } }
]])
write("fort/rules/play.lua", [[
local wg = require "wargrid"
return function(game)
  function game:actions(s, out) s:trace(out, s:side()) end
  function game:play(s, a) s:apply_move(a); s:end_turn() end
  function game:position_text(s)
    return wg.fen.write_board(self, s) .. (s:side() == 1 and " w" or " b")
  end
  function game:set_position(s, text)
    local board, side = text:match("^(%S+) ([wb])$")
    local ok, err = wg.fen.read_board(self, s, board or "")
    if not ok then return nil, err end
    s:set_side(side == "w" and 1 or 2)
    return true
  end
end
]])
-- a game file of its own that requires the folder game, and a variant
write("keep.lua", [[
local fort = require "games.fort"
return require("wargrid").variant(fort, { name = "keep" })
]])

-- games that ask for what they may not have, or break in a module
local function broken(name, init, modules)
  write(name .. "/init.lua", init)
  for file, text in pairs(modules or {}) do write(name .. "/" .. file, text) end
end
broken("up", 'local x = require "up.ok"\nlocal y = require "../secret"\n',
       { ["ok.lua"] = "return 1\n" })
broken("root", '\nrequire "/etc/passwd"\n')
broken("other", '\n\nrequire "fort.util"\n')
broken("dots", 'require "dots..util"\n', { ["util.lua"] = "return 1\n" })
broken("missing", 'require "missing.nope"\n')
broken("crash", 'require "crash.mod"\n',
       { ["mod.lua"] = "local t = nil\n\nreturn t.field\n" })
broken("syntax", 'require "syntax.mod"\n', { ["mod.lua"] = "return {,}\n" })
broken("loop", 'require "loop.a"\n',
       { ["a.lua"] = 'local b = require "loop.b"\nreturn b\n',
         ["b.lua"] = '\nlocal a = require "loop.a"\nreturn a\n' })
broken("spin", 'require "spin.mod"\n',
       { ["mod.lua"] = "while true do end\n" })
broken("swallow", 'pcall(require, "swallow.mod")\nreturn 1\n',
       { ["mod.lua"] = "while true do end\n" })
write("flat.lua", 'require "flat.mod"\n')

-- the loader reads WARGRID_PATH through loader.dirs; the in-process specs
-- put the temporary directory first, as WARGRID_PATH=dir does
local dirs = loader.dirs
local env = "WARGRID_PATH=" .. dir

local function fails(path)
  local ok, err = pcall(loader.load_file, dir .. "/" .. path)
  assert.is_false(ok, "it loaded")
  return err
end

describe("loader: a game may be a folder", function()
  setup(function()
    loader.dirs = function()
      local d = dirs()
      table.insert(d, 1, dir)
      return d
    end
  end)
  teardown(function() loader.dirs = dirs end)

  it("finds NAME/init.lua by name, and lists it", function()
    assert.equal(dir .. "/fort/init.lua", loader.find("fort"))
    local names = " " .. table.concat(loader.list(), " ") .. " "
    assert.matches(" fort ", names)
    assert.matches(" keep ", names)
    assert.matches(" blockwars ", names)           -- scripts/games/blockwars/
    assert.is_nil(names:find(" util ", 1, true))
  end)

  it("loads by name, its modules in place, and plays", function()
    local fort = T.game "fort"
    local s = T.position(fort, "k2/3/2K w")
    T.assert_actions(fort, s, { "c1b1", "c1b2", "c1c2" })
  end)

  it("loads a module once per load, and never shares one between loads",
     function()
    -- util is asked by pieces, then by init: twice in each load
    local a = loader.load_file(dir .. "/fort")
    local b = loader.load_file(dir .. "/fort/init.lua")
    assert.equal(2, a.asked)
    assert.equal(2, b.asked)
    assert.equal(3, a:ask())
    assert.equal(3, b:ask())
    -- a game that requires it gets a load of its own, as does a variant
    local keep = T.game "keep"
    local fort = T.game "fort"
    assert.equal(fort:ask() + 1, fort:ask())
    assert.equal(3, keep:ask())
  end)

  it("refuses a module outside the game's folder, in one line", function()
    local function outside(name)
      return "is outside the game's folder: a folder game requires its own "
             .. "modules as \"" .. name .. ".NAME\" %("
             .. dir:gsub("%p", "%%%0") .. "/" .. name .. "/NAME.lua%)$"
    end
    assert.matches("^" .. dir .. "/up/init.lua:2: module '%.%./secret' "
                   .. outside("up"), fails("up"))
    assert.matches("^" .. dir .. "/root/init.lua:2: module '/etc/passwd' "
                   .. outside("root"), fails("root"))
    assert.matches("^" .. dir .. "/other/init.lua:3: module 'fort.util' "
                   .. outside("other"), fails("other"))
    assert.matches("^" .. dir .. "/dots/init.lua:1: module 'dots%.%.util' "
                   .. outside("dots"), fails("dots"))
    assert.equal(dir .. "/missing/init.lua:1: no module 'missing.nope' "
                 .. "(no file " .. dir .. "/missing/nope.lua)",
                 fails("missing"))
    -- a game that is a single file has no modules
    assert.equal(dir .. "/flat.lua:1: module 'flat.mod' is not available to "
                 .. "game scripts", fails("flat.lua"))
  end)

  it("names the module's file and line when it breaks", function()
    assert.equal(dir .. "/crash/mod.lua:3: attempt to index a nil value "
                 .. "(local 't')", fails("crash"))
    assert.matches("^" .. dir .. "/syntax/mod.lua:1: unexpected symbol",
                   fails("syntax"))
    assert.equal(dir .. "/loop/b.lua:2: module 'loop.a' requires itself "
                 .. "while it loads", fails("loop"))
  end)

  it("counts a module's instructions in the load's budget", function()
    -- 20 million, so that the count runs out well before the deadline
    local host = require "wargrid.host"
    local instructions = host.budget().instructions
    host.budget { instructions = 20000000 }
    local ran_out = " loading ran out of its instruction budget (20 million "
                    .. "instructions a call; --instruction-limit)"
    local spin, swallow = fails("spin"), fails("swallow")
    host.budget { instructions = instructions }
    assert.equal(dir .. "/spin/mod.lua:1:" .. ran_out, spin)
    assert.equal(dir .. "/swallow/mod.lua:1:" .. ran_out, swallow)
  end)
end)

describe("loader: folder games on the command line", function()
  it("lists them, plays them by name and by --variant FOLDER", function()
    local out, _, code = T.run({ "list" }, "", env)
    assert.equal(0, code)
    assert.matches("\nfort", out)
    out, _, code = T.run({ "moves", "fort" }, "", env)
    assert.equal(0, code)
    assert.equal("c1b1\nc1b2\nc1c2\n", out)
    out = T.run({ "moves", "--variant", dir .. "/fort" })
    assert.equal("c1b1\nc1b2\nc1c2\n", out)
  end)

  it("refuses a module path that escapes in one line, exit status 2", function()
    local out, err, code = T.run({ "moves", "up" }, "", env)
    assert.equal(2, code)
    assert.equal("", out)
    assert.matches("^wargrid: " .. dir .. "/up/init.lua:2: module "
                   .. "'%.%./secret' is outside the game's folder: [^\n]*\n$",
                   err)
  end)
end)
