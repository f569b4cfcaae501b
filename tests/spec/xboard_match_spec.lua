-- The real client: XBoard (in a virtual X server) plays a 2-game match of
-- Courier between `wargrid xboard courier_historical` and Fairy-Stockfish
-- (tests/xboard_match.sh). Both games finish, XBoard flags no illegal move
-- of either engine, and the PGN XBoard saves replays in wargrid with every
-- action legal and the result as recorded. And a variant of historical
-- Courier as XBoard's `variant fairy`, described by the engine's setup and
-- piece commands: 20 moves with none refused, replayed legal.
local loader = require "wargrid.loader"
local record = require "wargrid.record"
local replay = require "wargrid.replay"
local T = require "wargrid.test"

local function sh(cmd)
  local h = io.popen(cmd)
  local out = h:read("a")
  local ok = h:close()
  return out, ok
end

local dir
setup(function() dir = T.tmpdir() end)
teardown(function() os.execute("rm -rf " .. dir) end)

describe("xboard: a match under XBoard against Fairy-Stockfish", function()
  it("C-V1 2 games of courier finish, no illegal move, and XBoard's PGN replays legal", function()
    local out, ok = sh("tests/xboard_match.sh " .. dir .. " 2>&1")
    assert(ok, out)
    local log, debug = T.slurp(dir .. "/log"), T.slurp(dir .. "/debug")
    -- both games played to the end: the final score counts two
    local w, l, d = log:match("final score (%d+)%-(%d+)%-(%d+)")
    assert.truthy(w, log)
    assert.equal(2, tonumber(w) + tonumber(l) + tonumber(d))
    -- nobody's move refused: by XBoard (a forfeit) or by either engine
    for _, text in ipairs { log, debug } do
      assert.is_nil(text:find("Illegal move", 1, true), text)
      assert.is_nil(text:find("Forfeit", 1, true))
    end
    -- wargrid moved in both games
    assert.truthy(debug:find("<first : move %l%d+%l%d+"))
    -- the PGN: two games, each replayed alone
    local pgn = T.slurp(dir .. "/match.pgn")
    local text, at, games = "\n" .. pgn, {}, {}
    for pos in text:gmatch("()\n%[Event ") do at[#at + 1] = pos end
    for k, pos in ipairs(at) do games[k] = text:sub(pos + 1, (at[k + 1] or #text + 1) - 1) end
    assert.equal(2, #games)
    for k, game in ipairs(games) do
      assert.truthy(game:find('[Variant "courier"]', 1, true))
      assert.is_nil(game:find('[Result "*"]', 1, true))
      local path = string.format("%s/game-%d.pgn", dir, k)
      T.write(path, game)
      local said, replayed = sh("build/wargrid replay " .. path .. " 2>&1")
      assert(replayed, said)
      assert.matches("^all %d+ actions legal; result [%d/-]+ %(.*%), as recorded\n$", said)
    end
  end)

  it("C-P4 a variant (the non-leaping corporal) is variant fairy: XBoard takes its board and pieces from the "
     .. "engine and plays 20 moves with none refused", function()
    local out, ok = sh("tests/xboard_match.sh " .. dir .. "/fairy fairy 2>&1")
    assert(ok, out)
    local log, debug = T.slurp(dir .. "/fairy/log"), T.slurp(dir .. "/fairy/debug")
    assert.truthy(log:find("final score 0-0-1", 1, true), log)
    assert.truthy(debug:find("<first : setup (PNBR.FE..WMKpnbr.fe..wmk) 12x8+0_fairy ", 1, true))
    assert.truthy(debug:find("<first : piece E& nA\n", 1, true))
    for _, text in ipairs { log, debug } do
      assert.is_nil(text:find("Illegal move", 1, true), text)
      assert.is_nil(text:find("Forfeit", 1, true))
    end
    local pgn = T.slurp(dir .. "/fairy/match.pgn")
    assert.truthy(pgn:find('[VariantMen "P:fmWfcF;N:N;B:B;R:R;F:F;E:nA;W:W;M:K;K:K"]', 1, true), pgn)
    assert.truthy(pgn:find("{Xboard adjudication: long game} 1/2-1/2", 1, true))
    local game = loader.load_file("examples/variants/courier_historical_nonleaping.lua")
    local report = assert(replay.run(game, assert(record.read(pgn))))
    assert.is_nil(report.illegal)
    assert.is_true(report.actions >= 40)
    assert.equal(report.actions, report.played)
  end)
end)
