-- The inputs a user or a GUI hands wargrid (issue 25: no input costs more
-- than its length, and a fault of the input is bad input): the engines'
-- lines and limits, numbers in position text and options, records and the
-- files play --save leaves, and typed action text. Each finding is driven
-- through the wargrid executable and checked by what it answers, its exit
-- status and how soon (generously: a few seconds for what takes a tenth).
local T = require "wargrid.test"
local host = require "wargrid.host"
local ai = require "wargrid.ai"
local engine = require "wargrid.engine"

local MB = 1024 * 1024
-- the build tests/run tests (make test-sanitize: build/san)
local WARGRID = require("lfs").currentdir() .. "/" .. (os.getenv("WARGRID_BUILD") or "build") .. "/wargrid"

local shell_quote = require("wargrid.text").shell_quote

-- stdout, stderr, exit status and seconds of wargrid with args and input
-- the run's output, and the processor time it took (user and system, read
-- by /usr/bin/time): a cost, which a busy machine's wall clock would not
-- tell
local function timed(args, input)
  local file = os.tmpname()
  local out, err, rc = T.run(args, input, string.format(
    "/usr/bin/time -f '%%U %%S' -o %s", file))
  local f = assert(io.open(file))
  local text = f:read("a")   -- after "Command exited with ..." if it failed
  f:close()
  os.remove(file)
  local user, sys = text:match("([%d.]+) ([%d.]+)%s*$")
  return out, err, rc, tonumber(user) + tonumber(sys)
end

-- stdout, exit status and the CPU seconds (user and system) of wargrid
-- with args and input: what a run costs, which a loaded machine does not
-- stretch as it stretches the wall clock
local function cpu_timed(args, input)
  local dir = T.tmpdir()
  T.write(dir .. "/in", input)
  local q = {}
  for i, a in ipairs(args) do q[i] = shell_quote(a) end
  local script = string.format("cd %s && TIMEFORMAT='%%3U %%3S' && "
                               .. "{ time %s %s < in > out 2> /dev/null; "
                               .. "echo $? > rc; } 2> cpu", shell_quote(dir),
                               shell_quote(WARGRID), table.concat(q, " "))
  os.execute("bash -c " .. shell_quote(script))
  local function read(name)
    local f = assert(io.open(dir .. "/" .. name))
    local text = f:read("a")
    f:close()
    return text
  end
  local user, sys = read("cpu"):match("([%d.]+) ([%d.]+)")
  local out, rc = read("out"), tonumber(read("rc"))
  os.execute("rm -rf '" .. dir .. "'")
  return out, rc, tonumber(user) + tonumber(sys)
end

