-- The project's shape (issue 26): the stdlib in floors, requires running
-- one way only; no game named in the stdlib's or the runtime's code; the
-- runtime calling by name only the hooks of the game contract; every game
-- folder with the same files.
local lfs = require "lfs"
local contract = require "wargrid.contract"
local slurp, files = require("files").slurp, require("files").list

-- Lua text without its comments (line comments and --[[ ]] blocks);
-- strings stay.
local function code_of(text)
  return (text:gsub("%-%-%[(=*)%[.-%]%1%]", ""):gsub("%-%-[^\n]*", ""))
end

-- C text without its comments.
local function c_code_of(text)
  return (text:gsub("/%*.-%*/", ""):gsub("//[^\n]*", ""))
end

-- The floors, lowest first: a module may require its own floor's and
-- those below, never one above.
local FLOORS = {
  -- 0: the runtime (C) and Lua's libraries
  { "wargrid.core", "wargrid.host", "wargrid.http", "lfs" },
  -- 1: words and data that know no game, the record's format among them
  { "wargrid.version", "wargrid.text", "wargrid.json", "wargrid.betza",
    "wargrid.schema", "wargrid.contract", "wargrid.glyphs", "wargrid.stats",
    "wargrid.record", "wargrid.weights" },
  -- 2: declaring a game, and the words its rules and reasons use
  { "wargrid.why", "wargrid.game", "wargrid.fen", "wargrid.help",
    "wargrid.api" },
  -- 3: loading games
  { "wargrid.loader", "wargrid.rulebook" },
  -- 4: playing, records, the AI
  { "wargrid", "wargrid.san", "wargrid.replay",
    "wargrid.session", "wargrid.ai", "wargrid.selfplay", "wargrid.engine",
    "wargrid.tune", "wargrid.teacher" },
  -- 5: hosts: the command line, the browser board, pictures, the engine
  -- protocols, the test helpers
  { "wargrid.cli", "wargrid.cli.*", "wargrid.serve", "wargrid.serve_page",
    "wargrid.svg", "wargrid.html", "wargrid.cecp", "wargrid.uci",
    "wargrid.test" },
}

local function floor_of(module)
  for i, names in ipairs(FLOORS) do
    for _, n in ipairs(names) do
      if n == module or (n:sub(-2) == ".*" and module:sub(1, #n - 1)
                         == n:sub(1, -2)) then
        return i - 1
      end
    end
  end
end

local function module_of(path)
  local m = path:match("^stdlib/(.*)%.lua$"):gsub("/", ".")
  return (m:gsub("%.init$", ""))
end

local function stdlib_files()
  local list = files("stdlib/wargrid", "%.lua$")
  for _, f in ipairs(files("stdlib/wargrid/cli", "%.lua$")) do
    list[#list + 1] = f
  end
  return list
end

describe("structure: the stdlib in floors", function()
  local requires = {}
  for _, path in ipairs(stdlib_files()) do
    local m = module_of(path)
    requires[m] = {}
    for name in code_of(slurp(path)):gmatch("require%s*%(?%s*[\"']([%w%._]+)[\"']") do
      if name ~= m then requires[m][name] = true end
    end
  end

  it("every stdlib module has its floor", function()
    local missing = {}
    for m in pairs(requires) do
      if not floor_of(m) then missing[#missing + 1] = m end
    end
    table.sort(missing)
    assert.same({}, missing)
  end)

  it("no module requires one of a floor above its own", function()
    local up = {}
    for m, names in pairs(requires) do
      for name in pairs(names) do
        local a, b = floor_of(m), floor_of(name)
        if b and a and b > a then
          up[#up + 1] = string.format("%s (floor %d) requires %s (floor %d)",
                                      m, a, name, b)
        end
      end
    end
    table.sort(up)
    assert.same({}, up)
  end)

  it("requires run one way only: no cycle", function()
    local state, cycle = {}, nil
    local function visit(m, path)
      if cycle then return end
      if state[m] == "open" then
        cycle = table.concat(path, " -> ") .. " -> " .. m
        return
      end
      if state[m] then return end
      state[m] = "open"
      path[#path + 1] = m
      local names = {}
      for name in pairs(requires[m] or {}) do names[#names + 1] = name end
      table.sort(names)
      for _, name in ipairs(names) do visit(name, path) end
      path[#path] = nil
      state[m] = "done"
    end
    local all = {}
    for m in pairs(requires) do all[#all + 1] = m end
    table.sort(all)
    for _, m in ipairs(all) do visit(m, {}) end
    assert.is_nil(cycle)
  end)
end)

describe("structure: the hosts ask a game what it can do", function()
  it("no built-in game is named in the code of stdlib/ or runtime/", function()
    local names = {}
    for name in lfs.dir("scripts/games") do
      local n = name:match("^([%w_]+)%.lua$") or (name:match("^[%w_]+$")
                and lfs.attributes("scripts/games/" .. name .. "/init.lua")
                and name)
      if n then names[#names + 1] = n end
    end
    assert.truthy(#names >= 6)
    local found = {}
    local function scan(path, code)
      for _, n in ipairs(names) do
        for s in code:gmatch("[\"']([^\"'\n]*)[\"']") do
          if s:find("%f[%w_]" .. n .. "%f[^%w_]") then
            found[#found + 1] = path .. ": " .. n .. " in " .. s
          end
        end
      end
    end
    for _, path in ipairs(stdlib_files()) do scan(path, code_of(slurp(path))) end
    for _, path in ipairs(files("runtime", "%.[ch]$")) do
      scan(path, c_code_of(slurp(path)))
    end
    assert.same({}, found)
  end)

  it("the runtime calls by name only the hooks of the game contract", function()
    local called = {}
    for _, path in ipairs(files("runtime", "%.c$")) do
      local code = c_code_of(slurp(path))
      for name in code:gmatch("wg_game_function%([^,]+,[^,]+,%s*\"([%w_]+)\"") do
        called[name] = path
      end
      for name in code:gmatch("lua_getfield%(L,%s*d%->game,%s*\"([%w_]+)\"") do
        called[name] = path
      end
      for name in code:gmatch("wg_budget_p?call%([^;]-\"([%w_]+)\"%)") do
        called[name] = path
      end
    end
    assert.truthy(called.actions and called.play and called.evaluate)
    local strangers = {}
    for name, path in pairs(called) do
      if not contract.hooks[name] then
        strangers[#strangers + 1] = path .. ": " .. name
      end
    end
    table.sort(strangers)
    assert.same({}, strangers)
  end)
end)

describe("structure: every game the same shape", function()
  local PARTS = { "init.lua", "text.lua", "why.lua", "look.lua", "ai.lua",
                  "rules.md" }
  -- and, once `wargrid tune` has fitted its evaluation, weights.lua
  for name in lfs.dir("scripts/games") do
    local dir = "scripts/games/" .. name
    if not name:match("^%.") and lfs.attributes(dir, "mode") == "directory" then
      it(name .. " is a folder of " .. table.concat(PARTS, ", "), function()
        local have = {}
        for file in lfs.dir(dir) do
          if not file:match("^%.") and file ~= "weights.lua" then
            have[#have + 1] = file
          end
        end
        table.sort(have)
        local want = { table.unpack(PARTS) }
        table.sort(want)
        assert.same(want, have)
      end)
    elseif name:match("%.lua$") and not name:match("%.weights%.lua$") then
      it(name .. " is a variant of a game beside it, in one file", function()
        assert.matches("wg%.variant%(", slurp(dir))
      end)
    end
  end
end)
