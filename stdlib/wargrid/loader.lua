-- wargrid.loader: finding game scripts and loading them in a sandbox.
--
-- A game is a file NAME.lua or a folder NAME/ with a script NAME/init.lua,
-- in scripts/games/ or in a directory listed in WARGRID_PATH (separated by
-- ":"; earlier directories win, and within one the file before the folder).
--
-- Sandbox. A script runs in an environment of its own with an allow list
-- of globals: no io, os, debug, load, dofile, package or collectgarbage;
-- text chunks only; no string.dump, not even as ("").dump. `require`
-- reaches the wargrid modules (copies of the script's own), other games
-- ("games.NAME") and, in a folder game, the game's own modules: "NAME.MOD"
-- is NAME/MOD.lua and "NAME.sub.MOD" is NAME/sub/MOD.lua; any other name
-- (.., a path, another folder) is refused. Games a load asks for (by
-- require, wg.load or wg.variant, while it loads or later, in a callback)
-- are loaded afresh for that load, once: the scripts of one load share
-- them and their modules, two loads never do. Errors name the file (the
-- module's own) and the line.
--
-- Trust. The stdlib and the built-in games (scripts/games/, loaded by
-- name) are trusted. Any other script is not: a file given by path
-- (load_file: --variant FILE) or a game found through WARGRID_PATH, and a
-- load is untrusted when any file it ran is. Every load runs under the
-- budget (host.guard, runtime/budget_lua.c): per call 200 million
-- instructions, 3 s of wall clock and 512 MB of memory (the Lua state's,
-- and the process's resident size) by default, which host.budget changes
-- (--instruction-limit, --time-limit, --memory-limit).
--
-- Faces. An untrusted load is handed to wargrid's own code as a face: a
-- copy of its game made once it has loaded, its tables copied without
-- their metatables (the fields wg.game made as it made them, whatever the
-- script did to its own; the declaration checked again), each of its
-- functions (methods, functions in its
-- declaration, the base game's methods it inherits) a guard that calls the
-- script's own under a budget and hands it the script's own game, never the
-- face; a hook's results are checked against the game contract
-- (wargrid.contract) before wargrid's code meets them. perft, playouts and
-- the search call the script's functions directly, each under a budget
-- (host.face marks the face for them). A state or action list handed to a
-- script works for that call only (runtime/lend_lua.c). So
-- every callback runs under a budget whoever calls it, and wargrid's own
-- code never holds a table the script can change. A trusted load is handed
-- over as it is; its callbacks run without a budget.
--
-- Metatables. A script sees none of wargrid's (getmetatable gives nil for
-- a game; a game's metatable leads nowhere). The metatables it sets are
-- copied when first set (later changes to them are not seen), each of
-- their functions guarded, so its metamethods, met by wargrid's code, run
-- under the budget too. Finalizers (__gc), in which no hook runs, are
-- refused; an error object that is not text is never asked for its text.
local lfs = require "lfs"
local host = require "wargrid.host"
local G = require "wargrid.game"
local Game = G.meta  -- a game's metatable
local schema = require "wargrid.schema"
local contract = require "wargrid.contract"
local weights = require "wargrid.weights"
local quote = require("wargrid.text").quote

local loader = {}

-- Where this copy of wargrid keeps its parts. A source tree (or a copy of
-- one, as WARGRID_HOME names) has stdlib/ beside scripts/games/ and the
-- build/ of make all. An installed copy has, beside this module, a
-- wargrid/site.lua that make install writes: { games = its games
-- directory, cpath = where Lua finds its C module (a package.cpath entry),
-- bin = its wargrid executable }. LuaRocks then moves the modules into its
-- tree (TREE/share/lua/5.4, TREE/lib/lua/5.4) and copies the executable
-- (to TREE/bin; the one left behind finds no stdlib beside it): the C
-- module is looked for there when it is not where site.lua says, and the
-- executable there first.
local init = package.searchpath("wargrid", package.path) or ""
local moddir = init:match("^(.*)/wargrid/init%.lua$") or "."
local site_file = moddir .. "/wargrid/site.lua"
local site = lfs.attributes(site_file, "mode") == "file" and dofile(site_file)
local tree = moddir:match("^(.*)/share/lua/5%.4$")
-- The first of a and b (either may be nil) that found(x) finds, else the
-- last given.
local function first(a, b, found)
  if a and found(a) then return a end
  return b or a
end
local function is_file(path) return lfs.attributes(path, "mode") == "file" end
loader.root = init:match("^(.*)/stdlib/wargrid/init%.lua$") or "."
if site then
  loader.games = site.games
  loader.exe = first(tree and tree .. "/bin/wargrid", site.bin, is_file)
  loader.c_path = first(site.cpath, tree and tree .. "/lib/lua/5.4/?.so",
                        function(c)
                          return package.searchpath("wargrid.core", c)
                        end)
else
  loader.games = loader.root .. "/scripts/games"
  loader.exe = loader.root .. "/build/wargrid"
  loader.c_path = loader.root .. "/build/lua/?.so"
end
-- package.path entries that find this copy's modules (c_path: its runtime)
loader.lua_path = moddir .. "/?.lua;" .. moddir .. "/?/init.lua"

-- wargrid's own Lua files: the stdlib (where this file is) and the built-in
-- games. The budget never blames a line of theirs.
local STDLIB = debug.getinfo(1, "S").source
  :match("^@(.*/)wargrid/loader%.lua$") or "stdlib/"
local BUILTIN = loader.games .. "/"
host.budget { trusted = { STDLIB, BUILTIN } }

local SAFE_GLOBALS = {
  "assert", "error", "ipairs", "next", "pairs", "select", "tonumber",
  "tostring", "type", "rawequal", "rawget", "rawset", "rawlen", "_VERSION",
}
local SAFE_LIBS = { "math", "string", "table", "utf8", "coroutine" }
local MODULES = { wargrid = true, ["wargrid.fen"] = true,
                  ["wargrid.betza"] = true }
-- What a script's `require "wargrid"` holds: wargrid.api, copied, and its
-- own load and variant. wg.core is wargrid.core, the runtime's part for
-- rule scripts (the process, input, clock, budgets and the drivers that
-- run games are wargrid.host, which no script reaches).
local API = require "wargrid.api"

-- Every string's methods come from the string metatable, which scripts
-- share with wargrid: its __index is a copy of the string library without
-- dump (a script can read it, never reach it).
do
  local methods = {}
  for k, v in pairs(string) do methods[k] = v end
  methods.dump = nil
  getmetatable("").__index = methods
end

function loader.dirs()
  local dirs = {}
  local extra = os.getenv("WARGRID_PATH")
  if extra then
    for d in extra:gmatch("[^:]+") do dirs[#dirs + 1] = d end
  end
  dirs[#dirs + 1] = loader.games
  return dirs
end

-- The script of the game NAME in directory dir: NAME.lua, else
-- NAME/init.lua; nil if neither is there.
local function script_in(dir, name)
  for _, path in ipairs { dir .. "/" .. name .. ".lua",
                          dir .. "/" .. name .. "/init.lua" } do
    if lfs.attributes(path, "mode") == "file" then return path end
  end
  return nil
end

-- loader.list() -> sorted names of the games found
function loader.list()
  local seen, names = {}, {}
  for _, dir in ipairs(loader.dirs()) do
    if lfs.attributes(dir, "mode") == "directory" then
      for file in lfs.dir(dir) do
        local name = file:match("^([%w_]+)%.lua$") or file:match("^[%w_]+$")
        if name and not seen[name] and script_in(dir, name) then
          seen[name] = true
          names[#names + 1] = name
        end
      end
    end
  end
  table.sort(names)
  return names
end

-- loader.find(name) -> path of the game's script, or nil, message
function loader.find(name)
  if type(name) ~= "string" or not name:match("^[%w_]+$") then
    return nil, string.format("%s is not a game name", quote(name))
  end
  for _, dir in ipairs(loader.dirs()) do
    local path = script_in(dir, name)
    if path then return path end
  end
  return nil, string.format("unknown game %s (known: %s)", quote(name),
                            table.concat(loader.list(), ", "))
end

-- A copy of a plain table and the tables in it (functions, userdata and
-- metatables are shared): what a script changes stays in its copy.
local function deep_copy(t, seen)
  seen = seen or {}
  if seen[t] then return seen[t] end
  local out = {}
  seen[t] = out
  for k, v in pairs(t) do
    out[k] = type(v) == "table" and deep_copy(v, seen) or v
  end
  return setmetatable(out, getmetatable(t))
end

-- guard(load, fn, name) -> fn under the budget of the load, named in
-- messages as the load's script's callback `name` (the first name it is
-- guarded under: one guard a function, so that a function a variant
-- inherits is the base's, as wargrid rules tells), a face as its first
-- argument standing for the script's own game, its results cleaned
local function guard(load, fn, name)
  local guarded = load.guards[fn]
  if not guarded then
    guarded = host.guard(fn, load.path, name, load.own, load.clean)
    load.guards[fn] = guarded
  end
  return guarded
end

-- ---- the sandbox -------------------------------------------------------

-- The metatables scripts set are copies: copy -> the script's original.
local copies = setmetatable({}, { __mode = "k" })

local function set_metatable(load, t, mt)
  if type(t) ~= "table" then
    error("bad argument #1 to 'setmetatable' (table expected, got "
          .. type(t) .. ")", 2)
  end
  local now = debug.getmetatable(t)
  if now and not copies[now] then
    error("setmetatable: a table of wargrid's keeps its metatable", 2)
  end
  if mt == nil then return setmetatable(t, nil) end
  if type(mt) ~= "table" then
    error("bad argument #2 to 'setmetatable' (nil or table expected)", 2)
  end
  if rawget(mt, "__gc") ~= nil then
    error("setmetatable: finalizers (__gc) are not available to game "
          .. "scripts", 2)
  end
  local copy = load.metas[mt]
  if not copy then
    copy = {}
    for k, v in next, mt do
      copy[k] = type(v) == "function"
                and guard(load, v, "metamethod " .. tostring(k)) or v
    end
    load.metas[mt] = copy
    copies[copy] = mt
  end
  return setmetatable(t, copy)
end

local function get_metatable(v)
  local mt = type(v) == "table" and debug.getmetatable(v)
  if not mt or not copies[mt] then return nil end  -- none, or wargrid's
  local protected = rawget(mt, "__metatable")
  if protected ~= nil then return protected end
  return copies[mt]
end

-- A budget that has run out is not caught: the error goes on.
local function pass(ok, ...)
  if not ok and host.ran_out() then error((...), 0) end
  return ok, ...
end

local function sandbox_pcall(f, ...) return pass(pcall(f, ...)) end

-- print writes to standard error, a line of at most 1,000 characters: a
-- script's output never mixes with what wargrid writes for programs (an
-- engine's protocol, --json)
local function sandbox_print(...)
  local parts = table.pack(...)
  for i = 1, parts.n do parts[i] = tostring(parts[i]) end
  local line = table.concat(parts, "\t", 1, parts.n)
  io.stderr:write((line:sub(1, 1000):gsub("[\r\n]", " ")), "\n")
end

local function sandbox_xpcall(f, handler, ...)
  return pass(xpcall(f, function(e)
    if host.ran_out() then return e end
    return handler(e)
  end, ...))
end

local function sandbox_coroutine(co)
  co.resume = host.resume  -- the budget follows the thread that runs
  co.close = host.close
  co.wrap = function(f)
    local thread = coroutine.create(f)
    return function(...)
      local function results(ok, ...)
        if not ok then error((...), 0) end
        return ...
      end
      return results(host.resume(thread, ...))
    end
  end
end

-- A folder game's own module: "NAME.MOD" -> NAME/MOD.lua, run once per
-- load of the game in the game's sandbox. ctx is the script: its folder and
-- NAME, its sandbox (env), the modules loaded so far; ctx.load the load.
local LOADING = {}

local function own_module(ctx, name)
  local prefix = ctx.name and ctx.name .. "."
  local rest = prefix and name:sub(1, #prefix) == prefix
               and name:sub(#prefix + 1)
  if not rest or not rest:match("^[%w_]+[%w_%.]*$") or rest:find("..", 1, true)
     or rest:sub(-1) == "." then
    if not prefix then
      error(string.format("module '%s' is not available to game scripts",
                          name), 3)
    end
    error(string.format("module '%s' is outside the game's folder: a "
                        .. "folder game requires its own modules as "
                        .. "\"%sNAME\" (%s/NAME.lua)", name, prefix,
                        ctx.folder), 3)
  end
  local loaded = ctx.modules[rest]
  if loaded == LOADING then
    error(string.format("module '%s' requires itself while it loads", name),
          3)
  end
  if loaded ~= nil then return loaded end
  local path = ctx.folder .. "/" .. rest:gsub("%.", "/") .. ".lua"
  if lfs.attributes(path, "mode") ~= "file" then
    error(string.format("no module '%s' (no file %s)", name, path), 3)
  end
  -- a file of the folder itself: no symbolic link on the way there (one
  -- to ~/.env, say, read as a module, would hand the script its text)
  local parts, at = {}, ctx.folder
  for part in rest:gmatch("[^.]+") do parts[#parts + 1] = part end
  for i, part in ipairs(parts) do
    at = at .. "/" .. part .. (i == #parts and ".lua" or "")
    if lfs.symlinkattributes(at, "mode") == "link" then
      error(string.format("module '%s' is a symbolic link (%s): a folder "
                          .. "game's modules are files of its folder", name,
                          at), 3)
    end
  end
  local files = ctx.load.files
  files[#files + 1] = path
  local chunk, err = loadfile(path, "t", ctx.env)
  if not chunk then error(err, 0) end
  ctx.modules[rest] = LOADING
  local ok, result = xpcall(chunk, ctx.load.where, name)
  if not ok then
    ctx.modules[rest] = nil
    error(result, 0)
  end
  if result == nil then result = true end
  ctx.modules[rest] = result
  return result
end

local game_in  -- game_in(load, name): a game by name for a load

-- The wargrid module as a script sees it: a copy of its own, whose load
-- and variant find games for the script's load, without the core
-- functions scripts may not call
local function wargrid_for(ctx)
  if ctx.wg then return ctx.wg end
  local load = ctx.load
  local wg = deep_copy(API)
  -- wg.load(name) -> the game of that name, loaded for this load (once: the
  -- scripts of one load share it)
  function wg.load(name) return game_in(load, name) end
  -- wg.variant(base, changes) -> a game: base (a game or a game's name)
  -- with the declaration's changes merged in and its methods inherited
  function wg.variant(base, changes)
    if type(base) == "string" then base = game_in(load, base) end
    return require("wargrid.game").variant(base, changes)
  end
  ctx.wg = wg
  return wg
end

local function sandbox(ctx)
  local load = ctx.load
  local env = {}
  for _, k in ipairs(SAFE_GLOBALS) do env[k] = _G[k] end
  for _, lib in ipairs(SAFE_LIBS) do env[lib] = deep_copy(_G[lib]) end
  env.string.dump = nil
  env._G = env
  env.setmetatable = function(t, mt) return set_metatable(load, t, mt) end
  env.getmetatable = get_metatable
  env.pcall = sandbox_pcall
  env.xpcall = sandbox_xpcall
  env.print = sandbox_print
  sandbox_coroutine(env.coroutine)
  env.require = function(name)
    if type(name) ~= "string" then
      error(string.format("module '%s' is not available to game scripts",
                          type(name)), 2)
    end
    if name == "wargrid" then return wargrid_for(ctx) end
    if MODULES[name] then return deep_copy((require(name))) end
    local game = name:match("^games%.([%w_]+)$")
    if game then return deep_copy(game_in(load, game)) end
    local module = own_module(ctx, name)  -- not a tail call: errors name
    return module                         -- the line that asked
  end
  return env
end

-- The line of the key a declaration error names: "game NAME: a.b.c ..."
-- (wargrid.game, wargrid.schema) names the path a.b.c; each part is looked
-- for as "part =" outside comments, from the line of the part before, in
-- each file the load ran. nil if the first part is nowhere.
local function key_line(files, msg)
  local path = msg:match("^game [%w_]+: ([%a_][%w_%.]*)")
  if not path then return nil end
  for _, file in ipairs(files) do
    local f = io.open(file)
    local lines = {}
    if f then
      for line in f:lines() do lines[#lines + 1] = line:gsub("%-%-.*$", "") end
      f:close()
    end
    local at = 1
    local found
    for part in path:gmatch("[^%.]+") do
      local pattern = "%f[%w_]" .. part .. "%f[^%w_]%s*=%f[^=]"
      local n = at
      while lines[n] and not lines[n]:find(pattern) do n = n + 1 end
      if not lines[n] then break end
      found, at = n, n
    end
    if found then return file, found end
  end
  return nil
end

-- The message of an error in one of the load's files, where it happened;
-- an error that is not text (the budget's) stays itself.
local function where_for(load)
  return function(msg)
    if type(msg) == "number" then msg = tostring(msg) end
    if type(msg) ~= "string" then return msg end
    for _, file in ipairs(load.files) do
      if msg:find(file, 1, true) then return msg end
    end
    local where, line = key_line(load.files, msg)
    if where then return string.format("%s:%d: %s", where, line, msg) end
    for level = 2, 50 do
      local info = debug.getinfo(level, "Sl")
      if not info then break end
      for _, file in ipairs(load.files) do
        if info.source == "@" .. file then
          return string.format("%s:%d: %s", file, info.currentline, msg)
        end
      end
    end
    return load.path .. ": " .. msg
  end
end

-- Runs the script at path in a sandbox of its own, for the load under way;
-- returns what it returns, or raises "path:line: message" (the line of the
-- game's file, script or module, where it happened).
local function run(path, load)
  local folder = path:match("^(.*)/init%.lua$")
  local ctx = { folder = folder, name = folder and folder:match("([^/]+)$"),
                modules = {}, load = load }
  ctx.env = sandbox(ctx)
  load.files[#load.files + 1] = path
  local chunk, err = loadfile(path, "t", ctx.env)
  if not chunk then
    error(err:find(path, 1, true) and err or path .. ": " .. err, 0)
  end
  local ok, result = xpcall(chunk, load.where)
  if not ok then error(result, 0) end
  return result
end

local function check(game, path)
  if debug.getmetatable(game) ~= Game then
    error(path .. ": the script must return a game "
          .. "(made by wg.game or wg.variant)", 0)
  end
  local missing = contract.missing(game)
  if missing then
    error(string.format("%s: game %s: %s", path, tostring(game.name),
                        missing), 0)
  end
  -- a declaration that leaves one of the game's rules impossible (a file
  -- the rule names is off the board) is refused here, in one line
  local ok, err = game:validate()
  if not ok then
    error(string.format("%s: game %s: %s", path, tostring(game.name),
                        tostring(err or "?")), 0)
  end
  return game
end

-- The game with its weights file (wargrid.weights), when its script at
-- path has one beside it, read as its field tuning; the file is one of the
-- load's. A load told its weights (load.weights: false, none at all; a
-- file, the top game's) reads those instead.
local function with_weights(game, path, load, top)
  if load.weights == false then return game end
  local file = top and load.weights or weights.path(path)
  -- data, never a link elsewhere (its syntax error would quote a line)
  if lfs.symlinkattributes(file, "mode") == "link" then
    error(string.format("%s is a symbolic link: a weights file is a file "
                        .. "beside its game", file), 0)
  end
  local t = weights.read(file, game)
  if top and load.weights and not t then
    error(string.format("no weights file %s", quote(load.weights)), 0)
  end
  if t then
    rawset(game, "tuning", t)
    load.files[#load.files + 1] = file
    load.data[file] = true
  end
  return game
end

function game_in(load, name)
  local game = load.games[name]
  if game then return game end
  local path, err = loader.find(name)
  if not path then error(err, 0) end
  -- a game a script asks for is a file of a games directory, no symbolic
  -- link (one to ~/.env, say: its syntax error would quote a line of it
  -- to the script that asked)
  local folder = path:match("^(.*)/init%.lua$")
  for _, at in ipairs { path, folder } do
    if lfs.symlinkattributes(at, "mode") == "link" then
      error(string.format("game '%s' is a symbolic link (%s): a game a "
                          .. "script requires is a file of its games "
                          .. "directory", name, at), 0)
    end
  end
  game = with_weights(check(run(path, load), path), path, load)
  load.games[name] = game
  return game
end

-- ---- faces -------------------------------------------------------------

-- The deepest a game's tables nest, for its face to be made (wargrid's
-- readers of them recurse).
local MAX_DEPTH = 100

-- The face of each game of an untrusted load (see the header).
local function face_of(load, g)
  local face = load.faces[g]
  if face then return face end
  face = setmetatable({}, Game)
  load.faces[g] = face
  load.own[face] = g
  host.face(face, g, load.path)  -- perft, playouts and the search call g's
  local seen = {}
  local function copy(v, name, depth)
    local kind = type(v)
    if kind == "function" then return guard(load, v, name) end
    if kind ~= "table" then return v end
    if debug.getmetatable(v) == Game then return face_of(load, v) end
    if seen[v] then return seen[v] end
    if depth > MAX_DEPTH then
      error(string.format("%s: game %s: %s holds tables nested more than %d "
                          .. "deep", load.path, tostring(g.name),
                          name:match("^[^.]*"), MAX_DEPTH), 0)
    end
    local out = {}
    seen[v] = out
    for k, x in next, v do
      out[copy(k, name, depth + 1)] = copy(x, name .. "." .. tostring(k),
                                           depth + 1)
    end
    return out
  end
  -- the fields wg.game made are as it made them (a script may have
  -- changed its own); the rest, the declaration and the methods, the
  -- script's
  local made = G.made(g) or {}
  local fields = {}
  for k, v in next, g do
    if not G.MADE[k] then fields[k] = v end
  end
  for k, v in next, made do fields[k] = v end
  for k, v in next, fields do
    local f = copy(v, tostring(k), 1)
    -- a hook's results are checked before wargrid's code meets them (one
    -- checked function a guard, as one guard a function)
    local checked = type(v) == "function" and contract.checker(k, load.path)
    if checked then
      local key, guarded = k .. " " .. tostring(f), f
      load.checked[key] = load.checked[key]
                          or function(game, ...)
                            return checked(game, guarded(game, ...))
                          end
      f = load.checked[key]
    end
    face[k] = f
  end
  face.with_options = load.with_options
  -- the declaration a script changed after wg.game read it must still be
  -- one (a number where a table goes would fail in wargrid's code)
  local ok, err = pcall(schema.check, face.def)
  if not ok then error(string.format("%s: %s", load.path, err), 0) end
  return face
end

-- A new load of the script at path: its files, its games by name, the
-- metatables, guards and faces it has made (game -> face, face -> game).
local function new_load(path)
  local load = { path = path, files = {}, games = {}, metas = {},
                 guards = {}, faces = {}, own = {}, checked = {}, data = {} }
  load.where = where_for(load)
  -- options are set on the script's game, under a budget, and the game
  -- that has them faced
  local set_options = host.guard(function(g, settings)
    return g:with_options(settings)
  end, path, "with_options")
  function load.with_options(face, settings)
    local g = load.own[face]
    local set = set_options(g, settings)
    if debug.getmetatable(set) ~= Game then
      error(string.format("%s: with_options returned %s, not a game", path,
                          type(set) == "table" and "a table" or type(set)),
            0)
    end
    return set == g and face or load.face_of(set)
  end
  -- what a guarded call returns to wargrid: functions guarded, games faced
  function load.clean(...)
    local out = table.pack(...)
    for i = 1, out.n do
      local v = out[i]
      if type(v) == "function" then
        out[i] = guard(load, v, "a function it returned")
      elseif type(v) == "table" and debug.getmetatable(v) == Game then
        out[i] = face_of(load, v)
      end
    end
    return table.unpack(out, 1, out.n)
  end
  function load.face_of(g) return face_of(load, g) end
  return load
end

-- Loads the game at path under a budget; by_name: found by its name (a
-- built-in game is trusted when every file its load ran is built-in).
-- Returns the game and the files the load read.
-- Where each game load_top made came from: { path, by_name }.
local sources = setmetatable({}, { __mode = "k" })

local function load_top(path, by_name, weights_file)
  local load = new_load(path)
  load.weights = weights_file
  local game = host.guard(function()
    return with_weights(check(run(path, load), path), path, load, true)
  end, path, "loading", nil, nil, true)()
  -- a weights file is data, read by wargrid's code: it trusts no code
  local trusted = by_name
  for _, file in ipairs(load.files) do
    trusted = trusted and (file:sub(1, #BUILTIN) == BUILTIN or load.data[file])
  end
  if not trusted then game = face_of(load, game) end
  sources[game] = { path = path, by_name = by_name }
  return game, load.files
end

-- loader.reload(game, weights) -> a copy of the game, loaded afresh from
-- where game (or the game it set options on) was, with the options game
-- has, and with other evaluation weights: false the hand-set ones (no
-- weights file read, nor its bases'), or a weights file's path for its
-- own (its bases keep theirs).
function loader.reload(game, weights_file)
  local g, settings = game, {}
  for name, v in pairs(game.given or {}) do settings[name] = v.value end
  while g and not sources[g] do g = g.base end
  if not g then error("loader.reload: a game the loader did not load", 2) end
  local src = sources[g]
  local copy = load_top(src.path, src.by_name, weights_file)
  return copy:with_options(settings)
end

local cache = {}

-- loader.load(name) -> game; raises a message naming the file on failure.
-- Loaded once.
function loader.load(name)
  if cache[name] then return cache[name] end
  local path, err = loader.find(name)
  if not path then error(err, 0) end
  local game = load_top(path, true)
  cache[name] = game
  return game
end

-- loader.load_file(path) -> game, files (a variant file, say, or a game's
-- folder: its init.lua), untrusted; not cached: the games it asks for are
-- loaded afresh too. files lists every file the load read, the script
-- first, then its modules and the games it asked for (their scripts and
-- modules), in the order it read them: a game played from a file is
-- watched for changes in every one of them.
function loader.load_file(path)
  if lfs.attributes(path, "mode") == "directory" then
    path = path:gsub("/+$", "") .. "/init.lua"
  end
  if lfs.attributes(path, "mode") ~= "file" then
    error(string.format("no file %s", quote(path)), 0)
  end
  return load_top(path, false)
end

-- loader.environment() -> the environment a script of an untrusted load
-- starts with (its globals), for the specs and the reference that list
-- what a script can reach
function loader.environment()
  local load = new_load("(environment)")
  return sandbox { modules = {}, load = load }
end

return loader
