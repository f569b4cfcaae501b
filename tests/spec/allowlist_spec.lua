-- The sandbox's allow list (issue 25): everything a game script can reach
-- from its environment, walked here independently of tools/reference
-- (recursively, through every table, the modules require hands out, and
-- the metatables of every object a script can make or is handed), is
-- exactly what doc/script-api.md documents; Lua's libraries are Lua's own,
-- less what the sandbox takes out; nothing of wargrid.host is reachable.
local lfs = require "lfs"
local loader = require "wargrid.loader"
local host = require "wargrid.host"

local ROOT = lfs.currentdir()

local slurp = require("files").slurp

-- Every function reachable, by object: { [fn] = { path, ... } }, and the
-- userdata and strings met (whose metatables a script reaches through
-- indexing and operators).
local function reachable()
  local env = loader.environment()
  local wg = env.require "wargrid"
  local game = wg.game { name = "walk", board = { files = 3, ranks = 3 },
                         pieces = { king = { letter = "k", moves = "K",
                                             royal = true } },
                         start = "k2/3/2K w" }
  local found, seen = {}, {}
  local function note(fn, path)
    found[fn] = found[fn] or {}
    table.insert(found[fn], path)
  end
  local walk
  -- A metatable: its methods (__index) as the receiver's, "<s>.key", and
  -- its operators as "<s>#__len".
  local function walk_meta(v, path)
    local mt = debug.getmetatable(v)
    if not mt or seen[mt] then return end
    seen[mt] = true
    local kind = type(v) == "userdata"
                 and tostring(v):match("^wargrid%.(%a+):")
    local recv = ({ state = "s", rules = "rules", actions = "out" })[kind]
                 or (type(v) == "string" and "string")
                 or (type(v) == "table" and v.def and v.rules and "game")
                 or path .. "<meta>"
    for k, x in pairs(mt) do
      if k == "__index" and type(x) == "table" then
        if not seen[x] then
          seen[x] = true
          for key, f in pairs(x) do walk(f, "<" .. recv .. ">." .. key) end
        end
      else
        walk(x, "<" .. recv .. ">#" .. tostring(k))
      end
    end
  end
  -- a table met again by another path is walked again (wg.State is
  -- wg.core.State): every name a script may use counts; only a table on
  -- the path to itself stops the walk
  local on_path = {}
  function walk(v, path)
    local t = type(v)
    if t == "function" then return note(v, path) end
    if t ~= "table" and t ~= "userdata" then return end
    if on_path[v] then return end
    on_path[v] = true
    if t == "table" then
      for k, x in pairs(v) do walk(x, path .. "." .. tostring(k)) end
    end
    walk_meta(v, path)
    on_path[v] = nil
  end
  walk(env, "env")
  walk(wg, "wargrid")
  walk(env.require "wargrid.fen", "wargrid.fen")
  walk(env.require "wargrid.betza", "betza")
  walk(game, "game")
  walk(game.rules:new_state(), "state")
  walk(wg.actions(), "list")
  walk_meta("", "string")
  return found, env
end

-- The names doc/script-api.md gives functions: each list item's
-- `name(...)` and its "also" names, and the globals' line.
local function documented()
  local names = {}
  for line in slurp(ROOT .. "/doc/script-api.md"):gmatch("[^\n]+") do
    local head = line:match("^%- `([%w_%.:]+)%(")
    if head then
      names[head] = true
      for other in (line:match("%(also (.-)%)$") or ""):gmatch("`([^`]+)`")
      do
        names[other] = true
      end
    elseif line:match("^`[%a_]+`, `") then
      for name in line:gmatch("`([%a_]+)`") do names[name] = true end
    end
  end
  return names
end

-- The name a script calls a function by, from the path the walk found it
-- at: wargrid... is wg..., a method receiver:name; nil for Lua's libraries
-- and for operators (checked apart).
local LIBRARIES = { coroutine = true, math = true, string = true,
                    table = true, utf8 = true }

local function script_name(path)
  local recv, key = path:match("^<([%w_]+)>%.([%w_]+)$")
  if recv == "string" then return nil end
  if recv then return recv .. ":" .. key end
  if path:find("#", 1, true) then return nil end
  local lib = path:match("^env%.([%w_]+)%.")
  if lib and LIBRARIES[lib] then return nil end
  local global = path:match("^env%.([%w_]+)$")
  if global then return global end
  return (path:gsub("^wargrid", "wg"))
