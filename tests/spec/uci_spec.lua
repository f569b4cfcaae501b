-- `wargrid uci`: UCI with Fairy-Stockfish's UCI_Variant, driven through a
-- pipe: the handshake, positions with moves (illegal ones told with their
-- rule IDs), every kind of go, stop, and the same engine core as CECP.
local T = require "wargrid.test"

local HISTORICAL = "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"

-- The engine's output for chunks of input lines (T.session) and its exit
-- status.
local function session(chunks, pause, args)
  return T.session("uci " .. (args or "courier_historical --level 1"),
                   chunks, pause)
end

local function legal(position, moves)
  local game = T.game "courier_historical"
  local s = assert(game:new(position))
  for _, m in ipairs(moves or {}) do game:play(s, assert(game:parse_action(s, m))) end
  local set = {}
  for _, t in ipairs(game:action_texts(s)) do set[t] = true end
  return set
end

-- "info depth D score cp S nodes N time MS nps X pv M..." -> the fields
local function info(line)
  local d, score, nodes, ms, pv = line:match("^info depth (%d+) score (%a+ %-?%d+) nodes (%d+) time (%d+) "
                                             .. "nps %d+ pv (.+)$")
  assert.truthy(d, line)
  return { depth = tonumber(d), score = score, nodes = tonumber(nodes), ms = tonumber(ms), pv = pv }
end

