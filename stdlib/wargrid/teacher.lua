-- wargrid.teacher: what judges positions for `wargrid tune --teacher`:
-- an outside engine that speaks UCI (Fairy-Stockfish and most chess
-- engines), or wargrid's own alpha-beta search (`--teacher self`, for a
-- game no outside engine plays). Each position is searched to a depth
-- from a cleared table (so a position's judgement does not depend on the
-- ones before it, and a shard's rows are the whole run's), and its score
-- turned into the chance that the side to act wins.
local ai = require "wargrid.ai"
local host = require "wargrid.host"
local text = require "wargrid.text"

local M = {}

-- The depth a position is searched to, unless told, and the most: an
-- engine searches a deeper one without end (Fairy-Stockfish's depth ends
-- at its 246 plies; 99999999999 it takes for no limit).
M.DEPTH = 8
M.DEPTH_MAX = 99

-- The depth wargrid's own search judges to, unless told: past the horizon
-- of level 2's players, at about a fifth of a second a position in
-- Wehrschach and Trenches (a second at depth 4), a hundredth in Courier,
-- three seconds in the Amazons.
M.SELF_DEPTH = 3

-- The longest line a teacher may send (host.spawn's limit): UCI's are a
-- few hundred bytes.
M.LINE = 65536

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

-- M.engine(cmd, name) -> an engine: cmd, a shell command, run in a
-- process group of its own that wargrid stops when the engine is
-- collected or wargrid ends (a Ctrl-C is wargrid's to tell) and that dies
-- with it. e.send(line); e.expect(prefix [, also]) -> the first line it
-- sends that starts with prefix, and the last line before it that matches
-- the pattern `also`; nil once Ctrl-C came (host.on_interrupt). An engine
-- that cannot start, ends before it answers or sends a line longer than
-- M.LINE raises an error "NAME 'CMD' ..." (cmd is the user's input).
function M.engine(cmd, name)
  host.quiet_pipes()  -- an engine that dies is an error, not our end
  local p, err = host.spawn(cmd)
  if not p then
    error(string.format("%s cannot start %s: %s", name, text.quote(cmd), err),
          0)
  end
  local e = {}
  function e.fail(why)
    error(string.format("%s %s %s", name, text.quote(cmd), why), 0)
  end
  -- one that has ended does not take it (a race with its end), and the
  -- end is told where its answer is awaited
  function e.send(line)
    p:write(line .. "\n")
  end
  function e.expect(prefix, also)
    local seen
    while true do
      if host.interrupted() then return nil end  -- before a wait, too
      local line, why = p:line()
      if line then
        if line:sub(1, #prefix) == prefix then return line, seen end
        if also and line:match(also) then seen = line end
      elseif why == "long" then
        e.fail(string.format("sent a line longer than %d bytes", M.LINE))
      elseif why ~= "interrupted" then
        e.fail("ended before answering " .. prefix)
      elseif host.interrupted() then
        return nil
      end
    end
  end
  return e
end

-- M.open(cmd, variant, depth) -> a teacher (an engine, M.engine): its
-- judge(position text) -> the chance the side to act wins (nil when
-- Ctrl-C stopped the wait); variant, when given, is sent as UCI_Variant
-- (the game's `engine.variant`). A teacher that ends or answers nonsense
-- raises an error naming cmd.
function M.open(cmd, variant, depth)
  local e = M.engine(cmd, "tune: --teacher:")
  local send, expect = e.send, e.expect
  local t = {}
  local SCORED = "^info .* score "
  send("uci")
  local ready = expect("uciok")
  if ready and variant then
    send("setoption name UCI_Variant value " .. variant)
  end
  if ready then send("setoption name Threads value 1") end
  depth = depth or M.DEPTH
  function t:judge(position)
    if not ready then return nil end
    send("ucinewgame")
    send("isready")
    if not expect("readyok") then return nil end
    send("position fen " .. position)
    send("go depth " .. depth)
    local answer, scored = expect("bestmove", SCORED)
    if not answer then return nil end
    local chance = scored and M.score(scored)
    if not chance then
      e.fail("gave no score for " .. text.quote(position))
    end
    return chance
  end
  return t
end

-- The teacher's name that means wargrid's own search.
M.SELF = "self"

-- M.name(teacher) -> how a run's teacher (the --teacher given) is told
function M.name(teacher)
  return teacher == M.SELF and "wargrid's own search" or teacher
end

-- M.depth_max(teacher) -> the deepest search a run's teacher is asked for:
-- an outside engine's M.DEPTH_MAX, wargrid's own search's ai.MAX_DEPTH.
function M.depth_max(teacher)
  return teacher == M.SELF and ai.MAX_DEPTH or M.DEPTH_MAX
end

-- M.refusal(game, teacher) -> why wargrid's own search cannot judge the
-- game's positions, or nil: a game with hidden information, whose true
-- state the search would read (the cards no player sees).
function M.refusal(game, teacher)
  if teacher == M.SELF and game:hidden() then
    return string.format("%s hides what a side may not see, which a "
                         .. "search of the true state would read", game.name)
  end
end

-- M.own(game, depth) -> a teacher (as M.open's) that is the game's own
-- alpha-beta search to depth plies, its quiescence and all, without
-- noise: its score (in the evaluation's units, one of them, a pawn's
-- weight, counted as a hundred centipawns) or a won or lost end it sees,
-- as M.chance; nil once Ctrl-C came, which ends the search. It judges by
-- the weights in force at the leaves, so what it adds to them is what the
-- search sees beyond: threats, captures and exchanges, pieces trapped or
-- lost.
function M.own(game, depth)
  local t = {}
  function t.judge(_, s)
    local _, st = ai.alphabeta(game, s, { depth = depth or M.SELF_DEPTH,
                                          ctrl_c = true })
    if host.interrupted() then return nil end
    if st.win then return st.win > 0 and 1 or 0 end
    return M.chance(100 * (st.score or 0))
  end
  return t
end

return M
