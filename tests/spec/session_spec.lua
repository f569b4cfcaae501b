-- wargrid.session: rules reloaded in the middle of a game, through the Lua
-- API; and the loader telling which files a load read.
local T = require "wargrid.test"
local bad_rules = require "bad_rules"
local tmpdir, write = T.tmpdir, T.write
local loader = require "wargrid.loader"
local record = require "wargrid.record"
local session = require "wargrid.session"
local host = require "wargrid.host"

-- Plays the actions, given in the game's record notation.
local function play(sess, ...)
  for _, text in ipairs { ... } do
    local a, err = require("wargrid.replay").parse(sess.game, sess.s, text)
    assert(a, err)
    sess:play(a)
  end
end

local COURIER, NONLEAPING = bad_rules.COURIER, bad_rules.NONLEAPING

describe("loader: the files a load read", function()
  it("a variant file, then the games it is built on, and their weights files", function()
    local _, files = loader.load_file("examples/variants/courier_historical_nonleaping.lua")
    assert.same({ "examples/variants/courier_historical_nonleaping.lua",
                  "./scripts/games/courier_historical.lua", "./scripts/games/courier/init.lua",
                  "./scripts/games/courier/text.lua", "./scripts/games/courier/why.lua",
                  "./scripts/games/courier/look.lua", "./scripts/games/courier/ai.lua",
                  "./scripts/games/courier_historical.weights.lua" }, files)
  end)

  it("a folder game: its script, then its modules as they are required", function()
    local _, files = loader.load_file("scripts/games/blockwars")
    assert.same({ "scripts/games/blockwars/init.lua", "scripts/games/blockwars/text.lua",
                  "scripts/games/blockwars/why.lua", "scripts/games/blockwars/look.lua",
                  "scripts/games/blockwars/ai.lua", "scripts/games/blockwars/weights.lua" }, files)
  end)
end)

