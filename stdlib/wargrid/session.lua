-- wargrid.session: a game being played whose rules may change under it.
-- A session holds the rules (loaded from their file, afresh), the state,
-- and the log of the actions played (wargrid.replay), and watches every
-- file the rules were loaded from: the script, the games it is built on,
-- a folder game's modules. When one changes, session:reload() loads the
-- rules again in a fresh sandbox, replays the game so far under them, and
-- goes on from the same position; if an action is now illegal, from the
-- last position where the game was still legal; if the new rules do not
-- load, under the old ones. `wargrid play` and `wargrid serve` use it.
--
-- Nothing a rules file does on a reload ends the session: a file larger
-- than MAX_BYTES is refused unread, and the reload is first tried in a
-- child process (host.trial), which the budget or, past its time limit and
-- MARGIN seconds, the session kills, and which nothing it does there can
-- harm (a script stuck in a C function ends only the child). Only when the
-- child has loaded the rules and replayed the game are they loaded here,
-- from the same files (scripts are deterministic: the child foretells it).
--
--   local sess = session.open { source = { file = "x.lua" }, seed = 1 }
--   sess:play(action)
--   if sess:changed() then print(sess:reload().line) end
--   sess:save("game.pgn")
local host = require "wargrid.host"
local json = require "wargrid.json"
local record = require "wargrid.record"
local replay = require "wargrid.replay"
local short = require("wargrid.text").short

local M = {}

M.MAX_BYTES = 1048576  -- the most a rules file may hold (the games: 48 KB)
M.MARGIN = 8           -- seconds a reload's trial may take past --time-limit

local Session = {}
Session.__index = Session

-- What the file looks like now: its modification time and size, or
-- "gone".
local function stamp(path)
  local mtime, size = host.mtime(path)
  return mtime and mtime .. ":" .. size or "gone"
end

-- The first of files larger than MAX_BYTES, and the line telling it
local function oversized(files)
  for _, f in ipairs(files) do
    local mtime, size = host.mtime(f)
    if mtime and size > M.MAX_BYTES then
      return f, string.format("%s is %d bytes, more than a rules file may "
                              .. "hold (%d)", f, size, M.MAX_BYTES)
    end
  end
end

function Session:watch(files)
  self.files, self.stamps = files, {}
  for _, f in ipairs(files) do self.stamps[f] = stamp(f) end
end

