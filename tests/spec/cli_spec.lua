-- The wargrid command line: output formats, --help, play, and failures told
-- in one line on stderr: bad input with exit status 2 (nothing half done), a
-- failure of wargrid itself with exit status 1.
local SEED_START = "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1 ALGQalgq"

local run = require("wargrid.test").run

local function lines(s)
  local t = {}
  for l in s:gmatch("[^\n]+") do t[#t + 1] = l end
  return t
end

-- A fresh directory; a file written whole.
local tmpdir, write = require("wargrid.test").tmpdir, require("wargrid.test").write

describe("cli: commands", function()
  it("list names the games with their titles", function()
    local out, _, code = run { "list" }
    assert.equal(0, code)
    assert.matches("courier%s+Courier Army\n", out)
    assert.matches("courier_historical%s+Courier chess %(historical%)\n", out)
  end)

  it("moves prints the legal actions one per line, sorted", function()
    local out, _, code = run { "moves", "courier" }
    assert.equal(0, code)
    assert.same({ "a2a4", "g2g4", "l2l4" }, lines(out))
  end)

  it("moves takes a position", function()
    local out = run { "moves", "courier", "--position", "k11/12/12/12/12/12/12/K11 w - - 0 1" }
    assert.same({ "a1a2", "a1b1", "a1b2" }, lines(out))
  end)

  it("moves on a finished game prints nothing and says the result on stderr", function()
    local out, err, code = run { "moves", "courier", "--position",
                                 "k3R7/pp10/12/12/12/12/12/K11 b - - 0 1" }
    assert.equal(0, code)
    assert.equal("", out)
    assert.equal("no legal actions: White wins by checkmate\n", err)
  end)

  it("perft ends with 'Nodes searched: N' and --divide lists each action", function()
    local out, _, code = run { "perft", "courier", "2", "--divide" }
    assert.equal(0, code)
    local l = lines(out)
    assert.same({ "a2a4: 3", "g2g4: 3", "l2l4: 3", "Nodes searched: 9" }, l)
    out = run { "perft", "courier_historical", "3" }
    assert.equal("Nodes searched: 18406\n", out)
  end)

  it("--json: moves, perft (--divide) and list print one JSON value", function()
    local json = require "wargrid.json"
    local out, _, code = run { "moves", "courier", "--json" }
    assert.equal(0, code)
    assert.same({ game = "courier", side = "white", position = SEED_START,
                  actions = { "a2a4", "g2g4", "l2l4" },
                  groups = { { name = "a2", piece = true, actions = { "a2a4" } },
                             { name = "g2", piece = true, actions = { "g2g4" } },
                             { name = "l2", piece = true, actions = { "l2l4" } } } },
                json.decode(out))
    out = run { "moves", "courier", "--json", "--position", "k3R7/pp10/12/12/12/12/12/K11 b - - 0 1" }
    assert.same({ winner = 1, reason = "checkmate", text = "White wins by checkmate" },
                json.decode(out).outcome)
    out = run { "perft", "courier", "2", "--divide", "--json" }
    assert.same({ game = "courier", depth = 2, nodes = 9,
                  divide = { { action = "a2a4", nodes = 3 }, { action = "g2g4", nodes = 3 },
                             { action = "l2l4", nodes = 3 } } }, json.decode(out))
    out = run { "perft", "courier_historical", "3", "--json" }
    assert.same({ game = "courier_historical", depth = 3, nodes = 18406 }, json.decode(out))
    out = run { "list", "--json" }
    local games = {}
    for _, g in ipairs(json.decode(out)) do games[g.name] = g end
    assert.same({ name = "amazons", title = "Game of the Amazons", base = "trenches" }, games.amazons)
    assert.same({ name = "courier", title = "Courier Army" }, games.courier)
  end)

  it("every command has --help, also as 'help COMMAND'", function()
    for _, cmd in ipairs { "list", "moves", "perft", "play", "suggest", "selfplay", "compare",
                           "stats", "test", "replay" } do
      local out, _, code = run { cmd, "--help" }
      assert.equal(0, code)
      assert.matches("^usage: wargrid " .. cmd .. "[ \n]", out)
      assert.equal(out, (run { "help", cmd }))
    end
    local out, _, code = run { "--help" }
    assert.equal(0, code)
    assert.matches("^usage: wargrid COMMAND", out)
    assert.matches("\n  compare GAME VARIANT_FILE%.%.%.  what a variant changes, by self%-play\n", out)
    assert.matches("\nExit status: 0 done; 2 bad input .* 1 a failure of wargrid itself", out)
  end)

  it("C-V1 suggest tells a win in one action, and a loss in two, in words", function()
    -- White takes Black's last pawn: bare king; Black's pawn step is met by mate
    local pos = "k11/2R8p/12/12/12/12/12/K2R8 "
    local out, _, code = run { "suggest", "courier_historical", "--position", pos .. "w - - 0 1",
                               "--nodes", "3000" }
    assert.equal(0, code)
    assert.same({ "c7l7" }, { out:match("^(%S+)\n") })
    assert.matches(", a win in 1 action\n", out)
    out = run { "suggest", "courier_historical", "--position", pos .. "b - - 0 1", "--nodes", "3000" }
    assert.matches(", a loss in 2 actions\n", out)
  end)
end)

describe("cli: play", function()
  it("the built-in opponent plays, and finds a mate in one", function()
    local out, _, code = run({ "play", "courier", "--ai", "both", "--position",
                               "k11/pp10/12/12/12/12/12/4R6K w - - 0 1" })
    assert.equal(0, code)
    assert.matches("white plays e1e8\n", out)
    assert.matches("Game over: White wins by checkmate%.\n$", out)
  end)

  it("--side names the side you play; the AI plays the other", function()
    local out, _, code = run({ "play", "courier", "--side", "black", "--ai-level", "1", "--seed", "1" },
                             "quit\n")
    assert.equal(0, code)
    assert.matches("\nwhite plays %a%d%a%d\n", out)
    assert.matches("\nblack> ", out)
    assert.not_matches("white> ", out)
    local _, err
    _, err, code = run { "play", "courier", "--side", "black", "--ai", "white" }
    assert.equal(2, code)
    assert.equal("wargrid: play: give --side (yours) or --ai (the opponent's), not both\n", err)
  end)

  it("draws the board with the player's side at the bottom: flipped for Black, as the page", function()
    local pos = "k11/pp10/12/12/12/12/12/4R6K"
    local out, _, code = run({ "play", "courier", "--side", "black", "--position", pos .. " b - - 0 1" },
                             "quit\n")
    assert.equal(0, code)
    local board = table.concat({
      " 1  K . . . . . . R . . . .",
      " 2  . . . . . . . . . . . .",
      " 3  . . . . . . . . . . . .",
      " 4  . . . . . . . . . . . .",
      " 5  . . . . . . . . . . . .",
      " 6  . . . . . . . . . . . .",
      " 7  . . . . . . . . . . p p",
      " 8  . . . . . . . . . . . k",
      "    l k j i h g f e d c b a",
    }, "\n")
    assert.matches("\n" .. board:gsub("%.", "%%."), out)
    out, _, code = run({ "play", "courier", "--side", "white", "--position", pos .. " w - - 0 1" }, "quit\n")
    assert.equal(0, code)
    assert.matches("\n 8  k %. %. %. %. %. %. %. %. %. %. %.\n", out)
    assert.matches("\n    a b c d e f g h i j k l\n", out)
  end)

  it("make play takes LEVEL for the AI's strength and SIDE for the player's side", function()
    local h = io.popen("make -s -n play GAME=courier LEVEL=4 SIDE=black 2>&1")
    local cmds = h:read("a")
    h:close()
    assert.matches("\nbuild/wargrid play courier %-%-ai%-level 4 %-%-side black\n$", "\n" .. cmds)
  end)

  it("undo takes back the player's action and the reply", function()
    local out = run({ "play", "courier", "--ai", "black", "--seed", "3" },
                    "a2a4\nundo\nposition\nquit\n")
    assert.matches("black plays", out)
    assert.matches("white> " .. SEED_START:gsub("%p", "%%%0") .. "\n", out)
  end)

  it("help lists the commands, moves the legal actions a line per piece", function()
    local out = run({ "play", "courier", "--ai", "none" }, "help\nmoves\nmoves g2\nmoves e4\nquit\n")
    assert.matches("undo%s+take back your last action", out)
    assert.matches("white> a2: a2a4\ng2: g2g4\nl2: l2l4\nwhite> g2: g2g4\n"
                   .. "white> no legal actions for 'e4' %(type 'moves' to list them all%)\n", out)
  end)

  it("moves wraps each piece's actions at COLUMNS between actions, never inside one", function()
    local trenches = require("wargrid.test").game "trenches"
    local want = require("wargrid.test").from(trenches, trenches:new(), "d1")
    local out = run({ "play", "trenches", "--ai", "none" }, "moves d1\nquit\n", "COLUMNS=40")
    local listing = out:match("light> (d1: .-)\nlight> ")
    local got, rows = {}, lines(listing)
    for i, row in ipairs(rows) do
      assert.is_true(#row <= 40, row)
      assert.matches(i == 1 and "^d1: %S" or "^    %S", row)   -- later lines hang under the first action
      assert.is_true(#row + 9 > 40 or i == #rows, row)          -- full: the next action would not fit
      for t in row:gsub("^d1: ", ""):gmatch("%S+") do got[#got + 1] = t end
    end
    assert.same(want, got)
    assert.is_true(#rows > 20)
  end)

  it("moves groups Block Wars' reinforcements, pass and placements by name", function()
    local out = run({ "play", "blockwars", "--ai", "none", "--option", "setup=standard" },
                    "moves\nmoves reinforcements\nquit\n")
    assert.matches("\ngermans> a6: a6a5 a6a7 a6b5 a6b7\nb6: b6a5 b6a7 b6b5 b6b7 b6c5\nc7: ", out)
    assert.matches("\nh6: h6g5 h6g7 h6h5 h6h7\nreinforcements: i@a8 i@b8 i@g8 i@h8\npass: pass\n"
                   .. "germans> reinforcements: i@a8 i@b8 i@g8 i@h8\n", out)
  end)

  it("wrap breaks between items, with commas when an item has a space", function()
    local wrap = require("wargrid.cli.common").wrap
    assert.equal("a4: a4a5 a4a6\n    a4b5", wrap("a4: ", { "a4a5", "a4a6", "a4b5" }, 14))
    assert.equal("a4: a4a5 a4a6 a4b5", wrap("a4: ", { "a4a5", "a4a6", "a4b5" }))
    assert.equal("barrage: barrage a1,\n         barrage a2,\n         barrage a3",
                 wrap("barrage: ", { "barrage a1", "barrage a2", "barrage a3" }, 30))
    assert.equal("x: toolongitem\n   y", wrap("x: ", { "toolongitem", "y" }, 9))
    assert.is_nil(require("wargrid.host").term_width(99))   -- no terminal: no width
  end)

  it("help shows an option given with --option as given, beside its default", function()
    local out = run({ "play", "blockwars", "--ai", "none", "--option", "turns=120",
                      "--option", "setup=standard" }, "help\nquit\n")
    assert.matches("\n  turns      120 %(given; default 200%): BW%-W2 turns before a draw\n", out)
    assert.matches("\n  setup      standard %(given; default placement%) %(placement, standard%): ",
                   out)
    assert.matches("\n  aces       default false: ", out)
    out = run { "play", "blockwars", "--option", "turns=120", "--help" }
    assert.matches("\n  turns      120 %(given; default 200%): ", out)
    out = run { "play", "blockwars", "--help" }
    assert.matches("\n  turns      default 200: ", out)
  end)
end)

describe("cli: play and chance (BW-H2)", function()
  local dir = tmpdir()
  -- Courier where every action rolls a die (and one in six also says so)
  write(dir .. "/dice.lua", [[
local wg = require "wargrid"
local game = wg.variant("courier", { name = "dice" })
local base_play = game.play
function game:play(s, a, log)
  if s:random(6) == 6 and log then log[#log + 1] = "a six" end
  return base_play(self, s, a, log)
end
return game
]])
  local env = "WARGRID_PATH=" .. dir

  it("BW-H2 undo never goes back past an action that drew on the random generator", function()
    local out, _, code = run({ "play", "dice", "--ai", "none", "--seed", "1" },
                             "a2a4\na7a5\nundo\nposition\nquit\n", env)
    assert.equal(0, code)
    assert.matches("\nwhite> cannot undo past a7a5: it drew on the random generator %(BW%-H2%)\n"
                   .. "white> rnebmkfwbenr/1ppppppppppp/12/p11/P11/12/1PPPPPPPPPPP/", out)
  end)

  it("BW-H2 nor past the opponent's reply that did, even to take back one's own action", function()
    local out = run({ "play", "dice", "--ai", "black", "--ai-level", "1", "--seed", "2" },
                    "a2a4\nundo\nquit\n", env)
    assert.matches("\nblack plays ", out)
    assert.matches("\nwhite> cannot undo past %S+: it drew on the random generator %(BW%-H2%)\n",
                   out)
  end)

  it("BW-H2 undo still takes back actions where chance took no part", function()
    local out = run({ "play", "courier", "--ai", "none" }, "a2a4\na7a5\nundo\nposition\nquit\n")
    assert.matches("\nwhite> " .. SEED_START:gsub("%p", "%%%0") .. "\n", out)
    out = run({ "play", "blockwars", "--ai", "none", "--option", "setup=standard" },
              "position\nundo\na6a5\nundo\nposition\nquit\n")
    assert.matches("\ngermans> nothing of yours to undo\n", out)
    local before, after = out:match("germans> (%S+ g2 [^\n]*)\n.*germans> (%S+ g2 [^\n]*)\n")
    assert.equal(before, after)   -- a6a5 taken back: a move turns no card
  end)

  it("BW-H2 without --seed the seed comes from the system, not the clock, and shows at the end", function()
    local seeds = {}
    for i = 1, 2 do
      local out = run({ "play", "courier", "--ai", "none" }, "quit\n")
      local seed = out:match("\nwhite> The seed was (%d+) %(replay with %-%-seed %d+%)%.\n$")
      assert.truthy(seed, out)
      assert.equal(1, select(2, out:gsub("The seed was", "")))   -- told once, at the end
      seeds[i] = seed
    end
    -- two games started within the same second: a clock would give one seed
    assert.are_not.equal(seeds[1], seeds[2])
  end)
end)

-- Bad input: exit status 2, nothing on stdout, one line on stderr.
local function bad(args, pattern, env)
  local out, err, code = run(args, "", env)
  assert.equal(2, code)
  assert.equal("", out)
  assert.equal(1, #lines(err), err)
  assert.matches(pattern, err)
end

describe("cli: bad input", function()
  it("an unknown game names itself and the games there are", function()
    bad({ "moves", "nosuch" }, "^wargrid: unknown game 'nosuch' %(known: .-courier, courier_historical")
  end)

  it("a position with the wrong number of ranks", function()
    bad({ "moves", "courier", "--position", "12/12/12 w - - 0 1" }, "8 ranks expected, found 3")
  end)

  it("a rank with too many squares", function()
    bad({ "perft", "courier", "1", "--position", "13/12/12/12/12/12/12/K10k w - - 0 1" },
        "rank 8 has 13 squares, expected 12")
  end)

  it("a count of empty squares too long to be one", function()
    bad({ "moves", "courier", "--position", "99999999999999999999/12/12/12/12/12/12/K10k w" },
        "rank 8 has more than 12 squares")
  end)

  it("an unknown piece letter", function()
    bad({ "moves", "courier", "--position", "k11/12/12/12/12/12/12/K10q w - - 0 1" },
        "rank 1: unknown letter 'q'")
  end)

  it("two kings of a side, or none", function()
    bad({ "moves", "courier", "--position", "k11/12/12/12/12/12/12/K10K w - - 0 1" },
        "white must have one king, not 2")
    bad({ "moves", "courier", "--position", "12/12/12/12/12/12/12/K11 w - - 0 1" },
        "black must have one king, not 0")
  end)

  it("a side to move that is not w or b", function()
    bad({ "moves", "courier", "--position", "k11/12/12/12/12/12/12/K11 x - - 0 1" },
        "side to move 'x': expected w or b")
  end)

  it("a bad depth, a missing game, an unknown option or command", function()
    bad({ "perft", "courier", "two" }, "perft: DEPTH must be a whole number from 0 to 64, not 'two'")
    bad({ "perft", "courier", "65" }, "perft: DEPTH must be a whole number from 0 to 64, not '65'")
    bad({ "moves" }, "moves: which game")
    bad({ "moves", "courier", "--frob" }, "unknown option '%-%-frob'")
    bad({ "frob" }, "unknown command 'frob'")
  end)

  it("C-O1 an illegal action in play is answered with its rule, and the player asked again", function()
    local out, _, code = run({ "play", "courier", "--ai", "none" }, "e2e5\na2a4\nposition\nquit\n")
    assert.equal(0, code)
    assert.matches("illegal: C%-O1 White still owes the opening moves a2a4, l2l4, g2g4, g1g3\n", out)
    assert.matches("12/P11/12/1PPPPPPPPPPP/RNEBMKFWBENR b %- %- 0 1 LGQalgq", out)
  end)
end)

describe("cli: broken game scripts", function()
  local dir = tmpdir()
  local function script(name, text) write(dir .. "/" .. name .. ".lua", text) end
  script("syntax", "local wg = require 'wargrid'\nreturn wg.game {\n  name = 'syntax',,\n}\n")
  script("boom", "local wg = require 'wargrid'\nlocal x = nil\nreturn x.field\n")
  script("escape", "local f = io.open('/etc/passwd')\nreturn f\n")
  script("notgame", "return 42\n")
  script("badpiece", [[
local wg = require "wargrid"
return wg.game { name = "badpiece", pieces = { king = { letter = "k", moves = "Xq" } } }
]])
  script("crash", [[
local wg = require "wargrid"
local game = wg.variant("courier", { name = "crash" })
function game:actions(s, out)
  error("no moves today")
end
return game
]])
  script("spin", "local f = coroutine.wrap(function() while true do end end)\nf()\n")
  script("swallow", "while true do pcall(function() while true do end end) end\n")
  script("strings", "getmetatable('').__index.upper = function() return '' end\nreturn 1\n")
  script("tamper", [[
local wg = require "wargrid"
wg.fields = nil
local courier = require "games.courier"
courier.actions = function() end
return wg.variant(courier, { name = "tamper" })
]])
  local env = "WARGRID_PATH=" .. dir

  it("a syntax error names the file and line", function()
    bad({ "moves", "syntax" }, "^wargrid: " .. dir .. "/syntax%.lua:3: ", env)
  end)

  it("a runtime error while loading names the file and line", function()
    bad({ "moves", "boom" }, "^wargrid: " .. dir .. "/boom%.lua:3: attempt to index a nil value", env)
  end)

  it("scripts have no io", function()
    bad({ "moves", "escape" }, "escape%.lua:1: attempt to index a nil value %(global 'io'%)", env)
  end)

  it("a script must return a game", function()
    bad({ "moves", "notgame" }, "notgame%.lua: the script must return a game", env)
  end)

  it("a bad movement pattern is named", function()
    -- (the script tail-calls wg.game, so Lua no longer knows its line: the
    -- loader finds the key the message names)
    bad({ "moves", "badpiece" }, "badpiece%.lua:2: game badpiece: pieces%.king%.moves: bad pattern \"Xq\"", env)
  end)

  it("an error in a rule names the file and line", function()
    bad({ "moves", "crash" }, "crash%.lua:4: no moves today", env)
  end)

  it("an endless loop while loading runs out of budget, in a coroutine or under pcall", function()
    local limit = { "--instruction-limit", "20" }  -- well before the deadline
    bad({ "moves", "spin", table.unpack(limit) },
        "spin%.lua:1: loading ran out of its instruction budget %(20 million", env)
    bad({ "moves", "swallow", table.unpack(limit) },
        "swallow%.lua:1: loading ran out of its instruction budget %(20 million", env)
  end)

  it("a script cannot reach the string library of others", function()
    bad({ "moves", "strings" }, "strings%.lua:1: attempt to index a nil value", env)
  end)

  it("what a script changes in wargrid or a base game stays in its copies", function()
    local out, _, code = run({ "moves", "tamper" }, "", env)
    assert.equal(0, code)
    assert.equal("", out)  -- its own copy of courier has no moves
    out = run({ "moves", "courier" }, "", env)
    assert.equal("a2a4\ng2g4\nl2l4\n", out)
  end)

  it("binary chunks are refused", function()
    os.execute("luac5.4 -o " .. dir .. "/binary.lua " .. dir .. "/notgame.lua 2>/dev/null"
               .. " || printf '\\033Lua' > " .. dir .. "/binary.lua")
    bad({ "moves", "binary" }, "binary chunk", env)
  end)

  it("a selfplay job stopped by an error in the script is bad input, told once", function()
    bad({ "selfplay", "crash", "--games", "4", "--jobs", "2", "--white", "random",
          "--black", "random" }, "^wargrid: " .. dir .. "/crash%.lua:4: no moves today\n$", env)
    bad({ "selfplay", "crash", "--games", "4", "--white", "random", "--black", "random" },
        "^wargrid: " .. dir .. "/crash%.lua:4: no moves today\n$", env)
  end)
end)

-- A failure of wargrid itself: exit status 1, nothing on stdout, one line
-- on stderr that says so.
describe("cli: a failure of wargrid itself", function()
  local home = tmpdir()
  os.execute("cp -R stdlib scripts " .. home)
  -- a built-in game (one of wargrid's own) with a bug in a rule
  write(home .. "/scripts/games/buggy.lua", [[
local wg = require "wargrid"
local game = wg.variant("courier", { name = "buggy" })
function game:actions(s, out)
  local rule = nil
  return rule.moves
end
return game
]])
  local env = "WARGRID_HOME=" .. home
  local where = home .. "/scripts/games/buggy.lua:5: attempt to index a nil value (local 'rule')"

  local function failed(args, message)
    local out, err, code = run(args, "", env)
    assert.equal(1, code)
    assert.equal("", out)
    assert.equal(message, err)
  end

  it("an error in wargrid's own code is an internal error, not bad input", function()
    failed({ "moves", "buggy" }, "wargrid: internal error: " .. where .. "\n")
    failed({ "perft", "buggy", "1" }, "wargrid: internal error: " .. where .. "\n")
  end)

  it("an error in a selfplay job stops the run, told once as with one job", function()
    for _, jobs in ipairs { "1", "2", "3" } do
      failed({ "selfplay", "buggy", "--games", "4", "--jobs", jobs, "--white", "random",
               "--black", "random" }, "wargrid: internal error: " .. where .. "\n")
    end
  end)

  it("tells wargrid's files from the user's, even when Lua cuts a long name", function()
    local common = require "wargrid.cli.common"
    local own = { "/usr/local/share/wargrid/stdlib/", "/usr/local/share/wargrid/scripts/games/" }
    assert.is_true(common.ours("/usr/local/share/wargrid/stdlib/wargrid/game.lua", own))
    assert.is_true(common.ours("...cal/share/wargrid/scripts/games/blockwars/look.lua", own))
    assert.is_false(common.ours("/home/me/variants/blockwars_wide.lua", own))
    assert.is_false(common.ours("...me/a/long/path/of/mine/scripts/games/mygame.lua", own))
    assert.same({ 1, "internal error: stdlib/wargrid/game.lua:12: boom" },
                { common.failure("stdlib/wargrid/game.lua:12: boom") })
    assert.same({ 2, "/home/me/v.lua:3: boom" }, { common.failure("/home/me/v.lua:3: boom") })
    assert.same({ 2, "unknown game 'x'" }, { common.failure("unknown game 'x'") })
    local _, usage = pcall(common.usage_error, "moves: which game?")
    assert.same({ 2, "moves: which game?" }, { common.failure(usage) })
    local _, job = pcall(common.internal_error, "selfplay job 2 of 2 failed")
    assert.same({ 1, "internal error: selfplay job 2 of 2 failed" }, { common.failure(job) })
  end)
end)

describe("cli: a command as a list of steps", function()
  local common = require "wargrid.cli.common"

  it("runs the steps in order on one context, until one gives an exit status", function()
    local seen = {}
    local function first(c) seen[#seen + 1] = "first " .. c.args[1] c.n = 1 end
    local function second(c) seen[#seen + 1] = "second " .. c.n return 3 end
    local function third() seen[#seen + 1] = "third" end
    local steps = common.steps { first, second, third }
    assert.equal(3, steps({ "x" }, "in", "out"))
    assert.same({ "first x", "second 1" }, seen)
    local context
    assert.equal(0, common.steps { function(c) context = c end } ({ "y" }, "in", "out"))
    assert.same({ args = { "y" }, input = "in", output = "out" }, context)
  end)

  it("reads the options as its first step, and --help prints the help and ends the run", function()
    local read = common.options("demo", { level = "value", json = "flag" }, "usage: demo")
    local c = { args = { "game", "--level", "2", "--json" } }
    assert.is_nil(read(c))
    assert.same({ { "game" }, { level = "2", json = true } }, { c.pos, c.opts })
    local printed = stub(_G, "print")
    local status = read { args = { "game", "--help" } }
    printed:revert()
    assert.stub(printed).was.called_with("usage: demo")
    assert.equal(0, status)
    local _, err = pcall(read, { args = { "--bogus" } })
    assert.same({ 2, "demo: unknown option '--bogus' (see 'wargrid demo --help')" },
                { common.failure(err) })
  end)
end)
