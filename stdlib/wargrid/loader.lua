-- wargrid.loader: finding game scripts and loading them in a sandbox.
--
-- A game is a file NAME.lua or a folder NAME/ with a script NAME/init.lua,
-- in scripts/games/ or in a directory listed in WARGRID_PATH (separated by
-- ":"; earlier directories win, and within one the file before the folder).
-- A script runs in an environment of its own with an allow list of
-- globals: no io, os, debug, load, dofile or package; text chunks only.
-- `require` reaches the wargrid modules, other games ("games.NAME", loaded
-- afresh for the load that asks, so a variant shares nothing with its base
-- loaded on its own), and, in a folder game, the game's own modules:
-- "NAME.MOD" is NAME/MOD.lua and "NAME.sub.MOD" is NAME/sub/MOD.lua; any
-- other name (.., a path, another folder) is refused. A module runs in the
-- game's sandbox, within the load's instruction budget, once per load of
-- the game: the scripts of one load share it, two loads never do. Errors
-- name the file (the module's own) and the line.
local lfs = require "lfs"

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

local SAFE_GLOBALS = {
  "assert", "error", "ipairs", "next", "pairs", "pcall", "select", "tonumber",
  "tostring", "type", "xpcall", "setmetatable", "getmetatable", "rawequal",
  "rawget", "rawset", "rawlen", "print", "_VERSION",
}
local SAFE_LIBS = { "math", "string", "table", "utf8", "coroutine" }
local MODULES = { wargrid = true, ["wargrid.fen"] = true,
                  ["wargrid.betza"] = true }
local BUDGET = 200  -- millions of instructions a script may run while loading

local cache = {}

-- The files the outermost load under way has read (its script, the games
-- it asked for, their modules), for loader.load_file to return: a game
-- played from a file is watched for changes in every one of them.
local reading

local function note(path)
  if reading then reading[#reading + 1] = path end
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
    return nil, string.format("'%s' is not a game name", tostring(name))
  end
  for _, dir in ipairs(loader.dirs()) do
    local path = script_in(dir, name)
    if path then return path end
  end
  return nil, string.format("unknown game '%s' (known: %s)", name,
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

-- The error a script gets when its budget runs out; the sandbox's pcall,
-- xpcall and coroutines pass it on instead of catching it.
local EXHAUSTED = setmetatable({}, { __tostring = function()
  return "instruction budget exceeded while loading"
end })
local hook  -- set while a script loads

local function pass_budget(ok, ...)
  if not ok and (...) == EXHAUSTED then error(EXHAUSTED, 0) end
  return ok, ...
end

-- A folder game's own module: "NAME.MOD" -> NAME/MOD.lua, run once per
-- load of the game in the game's sandbox. ctx is the load: its folder and
-- NAME, its sandbox (env), the modules loaded so far, the files run.
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
  ctx.files[#ctx.files + 1] = path
  note(path)
  local chunk, err = loadfile(path, "t", ctx.env)
  if not chunk then error(err, 0) end
  ctx.modules[rest] = LOADING
  local ok, result = xpcall(chunk, ctx.where, name)
  if not ok then
    ctx.modules[rest] = nil
    error(result, 0)
  end
  if result == nil then result = true end
  ctx.modules[rest] = result
  return result
end

local function sandbox(ctx)
  local env = {}
  for _, k in ipairs(SAFE_GLOBALS) do env[k] = _G[k] end
  for _, lib in ipairs(SAFE_LIBS) do env[lib] = deep_copy(_G[lib]) end
  env.string.dump = nil
  env._G = env
  -- no way to the shared metatables of strings and runtime objects
  env.getmetatable = function(v)
    if type(v) == "table" then return getmetatable(v) end
    return nil
  end
  env.pcall = function(f, ...) return pass_budget(pcall(f, ...)) end
  env.xpcall = function(f, handler, ...)
    return pass_budget(xpcall(f, function(e)
      if e == EXHAUSTED then return e end
      return handler(e)
    end, ...))
  end
  local co = env.coroutine
  co.create = function(f)
    local thread = coroutine.create(f)
    if hook then debug.sethook(thread, hook, "", 1000000) end
    return thread
  end
  co.resume = function(thread, ...)
    return pass_budget(coroutine.resume(thread, ...))
  end
  co.wrap = function(f)
    local thread = co.create(f)
    return function(...)
      local function unpack_result(ok, ...)
        if not ok then error((...), 0) end
        return ...
      end
      return unpack_result(co.resume(thread, ...))
    end
  end
  env.require = function(name)
    if MODULES[name] then return deep_copy((require(name))) end
    if type(name) ~= "string" then
      error(string.format("module '%s' is not available to game scripts",
                          tostring(name)), 2)
    end
    local game = name:match("^games%.([%w_]+)$")
    if game then return deep_copy(loader.load(game)) end
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

-- The games other games load while a load is under way (by require
-- "games.NAME" or wg.variant "NAME"): loaded afresh for that load, so that
-- a variant shares no module with the base game loaded on its own.
local loading

-- Runs the script at path in a sandbox; returns what it returns, or raises
-- "path:line: message" (the line of the game's file, script or module,
-- where it happened).
local function run(path)
  local folder = path:match("^(.*)/init%.lua$")
  local ctx = { folder = folder, name = folder and folder:match("([^/]+)$"),
                modules = {}, files = { path } }
  ctx.env = sandbox(ctx)
  note(path)
  local chunk, err = loadfile(path, "t", ctx.env)
  if not chunk then error(err, 0) end
  -- the message of an error in a game's file, where it happened; the
  -- budget's error stays itself (pcall passes it on), its place noted
  function ctx.where(msg)
    if msg == EXHAUSTED then
      ctx.exhausted = ctx.exhausted or ctx.where(tostring(msg))
      return msg
    end
    msg = tostring(msg)
    for _, file in ipairs(ctx.files) do
      if msg:find(file, 1, true) then return msg end
    end
    local where, line = key_line(ctx.files, msg)
    if where then return string.format("%s:%d: %s", where, line, msg) end
    for level = 2, 50 do
      local info = debug.getinfo(level, "Sl")
      if not info then break end
      for _, file in ipairs(ctx.files) do
        if info.source == "@" .. file then
          return string.format("%s:%d: %s", file, info.currentline, msg)
        end
      end
    end
    return path .. ": " .. msg
  end
  local count = 0
  local outer, outer_loading = hook, loading
  hook = function()
    count = count + 1
    if count > BUDGET then error(EXHAUSTED, 0) end
  end
  loading = loading or {}
  debug.sethook(hook, "", 1000000)
  local ok, result = xpcall(chunk, ctx.where)
  hook, loading = outer, outer_loading
  if outer then debug.sethook(outer, "", 1000000) else debug.sethook() end
  if not ok then error(result == EXHAUSTED and ctx.exhausted or result, 0) end
  return result
end

local function check(game, path)
  local Game = require("wargrid.game").Game
  if getmetatable(game) ~= Game then
    error(path .. ": the script must return a game "
          .. "(made by wg.game or wg.variant)", 0)
  end
  for _, method in ipairs { "actions", "play", "position_text",
                            "set_position" } do
    if type(game[method]) ~= "function" then
      error(string.format("%s: game %s has no %s method", path, game.name,
                          method), 0)
    end
  end
  -- a declaration that leaves one of the game's rules impossible (a file
  -- the rule names is off the board) is refused here, in one line
  local ok, err = game:validate()
  if not ok then
    error(string.format("%s: game %s: %s", path, game.name, err or "?"), 0)
  end
  return game
end

-- loader.load(name) -> game; raises a message naming the file on failure.
-- Loaded once, except that a load under way loads the games it asks for
-- once for itself.
function loader.load(name)
  local games = loading or cache
  if games[name] then return games[name] end
  local path, err = loader.find(name)
  if not path then error(err, 0) end
  local game = check(run(path), path)
  games[name] = game
  return game
end

-- loader.load_file(path) -> game, files (a variant file, say, or a game's
-- folder: its init.lua); not cached: the games it asks for are loaded
-- afresh too. files lists every file the load read, the script first, then
-- its modules and the games it asked for (their scripts and modules).
function loader.load_file(path)
  if lfs.attributes(path, "mode") == "directory" then
    path = path:gsub("/+$", "") .. "/init.lua"
  end
  if lfs.attributes(path, "mode") ~= "file" then
    error(string.format("no file '%s'", path), 0)
  end
  local outer = reading
  local files = {}
  reading = files
  local ok, game = pcall(run, path)
  reading = outer
  if not ok then error(game, 0) end
  for _, f in ipairs(files) do note(f) end
  return check(game, path), files
end

return loader