describe("host.trial: a function run in a child process", function()
  it("returns what it returned, or how it ended: its error, its exit, its deadline", function()
    local t = host.trial(function() return "done" end, 5)
    assert.same({ ok = true, out = "done", err = "", ended = "exit", code = 0 }, t)
    t = host.trial(function() error("broken", 0) end, 5)
    assert.same({ ok = false, out = "", err = "broken\n", ended = "exit", code = 1 }, t)
    t = host.trial(function() os.exit(3) end, 5)
    assert.same({ ok = false, out = "", err = "", ended = "exit", code = 3 }, t)
    t = host.trial(function() while true do end end, 0.3)
    assert.same({ ok = false, out = "", err = "", ended = "deadline", code = 9 }, t)
  end)

  it("reads nothing from standard input", function()
    assert.same({ ok = true, out = "nil", err = "", ended = "exit", code = 0 },
                host.trial(function() return tostring(io.read("l")) end, 5))
  end)

  it("never stops a worker of this process that it collects", function()
    local w = host.fork(function(ch)
      ch:send(ch:read())
      return 0
    end)
    assert.is_true(host.trial(function()
      w = nil   -- the child's copy: its collector finalizes the worker
      collectgarbage()
      collectgarbage()
      return ""
    end, 5).ok)
    w:send("still here")
    assert.equal("still here", w:read())
    assert.is_true(w:wait())
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

  -- the trial's deadline is --time-limit and MARGIN: past the most a
  -- trial may wait (a day), it was refused as a bad argument, an error of
  -- wargrid's own that ended the session
  it("a reload under the largest --time-limit (a day) is tried as any other", function()
    local limits = host.budget { seconds = 86400 }
    local sess = session.open { source = { file = file }, seed = 1 }
    play(sess, "a4", "a5")
    write(file, NONLEAPING)
    local ok, r = pcall(sess.reload, sess)
    host.budget { seconds = limits.seconds }
    assert(ok, r)
    assert.equal("reloaded", r.status)
    assert.equal("nA", sess.game.def.pieces.corporal.moves)
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
                         .. "else (c2 (now empty, as recorded debris)); play goes on" }, r)
    assert.equal("3s2s3/2t4t2/4tt4/s8s/2T7/10/S8S/4TT4/7T2/3S2S3 d", sess.game:position_text(sess.s))
  end)

  it("a folder game's module is watched too", function()
    os.execute("cp -R scripts/games/blockwars " .. dir .. "/blockwars")
    local sess = session.open { source = { file = dir .. "/blockwars" }, seed = 1 }
    assert.equal(6, #sess.files)   -- init, text, why, look, ai, weights
    local f = assert(io.open(dir .. "/blockwars/look.lua", "a"))
    f:write("-- changed\n")
    f:close()
    assert.same({ dir .. "/blockwars/look.lua" }, sess:changed())
    assert.equal("reloaded", sess:reload().status)
  end)

  -- The rules files a reload must survive: each refused, the game going on
  -- under the old rules with its record as it was. The budget is 1 s and
  -- 10 million instructions a call (the reload's trial: 1 s + MARGIN).
  describe("a reload the new rules cannot survive", function()
    local limits
    before_each(function() limits = host.budget { seconds = 1, instructions = 10000000 } end)
    after_each(function() host.budget { seconds = limits.seconds, instructions = limits.instructions } end)

    -- Plays two actions, has the rules file replaced by replace(path),
    -- reloads: the reload's line; the old rules and game kept, and play
    -- goes on. source: the rules (default the file), path: their script.
    local function survives(replace, source, path)
      source, path = source or file, path or file
      local sess = session.open { source = { file = source }, seed = 1 }
      play(sess, "a4", "a5")
      local game, s, before = sess.game, sess.s, record.write(sess:record())
      replace(path)
      local r = sess:reload()
      assert.equal("failed", r.status)
      assert.equal(game, sess.game)
      assert.equal(s, sess.s)
      assert.equal(before, record.write(sess:record()))
      assert.is_nil(sess:changed())
      play(sess, "l4")
      assert.equal(3, #sess.log.entries)
      write(path, NONLEAPING)
      assert.equal("reloaded", sess:reload().status)
      assert.equal(3, #sess.log.entries)
      return r.line
    end

    for _, case in ipairs(bad_rules.list) do
      it(case.name .. ": refused, told in one line", function()
        local line = survives(function(f) bad_rules.put(case, f) end)
        assert.equal(case.line(file) .. "; play goes on under the old rules", line)
      end)
    end

    it("a trial past --time-limit and MARGIN: killed, and told", function()
      local margin = session.MARGIN
      session.MARGIN = 0.2   -- before the watchdog's second of grace
      local ok, line = pcall(survives, function(f)
        write(f, 'return (("a"):rep(40) .. "b"):find(("a*"):rep(30) .. "c")\n')
      end)
      session.MARGIN = margin
      assert(ok, line)
      assert.equal("rules not reloaded (" .. file .. " changed): loading them and replaying the game took more "
                   .. "than 1.2 s (--time-limit and 0.2 s more); play goes on under the old rules", line)
    end)

    it("rules changed again while they were tried: not taken, and tried again at the next look", function()
      local sess = session.open { source = { file = file }, seed = 1 }
      play(sess, "a4", "a5")
      local game = sess.game
      write(file, NONLEAPING)
      local run = host.trial
      host.trial = function(...)   -- the editor saves again as the child loads
        local t = run(...)
        write(file, NONLEAPING .. "-- again\n")
        return t
      end
      local ok, r = pcall(sess.reload, sess)
      host.trial = run
      assert(ok, r)
      assert.same({ status = "failed",
                    line = "rules not reloaded (" .. file .. " changed): " .. file .. " changed while they were "
                           .. "tried; play goes on under the old rules" }, r)
      assert.equal(game, sess.game)
      assert.same({ file }, sess:changed())
      assert.equal("reloaded", sess:reload().status)
      assert.equal("nA", sess.game.def.pieces.corporal.moves)
      assert.equal(2, #sess.log.entries)
    end)

    it("a module too large among those the new rules load: refused", function()
      local folder = dir .. "/g"
      os.execute("mkdir " .. folder)
      local init, big = folder .. "/init.lua", folder .. "/big.lua"
      write(init, COURIER)
      write(big, "return {}\n" .. ("-- a line of 32 bytes, padding.\n"):rep(65536))
      local line = survives(function(f) write(f, 'require "g.big"\n' .. COURIER) end, folder, init)
      assert.equal(init .. " did not load: " .. big .. " is 2097162 bytes, more than a rules file may hold "
                   .. "(1048576); play goes on under the old rules", line)
    end)
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
