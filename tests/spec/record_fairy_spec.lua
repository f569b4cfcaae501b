-- Courier records between wargrid and the programs of the chess-variant
-- world: Fairy-Stockfish's own games, written as PGN by a script of ours
-- and by XBoard, replay in wargrid with every move legal and the result as
-- recorded; XBoard reads historical Courier records of wargrid's whole.
local record = require "wargrid.record"
local replay = require "wargrid.replay"
local R = require "records"
local T = require "wargrid.test"
local slurp = T.slurp

local function sh(cmd)
  local h = io.popen(cmd)
  local out = h:read("a")
  local ok = h:close()
  return out, ok
end

local dir
setup(function()
  dir = os.tmpname()
  os.remove(dir)
  os.execute("mkdir -p " .. dir)
end)
teardown(function() os.execute("rm -rf " .. dir) end)

-- Replays a Courier record under its own rules: every move legal, nothing
-- different, the result as recorded.
local function replays(path)
  local rec = assert(record.read(slurp(path)))
  local source = assert(replay.source(rec))
  assert.same({ name = "courier_historical", options = {} }, source)
  local game = T.game "courier_historical"
  local report = assert(replay.run(game, rec))
  assert.is_nil(report.illegal, path)
  assert.is_nil(report.differs)
  assert.equal(report.actions, report.played)
  assert.is_true(report.same_result, path)
  return report
end

describe("records: Fairy-Stockfish's games", function()
  it("C-V1 4 games between two Fairy-Stockfish processes, as PGN by our script, replay legal", function()
    local out, ok = sh("python3 tests/fairy_games.py " .. dir .. "/fs 4 2>&1")
    assert(ok, out)
    for k = 1, 4 do
      local path = string.format("%s/fs/fairy-%d.pgn", dir, k)
      local report = replays(path)
      assert.is_true(report.actions >= 40)
      if k == 4 then  -- written in coordinates, as UCI gives the moves
        assert.matches("\n1%. %l%d%l%d ", slurp(path))
      else
        assert.matches("\n1%. %u?%l%d ", slurp(path))
      end
    end
    -- the CLI says the same
    local text = sh("build/wargrid replay " .. dir .. "/fs/fairy-1.pgn; echo $?")
    assert.matches("^all %d+ actions legal; result .*, as recorded\n0\n$", text)
  end)

  it("C-V1 XBoard's own PGN of Fairy-Stockfish against itself (its SAN, its FEN) replays legal", function()
    local out, ok = sh("tests/xboard_games.sh " .. dir .. "/xb 2>&1")
    assert(ok, out)
    for k = 1, 2 do
      local path = string.format("%s/xb/xboard-%d.pgn", dir, k)
      local text = slurp(path)
      assert.matches('%[FEN "[^"]+ w 0 1"%]', text)   -- XBoard's FEN: no castling nor en passant
      local report = replays(path)
      assert.is_true(report.actions >= 40)
      assert.is_not.equal("*", report.result)
    end
  end)

  it("XBoard reads wargrid's historical Courier records whole; Courier Army's stop at its opening", function()
    local game = T.game "courier_historical"
    for seed = 1, 2 do
      local text = R.game(game, seed, 120)
      local path = string.format("%s/ours-%d.pgn", dir, seed)
      local f = assert(io.open(path, "w"))
      f:write(text)
      f:close()
      local said = (sh("tests/xboard_load.sh " .. path))
      assert.is_nil(said:find("Illegal", 1, true), said)
      -- XBoard reached the end of the moves, where the game was adjudicated
      local result = assert(record.read(text)).result
      assert.equal("1/2-1/2", result)
      assert.matches("\nGameEnds%(28, ", "\n" .. said)
    end
    local path = dir .. "/army.pgn"
    local f = assert(io.open(path, "w"))
    f:write((R.game(T.game "courier", 1, 20)))
    f:close()
    -- C-O1 XBoard's Courier has no opening moves (a pawn's double step)
    assert.matches("Illegal move: 1%. [alg]4\n", (sh("tests/xboard_load.sh " .. path)))
  end)
end)
