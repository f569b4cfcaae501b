-- wargrid.selfplay and its commands: games cut off by a limit, runs that go
-- on until an answer, and the verdicts they end with. Random players on
-- Amazons 6x6 keep the real runs fast.
local T = require "wargrid.test"
local selfplay = require "wargrid.selfplay"
local json = require "wargrid.json"
local loader = require "wargrid.loader"
local ai = require "wargrid.ai"

local function run(cmd, env)
  local h = io.popen((env or "") .. "build/wargrid " .. cmd .. " 2>&1; echo \"rc=$?\"")
  local out = h:read("a")
  h:close()
  return out
end

local AMAZONS = "--variant examples/variants/amazons_6x6.lua --white random --black random"

describe("selfplay: games cut off", function()
  local random = selfplay.players("random", "random")

  it("a game still going at the move limit is a draw, cut off", function()
    local amazons = loader.load_file("examples/variants/amazons_6x6.lua")
    local rec = selfplay.play(amazons, random, 0, 1, 10)
    assert.same({ 0, "move limit", true, 10 }, { rec.winner, rec.reason, rec.cutoff, rec.plies })
    rec = selfplay.play(amazons, random, 0, 1, 1000)
    assert.is_nil(rec.cutoff)
    assert.equal("white has no legal action", rec.reason)
  end)

  it("BW-W2 a Block Wars draw by the turn limit is cut off; its other endings are not", function()
    local bw = T.game("blockwars")
    assert.is_true(bw:cut_off("the turn limit"))
    assert.is_false(bw:cut_off("two units on the enemy back rank"))
    assert.is_false(bw:cut_off("no legal action"))
    local short = bw:with_options { "setup=standard", "turns=4" }
    assert.is_true(short:cut_off("the turn limit"))   -- options keep the declaration's list
    local rec = selfplay.play(short, random, 0, 7, 1000)
    assert.same({ 0, "the turn limit", true }, { rec.winner, rec.reason, rec.cutoff })
  end)

  it("games cut off are counted apart, and the length is of the games that ended", function()
    local st = selfplay.summarize {
      { winner = 1, first = 1, reason = "checkmate", plies = 10 },
      { winner = 2, first = 1, reason = "checkmate", plies = 20 },
      { winner = 0, first = 1, reason = "move limit", plies = 400, cutoff = true },
      { winner = 0, first = 1, reason = "threefold repetition", plies = 30 },
      { winner = 0, first = 1, reason = "the turn limit", plies = 300, cutoff = true },
      { winner = 0, first = 1, reason = "move limit", plies = 400, cutoff = true },
    }
    assert.equal(4, st.draws)                      -- a game cut off is still a draw
    assert.same({ w = 1, d = 4, l = 1 }, st.first)
    assert.equal(3, st.cutoffs)
    assert.same({ ["move limit"] = 2, ["the turn limit"] = 1 }, st.cut)
    assert.same({ games = 3, mean = 20, sd = 10, min = 10, max = 30 }, st.length)
    local text = selfplay.report({ "white", "black" }, { game = "g", white = "random", black = "random",
                                                         seed = 1, games = 6, max_plies = 400 }, st)
    assert.matches("\n  cut off                  3   50.0%%  2 at the move limit %(400 actions%), 1 by the "
                   .. "turn limit\n  length: mean 20.0 actions, sd 10.0, min 10, max 30, over the 3 games that "
                   .. "ended\n", text)
  end)

  it("the report counts them from a real run (--max-plies), as the same games played out say", function()
    local out = run("selfplay " .. AMAZONS .. " --games 40 --max-plies 24")
    assert.matches("\n  cut off                 27   67.5%%  27 at the move limit %(24 actions%)\n"
                   .. "  length: mean 23.0 actions, sd 1.1, min 21, max 24, over the 13 games that ended\n", out)
    assert.matches("; 27 of 40 games cut off by a limit count as draws\nrc=0\n$", out)
    -- the same seeds without the limit: the games longer than 24 actions are those cut off
    local long, sum, ended = 0, 0, 0
    for line in run("selfplay " .. AMAZONS .. " --games 40 --shard 1/1"):gmatch("[^\n]+") do
      local rec = line:match("^{") and json.decode(line)
      if rec and rec.type == "game" then
        if rec.plies > 24 then long = long + 1 else sum, ended = sum + rec.plies, ended + 1 end
      end
    end
    assert.same({ 27, 13, "23.0" }, { long, ended, string.format("%.1f", sum / ended) })
  end)
end)

