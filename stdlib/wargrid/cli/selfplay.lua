-- wargrid.cli.selfplay: `wargrid selfplay`, `compare` and `stats merge`:
-- runs of AI against AI and their reports (wargrid.selfplay plays them).
local host = require "wargrid.host"
local lfs = require "lfs"
local loader = require "wargrid.loader"
local selfplay = require "wargrid.selfplay"
local stats = require "wargrid.stats"
local json = require "wargrid.json"
local common = require "wargrid.cli.common"
local quote = require("wargrid.text").quote

local M = {}

local RUN_OPTIONS = [[
  --games N        games to play (default 100); with --until or --sprt, the
                   most to play (default 1000)
  --seed S         game i uses seed S + i, for the players and for chance
                   (default 1)
  --white AI       the first side's player, --black AI the second's:
                   random, mcts (800 iterations a decision), mcts:N,
                   alphabeta:N (N nodes), or level:1..5, the game's own
                   search at a level (doc/players.md; default level:2);
                   AI@hand or AI@FILE plays with the evaluation's hand-set
                   weights, or a weights file's (`wargrid tune`)
  --max-plies M    a game still going after M actions is cut off: a draw,
                   counted apart (default 1000)
  --jobs J         play in J processes at once (default: as many as the
                   cores this process may use)
  --until W        play until the 95% interval the verdict rests on is
                   narrower than W points (or --sprt decides, or --games)
  --sprt H0,H1     play until Fishtest's sequential test accepts H0 or H1
                   (or --until is met, or --games); append ,ALPHA,BETA for
                   other error rates than 0.05, 0.05
  --width W        the interval width whose games the report estimates
                   (default: --until's, or 10 points)
  --opening K      each game starts with K actions drawn at random (default
                   0)
  --pairs          play the games in pairs: games 2k and 2k + 1 share their
                   opening and their chance, each player on each side; the
                   first player's score, its interval and --sprt are then
                   read from the pairs (the pentanomial model), which tells
                   balance from the players' strength; with two different
                   players, the match too: the white player's score over
                   both sides, with the games' and the pairs' intervals
  --option K=V     a game option (repeatable); --variant FILE a variant file
  --json           the report as JSON]]

local ANSWERS = [[

A game is balanced when its first player scores near 50% (wins, and half
the draws): when the 95% interval of the score lies within 45-55%. The
report ends with the verdict in words, after the games that would narrow
the interval to --width. With --until or --sprt, games are played in
batches that end at fixed counts (20, 40, ... then every 10% or so) and the
run stops only there, so a seed gives the same report with any --jobs.]]

M.selfplay = {
  help = [[
usage: wargrid selfplay GAME [--games N] [--seed S] [--white AI] [--black AI]
                        [--jobs J] [--shard I/N] [--max-plies M] [--json]
                        [--until W] [--sprt H0,H1] [--width W] [--pairs]
                        [--opening K] [--option K=V] [--variant FILE]
                        [--records DIR]

Plays AI against AI and reports wins, draws and losses per side and for the
side that moves first, and the first player's score, with 95% Wilson
intervals; the games cut off by a limit (--max-plies, or the game's own);
the mean and spread of the length of the games that ended; the share of
games ended each way; and the verdict: a first- or second-move advantage,
balanced, or can't tell yet. --sprt bounds are the first player's score in
percent (50,55: balanced against a 5-point first-move advantage).

]] .. RUN_OPTIONS .. [[

  --shard I/N      play only games i with i mod N = I - 1 and print them as
                   JSON lines, for `wargrid stats merge`; the shards of one
                   run merge into exactly the report of the whole run.
  --records DIR    write each game's record to DIR (made if missing), one
                   file per game named by its index (007.pgn), for
                   `wargrid replay`; with --shard, "-" puts each record in
                   its game's JSON line instead (field text)
]] .. ANSWERS .. [[


On a terminal a progress line shows on stderr: games done, the running
estimate and the time left. An error in a game stops the run, told as
with one job; a job that dies stops it too: exit status 1. Ctrl-C stops
the jobs and reports the games finished: exit status 130.]],
}

M.compare = {
  help = [[
usage: wargrid compare GAME VARIANT_FILE... [--games N] [--seed S]
                       [--white AI] [--black AI] [--jobs J] [--json]
                       [--until W] [--sprt H0,H1] [--width W] [--pairs]
                       [--opening K]

Self-play of the game and of each variant with the same players and seeds,
then, per variant, the change in the first player's score (Newcombe's 95%
interval from the two runs' intervals, with the correlation of game i of
the variant and game i of the base, the same seed: pairs of games; with
--pairs, pairs of pairs), in its distance from 50%, in the draw and
cut-off rates (95% Newcombe intervals)
and in the mean length of the games that ended (95% Welch interval), and
the verdict: does the variant raise or lower the first player's score, and
is it more or less balanced (nearer 50% or farther, whichever side it
favours)?
--sprt bounds are changes of the first player's score in points (0,-10: no
change against a fall of 10 points); the test pairs game i of the variant
with game i of the base (the same seed). With several variants, each stops
on its own and the base plays as long as any.

]] .. RUN_OPTIONS .. ANSWERS,
}

