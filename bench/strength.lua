-- bench/strength.lua: how strong wargrid's AI is -- a player against
-- Fairy-Stockfish in historical Courier, each game's ladder (every level
-- against the one below), and any two players in a match, with a 95%
-- interval per pairing (wargrid.stats). Run from the project root (bench/run
-- strength runs it):
--   lua5.4 bench/strength.lua fs [--games N] [--nodes N,...] [--movetime MS]
--       [--skills 5,10,20] [--players level:5,ab:N] [--plies P] [--resign R]
--       [--jobs J] [--from I]
--   lua5.4 bench/strength.lua ladder [GAME...] [--games N] [--levels 2,3]
--       [--plies P] [--resign R] [--jobs J]
--   lua5.4 bench/strength.lua match GAME A B [--games N] [--plies P]
--       [--seed S] [--resign R] [--jobs J] [--from I]
--   lua5.4 bench/strength.lua nps GAME PLAYER... [--positions N]
-- A player is "level:L" (the game's own level L), another of ai.player's
-- ("mcts:N", "alphabeta:N"), "ab:N[:KEY=V,...]" (alpha-beta with N nodes,
-- the keys of ai.knowledge put in place of the game's: null_move=false,
-- futility=0, values=true), or "Ns" (its search with N seconds of processor
-- time a move, fair on a shared machine; MCTS counts the wall's;
-- "mcts/Ns", "alphabeta/Ns" for a search named). The games of a pairing
-- come in pairs from one opening (P random actions from the start, by
-- seed, 2 unless told, after Courier Army's owed opening moves; none in
-- Block Wars, whose cards differ by seed), each player on each side. With
-- --resign R a game ends when for 8 plies in a row both players' scores
-- say one side leads by R pawns or more (a search's win counts 1000): it
-- is that side's.
-- Fairy-Stockfish is spoken to in UCI (its variant `courier`, which is
-- wargrid's courier_historical), as `tune --teacher` speaks to its
-- engine (wargrid.teacher.engine), with `go nodes N`
-- (the same work whatever the machine's load) or `go movetime MS`;
-- wargrid's rules referee every move, in this process. `nps` tells a
-- player's nodes a second of processor time, over positions of games, to
-- give players node budgets worth the same time. Each of J worker
-- processes plays a share of a pairing's games; with STRENGTH_LOG=FILE
-- each game's line is added to FILE as it ends, and --from I plays a
-- pairing's games from game I on (0 the first): the rest of one stopped.
package.path = "stdlib/?.lua;stdlib/?/init.lua;" .. package.path
package.cpath = "build/lua/?.so;" .. package.cpath
local wg = require "wargrid"
local ai = require "wargrid.ai"
local stats = require "wargrid.stats"
local shell_quote = require("wargrid.text").shell_quote
local teacher = require "wargrid.teacher"

local FS = os.getenv("FS") or "/usr/games/fairy-stockfish"
local LOG = os.getenv("STRENGTH_LOG")
local MAX_PLIES = 400

-- ---- Fairy-Stockfish ------------------------------------------------------

local function fairy(skill)
  local fs = teacher.engine(FS, "strength:")
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

-- A score in pawns for the side to move from a search's statistics, a
-- win or loss as +-1000; nil when it has none (MCTS's).
local function pawns(st)
  if not st then return nil end
  if st.win then return st.win > 0 and 1000 or -1000 end
  return st.score
end

-- A mover is function(game, s, texts, seed) -> action; texts are the
-- actions played so far. It keeps its thinking time (processor seconds,
-- fairer than the clock on a busy machine) in .seconds, .moves, the
-- nodes or iterations of its searches in .nodes, and the last score it
-- found (pawns for the side it moved, or nil) in .score.
local function wargrid_mover(spec)
  local kind, secs = spec:match("^(%a*)/?([%d.]+)s$")
  local nodes, extra = spec:match("^ab:(%d+):?(.*)$")
  local level = tonumber(spec:match("^level:(%d)$"))
  local player = not (secs or nodes or level) and assert(ai.player(spec))
  local m = { seconds = 0, moves = 0, nodes = 0, name = spec }
  function m.move(game, s, _, seed)
    local t0 = os.clock()
    local a, st
    if level then
      a, st = ai.think(game, s, { level = level, seed = seed })
    elseif nodes then
      local k = {}
      for key, v in extra:gmatch("([%w_]+)=([%w.]+)") do
        k[key] = tonumber(v) or v == "true"
      end
      a, st = ai.alphabeta(game, s, { nodes = tonumber(nodes), seed = seed,
                                      knowledge = k })
    elseif player then
      a = player(game, s, seed)
    elseif kind == "mcts" then
      a, st = ai.mcts(game, s, { seconds = tonumber(secs), seed = seed })
    elseif kind == "alphabeta" then
      a, st = ai.alphabeta(game, s, { seconds = tonumber(secs), cpu = true })
    else
      a, st = ai.think(game, s, { seconds = tonumber(secs), cpu = true,
                                  seed = seed })
    end
    m.seconds, m.moves = m.seconds + os.clock() - t0, m.moves + 1
    m.nodes = m.nodes + (st and (st.nodes or st.iterations) or 0)
    m.score = pawns(st)
    return a
  end
  return m
end

-- Fairy-Stockfish as a mover: `go` with limit ("nodes 500000", "movetime
-- 1000"), from the start and the moves played.
local function fairy_mover(fs, start, limit)
  local m = { seconds = 0, moves = 0, nodes = 0 }
  function m.move(game, s, texts)
    fs.send("position fen " .. start .. (#texts > 0 and " moves "
                                         .. table.concat(texts, " ") or ""))
    fs.send("go " .. limit)
    local best, info = fs.expect("bestmove", "^info depth")
    local text = best:match("^bestmove (%S+)")
    local cp, mate = (info or ""):match(" score cp (%-?%d+)"),
                     (info or ""):match(" score mate (%-?%d+)")
    m.score = mate and (tonumber(mate) > 0 and 1000 or -1000)
              or cp and tonumber(cp) / 100
    local a, err = game:parse_action(s, text)
    if not a then error("Fairy-Stockfish played " .. text .. ": " .. err) end
    m.moves = m.moves + 1
    return a
  end
  return m
end

-- ---- games ---------------------------------------------------------------

-- The random actions of an opening: `plies`, after any the game owes.
-- Courier Army's first eight are its opening moves (C-O1), which in any
-- order reach one position.
local OWED = { courier = 8 }

local function opening(game, seed, plies)
  local s = game:new(nil, seed)
  local texts = {}
  if game:hidden() then return texts end
  for i = 1, (OWED[game.name] or 0) + plies do
    local a = ai.random(game, s, seed * 31 + i)
    if not a then break end
    texts[#texts + 1] = game:action_text(s, a)
    game:play(s, a)
  end
  return texts
end

-- Games are adjudicated, as engine testers do, when for RESIGN_PLIES
-- plies in a row every mover's score says one side leads by RESIGN pawns
-- or more (0: never).
local RESIGN, RESIGN_PLIES = 0, 8

-- Plays one game from the opening; movers[side]. Returns the winner (0 a
-- draw), the actions played and why it ended.
local function play(game, movers, texts, seed)
  local s = game:new(nil, seed)
  local played = {}
  for _, t in ipairs(texts) do
    played[#played + 1] = t
    game:play(s, assert(game:parse_action(s, t)))
  end
  local leads = 0   -- plies in a row with one side clearly ahead (+ side 1)
  while true do
    local o = game:outcome(s)
    if o then return o.winner, #played, o.reason end
    if #played >= MAX_PLIES then return 0, #played, "move limit" end
    if RESIGN > 0 and math.abs(leads) >= RESIGN_PLIES then
      return leads > 0 and 1 or 2, #played, "adjudicated"
    end
    local who = s:decider()
    local seen = game:hidden() and game:view(s, who, seed * 104729 + #played)
                 or s
    local mover = movers[who]
    local a = mover.move(game, seen, played, seed * 7919 + #played)
    local lead = mover.score and (who == 1 and mover.score or -mover.score)
    if not lead or math.abs(lead) < RESIGN then
      leads = 0
    elseif (lead > 0) == (leads > 0) or leads == 0 then
      leads = leads + (lead > 0 and 1 or -1)
    else
      leads = lead > 0 and 1 or -1
    end
    played[#played + 1] = game:action_text(s, a)
    game:play(s, a)
  end
end

-- Plays games i >= from ((i - from) mod n = shard - 1) of a pairing of A
-- against B; game 2k and 2k + 1 share opening k, A first in the first.
-- Prints a line per game: "game I SCORE PLIES SECONDS-A MOVES-A NODES-A
-- REASON", SCORE A's.
local function worker(game, make_a, make_b, w)
  local a, b = make_a(), make_b()
  for i = (w.from or 0) + w.shard - 1, w.games - 1, w.of do
    local k = i // 2
    local first_a = i % 2 == 0
    local movers = first_a and { a, b } or { b, a }
    local t0, m0, n0 = a.seconds, a.moves, a.nodes
    local winner, plies, reason = play(game, movers,
                                       opening(game, w.seed + k, w.plies),
                                       w.seed + k)
    local side_a = first_a and 1 or 2
    local score = winner == 0 and 0.5 or winner == side_a and 1 or 0
    local line = string.format("game %d %.1f %d %.4f %d %d %s\n", i, score,
                               plies, a.seconds - t0, a.moves - m0,
                               a.nodes - n0, reason or "?")
    io.write(line)
    io.flush()
    if LOG then  -- each game as it ends, to follow a long pairing
      local f = io.open(LOG, "a")
      if f then
        f:write(w.a, " vs ", w.b or ("FSF " .. w.skill), ": ", line)
        f:close()
      end
    end
  end
end

-- ---- the pairings --------------------------------------------------------

-- Runs a pairing in `jobs` workers (this script, mode "work", with the
-- keys of w) and returns A's tally { w, d, l } with the games' mean length,
-- A's seconds and nodes a move.
local function pairing(w, jobs)
  local pipes = {}
  for shard = 1, jobs do
    local cmd = { "lua5.4", shell_quote(arg[0]), "work" }
    w.shard, w.of = shard, jobs
    for k, v in pairs(w) do cmd[#cmd + 1] = shell_quote(k .. "=" .. v) end
    pipes[shard] = assert(io.popen(table.concat(cmd, " ")))
  end
  local t = { w = 0, d = 0, l = 0 }
  local plies, secs, moves, nodes, games = 0, 0, 0, 0, 0
  for _, p in ipairs(pipes) do
    for line in p:lines() do
      local score, n, s, m, x = line:match(
        "^game %d+ (%S+) (%d+) (%S+) (%d+) (%d+)")
      if score then
        score = tonumber(score)
        if score == 1 then t.w = t.w + 1
        elseif score == 0 then t.l = t.l + 1
        else t.d = t.d + 1 end
        plies, games = plies + tonumber(n), games + 1
        secs, moves = secs + tonumber(s), moves + tonumber(m)
        nodes = nodes + tonumber(x)
      else
        io.stderr:write(line, "\n")
      end
    end
    assert(p:close(), "a worker failed")
  end
  moves = math.max(moves, 1)
  t.plies, t.seconds, t.nodes = plies / math.max(games, 1), secs / moves,
                                nodes / moves
  return t
end

local function row(label, t)
  local p, lo, hi = stats.score(t)
  print(string.format("  %-40s %3d-%3d-%3d  %5.1f%%  [%5.1f, %5.1f]  "
                      .. "%4.0f plies  %6.3f cpu s/move", label, t.w, t.d,
                      t.l, 100 * p, 100 * lo, 100 * hi, t.plies, t.seconds))
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

-- A player's nodes a second of processor time: its searches from
-- `positions` positions of games (an opening of 4 random actions, then 20
-- of level 2 against itself), each with seed 1.
local function nps(game, spec, positions)
  local m = wargrid_mover(spec)
  local level2 = wargrid_mover("level:2")
  for k = 1, positions do
    local s = game:new(nil, k)
    for _, t in ipairs(opening(game, 5000 + k, 4)) do
      game:play(s, assert(game:parse_action(s, t)))
    end
    for i = 1, 20 do
      if game:outcome(s) then break end
      game:play(s, level2.move(game, s, nil, i))
    end
    if not game:outcome(s) then m.move(game, s, nil, 1) end
  end
  return m.nodes / m.seconds, m.nodes / m.moves
end

local mode = arg[1]
if mode == "work" then
  local w = {}
  for i = 2, #arg do
    local k, v = arg[i]:match("^(%w+)=(.*)$")
    w[k] = tonumber(v) or v
  end
  RESIGN = w.resign or 0
  if w.kind == "fs" then
    local game = wg.load("courier_historical")
    local start = game:position_text(game:new())
    worker(game, function() return wargrid_mover(w.a) end,
           function()
             local fs = fairy(w.skill)
             return fairy_mover(fs, start, w.limit)
           end, w)
  else
    local game = wg.load(w.game)
    worker(game, function() return wargrid_mover(w.a) end,
           function() return wargrid_mover(w.b) end, w)
  end
elseif mode == "fs" then
  local o = options(arg, 2)
  local games, jobs = tonumber(o.games or 20), tonumber(o.jobs or 2)
  local limits = {}
  for _, n in ipairs(list(o.nodes)) do limits[#limits + 1] = "nodes " .. n end
  if #limits == 0 then limits[1] = "movetime " .. (o.movetime or 1000) end
  print(string.format("== Strength: wargrid against Fairy-Stockfish, "
                      .. "historical Courier, %d games a pairing from "
                      .. "openings of %d random plies (wargrid's score, "
                      .. "95%% interval)", games, tonumber(o.plies or 4)))
  for _, player in ipairs(list(o.players or "level:5")) do
    for _, skill in ipairs(list(o.skills or "5,10,20")) do
      for _, limit in ipairs(limits) do
        local t = pairing({ kind = "fs", skill = skill, a = player,
                            limit = limit, games = games,
                            seed = tonumber(o.seed or 1000),
                            from = tonumber(o.from or 0),
                            plies = tonumber(o.plies or 4),
                            resign = tonumber(o.resign or 0) }, jobs)
        row(string.format("%s vs FSF Skill %s, %s", player, skill, limit), t)
      end
    end
  end
elseif mode == "match" then
  local o, words = options(arg, 2)
  local t = pairing({ kind = "match", game = words[1], a = words[2],
                      b = words[3], games = tonumber(o.games or 20),
                      seed = tonumber(o.seed or 3000),
                      from = tonumber(o.from or 0),
                      plies = tonumber(o.plies or 2),
                      resign = tonumber(o.resign or 0) },
                    tonumber(o.jobs or 2))
  row(string.format("%s: %s vs %s", words[1], words[2], words[3]), t)
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
      local t = pairing({ kind = "match", game = name, a = "level:" .. l,
                          b = "level:" .. (l - 1), games = games,
                          seed = 2000, plies = tonumber(o.plies or 2),
                          resign = tonumber(o.resign or 0) },
                        jobs)
      row(string.format("level %d vs level %d", l, l - 1), t)
    end
  end
elseif mode == "nps" then
  local o, words = options(arg, 2)
  local game = wg.load(words[1])
  for i = 2, #words do
    local rate, each = nps(game, words[i], tonumber(o.positions or 10))
    print(string.format("  %-40s %9.0f nodes a second (%.0f a move)",
                        words[i], rate, each))
    io.stdout:flush()
  end
else
  io.stderr:write("usage: lua5.4 bench/strength.lua fs|ladder|match|nps "
                  .. "[options] (see the header)\n")
  os.exit(2)
end
