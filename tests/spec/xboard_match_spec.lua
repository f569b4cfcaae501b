-- The real client: XBoard (in a virtual X server) plays a 2-game match of
-- Courier between `wargrid xboard courier_historical` and Fairy-Stockfish
-- (tests/xboard_match.sh). Both games finish, XBoard flags no illegal move
-- of either engine, and the PGN XBoard saves replays in wargrid with every
-- action legal and the result as recorded.
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
end)
