-- wargrid.cli.common: what the commands share -- reading their arguments,
-- loading the game they name, and the two ways a command fails: bad input
-- (exit status 2: the user's arguments, position, action or script) and a
-- failure of wargrid itself (exit status 1: a bug, a failed job).
local host = require "wargrid.host"
local loader = require "wargrid.loader"
local text = require "wargrid.text"

local M = {}

function M.printf(fmt, ...) io.write(string.format(fmt, ...)) end

-- The exit status of an answer that is not a failure: `wargrid replay`
-- found that the rules changed the game. It shares 1 with a failure of
-- wargrid itself, which prints no report and says "wargrid: internal
-- error" on stderr instead.
M.CHANGED = 1

-- Failures a command raises on purpose carry one of these markers.
local Usage, Internal = {}, {}

-- Bad input: one line naming the input and what was expected; exit 2.
function M.usage_error(fmt, ...)
  error(setmetatable({ msg = string.format(fmt, ...) }, Usage), 0)
end

-- A failure that is not the user's (a selfplay job that died); exit 1.
function M.internal_error(fmt, ...)
  error(setmetatable({ msg = string.format(fmt, ...) }, Internal), 0)
end

-- wargrid's own Lua files, where an error is a bug: the stdlib (the
-- directory this file is in, as the host named it) and the built-in games.
local OWN = {
  debug.getinfo(1, "S").source:match("^@(.*/)wargrid/cli/common%.lua$")
    or "stdlib/",
  loader.games .. "/",
}

