-- wargrid.session: rules reloaded in the middle of a game, through the Lua
-- API; and the loader telling which files a load read.
local T = require "wargrid.test"
local tmpdir, write = T.tmpdir, T.write
local loader = require "wargrid.loader"
local session = require "wargrid.session"

-- Plays the actions, given in the game's record notation.
local function play(sess, ...)
  for _, text in ipairs { ... } do
    local a, err = require("wargrid.replay").parse(sess.game, sess.s, text)
    assert(a, err)
    sess:play(a)
  end
end

local COURIER = 'return require("wargrid").variant("courier", { name = "mine" })\n'
local NONLEAPING = 'return require("wargrid").variant("courier", {\n'
                   .. '  name = "mine", pieces = { corporal = { moves = "nA" } } })\n'

describe("loader: the files a load read", function()
  it("a variant file, then the games it is built on", function()
    local _, files = loader.load_file("examples/variants/courier_historical_nonleaping.lua")
    assert.same({ "examples/variants/courier_historical_nonleaping.lua",
                  "./scripts/games/courier_historical.lua", "./scripts/games/courier.lua" }, files)
  end)

  it("a folder game: its script, then its modules as they are required", function()
    local _, files = loader.load_file("scripts/games/blockwars")
    assert.same({ "scripts/games/blockwars/init.lua", "scripts/games/blockwars/common.lua",
                  "scripts/games/blockwars/position.lua", "scripts/games/blockwars/render.lua",
                  "scripts/games/blockwars/why.lua" }, files)
  end)
end)

describe("session: rules reloaded mid-game", function()
  local dir, file
  before_each(function()
    dir = tmpdir()
    file = dir .. "/mine.lua"
    write(file, COURIER)
  end)
  after_each(function() os.execute("rm -rf " .. dir) end)

  it("a file rewritten between two actions: reloaded, the game replayed, play goes on", function()
    local sess = session.open { source = { file = file }, seed = 1 }
    assert.is_nil(sess:changed())
    play(sess, "a4", "a5")
    write(file, NONLEAPING)
    assert.same({ file }, sess:changed())
    local r = sess:reload()
    assert.same({ status = "reloaded",
                  line = "rules reloaded (" .. file .. " changed): the 2 actions so far replayed, "
                         .. "all legal; play goes on" }, r)
    assert.is_nil(sess:changed())
    assert.equal("nA", sess.game.def.pieces.corporal.moves)
    assert.equal("rnebmkfwbenr/1ppppppppppp/12/p11/P11/12/1PPPPPPPPPPP/RNEBMKFWBENR w - - 0 2 LGQlgq",
                 sess.game:position_text(sess.s))
    play(sess, "l4")
    assert.equal(3, #sess.log.entries)
  end)

  it("C-P4 an action the new rules forbid: named with its reason, play goes on from before it", function()
    local sess = session.open { source = { file = file }, seed = 1 }
    play(sess, "a4", "a5", "l4", "l5", "g4", "g5", "Fg3", "Fg6", "Ee3", "Ee6")
    write(file, NONLEAPING)
    local r = sess:reload()
    assert.equal("illegal", r.status)
    assert.matches("^rules reloaded %(" .. file:gsub("%p", "%%%0")
                   .. " changed%): action 9 %(Ee3, by white%) is illegal: .+; play goes on from before it "
                   .. "%(8 actions%)$", r.line)
    assert.equal(8, #sess.log.entries)
    assert.equal("rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 2 5",
                 sess.game:position_text(sess.s))
  end)

  it("rules that no longer load: the error with file and line, play goes on under the old ones", function()
    local sess = session.open { source = { file = file }, seed = 1 }
    play(sess, "a4")
    local game, s = sess.game, sess.s
    write(file, "return require('wargrid').variant('courier', {\n  name = 'mine' +\n})\n")
    local r = sess:reload()
    assert.equal("failed", r.status)
    assert.equal(file .. " did not load: " .. file .. ":3: unexpected symbol near '}'; play goes on under "
                 .. "the old rules", r.line)
    assert.equal(game, sess.game)
    assert.equal(s, sess.s)
    assert.is_nil(sess:changed())
    play(sess, "a5")
    write(file, NONLEAPING)
    assert.equal("reloaded", sess:reload().status)
    assert.equal(2, #sess.log.entries)
  end)

  it("T-T1 an action that now does something else: told, and play goes on from what it does now", function()
    local trenches = dir .. "/t.lua"
    write(trenches, 'return require("wargrid").variant("trenches", { name = "t" })\n')
    local sess = session.open { source = { file = trenches }, seed = 1 }
    play(sess, "c2-c6")
    write(trenches, 'return require("wargrid").variant("trenches", { name = "t", leave_debris = {} })\n')
    local r = sess:reload()
    assert.same({ status = "reloaded",
                  line = "rules reloaded (" .. trenches .. " changed): action 1 (c2-c6) now does something "
                         .. "else (c2 (now empty, as recorded dead)); play goes on" }, r)
    assert.equal("3s2s3/2t4t2/4tt4/s8s/2T7/10/S8S/4TT4/7T2/3S2S3 d", sess.game:position_text(sess.s))
  end)

  it("a folder game's module is watched too", function()
    os.execute("cp -R scripts/games/blockwars " .. dir .. "/blockwars")
    local sess = session.open { source = { file = dir .. "/blockwars" }, seed = 1 }
    assert.equal(5, #sess.files)   -- init, common, position, render, why
    local f = assert(io.open(dir .. "/blockwars/render.lua", "a"))
    f:write("-- changed\n")
    f:close()
    assert.same({ dir .. "/blockwars/render.lua" }, sess:changed())
    assert.equal("reloaded", sess:reload().status)
  end)

  it("undo goes back past the reload, and not past chance (BW-H2)", function()
    local sess = session.open { source = { file = file }, seed = 1 }
    play(sess, "a4", "a5")
    write(file, NONLEAPING)
    sess:reload()
    assert.is_true(sess:undo(1))
    assert.equal(0, #sess.log.entries)
    assert.same({ false, "nothing of yours to undo" }, { sess:undo(2) })
  end)
end)
