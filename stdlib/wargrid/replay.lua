-- wargrid.replay: a game's records. A log notes a game as it is played and
-- makes its record (wargrid.record's table, M.write makes the text); M.run
-- plays a record's actions again under rules -- the record's own, or
-- changed ones -- and says what changed: the first action now illegal (and
-- why, by game:explain), the first that now does something else (the
-- position's hash after it differs from the one recorded, or from the one
-- the record's own rules give), or the result.
--
-- Courier's records (a game whose declaration has `pgn`) are PGN as XBoard
-- and pychess write it: moves in SAN (wargrid.san) with Fairy-Stockfish's
-- letters, [Variant "courier"], and the start in [FEN] with [SetUp "1"]
-- (always: XBoard's own Courier start is not Fairy-Stockfish's, whose
-- pawns and queen have made their opening moves). Historical Courier's
-- records are plain XBoard Courier games. A Courier Army record differs
-- from what XBoard accepts in three ways, all of them the rules': its FEN
-- has a seventh field, the opening moves still owed (C-O1); its opening
-- moves (a2a4, the queen's g1g3: Fg3) and its Jester's diagonal steps are
-- illegal in XBoard's Courier, whose Jester is a Wazir. XBoard loads the
-- tags and stops at the first such move; wargrid reads XBoard's and
-- pychess's Courier records whole (as historical Courier, when they name
-- no [Game]).
local host = require "wargrid.host"
local gamemod = require "wargrid.game"
local lfs = require "lfs"
local loader = require "wargrid.loader"
local record = require "wargrid.record"
local san = require "wargrid.san"
local text_of = require "wargrid.text"

local M = {}

-- ---- notation ---------------------------------------------------------

local function pgn(game) return game.def.pgn end

-- M.text(game, s, a) -> the action as the game's records write it
function M.text(game, s, a)
  if pgn(game) then return san.write(game, s, a) end
  return game:action_text(s, a)
end

-- M.parse(game, s, text) -> the legal action a record's text names, or
-- nil and what is wrong
function M.parse(game, s, text)
  if pgn(game) then return san.read(game, s, text) end
  return game:parse_action(s, text)
end

-- M.hash(s) -> the position's hash as a record writes it: 8 hex digits
function M.hash(s)
  return string.format("%08x", s:hash() & 0xffffffff)
end

-- Does a recorded hash (4 to 16 hex digits) fit the state's?
local function same_hash(s, recorded)
  local full = string.format("%016x", s:hash())
  return full:sub(-#recorded) == recorded
end

-- ---- results ----------------------------------------------------------

local RESULT = { [0] = "1/2-1/2", "1-0", "0-1" }

-- M.result_of(outcome) -> PGN's result ("*" while the game goes on)
function M.result_of(outcome)
  return outcome and RESULT[outcome.winner] or "*"
end

-- ---- writing: a log of the game as it is played -------------------------

local Log = {}
Log.__index = Log

-- M.log(game, info) -> a log of a game. info: seed (of the game's
-- chance), position (the text the game started from; nil: the game's
-- start), variant (the file of the rules, or nil), white and black (the
-- players), event, date ("YYYY.MM.DD"; default today), hashes (false: no
-- hash comments).
function M.log(game, info)
  info = info or {}
  return setmetatable({ game = game, info = info, entries = {},
                        fullmove = game.V and game.V.fullmove }, Log)
end

-- The turn number before the action, and whether it starts a turn of the
-- record: the game's own turn (s:turn() + 1) and side, or in PGN the move
-- number, a new one for each White move.
function Log:marker(s)
  local prev = self.entries[#self.entries]
  local side = s:side()
  if pgn(self.game) then
    local n = self.fullmove and s:var(self.fullmove) or s:turn() // 2 + 1
    if side == 1 then return n, false end
    if not prev or self.info.hashes ~= false then return n, true end
    return nil
  end
  local n = s:turn() + 1
  if prev and prev.turn_n == n and prev.side == side then return nil end
  return n, prev ~= nil and prev.turn_n == n
end

-- What chance has decided so far: the generator and every deck's cards.
local function chance_of(game, s)
  local n = type(game.def.decks) == "number" and game.def.decks
            or #(game.deck_names or {})
  local decks = {}
  for d = 1, n do decks[d] = table.concat(s:cards(d), ",") end
  return s:rng(), table.concat(decks, "/")
end

-- log:play(s, a [, log]) -> the entry: plays action a on s (game:play,
-- which appends what happened to log) and notes it. An entry: text (as the
-- record writes it), action (as the game writes it: game:action_text),
-- who (the side that decided), mark (to undo to), hash (after it), chance
-- (what chance did, if anything: "it turned cards", "it drew on the random
-- generator"; BW-H2 lets no undo pass it).
function Log:play(s, a, told)
  local game = self.game
  local e = { text = M.text(game, s, a), who = s:decider(), side = s:side(),
              turn_n = s:turn() + 1, mark = s:mark() }
  e.action = pgn(game) and game:action_text(s, a) or e.text
  e.turn, e.cont = self:marker(s)
  local rng, decks = chance_of(game, s)
  game:play(s, a, told)
  local rng2, decks2 = chance_of(game, s)
  if decks2 ~= decks then
    e.chance = "it turned cards"
  elseif rng2 ~= rng then
    e.chance = "it drew on the random generator"
  end
  e.hash = M.hash(s)
  self.entries[#self.entries + 1] = e
  return e
end

-- log:undo(s, k): back to before entry k
function Log:undo(s, k)
  s:undo(self.entries[k].mark)
  for i = #self.entries, k, -1 do self.entries[i] = nil end
end

-- The --option settings a game was given, as the Options tag writes them.
local function options_text(game)
  local names, parts = {}, {}
  for name in pairs(game.given or {}) do names[#names + 1] = name end
  table.sort(names)
  for _, name in ipairs(names) do
    local v = game.given[name].value
    parts[#parts + 1] = v == true and name or name .. "=" .. tostring(v)
  end
  return #parts > 0 and table.concat(parts, " ") or nil
end

-- log:record([ending]) -> the record of the game so far. ending: the
-- outcome (game:outcome) when the game is over, or { result =, reason = }
-- when it was stopped and scored (adjudication).
function Log:record(ending)
  local game, info, p = self.game, self.info, pgn(self.game)
  local rec = record.new()
  local function tag(name, value)
    if value ~= nil then rec.tags[#rec.tags + 1] = { name = name,
                                                    value = value } end
  end
  local result = ending and (ending.result or M.result_of(ending)) or "*"
  tag("Event", info.event or "wargrid")
  if p then tag("Site", "?") end
  tag("Date", info.date or os.date("%Y.%m.%d"))
  if p then tag("Round", "-") end
  tag("White", info.white or "?")
  tag("Black", info.black or "?")
  tag("Result", result)
  tag("Game", game.name)
  tag("Variant", info.variant or p and p.variant)
  tag("Options", options_text(game))
  tag("Seed", tostring(info.seed or 0))
  local start = info.position or game:start_text()
  if p then
    tag("SetUp", "1")
    tag("FEN", start)
  elseif start ~= game:start_text() then
    tag("Position", start)
  end
  if ending then
    tag("Termination", ending.result and "adjudication: " .. ending.reason
                       or ending.reason)
  end
  local hashes = info.hashes ~= false
  for i, e in ipairs(self.entries) do
    if p and not hashes and not e.turn and i > 1 then
      -- PGN's moves of one number, with nothing between them, read back
      -- as one text: "1. a4 a5"
      local last = rec.actions[#rec.actions]
      last.text = last.text .. " " .. e.text
    else
      rec.actions[#rec.actions + 1] = {
        text = e.text, turn = e.turn, cont = e.cont or nil,
        sep = i > 1 and not e.turn and "," or nil,
        hash = hashes and e.hash or nil,
      }
    end
  end
  rec.result = result
  return rec
end

-- ---- reading: the rules and start of a record -----------------------------

-- Where a tag stands, for messages: "line 5: tag Seed" (or "tag Seed").
local function where(rec, name)
  for _, t in ipairs(rec.tags) do
    if t.name == name then
      return t.line and string.format("line %d: tag %s", t.line, name)
             or "tag " .. name
    end
  end
  return "tag " .. name
end

-- A relative Variant path is the record's own directory's first (rec.dir,
-- set by whoever read the record from a file), so that a record and its
-- rules travel together; else the current directory's, where `play --save`
-- was run (and where the loader says that it is missing).
local function beside(rec, variant)
  local dir = rec.dir
  if not dir or dir == "." or variant:sub(1, 1) == "/" then return variant end
  local there = dir:gsub("/+$", "") .. "/" .. variant
  return lfs.attributes(there, "mode") and there or variant
end

-- M.source(rec) -> how to load the record's own rules: { file = path } or
-- { name = game }, and the option settings; or nil and what is wrong.
-- Variant is a file when it names one (a path, or a .lua file); else it is
-- XBoard's variant name: "courier" is historical Courier unless a Game tag
-- names the game. A relative path is looked for in the record's directory
-- (rec.dir) first, then in the current one. A record is anyone's: the file
-- it names is run as an untrusted script, and must be a .lua file or a
-- game's folder, so that a record cannot have any file of the machine read
-- as a script (its syntax error would show a word of it).
function M.source(rec)
  local variant, name = record.tag(rec, "Variant"), record.tag(rec, "Game")
  local options = {}
  for word in (record.tag(rec, "Options") or ""):gmatch("%S+") do
    options[#options + 1] = word
  end
  if variant and (variant:find("/", 1, true) or variant:match("%.lua$")) then
    variant = beside(rec, variant)
    if not variant:match("%.lua$")
       and lfs.attributes(variant, "mode") ~= "directory" then
      return nil, string.format("%s: %s is no variant file (a .lua file or "
                                .. "a game's folder)", where(rec, "Variant"),
                                text_of.quote(variant))
    end
    return { file = variant, options = options }
  end
  if name then return { name = name, options = options } end
  if variant then
    -- the game that claims records of this [Variant] (its pgn.claims)
    local known = {}
    for _, g in ipairs(loader.list()) do
      local ok, game = pcall(loader.load, g)
      local its = ok and game.def.pgn
      if its and its.claims and its.variant then
        if its.variant:lower() == variant:lower() then
          return { name = g, options = options }
        end
        known[#known + 1] = its.variant
      end
    end
    return nil, string.format("%s: %s is neither a variant file nor a "
                              .. "variant wargrid knows (%s)",
                              where(rec, "Variant"), text_of.quote(variant),
                              table.concat(known, ", "))
  end
  return nil, "no Game or Variant tag: which game is it?"
end

-- M.path(source) -> the script of the rules a source names, or nil, message
function M.path(source)
  if source.file then return source.file end
  return loader.find(source.name)
end

-- M.load(source) -> game, files: the rules loaded afresh (no cache) from
-- their file, with the options set; raises a message (the loader's, or
-- what is wrong with an option).
function M.load(source)
  local path, err = M.path(source)
  if not path then error(err, 0) end
  local game, files = loader.load_file(path)
  return game:with_options(source.options), files
end

-- M.setup(rec) -> { seed =, start = text or nil }: the record's seed and
-- start position; or nil and what is wrong
function M.setup(rec)
  local seed = record.tag(rec, "Seed")
  return { seed = seed and math.tointeger(tonumber(seed)) or 0,
           start = record.tag(rec, "FEN") or record.tag(rec, "Position"),
           start_tag = record.tag(rec, "FEN") and "FEN" or "Position" }
end

-- M.start(game, rec) -> the state the record starts from under game, or
-- nil and what is wrong (naming the tag)
function M.start(game, rec)
  local setup = M.setup(rec)
  local start = setup.start
  if start and pgn(game) then
    -- XBoard leaves out the castling and en passant fields of a variant
    -- that has neither: "... w 0 1"
    start = start:gsub("^(%S+ [wb]) (%d+ %d+)$", "%1 - - %2")
  end
  local s, err = game:new(start, setup.seed)
  if not s then
    return nil, string.format("%s: %s", where(rec, setup.start_tag), err)
  end
  return s
end

-- M.actions(game, rec) -> the record's action texts, in order, with their
-- entries: a SAN record's "a4 a5" (two moves without a comment between)
-- is split in two. Each item: { text =, hash =, line =, index = }.
function M.actions(game, rec)
  local out = {}
  for _, a in ipairs(rec.actions) do
    local words = {}
    if pgn(game) then
      for w in a.text:gmatch("%S+") do words[#words + 1] = w end
    else
      words[1] = a.text
    end
    for i, w in ipairs(words) do
      out[#out + 1] = { text = w, line = a.line, index = #out + 1,
                        hash = i == #words and a.hash or nil }
    end
  end
  return out
end

-- ---- replaying --------------------------------------------------------

-- "f6 (now I, was empty)": the squares whose pieces differ between two
-- states of the same board, and the side to act if it differs.
local function piece_at(game, s, sq)
  local pid = s:at(sq)
  if not pid then
    -- an empty square: its dynamic layers (Trenches' debris), if any
    local names = {}
    for bit, name in pairs(game.layer_names or {}) do
      local layer = game.def.board.layers[name]
      if layer.dynamic and s:has(sq, bit) then names[#names + 1] = name end
    end
    table.sort(names)
    return #names > 0 and table.concat(names, "+") or "empty"
  end
  local t, side = s:piece(pid)
  local letter = game.type_letter[t] or "?"
  return side == 1 and letter:upper() or letter
end

local function differences(new_game, s, old_game, o)
  local out = {}
  local r = new_game.rules
  if new_game.files == old_game.files and new_game.ranks == old_game.ranks then
    for sq = 1, new_game.files * new_game.ranks do
      local now, was = piece_at(new_game, s, sq), piece_at(old_game, o, sq)
      if now ~= was then
        out[#out + 1] = string.format("%s (now %s, as recorded %s)",
                                      r:name(sq), now, was)
      end
    end
  end
  if s:decider() ~= o:decider() then
    out[#out + 1] = string.format("to act: now %s, as recorded %s",
                                  new_game:side_name(s:decider()),
                                  old_game:side_name(o:decider()))
  end
  if #out == 0 then
    out[1] = "what the board shows is the same; the rest of the position "
             .. "differs"
  end
  return out
end

-- Why the action at s with this text is illegal, as game:explain says it
-- (the text of the "illegal: ..." line after "illegal: "), and the rule.
local function why(game, s, text, canon, parse_err)
  local ok, e = pcall(game.explain, game, s, canon or text)
  if not ok or type(e) ~= "table" or e.legal then return parse_err end
  return (gamemod.explain_line(e):gsub("^illegal: ", "")), e.rule
end

-- M.run(game, rec, opts) -> report, or nil and what is wrong with the
-- record (its start under these rules). Plays the record's actions under
-- game; opts.old: the record's own rules, played alongside to tell what an
-- action did then (opts.old_files, for nothing); opts.start_state: a state
-- to start from instead of the record's (the session's). The report:
--   actions  the number of actions in the record
--   played   how many were played (legal)
--   illegal  { index, text, side, reason } of the first illegal one
--   differs  { index, text, before (position text), board, after, was,
--              changes = { lines } } of the first that did something else
--   result, reason  the result now ("*" while the game goes on), and why
--   recorded, recorded_reason  the record's
--   same_result  whether they agree
--   state, log  the state after the actions played, and their log
function M.run(game, rec, opts)
  opts = opts or {}
  local s, err = M.start(game, rec)
  if not s then return nil, err end
  local old, o = opts.old
  if old then
    o = M.start(old, rec)
    if not o then old = nil end
  end
  local setup = M.setup(rec)
  local log = M.log(game, { seed = setup.seed, position = setup.start,
                            hashes = opts.hashes })
  local report = { actions = 0, played = 0, state = s, log = log }
  local items = M.actions(game, rec)
  report.actions = #items
  for i, item in ipairs(items) do
    local old_action, canon
    if old then
      old_action = M.parse(old, o, item.text)
      if not old_action then old = nil end  -- the record is not its own
      canon = old_action and old:action_text(o, old_action)
    end
    local a, perr = M.parse(game, s, item.text)
    if not a then
      if not canon and pgn(game) then canon = san.guess(game, s, item.text) end
      local reason, rule = why(game, s, item.text, canon, perr)
      report.illegal = {
        index = i, text = item.text, line = item.line,
        side = game:side_name(s:decider()), reason = reason, rule = rule,
        position = game:position_text(s),
      }
      break
    end
    local e = log:play(s, a)
    if old then old:play(o, old_action) end
    report.played = i
    local changed
    if item.hash then
      changed = not same_hash(s, item.hash)
    elseif old then
      changed = s:hash() ~= o:hash()
    end
    if changed and not report.differs then
      local after = game:position_text(s)
      s:undo(e.mark)  -- to show the position before it, then again
      local before, board = game:position_text(s), game:render(s)
      game:play(s, a)
      report.differs = {
        index = i, text = item.text, line = item.line, before = before,
        board = board, after = after,
        hash = M.hash(s), recorded_hash = item.hash,
      }
      if old and o:hash() ~= s:hash() then
        report.differs.was = old:position_text(o)
        report.differs.changes = differences(game, s, old, o)
      end
    end
  end
  report.recorded = rec.result or "*"
  report.recorded_reason = record.tag(rec, "Termination")
  if not report.illegal then
    local outcome = game:outcome(s)
    report.result = M.result_of(outcome)
    report.reason = outcome and outcome.reason
    local adjudged = (report.recorded_reason or ""):match("^adjudication")
    if not outcome and adjudged then
      report.same_result = true
      report.result, report.reason = report.recorded, report.recorded_reason
    else
      report.same_result = report.result == report.recorded
        and (report.recorded_reason == nil
             or report.recorded_reason == (report.reason or ""))
    end
  end
  return report
end

-- ---- telling what a replay found -------------------------------------

local function result_text(result, reason)
  if result == "*" and not reason then return "* (the game goes on)" end
  return result .. (reason and " (" .. reason .. ")" or "")
end

-- M.illegal_line(ill) -> "action N (TEXT, by SIDE) is illegal: REASON"
function M.illegal_line(ill)
  return string.format("action %d (%s, by %s) is illegal: %s", ill.index,
                       text_of.short(ill.text), ill.side, ill.reason)
end

-- M.describe(report) -> lines, and whether the rules changed the game
-- (the exit status of `wargrid replay`: 0 nothing changed, 1 changed)
function M.describe(report)
  local lines = {}
  local function add(fmt, ...) lines[#lines + 1] = string.format(fmt, ...) end
  local d = report.differs
  if d then
    add("action %d (%s) now does something else:", d.index,
        text_of.short(d.text))
    add("the position before it:")
    for l in (d.board .. "\n"):gmatch("(.-)\n") do add("  %s", l) end
    add("  %s", d.before)
    add("after it now: %s", d.after)
    if d.changes then
      add("as recorded:  %s", d.was)
      add("differs: %s", table.concat(d.changes, ", "))
    else
      add("as recorded the position's hash was %s; now it is %s",
          d.recorded_hash, d.hash:sub(-#d.recorded_hash))
    end
  end
  local ill = report.illegal
  if ill then
    add("%s%s", #lines > 0 and "then " or "", M.illegal_line(ill))
    add("the position before it: %s", ill.position)
  else
    local n = report.actions
    local all = n == 1 and "the 1 action legal"
                or string.format("all %d actions legal", n)
    if report.same_result then
      add("%s%s; result %s, as recorded", #lines > 0 and "then " or "", all,
          result_text(report.result, report.reason))
    else
      add("%s%s, but the result is now %s; recorded %s",
          #lines > 0 and "then " or "", all,
          result_text(report.result, report.reason),
          result_text(report.recorded, report.recorded_reason))
    end
  end
  local changed = ill ~= nil or d ~= nil or not report.same_result
  return lines, changed
end

-- M.json(report) -> the report as a table for JSON
function M.json(report)
  local _, changed = M.describe(report)
  local d, ill = report.differs, report.illegal
  local status = "same"
  if d then
    status = "differs"
  elseif ill then
    status = "illegal"
  elseif changed then
    status = "result"
  end
  return {
    status = status, changed = changed, actions = report.actions,
    played = report.played,
    illegal = ill and { index = ill.index, text = ill.text, side = ill.side,
                        rule = ill.rule, reason = ill.reason,
                        position = ill.position },
    differs = d and { index = d.index, text = d.text, before = d.before,
                      after = d.after, recorded = d.was,
                      hash = d.hash, recorded_hash = d.recorded_hash,
                      changes = d.changes },
    result = report.result, reason = report.reason,
    recorded = { result = report.recorded, reason = report.recorded_reason },
  }
end

-- ---- saving -------------------------------------------------------------

-- This process's id, from /proc; nil where there is none (then the
-- temporary file is named by a random number, and nothing is cleaned).
local function own_pid()
  return math.tointeger(tonumber(lfs.symlinkattributes("/proc/self",
                                                       "target") or ""))
end

-- Is the file at path, .NAME.PID.tmp, left by a save that was killed: its
-- process gone (no /proc/PID) and the lock each save holds on its file
-- free (a live writer in another process namespace holds it)?
local function stale(path, pid)
  if lfs.attributes("/proc/" .. pid, "mode") then return false end
  local f = io.open(path, "r+")
  if not f then return false end
  local free = lfs.lock(f, "w")
  if free then lfs.unlock(f) end
  f:close()
  return free == true
end

-- Removes the temporary files of saves of dir/name that were killed
-- (kill -9, a crash): .NAME.PID.tmp beside it whose process is gone.
local function clean(dir, name)
  local prefix = "." .. name .. "."
  local ok, files, state = pcall(lfs.dir, dir)
  if not ok then return end
  for file in files, state do
    local pid = file:sub(1, #prefix) == prefix
                and file:sub(#prefix + 1):match("^(%d+)%.tmp$")
    if pid and stale(dir .. "/" .. file, pid) then
      os.remove(dir .. "/" .. file)
    end
  end
end

-- Writes text to tmp, synced, and renames it over path; the file is
-- locked while it is written, and removed when anything fails.
local function write_over(tmp, path, text)
  local f, err = io.open(tmp, "w")
  if not f then return nil, err end
  local ok
  ok, err = pcall(function()
    lfs.lock(f, "w")
    local done, failed = f:write(text)
    if done then done, failed = host.fsync(f) end
    f:close()
    if done then done, failed = os.rename(tmp, path) end
    return done or error(failed, 0)
  end)
  if not ok then
    if io.type(f) == "file" then f:close() end
    os.remove(tmp)
    return nil, err
  end
  return true
end

-- M.save(path, text) -> true, or nil and a message: writes the text to a
-- temporary file in the same directory (.NAME.PID.tmp), syncs it, renames
-- it over path and syncs the directory, so that a crash at any moment
-- leaves the old file or the new one, never part of one. Ctrl-C and the
-- signals that end a process wait for it (host.shielded), a failure
-- removes the temporary file, and a save first removes those of killed
-- saves of the same file.
function M.save(path, text)
  local dir = path:match("^(.*)/[^/]*$") or "."
  if dir == "" then dir = "/" end
  local name = path:match("[^/]*$")
  local pid = own_pid()
  if pid then clean(dir, name) end
  local tmp = string.format("%s/.%s.%s.tmp", dir, name,
                            pid or "r" .. host.random_seed())
  local ok, err = host.shielded(write_over, tmp, path, text)
  if not ok then return nil, err end
  host.fsync(dir)
  return true
end

return M