-- M.ours(src [, dirs]) -> is src, a chunk name as an error position gives
-- it, a file in one of dirs (default: wargrid's own)? Lua cuts a long name
-- to "..." and its last characters: a cut name is in dir when what it keeps
-- up to the last part of dir ends dir.
function M.ours(src, dirs)
  local tail = src:match("^%.%.%.(.*)$")
  for _, dir in ipairs(dirs or OWN) do
    if src:sub(1, #dir) == dir then return true end
    local last = dir:match("[^/]+/$")
    local head = tail and last
                 and tail:match("^(.*" .. last:gsub("%p", "%%%0") .. ")")
    if head and dir:sub(-#head) == head then return true end
  end
  return false
end

-- M.failure(err) -> exit status and the line to print for an error raised
-- by a command. Errors raised in wargrid's own code (the position in their
-- message is one of its files) are bugs; any other error is about the
-- input: a message of ours without a position, or an error in a script the
-- user gave (a variant, a game on WARGRID_PATH). A message about bad input
-- is one line however it was made (a file name may hold a newline).
function M.failure(err)
  if getmetatable(err) == Usage then return 2, text.line(err.msg) end
  if getmetatable(err) == Internal then
    return 1, "internal error: " .. err.msg
  end
  local msg = tostring(err)
  local src = msg:match("^(.-):%d+: ")
  if src and M.ours(src) then return 1, "internal error: " .. msg end
  return 2, msg
end

-- M.width(output) -> the width to wrap output to: COLUMNS when set, else
-- the terminal's width (80 when it cannot be told) when output is
-- standard output on a terminal; nil (no wrapping) otherwise.
function M.width(output)
  local columns = tonumber(os.getenv("COLUMNS") or "")
  if columns and columns >= 20 then return math.floor(columns) end
  if output == io.stdout and host.isatty(1) then
    return host.term_width(1) or 80
  end
  return nil
end

-- M.wrap(head, items, width) -> "head" and the items, separated by spaces
-- (by commas when an item has a space in it), wrapped at width columns
-- between items, never inside one; later lines hang under the first item.
function M.wrap(head, items, width)
  local comma = false
  for _, t in ipairs(items) do comma = comma or t:find(" ", 1, true) end
  local indent = #head <= (width or 0) // 3 and (" "):rep(#head) or "    "
  local lines, line, empty = {}, head, true
  for i, t in ipairs(items) do
    if comma and i < #items then t = t .. "," end
    if width and not empty and #line + 1 + #t > width then
      lines[#lines + 1] = line
      line = indent .. t
    else
      line = line .. (empty and "" or " ") .. t
    end
    empty = false
  end
  lines[#lines + 1] = line
  return table.concat(lines, "\n")
end

-- M.parse(cmd, args, spec) -> positionals, options. spec maps option names
-- to "value", "flag" or "list" (repeatable; the values in order).
function M.parse(cmd, args, spec)
  local pos, opts = {}, {}
  local i = 1
  while i <= #args do
    local a = args[i]
    if a == "--help" or a == "-h" then
      opts.help = true
    elseif a:sub(1, 2) == "--" then
      local name, inline = a:match("^%-%-([%w%-]+)=(.*)$")
      name = name or a:sub(3)
      local kind = spec[name]
      if not kind then
        M.usage_error("%s: unknown option '--%s' (see 'wargrid %s --help')",
                      cmd, name, cmd)
      end
      if kind == "flag" then
        if inline then M.usage_error("%s: --%s takes no value", cmd, name) end
        opts[name] = true
      else
        local v = inline
        if not v then
          i = i + 1
          v = args[i]
          if v == nil then
            M.usage_error("%s: --%s needs a value", cmd, name)
          end
        end
        if kind == "list" then  -- repeatable: every value kept
          opts[name] = opts[name] or {}
          table.insert(opts[name], v)
        else
          opts[name] = v
        end
      end
    else
      pos[#pos + 1] = a
    end
    i = i + 1
  end
  return pos, opts
end

-- M.steps(list) -> the run function of a command written as a list of
-- steps, so that the list tells what the command does. Each step is a
-- function of the command's context c: c.args, c.input, c.output (as the
-- run was called) and what the steps before it put there. A step that
-- returns an exit status ends the run with it; one that returns nil goes
-- on to the next, and the run is done (0) when every step has gone on.
function M.steps(list)
  return function(args, input, output)
    local c = { args = args, input = input, output = output }
    for _, step in ipairs(list) do
      local status = step(c)
      if status ~= nil then return status end
    end
    return 0
  end
end

-- M.options(cmd, spec [, help]) -> the step that reads a command's
-- arguments (M.parse) into c.pos and c.opts; with help, --help prints it
-- and ends the run.
function M.options(cmd, spec, help)
  return function(c)
    c.pos, c.opts = M.parse(cmd, c.args, spec)
    if help and c.opts.help then
      print(help)
      return 0
    end
  end
end

-- M.load_game(cmd, pos, opts) -> the game a command names: --variant FILE,
-- or else the first positional argument, which it takes out of pos; with
-- the --option settings applied.
function M.load_game(cmd, pos, opts)
  local game
  if opts.variant then
    game = loader.load_file(opts.variant)
  else
    local name = table.remove(pos, 1)
    if not name then
      M.usage_error("%s: which game? (see 'wargrid list')", cmd)
    end
    game = loader.load(name)
  end
  return game:with_options(opts.option)
end

-- M.named_rules(who, pos, opts, options) -> the rules a command names,
-- as a source for replay.load and wargrid.session: --variant FILE, or else
-- GAME, the first positional argument, which it takes out of pos; with
-- the options given. nil when it names none. A game not found is bad
-- input, told with the command's name who (nil: the loader's words alone).
function M.named_rules(who, pos, opts, options)
  if opts.variant then return { file = opts.variant, options = options } end
  if not pos[1] then return nil end
  local name = table.remove(pos, 1)
  local found, err = loader.find(name)
  if not found then
    if who then M.usage_error("%s: %s", who, err) end
    M.usage_error("%s", err)
  end
  return { name = name, options = options }
end

-- M.read_record(cmd, path) -> the game record in the file at path
-- (wargrid.record's table, with dir: the file's directory, where its
-- Variant is looked for first); a file that cannot be read or holds no
-- record is bad input.
function M.read_record(cmd, path)
  local record = require "wargrid.record"
  local f, err = io.open(path)
  if not f then M.usage_error("%s: cannot read %s", cmd, err) end
  local held = record.slurp(f)
  f:close()
  local rec
  rec, err = record.read(held)
  if not rec then M.usage_error("%s: %s %s", cmd, path, err) end
  rec.dir = path:match("^(.*)/[^/]*$") or "."
  if rec.dir == "" then rec.dir = "/" end
  return rec
end

-- M.record_rules(cmd, path, opts) -> the record in the file at path, the
-- rules it names for itself (its Game, Variant and Options tags, as
-- replay.source reads them), and its options followed by --option's.
function M.record_rules(cmd, path, opts)
  local rec = M.read_record(cmd, path)
  local own, why = require("wargrid.replay").source(rec)
  if not own then M.usage_error("%s: %s %s", cmd, path, why) end
  local options = table.move(own.options, 1, #own.options, 1, {})
  for _, o in ipairs(opts.option or {}) do options[#options + 1] = o end
  return rec, own, options
end

-- M.input_call(cmd, what, fn, ...) -> fn(...)'s results, for a call that
-- loads what the user named (rules, a game to serve). An error a script
-- raised (its message starts file:line:) goes on as it is; any other
-- message is bad input: "cmd: what: message" (what may be nil).
function M.input_call(cmd, what, fn, ...)
  local got = table.pack(pcall(fn, ...))
  if got[1] then return table.unpack(got, 2, got.n) end
  local msg = tostring(got[2])
  if msg:match("^[^%s:]+:%d+: ") then error(got[2], 0) end
  M.usage_error("%s: %s%s", cmd, what and what .. ": " or "", msg)
end

-- M.no_more(cmd, pos, opts [, allowed]): no positional arguments past the
-- allowed ones
function M.no_more(cmd, pos, opts, allowed)
  if #pos > (allowed or 0) then
    M.usage_error("%s: unexpected argument %s%s", cmd,
                  text.quote(pos[(allowed or 0) + 1]),
                  opts.variant and " (with --variant, leave out GAME)" or "")
  end
end

-- M.start(game, opts, seed) -> the state at --position, or the start
function M.start(game, opts, seed)
  local s, err = game:new(opts.position, seed)
  if not s then M.usage_error("%s", err) end
  return s
end

-- M.integer(cmd, what, input [, min [, max]]) -> the whole number the input
-- says, from min (default 0) to max (default text.SEED_MAX, 2^53)
function M.integer(cmd, what, input, min, max)
  min, max = min or 0, max or text.SEED_MAX
  local n = text.integer(input, min, max)
  if not n then
    M.usage_error("%s: %s must be a whole number from %d to %d, not %s", cmd,
                  what, min, max, text.quote(tostring(input)))
  end
  return n
end

-- M.whole(x, min, max) -> x is an integer from min to max (a count a
-- shard's line holds: its index, a game's length)
function M.whole(x, min, max)
  return math.type(x) == "integer" and x >= min and x <= max
end

-- M.read_shards(cmd, paths, kind) -> the header of a run, its records,
-- each once (the last read of an index), sorted by index, and every
-- file's header line (the shards' own --shard among them), from the JSON
-- lines of shard files (selfplay's and tune's --shard). kind: header (the
-- type of the run's header line), same (the header's keys every file's
-- must match: one run), valid(rec, header) (a line is well formed, after
-- the run's header, or nil before any), what (a line in words). A file
-- unread, a line not one, a file of another run or no header is bad
-- input.
function M.read_shards(cmd, paths, kind)
  local json = require "wargrid.json"
  local header, by_index, headers = nil, {}, {}
  for _, path in ipairs(paths) do
    local f = io.open(path)
    if not f then M.usage_error("%s: cannot read %s", cmd, text.quote(path)) end
    local n = 0
    for line in f:lines() do
      n = n + 1
      local rec, err = json.decode(line)
      if not rec then M.usage_error("%s: %s line %d: %s", cmd, path, n, err) end
      if not kind.valid(rec, header) then
        M.usage_error("%s: %s line %d is not %s", cmd, path, n, kind.what)
      end
      if rec.type == kind.header then
        for _, key in ipairs(header and kind.same or {}) do
          local a, b = json.encode(header[key]), json.encode(rec[key])
          if a ~= b then
            M.usage_error("%s: %s is from another run (%s %s, not %s)", cmd,
                          path, key, b == "null" and "none" or b,
                          a == "null" and "none" or a)
          end
        end
        header = header or rec
        headers[#headers + 1] = rec
      else
        by_index[rec.index] = rec
      end
    end
    f:close()
  end
  if not header then M.usage_error("%s: no run header in the files", cmd) end
  local records = {}
  for _, rec in pairs(by_index) do records[#records + 1] = rec end
  table.sort(records, function(a, b) return a.index < b.index end)
  return header, records, headers
end

-- ---- the progress line -------------------------------------------------

local function duration(t)
  t = math.floor(t + 0.5)
  if t >= 3600 then
    return string.format("%dh%02dm", t // 3600, t % 3600 // 60)
  elseif t >= 60 then
    return string.format("%dm%02ds", t // 60, t % 60)
  end
  return string.format("%ds", t)
end

-- M.meter() -> a progress line on stderr, on a terminal and for a whole
-- run (selfplay, compare, tune): games done of those planned (at most,
-- when a test may stop the run sooner), the running estimate and the time
-- left at the pace so far; redrawn at most five times a second.
local Meter = {}
Meter.__index = Meter

function M.meter()
  return setmetatable({ on = host.isatty(2), start = host.clock(),
                        done = 0, planned = 0, shown = -1, width = 0 }, Meter)
end

function Meter:game(estimate)
  self.done = self.done + 1
  if not self.on then return end
  local now = host.clock()
  if now - self.shown < 0.2 and self.done < self.planned then return end
  self.shown = now
  local left = ""
  if self.planned > self.done then
    left = string.format("  %s %s", self.most and "at most" or "ETA",
      duration((now - self.start) / self.done * (self.planned - self.done)))
  end
  local line = string.format("  %d/%s%d games  %s%s", self.done,
                             self.most and "<=" or self.about and "~" or "",
                             self.planned, estimate, left)
  io.stderr:write("\r", line, (" "):rep(self.width - #line))
  io.stderr:flush()
  self.width = math.max(self.width, #line)
end

function Meter:clear()
  if self.on and self.width > 0 then
    io.stderr:write("\r", (" "):rep(self.width), "\r")
    io.stderr:flush()
  end
end

-- The meter's games planned: done, and n games for each of k arms still
-- playing from their game `from`; how sure: "cap" (at most), "about", or
-- nil (exactly).
function Meter:plan(k, from, n, how)
  self.planned = self.done + k * (n - from)
  self.most, self.about = how == "cap", how == "about"
end

return M