end

describe("sandbox: the allow list (doc/script-api.md)", function()
  local found, env = reachable()

  it("tools/reference finds every function documented, and its pages (script-api, contract) up to date", function()
    local h = io.popen("cd " .. ROOT .. " && WARGRID_BUILD="
                       .. (os.getenv("WARGRID_BUILD") or "build")
                       .. " tools/reference --check 2>&1; echo $?")
    local out = h:read("a")
    h:close()
    assert.matches("\n0\n$", out)
  end)

  it("every function a script reaches is documented, and everything documented is reachable", function()
    local docs, reached = documented(), {}
    local undocumented = {}
    for _, paths in pairs(found) do
      local named = false
      for _, p in ipairs(paths) do
        local name = script_name(p)
        if name == nil then named = true end
        if name and not name:find("<meta>") then
          reached[name] = true
          named = named or docs[name]
        end
      end
      if not named then
        local shown = {}
        for _, p in ipairs(paths) do shown[#shown + 1] = script_name(p) or p end
        table.sort(shown)
        undocumented[#undocumented + 1] = table.concat(shown, " = ")
      end
    end
    table.sort(undocumented)
    assert.same({}, undocumented)
    local gone = {}
    for name in pairs(docs) do
      if not reached[name] then gone[#gone + 1] = name end
    end
    table.sort(gone)
    assert.same({}, gone)
  end)

  it("Lua's libraries are Lua's own, less string.dump; coroutine's resume, wrap and close are the budget's", function()
    for lib in pairs(LIBRARIES) do
      local want = {}
      for k, v in pairs(_G[lib]) do want[k] = v end
      if lib == "string" then want.dump = nil end
      local have = {}
      for k, v in pairs(env[lib]) do have[k] = v end
      if lib == "coroutine" then
        for _, k in ipairs { "resume", "wrap", "close" } do
          assert.are_not.equal(want[k], have[k], "coroutine." .. k)
          assert.equal("function", type(have[k]))
          want[k], have[k] = nil, nil
        end
      end
      assert.same(want, have, lib)
      assert.are_not.equal(_G[lib], env[lib], lib .. " is a copy")
    end
    local methods = debug.getmetatable("").__index
    assert.is_nil(methods.dump)
  end)

  it("nothing of wargrid.host, io, os, debug or package is reachable, nor load or dofile", function()
    local forbidden = {}
    for k, v in pairs(host) do
      -- the sandbox's coroutine.resume and close are the budget's own
      if k ~= "resume" and k ~= "close" then forbidden[v] = "host." .. k end
    end
    for _, lib in ipairs { "io", "os", "debug", "package" } do
      for k, v in pairs(_G[lib]) do
        if type(v) == "function" then forbidden[v] = lib .. "." .. k end
      end
    end
    for _, k in ipairs { "load", "loadfile", "dofile", "collectgarbage",
                         "require", "print", "setmetatable", "getmetatable" } do
      forbidden[_G[k]] = k
    end
    local hits = {}
    for fn, paths in pairs(found) do
      if forbidden[fn] then
        hits[#hits + 1] = forbidden[fn] .. " at " .. paths[1]
      end
    end
    table.sort(hits)
    assert.same({}, hits)
    for _, k in ipairs { "io", "os", "debug", "package", "load", "dofile",
                         "loadfile", "collectgarbage", "_ENV" } do
      assert.is_nil(rawget(env, k), k)
    end
  end)

  it("a runtime object's metatable has no more than its methods and its operators", function()
    local allowed = { __gc = true, __len = true, __tostring = true }
    local seen = {}
    for _, paths in pairs(found) do
      for _, p in ipairs(paths) do
        local recv, key = p:match("^<([%w_]+)>#(.+)$")
        if recv and recv ~= "string" then
          assert.truthy(allowed[key], p)
          seen[recv .. "#" .. key] = true
        end
      end
    end
    assert.truthy(seen["out#__len"] and seen["s#__gc"])
  end)
end)
