-- The sandbox's attack catalogue (issue 13): hostile game scripts, each run
-- through the wargrid executable in a temporary directory of its own. Each
-- must be refused: exit status 2, nothing on stdout, one line on stderr
-- naming the script, within 20 s (a few when the machine is idle), and no
-- file touched (the directory's listing and a canary file are the same
-- after). Budgets are lowered by the
-- options where an attack would spend the default ones; the defaults are
-- tried on an endless loop. Then: what a variant changes leaves the base
-- game as it was, and selfplay's workers die with their pool.
local T = require "wargrid.test"
local host = require "wargrid.host"
local lfs = require "lfs"
local selfplay = require "wargrid.selfplay"
local ai = require "wargrid.ai"
local loader = require "wargrid.loader"

local ROOT = lfs.currentdir()
-- the build tests/run tests (make test-sanitize: build/san)
local WARGRID = ROOT .. "/" .. (os.getenv("WARGRID_BUILD") or "build")
                .. "/wargrid"

-- A game of two kings on 3x3, which every attack starts from: `game`.
local PRELUDE = [[
local wg = require "wargrid"
local game = wg.game {
  name = "target", board = { files = 3, ranks = 3 },
  pieces = { king = { letter = "k", moves = "K", royal = true, value = 1 } },
  start = "k2/3/2K w",
}
function game:actions(s, out) s:trace(out, s:side()) end
function game:play(s, a) s:apply_move(a); s:end_turn() end
function game:position_text(s)
  return wg.fen.write_board(self, s) .. (s:side() == 1 and " w" or " b")
end
function game:set_position(s, text)
  local board, side = text:match("^(%S+) ([wb])$")
  local ok, err = wg.fen.read_board(self, s, board or "")
  if not ok then return nil, err end
  s:set_side(side == "w" and 1 or 2)
  return true
end
]]
local LOOP = "while true do end"
local QUICK = { "--instruction-limit", "5", "--time-limit", "1" }
local SMALL = { "--memory-limit", "64" }  -- and the default time: growing is slow

-- A record of the game whose Variant tag names the script (SCRIPT), for
-- the commands that read records (RECORD is its file): the record is data,
-- the rules it names are not trusted.
local RECORD = '[Variant "SCRIPT"]\n[Seed "1"]\n\n1. c1b2 *\n'

