-- `wargrid xboard`: CECP version 2 driven through a pipe, as XBoard drives
-- it -- every command, illegal moves with their rule IDs, setboard with a
-- bad FEN, undo and remove, ping, the clock's arithmetic -- and which games
-- XBoard can play.
local cecp = require "wargrid.cecp"
local engine = require "wargrid.engine"
local T = require "wargrid.test"

local HISTORICAL = "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"
local MATE_IN_ONE = "k11/pp10/12/12/12/12/12/K3R7 w - - 0 1"   -- e1e8 mates
local BARE_KING = "k11/12/12/12/12/12/P11/K3R7 w - - 0 1"     -- C-V1: White has won

local function legal(position, moves)
  local game = T.game "courier_historical"
  local s = assert(game:new(position))
  for _, m in ipairs(moves or {}) do
    game:play(s, assert(game:parse_action(s, m)))
  end
  return game:action_texts(s)
end

local function member(x, list)
  for _, y in ipairs(list) do if x == y then return true end end
  return false
end

describe("cecp: the protocol through a pipe", function()
  local XB = "xboard courier_historical --level 1"

  it("answers protover 2 with its features, done=1 last, and ends at quit with status 0", function()
    local out, rc = T.session(XB, { { "xboard", "protover 2", "quit" } })
    assert.equal(0, rc)
    assert.same({
      "feature ping=1 setboard=1 usermove=1 time=1 playother=1 draw=0 sigint=0 sigterm=0 colors=0 reuse=1 "
        .. "analyze=1 pause=0 nps=0",
      'feature myname="wargrid 0.1.0 courier_historical" variants="courier" done=1',
    }, out)
  end)

  it("C-P1 C-B1 C-O1 answers illegal moves with the rule and reason game:explain gives", function()
    local game = T.game "courier_historical"
    local s = assert(game:new())
    local want = {}
    for _, m in ipairs { "a4a5", "b2b4", "l5l6", "z9z9" } do
      local e = game:explain(s, m)
      assert.is_false(e.legal)
      want[#want + 1] = string.format("Illegal move (%s): %s", e.rule and (e.rule .. " " .. e.reason) or e.reason,
                                      m)
    end
    local out = T.session(XB, { { "new", "force", "usermove a4a5", "usermove b2b4", "l5l6", "usermove z9z9" } })
    assert.same(want, out)
    assert.equal("Illegal move (C-P1 your pawn on b2 moves one square forward: the double step is only an "
                 .. "opening move (C-O1)): b2b4", out[2])
    assert.equal("Illegal move (C-B1 the pawn on l5 belongs to Black, not to White): l5l6", out[3])
  end)

  it("go plays a legal move for the side to move, and ping is answered after it", function()
    local out = T.session(XB, { { "new", "post", "go", "ping 7" } })
    assert.equal(3, #out)
    -- thinking: depth, score (centipawns), time (centiseconds), nodes, the line
    local pv = out[1]:match("^%d+ %-?%d+ %d+ %d+ (%l%d%l%d)$")
    assert.truthy(pv, out[1])
    local move = out[2]:match("^move (%l%d%l%d)$")
    assert.equal(pv, move)
    assert.is_true(member(move, legal(HISTORICAL)))
    assert.equal("pong 7", out[3])
  end)

  it("nopost leaves the thinking out; easy, hard, random, computer, name, rating, accepted, rejected, ? are silent",
     function()
    local out = T.session(XB, { { "new", "post", "nopost", "easy", "hard", "random", "computer", "name Some One",
                                "rating 2100 1900", "accepted ping", "rejected san", "?", "go" } })
    assert.equal(1, #out)
    assert.matches("^move %l%d%l%d$", out[1])
  end)

  it("after usermove the engine answers on its side; playother makes it the side not on move", function()
    local out = T.session(XB, { { "new", "usermove a1a2" } })
    assert.equal(1, #out)
    assert.is_true(member(out[1]:match("^move (%l%d%l%d)$"), legal(HISTORICAL, { "a1a2" })))
    -- White on move after a1a2 a8a7: playother gives the engine Black, which answers a2a3
    out = T.session(XB, { { "new", "force", "a1a2", "a8a7", "playother", "ping 1" }, { "a2a3" } })
    assert.equal(2, #out)
    assert.equal("pong 1", out[1])
    assert.is_true(member(out[2]:match("^move (%l%d%l%d)$"), legal(HISTORICAL, { "a1a2", "a8a7", "a2a3" })))
  end)

  it("undo takes back one move; remove two; neither without moves to take back", function()
    local out = T.session(XB, { { "new", "force", "a1a2", "undo", "a1a2", "a8a7", "remove", "a8a7", "remove", "undo",
                                "a1a2", "remove" } })
    assert.same({
      "Illegal move (C-B1 the rook on a8 belongs to Black, not to White): a8a7",
      "Error (command not legal now): remove",
      "Error (command not legal now): undo",
      "Error (command not legal now): remove",
    }, out)
  end)

  it("setboard sets the position; a bad FEN is told, moves are refused and go does nothing until new or setboard",
     function()
    local out = T.session(XB, { { "new", "force", "setboard xyz", "usermove a1a2", "go", "force",
                                "setboard " .. MATE_IN_ONE, "a1a2", "setboard k11/12/12/12/12/12/12/K11 w 0 1",
                                "a1b1" } })
    assert.same({
      "tellusererror Illegal position: bad position 'xyz': expected a board, the side to move (w or b) and up "
        .. "to five more fields",
      "Illegal move (no position: send new or setboard): a1a2",
    }, out)
  end)

  it("C-E1 claims checkmate as CECP wants, after its own move or the user's", function()
    local out = T.session("xboard courier_historical --level 3",
                        { { "new", "setboard " .. MATE_IN_ONE, "go" },
                          { "new", "setboard " .. MATE_IN_ONE, "usermove e1e8" } })
    assert.same({ "move e1e8", "1-0 {White mates}", "1-0 {White mates}" }, out)
  end)

  it("C-V1 claims a bare king when asked to move in a finished game", function()
    local out = T.session(XB, { { "new", "setboard " .. BARE_KING, "go" } })
    assert.same({ "1-0 {White wins by bare king}" }, out)
  end)

  it("a command that comes while it thinks and changes the game (force, new, undo...) takes its move back", function()
    local out = T.session(XB, { { "new", "go", "force", "ping 2" } })
    assert.same({ "pong 2" }, out)
  end)

  it("variant courier sets XBoard's courier start, the full array; other variants are refused", function()
    local out = T.session(XB, { { "new", "variant courier", "force", "a2a3", "variant shogi" } })
    assert.same({ "Error (unsupported variant): variant shogi" }, out)
  end)

  it("time, otim, level, st, sd are taken; bad arguments and unknown commands are errors", function()
    local out = T.session(XB, { { "new", "level 40 5 0", "level 0 0:20 0.1", "st 2", "sd 3", "time 500", "otim 400",
                                "level 40 x 0", "st 0", "sd -1", "time abc", "frobnicate" } })
    assert.same({
      "Error (bad argument): level 40 x 0",
      "Error (bad argument): st 0",
      "Error (bad argument): sd -1",
      "Error (bad argument): time abc",
      "Error (unknown command): frobnicate",
    }, out)
  end)

  it("moves within the clock: level 0 0:02 0, time 200 (2 s) makes a move in well under a second", function()
    local t0 = os.time()
    local out = T.session("xboard courier_historical", { { "new", "level 0 0:02 0", "time 200", "otim 200", "go" } },
                        1.2)
    assert.matches("^move %l%d%l%d$", out[1])
    assert.is_true(os.time() - t0 <= 3)
  end)

  it("analyze thinks until a command comes, takes moves meanwhile, and exit ends it", function()
    local out = T.session("xboard courier_historical", { { "new", "post", "analyze" }, { "usermove a1a2" },
                                                       { "exit", "ping 3" } }, 0.6)
    assert.equal("pong 3", out[#out])
    assert.is_true(#out >= 3)
    local after = false
    for i = 1, #out - 1 do
      local pv = out[i]:match("^%d+ %-?%d+ %d+ %d+ (%l%d%l%d)[ %l%d]*$")
      assert.truthy(pv, out[i])
      -- each line is a legal move of the position analysed: White's at first, Black's after a1a2
      if member(pv, legal(HISTORICAL, { "a1a2" })) then after = true end
    end
    assert.is_true(after)
  end)

  it("a fairy game (a variant of historical Courier) answers variant fairy with setup and piece commands", function()
    local out = T.session("xboard --variant examples/variants/courier_historical_nonleaping.lua",
                        { { "protover 2", "new", "variant fairy" } })
    assert.equal('feature myname="wargrid 0.1.0 courier_historical_nonleaping" '
                 .. 'variants="fairy,12x8+0_fairy,courier_historical_nonleaping" done=1', out[2])
    assert.same({
      "setup (PNBR.FE..WMKpnbr.fe..wmk) 12x8+0_fairy " .. HISTORICAL,
      "piece B& B", "piece E& nA", "piece F& F", "piece K& K", "piece M& K", "piece N& N", "piece P& fmWfcF",
      "piece R& R", "piece W& W",
    }, { table.unpack(out, 3) })
  end)

  it("C-V1 plain `wargrid xboard` offers every game XBoard can play, historical Courier first; variant picks one",
     function()
    local out, rc = T.session("xboard", { { "xboard", "protover 2", "new", "force", "a1a2", "variant shogi" } })
    assert.equal(0, rc)
    assert.same({
      'feature myname="wargrid 0.1.0" variants="courier" done=1',
      "Error (unsupported variant): variant shogi",
    }, { table.unpack(out, 2) })
    -- examples/games holds minichess, a fairy game of its own
    out = T.session("xboard --level 1", { { "xboard", "protover 2", "new", "variant minichess", "go" },
                                          { "new", "variant courier", "force", "b2b3", "a7a6", "ping 1" } }, 0.5,
                    "WARGRID_PATH=examples/games")
    assert.same({
      'feature myname="wargrid 0.1.0" variants="courier,fairy,5x5+0_fairy,minichess" done=1',
      "setup (P..RKp..rk) 5x5+0_fairy rpk2/5/5/5/2KPR w", "piece K& K", "piece P& fmWfcF", "piece R& R",
    }, { table.unpack(out, 2, 6) })
    local minichess = T.game("examples/games/minichess.lua")
    assert.is_true(member(out[7]:match("^move (%l%d%l%d)$"), minichess:action_texts(assert(minichess:new()))),
                   out[7])
    -- back to XBoard's courier, from its full array: the pawn on a7 steps to a6
    assert.same({ "pong 1" }, { table.unpack(out, 8) })
  end)

  it("a fairy game of its own (the minichess example, no Courier in it) is set up and plays a move", function()
    local e = T.engine { "xboard", "--variant", "examples/games/minichess.lua", "--level", "1" }
    e.send("protover 2")
    local got = assert(e.expect("done=1"))
    assert.equal('feature myname="wargrid 0.1.0 minichess" variants="fairy,5x5+0_fairy,minichess" done=1',
                 got[#got])
    e.send("new")
    e.send("variant fairy")
    e.send("go")
    got = assert(e.expect("^move "))
    assert.same({ "setup (P..RKp..rk) 5x5+0_fairy rpk2/5/5/5/2KPR w", "piece K& K", "piece P& fmWfcF",
                  "piece R& R" }, { table.unpack(got, 1, 4) })
    assert.truthy(got[#got]:match("^move %l%d%l%d$"), got[#got])
    e.send("quit")
    assert.equal(0, (e.close()))
  end)
end)

describe("cecp: the clock's share of a move", function()
  it("level 40 5 0: 300 s for 40 moves, then less as the session's moves run out", function()
    assert.equal(300 / 40, cecp.share({ mps = 40, increment = 0, remaining = 300 }, 0))
    assert.equal(100 / 30, cecp.share({ mps = 40, increment = 0, remaining = 100 }, 20))   -- 10 made, 30 to go
    assert.equal(100 / 40, cecp.share({ mps = 40, increment = 0, remaining = 100 }, 80))   -- a new session
  end)

  it("sudden death counts 30 moves to go and adds 0.8 of the increment, never more than half the clock", function()
    assert.equal(60 / 30 + 0.8 * 2, cecp.share({ mps = 0, increment = 2, remaining = 60 }, 10))
    assert.equal(0.5, cecp.share({ mps = 0, increment = 5, remaining = 1 }, 10))
    assert.equal(0.01, cecp.share({ mps = 0, increment = 0, remaining = 0.02 }, 10))
  end)

  it("st T: T seconds less 50 ms; no clock at all: nil (the level's budget)", function()
    assert.equal(1.95, cecp.share({ fixed = 2, remaining = 100 }, 0))
    assert.is_nil(cecp.share({ mps = 0, increment = 0 }, 0))
  end)

  it("XBoard's FEN without castling and en passant gets its '-' fields back", function()
    assert.equal("k11/12/12/12/12/12/12/K11 w - - 0 1", engine.fen("k11/12/12/12/12/12/12/K11 w 0 1"))
    assert.equal(HISTORICAL, engine.fen(HISTORICAL))
  end)
end)

describe("cecp: which games XBoard plays", function()
  it("C-V1 historical Courier is XBoard's courier, from its full array", function()
    assert.same({ variant = "courier", names = { "courier" },
                  start = "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1" },
                engine.xboard(T.game "courier_historical"))
  end)

  it("the others say why not in one line, and the command exits 2", function()
    local why = {
      courier = "its opening phase (C-O1)",
      amazons = "(T-G1)",
      trenches = "(T-G1)",
      wehrschach = "two supporters (W-K1)",
      blockwars = "cards (BW-C1)",
    }
    for name, part in pairs(why) do
      local ok, err = engine.xboard(T.game(name))
      assert.is_nil(ok)
      assert.truthy(err:find(name .. " cannot be played through XBoard or UCI: ", 1, true), err)
      assert.truthy(err:find(part, 1, true), err)
      local _, stderr, code = T.run { "xboard", name }
      assert.equal(2, code)
      assert.equal("wargrid: xboard: " .. err .. "\n", stderr)
    end
  end)
end)

-- The engine answers while it thinks: ? and the commands that take its
-- move back end the search at once (it watches its input), and analysis
-- goes on until a command that changes something comes.
describe("cecp: commands while it thinks", function()
  local THINKING = "^%d+ %-?%d+ %d+ %d+ %l%d%l%d"

  it("? makes it move at once on st 60; ping waits for the move", function()
    local e = T.engine { "xboard", "courier_historical" }
    for _, l in ipairs { "xboard", "new", "st 60", "go" } do e.send(l) end
    os.execute("sleep 0.3")
    e.send("ping 1")
    assert.is_nil(e.expect("^move ", 0.5))   -- still thinking: ping does not hurry it
    e.send("?")
    local got = assert(e.expect("^pong 1$"))
    assert.equal(2, #got)
    assert.is_true(member(got[1]:match("^move (%l%d%l%d)$"), legal(HISTORICAL)), got[1])
    e.send("quit")
    assert.same({ 0, { "exit 0" } }, { e.close() })
  end)

  it("force while it thinks on st 60 takes the move back at once; quit ends it with status 0", function()
    local e = T.engine { "xboard", "courier_historical" }
    for _, l in ipairs { "xboard", "new", "st 60", "go" } do e.send(l) end
    os.execute("sleep 0.3")
    e.send("force")
    e.send("ping 2")
    assert.same({ "pong 2" }, e.expect("^pong 2$"))
    e.send("go")
    os.execute("sleep 0.3")
    e.send("quit")
    assert.same({ "exit 0" }, e.expect("^exit "))
    e.close()
  end)

  it("analyze: . and ping are answered as it goes on; exit ends it at once; quit exits", function()
    local e = T.engine { "xboard", "courier_historical" }
    for _, l in ipairs { "xboard", "new", "post", "analyze" } do e.send(l) end
    assert(e.expect("^3 "))
    e.send(".")
    e.send("ping 3")
    local got = assert(e.expect("^pong 3$"))
    for i = 1, #got - 1 do assert.matches(THINKING, got[i]) end
    e.send("exit")
    e.send("ping 4")
    assert(e.expect("^pong 4$"))
    os.execute("sleep 0.3")
    e.send("ping 5")
    assert.same({ "pong 5" }, e.expect("^pong 5$"))   -- no more thinking: analysis is over
    e.send("analyze")
    assert(e.expect("^2 "))
    e.send("quit")
    got = assert(e.expect("^exit "))
    assert.equal("exit 0", got[#got])
    assert.equal(0, (e.close()))
  end)
end)
