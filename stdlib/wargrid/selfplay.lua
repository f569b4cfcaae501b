-- wargrid.selfplay: many games between two players, for `wargrid selfplay`,
-- `compare` and `stats merge`: playing them, and their report -- win
-- rates, the first player's score, game length, how and whether games
-- ended (wargrid.stats has the numbers and the words).
--
-- A run plays games 0..N-1; game i uses seed S + i (for the players and for
-- chance in the game), so a run can be split into shards (i mod N = I - 1)
-- and merged again into exactly the same report, and played in batches
-- that stop at fixed game counts (M.checkpoint) whatever the processes.
-- M.run plays a shard or a batch, in one process or in a pool of processes
-- forked from it.
local ai = require "wargrid.ai"
local core = require "wargrid.core"
local host = require "wargrid.host"
local json = require "wargrid.json"
local record = require "wargrid.record"
local replay = require "wargrid.replay"
local stats = require "wargrid.stats"

local M = {}

-- M.play(game, players, index, seed, max_plies [, info [, opts]]) ->
-- record of one game, or nil when Ctrl-C stopped it (host.on_interrupt);
-- opts.opening: the first actions are that many drawn at random, whoever
-- plays; opts.chance: the seed of the game's chance and of those random
-- actions (default seed, which the players draw on); opts.swap: each
-- player plays the other side; opts.watch(s, plies, rec), when given,
-- sees each position a side is to act in, before it acts. players[side]
-- is a function(game, s, seed, legal) -> action, legal being s's legal
-- actions. A side's legal actions depend only on what it may know (else
-- choosing would tell it what it may not), so the list of the true state
-- serves the player's view of it too. A game ended by a limit rather than
-- decided (the move limit, or a reason the game lists in its `cutoffs`) is
-- marked cutoff = true. With info (the tags of
-- wargrid.replay.log), the game's record too, as text in rec.text.
function M.play(game, players, index, seed, max_plies, info, opts)
  host.budget { unit = "game", default = 600, spent = 0 }
  opts = opts or {}
  local opening, watch, chance = opts.opening or 0, opts.watch,
                                 opts.chance or seed
  if opts.swap then players = { players[2], players[1] } end
  local s = assert(game:new(nil, chance))
  local first = s:side()
  local plies = 0
  local rec = { type = "game", index = index, seed = seed, first = first }
  local log
  if info then
    info.seed = chance
    log = replay.log(game, info)
  end
  local ending
  local hidden, view = game:hidden(), nil
  -- A random player of a game that draws a playout's action itself
  -- (game:random_action) needs no list: the game may count its actions
  -- and make only the one drawn, the one ai.random would pick. Like a
  -- playout, it takes a random_action that is no function for none.
  local draws = {}
  if type(game.random_action) == "function" and not hidden then
    for side, player in pairs(players) do
      draws[side] = player == ai.random
    end
  end
  local out = core.actions()   -- one list, filled again each ply
  while true do
    if host.interrupted() then return nil end  -- Ctrl-C: the game is lost
    local who = s:decider()
    local a, over
    -- an end the rules declare though actions remain (game:over)
    local winner, reason, score
    if game.over then winner, reason, score = game:over(s) end
    if winner ~= nil then
      over = true
    elseif draws[who] then
      out:clear()
      a = game:random_action(s, out, ai.draw(s, (plies < opening and chance
                                                 or seed) * 7919 + plies))
      over = a == nil
    else
      over = game:legal(s, out):size() == 0
    end
    if over then
      if winner == nil then winner, reason, score = game:result(s) end
      rec.winner, rec.reason, rec.score = winner,
                                          reason or "no legal action", score
      rec.cutoff = game:cut_off(reason) or nil
      ending = log and game:outcome(s)
      break
    end
    if plies >= max_plies then
      rec.winner, rec.reason, rec.cutoff = 0, "move limit", true
      ending = { result = "1/2-1/2", reason = string.format(
        "move limit of %d actions", max_plies) }
      break
    end
    if watch then watch(s, plies, rec) end
    if plies < opening and not draws[who] then
      a = ai.random(game, s, chance * 7919 + plies, out)
    elseif not draws[who] then
      -- a player sees what its side may know, never the hidden truth
      if hidden then view = game:view(s, who, seed * 104729 + plies, view) end
      a = players[who](game, view or s, seed * 7919 + plies, out)
    end
    if log then log:play(s, a) else game:play(s, a) end
    plies = plies + 1
  end
  rec.plies = plies
  if log then rec.text = record.write(log:record(ending)) end
  return rec