-- Each attack: its name, its code after the prelude (a script that returns
-- nothing returns the game), the command it runs under (with its input, and
-- its own budget's options in place of QUICK; with record, the record it
-- reads in place of --variant) and a pattern its one line must match after
-- the script's path.
local ATTACKS = {
  -- finding 1: an endless loop in each callback, wherever it is called from
  { "loop-actions", "function game:actions() " .. LOOP .. " end",
    { "moves" }, "%d+: actions ran out of its instruction budget %(5 million" },
  { "loop-play-perft", "function game:play() " .. LOOP .. " end",
    { "perft", "2" }, "%d+: play ran out of its instruction budget" },
  { "loop-actions-perft", "function game:actions() " .. LOOP .. " end",
    { "perft", "3" }, "%d+: actions ran out" },
  { "loop-actions-search", "local n = 0\nfunction game:actions(s, out)\n"
    .. "  n = n + 1\n  if n > 20 then " .. LOOP .. " end\n"
    .. "  s:trace(out, s:side())\nend", { "suggest", "--iterations", "50" },
    "%d+: actions ran out" },
  { "loop-play-search", "local n = 0\nfunction game:play(s, a)\n"
    .. "  n = n + 1\n  if n > 20 then " .. LOOP .. " end\n"
    .. "  s:apply_move(a); s:end_turn()\nend",
    { "suggest", "--iterations", "50" }, "%d+: play ran out" },
  { "loop-evaluate-alphabeta", "function game:evaluate() " .. LOOP .. " end",
    { "suggest", "--nodes", "50" }, "%d+: evaluate ran out" },
  { "loop-play-alphabeta", "local n = 0\nfunction game:play(s, a)\n"
    .. "  n = n + 1\n  if n > 20 then " .. LOOP .. " end\n"
    .. "  s:apply_move(a); s:end_turn()\nend",
    { "suggest", "--nodes", "50" }, "%d+: play ran out" },
  { "loop-result", "function game:actions() end\nfunction game:result() "
    .. LOOP .. " end", { "moves" }, "%d+: result ran out" },
  { "loop-evaluate", "game.def.ai = { playout_depth = 0 }\n"
    .. "function game:evaluate() " .. LOOP .. " end",
    { "suggest", "--iterations", "20" }, "%d+: evaluate ran out" },
  { "loop-order", "function game:order() " .. LOOP .. " end",
    { "suggest", "--iterations", "20" }, "%d+: order ran out" },
  { "loop-position-text", "function game:position_text() " .. LOOP .. " end",
    { "play", "--ai", "none", input = "position\nquit\n" },
    "%d+: position_text ran out" },
  { "loop-set-position", "function game:set_position() " .. LOOP .. " end",
    { "moves" }, "%d+: set_position ran out" },
  { "loop-action-text", "function game:action_text() " .. LOOP .. " end",
    { "moves" }, "%d+: action_text ran out" },
  { "loop-start-text", "function game:start_text() " .. LOOP .. " end",
    { "moves" }, "%d+: start_text ran out" },
  { "loop-render", "function game:render() " .. LOOP .. " end",
    { "play", "--ai", "none", input = "quit\n" }, "%d+: render ran out" },
  { "loop-view", "function game:view() " .. LOOP .. " end",
    { "play", "--ai", "white", "--seed", "1", input = "quit\n" },
    "%d+: view ran out" },
  { "loop-validate", "function game:validate() " .. LOOP .. " end",
    { "moves" }, "%d+: loading ran out" },
  { "loop-layer", "return wg.variant(game, { name = 'v', board = { layers "
    .. "= { mud = { squares = function() " .. LOOP .. " end } } } })",
    { "moves" }, "%d+: loading ran out" },
  { "loop-option-zone", [[
local v = wg.variant(game, { name = "v", options = { far = { default = false } },
  pieces = { king = { promote = { to = "king", zone = function(g)
    if g.def.options.far.default then while true do end end
    return false
  end } } } })
return v]], { "moves", "--option", "far" }, "%d+: with_options ran out" },
  { "loop-record-replay", "function game:actions() " .. LOOP .. " end",
    { "replay", "RECORD", record = RECORD }, "%d+: actions ran out" },
  { "loop-record-render", "function game:play() " .. LOOP .. " end",
    { "render", "--record", "RECORD", record = RECORD },
    "%d+: play ran out" },
  { "loop-record-load", "function game:set_position() " .. LOOP .. " end",
    { "play", "--load", "RECORD", input = "quit\n",
      record = RECORD:gsub("\n\n", '\n[Position "k2/3/2K w"]\n\n') },
    "%d+: set_position ran out" },
  { "memory-record-replay", "local keep = {}\nfunction game:actions()\n"
    .. "  for i = 1, 1e10 do keep[i] = { i } end\nend",
    { "replay", "RECORD", record = RECORD, limits = SMALL },
    " actions ran out of memory" },
  { "loop-selfplay", "local n = 0\nfunction game:play(s, a)\n  n = n + 1\n"
    .. "  if n > 1 then " .. LOOP .. " end\n  s:apply_move(a); s:end_turn()\n"
    .. "end", { "selfplay", "--games", "1", "--white", "random", "--black",
                "random" }, "%d+: play ran out" },
  { "loop-pcall", "function game:actions()\n  while true do pcall(function() "
    .. LOOP .. " end) end\nend", { "moves" }, "%d+: actions ran out" },
  { "loop-xpcall", "function game:actions()\n  xpcall(function() " .. LOOP
    .. " end, function() return 1 end)\nend", { "moves" },
    "%d+: actions ran out" },
  { "loop-coroutine", "function game:actions()\n  coroutine.wrap(function() "
    .. LOOP .. " end)()\nend", { "moves" }, "%d+: actions ran out" },
  { "loop-yield", "local co = coroutine.create(function()\n  while true do "
    .. "coroutine.yield() end\nend)\nfunction game:actions()\n  while true do "
    .. "coroutine.resume(co) end\nend", { "moves" }, "%d+: actions ran out" },
  { "loop-close", "function game:actions()\n  local co = coroutine.create("
    .. "function()\n    local x <close> = setmetatable({}, { __close = "
    .. "function() " .. LOOP .. " end })\n    coroutine.yield()\n  end)\n"
    .. "  coroutine.resume(co)\n  coroutine.close(co)\nend", { "moves" },
    "%d+: actions ran out" },
  { "loop-metamethod", "local t = setmetatable({}, { __index = function() "
    .. LOOP .. " end })\nfunction game:actions() return t.x end", { "moves" },
    "%d+: actions ran out" },
  { "loop-reason", "function game:actions() end\nfunction game:result()\n"
    .. "  return 1, setmetatable({}, { __concat = function() " .. LOOP
    .. " end })\nend", { "moves" },
    "^: result returned a table as its result #2, not plain tables %(one "
    .. "has a metatable%)$" },
  { "loop-sort", "table.sort({ 3, 2, 1 }, function() " .. LOOP .. " end)",
    { "moves" }, "%d+: loading ran out" },
  { "loop-gsub", "(\"abc\"):gsub(\".\", function() " .. LOOP .. " end)",
    { "moves" }, "%d+: loading ran out" },
  -- finding 2: finalizers, and time spent inside C functions
  { "gc-loop", "setmetatable({}, { __gc = function() " .. LOOP .. " end })",
    { "moves" }, "%d+: setmetatable: finalizers %(__gc%) are not available" },
  { "gc-false", "local mt = { __gc = false }\nsetmetatable({}, mt)", { "moves" },
    "%d+: setmetatable: finalizers" },
  { "gc-later", "local mt = {}\nlocal t = setmetatable({}, mt)\n"
    .. "mt.__gc = function() " .. LOOP .. " end\nt = nil\nerror('done')",
    { "moves" }, "%d+: done$" },
  { "find-backtrack", "function game:actions()\n  local s = string.rep('a', "
    .. "300000)\n  s:find('.-.-.-.-.-.-b')\nend", { "moves" },
    " actions ran out of time inside a C function %(1 s a call" },
  { "upper-huge", "local s = string.rep('a', 48 * 2^20)\ns = s:upper()",
    { "moves", limits = SMALL }, " loading ran out of memory %(64 MB" },
  -- finding 3: error objects that are not text
  { "error-tostring-loop", "error(setmetatable({}, { __tostring = function() "
    .. LOOP .. " end }))", { "moves" },
    " loading raised a table as its error, not a message$" },
  { "error-tostring-raises", "error(setmetatable({}, { __tostring = "
    .. "function() error('again') end }))", { "moves" },
    " loading raised a table as its error" },
  { "error-tostring-callback", "function game:actions()\n  error(setmetatable("
    .. "{}, { __tostring = function() " .. LOOP .. " end }))\nend",
    { "moves" }, " actions raised a table as its error" },
  { "error-nil", "function game:actions() error() end", { "perft", "1" },
    " actions raised a nil as its error" },
  { "error-function", "error(print)", { "moves" },
    " loading raised a function as its error" },
  { "error-lines", "error('one\\ntwo\\nthree')", { "moves" },
    "%d+: one\\ntwo\\nthree$" },
  -- finding 4: memory
  { "memory-table", "local t = {}\nfor i = 1, 1e10 do t[i] = i end",
    { "moves", limits = SMALL }, " loading ran out of memory %(64 MB" },
  { "memory-concat", "local s = 'x'\nfor _ = 1, 40 do s = s .. s end",
    { "moves", limits = SMALL }, " loading ran out of memory" },
  { "memory-callback", "local keep = {}\nfunction game:actions()\n"
    .. "  for i = 1, 1e10 do keep[i] = { i } end\nend",
    { "moves", limits = SMALL }, " actions ran out of memory" },
  { "memory-states", "local keep = {}\nfunction game:actions(s)\n"
    .. "  for i = 1, 1e8 do keep[i] = s:copy() end\nend",
    { "moves", limits = SMALL }, "%d+: actions ran out of memory %(64 MB" },
  { "memory-rep", "local s = string.rep('x', 2^40)", { "moves" },
    "%d+: resulting string too large" },
  { "memory-concat-table", "local t = {}\nfor i = 1, 64 do t[i] = "
    .. "string.rep('y', 2^20) end\nlocal s = table.concat(t)\n"
    .. "for _ = 1, 10 do s = s .. s end", { "moves", limits = SMALL },
    " loading ran out of memory" },
  -- finding 5: what is shared
  { "tamper-game-metatable", "getmetatable(game).__index.legal = function() "
    .. "end", { "moves" }, "%d+: attempt to index a nil value" },
  { "tamper-game-index", "game.__index.legal = function() end", { "moves" },
    "%d+: attempt to index a nil value %(field '__index'%)" },
  { "tamper-setmetatable-game", "setmetatable(game, {})", { "moves" },
    "%d+: setmetatable: a table of wargrid's keeps its metatable" },
  { "tamper-state-metatable", "function game:actions(s)\n"
    .. "  getmetatable(s).__index.trace = nil\nend", { "moves" },
    "%d+: attempt to index a nil value" },
  { "tamper-state-field", "function game:actions(s) s.trace = nil end",
    { "moves" }, "%d+: attempt to index a wargrid.state value %(local 's'%)" },
  { "tamper-string-metatable", "getmetatable('').__index.upper = nil",
    { "moves" }, "%d+: attempt to index a nil value" },
  { "tamper-budget", "wg.core.budget { instructions = 1e15 }", { "moves" },
    "%d+: attempt to call a nil value %(field 'budget'%)" },
  { "tamper-face", "wg.core.face({}, game, 'courier.lua')", { "moves" },
    "%d+: attempt to call a nil value %(field 'face'%)" },
  { "file-mtime", "error(wg.core.mtime('/etc/passwd'))", { "moves" },
    "%d+: attempt to call a nil value %(field 'mtime'%)" },
  { "file-fsync", "error(wg.core.fsync('canary'))", { "moves" },
    "%d+: attempt to call a nil value %(field 'fsync'%)" },
  { "tamper-guard", "wg.core.guard(print, 'x', 'y')()", { "moves" },
    "%d+: attempt to call a nil value %(field 'guard'%)" },
  { "tamper-rawset", "rawset(getmetatable('x'), '__index', {})", { "moves" },
    "%d+: bad argument #1 to 'rawset' %(table expected, got nil%)" },
  -- finding 6: string.dump
  { "dump", "return string.dump(print)", { "moves" },
    "%d+: attempt to call a nil value %(field 'dump'%)" },
  { "dump-method", "return (''):dump()", { "moves" },
    "%d+: attempt to call a nil value %(method 'dump'%)" },
  -- the classic escapes
  { "io", "io.open('canary', 'w'):write('x')", { "moves" },
    "%d+: attempt to index a nil value %(global 'io'%)" },
  { "io-callback", "function game:actions() io.open('canary', 'w') end",
    { "moves" }, "%d+: attempt to index a nil value %(global 'io'%)" },
  { "os-execute", "os.execute('touch touched')", { "moves" },
    "%d+: attempt to index a nil value %(global 'os'%)" },
  { "os-remove", "function game:play() os.remove('canary') end",
    { "perft", "2" }, "%d+: attempt to index a nil value %(global 'os'%)" },
  { "debug", "debug.sethook()", { "moves" },
    "%d+: attempt to index a nil value %(global 'debug'%)" },
  { "package-loadlib", "package.loadlib('libc.so.6', 'system')('touch x')",
    { "moves" }, "%d+: attempt to index a nil value %(global 'package'%)" },
  { "require-io", "require('io').open('canary', 'w')", { "moves" },
    "%d+: module 'io' is not available to game scripts" },
  { "require-lfs", "require('lfs').mkdir('touched')", { "moves" },
    "%d+: module 'lfs' is not available to game scripts" },
  { "require-loader", "require('wargrid.loader')", { "moves" },
    "%d+: module 'wargrid.loader' is not available to game scripts" },
  { "require-path", "require('../../etc/passwd')", { "moves" },
    "%d+: module '%.%./%.%./etc/passwd' is not available to game scripts" },
  { "dofile", "dofile('/etc/passwd')", { "moves" },
    "%d+: attempt to call a nil value %(global 'dofile'%)" },
  { "loadfile", "loadfile('/etc/passwd')", { "moves" },
    "%d+: attempt to call a nil value %(global 'loadfile'%)" },
  { "load-env", "load('return io', 'x', 't', { io = 1 })", { "moves" },
    "%d+: attempt to call a nil value %(global 'load'%)" },
  { "collectgarbage", "collectgarbage('stop')", { "moves" },
    "%d+: attempt to call a nil value %(global 'collectgarbage'%)" },
  { "getenv", "return os.getenv('HOME')", { "moves" },
    "%d+: attempt to index a nil value %(global 'os'%)" },
  { "exit", "function game:actions() os.exit(0) end", { "moves" },
    "%d+: attempt to index a nil value %(global 'os'%)" },
  { "resume-main", "local main = coroutine.running()\n"
    .. "assert(coroutine.resume(main))", { "moves" },
    "%d+: cannot resume non%-suspended coroutine" },
  { "deep-recursion", "local function f() return 1 + f() end\nf()",
    -- the default instruction budget; time enough on a loaded machine
    { "moves", limits = { "--time-limit", "20" } }, "%d+: stack overflow" },
  { "c-recursion", "local t = setmetatable({}, { __index = function(t, k) "
    .. "return t[k] end })\nreturn t.x", { "moves" },
    "C stack overflow" },
  { "c-recursion-tostring", "local t\nt = setmetatable({}, { __tostring = "
    .. "function() return tostring(t) end })\nreturn tostring(t)",
    { "moves" }, "C stack overflow" },
  { "format-width", "return string.format('%99999d', 1)", { "moves" },
    "%d+: invalid conversion specification: '%%99999d'$" },
  { "no-game", "do return nil end", { "moves" },
    " the script must return a game" },

  -- issue 25, finding 1: a forked process runs under the budget too (the
  -- search's helpers: the main process waited for a helper that spun)
  { "loop-evaluate-threads", "function game:evaluate() " .. LOOP .. " end",
    { "suggest", "--nodes", "1000", "--threads", "2" },
    "%d+: evaluate ran out of its instruction budget" },
  { "loop-evaluate-threads-time", "function game:evaluate() " .. LOOP
    .. " end", { "suggest", "--nodes", "1000", "--threads", "3",
                 limits = { "--instruction-limit", "100000", "--time-limit",
                            "1" } },
    "%d+: evaluate ran out of time %(1%.0 s a call" },
  -- finding 2: scripts see only wargrid.core (the host is another module)
  { "host-read-input", "return wg.core.read_input(0, 0)", { "moves" },
    "%d+: attempt to call a nil value %(field 'read_input'%)" },
  { "host-random-seed", "return wg.core.random_seed()", { "moves" },
    "%d+: attempt to call a nil value %(field 'random_seed'%)" },
  { "host-clock", "return wg.core.clock()", { "moves" },
    "%d+: attempt to call a nil value %(field 'clock'%)" },
  { "host-usage", "return wg.core.usage()", { "moves" },
    "%d+: attempt to call a nil value %(field 'usage'%)" },
  { "host-search", "wg.core.search(game, game:new(), { threads = 16 })",
    { "moves" }, "%d+: attempt to call a nil value %(field 'search'%)" },
  { "host-mcts", "wg.core.mcts(game, game:new(), {})", { "moves" },
    "%d+: attempt to call a nil value %(field 'mcts'%)" },
  { "host-perft", "return wg.perft(game, game:new(), 9)", { "moves" },
    "%d+: attempt to call a nil value %(field 'perft'%)" },
  { "host-playout", "return wg.core.playout(game, game:new(), 1)",
    { "moves" }, "%d+: attempt to call a nil value %(field 'playout'%)" },
  { "host-memory", "return wg.core.memory()", { "moves" },
    "%d+: attempt to call a nil value %(field 'memory'%)" },
  { "host-isatty", "return wg.core.isatty(0)", { "moves" },
    "%d+: attempt to call a nil value %(field 'isatty'%)" },
  { "host-module", "return require('wargrid.host')", { "moves" },
    "^: module 'wargrid.host' is not available to game scripts" },
  { "host-http", "return require('wargrid.http')", { "moves" },
    "^: module 'wargrid.http' is not available to game scripts" },
  -- finding 3: a state or list kept from a call works no longer (but in
  -- a call that is handed the same one again)
  { "keep-state", "local kept\nfunction game:actions(s, out)\n"
    .. "  if kept and kept ~= s then kept:undo(0) end\n  kept = s\n"
    .. "  s:trace(out, s:side())\nend",
    { "selfplay", "--games", "2", "--white", "random", "--black", "random",
      "--jobs", "1" },
    "%d+: calling 'undo' on bad self %(the state was lent to a call that "
    .. "has ended" },
  -- the live game's state, kept from the AI's view of it and changed while
  -- the AI searches its views: play looped, the AI moving for both sides
  { "keep-view", "local kept\nlocal view = game.view\n"
    .. "function game:view(s, ...)\n  kept = kept or s\n"
    .. "  return view(self, s, ...)\nend\n"
    .. "function game:actions(s, out)\n"
    .. "  if kept and kept ~= s then kept:undo(0) end\n"
    .. "  s:trace(out, s:side())\nend",
    { "play", "--side", "black", "--ai-level", "2", input = "quit\n" },
    "%d+: calling 'undo' on bad self %(the state was lent to a call" },
  { "keep-list", "local kept\nfunction game:actions(s, out)\n"
    .. "  if kept and kept ~= out then kept:add(1, 1, 2) end\n"
    .. "  kept = out\n  s:trace(out, s:side())\nend",
    { "selfplay", "--games", "2", "--white", "random", "--black", "random",
      "--jobs", "1" },
    "%d+: calling 'add' on bad self %(the action list was lent to a call "
    .. "that has ended" },
  { "keep-new-state", "local kept\nlocal new = game.new\n"
    .. "function game:new(...)\n  kept = new(self, ...)\n  return kept\n"
    .. "end\nfunction game:actions(s, out)\n  kept:clear()\n"
    .. "  s:trace(out, s:side())\nend", { "moves" },
    "%d+: calling 'clear' on bad self %(the state was handed over to "
    .. "wargrid" },
  -- a state kept and given back later: one the script returned before
  -- (wargrid took it over: empty) was met by wargrid's code as an internal
  -- error; one lent to a call that has ended stood for its owner, a state
  -- of an earlier game
  { "return-handed-over", "local kept\nlocal new = game.new\n"
    .. "function game:new(...)\n  local s, err = new(self, ...)\n"
    .. "  kept = kept or s\n  return s, err\nend\n"
    .. "function game:view() return kept end",
    { "play", "--side", "black", "--ai-level", "1", input = "quit\n" },
    "^: view returned a state it had handed over to wargrid %(a script "
    .. "keeps no state it returns%)$" },
  { "return-kept-state", "local kept\nlocal new = game.new\n"
    .. "function game:new(...)\n  if kept then return kept end\n"
    .. "  return new(self, ...)\nend\n"
    .. "function game:actions(s, out)\n  kept = kept or s\n"
    .. "  s:trace(out, s:side())\nend",
    { "selfplay", "--games", "2", "--white", "random", "--black", "random",
      "--jobs", "1" },
    "^: new returned a state lent to a call that has ended %(a script "
    .. "keeps no state beyond its call%)$" },
  { "return-handed-over-list", "local kept\nlocal legal = game.legal\n"
    .. "function game:legal(s, out)\n  if kept then return kept end\n"
    .. "  local list = legal(self, s, out)\n"
    .. "  if not out then kept = list end\n  return list\nend",
    { "play", "--ai", "none", input = "c1b2\nquit\n" },
    "^: legal returned an action list it had handed over to wargrid %(a "
    .. "script keeps no list it returns%)$" },
  -- finding 4: what the calls of a command spend together is capped, and
  -- what wargrid does with a script's output is bounded by its size
  { "command-limit", "function game:actions(s, out)\n"
    .. "  for _ = 1, 20000000 do end\n  s:trace(out, s:side())\nend",
    { "perft", "4", limits = { "--command-limit", "0.3" } },
    "%d+: %a+ ran out of the time its script has for the whole command "
    .. "%(0%.3 s a command; %-%-command%-limit%)" },
  { "command-limit-selfplay", "function game:actions(s, out)\n"
    .. "  for _ = 1, 20000000 do end\n  s:trace(out, s:side())\nend",
    { "selfplay", "--games", "2", "--white", "random", "--black", "random",
      "--jobs", "1", limits = { "--command-limit", "0.1" } },
    "%d+: %a+ ran out of the time its script has for the whole game "
    .. "%(0%.1 s a game; %-%-command%-limit%)" },
  { "huge-action-text", "function game:action_text() "
    .. "return ('x'):rep(10000000) end", { "moves" },
    "^: action_text returned a text of 10000000 characters as its result, "
    .. "not a text of 1 to 1000 characters that a record can hold$" },
  { "huge-position-text", "function game:position_text() "
    .. "return ('x'):rep(2000000) end", { "moves", "--json" },
    "^: position_text returned a text of 2000000 characters" },

  -- the attack of session 24: what a hook returns, met by wargrid's code,
  -- is checked whole -- the fields of its tables, the tables in them, the
  -- state's game -- before it is read (each of these was exit 1)
  { "wrong-outcome-reason", "function game:actions() end\n"
    .. "function game:outcome() return { winner = 0, text = 'x', "
    .. "reason = {} } end", { "moves" },
    "^: outcome returned a table as its result, not a table whose reason "
    .. "is nothing or a text, and score nothing or a number$" },
  -- a check met one answer of __index, wargrid's code another
  { "metatable-outcome", "local n = 0\nfunction game:actions() end\n"
    .. "function game:outcome()\n  return setmetatable({ winner = 1 }, "
    .. "{ __index = function(_, k)\n    n = n + 1\n"
    .. "    if k == 'text' then return n > 3 and {} or 'x' end\n"
    .. "  end })\nend", { "moves" },
    "^: outcome returned a table as its result, not plain tables %(one has "
    .. "a metatable%)$" },
  { "wrong-read-action-name", "function game:read_action() "
    .. "return { from = 'a1', to = 'c3' } end", { "why", "c1a1" },
    "^: read_action returned a table as its result, not a table whose from "
    .. "and to are squares" },
  { "wrong-read-action-off-board", "function game:read_action() "
    .. "return { from = 4, to = 9999 } end", { "why", "c1a1" },
    "^: read_action returned a table as its result, not a table whose from "
    .. "and to are squares" },
  { "wrong-action-groups", "function game:action_groups() "
    .. "return { { name = 'c1' } } end", { "moves", "--json" },
    "^: action_groups returned a table as its result, not a list of groups" },
  { "deep-action-groups", "function game:action_groups()\n"
    .. "  local t = {}\n  local c = t\n"
    .. "  for _ = 1, 100000 do c[1] = {}; c = c[1] end\n"
    .. "  return { { name = 'c1', texts = t } }\nend", { "moves", "--json" },
    "^: action_groups returned a table as its result, not plain tables %(one "
    .. "is nested deeper than 20%)$" },
  { "wrong-legend", "function game:legend() return { { name = 'mud' } } end",
    { "render" }, "^: legend returned a table as its result, not a list of "
    .. "layers" },
  { "new-other-game", "local other = wg.load('courier')\n"
    .. "function game:new() return other:new() end", { "moves" },
    "^: new returned a runtime object as its result, not a state of this "
    .. "game$" },
  { "view-other-game", "local other = wg.load('courier')\n"
    .. "function game:view() return other:new() end",
    { "play", "--side", "black", input = "quit\n" },
    "^: view returned a runtime object as its result, not a state of this "
    .. "game$" },
  -- play --save wrote the record at each action: exit 1, the game lost
  { "record-action-text", "local text = game.action_text\n"
    .. "function game:action_text(s, a) return text(self, s, a) .. '{' end",
    { "moves" }, "^: action_text returned a text of 5 characters as its "
    .. "result, not a text of 1 to 1000 characters that a record can hold$" },
  -- a state kept from an ended call and returned from a later one was
  -- taken for its owner: selfplay's live game handed back as the view
  { "return-kept-state", "local kept\nfunction game:hidden() return true end\n"
    .. "function game:view(s, side, seed, into)\n"
    .. "  if kept then return kept end\n  kept = s\n"
    .. "  return s:view(side, seed, into)\nend",
    { "selfplay", "--games", "2", "--white", "random", "--black", "random",
      "--jobs", "1" },
    "^: view returned a runtime object as its result, not a state of this "
    .. "game$" },
  { "return-kept-state-mcts", "local kept\n"
    .. "function game:hidden() return true end\n"
    .. "function game:view(s, side, seed, into)\n"
    .. "  if kept then return kept end\n  kept = s\n"
    .. "  return s:view(side, seed, into)\nend",
    { "selfplay", "--games", "2", "--white", "level:1", "--black", "level:1",
      "--jobs", "1" },
    "^: view returned a state lent to a call that has ended %(a script "
    .. "keeps no state beyond its call%)$" },
  -- the declaration changed after wg.game read it is checked again, and
  -- the face's copy of the game's tables (a recursion) has a depth
  { "tamper-def", "game.def.ai = 5", { "suggest" },
    "^: game target: ai must be a table, not an integer$" },
  { "deep-game-field", "local t = {}\nlocal c = t\n"
    .. "for _ = 1, 200000 do c[1] = {}; c = c[1] end\ngame.junk = t",
    { "moves" }, "^: game target: junk holds tables nested more than 100 "
    .. "deep$" },
  -- wg.game read a declaration's tables through their metatables: its
  -- check met one answer of __pairs, what it kept another (exit 1 in help)
  { "metatable-declaration", "local n = 0\n"
    .. "local sides = setmetatable({}, { __index = function(_, k)\n"
    .. "    return ({ 'white', 'black' })[k] end,\n"
    .. "  __pairs = function()\n    n = n + 1\n    local i, m = 0, n\n"
    .. "    return function()\n      i = i + 1\n"
    .. "      if i <= 2 then return i, m > 2 and {} or 'white' end\n"
    .. "    end\n  end })\n"
    .. "return wg.game { name = 'v', sides = sides, board = { files = 3, "
    .. "ranks = 3 },\n  pieces = { king = { letter = 'k', moves = 'K' } } }",
    { "play", "--help" },
    "%d+: game v: sides must name the two sides, not 0$" },
  { "one-side", "return wg.variant(game, { name = 'v', sides = { 'a' } })",
    { "selfplay", "--games", "1", "--white", "random", "--black", "random" },
    "%d+: game v: sides must name the two sides, not 1$" },
  -- AI hints the searches cannot take (explore and playout_depth out of
  -- range were exit 1 at MCTS's first search; a level's budget of 0)
  { "ai-explore", "return wg.variant(game, { name = 'v', ai = { explore = "
    .. "-1 } })", { "selfplay", "--games", "1", "--white", "mcts:5",
                    "--black", "random" },
    "%d+: game v: ai.explore must be a number, 0 or more, not %-1$" },
  { "ai-playout-depth", "return wg.variant(game, { name = 'v', ai = { "
    .. "playout_depth = -2 } })", { "suggest", "--iterations", "5" },
    "%d+: game v: ai.playout_depth must be from 0 to 1000000 actions, not "
    .. "%-2$" },
  { "ai-levels", "return wg.variant(game, { name = 'v', ai = { levels = "
    .. "{ 0, 1, 2, 3, 4 } } })", { "suggest", "--ai-level", "1" },
    "%d+: game v: ai.levels%[1%] must be a budget from 1 to 1000000000, not "
    .. "0$" },
  { "deep-declaration", "local t = {}\nlocal c = t\n"
    .. "for _ = 1, 200 do c.x = {}; c = c.x end\n"
    .. "local v = wg.game { name = 'v', junk = t }\nreturn v", { "moves" },
    "%d+: wg.game: the declaration's tables nest more than 100 deep$" },
  -- a list kept and returned again: from an ended call, or handed over
  -- by an earlier return (which passed as a list, and failed in use)
  { "return-kept-list", "local kept\nlocal legal = game.legal\n"
    .. "function game:legal(s, out)\n  if kept then return kept end\n"
    .. "  kept = legal(self, s, out)\n  return kept\nend",
    { "selfplay", "--games", "1", "--white", "random", "--black", "random" },
    "^: legal returned a runtime object as its result, not an action list$" },
  { "return-handed-over-list", "local kept\nlocal legal = game.legal\n"
    .. "function game:legal(s)\n  if kept then return kept end\n"
    .. "  kept = legal(self, s)\n  return kept\nend",
    { "play", "--ai", "both", input = "" },
    "^: legal returned an action list it had handed over to wargrid %(a "
    .. "script keeps no list it returns%)$" },
  { "return-handed-over-state", "local kept\nlocal new = game.new\n"
    .. "function game:new(...)\n  if kept then return kept end\n"
    .. "  kept = new(self, ...)\n  return kept\nend",
    { "selfplay", "--games", "2", "--white", "random", "--black", "random",
      "--jobs", "1" },
    "^: new returned a state it had handed over to wargrid %(a script keeps "
    .. "no state it returns%)$" },
  { "wrong-with-options", "function game:with_options() return {} end",
    { "moves", "--option", "x" },
    "^: with_options returned a table, not a game$" },
}

-- Issue 25, finding 6: a hook that returns what its callers cannot use is
-- the script's fault (exit 2, naming the hook), never an internal error:
-- each hook, each kind of wrong value, through a command that calls it.
local HOOK_COMMANDS = {
  action_text = { "moves" }, legal = { "moves" }, start_text = { "moves" },
  explain = { "why", "c1b2" }, notation = { "play", "--help" },
  outcome = { "play", "--side", "white", input = "quit\n" },
  side_name = { "play", "--side", "white", input = "quit\n" },
  view = { "play", "--side", "black", input = "quit\n" },
}
local WRONG = { { "nil", "nothing" }, { "42", "an integer" },
                { "{}", "a table" }, { '""', "an empty text" } }
for _, hook in ipairs { "action_text", "legal", "explain", "notation",
                        "outcome", "side_name", "start_text", "view" } do
  for _, w in ipairs(WRONG) do
    -- no outcome is a game going on; no notation is the default's
    if not (w[1] == "nil" and (hook == "outcome" or hook == "notation")) then
      ATTACKS[#ATTACKS + 1] = {
        "wrong-" .. hook .. "-" .. w[2]:gsub("%W+", "-"),
        "function game:" .. hook .. "() return " .. w[1] .. " end",
        HOOK_COMMANDS[hook],
        "^: " .. hook .. " returned " .. w[2] .. " as its result, not " }
    end
  end
end

-- The default budget, on an endless loop: refused within 5 s (by its
-- count, or by its deadline on a machine too busy to count that far).
local DEFAULTS = { "loop-defaults", "function game:actions() " .. LOOP
                   .. " end", { "moves" },
                   "%d+: actions ran out of [^\n]*%(([%d%.]+) [^\n]*a call; "
                   .. "%-%-(%a+)%-limit%)$" }

local shell_quote = require("wargrid.text").shell_quote

-- The directory's entries with their size and time of change, sorted (the
-- directory's own time changes when a file in it is made or removed).
local function listing(dir)
  local out = {}
  for name in lfs.dir(dir) do
    local a = name ~= ".." and lfs.attributes(dir .. "/" .. name)
    if a then
      out[#out + 1] = string.format("%s %s %d %d", name, a.mode, a.size,
                                    a.modification)
    end
  end
  table.sort(out)
  return table.concat(out, "\n")
end

local function slurp(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("a")
  f:close()
  return s
end

local function spit(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

-- wargrid args --variant FILE, FILE the prelude's game as code changes it:
-- stdout, stderr and exit status, FILE in them written "FILE"
local function variant_run(code, args, input)
  local file = os.tmpname()
  spit(file, PRELUDE .. code .. "\nreturn game\n")
  local words = { table.unpack(args) }
  words[#words + 1] = "--variant"
  words[#words + 1] = file
  local out, err, rc = T.run(words, input)
  os.remove(file)
  return (out:gsub(file, "FILE")), (err:gsub(file, "FILE")), rc
end

-- Runs the attack in a fresh directory; checks what the header says.
local function attack(a, limits)
  local name, code, args, pattern = a[1], a[2], a[3], a[4]
  local dir = os.tmpname()
  os.remove(dir)
  assert(lfs.mkdir(dir))
  local script = dir .. "/" .. name .. ".lua"
  spit(script, PRELUDE .. "do\n" .. code .. "\nend\nreturn game\n")
  spit(dir .. "/canary", "canary\n")
  local record = dir .. "/game.pgn"
  if args.record then spit(record, (args.record:gsub("SCRIPT", script))) end
  local io_files = os.tmpname()  -- input, out and err: outside the directory
  spit(io_files .. ".in", args.input or "")
  local before = listing(dir)
  local words = {}
  for _, w in ipairs(args) do
    words[#words + 1] = shell_quote(w == "RECORD" and record or w)
  end
  for _, w in ipairs(limits or args.limits or QUICK) do
    words[#words + 1] = w
  end
  local q = shell_quote(io_files)
  local variant = args.record and "" or "--variant " .. shell_quote(script)
  local cmd = string.format("cd %s && %s %s %s < %s.in > %s.out "
                            .. "2> %s.err; echo $?", shell_quote(dir),
                            shell_quote(WARGRID), table.concat(words, " "),
                            variant, q, q, q)
  local t0 = host.clock()
  local h = io.popen(cmd)
  local code_text = h:read("a")
  h:close()
  local seconds = host.clock() - t0
  local out, err = slurp(io_files .. ".out"), slurp(io_files .. ".err")
  for _, ext in ipairs { "", ".in", ".out", ".err" } do
    os.remove(io_files .. ext)
  end
  local after = listing(dir)
  local canary = slurp(dir .. "/canary")
  for file in lfs.dir(dir) do
    if file ~= "." and file ~= ".." then os.remove(dir .. "/" .. file) end
  end
  lfs.rmdir(dir)
  assert.equal(2, tonumber(code_text), name .. ": " .. err)
  if args[1] ~= "play" then  -- play draws the board before it calls
    assert.equal("", out, name)
  end
  assert.matches("^wargrid: [^\n]*\n$", err, 1, name)
  local line = err:sub(1, -2)
  local pos = line:find(script, 1, true)
  assert.truthy(pos, name .. " names its script: " .. line)
  assert.matches(pattern, line:sub(pos + #script), 1, name .. ": " .. line)
  assert.truthy(seconds < 20, string.format("%s: %.1f s", name, seconds))
  assert.equal(before, after, name .. " touched a file")
  assert.equal("canary\n", canary, name)
  return line:sub(pos + #script):match(pattern)
end

describe("sandbox: the attack catalogue", function()
  it("has at least 50 hostile scripts", function()
    assert.truthy(#ATTACKS >= 50, #ATTACKS)
  end)

  for _, a in ipairs(ATTACKS) do
    it("refuses " .. a[1] .. ": exit status 2, one line naming it, within 20 s, no file touched", function()
      attack(a)
    end)
  end

  it("refuses an endless loop within its default budget", function()
    local amount, limit = attack(DEFAULTS, {})
    assert.truthy(amount == "200" and limit == "instruction"
                  or amount == "3.0" and limit == "time", amount .. " " .. limit)
  end)

  it("refuses a binary chunk", function()
    local dir = os.tmpname()
    spit(dir, string.dump(function() return 1 end))
    local out, err, code = T.run({ "moves", "--variant", dir })
    os.remove(dir)
    assert.equal(2, code)
    assert.equal("", out)
    assert.equal("wargrid: " .. dir .. ": attempt to load a binary chunk (mode is 't')\n", err)
  end)
end)

-- Issue 25: budgets in forked processes, on the monotonic clock under
-- load, and a script's print kept off standard output.
describe("sandbox: budgets everywhere", function()
  it("a process forked from the host runs a script's calls under the budget", function()
    local limits = host.budget()
    host.budget { instructions = 5000000, seconds = 1 }
    local spin = host.guard(function() while true do end end, "spin.lua",
                            "evaluate")
    local w = host.fork(function(ch)
      local ok, err = pcall(spin)
      ch:send(tostring(ok) .. " " .. tostring(err) .. "\n")
      return 0
    end)
    local t0, got = host.clock(), ""
    while not got:find("\n") and host.clock() - t0 < 10 do
      if #host.poll({ w }, 100) > 0 then got = got .. (w:read() or "\n") end
    end
    w:wait()
    host.budget { instructions = limits.instructions,
                  seconds = limits.seconds }
    assert.matches("^false [^\n]-: evaluate ran out of its instruction "
                   .. "budget %(5 million", got)
    assert.truthy(host.clock() - t0 < 5)
  end)

  it("the time limit holds on a loaded machine: a 2 s call ends near 2 s beside 6 busy processes", function()
    local pids = {}
    for _ = 1, 6 do
      local h = io.popen("lua5.4 -e 'while true do end' >/dev/null 2>&1 & "
                         .. "echo $!")
      pids[#pids + 1] = h:read("l")
      h:close()
    end
    local ok, seconds = pcall(function()
      local t0 = host.clock()
      attack({ "loop-loaded", "function game:actions() " .. LOOP .. " end",
               { "moves" }, "%d+: actions ran out of time %(2%.0 s a call" },
             { "--instruction-limit", "1000000", "--time-limit", "2" })
      return host.clock() - t0
    end)
    for _, pid in ipairs(pids) do os.execute("kill " .. pid) end
    assert(ok, seconds)
    -- counted in timer ticks, which merge under load, it took 2.5 times
    -- its limit (5 s)
    assert.truthy(seconds < 4, seconds)
  end)

  -- the monotonic clock runs on while a process is stopped: a call
  -- stopped for longer than its limit and its grace was ended at once
  -- on its resumption, as stuck in a C function
  it("the time a process spends stopped (Ctrl-Z) is not its script's: a call stopped past its limit goes on", function()
    local file, out = os.tmpname(), os.tmpname()
    spit(file, PRELUDE .. "function game:actions(s, out)\n"
         .. "  print('looping')\n  local x = 0\n"
         .. "  for i = 1, 100000000 do x = x + i end\n"
         .. "  s:trace(out, s:side())\nend\nreturn game\n")
    local h = io.popen(string.format(
      "%s moves --variant %s --time-limit 6 --instruction-limit 1000000 "
      .. "> %s.out 2> %s.err & echo $!", shell_quote(WARGRID),
      shell_quote(file), out, out))
    local pid = h:read("l")
    h:close()
    local t0 = host.clock()
    while not (T.slurp(out .. ".err") or ""):find("looping")
          and host.clock() - t0 < 10 do
      os.execute("sleep 0.05")
    end
    -- the loop takes some 0.5 s, and many times that on a loaded machine
    os.execute("kill -STOP " .. pid .. "; sleep 8; kill -CONT " .. pid)
    while os.execute("kill -0 " .. pid .. " 2>/dev/null") and host.clock() - t0 < 30 do
      os.execute("sleep 0.1")
    end
    local stdout, err = slurp(out .. ".out"), slurp(out .. ".err")
    for _, f in ipairs { file, out, out .. ".out", out .. ".err" } do os.remove(f) end
    assert.equal("looping\n", err)
    assert.equal("c1b1\nc1b2\nc1c2\n", stdout)
  end)

  it("a script's print goes to standard error, never among what wargrid writes", function()
    local file = os.tmpname()
    spit(file, PRELUDE .. "function game:actions(s, out)\n"
         .. "  print('move', 'a1a2', setmetatable({}, { __tostring = "
         .. "function() return 'x\\ny' end }))\n"
         .. "  s:trace(out, s:side())\nend\nreturn game\n")
    local out, err, code = T.run({ "moves", "--variant", file })
    os.remove(file)
    assert.equal(0, code)
    assert.equal("c1b1\nc1b2\nc1c2\n", out)
    assert.matches("^move\ta1a2\tx y\n", err)
  end)
end)

-- Session 24's attack: what a variant's texts reach in the engines'
-- protocols. An untrusted fairy game plays (engine.xboard read a table the
-- game module no longer had: every such variant ended in exit 1), and a
-- line break in a text of the game's (a reason, a name) is no line of
-- its own: it injected "move c1b2" into XBoard's input.
describe("sandbox: a script's texts in the engines' protocols", function()
  -- what the engine (xboard or uci) wrote after the line `after`, for the
  -- game the code changes and the input; it exits 0 with nothing on stderr
  local function engine_run(code, protocol, input, after)
    local out, err, rc = variant_run(code, { protocol }, input)
    assert.same({ 0, "" }, { rc, err })
    return out:match("\n" .. after .. "\n(.*)$")
  end

  it("xboard plays an untrusted variant as fairy, and an illegal move's reason is one line", function()
    assert.equal("Illegal move (R-1 bad move c1b2): c1a1\npong 1\n",
                 engine_run("function game:why() return 'R-1', "
                            .. "'bad\\nmove c1b2' end", "xboard",
                            "xboard\nprotover 2\nnew\nvariant fairy\n"
                            .. "force\nusermove c1a1\nping 1\n",
                            "setup %(Kk%) 3x3%+0_fairy k2/3/2K w\npiece K& K"))
  end)

  it("uci: an illegal move's reason is one line", function()
    assert.equal("info string illegal move c1a1: R-1 bad bestmove c1b2\n"
                 .. "readyok\n",
                 engine_run("function game:why() return 'R-1', "
                            .. "'bad\\nbestmove c1b2' end", "uci",
                            "uci\nposition startpos moves c1a1\nisready\n",
                            "uciok"))
  end)

  it("xboard: a result's comment is one line, whatever the side's name and the reason", function()
    assert.equal("move a3b2\n1-0 {X move a1a1 wins by r move a1a2}\n"
                 .. "pong 1\n",
                 engine_run("function game:side_name() "
                            .. "return 'x\\nmove a1a1' end\n"
                            .. "function game:outcome(s)\n"
                            .. "  if s:turn() > 1 then return { winner = 1, "
                            .. "text = 'x', reason = 'r\\rmove a1a2' } end\n"
                            .. "end", "xboard",
                            "xboard\nprotover 2\nnew\nvariant fairy\n"
                            .. "usermove c1b2\nping 1\n", "piece K& K"))
  end)
end)

-- Session 24's attack: a script's texts sent control sequences to the
-- player's terminal in play (a cleared screen, a window title, the cursor
-- moved); colours, which boards are drawn in, stay.
describe("sandbox: a script's texts in the terminal", function()
  it("play drops control characters but line ends, tabs and colours", function()
    local file = os.tmpname()
    spit(file, PRELUDE .. "function game:side_name(side)\n"
         .. "  return side == 1 and 'white\\27[2J\\27]0;pwned\\7\\r' or 'black'\nend\n"
         .. "return game\n")
    local out, err, rc = T.run({ "play", "--variant", file, "--side", "white" }, "quit\n")
    os.remove(file)
    assert.equal(0, rc, err)
    assert.matches("\nwhite%[2J%]0;pwned> ", out)
    assert.is_nil(out:find("[\1-\8\11-\26\28-\31\127]"))
    assert.is_nil(out:find("\27[^%[]"))
  end)
end)

-- Session 24's attack: a folder game's module that is a symbolic link to
-- a file outside the folder (~/.env, a key) was read as a module: its
-- assignments set the script's globals, its syntax error quoted a line.
describe("sandbox: a folder game's modules", function()
  it("are files of its folder: a symbolic link, to a file or a folder, is refused", function()
    local dir = T.tmpdir()
    spit(dir .. "/secret", 'SECRET = "hunter2"\n')
    assert(lfs.mkdir(dir .. "/g"))
    assert(lfs.mkdir(dir .. "/elsewhere"))
    spit(dir .. "/elsewhere/m.lua", 'SECRET = "hunter2"\n')
    assert(lfs.link(dir .. "/secret", dir .. "/g/env.lua", true))
    assert(lfs.link(dir .. "/elsewhere", dir .. "/g/sub", true))
    local results = {}
    for _, module in ipairs { "g.env", "g.sub.m" } do
      spit(dir .. "/g/init.lua", PRELUDE .. "pcall(require, '" .. module
           .. "')\ngame.title = tostring(SECRET)\nrequire '" .. module
           .. "'\nreturn game\n")
      local out, err, rc = T.run({ "moves", "--variant", dir .. "/g" })
      results[#results + 1] = { out, (err:gsub(dir, "DIR")), rc }
    end
    os.execute("rm -rf '" .. dir .. "'")
    assert.same({
      { "", "wargrid: DIR/g/init.lua:21: module 'g.env' is a symbolic link "
            .. "(DIR/g/env.lua): a folder game's modules are files of its "
            .. "folder\n", 2 },
      { "", "wargrid: DIR/g/init.lua:21: module 'g.sub.m' is a symbolic link "
            .. "(DIR/g/sub): a folder game's modules are files of its "
            .. "folder\n", 2 },
    }, results)
  end)

  it("a game a script requires from a games directory is no symbolic link either", function()
    local dir = T.tmpdir()
    spit(dir .. "/secret", "secret hunter2\n")   -- a syntax error near 'hunter2'
    assert(lfs.mkdir(dir .. "/games"))
    assert(lfs.link(dir .. "/secret", dir .. "/games/leak.lua", true))
    spit(dir .. "/v.lua", PRELUDE .. "local _, e = pcall(require, 'games.leak')\n"
         .. "error(tostring(e))\n")
    local _, err, rc = T.run({ "moves", "--variant", dir .. "/v.lua" }, nil,
                             "WARGRID_PATH=" .. dir .. "/games")
    os.execute("rm -rf '" .. dir .. "'")
    assert.equal(2, rc, err)
    assert.is_nil(err:find("hunter2", 1, true))
    assert.matches("game 'leak' is a symbolic link", err, 1, true)
  end)
end)

-- Session 24's attack: JSON is UTF-8, and a game's texts may hold any
-- byte (\xff in an action's text made moves --json no JSON at all).
describe("sandbox: a script's texts in JSON", function()
  it("bytes that are no UTF-8 are U+FFFD in moves --json", function()
    local out, err, rc = variant_run("local text = game.action_text\n"
      .. "function game:action_text(s, a)\n"
      .. "  return text(self, s, a) .. '\\xff\\xc3'\nend", { "moves", "--json" })
    assert.same({ "", 0 }, { err, rc })
    assert.equal("c1b1\u{FFFD}\u{FFFD}", out:match('"actions":%["([^"]*)"'))
    assert.truthy(utf8.len(out))
  end)
end)

-- Session 24's attack: the fields wg.game made (game.T, game.sides,
-- game.title, game.base) are read by wargrid's code from the face,
-- which copied them as the script left them: changed, they ended render,
-- help, rules and selfplay in exit 1. The face is made of them as wg.game
-- made them; the script's changes are its own calls' concern.
describe("sandbox: the fields wg.game made", function()
  local COMMANDS = { { "render" }, { "play", "--help" }, { "rules" },
                     { "moves", "--json" },
                     { "selfplay", "--games", "1", "--white", "random",
                       "--black", "random" } }
  local function runs(code)
    local out = {}
    for i, args in ipairs(COMMANDS) do
      out[i] = { variant_run(code, args) }
    end
    return out
  end

  it("a script that changes them changes nothing wargrid shows of its game", function()
    local untouched = runs("")
    for _, code in ipairs { "game.T.king = 99", "game.sides[1] = {}",
                            "game.title = {}", "game.base = 3",
                            "game.sides = 5" } do
      assert.same(untouched, runs(code), code)
    end
  end)
end)

-- Session 24's attack: the marks and sections a variant gives its picture
-- (game:board_marks, action_marks, sidebar) that are no tables, or a move
-- without its squares, were exit 1 in wargrid.svg.
describe("sandbox: what a script gives its picture", function()
  for _, case in ipairs {
    { "board_marks", "{ 5 }",
      "game target: board-marks mark 1 is not a table" },
    { "board_marks", "{ { 'move', 1 } }",
      "game target: board-marks mark 1 (move): nil is not a square" },
    { "sidebar", "{ 7 }", "game target: sidebar section 1 is not a table" },
  } do
    it("render refuses " .. case[1] .. " returning " .. case[2] .. " as bad input", function()
      local out, err, rc = variant_run("function game:" .. case[1]
                                       .. "() return " .. case[2] .. " end",
                                       { "render" })
      assert.same({ "", "wargrid: " .. case[3] .. "\n", 2 }, { out, err, rc })
    end)
  end

  it("an action's marks that are no tables draw no targets", function()
    local out, err, rc = variant_run("function game:action_marks() "
                                     .. "return { 7 } end",
                                     { "render", "--from", "c1" })
    assert.same({ "", 0 }, { err, rc })
    assert.is_nil(out:find('id="tg-', 1, true))
  end)
end)

-- A variant that changes all it can reach, while it loads and when its
-- rules are played: its own copies of the base game, of wargrid and of the
-- libraries.
local TAMPER = [[
local wg = require "wargrid"
local base = require "games.courier"
base.actions = function() end
rawset(base, "play", nil)
wg.fen.read_board = function() return nil, "tampered" end
wg.fields = nil
string.upper = nil
table.sort = nil
local v = wg.variant("courier", { name = "tamper" })
local actions = v.actions
function v:actions(s, out)
  local courier = wg.load("courier")
  courier.actions = function() end
  courier.def.pieces.king.moves = ""
  require("games.courier").play = nil
  self.def.start = "tampered"
  return actions(self, s, out)
end
return v
]]

describe("sandbox: a variant shares nothing it could change", function()
  local function game_record(game)
    return selfplay.play(game, { ai.random, ai.random }, 0, 7, 60)
  end

  it("the base's perft and a seeded game are the same with a tampering variant loaded beside it", function()
    local wg = require "wargrid"
    local courier = T.game "courier"
    local nodes, record = wg.perft(courier, courier:new(), 3), game_record(courier)
    local texts = courier:action_texts(courier:new())
    local file = os.tmpname()
    spit(file, TAMPER)
    local v = loader.load_file(file)
    os.remove(file)
    -- the variant's rules run, tampering with all they reach, and still play
    assert.equal(nodes, wg.perft(v, v:new(), 3))
    assert.equal(record.plies, game_record(v).plies)
    -- the base, and the base loaded again, are as they were
    assert.equal(nodes, wg.perft(courier, courier:new(), 3))
    assert.same(record, game_record(courier))
    assert.equal(courier, loader.load("courier"))
    assert.same(texts, courier:action_texts(courier:new()))
  end)

  it("compare plays the base game the same with the tampering variant beside it", function()
    local file = os.tmpname()
    spit(file, TAMPER)
    local run = { "--games", "3", "--seed", "5", "--white", "random", "--black", "random",
                  "--max-plies", "80" }
    local alone = T.run({ "selfplay", "courier", table.unpack(run) })
    local beside, err, code = T.run({ "compare", "courier", file, table.unpack(run) })
    os.remove(file)
    assert.equal(0, code, err)
    assert.equal(alone, beside:sub(1, #alone))
  end)
end)

-- Starts `wargrid ARGS` in the background; returns its process id.
local function background(args, out)
  local q = {}
  for i, a in ipairs(args) do q[i] = shell_quote(a) end
  local h = io.popen(string.format("%s %s > %s 2>&1 & echo $!", shell_quote(WARGRID),
                                   table.concat(q, " "), out))
  local pid = h:read("l")
  h:close()
  return pid
end

-- The processes whose parent is pid, from /proc (not pgrep, which can hang
-- under make test-sanitize's preloaded ASan runtime).
local function children(pid)
  local out = {}
  for name in lfs.dir("/proc") do
    local f = name:match("^%d+$") and io.open("/proc/" .. name .. "/stat")
    if f then
      local stat = f:read("a") or ""
      f:close()
      -- pid (comm) state ppid ...: comm may hold spaces and parentheses
      if stat:match(".*%) %S+ (%d+)") == pid then out[#out + 1] = name end
    end
  end
  table.sort(out)
  return out
end

local function alive(pid)
  return os.execute("kill -0 " .. pid .. " 2>/dev/null") == true
end

local function wait_until(check, seconds)
  local t0 = host.clock()
  while not check() and host.clock() - t0 < seconds do os.execute("sleep 0.1") end
  return check()
end

describe("sandbox: selfplay's workers", function()
  -- the pool plays too, and forks its 2 workers after its first game
  -- (games enough that the run is still going when the spec stops it)
  local RUN = { "selfplay", "courier", "--games", "1000", "--seed", "1", "--white", "level:1",
                "--black", "random", "--jobs", "3" }

  it("die at once when their pool is killed with kill -9", function()
    local out = os.tmpname()
    local pid = background(RUN, out)
    assert.truthy(wait_until(function() return #children(pid) == 2 end, 20))
    local workers = children(pid)
    os.execute("kill -9 " .. pid)
    assert.truthy(wait_until(function() return not alive(workers[1]) and not alive(workers[2]) end, 2),
                  "workers still running")
    os.remove(out)
  end)

  it("stop at Ctrl-C, and the pool reports the games finished, exit status 130", function()
    local out = os.tmpname()
    local q = {}
    for i, a in ipairs(RUN) do q[i] = shell_quote(a) end
    -- the pool in a shell of its own that waits for it and tells its status
    local h = io.popen(string.format("%s %s > %s 2>&1 & pid=$!; echo $pid; wait $pid; echo $?",
                                     shell_quote(WARGRID), table.concat(q, " "), out))
    local pid = h:read("l")
    assert.truthy(wait_until(function() return #children(pid) == 2 end, 20))
    local workers = children(pid)
    os.execute("sleep 2; kill -INT " .. pid)
    local status = h:read("l")
    h:close()
    local text = slurp(out)
    os.remove(out)
    assert.equal("130", status, text)
    local finished = text:match("^wargrid: selfplay: stopped by Ctrl%-C after (%d+) of 1000 games\n")
    assert.truthy(finished, text)
    assert.matches("\ncourier: " .. finished .. " games? of 1000, white %(level:1%) vs black %(random%)", text)
    assert.is_false(alive(workers[1]) or alive(workers[2]))
  end)
end)