local function lines(text)
  local t = {}
  for l in text:gmatch("([^\n]*)\n") do t[#t + 1] = l end
  return t
end

describe("inputs: the engines' lines (finding 5)", function()
  it("a 10 MB setboard line to xboard is answered with a protocol error at once, and ping after it", function()
    local input = "xboard\nsetboard " .. ("x"):rep(10 * MB) .. "\nping 1\nquit\n"
    local out, err, rc, seconds = timed({ "xboard", "courier_historical" }, input)
    assert.same({ "Error (line too long): setboard " .. ("x"):rep(51) .. "... (a line is at most 1048576 bytes)",
                  "pong 1" }, lines(out))
    assert.same({ "", 0 }, { err, rc })
    assert.is_true(seconds < 5, seconds)
  end)

  it("a 10 MB position line to uci is answered with info string at once, and isready after it", function()
    local input = "position startpos moves " .. ("a2a3 "):rep(2 * MB) .. "\nisready\nquit\n"
    local out, err, rc, seconds = timed({ "uci", "courier_historical" }, input)
    assert.same({ "info string line too long (a line is at most 1048576 bytes): position startpos moves a2a3 a2a3 "
                  .. "a2a3 a2a3 a2a3 a2a3 a2a3 a...", "readyok" }, lines(out))
    assert.same({ "", 0 }, { err, rc })
    assert.is_true(seconds < 5, seconds)
  end)

  it("a line just under the cap is read whole: a 1 MB usermove is an illegal move, told short", function()
    local move = ("a"):rep(engine.LINE_MAX - #"usermove ")
    local out, _, rc, seconds = timed({ "xboard", "courier_historical" }, "new\nforce\nusermove " .. move
                                       .. "\nping 2\n")
    assert.same({ "Illegal move (an action is at most 1000 characters, not 1048567): " .. ("a"):rep(60) .. "...",
                  "pong 2" }, lines(out))
    assert.equal(0, rc)
    assert.is_true(seconds < 5, seconds)
  end)

  it("2 MB of blank lines cost no more than their length (the queue of lines was quadratic)", function()
    -- CPU seconds: 2 alone, 20 before (the wall clock took 8 on a machine
    -- whose 2 cores ran 12 processes)
    local out, rc, seconds = cpu_timed({ "xboard", "courier_historical" }, ("\n"):rep(2 * MB) .. "ping 3\n")
    assert.same({ { "pong 3" }, 0 }, { lines(out), rc })
    assert.is_true(seconds < 6, seconds)
    out, rc, seconds = cpu_timed({ "uci", "courier_historical" }, ("\n"):rep(2 * MB) .. "isready\n")
    assert.same({ { "readyok" }, 0 }, { lines(out), rc })
    assert.is_true(seconds < 6, seconds)
  end)

  it("runs of 200,000 spaces inside a command are read in linear time", function()
    local spaces = (" "):rep(200000)
    local out, _, rc, seconds = timed({ "uci", "courier_historical" },
                                      "setoption name" .. spaces .. "Level" .. spaces .. "value" .. spaces .. "9"
                                      .. spaces .. "\nposition fen" .. spaces .. "x" .. spaces .. "y\nisready\n")
    assert.same({ "info string Level must be 0 to 5, not 9",
                  "info string illegal position: bad position 'x" .. (" "):rep(59) .. "...': 8 ranks expected, "
                  .. "found 1", "readyok" }, lines(out))
    assert.equal(0, rc)
    assert.is_true(seconds < 5, seconds)
    out, _, rc, seconds = timed({ "xboard", "courier_historical" }, "setboard" .. spaces .. "x" .. spaces
                                .. "y\nping 4\n")
    assert.same({ "tellusererror Illegal position: bad position 'x" .. (" "):rep(59) .. "...': 8 ranks expected, "
                  .. "found 1", "pong 4" }, lines(out))
    assert.equal(0, rc)
    assert.is_true(seconds < 5, seconds)
  end)

  it("wg.text.trim strips white space in time linear in a run of spaces", function()
    local trim = require("wargrid.text").trim
    assert.same({ "", "", "a", "a  b", "x" }, { trim(""), trim(" \t "), trim(" a "), trim("a  b\n"), trim("x") })
    local t0 = host.clock()
    assert.equal("a" .. (" "):rep(MB) .. "b", trim((" "):rep(MB) .. "a" .. (" "):rep(MB) .. "b" .. (" "):rep(MB)))
    assert.equal("", trim((" "):rep(MB)))
    assert.is_true(host.clock() - t0 < 5)
  end)

  it("setboard with no position is an illegal position, not an internal error", function()
    local out, err, rc = T.run({ "xboard", "courier_historical" }, "setboard\nsetboard   \nping 5\n")
    local bad = "tellusererror Illegal position: bad position '': expected a board, the side to move (w or b) "
                .. "and up to five more fields"
    assert.same({ { bad, bad, "pong 5" }, "", 0 }, { lines(out), err, rc })
  end)
end)

-- Each limit is sent, then go: the search starts under it (a second's
-- pause); ? or stop makes it move, and ping or isready is answered after.
local XBOARD_LIMITS = {
  { "st 1e308" }, { "st 1e999" }, { "sd 999999" }, { "sd 2147483648" },
  { "time 1e308" }, { "time 99999999999999999999" }, { "time -5" },
  { "level 40 1e308 0" }, { "level 40 99999999999999999:5 0" },
  { "level 99999999999999999999 5 0" }, { "level 40 5 1e308" },
  { "level 40 5 -3", "Error (bad argument): level 40 5 -3" },
  { "st nan", "Error (bad argument): st nan" }, { "st inf", "Error (bad argument): st inf" },
  { "sd -1", "Error (bad argument): sd -1" },
}

local UCI_LIMITS = {
  { "go depth 2147483648" }, { "go depth 1e999" }, { "go nodes 9223372036854775807" }, { "go nodes 0" },
  { "go wtime 99999999999999 btime 99999999999999" }, { "go wtime 99999999999999999999999" },
  { "go movetime 99999999999999" }, { "go movetime -5" }, { "go wtime -5" },
  { "go winc 99999999999999 wtime 1000" },
  { "go depth -1", "info string ignored in go: depth -1 (less than 0)" },
  { "go nodes -1", "info string ignored in go: nodes -1 (less than 0)" },
  { "go winc -1 wtime 1000", "info string ignored in go: winc -1 (less than 0)" },
  { "go movestogo -1 wtime 10000", "info string ignored in go: movestogo -1 (less than 0)" },
  { "go depth nan", "info string ignored in go: depth", "info string ignored in go: nan" },
}

-- The lines an engine wrote up to the one matching answer, when it was sent
-- the lines of before, then (the search begun) those of after; and its exit
-- status and what it wrote after quit.
local function drive(args, before, after, answer)
  local e = T.engine(args)
  for _, l in ipairs(before) do e.send(l) end
  os.execute("sleep 0.5")
  for _, l in ipairs(after) do e.send(l) end
  local got = assert(e.expect(answer))
  e.send("quit")
  return got, e.close()
end

describe("inputs: absurd engine limits (finding 6)", function()
  for _, case in ipairs(XBOARD_LIMITS) do
    it("xboard: '" .. case[1] .. "' leaves the engine playing and answering ping", function()
      local got, rc, rest = drive({ "xboard", "courier_historical" }, { "xboard", "new", case[1], "go" },
                                  { "?", "ping 1" }, "^pong 1$")
      assert.same({ 0, { "exit 0" } }, { rc, rest })
      assert.equal(#case + 1, #got)
      for i = 2, #case do assert.equal(case[i], got[i - 1]) end
      assert.matches("^move %l%d%l%d$", got[#case])
    end)
  end
  for _, case in ipairs(UCI_LIMITS) do
    it("uci: '" .. case[1] .. "' leaves the engine playing and answering isready", function()
      local got, rc, rest = drive({ "uci", "courier_historical" }, { "position startpos", case[1] },
                                  { "stop", "isready" }, "^readyok$")
      assert.same({ 0, { "exit 0" } }, { rc, rest })
      assert.equal(#case + 2, #got)
      for i = 2, #case do assert.equal(case[i], got[i - 1]) end
      assert.matches("^info depth %d+ ", got[#case])
      assert.matches("^bestmove %l%d%l%d[ %l%d]*$", got[#case + 1])
    end)
  end

  it("the search's deepest is ai.MAX_DEPTH: host.search takes it and refuses one more", function()
    local game = T.game "courier_historical"
    local s = assert(game:new())
    assert(ai.alphabeta(game, s, { depth = ai.MAX_DEPTH, nodes = 200 }))
    assert.has_error(function() ai.alphabeta(game, s, { depth = ai.MAX_DEPTH + 1, nodes = 200 }) end)
  end)
end)

describe("inputs: typed action text (finding 4: 10 MB action texts)", function()
  it("why refuses an action text of more than 1,000 characters as bad input, at once", function()
    local out, err, rc, seconds = timed({ "why", "courier_historical", ("!"):rep(100000) .. "x" })
    assert.same({ "", "wargrid: why: an action is at most 1000 characters, not 100001\n", 2 }, { out, err, rc })
    assert.is_true(seconds < 5, seconds)
  end)

  it("why still reads an action of 1,000 characters", function()
    local out, _, rc = T.run { "why", "courier_historical", ("a"):rep(1000) }
    assert.equal(0, rc)
    assert.matches("^illegal: 'a+%.%.%.' is not an action in courier_historical's notation", out)
  end)

  -- the games' own reasons quote such a text whole: a game given by path
  -- (its hooks' results checked, texts capped) was blamed for them
  for _, g in ipairs { "amazons", "blockwars", "trenches", "wehrschach" } do
    it(g .. " by path reads an action of 1,000 characters as its built-in self does, in why and play", function()
      local path = g == "amazons" and "scripts/games/amazons.lua" or "scripts/games/" .. g
      local long = ("z"):rep(1000)
      local out, err, rc = T.run { "why", g, long }
      local out2, err2, rc2 = T.run { "why", "--variant", path, long }
      assert.same({ out, err, rc }, { out2, err2, rc2 })
      assert.equal(0, rc2)
      out, err, rc = T.run({ "play", g, "--ai", "none", "--seed", "1" }, long .. "\nquit\n")
      out2, err2, rc2 = T.run({ "play", "--variant", path, "--ai", "none", "--seed", "1" }, long .. "\nquit\n")
      assert.same({ out, err, rc }, { out2, err2, rc2 })
      assert.equal(0, rc2)
    end)
  end

  it("play answers a 10 MB line as no action at once, and the game goes on", function()
    local input = ("a"):rep(10 * MB) .. "\n" .. "a" .. (" "):rep(300000) .. "b\nb1c3\nposition\n"
    local out, _, rc, seconds = timed({ "play", "courier_historical", "--seed", "1" }, input)
    assert.equal(0, rc)
    assert.matches("white> illegal: an action is at most 1000 characters, not 10485760\n", out, 1, true)
    assert.matches("white> illegal: an action is at most 1000 characters, not 300002\n", out, 1, true)
    -- b1c3 was played, and the AI's answer
    assert.matches("\nwhite> %S+/2N3F5/1PPPPP1PPPP1/R1EBMK1WBENR w %- %- %d+ 2\n", out)
    assert.is_true(seconds < 5, seconds)
  end)

  it("game:explain and game:parse_action refuse a long text before any matching", function()
    local game = T.game "blockwars"
    local s = assert(game:new())
    local long = ("place standard "):rep(100)
    assert.same({ legal = false, kind = "length", reason = "an action is at most 1000 characters, not 1500" },
                game:explain(s, long))
    assert.same({ nil, "an action is at most 1000 characters, not 1500" }, { game:parse_action(s, long) })
  end)
end)

-- A Block Wars position after the placement, with one field replaced.
local BW = "3iii2/1iiiii2/iimiim1i/7i/8/IIIIMIII/IIII4/IIII4 c2 turn=2 reserve=I6T/i6 lost=-/- air=oo/oo tank=0 "
           .. "used=- done=- new=- phase=main next=- decks=?26/?26/-"
local function bw(key, value)
  return (BW:gsub(key .. "=%S+", function() return key .. "=" .. value end))
end

describe("inputs: numbers in position text and options (finding 6: Block Wars decks=?9223372036854775808)", function()
  local function refused(args, pattern)
    local out, err, rc = T.run(args)
    assert.same({ "", 2 }, { out, rc })
    assert.equal(1, #lines(err))
    assert.matches(pattern, err)
  end

  it("a count of unknown cards past 52 is a bad position, through --position", function()
    for _, n in ipairs { "9223372036854775808", "99999999999999999999", "53", "", "x" } do
      refused({ "why", "blockwars", "--position", bw("decks", "?" .. n .. "/?26/-"), "a1a2" },
              "^wargrid: bad position '.*': decks: '%?" .. n .. "': the unknown cards: expected a whole number "
              .. "from 0 to 52\n$")
    end
  end)

  it("and through a record's Position tag, in replay, play --load and render", function()
    local dir = T.tmpdir()
    local path = dir .. "/bw.pgn"
    T.write(path, '[Game "blockwars"]\n[Seed "1"]\n[Position "' .. bw("decks", "?9223372036854775808/?26/-")
                  .. '"]\n\n1. a1a2 *\n')
    local why = "decks: '%?9223372036854775808': the unknown cards: expected a whole number from 0 to 52\n$"
    refused({ "replay", path }, "^wargrid: replay: .*bw%.pgn line 3: tag Position: bad position '.*': " .. why)
    refused({ "play", "--load", path }, "^wargrid: play: .*bw%.pgn bad position '.*': " .. why)
    refused({ "render", "--record", path }, "^wargrid: render: .*bw%.pgn line 3: tag Position: bad position '.*': "
                                            .. why)
    os.execute("rm -rf '" .. dir .. "'")
  end)

  it("a unit count past any whole number is more units than a game holds", function()
    refused({ "why", "blockwars", "--position", bw("reserve", "I9223372036854775808T/i6"), "a1a2" },
            "reserve 'I9223372036854775808T/i6': more units than a game holds %(128 at most%)\n$")
    refused({ "why", "blockwars", "--position", bw("lost", "I9223372036854775807/i3"), "a1a2" },
            "lost 'I9223372036854775807/i3': more units than a game holds %(128 at most%)\n$")
  end)

  it("a turn past any whole number is a bad position", function()
    refused({ "why", "blockwars", "--position", bw("turn", "9223372036854775808"), "a1a2" },
            "turn '9223372036854775808': expected a number from 1 to 201 %(the turn limit, option turns, is 200%)\n$")
  end)

  it("a fighter's number past any whole number is no action, answered as illegal", function()
    for _, a in ipairs { "fly 9223372036854775808", "dogfight 99999999999999999999" } do
      local out, err, rc = T.run { "why", "blockwars", "--position", bw("phase", "air:c"), a }
      assert.same({ "illegal: '" .. a .. "': the fighter's number: expected a whole number from 0 to 2147483647\n",
                    "", 0 }, { out, err, rc })
    end
  end)

  it("an option past any whole number is bad input, on the command line and in a record", function()
    refused({ "why", "blockwars", "--option", "turns=9223372036854775808", "a1a2" },
            "^wargrid: option turns takes a whole number from 1 to 2147483647, not '9223372036854775808'\n$")
    local dir = T.tmpdir()
    T.write(dir .. "/o.pgn", '[Game "blockwars"]\n[Options "turns=9223372036854775808"]\n\n1. a1a2 *\n')
    refused({ "replay", dir .. "/o.pgn" }, "tag Game: option turns takes a whole number from 1 to 2147483647, not "
                                          .. "'9223372036854775808'\n$")
    os.execute("rm -rf '" .. dir .. "'")
  end)

  it("every FEN game refuses a counter past its most", function()
    local starts = {
      courier = "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 9223372036854775808 ALGQalgq",
      courier_historical = "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - "
                           .. "99999999999999999999 1",
    }
    for game, text in pairs(starts) do
      refused({ "why", game, "--position", text, "a1a2" }, "expected a whole number from [01] to 999999999\n$")
    end
  end)
end)

describe("inputs: records (findings 4 and 9)", function()
  local record = require "wargrid.record"
  local dir
  before_each(function() dir = T.tmpdir() end)
  after_each(function() os.execute("rm -rf '" .. dir .. "'") end)

  -- replay's one line and exit status, and its seconds, for a record text
  local function replayed(text, args)
    local path = dir .. "/r.pgn"
    T.write(path, text)
    local out, err, rc, seconds = timed({ args or "replay", path })
    assert.equal("", out)
    return err:gsub(dir, "DIR"), rc, seconds
  end

  local function refusal(text)
    local err, rc = replayed(text)
    return { err, rc }
  end

  local COURIER = '[Game "courier_historical"]'
  it("'2.* Ra1' after a tag is a bad record, not the illegal action '*'", function()
    assert.same({ "wargrid: replay: DIR/r.pgn line 3: '*' is not an action: it reads as a number, result or NAG\n", 2 },
                refusal(COURIER .. "\n\n1. e2e3 2.* Ra1 *\n"))
  end)

  it("'%' after a tag, or in mid-line, is a bad record, not the illegal action '%'", function()
    local why = "is not an action: it starts with '%', which escapes a line where it starts one\n"
    assert.same({ "wargrid: replay: DIR/r.pgn line 1: '%' " .. why, 2 },
                refusal(COURIER .. "%\n\n1. e2e3 *\n"))
    assert.same({ "wargrid: replay: DIR/r.pgn line 3: '%x' " .. why, 2 },
                refusal(COURIER .. "\n\n1. e2e3 %x *\n"))
    assert.same({ "wargrid: replay: DIR/r.pgn line 2: a tag pair after the actions (tags come first)\n", 2 },
                refusal(COURIER .. "\n]%\n1. e2e3 *\n"))
    -- at the start of a line '%' escapes it, as in PGN
    T.write(dir .. "/ok.pgn", COURIER .. "\n%x\n1. e2e3\n%y\n*\n")
    assert.same({ "the 1 action legal; result * (the game goes on), as recorded\n", "", 0 },
                { T.run { "replay", dir .. "/ok.pgn" } })
  end)

  it("a stray '\"' after a tag is a bad record", function()
    assert.same({ "wargrid: replay: DIR/r.pgn line 1: '\"x\"' is not an action: it holds '\"', which only a tag's "
                  .. "value holds\n", 2 }, refusal(COURIER .. ' "x"\n\n1. e2e3 *\n'))
  end)

  it("a record file of more than 16 MiB is refused at once (a 100 MB tag took 15 s and 2.4 GB)", function()
    local err, rc, seconds = replayed(COURIER .. '\n[Event "' .. ("x"):rep(20 * MB) .. '"]\n\n1. e2e3 *\n')
    assert.same({ "wargrid: replay: DIR/r.pgn is larger than 16777216 bytes (16 MiB), the most a record may be\n", 2 },
                { err, rc })
    assert.is_true(seconds < 5, seconds)
    local path = dir .. "/r.pgn"
    for _, args in ipairs { { "play", "--load", path }, { "render", "--record", path } } do
      local out, e2, rc2 = T.run(args)
      assert.same({ "", 2 }, { out, rc2 })
      assert.matches("r%.pgn is larger than 16777216 bytes %(16 MiB%), the most a record may be\n$", e2)
    end
  end)

  it("a tag value of more than 4096 bytes is a bad record, refused in time linear in its length", function()
    assert.same({ "wargrid: replay: DIR/r.pgn line 2: tag Event: the value is longer than 4096 bytes\n", 2 },
                refusal(COURIER .. '\n[Event "' .. ("x"):rep(4097) .. '"]\n\n1. e2e3 *\n'))
    local err, rc, seconds = replayed(COURIER .. '\n[Event "' .. ("\\\\"):rep(7 * MB) .. '"]\n\n1. e2e3 *\n')
    assert.same({ "wargrid: replay: DIR/r.pgn line 2: tag Event: the value is longer than 4096 bytes\n", 2 },
                { err, rc })
    assert.is_true(seconds < 5, seconds)
    assert(record.read(COURIER .. '\n[Event "' .. ("\\\\"):rep(2048) .. '"]\n\n*\n'))
  end)

  it("a 10 MB action in a record is a bad record at once (SAN's reading of it took minutes)", function()
    local err, rc, seconds = replayed(COURIER .. "\n\n1. " .. ("!"):rep(10 * MB) .. "x *\n")
    assert.same({ "wargrid: replay: DIR/r.pgn line 3: an action is at most 1000 characters, not 10485761\n", 2 },
                { err, rc })
    assert.is_true(seconds < 5, seconds)
    err, rc = replayed('[Game "blockwars"]\n\n1. ' .. ("no "):rep(333) .. "dogfight *\n")
    assert.same({ "wargrid: replay: DIR/r.pgn line 3: an action is at most 1000 characters, not 1007\n", 2 },
                { err, rc })
  end)

  it("the writer refuses what the reader would not read back as the action", function()
    assert.same({ nil, "its word '%x' starts with '%', which escapes a line where it starts one" },
                { record.valid_action("pass %x") })
    assert.same({ nil, "its word 'a\"b' holds '\"', which only a tag's value holds" },
                { record.valid_action("a\"b") })
    assert.same({ nil, "an action is at most 1000 characters, not 1001" },
                { record.valid_action(("a"):rep(1001)) })
    assert.is_true(record.valid_action(("a"):rep(1000)))
  end)

  it("reads 100,000 lines of actions in linear time", function()
    local t = { COURIER, "" }
    for i = 1, 100000 do t[#t + 1] = i .. ". a2a3 {note}" end
    t[#t + 1] = "*"
    local t0 = host.clock()
    local rec = assert(record.read(table.concat(t, "\n")))
    assert.equal(100000, #rec.actions)
    assert.equal(100002, rec.actions[100000].line)
    assert.is_true(host.clock() - t0 < 5)
  end)
end)

describe("inputs: the temporary files of play --save (finding 9)", function()
  local replay = require "wargrid.replay"
  local lfs = require "lfs"
  local dir
  before_each(function() dir = T.tmpdir() end)
  after_each(function() os.execute("rm -rf '" .. dir .. "'") end)

  local function listing()
    local names = {}
    for f in lfs.dir(dir) do
      if f ~= "." and f ~= ".." then names[#names + 1] = f end
    end
    table.sort(names)
    return names
  end

  -- the number a shell command prints: a process's id
  local function pid_of(command)
    local h = io.popen(command)
    local pid = h:read("n")
    h:close()
    return pid
  end

  it("a save removes what killed saves of the same file left, and keeps a live process's and other files'", function()
    local dead = pid_of("sh -c 'echo $$'")   -- a process that has ended
    local live = pid_of("sleep 30 & echo $!")
    for _, name in ipairs { ".g.pgn." .. dead .. ".tmp", ".g.pgn." .. live .. ".tmp", ".g.pgn.1.tmp",
                            ".other.pgn." .. dead .. ".tmp", ".g.pgn.x.tmp" } do
      T.write(dir .. "/" .. name, "partial")
    end
    local _, _, rc = T.run({ "play", "courier_historical", "--seed", "1", "--save", dir .. "/g.pgn" }, "quit\n")
    os.execute("kill " .. live)
    assert.equal(0, rc)
    local want = { ".g.pgn." .. live .. ".tmp", ".g.pgn.1.tmp", ".g.pgn.x.tmp", ".other.pgn." .. dead .. ".tmp",
                   "g.pgn" }
    table.sort(want)
    assert.same(want, listing())
  end)

  it("after 15 kill -9s during play --save, the next save leaves no temporary file", function()
    local path = dir .. "/g.pgn"
    local exe = WARGRID
    for i = 1, 15 do
      os.execute(string.format("%s play courier_historical --ai both --ai-level 1 --seed %d --save %s </dev/null "
                               .. ">/dev/null 2>&1 & p=$!; sleep 0.%d; kill -9 $p 2>/dev/null; wait $p",
                               exe, i, path, 1 + i % 3))
    end
    local _, _, rc = T.run({ "play", "courier_historical", "--seed", "1", "--save", path }, "quit\n")
    assert.equal(0, rc)
    assert.same({ "g.pgn" }, listing())
  end)

  it("a save that fails removes its temporary file", function()
    assert(lfs.mkdir(dir .. "/g.pgn"))
    T.write(dir .. "/g.pgn/x", "")   -- a directory that is not empty: the rename fails
    local ok, err = replay.save(dir .. "/g.pgn", "*\n")
    assert.is_nil(ok)
    assert.is_string(err)
    assert.same({ "g.pgn" }, listing())
  end)

  it("a signal that ends the process waits for host.shielded to end, also by an error (a save is one)", function()
    local code = string.format([[
package.path, package.cpath = %q, %q
local host, lfs = require "wargrid.host", require "lfs"
local pid = lfs.symlinkattributes("/proc/self", "target")
io.stderr:write(select(2, pcall(host.shielded, error, "boom", 0)), "\n")
io.stderr:write(host.shielded(function(a, b) return a + b end, 1, 2), "\n")
host.shielded(function()
  os.execute("kill -TERM " .. pid)
  io.stderr:write("shielded\n")
end)
io.stderr:write("after\n")
]], package.path, package.cpath)
    local h = io.popen("lua5.4 -e " .. shell_quote(code) .. " 2>&1; echo rc=$?")
    local out = h:read("a")
    h:close()
    -- ended by SIGTERM (143) once shielded was done, before "after"
    assert.matches("^boom\n3\nshielded\n[^\n]*\n?rc=143\n$", out)
    assert.is_nil(out:find("after", 1, true))
  end)
end)

-- Session 24's attack: the shard files stats merge reads are input too
-- (both were exit 1).
describe("inputs: the shard files of stats merge", function()
  local dir
  before_each(function() dir = T.tmpdir() end)
  after_each(function() os.execute("rm -rf '" .. dir .. "'") end)

  local function merged(text)
    T.write(dir .. "/s.jsonl", text)
    local out, err, rc = T.run({ "stats", "merge", dir .. "/s.jsonl" })
    return { out, (err:gsub(dir, "DIR")), rc }
  end

  it("a line of arrays nested 100,000 deep is a bad line, read to its 101st", function()
    assert.same({ "", "wargrid: stats merge: DIR/s.jsonl line 1: nested deeper than 100 at character 101\n", 2 },
                merged(("["):rep(100000) .. ("]"):rep(100000) .. "\n"))
  end)

  it("a run header whose variant is no file name is no selfplay record", function()
    assert.same({ "", "wargrid: stats merge: DIR/s.jsonl line 1 is not a selfplay record\n", 2 },
                merged('{"type":"run","game":"courier","variant":{},"games":2,"seed":1}\n'))
  end)

  it("a game whose first player, winner or length is out of range is no selfplay record", function()
    local run = '{"type":"run","game":"courier","games":2,"seed":1}\n'
    local function game(first, winner, plies)
      return string.format('{"type":"game","index":0,"first":%d,"winner":%d,"plies":%d,'
                           .. '"reason":"checkmate"}\n', first, winner, plies)
    end
    local bad = { "wargrid: stats merge: DIR/s.jsonl line 2 is not a selfplay record\n", 2 }
    for _, g in ipairs { game(7, 1, 40), game(0, 0, 40), game(1, 3, 40), game(1, -1, 40),
                         game(1, 1, -5), game(1, 1, 1 << 31) } do
      local got = merged(run .. g)
      assert.same(bad, { got[2], got[3] })
    end
    local good = merged(run .. game(2, 0, 40))
    assert.equal(0, good[3])
  end)
end)
