-- wargrid.selfplay: many games between two players, and what they say about a
-- game -- win rates with Wilson intervals, game length, how games end -- for
-- `wargrid selfplay`, `compare` and `stats merge`.
--
-- A run plays games 0..N-1; game i uses seed S + i (for the players and for
-- chance in the game), so a run can be split into shards (i mod N = I - 1)
-- and merged again into exactly the same report. M.run plays a shard, in
-- one process or in a pool of `wargrid selfplay` processes.
local ai = require "wargrid.ai"
local core = require "wargrid.core"
local json = require "wargrid.json"
local loader = require "wargrid.loader"

local M = {}

-- M.wilson(k, n [, z]) -> the Wilson score interval of k successes in n
function M.wilson(k, n, z)
  z = z or 1.96
  if n == 0 then return 0, 1 end
  local p = k / n
  local z2 = z * z
  local d = 1 + z2 / n
  local centre = (p + z2 / (2 * n)) / d
  local half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / d
  return math.max(0, centre - half), math.min(1, centre + half)
end

-- M.diff(k1, n1, k2, n2) -> p1 - p2 and Newcombe's interval for it (from
-- the two Wilson intervals)
function M.diff(k1, n1, k2, n2)
  local p1, p2 = k1 / n1, k2 / n2
  local l1, u1 = M.wilson(k1, n1)
  local l2, u2 = M.wilson(k2, n2)
  local d = p1 - p2
  return d, d - math.sqrt((p1 - l1) ^ 2 + (u2 - p2) ^ 2),
            d + math.sqrt((u1 - p1) ^ 2 + (p2 - l2) ^ 2)
end

-- M.play(game, players, index, seed, max_plies) -> record of one game, or
-- nil when Ctrl-C stopped it (core.on_interrupt). players[side] is a
-- function(game, s, seed) -> action.
function M.play(game, players, index, seed, max_plies)
  local s = assert(game:new(nil, seed))
  local first = s:side()
  local plies = 0
  local rec = { type = "game", index = index, seed = seed, first = first }
  while true do
    if core.interrupted() then return nil end  -- Ctrl-C: the game is lost
    local out = game:legal(s)
    if out:size() == 0 then
      local winner, reason, score = game:result(s)
      rec.winner, rec.reason, rec.score = winner,
                                          reason or "no legal action", score
      break
    end
    if plies >= max_plies then
      rec.winner, rec.reason = 0, "move limit"
      break
    end
    local who = s:decider()
    -- a player sees what its side may know, never the hidden truth
    local seen = game:hidden() and game:view(s, who, seed * 104729 + plies) or s
    local a = players[who](game, seen, seed * 7919 + plies)
    game:play(s, a)
    plies = plies + 1
  end
  rec.plies = plies
  return rec
end

-- M.players(white, black) -> { [1] = fn, [2] = fn }, or nil, message
function M.players(white, black)
  local p1, e1 = ai.player(white)
  if not p1 then return nil, e1 end
  local p2, e2 = ai.player(black)
  if not p2 then return nil, e2 end
  return { p1, p2 }
end

