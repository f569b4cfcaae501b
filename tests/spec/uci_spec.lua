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
      "option name Ponder type check default false",
      "uciok",
      "readyok",
    }, out)
  end)

  it("position startpos moves ... then go depth: a legal best move with its info line", function()
    local out = session({ { "ucinewgame", "position startpos moves a1a2 a8a7", "go depth 2" } }, nil,
                        "courier_historical")
    assert.equal(2, #out)
    local i = info(out[1])
    -- the best move, and the reply expected (the second move of the line) to ponder on
    local best, reply = out[2]:match("^bestmove (%l%d%l%d) ponder (%l%d%l%d)$")
    assert.equal(best .. " " .. reply, i.pv)
    assert.is_true(legal(HISTORICAL, { "a1a2", "a8a7" })[best])
    assert.is_true(legal(HISTORICAL, { "a1a2", "a8a7", best })[reply])
  end)

  it("C-P1 C-O1 an illegal move in position is told with its rule, and the moves before it stand", function()
    local out = session({ { "position startpos moves a1a2 b7b5 a8a7", "go nodes 20" } })
    assert.equal("info string illegal move b7b5: C-P1 your pawn on b7 moves one square forward: the double step "
                 .. "is only an opening move (C-O1)", out[1])
    assert.is_true(legal(HISTORICAL, { "a1a2" })[out[3]:match("^bestmove (%l%d%l%d)")])
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
    assert.is_true(legal(HISTORICAL)[out[2]:match("^bestmove (%l%d%l%d)")])
    -- Black has 3 s and 30 moves to go: 0.1 s
    assert.is_true(info(out[3]).ms <= 100)
    assert.is_true(legal(HISTORICAL, { "a1a2" })[out[4]:match("^bestmove (%l%d%l%d)")])
  end)

  it("go nodes N searches N nodes (alpha-beta stops at the Nth once its first iteration is done)", function()
    local out = session({ { "position startpos", "go nodes 200" } }, 0.3, "courier_historical")
    local nodes = info(out[1]).nodes
    assert.is_true(nodes >= 200 and nodes <= 201, out[1])
  end)

  it("setoption: another UCI_Variant is refused, Level is 0..5, Ponder true or false, unknown options and commands "
     .. "are told", function()
    local out = session({ { "setoption name UCI_Variant value chess", "setoption name UCI_Variant value courier",
                            "setoption name Level value 9", "setoption name Level value 2",
                            "setoption name Ponder value true", "setoption name Ponder value maybe",
                            "setoption name Hash value 16", "frob" } })
    assert.same({
      "info string unsupported variant chess: this engine plays courier",
      "info string Level must be 0 to 5, not 9",
      "info string Ponder must be true or false, not maybe",
      "info string unknown option: setoption name Hash value 16",
      "info string unknown command: frob",
    }, out)
  end)

  it("C-V1 plain `wargrid uci` starts with historical Courier, offers every game UCI can play as UCI_Variant, and "
     .. "setoption switches the game", function()
    -- examples/games holds minichess, a fairy game of its own
    local out, rc = session({ { "uci", "setoption name UCI_Variant value shogi",
                                "setoption name UCI_Variant value minichess", "position startpos", "go depth 2" },
                              { "setoption name UCI_Variant value courier", "position startpos", "go depth 1" } },
                            0.5, "")
    assert.equal(0, rc)
    assert.same({
      "id name wargrid 0.1.0",
      "id author the wargrid authors",
      "option name UCI_Variant type combo default courier var courier",
      "option name Level type spin default 0 min 0 max 5",
      "option name Ponder type check default false",
      "uciok",
      "info string unsupported variant shogi: this engine plays courier",
    }, { table.unpack(out, 1, 7) })
    out = T.session("uci", { { "uci", "setoption name UCI_Variant value minichess", "position startpos",
                               "go depth 2" },
                             { "setoption name UCI_Variant value courier", "position startpos", "go depth 1" } },
                    0.5, "WARGRID_PATH=examples/games")
    assert.equal("option name UCI_Variant type combo default courier var courier var minichess", out[3])
    local minichess = T.game("examples/games/minichess.lua")
    local s = assert(minichess:new())
    local moves = {}
    for _, t in ipairs(minichess:action_texts(s)) do moves[t] = true end
    assert.is_true(moves[out[8]:match("^bestmove (%l%d%l%d)")], out[8])
    assert.is_true(legal(HISTORICAL)[out[10]:match("^bestmove (%l%d%l%d)")], out[10])
  end)

  it("go depth 5 searches to depth 5 though it takes more than the default level's budget; a Level caps it",
     function()
    local out = session({ { "position startpos", "go depth 5" } }, 2, "courier_historical")
    local i = info(out[1])
    assert.equal(5, i.depth)
    assert.is_true(i.nodes > 3000, out[1])   -- the default level's budget: 3000 nodes
    out = session({ { "position startpos", "go depth 5" } }, 1, "courier_historical --level 1")
    assert.is_true(info(out[1]).nodes <= 101, out[1])
  end)

  it("a Level caps go nodes as it caps movetime and the clock", function()
    local out = session({ { "position startpos", "go nodes 5000" } }, 0.5, "courier_historical --level 1")
    local nodes = info(out[1]).nodes
    assert.is_true(nodes >= 100 and nodes <= 101, out[1])   -- level 1: 100 nodes
    out = session({ { "position startpos", "go nodes 5000" } }, 0.5, "courier_historical --level 4")
    nodes = info(out[1]).nodes
    assert.is_true(nodes >= 5000 and nodes <= 5001, out[1])
  end)

  it("C-E1 position fen takes the short FEN XBoard writes (no castling, no en passant), as setboard does", function()
    local out = session({ { "position fen k11/pp10/12/12/12/12/12/K3R7 w 0 1", "go depth 2" } })
    assert.equal("bestmove e1e8", out[#out])
    assert.matches("^info depth %d+ score mate 1 ", out[1])
  end)

  it("go searchmoves restricts the root to the moves listed, never playing another", function()
    local out = session({ { "position startpos", "go depth 3" } }, 0.5, "courier_historical")
    local free = out[#out]:match("^bestmove (%l%d%l%d)")
    local only = free == "a1a2" and { "l1l2", "b1a3" } or { "a1a2", "l1l2" }
    out = session({ { "position startpos", "go depth 3 searchmoves " .. table.concat(only, " ") } }, 0.5,
                  "courier_historical")
    local best = out[#out]:match("^bestmove (%l%d%l%d)")
    assert.is_true(best == only[1] or best == only[2], out[#out])
    assert.equal(best, info(out[1]).pv:match("^%S+"))
    -- one move listed is played; moves not legal are passed over
    out = session({ { "position startpos", "go searchmoves a4a6 " .. only[2] .. " nodes 500" } })
    assert.equal("bestmove " .. only[2], out[#out]:match("^bestmove %S+"))
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
    local m = line:match("^bestmove (%l%d%l%d)")
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

  it("C-V1 go infinite on a finished position waits for stop, answering isready, before bestmove (none)",
     function()
    local e = T.engine { "uci", "courier_historical" }
    e.send("position fen k11/12/12/12/12/12/P11/K3R7 w 0 1")   -- XBoard's short FEN; a bare king
    e.send("go infinite")
    local got, early = e.expect("^bestmove", 0.5)
    assert.is_nil(got, early and early[1])
    e.send("isready")
    assert.same({ "readyok" }, e.expect("^readyok$"))
    e.send("stop")
    assert.same({ "bestmove (none)" }, e.expect("^bestmove"))
    e.send("quit")
    assert.same({ 0, { "exit 0" } }, { e.close() })
  end)

  it("go ponder ponders until ponderhit, then moves on the clock; stop ends it; a level's search waits for "
     .. "ponderhit", function()
    local e = T.engine { "uci", "courier_historical" }
    e.send("position startpos moves a1a2")
    -- 3 s on Black's clock: 0.1 s a move once the ponder move is played
    e.send("go ponder wtime 3000 btime 3000")
    local got, early = e.expect("^bestmove", 0.5)
    assert.is_nil(got, early and early[#early])
    e.send("ponderhit")
    got = assert(e.expect("^bestmove", 5))
    best(got[#got], { "a1a2" })
    for i = 1, #got - 1 do assert.matches("^info depth %d+ ", got[i]) end
    e.send("go ponder")
    os.execute("sleep 0.3")
    e.send("stop")
    got = assert(e.expect("^bestmove"))
    best(got[#got], { "a1a2" })
    e.send("setoption name Level value 1")
    e.send("go ponder movetime 60000")
    got, early = e.expect("^bestmove", 0.5)
    assert.is_nil(got, early and early[#early])
    e.send("ponderhit")
    got = assert(e.expect("^bestmove", 2))
    best(got[#got], { "a1a2" })
    e.send("quit")
    assert.same({ 0, { "exit 0" } }, { e.close() })
  end)
end)
