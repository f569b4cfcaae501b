-- fuzz: what the fuzz targets (tests/fuzz/targets/NAME.lua) share.
--
-- A target returns { run = function(input) ... end [, fresh = true] }. run
-- returns when the input was handled cleanly -- accepted, or refused as
-- bad input -- and raises when it found something. What counts as found:
--   * an error the command line would report as wargrid's own failure
--     (exit status 1: raised in the stdlib or in a built-in game; see
--     wargrid.cli.common.failure) -- bad input must be told as bad input;
--   * a promise a target checks that is broken (a position that does not
--     read back as written, an action parse_action and explain disagree
--     on, an option that takes a value it should refuse).
-- A sanitizer report, a crash or a hang ends the process, which the host
-- reports too. Errors of the "bad input" kind (exit status 2: a message of
-- ours without a position, an error in a script the user gave) are fine.
-- fresh = true asks for a new Lua state for every input (a hostile script
-- could change what the next input sees).
local common = require "wargrid.cli.common"
local loader = require "wargrid.loader"
local wg = require "wargrid"

-- scripts may print; the fuzzer's output is its own
rawset(_G, "print", function() end)

local M = {}

local STATE = getmetatable(wg.core.rules({ types = {} }):new_state())
local LIST = getmetatable(wg.core.actions())

-- The input, short and on one line, for a finding's message.
function M.quote(text)
  text = tostring(text)
  local short = #text > 120 and text:sub(1, 120) .. "..." or text
  return string.format("%q", short):gsub("\\\n", "\\n")
end

-- M.finding(fmt, ...): raises a finding.
function M.finding(fmt, ...)
  error("finding: " .. string.format(fmt, ...), 0)
end

local function caught(err)
  return { err = err, trace = debug.traceback(tostring(err), 2) }
end

local function settle(what, ok, ...)
  if ok then return true, ... end
  local e = ...
  local status, msg = common.failure(e.err)
  if status == 2 then return false, msg end
  M.finding("%s: %s", what, e.trace)
end

-- M.try(what, f, ...) -> true, f's results; or false, message when f
-- raised an error of the bad input kind. Any other error is a finding;
-- what says what was being done, for its message.
function M.try(what, f, ...)
  return settle(what, xpcall(f, caught, ...))
end

-- M.game(name) -> a built-in game, or nil when there is none of that name
function M.game(name)
  if not name:match("^[%w_]+$") or not loader.find(name) then return nil end
  local ok, game = M.try("loading " .. name, loader.load, name)
  if not ok then M.finding("built-in game %s does not load: %s", name, game) end
  return game
end

-- M.head(input) -> the input's first line, and the rest
function M.head(input)
  local first, rest = input:match("^([^\n]*)\n?(.*)$")
  return first, rest
end

-- M.exercise(game, s, what, plies): the state goes on as a game does:
-- every legal action has a text and plays and undoes exactly, and seeded
-- random actions play on for `plies` actions. `what` names the input.
function M.exercise(game, s, what, plies)
  local ok, out = M.try(what .. ": legal actions", game.legal, game, s)
  -- a variant may have replaced what makes states and lists
  if not ok or getmetatable(s) ~= STATE or getmetatable(out) ~= LIST then
    return
  end
  local before = s:copy()
  for i = 1, math.min(#out, 64) do
    local a = out:get(i)
    M.try(what .. ": action_text", game.action_text, game, s, a)
    local m = s:mark()
    local played = M.try(what .. ": play", game.play, game, s, a)
    s:undo(m)
    if played and not s:equal(before) then
      M.finding("%s: undoing action %s did not restore the state", what,
                game:action_text(s, a))
    end
  end
  M.try(what .. ": playout", wg.playout, game, s, 1, plies)
end

return M