describe("uci: the protocol through a pipe", function()
  it("C-V1 uci names the engine and its UCI_Variant, courier as Fairy-Stockfish calls it; isready, quit", function()
    local out, rc = session({ { "uci", "isready", "quit" } })
    assert.equal(0, rc)
    assert.same({
      "id name wargrid 0.1.0 courier_historical",
      "id author the wargrid authors",
      "option name UCI_Variant type combo default courier var courier",
      "option name Level type spin default 1 min 0 max 5",
      "uciok",
      "readyok",
    }, out)
  end)

  it("position startpos moves ... then go depth: a legal best move with its info line", function()
    local out = session({ { "ucinewgame", "position startpos moves a1a2 a8a7", "go depth 2" } })
    assert.equal(2, #out)
    local i = info(out[1])
    local best = out[2]:match("^bestmove (%l%d%l%d)$")
    assert.equal(best, i.pv:match("^%S+"))
    assert.is_true(legal(HISTORICAL, { "a1a2", "a8a7" })[best])
  end)

  it("C-P1 C-O1 an illegal move in position is told with its rule, and the moves before it stand", function()
    local out = session({ { "position startpos moves a1a2 b7b5 a8a7", "go nodes 20" } })
    assert.equal("info string illegal move b7b5: C-P1 your pawn on b7 moves one square forward: the double step "
                 .. "is only an opening move (C-O1)", out[1])
    assert.is_true(legal(HISTORICAL, { "a1a2" })[out[3]:match("^bestmove (%l%d%l%d)$")])
  end)

  it("position fen, a bad FEN told; go in a finished game (C-V1 bare king) answers bestmove (none)", function()
    local out = session({ { "position fen xx", "position fen k11/12/12/12/12/12/P11/K3R7 w - - 0 1", "go" } })
    assert.same({
      "info string illegal position: bad position 'xx': expected a board, the side to move (w or b) and up to "
        .. "five more fields",
      "bestmove (none)",
    }, out)
  end)

  it("go movetime and go wtime/btime/winc/binc keep within the time", function()
    local out = session({ { "position startpos", "go movetime 300" },
                          { "position startpos moves a1a2", "go wtime 100000 btime 3000 winc 0 binc 0" } }, 0.6)
    assert.equal(4, #out)
    assert.is_true(info(out[1]).ms <= 300)
    assert.is_true(legal(HISTORICAL)[out[2]:match("^bestmove (%l%d%l%d)$")])
    -- Black has 3 s and 30 moves to go: 0.1 s
    assert.is_true(info(out[3]).ms <= 100)
    assert.is_true(legal(HISTORICAL, { "a1a2" })[out[4]:match("^bestmove (%l%d%l%d)$")])
  end)

  it("go nodes N searches N nodes (alpha-beta stops at the Nth once its first iteration is done)", function()
    local out = session({ { "position startpos", "go nodes 200" } }, 0.3, "courier_historical")
    local nodes = info(out[1]).nodes
    assert.is_true(nodes >= 200 and nodes <= 201, out[1])
  end)

  it("setoption: another UCI_Variant is refused, Level is 0..5, unknown options and commands are told", function()
    local out = session({ { "setoption name UCI_Variant value chess", "setoption name UCI_Variant value courier",
                            "setoption name Level value 9", "setoption name Level value 2",
                            "setoption name Hash value 16", "frob" } })
    assert.same({
      "info string unsupported variant chess: this engine plays courier",
      "info string Level must be 0 to 5, not 9",
      "info string unknown option: setoption name Hash value 16",
      "info string unknown command: frob",
    }, out)
  end)

  it("refuses the games XBoard cannot play in one line, exit status 2", function()
    local _, err, code = T.run { "uci", "courier" }
    assert.equal(2, code)
    assert.matches("^wargrid: uci: courier cannot be played through XBoard or UCI: its opening phase %(C%-O1%)", err)
  end)
end)

-- The engine answers while it searches: isready at once, stop, quit and
-- other commands end the search at once (the search watches its input).
describe("uci: commands while it searches", function()
  -- the move of a "bestmove M" line, asserted legal after moves
  local function best(line, moves)
    local m = line:match("^bestmove (%l%d%l%d)$")
    assert.is_true(legal(HISTORICAL, moves)[m], line)
    return m
  end

  -- adds to depths those of got, each an info line but the last (when it
  -- is not one)
  local function infos(got, depths)
    for i, l in ipairs(got) do
      if i < #got or l:match("^info ") then depths[#depths + 1] = info(l).depth end
    end
    return depths
  end

  it("go infinite: isready is answered as it searches, no bestmove before stop; stop gives exactly one", function()
    local e = T.engine { "uci", "courier_historical" }
    e.send("position startpos")
    e.send("go infinite")
    local depths = infos(assert(e.expect("^info depth 3 ")), {})
    for _ = 1, 2 do
      e.send("isready")
      infos(assert(e.expect("^readyok$")), depths)
    end
    e.send("stop")
    local got = assert(e.expect("^bestmove "))
    best(got[#got])
    infos(got, depths)
    -- one iteration after another, depth never going back
    for i, d in ipairs(depths) do assert.equal(i, d) end
    e.send("isready")
    assert.same({ "readyok" }, e.expect("^readyok$"))
    e.send("quit")
    assert.same({ 0, { "exit 0" } }, { e.close() })
  end)

  it("go movetime 60000 and go wtime/btime of 10 minutes end at stop, and answer isready as they go on", function()
    local e = T.engine { "uci", "courier_historical" }
    e.send("position startpos")
    e.send("go movetime 60000")
    os.execute("sleep 0.3")
    e.send("isready")
    assert.same({ "readyok" }, e.expect("^readyok$"))
    e.send("stop")
    local got = assert(e.expect("^bestmove "))
    assert.equal(2, #got)
    assert.equal(best(got[2]), info(got[1]).pv:match("^%S+"))
    e.send("position startpos moves a1a2")
    e.send("go wtime 600000 btime 600000 winc 0 binc 0")
    os.execute("sleep 0.3")
    e.send("stop")
    got = assert(e.expect("^bestmove "))
    best(got[2], { "a1a2" })
    e.send("quit")
    assert.same({ 0, { "exit 0" } }, { e.close() })
  end)

  it("quit during go infinite ends the process at once, with status 0", function()
    local e = T.engine { "uci", "courier_historical" }
    e.send("position startpos")
    e.send("go infinite")
    assert(e.expect("^info depth 2 "))
    e.send("quit")
    local got = assert(e.expect("^exit "))
    assert.equal("exit 0", got[#got])
    best(got[#got - 1])
    assert.equal(0, (e.close()))
  end)

  it("position during go infinite (the GUI's error): the search ends with its bestmove, then the command is "
     .. "carried out", function()
    local e = T.engine { "uci", "courier_historical" }
    e.send("position startpos")
    e.send("go infinite")
    assert(e.expect("^info depth 2 "))
    e.send("position startpos moves a1a2")
    e.send("go depth 1")
    local got = assert(e.expect("^bestmove "))
    best(got[#got])
    got = assert(e.expect("^bestmove "))
    assert.equal(2, #got)
    best(got[2], { "a1a2" })
    e.send("quit")
    assert.same({ 0, { "exit 0" } }, { e.close() })
  end)
end)
