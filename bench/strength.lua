-- bench/strength.lua: how strong wargrid's AI is -- its levels against
-- Fairy-Stockfish in historical Courier at a fixed time a move, and each
-- game's ladder (every level against the one below), with a 95% interval
-- per pairing (wargrid.stats). Run from the project root (bench/run
-- strength runs it):
--   lua5.4 bench/strength.lua fs [--games N] [--movetime MS]
--       [--skills 0,1,3] [--players level:5,1s] [--jobs J]
--   lua5.4 bench/strength.lua ladder [GAME...] [--games N] [--levels 2,3]
--       [--jobs J]
--   lua5.4 bench/strength.lua match GAME A B [--games N] [--jobs J]
-- A player is "level:L" (the game's own level L), another of ai.player's
-- ("mcts:N", "alphabeta:N"), or "Ns" (its search with N seconds of processor
-- time a move, fair on a shared machine; MCTS counts the wall's;
-- "mcts/Ns", "alphabeta/Ns" for a search named). The games of a pairing
-- come in pairs from one opening (two random actions from the start, by
-- seed, after Courier Army's owed opening moves; none in Block Wars, whose
-- cards differ by seed), each player on each side. Fairy-Stockfish is
-- spoken to in UCI (its variant `courier`, which is wargrid's
-- courier_historical), through a named pipe; wargrid's AI runs in this
-- process. Each of J worker processes plays a share of a pairing's games.
package.path = "stdlib/?.lua;stdlib/?/init.lua;" .. package.path
package.cpath = "build/lua/?.so;" .. package.cpath
local wg = require "wargrid"
local ai = require "wargrid.ai"
local stats = require "wargrid.stats"

local FS = os.getenv("FS") or "/usr/games/fairy-stockfish"
local MAX_PLIES = 400

-- ---- Fairy-Stockfish ------------------------------------------------------

-- An engine process: its stdin through popen, its stdout through a FIFO.
local function engine(cmd)
  local fifo = os.tmpname()
  os.remove(fifo)
  assert(os.execute("mkfifo " .. fifo), "mkfifo failed")
  local w = assert(io.popen(cmd .. " > " .. fifo, "w"))
  local r = assert(io.open(fifo, "r"))
  os.remove(fifo)
  local e = {}
  function e.send(line)
    w:write(line, "\n")
    w:flush()
  end
  function e.expect(prefix)
    while true do
      local line = r:read("l")
      if not line then error(cmd .. " ended") end
      if line:sub(1, #prefix) == prefix then return line end
    end
  end
  function e.close()
    e.send("quit")
    w:close()
    r:close()
  end
  return e
end

local function fairy(skill)
  local fs = engine(FS)
  fs.send("uci")
  fs.expect("uciok")
  fs.send("setoption name UCI_Variant value courier")
  fs.send("setoption name Threads value 1")
  fs.send("setoption name Skill Level value " .. skill)
  fs.send("isready")
  fs.expect("readyok")
  return fs
end

-- ---- players ----------------------------------------------------------------

-- A mover is function(game, s, texts, seed) -> action; texts are the
-- actions played so far. It keeps its thinking time (processor seconds,
-- fairer than the clock on a busy machine) in .seconds, .moves. A spec is
-- one of ai.player's ("level:3", "mcts:800", "alphabeta:5000") or a time a
-- move for the game's own search ("1s") or for one named ("mcts/1s").
local function wargrid_mover(spec)
  local kind, secs = spec:match("^(%a*)/?([%d.]+)s$")
  -- "ab:NODES:opt=v,...": the alpha-beta search with options of
  -- host.search, to measure them (lmr=false, aspiration=50)
  local nodes, extra = spec:match("^ab:(%d+):(.*)$")
  local player = not secs and not nodes and assert(ai.player(spec))
  local m = { seconds = 0, moves = 0, name = spec }
  function m.move(game, s, _, seed)
    local t0 = os.clock()
    local a
    if nodes then
      local o = { nodes = tonumber(nodes),
                  repetition_draw = (game.def.ai or {}).repetition == "draw" }
      for k, v in extra:gmatch("(%w+)=([%w.]+)") do
        o[k] = tonumber(v) or v == "true"
      end
      a = wg.host.search(game, s, o)
    elseif player then
      a = player(game, s, seed)
    elseif kind == "mcts" then
      a = ai.mcts(game, s, { seconds = tonumber(secs), seed = seed })
    elseif kind == "alphabeta" then
      a = ai.alphabeta(game, s, { seconds = tonumber(secs), cpu = true })
    else
      a = ai.think(game, s, { seconds = tonumber(secs), cpu = true,
                              seed = seed })
    end
    m.seconds, m.moves = m.seconds + os.clock() - t0, m.moves + 1
    return a
  end
  return m
end

local function fairy_mover(fs, start, movetime)
  local m = { seconds = 0, moves = 0 }
  function m.move(game, s, texts)
    fs.send("position fen " .. start .. (#texts > 0 and " moves "
                                         .. table.concat(texts, " ") or ""))
    fs.send("go movetime " .. movetime)
    local text = fs.expect("bestmove"):match("^bestmove (%S+)")
    local a, err = game:parse_action(s, text)
    if not a then error("Fairy-Stockfish played " .. text .. ": " .. err) end
    m.moves = m.moves + 1
    return a
  end
  return m
end

-- ---- games ---------------------------------------------------------------

-- The random actions of an opening: two, after any the game owes. Courier
-- Army's first eight are its opening moves (C-O1), which in any order reach
-- one position.
local OPENING = { courier = 10 }

local function opening(game, seed)
  local s = game:new(nil, seed)
  local texts = {}
  if game:hidden() then return texts end
  for i = 1, OPENING[game.name] or 2 do
    local a = ai.random(game, s, seed * 31 + i)
    if not a then break end
    texts[#texts + 1] = game:action_text(s, a)
    game:play(s, a)
  end
  return texts
end

-- Plays one game from the opening; movers[side]. Returns the winner (0 a
-- draw), the actions played and why it ended.
local function play(game, movers, texts, seed)
  local s = game:new(nil, seed)
  local played = {}
  for _, t in ipairs(texts) do
    played[#played + 1] = t
    game:play(s, assert(game:parse_action(s, t)))
  end
  while true do
    local o = game:outcome(s)
    if o then return o.winner, #played, o.reason end
    if #played >= MAX_PLIES then return 0, #played, "move limit" end
    local who = s:decider()
    local seen = game:hidden() and game:view(s, who, seed * 104729 + #played)
                 or s
    local a = movers[who].move(game, seen, played, seed * 7919 + #played)
    played[#played + 1] = game:action_text(s, a)
    game:play(s, a)
  end
end

-- Plays games i (i mod n = shard - 1) of a pairing of A against B; game
-- 2k and 2k + 1 share opening k, A first in the first. Prints a line per
-- game: "game I SCORE PLIES SECONDS-A MOVES-A REASON", SCORE A's.
local function worker(game, make_a, make_b, games, seed, shard, n)
  local a, b = make_a(), make_b()
  for i = shard - 1, games - 1, n do
    local k = i // 2
    local first_a = i % 2 == 0
    local movers = first_a and { a, b } or { b, a }
    local t0, m0 = a.seconds, a.moves
    local winner, plies, reason = play(game, movers, opening(game, seed + k),
                                       seed + k)
    local side_a = first_a and 1 or 2
    local score = winner == 0 and 0.5 or winner == side_a and 1 or 0
    io.write(string.format("game %d %.1f %d %.4f %d %s\n", i, score, plies,
                           a.seconds - t0, a.moves - m0, reason or "?"))
    io.flush()
  end
  if a.close then a.close() end
  if b.close then b.close() end
end

-- ---- the pairings --------------------------------------------------------

local function shell_quote(s)
  return "'" .. tostring(s):gsub("'", "'\\''") .. "'"
end

-- Runs a pairing in `jobs` workers (this script, mode "work") and returns
-- A's tally { w, d, l }, the games' mean length and A's seconds a move.
local function pairing(args, jobs)
  local pipes = {}
  for shard = 1, jobs do
    local cmd = { "lua5.4", "bench/strength.lua", "work" }
    for _, x in ipairs(args) do cmd[#cmd + 1] = shell_quote(x) end
    cmd[#cmd + 1] = shard .. "/" .. jobs
    pipes[shard] = assert(io.popen(table.concat(cmd, " ")))
  end
  local t = { w = 0, d = 0, l = 0 }
  local plies, secs, moves, games = 0, 0, 0, 0
  for _, p in ipairs(pipes) do
    for line in p:lines() do
      local score, n, s, m = line:match("^game %d+ (%S+) (%d+) (%S+) (%d+)")
      if score then
        score = tonumber(score)
        if score == 1 then t.w = t.w + 1
        elseif score == 0 then t.l = t.l + 1
        else t.d = t.d + 1 end
        plies, games = plies + tonumber(n), games + 1
        secs, moves = secs + tonumber(s), moves + tonumber(m)
      else
        io.stderr:write(line, "\n")
      end
    end
    assert(p:close(), "a worker failed")
  end
  return t, plies / math.max(games, 1), secs / math.max(moves, 1)
end

local function row(label, t, plies, secs)
  local p, lo, hi = stats.score(t)
  print(string.format("  %-34s %3d-%3d-%3d  %5.1f%%  [%5.1f, %5.1f]  "
                      .. "%5.0f plies  %6.3f cpu s/move", label, t.w, t.d, t.l,
                      100 * p, 100 * lo, 100 * hi, plies, secs))
  io.stdout:flush()
end

local function list(text)
  local out = {}
  for x in (text or ""):gmatch("[^,]+") do out[#out + 1] = x end
  return out
end

local function options(argv, from)
  local o, words = {}, {}
  local i = from
  while argv[i] do
    local k = argv[i]:match("^%-%-(.+)$")
    if k then
      o[k] = argv[i + 1]
      i = i + 2
    else
      words[#words + 1] = argv[i]
      i = i + 1
    end
  end
  return o, words
end

local mode = arg[1]
if mode == "work" then
  -- work fs SKILL PLAYER MOVETIME GAMES SEED SHARD/N
  -- work ladder GAME A B GAMES SEED SHARD/N
  local what = arg[2]
  local shard, n = arg[#arg]:match("^(%d+)/(%d+)$")
  shard, n = tonumber(shard), tonumber(n)
  if what == "fs" then
    local game = wg.load("courier_historical")
    local skill, player, movetime = arg[3], arg[4], tonumber(arg[5])
    local start = game:position_text(game:new())
    worker(game, function() return wargrid_mover(player) end,
           function()
             local fs = fairy(skill)
             local m = fairy_mover(fs, start, movetime)
             m.close = fs.close
             return m
           end, tonumber(arg[6]), tonumber(arg[7]), shard, n)
  else
    local game = wg.load(arg[3])
    worker(game, function() return wargrid_mover(arg[4]) end,
           function() return wargrid_mover(arg[5]) end,
           tonumber(arg[6]), tonumber(arg[7]), shard, n)
  end
elseif mode == "fs" then
  local o = options(arg, 2)
  local games, jobs = tonumber(o.games or 20), tonumber(o.jobs or 2)
  local movetime = tonumber(o.movetime or 1000)
  print(string.format("== Strength: wargrid against Fairy-Stockfish, "
                      .. "historical Courier, %d ms a move for Fairy-"
                      .. "Stockfish, %d games a pairing (wargrid's score, "
                      .. "95%% interval)", movetime, games))
  for _, player in ipairs(list(o.players or "level:5,1s")) do
    for _, skill in ipairs(list(o.skills or "0,1,3")) do
      local t, plies, secs = pairing({ "fs", skill, player, movetime, games,
                                       1000 }, jobs)
      row(string.format("%s vs FSF Skill Level %s", player, skill), t,
          plies, secs)
    end
  end
elseif mode == "match" then
  local o, words = options(arg, 2)
  local name, a, b = words[1], words[2], words[3]
  local games, jobs = tonumber(o.games or 20), tonumber(o.jobs or 2)
  local t, plies, secs = pairing({ "ladder", name, a, b, games,
                                   tonumber(o.seed or 3000) }, jobs)
  row(string.format("%s: %s vs %s", name, a, b), t, plies, secs)
elseif mode == "ladder" then
  local o, names = options(arg, 2)
  if #names == 0 then
    names = { "courier", "courier_historical", "wehrschach", "trenches",
              "amazons", "blockwars" }
  end
  local games, jobs = tonumber(o.games or 20), tonumber(o.jobs or 2)
  print(string.format("== Strength: each level against the one below, %d "
                      .. "games a pairing (the upper level's score, 95%% "
                      .. "interval)", games))
  for _, name in ipairs(names) do
    local game = wg.load(name)
    print(string.format("%s (%s, levels %s)", name, ai.kind(game),
                        table.concat(ai.levels(game), ", ")))
    local levels = o.levels and list(o.levels) or { 2, 3, 4, 5 }
    for _, l in ipairs(levels) do
      l = tonumber(l)
      local t, plies, secs = pairing({ "ladder", name, "level:" .. l,
                                       "level:" .. (l - 1), games, 2000 },
                                     jobs)
      row(string.format("level %d vs level %d", l, l - 1), t, plies, secs)
    end
  end
else
  io.stderr:write("usage: lua5.4 bench/strength.lua fs|ladder [options] "
                  .. "(see the header)\n")
  os.exit(2)
end