-- M.indices(games, shard, nshards) -> the game indices of one shard
function M.indices(games, shard, nshards)
  local out = {}
  for i = shard - 1, games - 1, nshards do out[#out + 1] = i end
  return out
end

-- M.summarize(records) -> the statistics of a set of game records
function M.summarize(records)
  local n = #records
  local s = { games = n, wins = { 0, 0 }, draws = 0, first_wins = 0,
              reasons = {} }
  local sum, sq, min, max = 0, 0, math.huge, 0
  for _, r in ipairs(records) do
    if r.winner == 1 or r.winner == 2 then
      s.wins[r.winner] = s.wins[r.winner] + 1
      if r.winner == r.first then s.first_wins = s.first_wins + 1 end
    else
      s.draws = s.draws + 1
    end
    s.reasons[r.reason] = (s.reasons[r.reason] or 0) + 1
    sum, sq = sum + r.plies, sq + r.plies * r.plies
    min, max = math.min(min, r.plies), math.max(max, r.plies)
  end
  local mean = n > 0 and sum / n or 0
  local var = n > 1 and (sq - n * mean * mean) / (n - 1) or 0
  s.length = { mean = mean, sd = math.sqrt(math.max(0, var)),
               min = n > 0 and min or 0, max = max }
  return s
end

-- ---- playing a run -----------------------------------------------------

local function shell_quote(s)
  return "'" .. tostring(s):gsub("'", "'\\''") .. "'"
end

-- The wargrid executable the workers run: this one, or the build's when the
-- stdlib runs in a plain Lua (busted).
local function exe_path()
  local exe = core.exe()
  if exe and exe:match("/wargrid$") then return exe end
  return loader.exe
end

-- A progress bar on stderr, for a whole run on a terminal (a shard is quiet).
local function progress(r, done, total)
  if r.shard[2] > 1 or not core.isatty(2) then return end
  local width = 30
  local fill = total > 0 and math.floor(width * done / total) or width
  io.stderr:write(string.format("\r  [%s%s] %d/%d games", ("#"):rep(fill),
                                ("."):rep(width - fill), done, total))
  if done == total then io.stderr:write("\r", (" "):rep(width + 24), "\r") end
  io.stderr:flush()
end

-- Starts worker k of the pool: `wargrid selfplay` on shard `shard` of n,
-- through a shell whose first line out is the worker's process id (exec
-- keeps it), its stderr kept in a file for when it fails. WARGRID_PARENT
-- tells it the pool's process, with which it dies (core.die_with_parent);
-- it gets the pool's budget for scripts.
local function start_worker(r, shard, n)
  local limits = core.budget()
  local parts = { "echo $$; WARGRID_PARENT=$PPID exec",
                  shell_quote(r.exe or exe_path()), "selfplay",
                  "--instruction-limit", limits.instructions // 1000000,
                  "--time-limit", string.format("%.17g", limits.seconds),
                  "--memory-limit", limits.memory }
  for _, a in ipairs(r.target) do parts[#parts + 1] = shell_quote(a) end
  for _, o in ipairs(r.options or {}) do
    parts[#parts + 1] = "--option " .. shell_quote(o)
  end
  for _, kv in ipairs { { "games", r.games }, { "seed", r.seed },
                        { "white", r.white }, { "black", r.black },
                        { "max-plies", r.max_plies },
                        { "shard", shard .. "/" .. n } } do
    parts[#parts + 1] = "--" .. kv[1] .. " " .. shell_quote(kv[2])
  end
  local w = { err = os.tmpname() }
  parts[#parts + 1] = "2>" .. shell_quote(w.err)
  w.h = io.popen(table.concat(parts, " "))
  w.pid = w.h:read("l")
  return w
end

-- Why worker k of the pool failed, from its exit and the last line it
-- wrote on stderr: the message, and 2 when the worker refused its input
-- (which is then the run's input) or 1.
local function worker_failure(w, k, jobs, how, code)
  local last
  local f = io.open(w.err)
  if f then
    for line in f:lines() do
      if line:match("%S") then last = line end
    end
    f:close()
  end
  last = last and last:gsub("^wargrid: ", ""):gsub("^internal error: ", "")
  if how == "exit" and code == 2 and last then return last, 2 end
  return string.format("selfplay job %d of %d failed (%s %d)%s", k, jobs,
                       how == "exit" and "exit status" or "signal", code,
                       last and ": " .. last or ""), 1
end

-- Plays the run's games in r.jobs workers; on_game(record) as each ends.
local function run_pool(r, mine, on_game)
  local workers = {}
  local n = r.shard[2] * r.jobs
  for k = 1, r.jobs do
    workers[k] = start_worker(r, (r.shard[1] - 1) + r.shard[2] * (k - 1) + 1,
                              n)
  end
  local records, open, failed, status = {}, r.jobs, nil, nil
  local function going() return not failed and not core.interrupted() end
  while open > 0 and going() do
    for k, w in ipairs(workers) do
      if w.h and going() then
        local line = w.h:read("l")  -- nil when Ctrl-C interrupts it
        local rec = line and json.decode(line)
        if rec and rec.type == "game" then
          records[#records + 1] = rec
          on_game(rec)
          progress(r, #records, #mine)
        elseif not line and going() then
          local ok, how, code = w.h:close()
          w.h = nil
          open = open - 1
          if not ok then
            failed, status = worker_failure(w, k, r.jobs, how, code)
          end
        end
      end
    end
  end
  for _, w in ipairs(workers) do
    if w.h then  -- the run has failed or was stopped: the others stop
      if w.pid and w.pid:match("^%d+$") then
        os.execute("kill " .. w.pid .. " 2>/dev/null")
      end
      w.h:close()
    end
    os.remove(w.err)
  end
  if failed then return nil, failed, status end
  return records
end

-- M.run(game, r [, on_game]) -> the records of the games of shard
-- r.shard = { I, N } of a run, sorted by game index; or nil, a message and
-- an exit status (2: a worker refused the run's input, 1: a worker failed).
-- r: games, seed, players (M.players), white and black (their specs),
-- max_plies, jobs (processes; 1 plays here), and for the workers target
-- (the arguments naming the game: { NAME } or { "--variant", FILE }),
-- options (the --option settings) and exe (the program; default wargrid).
-- on_game(record) is called as each game ends. When Ctrl-C stops the run
-- (core.on_interrupt), it returns the games finished and sets
-- r.interrupted.
function M.run(game, r, on_game)
  on_game = on_game or function() end
  local mine = M.indices(r.games, r.shard[1], r.shard[2])
  progress(r, 0, #mine)
  local records
  if r.jobs == 1 then
    records = {}
    for _, i in ipairs(mine) do
      local rec = M.play(game, r.players, i, r.seed + i, r.max_plies)
      if not rec then break end
      records[#records + 1] = rec
      on_game(rec)
      progress(r, #records, #mine)
    end
  else
    local err, status
    records, err, status = run_pool(r, mine, on_game)
    if not records then return nil, err, status end
  end
  r.interrupted = core.interrupted()
  if r.interrupted then progress(r, #mine, #mine) end  -- clears the bar
  table.sort(records, function(a, b) return a.index < b.index end)
  return records
end

-- ---- what a run says ---------------------------------------------------

local function pct(x) return string.format("%5.1f%%", 100 * x) end

local function interval(k, n)
  local lo, hi = M.wilson(k, n)
  return string.format("%s  [%s, %s]", pct(n > 0 and k / n or 0), pct(lo),
                       pct(hi))
end

-- M.report(sides, header, stats) -> text
function M.report(sides, header, st)
  local lines = {}
  local function add(fmt, ...) lines[#lines + 1] = string.format(fmt, ...) end
  add("%s: %d games%s, %s (%s) vs %s (%s), seeds %d..%d", header.game, st.games,
      header.missing and string.format(" of %d", header.games) or "",
      sides[1], header.white, sides[2], header.black, header.seed,
      header.seed + header.games - 1)
  local n = st.games
  add("  %-14s %5d  %s", sides[1] .. " wins", st.wins[1],
      interval(st.wins[1], n))
  add("  %-14s %5d  %s", sides[2] .. " wins", st.wins[2],
      interval(st.wins[2], n))
  add("  %-14s %5d  %s", "draws", st.draws, interval(st.draws, n))
  add("  %-14s %5d  %s", "first player", st.first_wins,
      interval(st.first_wins, n))
  add("  length: mean %.1f actions, sd %.1f, min %d, max %d", st.length.mean,
      st.length.sd, st.length.min, st.length.max)
  local reasons = {}
  for r, k in pairs(st.reasons) do reasons[#reasons + 1] = { r = r, k = k } end
  table.sort(reasons, function(a, b)
    return a.k > b.k or (a.k == b.k and a.r < b.r)
  end)
  local parts = {}
  for _, x in ipairs(reasons) do
    parts[#parts + 1] = string.format("%s %s", x.r,
                                      pct(x.k / n):gsub("^ +", ""))
  end
  add("  ended by: %s", table.concat(parts, ", "))
  return table.concat(lines, "\n")
end

-- M.report_table(sides, header, stats) -> the report as a table (for JSON)
function M.report_table(sides, header, st)
  local n = st.games
  local function entry(k)
    local lo, hi = M.wilson(k, n)
    return { count = k, rate = n > 0 and k / n or 0, low = lo, high = hi }
  end
  local out = {
    game = header.game, variant = header.variant, options = header.options,
    white = header.white, black = header.black, seed = header.seed,
    games = st.games, planned = header.games,
    wins = { [sides[1]] = entry(st.wins[1]), [sides[2]] = entry(st.wins[2]) },
    draws = entry(st.draws), first_player = entry(st.first_wins),
    length = st.length, ended_by = {},
  }
  for r, k in pairs(st.reasons) do
    out.ended_by[r] = { count = k, rate = k / n }
  end
  return out
end

-- M.compare(base, other) -> lines on what changed from base to other
function M.compare(name, a, b)
  local lines = { string.format("%s against the base game (%d and %d games):",
                                name, b.games, a.games) }
  local function line(label, k2, k1)
    local d, lo, hi = M.diff(k2, b.games, k1, a.games)
    lines[#lines + 1] = string.format("  %-22s %+6.1f points  [%+.1f, %+.1f]",
                                      label, 100 * d, 100 * lo, 100 * hi)
  end
  line("first-player win rate", b.first_wins, a.first_wins)
  line("draw rate", b.draws, a.draws)
  local d = b.length.mean - a.length.mean
  local se = math.sqrt(a.length.sd ^ 2 / math.max(a.games, 1)
                       + b.length.sd ^ 2 / math.max(b.games, 1))
  lines[#lines + 1] = string.format("  %-22s %+6.1f actions [%+.1f, %+.1f]",
                                    "game length", d, d - 1.96 * se,
                                    d + 1.96 * se)
  return table.concat(lines, "\n")
end

return M