-- session:changed() -> the watched files that changed since the rules
-- were (re)loaded, or nil
function Session:changed()
  local out = {}
  for _, f in ipairs(self.files) do
    if stamp(f) ~= self.stamps[f] then out[#out + 1] = f end
  end
  return #out > 0 and out or nil
end

-- The log's record tags: the session's, and those a record it continues
-- gave (its Event and Date).
local function log_info(self)
  local i = self.info
  return { seed = self.seed, position = self.position,
           variant = self.source.file, white = i.white, black = i.black,
           event = i.event, date = i.date }
end

-- session.open(spec) -> session; raises a message when the rules do not
-- load or the position is bad. spec: source ({ file = path } or { name =
-- game }, and options = { "aces", ... }), seed, position (nil: the game's
-- start), info (white, black, event, date: the record's tags).
function M.open(spec)
  local self = setmetatable({ source = spec.source, seed = spec.seed or 0,
                              position = spec.position,
                              info = spec.info or {} }, Session)
  local path = replay.path(spec.source)
  local big, why = oversized { path, path and path .. "/init.lua" }
  if big then error(why, 0) end
  local game, files = replay.load(spec.source)
  self:watch(files)
  local s, err = game:new(spec.position, self.seed)
  if not s then error(err, 0) end
  self.game, self.s = game, s
  self.log = replay.log(game, log_info(self))
  return self
end

-- session.continue(rec, spec) -> session, and the line a replay had to
-- say (nil when every action did what the record says); raises a message
-- naming what is wrong with the record (an action now illegal, too).
-- spec.source: other rules than the record's own; spec.info: the players.
function M.continue(rec, spec)
  local source = spec.source
  if not source then
    local err
    source, err = replay.source(rec)
    if not source then error(err, 0) end
  end
  local setup = replay.setup(rec)
  local info = spec.info or {}
  info.event = info.event or record.tag(rec, "Event")
  info.date = info.date or record.tag(rec, "Date")
  local self = M.open { source = source, seed = setup.seed,
                        position = setup.start, info = info }
  local report, err = replay.run(self.game, rec)
  if not report then error(err, 0) end
  if report.illegal then
    error(string.format("line %d: cannot go on: %s", report.illegal.line,
                        replay.illegal_line(report.illegal)), 0)
  end
  self.s, self.log = report.state, report.log
  self.log.info = log_info(self)
  local note
  if report.differs then
    local d = report.differs
    note = string.format("note: action %d (%s) now does something else than "
                         .. "the record says (its hash)", d.index,
                         short(d.text))
  end
  return self, note
end

-- session:play(a [, told]) -> the log's entry for it
function Session:play(a, told)
  return self.log:play(self.s, a, told)
end

-- session:undo(who) -> true, or false and why not: back to before the
-- last action side `who` decided (all of its macro's: entries with the
-- same `macro` mark), and the others' since, unless one of them (that one
-- included) was chance's (BW-H2)
function Session:undo(who)
  local entries = self.log.entries
  local k = #entries
  while k >= 1 and entries[k].who ~= who do k = k - 1 end
  if k < 1 then return false, "nothing of yours to undo" end
  while k > 1 and entries[k].macro and entries[k - 1].macro == entries[k].macro
  do
    k = k - 1
  end
  for i = #entries, k, -1 do
    if entries[i].chance then
      return false, string.format("cannot undo past %s: %s (BW-H2)",
                                  entries[i].action, entries[i].chance)
    end
  end
  self.log:undo(self.s, k)
  return true
end

-- session:record() -> the record of the game so far (wargrid.record's
-- table), with its result when the game is over
function Session:record()
  return self.log:record(self.game:outcome(self.s))
end

-- session:save(path) -> true, or nil and a message: the record written
-- atomically (replay.save)
function Session:save(path)
  return replay.save(path, record.write(self:record()))
end

local function names(files)
  return table.concat(files, ", ")
end

-- The reload itself, in this process: the rules loaded afresh, the game
-- replayed under them, and taken unless they failed (session:reload).
local function reload_here(self, changed)
  local ok, game, files = pcall(replay.load, self.source)
  local big, too_big = oversized(ok and files or {})
  if big then ok, game = false, too_big end
  local why = string.format("rules reloaded (%s changed)", names(changed))
  if not ok then
    return { status = "failed",
             line = string.format("%s did not load: %s; play goes on under "
                                  .. "the old rules", names(changed),
                                  tostring(game)) }
  end
  local report, err = replay.run(game, self:record(), { old = self.game })
  if not report then
    return { status = "failed",
             line = string.format("%s: the new rules refuse the game's "
                                  .. "start: %s; play goes on under the old "
                                  .. "rules", names(changed), err) }
  end
  for _, f in ipairs(files) do
    if not self.stamps[f] then self.stamps[f] = stamp(f) end
  end
  self.files = files
  self.game, self.s, self.log = game, report.state, report.log
  self.log.info = log_info(self)
  local parts = {}
  local d, ill = report.differs, report.illegal
  if d then
    parts[#parts + 1] = string.format("action %d (%s) now does something "
                                      .. "else%s", d.index, short(d.text),
                                      d.changes and " (" .. table.concat(
                                        d.changes, ", ") .. ")" or "")
  end
  if ill then
    parts[#parts + 1] = replay.illegal_line(ill)
    parts[#parts + 1] = string.format("play goes on from before it (%d "
                                      .. "actions)", ill.index - 1)
    return { status = "illegal", line = why .. ": " .. table.concat(parts,
                                                                  "; ") }
  end
  if not d then
    parts[#parts + 1] = report.actions == 0 and "no actions yet"
                        or report.actions == 1
                           and "the one action so far replayed, legal"
                        or string.format("the %d actions so far replayed, "
                                         .. "all legal", report.actions)
  end
  parts[#parts + 1] = "play goes on"
  return { status = "reloaded", line = why .. ": " .. table.concat(parts,
                                                                 "; ") }
end

local function not_reloaded(changed, why)
  return { status = "failed",
           line = string.format("rules not reloaded (%s changed): %s; play "
                                .. "goes on under the old rules",
                                names(changed), why) }
end

-- Why a trial that did not return failed, in a few words
local function trial_failure(t, seconds)
  local said = t.err:match("^[^\n]+")
  if t.ended == "deadline" then
    return string.format("loading them and replaying the game took more "
                         .. "than %g s (--time-limit and %g s more)",
                         seconds, M.MARGIN)
  elseif said then
    return said:gsub("^wargrid: ", "")
  elseif t.ended == "signal" then
    return string.format("the process trying them was killed (signal %d)",
                         t.code)
  end
  return string.format("the process trying them failed (exit status %d)",
                       t.code)
end

-- session:reload([changed]) -> { status =, line = }: loads the rules again
-- afresh and replays the game so far under them. status: "reloaded" (all
-- actions legal; play goes on from the same position, or from the one
-- they now give), "illegal" (play goes on from before the first action
-- now illegal), or "failed" (the rules did not load, or the start is not
-- a position under them, or a file is larger than MAX_BYTES, or the trial
-- was stopped: play goes on under the old ones). line: one line telling
-- it; changed: the files that changed (for the line).
function Session:reload(changed)
  changed = changed or self:changed() or self.files
  self:watch(self.files)  -- a change from now on is seen at the next poll
  local big, why = oversized(self.files)
  if big then return not_reloaded(changed, why) end
  local seconds = host.budget().seconds + M.MARGIN
  local t = host.trial(function()
    local r = reload_here(self, changed)
    local seen = {}   -- each file as this load read it
    for _, f in ipairs(self.files) do
      seen[#seen + 1] = { f, self.stamps[f] }
    end
    return json.encode { status = r.status, line = r.line, seen = seen }
  end, seconds)
  if not t.ok then return not_reloaded(changed, trial_failure(t, seconds)) end
  local tried = json.decode(t.out)
  if tried.status == "failed" then
    return { status = tried.status, line = tried.line }
  end
  for _, f in ipairs(tried.seen) do
    if stamp(f[1]) ~= f[2] then
      -- tried again at the next look
      for _, c in ipairs(changed) do self.stamps[c] = "retry" end
      return not_reloaded(changed, f[1] .. " changed while they were tried")
    end
  end
  return reload_here(self, changed)
end

return M