M.stats = {
  help = [[
usage: wargrid stats merge FILE... [--json] [--width W]

Merges the JSON lines of `wargrid selfplay --shard I/N` runs into one report,
with the verdict the whole run gives. The files must come from one run
(same game, players, seeds and games); a game present twice is counted
once. --width W: the interval width whose games the report estimates.]],
}

local RUN_SPEC = { games = "value", seed = "value", white = "value",
                   black = "value", jobs = "value", shard = "value",
                   ["max-plies"] = "value", ["until"] = "value",
                   sprt = "value", width = "value",
                   json = "flag", option = "list", variant = "value",
                   records = "value", pairs = "flag", opening = "value" }

-- A width in points, from more than 0 to 100, as a fraction.
local function width(cmd, what, text)
  local w = text and text:match("^%d*%.?%d+$") and tonumber(text)
  if not w or w <= 0 or w > 100 then
    common.usage_error("%s: %s must be a width in points, more than 0 and "
                       .. "at most 100, not %s", cmd, what,
                       quote(tostring(text)))
  end
  return w / 100
end

-- --sprt H0,H1[,ALPHA,BETA]: the bounds in points, as fractions, between
-- lo and hi (exclusive); the error rates between 0 and 0.5.
local function sprt_test(cmd, text, lo, hi)
  local nums = {}
  for part in (text .. ","):gmatch("([^,]*),") do
    nums[#nums + 1] = part:match("^%s*[-+]?%d*%.?%d+%s*$") and tonumber(part)
                      or false
  end
  local h0, h1, alpha, beta = nums[1], nums[2], nums[3] or 0.05,
                              nums[4] or 0.05
  local ok = (#nums == 2 or #nums == 4) and h0 and h1 and alpha and beta
             and h0 ~= h1 and h0 > lo and h0 < hi and h1 > lo and h1 < hi
             and alpha > 0 and alpha < 0.5 and beta > 0 and beta < 0.5
  if not ok then
    common.usage_error("%s: --sprt must be H0,H1 (two different numbers of "
                       .. "points between %d and %d) or H0,H1,ALPHA,BETA "
                       .. "(error rates between 0 and 0.5), not %s", cmd,
                       lo, hi, quote(text))
  end
  return { h0 = h0 / 100, h1 = h1 / 100, alpha = alpha, beta = beta }
end

-- --records DIR: the directory, made if missing; "-" (each record in its
-- game's JSON line) is for --shard only.
local function records_dir(cmd, opts)
  local dir = opts.records
  if dir == "-" and not opts.shard then
    common.usage_error("%s: --records - (each record in its JSON line) is "
                       .. "for --shard", cmd)
  end
  if dir and dir ~= "-" and lfs.attributes(dir, "mode") ~= "directory" then
    local ok, err = lfs.mkdir(dir)
    if not ok then
      common.usage_error("%s: --records: cannot make the directory %s: %s",
                         cmd, dir, err)
    end
  end
end

-- --shard I/N as { I, N }; a run going on until an answer (sequential)
-- is decided whole, never by shards.
local function shard_of(cmd, opts, sequential)
  local i, n = opts.shard:match("^(%d+)/(%d+)$")
  i, n = tonumber(i), tonumber(n)
  if not i or i < 1 or i > n then
    common.usage_error("%s: --shard must be I/N with 1 <= I <= N, not %s",
                       cmd, quote(opts.shard))
  end
  if sequential then
    common.usage_error("%s: --until and --sprt decide on the whole run, "
                       .. "not on a shard (--shard)", cmd)
  end
  return { i, n }
end

-- The run the options describe (see selfplay.run), and how long it goes
-- on: until (a width), sprt (the test), width (for the games needed).
local function run_settings(cmd, opts)
  local sequential = opts["until"] or opts.sprt
  local r = {
    games = common.integer(cmd, "--games", opts.games
                           or (sequential and "1000" or "100"), 1),
    seed = common.integer(cmd, "--seed", opts.seed or "1"),
    white = opts.white or "level:2",
    black = opts.black or "level:2",
    jobs = opts.jobs and common.integer(cmd, "--jobs", opts.jobs, 1)
           or host.cores(),
    max_plies = common.integer(cmd, "--max-plies", opts["max-plies"] or "1000",
                               1),
    shard = { 1, 1 },
    records = opts.records, variant = opts.variant,
    pairs = opts.pairs or nil, keep = false,
    opening = common.integer(cmd, "--opening", opts.opening or "0"),
  }
  r.play = { opening = r.opening }
  records_dir(cmd, opts)
  if opts.shard then r.shard = shard_of(cmd, opts, sequential) end
  if opts["until"] then r["until"] = width(cmd, "--until", opts["until"]) end
  if opts.sprt then
    r.sprt = cmd == "compare" and sprt_test(cmd, opts.sprt, -100, 100)
             or sprt_test(cmd, opts.sprt, 0, 100)
  end
  r.width = opts.width and width(cmd, "--width", opts.width) or r["until"]
  local players, err = selfplay.players(r.white, r.black)
  if not players then common.usage_error("%s: %s", cmd, err) end
  r.players = players
  return r
end

local function score_text(t)
  local p, lo, hi = stats.score(t)
  return string.format("first player %.1f%% [%.1f, %.1f]", 100 * p, 100 * lo,
                       100 * hi)
end

local function change_text(name, base, t, diffs)
  local d, lo, hi = stats.change(base, t, diffs)
  return string.format("%s: %+.1f points [%+.1f, %+.1f]", name, 100 * d,
                       100 * lo, 100 * hi)
end

-- ---- playing -----------------------------------------------------------

-- Any run stops at Ctrl-C with the games it has finished (its workers
-- die with it: host.fork).
local INTERRUPTED = 130  -- the shell's status for a process Ctrl-C ended

-- Plays games from..to-1 of the run of `game`, each handed to on_game as
-- it ends (none kept).
local function play(game, r, from, to, on_game)
  local batch = setmetatable({ from = from, games = to },
                             { __index = r })
  local got, err, status = selfplay.run(game, batch, on_game)
  if not got then
    if status == 2 then common.usage_error("%s", err) end
    common.internal_error("%s", err)
  end
end

-- Where a run going on until an answer stands after n games: the answer
-- so far { stop =, until =, sprt =, width = }, stopped or not. ns, xs: the
-- test's counts and values; lo, hi: the interval the verdict rests on.
local function answer(r, n, ns, xs, lo, hi)
  local a = { ["until"] = r["until"], width = r.width }
  local stop
  if r.sprt then
    a.sprt = stats.sprt(ns, xs, r.sprt)
    stop = a.sprt.result
  end
  if not stop and r["until"] and hi - lo < r["until"] then stop = "width" end
  if not stop and n >= r.games then stop = "cap" end
  if stop then a.stop = { reason = stop, games = n } end
  return a
end

-- The games a run expects to play after n, for the meter: all when it
-- does not go on until an answer, at most the cap when a test may stop
-- it, else about the games the width needs (needed, nil: unknown).
local function expected(r, n, needed)
  if r.sprt then return r.games, "cap" end
  if not r["until"] then return r.games end
  return math.min(r.games, math.max(needed or r.games,
                                    selfplay.checkpoint(n, r.games))), "about"
end

local function header_of(game, r, opts)
  return { type = "run", game = game.name, variant = opts.variant,
           options = opts.option,
           white = r.white, black = r.black, seed = r.seed, games = r.games,
           max_plies = r.max_plies, pairs = r.pairs,
           opening = r.opening > 0 and r.opening or nil }
end

local function print_report(game, header, st, as_json, ans)
  if as_json then
    print(json.encode(selfplay.report_table(game.sides, header, st, ans)))
  else
    print(selfplay.report(game.sides, header, st, ans))
  end
end

-- The tally of a whole selfplay run (selfplay.tally), and its answer when
-- it went on until one.
local function selfplay_run(game, r)
  local m = common.meter()
  local sequential = r["until"] or r.sprt
  local tally, n, ans = selfplay.tally(r.pairs), 0, nil
  m:plan(1, 0, expected(r, 0))
  repeat
    local to = sequential and selfplay.checkpoint(n, r.games) or r.games
    play(game, r, n, to, function(rec)
      tally:add(rec)
      m:game(score_text(tally:summary().first))
    end)
    n = to
    if sequential then
      local first = tally:summary().first
      local _, lo, hi = stats.score(first)
      if r.pairs then
        ans = answer(r, n, first.pairs, stats.PAIRS, lo, hi)
      else
        ans = answer(r, n, stats.trinomial(first), stats.TRINOMIAL, lo, hi)
      end
      m:plan(1, n, expected(r, n, r["until"]
                                  and stats.needed(first, r["until"])))
    end
  until not sequential or ans.stop or host.interrupted()
  m:clear()
  return tally, ans
end

local read_selfplay_options = common.options("selfplay", RUN_SPEC,
                                             M.selfplay.help)

-- The game to play (c.game), and the run the options describe (c.r) with
-- its header (c.header); Ctrl-C from here on stops the run.
local function load_run(c)
  c.game = common.load_game("selfplay", c.pos, c.opts)
  common.no_more("selfplay", c.pos, c.opts)
  c.r = run_settings("selfplay", c.opts)
  c.header = header_of(c.game, c.r, c.opts)
  host.on_interrupt()
end

-- --shard I/N: the header and this shard's games as JSON lines, each as
-- it ends; the run ends there.
local function play_shard(c)
  if not c.opts.shard then return nil end
  c.header.shard = c.opts.shard
  print(json.encode(c.header))
  play(c.game, c.r, 0, c.r.games, function(rec)
    print(json.encode(rec))
    io.stdout:flush()
  end)
  return host.interrupted() and INTERRUPTED or 0
end

-- The whole run (c.tally), and its answer when it went on until one
-- (c.ans).
local function play_games(c)
  c.tally, c.ans = selfplay_run(c.game, c.r)
end

-- The report, of the games finished when Ctrl-C stopped the run.
local function print_run_report(c)
  local header, r = c.header, c.r
  if host.interrupted() then
    header.missing = true
    io.stderr:write(string.format("wargrid: selfplay: stopped by Ctrl-C "
                                  .. "after %d of %d games\n", c.tally.games,
                                  r.games))
  elseif c.ans then
    header.games, header.cap = c.tally.games, r.games
  end
  print_report(c.game, header, c.tally:summary(), c.opts.json,
               c.ans or { width = r.width })
  return host.interrupted() and INTERRUPTED or 0
end

M.selfplay.run = common.steps {
  read_selfplay_options,
  load_run,
  play_shard,
  play_games,
  print_run_report,
}

-- The arms of a comparison played side by side, batch by batch: the base,
-- and each variant while it has no answer. Each arm: game, name,
-- records, tally; a variant's answer once it stops.
local function compare_run(r, arms)
  local m = common.meter()
  local sequential = r["until"] or r.sprt
  local base, n = arms[1], 0
  m:plan(#arms, 0, expected(r, 0))
  repeat
    local to = sequential and selfplay.checkpoint(n, r.games) or r.games
    local scores = {}   -- the base's games of this batch, by index
    for k, arm in ipairs(arms) do
      if k == 1 or not arm.answer then
        play(arm.game, r, n, to, function(rec)
          arm.tally:add(rec)
          if k == 1 then
            scores[rec.index] = selfplay.score_of(rec)
            m:game("base: " .. score_text(arm.tally:summary().first))
          else
            arm.diffs:add(scores, rec)
            m:game(change_text(arm.name, base.tally:summary().first,
                               arm.tally:summary().first, arm.diffs))
          end
        end)
      end
    end
    n = to
    base.at[n] = base.tally:summary()
    if sequential then
      local needed, open = 0, 0
      local b = base.at[n].first
      for k = 2, #arms do
        local arm = arms[k]
        if not arm.answer then
          local v = arm.tally:summary().first
          local _, lo, hi = stats.change(b, v, arm.diffs)
          local a = answer(r, n, arm.diffs.ns, arm.diffs.xs, lo, hi)
          if a.stop then arm.answer = a else open = open + 1 end
          needed = r["until"] and math.max(needed,
            stats.needed_change(b, v, r["until"], arm.diffs) or r.games)
        end
      end
      m:plan(open > 0 and open + 1 or 0, n, expected(r, n, needed))
    end
    local done = true
    for k = 2, #arms do done = done and arms[k].answer ~= nil end
  until not sequential or done or host.interrupted()
  m:clear()
end

local read_compare_options = common.options("compare", RUN_SPEC,
                                            M.compare.help)

-- The arguments compare takes: a game and variant files, none of
-- selfplay's own options.
local function check_arguments(c)
  local opts = c.opts
  if opts.variant or opts.shard or opts.records then
    common.usage_error("compare: name the variant files after the game; "
                       .. "--shard and --records are for selfplay")
  end
  if #c.pos < 2 then
    common.usage_error("compare: give a game and at least one variant file")
  end
end

-- The arms (c.arms): the base game, then each variant, every one loaded
-- and checked to come from the game before any play; the run (c.r).
local function load_arms(c)
  local opts = c.opts
  local base = common.load_game("compare", c.pos, opts)
  c.r = run_settings("compare", opts)
  c.arms = { { game = base, name = "base" } }
  for _, file in ipairs(c.pos) do
    local v = common.load_game("compare", {},
                               { variant = file, option = opts.option })
    local from = v
    while from and from.name ~= base.name do from = from.base end
    if not from then
      common.usage_error("compare: %s is not a variant of %s", file,
                         base.name)
    end
    c.arms[#c.arms + 1] = { game = v, name = file }
  end
  for _, arm in ipairs(c.arms) do
    arm.tally, arm.diffs = selfplay.tally(c.r.pairs),
                           selfplay.differences(c.r.pairs)
  end
  c.arms[1].at = {}   -- the base's summary after each batch, by games
end

-- Plays the arms side by side; Ctrl-C stops them, and the run, with no
-- report.
local function play_arms(c)
  host.on_interrupt()
  compare_run(c.r, c.arms)
  if host.interrupted() then
    io.stderr:write("wargrid: compare: stopped by Ctrl-C\n")
    return INTERRUPTED
  end
end

-- The header of an arm's report: the variant file, and the games played
-- when the run went on until an answer.
local function arm_header(c, arm, file)
  local h = header_of(arm.game, c.r, { variant = file,
                                       option = c.opts.option })
  if c.r["until"] or c.r.sprt then
    h.games, h.cap = arm.tally.games, c.r.games
  end
  return h
end

-- The base's report, in words (c.text) and as JSON (c.out).
local function report_base(c)
  local base, r = c.arms[1], c.r
  local st = base.tally:summary()
  c.out = { base = selfplay.report_table(base.game.sides, arm_header(c, base),
                                         st, { width = r.width }),
            variants = {} }
  c.text = { selfplay.report(base.game.sides, arm_header(c, base), st,
                             { width = r.width }) }
end

-- Each variant's report, and what it changes against the base's games
-- with the same seeds.
local function report_variants(c)
  local arms, r = c.arms, c.r
  for k = 2, #arms do
    local arm = arms[k]
    local st = arm.tally:summary()
    local h = arm_header(c, arm, arm.name)
    local ans = arm.answer or { width = r.width }
    local lines, t = selfplay.compare(arm.name, arms[1].at[st.games], st,
                                      ans, arm.diffs)
    c.text[#c.text + 1] = selfplay.report(arm.game.sides, h, st,
                                          { width = r.width })
    c.text[#c.text + 1] = lines
    t.file = arm.name
    t.report = selfplay.report_table(arm.game.sides, h, st,
                                     { width = r.width })
    c.out.variants[#c.out.variants + 1] = t
  end
end

-- The comparison, in words or as JSON.
local function print_comparison(c)
  if c.opts.json then
    print(json.encode(c.out))
  else
    print(table.concat(c.text, "\n\n"))
  end
end

M.compare.run = common.steps {
  read_compare_options,
  check_arguments,
  load_arms,
  play_arms,
  report_base,
  report_variants,
  print_comparison,
}

local SAME_RUN = { "game", "variant", "options", "white", "black", "seed",
                   "games", "max_plies", "pairs", "opening" }

-- A record of a shard file is well formed: the fields the report reads.
local function valid_record(rec)
  if type(rec) ~= "table" then return false end
  if rec.type == "run" then
    local function text_or_nil(v) return v == nil or type(v) == "string" end
    return type(rec.game) == "string" and math.type(rec.games) == "integer"
           and math.type(rec.seed) == "integer" and text_or_nil(rec.variant)
           and text_or_nil(rec.white) and text_or_nil(rec.black)
           and (rec.max_plies == nil or math.type(rec.max_plies) == "integer")
           and (rec.pairs == nil or type(rec.pairs) == "boolean")
           and (rec.opening == nil or math.type(rec.opening) == "integer")
  end
  local whole = common.whole
  return rec.type == "game" and math.type(rec.index) == "integer"
         and whole(rec.plies, 0, math.maxinteger >> 32)
         and whole(rec.winner, 0, 2) and whole(rec.first, 1, 2)
         and type(rec.reason) == "string"
         and (rec.cutoff == nil or type(rec.cutoff) == "boolean")
end

local parse_stats = common.options("stats", { json = "flag",
                                              width = "value" })

-- Reads the arguments; --help, or none, prints the help (none is a usage
-- error: exit 2).
local function read_stats_options(c)
  parse_stats(c)
  if c.opts.help or c.pos[1] == nil then
    print(M.stats.help)
    return c.opts.help and 0 or 2
  end
end

-- The subcommand (merge, the only one) and its shard files.
local function check_merge(c)
  if c.pos[1] ~= "merge" then
    common.usage_error("stats: unknown subcommand %s (try 'merge')",
                       quote(c.pos[1]))
  end
  if #c.pos < 2 then
    common.usage_error("stats merge: give the shard files")
  end
end

-- The shard files read: the run's header (c.header), and its games in
-- order, each once (c.records).
local function read_shards(c)
  local header, records = common.read_shards("stats merge",
    table.move(c.pos, 2, #c.pos, 1, {}),
    { header = "run", same = SAME_RUN, valid = valid_record,
      what = "a selfplay record" })
  header.missing = #records < header.games
  c.header, c.records = header, records
end

-- The report of the whole run, under the rules its header names.
local function print_merged(c)
  local header, opts = c.header, c.opts
  local game = header.variant and loader.load_file(header.variant)
               or loader.load(header.game)
  print_report(game, header, selfplay.summarize(c.records, header.pairs),
               opts.json,
               { width = opts.width and width("stats merge", "--width",
                                              opts.width) })
end

M.stats.run = common.steps {
  read_stats_options,
  check_merge,
  read_shards,
  print_merged,
}

return M
