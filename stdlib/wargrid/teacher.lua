-- wargrid.teacher: an outside engine that judges positions for `wargrid
-- tune --teacher`. It speaks UCI (Fairy-Stockfish and most chess
-- engines): each position is sent as position text, searched to a depth
-- from a cleared table (so a position's judgement does not depend on the
-- ones before it, and a shard's rows are the whole run's), and its score
-- turned into the chance that the side to act wins.
local host = require "wargrid.host"
local text = require "wargrid.text"

local M = {}

-- The depth a position is searched to, unless told.
M.DEPTH = 8

-- M.chance(cp) -> the chance that the side to act wins with a score of cp
-- hundredths of a pawn: 1 / (1 + 10^(-cp / 400)), the logistic curve of
-- the Elo scale (a pawn ahead: 64%).
function M.chance(cp)
  return 1 / (1 + 10 ^ (-cp / 400))
end

-- The chance an engine's line "info ... score cp N" or "score mate N"
-- gives, or nil when it has no score.
function M.score(line)
  local cp = line:match(" score cp (%-?%d+)")
  if cp then return M.chance(tonumber(cp)) end
  local mate = tonumber(line:match(" score mate (%-?%d+)") or "")
  if mate then return mate > 0 and 1 or 0 end
end

-- M.open(cmd, variant, depth) -> a teacher: teacher:judge(position text)
-- -> the chance the side to act wins, and teacher:close(). cmd is a shell
-- command; variant, when given, is sent as UCI_Variant (the game's
-- `engine.variant`). A teacher that ends or answers nonsense raises an
-- error naming cmd, which is the user's input.
function M.open(cmd, variant, depth)
  host.quiet_pipes()  -- a teacher that dies is an error, not our end
  local fifo = os.tmpname()
  os.remove(fifo)
  if not os.execute("mkfifo " .. text.shell_quote(fifo)) then
    error("tune: --teacher: cannot make a pipe for " .. text.quote(cmd), 0)
  end
  local w = io.popen("exec " .. cmd .. " > " .. text.shell_quote(fifo)
                     .. " 2>/dev/null", "w")
  local r = w and io.open(fifo, "r")
  os.remove(fifo)
  if not r then
    error("tune: --teacher: cannot start " .. text.quote(cmd), 0)
  end
  local t = {}
  local function fail(why)
    error(string.format("tune: --teacher: %s %s", text.quote(cmd), why), 0)
  end
  local function send(line)
    if not w:write(line, "\n") or not w:flush() then fail("stopped") end
  end
  -- the first line starting with prefix, and the last "info" line with a
  -- score before it
  local function expect(prefix)
    local scored
    while true do
      local line = r:read("l")
      if not line then fail("ended before answering " .. prefix) end
      if line:sub(1, #prefix) == prefix then return line, scored end
      if line:match("^info .* score ") then scored = line end
    end
  end
  send("uci")
  expect("uciok")
  if variant then send("setoption name UCI_Variant value " .. variant) end
  send("setoption name Threads value 1")
  depth = depth or M.DEPTH
  function t:judge(position)
    send("ucinewgame")
    send("isready")
    expect("readyok")
    send("position fen " .. position)
    send("go depth " .. depth)
    local _, scored = expect("bestmove")
    local p = scored and M.score(scored)
    if not p then
      fail("gave no score for " .. text.quote(position))
    end
    return p
  end
  function t:close()
    pcall(send, "quit")
    w:close()
    r:close()
  end
  return t
end

return M
