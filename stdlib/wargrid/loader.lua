-- wargrid.loader: finding game scripts and loading them in a sandbox.
--
-- Games are files NAME.lua in scripts/games/ and in the directories listed
-- in WARGRID_PATH (separated by ":"; earlier directories win). A script
-- runs in an environment of its own with an allow list of globals: no io,
-- os, debug, load, dofile or package; text chunks only; `require` reaches
-- the wargrid modules and other games ("games.NAME"). Loading has an
-- instruction budget. Errors name the file and the line.
local lfs = require "lfs"

local loader = {}

-- The project (or install) directory: the one holding stdlib/.
local init = package.searchpath("wargrid", package.path) or ""
loader.root = init:match("^(.*)/stdlib/wargrid/init%.lua$") or "."

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

function loader.dirs()
  local dirs = {}
  local extra = os.getenv("WARGRID_PATH")
  if extra then
    for d in extra:gmatch("[^:]+") do dirs[#dirs + 1] = d end
  end
  dirs[#dirs + 1] = loader.root .. "/scripts/games"
  return dirs
end

-- loader.list() -> sorted names of the games found
function loader.list()
  local seen, names = {}, {}
  for _, dir in ipairs(loader.dirs()) do
    if lfs.attributes(dir, "mode") == "directory" then
      for file in lfs.dir(dir) do
        local name = file:match("^([%w_]+)%.lua$")
        if name and not seen[name] then
          seen[name] = true
          names[#names + 1] = name
        end
      end
    end
  end
  table.sort(names)
  return names
end

-- loader.find(name) -> path, or nil, message
function loader.find(name)
  if type(name) ~= "string" or not name:match("^[%w_]+$") then
    return nil, string.format("'%s' is not a game name", tostring(name))
  end
  for _, dir in ipairs(loader.dirs()) do
    local path = dir .. "/" .. name .. ".lua"
    if lfs.attributes(path, "mode") == "file" then return path end
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

local function sandbox()
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
    local game = type(name) == "string" and name:match("^games%.([%w_]+)$")
    if game then return deep_copy(loader.load(game)) end
    error(string.format("module '%s' is not available to game scripts",
                        tostring(name)), 2)
  end
  return env
end

-- Runs the script at path in a sandbox; returns what it returns, or raises
-- "path:line: message".
local function run(path)
  local chunk, err = loadfile(path, "t", sandbox())
  if not chunk then error(err, 0) end
  local source = "@" .. path
  local function where(msg)
    msg = tostring(msg)
    if msg:find(path, 1, true) then return msg end
    for level = 2, 50 do
      local info = debug.getinfo(level, "Sl")
      if not info then break end
      if info.source == source then
        return string.format("%s:%d: %s", path, info.currentline, msg)
      end
    end
    return path .. ": " .. msg
  end
  local count = 0
  local outer = hook
  hook = function()
    count = count + 1
    if count > BUDGET then error(EXHAUSTED, 0) end
  end
  debug.sethook(hook, "", 1000000)
  local ok, result = xpcall(chunk, where)
  hook = outer
  if outer then debug.sethook(outer, "", 1000000) else debug.sethook() end
  if not ok then error(result, 0) end
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

-- loader.load(name) -> game; raises a message naming the file on failure
function loader.load(name)
  if cache[name] then return cache[name] end
  local path, err = loader.find(name)
  if not path then error(err, 0) end
  local game = check(run(path), path)
  cache[name] = game
  return game
end

-- loader.load_file(path) -> game (a variant file, say); not cached
function loader.load_file(path)
  if lfs.attributes(path, "mode") ~= "file" then
    error(string.format("no file '%s'", path), 0)
  end
  return check(run(path), path)
end

return loader