describe("selfplay: the random player", function()
  -- the same player, not recognised as ai.random: it draws from the list
  local function listed(...) return ai.random(...) end
  local function info() return { event = "t", white = "random", black = "random" } end

  it("T-M1 T-G1 draws through game:random_action the games the list gives (Trenches, Amazons)", function()
    for _, name in ipairs { "amazons", "trenches", "examples/variants/amazons_6x6.lua" } do
      local game = T.game(name)
      assert.is_function(game.random_action)
      for seed = 1, 6 do
        local drawn = selfplay.play(game, { ai.random, ai.random }, 0, seed, 1000, info())
        local from_list = selfplay.play(game, { listed, listed }, 0, seed, 1000, info())
        local mixed = selfplay.play(game, { ai.random, listed }, 0, seed, 1000, info())
        assert.same(from_list, drawn, name .. " seed " .. seed)
        assert.same(from_list, mixed, name .. " seed " .. seed)
        assert.is_nil(drawn.cutoff)
        assert.truthy(drawn.plies > 10)
      end
      -- and at the move limit alike
      local drawn = selfplay.play(game, { ai.random, ai.random }, 0, 3, 7)
      assert.same({ 0, "move limit", true, 7 }, { drawn.winner, drawn.reason, drawn.cutoff, drawn.plies })
      assert.same(selfplay.play(game, { listed, listed }, 0, 3, 7), drawn)
    end
  end)

  -- the games alone would be the same if the draw were never taken
  it("lists no action for a side it draws for, and lists for the other", function()
    local amazons = T.game "amazons"
    local lists = 0
    local counted = setmetatable({ legal = function(self, ...)
      lists = lists + 1
      return amazons.legal(self, ...)
    end }, { __index = amazons })
    assert.truthy(selfplay.play(counted, { ai.random, ai.random }, 0, 1, 1000).plies > 10)
    assert.equal(0, lists)
    local rec = selfplay.play(counted, { ai.random, listed }, 0, 1, 1000)
    assert.equal((rec.plies + 1) // 2, lists)   -- black's turns, and the last look
  end)

  -- a playout takes a random_action that is no function for none; a
  -- script's odd value must not make selfplay's own code fail
  it("takes a random_action that is no function for none, as playouts do", function()
    local amazons = T.game "amazons"
    local odd = setmetatable({ random_action = true }, { __index = amazons })
    for seed = 1, 2 do
      assert.same(selfplay.play(amazons, { listed, listed }, 0, seed, 1000, info()),
                  selfplay.play(odd, { ai.random, ai.random }, 0, seed, 1000, info()))
    end
    local file = os.tmpname()
    local f = assert(io.open(file, "w"))
    f:write('local v = require("wargrid").variant("amazons", { name = "odd", board = { files = 6, ranks = 6 },\n'
            .. '  start = "2qq2/q4q/6/6/Q4Q/2QQ2 w" })\nv.random_action = true\nreturn v\n')
    f:close()
    local out = run("selfplay --variant " .. file .. " --games 4 --white random --black random")
    os.remove(file)
    assert.matches("^odd: 4 games, white %(random%) vs black %(random%)", out)
    assert.matches("\nrc=0\n$", out)
  end)

  it("picks the action the list holds at draw * n >> 32 of its n", function()
    local game = T.game("courier")
    local s = game:new()
    local out = game:legal(s)
    for seed = 1, 50 do
      local draw = ai.draw(s, seed)
      assert.equal(out:get((draw * out:size() >> 32) + 1), ai.random(game, s, seed))
    end
  end)
end)

describe("selfplay: the answer", function()
  it("ends with the verdict, after the games a width would need", function()
    local out = run("selfplay " .. AMAZONS .. " --games 200")
    assert.matches("\n  first player score   108.0   54.0%%  %[ 47.1%%,  60.8%%%]\n", out)
    assert.matches("\n  about 378 games would narrow the interval to 10 points wide %(it is 13.7 now%)\n"
                   .. "verdict: the first player scores 54%% %(95%% interval 47%-61%): can't tell with 200 games: "
                   .. "anywhere from a second%-move advantage of 3 points to a first%-move one of 11\nrc=0\n$", out)
    out = run("selfplay " .. AMAZONS .. " --games 200 --width 4")
    assert.matches("\n  about 2,380 games would narrow the interval to 4 points wide %(it is 13.7 now%)\n", out)
  end)

  it("--sprt stops when the test accepts H0", function()
    local out = run("selfplay " .. AMAZONS .. " --sprt 50,65")
    assert.matches("^amazons_6x6: 80 games, white %(random%) vs black %(random%), seeds 1%.%.80\n", out)
    assert.matches("\n  stopped after 80 games: the SPRT accepted H0\n  SPRT %(alpha 0.05, beta 0.05%): H0 the "
                   .. "first player scores 50%%, H1 65%%: LLR %-3.15, bounds %-2.94 and 2.94: H0 accepted\n", out)
  end)

  it("--sprt stops when the test accepts H1", function()
    local out = run("selfplay " .. AMAZONS .. " --sprt 30,45 --seed 100")
    assert.matches("\n  stopped after 20 games: the SPRT accepted H1\n", out)
    assert.matches("H0 the first player scores 30%%, H1 45%%: LLR 3.58, bounds %-2.94 and 2.94: H1 accepted\n", out)
  end)

  it("--until stops at a width, the same with any --jobs, or at the cap of --games", function()
    local out = run("selfplay " .. AMAZONS .. " --until 15")
    assert.matches("^amazons_6x6: 180 games,", out)
    assert.matches("\n  stopped after 180 games: the interval is narrower than 15 points\n"
                   .. "  the interval is already narrower than 15 points %(14.4%)\n", out)
    assert.equal(out, run("selfplay " .. AMAZONS .. " --until 15 --jobs 2"))
    out = run("selfplay " .. AMAZONS .. " --until 3 --games 60")
    assert.matches("\n  stopped at the cap of 60 games, before the interval narrowed to 3 points\n"
                   .. "  about 4,220 games would narrow the interval to 3 points wide %(it is 24.4 now%)\n", out)
  end)

  it("--json carries the score, the cut-offs, the stop, the test and the verdict", function()
    local out = run("selfplay " .. AMAZONS .. " --sprt 50,65 --max-plies 26 --json")
    local r = json.decode(out:match("^(.-)\nrc=0"))
    assert.equal(40, r.games)
    assert.equal(1000, r.cap)
    assert.same({ reason = "H0", games = 40 }, r.stop)
    assert.equal("H0", r.sprt.result)
    assert.same({ 0.5, 0.65, 0.05, 0.05 }, { r.sprt.h0, r.sprt.h1, r.sprt.alpha, r.sprt.beta })
    assert.equal(r.cut_off.count, r.cut_off.by["move limit"])
    assert.equal(40 - r.cut_off.count, r.length.games)
    assert.is_false(r.length.cut_off_included)
    assert.equal("unclear", r.verdict.code)
    assert.matches("^the first player scores ", r.verdict.text)
    assert.equal(0.1, r.width)
    assert.equal("integer", math.type(r.games_needed))
  end)

  it("stats merge of shards gives the verdict of the whole run", function()
    local tmp = os.tmpname()
    local common = "selfplay " .. AMAZONS .. " --games 90 --seed 5 --max-plies 25"
    local whole = run(common .. " --width 6")
    run(common .. " --shard 1/3 > " .. tmp .. ".1")
    run(common .. " --shard 2/3 > " .. tmp .. ".2")
    run(common .. " --shard 3/3 --jobs 2 > " .. tmp .. ".3")
    local merged = run("stats merge " .. tmp .. ".1 " .. tmp .. ".2 " .. tmp .. ".3 --width 6")
    for k = 1, 3 do os.remove(tmp .. "." .. k) end
    assert.equal(whole, merged)
    assert.matches("\nverdict: the first player scores [^\n]+; %d+ of 90 games cut off by a limit count as draws\n",
                   merged)
  end)

  it("on a terminal, a progress line shows the games done, the estimate and the time left", function()
    local cmd = "build/wargrid selfplay " .. AMAZONS .. " --games 40 --jobs 2 > /dev/null"
    local h = io.popen("script -qc '" .. cmd .. "' /dev/null")
    local tty = h:read("a")
    h:close()
    assert.matches("^\r  1/40 games  first player [%d.]+%% %[[%d.]+, [%d.]+%]  ETA %d+s", tty)
    assert.matches("\r  40/40 games  first player 52.5%% %[37.5, 67.1%] *\r *\r$", tty)
  end)

  it("refuses what cannot be answered: one line, exit 2", function()
    for _, c in ipairs {
      { "--sprt 50", "selfplay: --sprt must be H0,H1 (two different numbers of points between 0 and 100) or "
                     .. "H0,H1,ALPHA,BETA (error rates between 0 and 0.5), not '50'" },
      { "--sprt 50,50", "not '50,50'" },
      { "--sprt 50,60,0.6,0.05", "not '50,60,0.6,0.05'" },
      { "--until 0", "selfplay: --until must be a width in points, more than 0 and at most 100, not '0'" },
      { "--width x", "selfplay: --width must be a width in points, more than 0 and at most 100, not 'x'" },
      { "--until 10 --shard 1/2", "selfplay: --until and --sprt decide on the whole run, not on a shard (--shard)" },
    } do
      local out = run("selfplay " .. AMAZONS .. " " .. c[1])
      assert.matches("^wargrid: [^\n]*" .. c[2]:gsub("%p", "%%%0") .. "\nrc=2\n$", out)
    end
  end)
end)

describe("compare: the answer", function()
  -- Amazons 6x6 found by name, and a variant with two black amazons fewer
  local dir = os.tmpname()
  os.remove(dir)
  os.execute("mkdir " .. dir)
  local two = dir .. "/two.lua"
  local f = assert(io.open(two, "w"))
  f:write([[
local wg = require "wargrid"
return wg.variant("amazons_6x6", { name = "amazons_6x6_two", start = "2q3/5q/6/6/Q4Q/2QQ2 w" })
]])
  f:close()
  local same = dir .. "/same.lua"
  f = assert(io.open(same, "w"))
  f:write([[
local wg = require "wargrid"
return wg.variant("amazons_6x6", { name = "amazons_6x6_same" })
]])
  f:close()
  local function compare(args)
    return (run("compare amazons_6x6 " .. args .. " --white random --black random",
                "WARGRID_PATH=examples/variants "):gsub(dir:gsub("%p", "%%%0"), "DIR"))
  end
  teardown(function() os.execute("rm -r " .. dir) end)

  it("a variant clearly less balanced", function()
    local out = compare(two .. " --games 100")
    assert.matches("\nDIR/two.lua against the base game %(100 games each%):\n"
                   .. "  first player score       %+33.0 points  %[%+22.0, %+43.0%]\n"
                   .. "  distance from 50%%        %+33.0 points  %[%+20.5, %+39.2%]\n", out)
    -- the games are paired by seed: 100 pairs, each changing by -1, 0 or +1; their correlation
    -- (0.23, less a correction of 1/200) narrows Newcombe's interval of the change (+20.5 to +44.1 without it)
    assert.matches("\n  pairs of games             100  the change a pair: %-1: 3, 0: 61, %+1: 36\n", out)
    assert.matches("\nverdict: the variant raises the first player's score by 33 points %(95%% interval 22%-43%): "
                   .. "clearly less balanced\nrc=0\n$", out)
  end)

  it("--sprt pairs the games of the same seed, and each variant stops on its own", function()
    local out = compare(two .. " " .. same .. " --sprt 0,15")
    -- the same rules give the same games: every pair differs by 0
    assert.matches("\nDIR/same.lua against the base game %(20 games each%):\n", out)
    assert.matches("\n  stopped after 20 games: the SPRT accepted H0\n  SPRT %(alpha 0.05, beta 0.05%): H0 the score "
                   .. "changes by %+0 points, H1 %+15: LLR %-3.24, bounds %-2.94 and 2.94: H0 accepted\n", out)
    assert.matches("\nDIR/two.lua against the base game %(40 games each%):\n", out)
    assert.matches("\n  stopped after 40 games: the SPRT accepted H1\n", out)
    assert.matches("^amazons_6x6: 40 games", out)
    assert.equal(out, compare(two .. " " .. same .. " --sprt 0,15 --jobs 2"))
  end)

  it("--json carries each variant's change, balance, stop and verdict", function()
    local out = compare(two .. " --until 20 --json")
    local r = json.decode(out:match("^(.-)\nrc=0"))
    local v = r.variants[1]
    assert.equal("DIR/two.lua", v.file)
    assert.same({ reason = "width", games = v.report.games }, v.stop)
    assert.is_true(v.first_player_score.high - v.first_player_score.low < 0.25)
    assert.same({ "raises", "less_balanced" }, { v.verdict.change, v.verdict.balance })
    assert.equal(v.report.games, r.base.games)
  end)
end)

describe("selfplay: a pool of jobs", function()
  local tmp = os.tmpname()

  -- the report and every record file of a run with J jobs: Amazons 6x6,
  -- level:2 against random, about 25 ms of CPU a game, so the workers pay
  -- (selfplay.PAYS) after the first game with 2 or 3 jobs
  local function outcome(jobs)
    local dir = tmp .. ".j" .. jobs
    os.execute("rm -rf " .. dir)
    local out = { report = run("selfplay --variant examples/variants/amazons_6x6.lua --white level:2 --black random"
                               .. " --games 100 --seed 11 --max-plies 30 --records " .. dir .. " --jobs " .. jobs) }
    local h = io.popen("cd " .. dir .. " && for f in *.pgn; do echo \"== $f\"; cat \"$f\"; done")
    out.files = h:read("a")
    h:close()
    os.execute("rm -rf " .. dir)
    return out
  end

  it("gives the same report and records with 1, 2 and 3 jobs", function()
    local one = outcome(1)
    assert.matches("^amazons_6x6: 100 games,", one.report)
    assert.equal(100, select(2, one.files:gsub("== 0%d%d.pgn\n", "")))
    assert.same(one, outcome(2))
    assert.same(one, outcome(3))
  end)

  it("gives a shard's records, their text in the JSON lines, the same with 1, 2 and 3 jobs", function()
    local amazons = loader.load_file("examples/variants/amazons_6x6.lua")
    local r = { games = 40, seed = 3, players = selfplay.players("random", "random"), max_plies = 20,
                shard = { 2, 3 }, records = "-", white = "random", black = "random" }
    local pays = selfplay.PAYS
    selfplay.PAYS = 0   -- fork at once, however short the games
    local runs = {}
    for jobs = 1, 3 do
      r.jobs = jobs
      runs[jobs] = selfplay.run(amazons, r)
    end
    selfplay.PAYS = pays
    assert.equal(13, #runs[1])
    assert.matches("^%[Event \"wargrid selfplay\"%]\n", runs[1][1].text)
    assert.same(runs[1], runs[2])
    assert.same(runs[1], runs[3])
  end)

  it("hands the games out in chunks, big first and one at a time last", function()
    local sizes, left = {}, 100
    while left > 0 do
      local n = selfplay.chunk(left, 2)
      sizes[#sizes + 1], left = n, left - n
    end
    assert.same({ 25, 19, 14, 11, 8, 6, 5, 3, 3, 2, 1, 1, 1, 1 }, sizes)
    assert.equal(1, selfplay.chunk(1, 16))
  end)

  -- the process a function runs in (the parent of the shell io.popen starts)
  local function pid()
    local h = io.popen("echo $PPID")
    local id = h:read("l")
    h:close()
    return id
  end

  it("plays each game once, in any process, and reports it as it ends", function()
    local amazons = loader.load_file("examples/variants/amazons_6x6.lua")
    local random = selfplay.players("random", "random")
    -- each game's first action writes its seed and its process to a file
    local here, file = pid(), os.tmpname()
    local players = { function(game, s, seed)
      if seed % 7919 == 0 then os.execute("echo " .. seed // 7919 .. " $PPID >> " .. file) end
      return random[1](game, s, seed)
    end, random[2] }
    local r = { games = 23, seed = 4, players = players, max_plies = 20, jobs = 3, shard = { 1, 1 } }
    local pays = selfplay.PAYS
    selfplay.PAYS = 0   -- fork at once, however short the games
    local seen = {}
    local recs = selfplay.run(amazons, r, function(rec) seen[#seen + 1] = rec.index end)
    selfplay.PAYS = pays
    table.sort(seen)
    local want = {}
    for i = 0, 22 do want[#want + 1] = i end
    assert.same(want, seen)
    local where, others, n = {}, {}, 0
    for line in io.lines(file) do
      local seed, id = line:match("^(%d+) (%d+)$")
      assert.is_nil(where[seed])   -- played once
      where[seed] = id
      if id ~= here and not others[id] then others[id], n = true, n + 1 end
    end
    os.remove(file)
    assert.equal(here, where["4"])   -- game 0 (seed 4) here, before the workers
    assert.equal(2, n)               -- the other 2 jobs played too
    r.jobs, r.players = 1, random
    assert.same(selfplay.run(amazons, r), recs)
  end)

  it("plays a short run in this process alone: the workers would not pay", function()
    local amazons = loader.load_file("examples/variants/amazons_6x6.lua")
    local random = selfplay.players("random", "random")
    -- games played in a worker count in the worker's copy of `here`
    local here = 0
    local players = { function(game, s, seed)
      if seed % 7919 == 0 then here = here + 1 end
      return random[1](game, s, seed)
    end, random[2] }
    local recs = selfplay.run(amazons, { games = 5, seed = 1, players = players, max_plies = 20, jobs = 2,
                                         shard = { 1, 1 } })
    assert.equal(5, #recs)
    assert.equal(5, here)
  end)

  it("a job that dies stops the run: exit status 1, naming the job", function()
    local amazons = loader.load_file("examples/variants/amazons_6x6.lua")
    local random = selfplay.players("random", "random")
    local here = pid()
    local dies = { random[1], function(game, s, seed)
      if pid() ~= here then os.exit(3) end  -- in a worker, never here
      return random[2](game, s, seed)
    end }
    local r = { games = 8, seed = 1, players = dies, max_plies = 20, jobs = 2, shard = { 1, 1 } }
    local pays = selfplay.PAYS
    selfplay.PAYS = 0
    local recs, err, status = selfplay.run(amazons, r)
    selfplay.PAYS = pays
    assert.is_nil(recs)
    assert.equal("selfplay job 2 of 2 failed (exit status 3)", err)
    assert.equal(1, status)
  end)

  it("defaults --jobs to the cores this process may use", function()
    local host = require "wargrid.host"
    local h = io.popen("nproc")
    assert.equal(tonumber(h:read("l")), host.cores())
    h:close()
  end)
end)

describe("selfplay: games in pairs (--pairs)", function()
  local amazons = loader.load_file("examples/variants/amazons_6x6.lua")
  local tmp = os.tmpname()

  it("plays each opening twice, with its chance, each player on each side", function()
    local players = selfplay.players("level:1", "random")
    local r = { seed = 5, pairs = true, play = { opening = 3 } }
    local info = { event = "t", white = "a", black = "b" }
    local games = {}
    for i = 0, 3 do
      games[i] = selfplay.play(amazons, players, i, r.seed + i, 200, info, selfplay.game_opts(r, i))
    end
    local function opening(rec)
      local moves = {}
      for word in rec.text:match("\n\n(.*)$"):gsub("{[^}]*}", ""):gmatch("%S+") do
        if not word:match("^%d+%.$") then moves[#moves + 1] = word end
      end
      return table.unpack(moves, 1, 3)
    end
    -- games 0 and 1 share their first three actions, 2 and 3 theirs, the two pairs differ
    assert.same({ opening(games[0]) }, { opening(games[1]) })
    assert.same({ opening(games[2]) }, { opening(games[3]) })
    assert.are_not.same({ opening(games[0]) }, { opening(games[2]) })
    -- level 1 beats random from either side: the first side wins one game of each pair
    assert.same({ 1, 2, 1, 2 }, { games[0].winner, games[1].winner, games[2].winner, games[3].winner })
  end)

  it("reports the pairs and reads the score's interval from them", function()
    local out = run("selfplay " .. AMAZONS:gsub("random %-%-black", "level:1 --black")
                    .. " --games 40 --pairs --opening 2")
    assert.matches("^amazons_6x6: 40 games, white %(level:1%) vs black %(random%), seeds 1%.%.40, in pairs: each "
                   .. "opening %(2 random actions%) with each player on each side\n", out)
    -- the stronger player wins each pair once: the pairs tell the first side's 50% to within 8.1
    -- points, where 40 lone games would tell it to within 14.8
    assert.matches("\n  first player score    20.0   50.0%%  %[ 41.9%%,  58.1%%%]\n"
                   .. "  pairs                   20  the first player's points a pair: 1: 20\n", out)
    assert.matches("\nverdict: the first player scores 50%% %(95%% interval 42%-58%): can't tell with 40 games", out)
  end)

  it("merges shards of pairs into the report of the whole run", function()
    local args = "selfplay " .. AMAZONS:gsub("random %-%-black", "level:1 --black")
                 .. " --games 30 --pairs --opening 2 --jobs 1"
    local whole = run(args)
    for i = 1, 3 do
      assert.equal("rc=0\n", run(args .. " --shard " .. i .. "/3 > " .. tmp .. i))
    end
    assert.equal(whole, run("stats merge " .. tmp .. "1 " .. tmp .. "2 " .. tmp .. "3"))
    for i = 1, 3 do os.remove(tmp .. i) end
  end)
end)

describe("selfplay: a match of evaluation weights (PLAYER@W)", function()
  local dir = os.tmpname()
  os.remove(dir)
  os.execute("mkdir " .. dir)
  local function write(name, text)
    local f = assert(io.open(dir .. "/" .. name, "w"))
    f:write(text)
    f:close()
    return dir .. "/" .. name
  end
  teardown(function() os.execute("rm -r " .. dir) end)
  local function selfplay_run(args)
    return (run("selfplay --variant examples/variants/amazons_6x6.lua " .. args):gsub(dir:gsub("%p", "%%%0"),
                                                                                         "DIR"))
  end

  it("plays a weights file against the hand-set weights, each on both sides, and says who won", function()
    local file = write("flat.weights.lua", "return { weights = { territory = 1, mobility = 0 } }\n")
    local out = selfplay_run("--white alphabeta:300@" .. file .. " --black alphabeta:300@hand --pairs --opening 2"
                             .. " --games 8 --jobs 1")
    assert.matches("^amazons_6x6: 8 games, white %(alphabeta:300@DIR/flat%.weights%.lua%) vs black "
                   .. "%(alphabeta:300@hand%), seeds 1%.%.8, in pairs", out)
    local w, d, l = out:match("\n  match +(%d+)%-(%d+)%-(%d+) +[%d.]+%%  %[[ %d.]+%%, [ %d.]+%%%]  "
                              .. "alphabeta:300@DIR/flat%.weights%.lua against alphabeta:300@hand, won%-drawn%-lost\n")
    assert.equal(8, tonumber(w) + tonumber(d) + tonumber(l))
    assert.matches("\n  match pairs +4 +[%d.]+%%  %[[ %d.]+%%, [ %d.]+%%%]  its points a pair: ", out)
    assert.matches("rc=0\n$", out)
  end)

  it("refuses a weights file that is missing or no weights file, naming it", function()
    assert.equal("wargrid: selfplay: alphabeta:300@DIR/none.lua: no weights file 'DIR/none.lua'\nrc=2\n",
                 selfplay_run("--white alphabeta:300@" .. dir .. "/none.lua --games 2 --jobs 1"))
    local bad = write("bad.weights.lua", "return { weights = { rook = 5 } }\n")
    assert.matches("^wargrid: DIR/bad%.weights%.lua: weights%.rook: amazons_6x6 has no term rook %(its terms: "
                   .. "territory, mobility%)\nrc=2\n$",
                   selfplay_run("--white alphabeta:300@" .. bad .. " --games 2 --jobs 1"))
  end)
end)