end

-- M.record_path(dir, games, index) -> the file of game index's record in
-- dir: its index, zero-padded to three digits (007.pgn), or to the width of
-- the last one in a run of more than a thousand games, so that the names
-- sort as the games were played
function M.record_path(dir, games, index)
  local width = math.max(3, #tostring(math.max(games - 1, 0)))
  return string.format("%s/%0" .. width .. "d.pgn", dir, index)
end

-- The tags of a run's records (r.records set), for M.play.
local function record_info(r)
  return r.records and { event = "wargrid selfplay", white = r.white,
                         black = r.black, variant = r.variant }
end

-- Writes a game's record (rec.text) to its file in r.records, unless the
-- run hands records on in their JSON lines (r.records "-"); true, or nil
-- and a message.
local function keep_record(r, rec)
  local text = rec.text
  if not text or r.records == "-" then return true end
  local path = M.record_path(r.records, r.games, rec.index)
  rec.text = nil
  local ok, err = replay.save(path, text)
  return ok, err and "cannot write the record " .. path .. ": " .. err
end

-- M.players(white, black) -> { [1] = fn, [2] = fn }, or nil, message
function M.players(white, black)
  local p1, e1 = ai.player(white)
  if not p1 then return nil, e1 end
  local p2, e2 = ai.player(black)
  if not p2 then return nil, e2 end
  return { p1, p2 }
end

-- M.span(games, shard, nshards [, from]) -> the game indices of one shard
-- (from on) as a span: span.n of them, span[k] the k-th (computed, not
-- kept: a run of 100,000 games holds no list of them)
function M.span(games, shard, nshards, from)
  local first = shard - 1
  if (from or 0) > first then
    first = first + (from - first + nshards - 1) // nshards * nshards
  end
  local n = first <= games - 1 and (games - 1 - first) // nshards + 1 or 0
  return setmetatable({ n = n }, { __index = function(_, k)
    return first + (k - 1) * nshards
  end })
end

-- M.indices(games, shard, nshards [, from]) -> the game indices of one
-- shard (from on), as a list
function M.indices(games, shard, nshards, from)
  local span, out = M.span(games, shard, nshards, from), {}
  for k = 1, span.n do out[k] = span[k] end
  return out
end

-- M.checkpoint(n, cap) -> the game count at which a run that goes on until
-- an answer (--until, --sprt) looks again, having played n games: every 20
-- games, then every 10% or so. The counts depend on nothing but n, so a
-- seed gives the same games, the same stop and the same report with any
-- number of processes.
function M.checkpoint(n, cap)
  return math.min(cap, n + 20 * math.max(1, n // 200))
end

-- ---- playing a run -----------------------------------------------------

-- Plays game i of run r and keeps its record; the record, or nil and a
-- message (a record that cannot be written), or nil (Ctrl-C stopped it).
-- The opts of M.play for game i of run r: r.play's; in a run of pairs
-- (r.pairs), games 2k and 2k + 1 share their chance and opening (the seed
-- of game 2k), the players swapping sides in the second.
function M.game_opts(r, i)
  if not r.pairs then return r.play end
  local o = {}
  for k, v in pairs(r.play or {}) do o[k] = v end
  o.chance, o.swap = r.seed + i - i % 2, i % 2 == 1
  return o
end

local function play_game(game, r, i)
  local rec = M.play(game, r.players, i, r.seed + i, r.max_plies,
                     record_info(r), M.game_opts(r, i))
  if not rec then return nil end  -- Ctrl-C
  local ok, err = keep_record(r, rec)
  if not ok then return nil, err end
  return rec
end

-- The complete lines that have come from worker w (a socket end of
-- host.fork), each passed to fn; false when w has ended. The rest of a
-- line waits in buf[w].
local function take_lines(w, buf, fn)
  local data = w:read()
  if not data then return false end
  local text = (buf[w] or "") .. data
  local from = 1
  for line, after in text:gmatch("([^\n]*)\n()") do
    fn(line)
    from = after
  end
  buf[w] = text:sub(from)
  return true
end

-- What a worker does: it reads chunks "FIRST COUNT" of the run's list of
-- game indices from its socket, plays each game and sends back its record
-- as a JSON line, until the socket ends. An error is sent as a line
-- { type = "error" } (raise: an error raised by the game or a player,
-- to raise again in the pool; message: a record not written).
local function serve_chunks(game, r, indices, ch)
  local buf, failed = {}, nil
  local function chunk(line)
    local first, count = line:match("^(%d+) (%d+)$")
    for k = tonumber(first), tonumber(first) + tonumber(count) - 1 do
      if failed then return end
      local ok, rec, err = pcall(play_game, game, r, indices[k])
      if not ok then
        failed = { type = "error", raise = type(rec) == "table"
                   and rec.msg or tostring(rec) }
      elseif not rec then
        failed = { type = "error", message = err }
      end
      ch:send(json.encode(failed or rec) .. "\n")
    end
  end
  while not failed and take_lines(ch, buf, chunk) do end
  return failed and 1 or 0
end

-- M.chunk(left, jobs) -> how many of the games left a worker of a pool
-- of jobs gets next: a share of them (guided self-scheduling), so the
-- first chunks are big (few round trips) and the last ones small (the
-- processes end together).
function M.chunk(left, jobs)
  return math.max(1, math.ceil(left / (2 * jobs)))
end

-- A worker's start-up, measured: the fork takes milliseconds, but its
-- heap then grows to a game's working set page by page, as this
-- process's did on its first games: about 0.1 s of CPU for Courier's
-- random games (6,600 page faults). The pool forks its workers once the
-- games left would keep each busy for five start-ups at the pace of the
-- games so far: a run shorter than that is played here alone, so two
-- jobs are never slower than one on a short run.
M.PAYS = 0.5

-- M.run(game, r [, on_game]) -> the records of the games of shard
-- r.shard = { I, N } of a run from game r.from (default 0) on, sorted by
-- game index; or nil, a message and an exit status (2: a record could
-- not be written, 1: a worker failed).
-- r: games, seed, players (M.players), white and black (their specs),
-- max_plies, jobs (processes), play (M.play's opts), pairs (games in
-- pairs: M.game_opts), keep (false: the records are not kept, on_game
-- has each; M.run returns an empty list); records: a
-- directory where each game's record is written (named by
-- M.record_path; "-": in its JSON line instead, as text), variant: the
-- variant file, for the records' tags.
-- on_game(record) is called as each game ends. When Ctrl-C stops the run
-- (host.on_interrupt; host.interrupted() tells), it returns the games
-- finished.
--
-- This process plays games one at a time. With r.jobs > 1, once the
-- games left pay for it (M.PAYS, at the pace of its games so far), it
-- forks r.jobs - 1 workers, which have the game loaded already; each
-- gets chunks of games (M.chunk), two ahead so it never waits for this
-- one to finish a game, and sends back each record as a JSON line. The
-- report is the same whatever the jobs: game i has seed r.seed + i in
-- any process.
function M.run(game, r, on_game)
  on_game = on_game or function() end
  local indices = M.span(r.games, r.shard[1], r.shard[2], r.from)
  local nextk, records, workers = 1, {}, {}
  local owed, buf, started = {}, {}, false  -- owed[w]: its chunks' sizes
  local failed, status, raise
  local played, spent = 0, 0  -- this process's games, their CPU seconds

  local function got(rec)
    if r.keep ~= false then records[#records + 1] = rec end
    on_game(rec)
  end
  -- reaps w, which has ended or been told to: a failure unless it had
  -- played all it was given and ended well
  local function finish(w)
    local ok, how, code = w:wait()
    if not failed and not host.interrupted() and (not ok or #owed[w] > 0)
    then
      failed, status = string.format("selfplay job %d of %d failed (%s %d)",
                                     workers[w], r.jobs, how == "exit"
                                     and "exit status" or "signal", code), 1
    end
    workers[w] = nil
  end
  -- keeps two chunks ahead in w, or ends it when there are no more (once
  -- the run has failed or Ctrl-C stopped it, w is stopped and read to its
  -- end instead)
  local function feed(w)
    if failed or host.interrupted() then return end
    while #owed[w] < 2 and nextk <= indices.n do
      local n = M.chunk(indices.n - nextk + 1, r.jobs)
      owed[w][#owed[w] + 1] = n
      w:send(nextk .. " " .. n .. "\n")
      nextk = nextk + n
    end
    if #owed[w] == 0 then finish(w) end
  end
  local function line_of(w, line)
    local rec = json.decode(line)
    if type(rec) ~= "table" or rec.type ~= "game" then
      if not failed then  -- a record not written is the input's (2)
        local why = type(rec) == "table" and rec.message
        failed = why or "selfplay job " .. workers[w] .. " sent " .. line
        status = why and 2 or 1
        raise = type(rec) == "table" and rec.raise or nil
      end
      return
    end
    got(rec)
    owed[w][1] = owed[w][1] - 1
    if owed[w][1] == 0 then table.remove(owed[w], 1) end
  end
  -- takes what the workers sent, waiting up to ms milliseconds (-1: until
  -- one sends)
  local function serve(ms)
    local list = {}
    for w in pairs(workers) do list[#list + 1] = w end
    for _, k in ipairs(host.poll(list, ms)) do
      local w = list[k]
      if take_lines(w, buf, function(line) line_of(w, line) end) then
        feed(w)
      else
        finish(w)
      end
    end
  end
  local function start()
    started = true
    for k = 2, r.jobs do
      local w = host.fork(function(ch) return serve_chunks(game, r, indices,
                                                           ch) end)
      workers[w], owed[w] = k, {}
      feed(w)
    end
  end

  local ok, err = pcall(function()
    while not failed and not host.interrupted() do
      if nextk <= indices.n then
        local t0 = host.usage().cpu
        local rec, why = play_game(game, r, indices[nextk])
        nextk = nextk + 1
        if not rec then
          failed, status = why, why and 2  -- no why: Ctrl-C stopped it
        else
          got(rec)
          played, spent = played + 1, spent + host.usage().cpu - t0
          local left = indices.n - nextk + 1
          if r.jobs > 1 and not started
             and left * spent / played / r.jobs > M.PAYS then
            start()
          end
          if next(workers) then serve(0) end
        end
      elseif next(workers) then
        serve(-1)
      else
        break
      end
    end
  end)
  -- a failure or Ctrl-C: the workers stop, and what they sent is read
  for w in pairs(workers) do w:kill() end
  while next(workers) do serve(-1) end
  if not ok then error(err, 0) end
  if raise then error(raise, 0) end
  if failed then return nil, failed, status end
  table.sort(records, function(x, y) return x.index < y.index end)
  return records
end

-- ---- what a run says ---------------------------------------------------

-- A game's score for its first player: 1, 1/2 or 0.
local function first_score(r)
  if r.winner == r.first then return 1 end
  return (r.winner == 1 or r.winner == 2) and 0 or 0.5
end

-- M.tally([paired]) -> the statistics of no game yet; tally:add(record)
-- adds a game's, in any order, and tally:summary() is what M.summarize
-- gives of those games. Only counts and sums are kept, never a game: the
-- memory of a run is the same after 100,000 games as after 1,000. Games
-- paired (games 2k and 2k + 1: M.game_opts) are counted by pair too, a
-- pair waiting for its second game.
local Tally = {}
Tally.__index = Tally

-- Counts pair k's score x: the pair's mean into counts (of stats.PAIRS)
-- once its other game is in waiting.
local function pair(counts, waiting, k, x)
  local other = waiting[k]
  if other then
    local i = stats.slot(stats.PAIRS, (x + other) / 2)
    counts[i] = counts[i] + 1
    waiting[k] = nil
  else
    waiting[k] = x
  end
end

function M.tally(paired)
  return setmetatable({ games = 0, wins = { 0, 0 }, draws = 0,
                        first_wins = 0, reasons = {}, cutoffs = 0, cut = {},
                        ended = 0, sum = 0, sq = 0, min = math.huge, max = 0,
                        pairs = paired and { 0, 0, 0, 0, 0 },
                        waiting = paired and {},
                        match = paired and { w = 0, d = 0, l = 0,
                                             pairs = { 0, 0, 0, 0, 0 } },
                        match_waiting = paired and {} }, Tally)
end

function Tally:add(r)
  self.games = self.games + 1
  if r.winner == 1 or r.winner == 2 then
    self.wins[r.winner] = self.wins[r.winner] + 1
    if r.winner == r.first then self.first_wins = self.first_wins + 1 end
  else
    self.draws = self.draws + 1
  end
  self.reasons[r.reason] = (self.reasons[r.reason] or 0) + 1
  if r.cutoff then
    self.cutoffs = self.cutoffs + 1
    self.cut[r.reason] = (self.cut[r.reason] or 0) + 1
  else
    self.ended = self.ended + 1
    self.sum, self.sq = self.sum + r.plies, self.sq + r.plies * r.plies
    self.min, self.max = math.min(self.min, r.plies),
                         math.max(self.max, r.plies)
  end
  if self.pairs then
    local k, x = r.index // 2, first_score(r)
    pair(self.pairs, self.waiting, k, x)
    -- the white player's score: side 1's in game 2k, side 2's in 2k + 1
    local s1 = r.winner == 1 and 1 or r.winner == 2 and 0 or 0.5
    local a = r.index % 2 == 0 and s1 or 1 - s1
    local m = self.match
    if a == 1 then m.w = m.w + 1 elseif a == 0 then m.l = m.l + 1
    else m.d = m.d + 1 end
    pair(m.pairs, self.match_waiting, k, a)
  end
end

-- tally:summary() -> wins per side, draws, the first player's tally
-- (first = { w, d, l }, as wargrid.stats takes it, with pairs: the
-- counts of M.PAIRS of the pairs complete), the endings, the games cut off
-- (cut: by reason; they count as the draws they are), and the length of
-- the games that ended, the cut-off ones left out.
function Tally:summary()
  local n, ended = self.games, self.ended
  local function copy(t)
    if not t then return nil end
    local out = {}
    for k, v in pairs(t) do out[k] = v end
    return out
  end
  local s = { games = n, wins = { self.wins[1], self.wins[2] },
              draws = self.draws, first_wins = self.first_wins,
              reasons = copy(self.reasons), cutoffs = self.cutoffs,
              cut = copy(self.cut) }
  s.first = { w = s.first_wins, d = s.draws, l = n - s.first_wins - s.draws,
              pairs = copy(self.pairs) }
  local m = self.match
  s.match = m and { w = m.w, d = m.d, l = m.l, pairs = copy(m.pairs) }
  local mean = ended > 0 and self.sum / ended or 0
  local var = ended > 1 and (self.sq - ended * mean * mean) / (ended - 1)
              or 0
  s.length = { games = ended, mean = mean, sd = math.sqrt(math.max(0, var)),
               min = ended > 0 and self.min or 0, max = self.max }
  return s
end

-- M.summarize(records [, paired]) -> the statistics of a set of game
-- records (tally:summary()).
function M.summarize(records, paired)
  local t = M.tally(paired)
  for _, r in ipairs(records) do t:add(r) end
  return t:summary()
end

-- M.score_of(record) -> the game's score for its first player (1, 1/2,
-- 0)
M.score_of = first_score

-- M.differences(paired) -> the counts of the change in the first player's
-- score from the base's games to a variant's of the same seeds, as
-- wargrid.stats' change takes them (ns over the values xs, per: games of
-- each a change is made of). d:add(base, record) counts a variant's game
-- against the base's (base: the base's scores by game index, M.score_of);
-- of paired games (M.game_opts), a variant's pair once both its games are
-- in, against the base's pair.
local Differences = {}
Differences.__index = Differences

function M.differences(paired)
  local xs = paired and stats.PAIR_DIFFERENCES or stats.PENTANOMIAL
  local ns = {}
  for i = 1, #xs do ns[i] = 0 end
  return setmetatable({ xs = xs, ns = ns, per = paired and 2 or 1,
                        waiting = {} }, Differences)
end

function Differences:add(base, r)
  local x = first_score(r)
  local d
  if self.per == 1 then
    d = base[r.index] and x - base[r.index]
  else
    local k = r.index // 2
    local other = self.waiting[k]
    self.waiting[k] = not other and x or nil
    local b1, b2 = base[2 * k], base[2 * k + 1]
    d = other and b1 and b2 and (x + other - b1 - b2) / 2
  end
  if d then
    local i = stats.slot(self.xs, d)
    self.ns[i] = self.ns[i] + 1
  end
end

local pairs_note, pair_count, counts_text

local function pct(x) return string.format("%5.1f%%", 100 * x) end
local function pts(x)
  return (string.format("%.1f", 100 * x):gsub("%.0$", ""))
end
local function signed(x) return (x >= 0 and "+" or "-") .. pts(math.abs(x)) end

local function interval(k, n)
  local lo, hi = stats.wilson(k, n)
  return string.format("%s  [%s, %s]", pct(n > 0 and k / n or 0), pct(lo),
                       pct(hi))
end

-- ", in pairs: each opening with each player on each side" for a run of
-- pairs (header.pairs), with its random opening actions.
function pairs_note(header)
  local opening = header.opening and header.opening > 0
                  and string.format(" (%d random actions)", header.opening)
                  or ""
  if header.pairs then
    return ", in pairs: each opening" .. opening .. " with each player on "
           .. "each side"
  end
  return opening ~= "" and ", each opening" .. opening or ""
end

-- The pairs counted (a table of counts).
function pair_count(ns)
  local n = 0
  for _, k in ipairs(ns) do n = n + k end
  return n
end

-- Counts over values as "0: 3, 0.5: 5, ...", each value times scale,
-- with its sign when plus, the values never seen left out.
function counts_text(ns, xs, scale, plus)
  local parts = {}
  for i, x in ipairs(xs) do
    if ns[i] > 0 then
      local v = (string.format("%.2f", x * scale):gsub("0+$", "")
                                                 :gsub("%.$", ""))
      if plus and x > 0 then v = "+" .. v end
      parts[#parts + 1] = v .. ": " .. ns[i]
    end
  end
  return #parts > 0 and table.concat(parts, ", ") or "none yet"
end

-- Counts by reason as a list { r =, k = }, most first.
local function by_count(counts)
  local list = {}
  for r, k in pairs(counts) do list[#list + 1] = { r = r, k = k } end
  table.sort(list, function(a, b)
    return a.k > b.k or (a.k == b.k and a.r < b.r)
  end)
  return list
end

-- What cut games off: "20 at the move limit (400 actions), 3 by the turn
-- limit", most first.
local function cut_text(st, max_plies)
  local parts = {}
  for _, x in ipairs(by_count(st.cut)) do
    parts[#parts + 1] = x.r == "move limit"
      and string.format("%d at the move limit (%d actions)", x.k, max_plies)
      or string.format("%d by %s", x.k, x.r)
  end
  return table.concat(parts, ", ")
end

local function length_text(st)
  local l = st.length
  if l.games == 0 then return "no game ended: all were cut off" end
  return string.format("mean %.1f actions, sd %.1f, min %d, max %d, over %s",
                       l.mean, l.sd, l.min, l.max,
                       st.cutoffs == 0
                       and (l.games == 1 and "the one game"
                            or "all " .. stats.games(l.games))
                       or string.format("the %s that ended",
                                        stats.games(l.games)))
end

-- The lines on how a run that went on until an answer stopped: what
-- stopped it and its test. a = { stop = { reason =, games = }, ["until"]
-- = width, sprt = stats.sprt's state }; h0 and h1 tell the hypotheses.
local function stop_lines(a, lines, h0, h1)
  local stop = a.stop
  if not stop then return end
  local n = stats.count(stop.games)
  if stop.reason == "width" then
    lines[#lines + 1] = string.format("  stopped after %s games: the "
      .. "interval is narrower than %s points", n, pts(a["until"]))
  elseif stop.reason == "H0" or stop.reason == "H1" then
    lines[#lines + 1] = string.format("  stopped after %s games: the SPRT "
                                      .. "accepted %s", n, stop.reason)
  else
    local before = {}
    if a["until"] then
      before[#before + 1] = "the interval narrowed to "
                            .. pts(a["until"]) .. " points"
    end
    if a.sprt then before[#before + 1] = "the SPRT decided" end
    lines[#lines + 1] = string.format("  stopped at the cap of %s games, "
      .. "before %s", n, table.concat(before, " or "))
  end
  local t = a.sprt
  if t then
    lines[#lines + 1] = string.format("  SPRT (alpha %g, beta %g): H0 %s, "
      .. "H1 %s: LLR %.2f, bounds %.2f and %.2f: %s", t.alpha, t.beta, h0,
      h1, t.llr, t.lower, t.upper,
      t.result and t.result .. " accepted" or "undecided")
  end
end

-- The line on the games a width needs: n (nil: beyond reach), the
-- interval's width now, the width asked, whose games.
local function needed_line(n, now, width, of)
  -- the width now, to the digits that tell it from the width asked
  local text = string.format(pts(now) == pts(width) and "%.2f" or "%.1f",
                             100 * now)
  if now < width then
    return string.format("  the interval is already narrower than %s points"
                         .. " (%s)", pts(width), text)
  end
  if not n then
    return string.format("  no number of games would narrow the interval "
                         .. "to %s points", pts(width))
  end
  return string.format("  about %s games%s would narrow the interval to %s "
                       .. "points wide (it is %s now)", stats.about(n), of,
                       pts(width), text)
end

-- M.report(sides, header, stats [, answer]) -> text: the numbers, how the
-- run stopped when it went on until an answer, the games the interval
-- width answer.width (default stats.WIDTH) needs, and the verdict.
function M.report(sides, header, st, a)
  a = a or {}
  local lines = {}
  local function add(fmt, ...) lines[#lines + 1] = string.format(fmt, ...) end
  add("%s: %s%s, %s (%s) vs %s (%s), seeds %d..%d%s", header.game,
      stats.games(st.games),
      header.missing and string.format(" of %d", header.games) or "",
      sides[1], header.white, sides[2], header.black, header.seed,
      header.seed + header.games - 1, pairs_note(header))
  local n = st.games
  local function row(label, k, text) add("  %-18s %7s  %s", label, k, text) end
  row(sides[1] .. " wins", st.wins[1], interval(st.wins[1], n))
  row(sides[2] .. " wins", st.wins[2], interval(st.wins[2], n))
  row("draws", st.draws, interval(st.draws, n))
  row("first player wins", st.first_wins, interval(st.first_wins, n))
  local p, lo, hi = stats.score(st.first)
  row("first player score", string.format("%.1f", st.first_wins
                                                  + st.draws / 2),
      string.format("%s  [%s, %s]", pct(p), pct(lo), pct(hi)))
  local pairs = st.first.pairs
  if pairs then
    row("pairs", pair_count(pairs), "the first player's points a pair: "
        .. counts_text(pairs, stats.PAIRS, 2, false))
  end
  local m = st.match
  if m and header.white ~= header.black then
    -- a match: the white player's score, each player on both sides
    local mp, mlo, mhi = stats.score { w = m.w, d = m.d, l = m.l }
    row("match", string.format("%d-%d-%d", m.w, m.d, m.l),
        string.format("%s  [%s, %s]  %s against %s, won-drawn-lost",
                      pct(mp), pct(mlo), pct(mhi), header.white,
                      header.black))
    local _, plo, phi = stats.score(m)
    row("match pairs", pair_count(m.pairs), string.format(
      "%s  [%s, %s]  its points a pair: %s", pct(mp), pct(plo), pct(phi),
      counts_text(m.pairs, stats.PAIRS, 2, false)))
  end
  row("cut off", st.cutoffs, pct(n > 0 and st.cutoffs / n or 0)
      .. (st.cutoffs > 0 and "  " .. cut_text(st, header.max_plies) or ""))
  add("  length: %s", length_text(st))
  local parts = {}
  for _, x in ipairs(by_count(st.reasons)) do
    parts[#parts + 1] = string.format("%s %s", x.r,
                                      pct(x.k / n):gsub("^ +", ""))
  end
  add("  ended by: %s", table.concat(parts, ", "))
  if n == 0 then
    add("verdict: no game was played")
    return table.concat(lines, "\n")
  end
  local t = a.sprt
  stop_lines(a, lines,
             t and "the first player scores " .. pts(t.h0) .. "%",
             t and pts(t.h1) .. "%")
  local width = a.width or stats.WIDTH
  lines[#lines + 1] = needed_line(stats.needed(st.first, width), hi - lo,
                                  width, "")
  add("verdict: %s", (stats.verdict(st.first, st.cutoffs)))
  return table.concat(lines, "\n")
end

-- M.report_table(sides, header, stats [, answer]) -> the report as a table
-- (for JSON)
function M.report_table(sides, header, st, a)
  a = a or {}
  local n = st.games
  local function entry(k)
    local lo, hi = stats.wilson(k, n)
    return { count = k, rate = n > 0 and k / n or 0, low = lo, high = hi }
  end
  local p, lo, hi = stats.score(st.first)
  local out = {
    game = header.game, variant = header.variant, options = header.options,
    white = header.white, black = header.black, seed = header.seed,
    games = st.games, planned = header.games, cap = header.cap,
    wins = { [sides[1]] = entry(st.wins[1]), [sides[2]] = entry(st.wins[2]) },
    draws = entry(st.draws), first_player = entry(st.first_wins),
    first_player_score = { points = st.first_wins + st.draws / 2, rate = p,
                           low = lo, high = hi },
    cut_off = { count = st.cutoffs, rate = n > 0 and st.cutoffs / n or 0,
                by = st.cut, max_plies = header.max_plies },
    length = { mean = st.length.mean, sd = st.length.sd, min = st.length.min,
               max = st.length.max, games = st.length.games,
               cut_off_included = false },
    ended_by = {}, stop = a.stop, sprt = a.sprt, ["until"] = a["until"],
    width = a.width or stats.WIDTH, opening = header.opening,
    pairs = st.first.pairs and { counts = st.first.pairs,
                                 values = stats.PAIRS },
  }
  local m = st.match
  if m and header.white ~= header.black then
    local score, low, high = stats.score { w = m.w, d = m.d, l = m.l }
    local _, plow, phigh = stats.score(m)
    out.match = { player = header.white, opponent = header.black, won = m.w,
                  drawn = m.d, lost = m.l, score = score, low = low,
                  high = high, pairs = { counts = m.pairs,
                                         values = stats.PAIRS, low = plow,
                                         high = phigh } }
  end
  for r, k in pairs(st.reasons) do
    out.ended_by[r] = { count = k, rate = k / n }
  end
  if n > 0 then
    out.games_needed = stats.needed(st.first, out.width)
    local text, code = stats.verdict(st.first, st.cutoffs)
    out.verdict = { text = text, code = code }
  end
  return out
end

-- The change from k1 of n1 to k2 of n2 and its interval (Newcombe's).
local function rate_change(k1, n1, k2, n2)
  local l1, h1 = stats.wilson(k1, n1)
  local l2, h2 = stats.wilson(k2, n2)
  return stats.mover(k1 / n1, l1, h1, k2 / n2, l2, h2)
end

-- M.compare(name, base, other [, answer [, diffs]]) -> the lines on what
-- changed from the base's summary to the variant's (over games of the
-- same seeds: diffs, M.differences, pairs them), ending with the verdict;
-- and the same as a table (for JSON)
function M.compare(name, a, b, ans, diffs)
  ans = ans or {}
  local lines = { string.format("%s against the base game (%s each):",
                                name, stats.games(b.games)) }
  local out = {}
  -- a change and its interval, shown in unit (times scale)
  local function line(key, label, unit, scale, d, lo, hi)
    out[key] = { diff = d, low = lo, high = hi }
    lines[#lines + 1] = string.format("  %-22s %+7.1f %-7s [%+.1f, %+.1f]",
                                      label, scale * d, unit, scale * lo,
                                      scale * hi)
  end
  line("first_player_score", "first player score", "points", 100,
       stats.change(a.first, b.first, diffs))
  line("balance", "distance from 50%", "points", 100,
       stats.balance_change(a.first, b.first))
  line("draw_rate", "draw rate", "points", 100,
       rate_change(a.draws, a.games, b.draws, b.games))
  line("cut_off_rate", "cut-off rate", "points", 100,
       rate_change(a.cutoffs, a.games, b.cutoffs, b.games))
  local la, lb = a.length, b.length
  if la.games > 0 and lb.games > 0 then
    local d = lb.mean - la.mean
    local se = math.sqrt(la.sd ^ 2 / la.games + lb.sd ^ 2 / lb.games)
    line("length", "length (games ended)", "actions", 1, d,
         d - stats.Z * se, d + stats.Z * se)
    out.length.games = { la.games, lb.games }
  else
    lines[#lines + 1] = "  length (games ended)   no game ended in one of "
                        .. "them"
  end
  if diffs then
    lines[#lines + 1] = string.format("  %-22s %7d  %s", diffs.per == 2
      and "pairs of pairs" or "pairs of games", pair_count(diffs.ns),
      "the change a pair: " .. counts_text(diffs.ns, diffs.xs, 1, true))
    out.pairs = { counts = diffs.ns, values = diffs.xs }
  end
  local t = ans.sprt
  stop_lines(ans, lines,
             t and "the score changes by " .. signed(t.h0) .. " points",
             t and signed(t.h1))
  local width = ans.width or stats.WIDTH
  local d = out.first_player_score
  out.width, out.stop, out.sprt = width, ans.stop, ans.sprt
  out.games_needed = stats.needed_change(a.first, b.first, width, diffs)
  lines[#lines + 1] = needed_line(out.games_needed, d.high - d.low, width,
                                  " of each")
  local text, change, balance = stats.compare_verdict(a.first, b.first,
                                                      a.cutoffs, b.cutoffs,
                                                      diffs)
  out.verdict = { text = text, change = change, balance = balance }
  lines[#lines + 1] = "verdict: " .. text
  return table.concat(lines, "\n"), out
end

return M
