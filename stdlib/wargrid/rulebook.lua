-- wargrid.rulebook: a game's rules as the project wrote them down. A game's
-- rulebook lies beside its script: NAME.md beside NAME.lua, or rules.md in
-- a folder game (NAME/init.lua). A game with no rulebook of its own that is
-- a variant (wg.variant) is told by its base's rulebook, with what the
-- variant changes listed on top: its header comment (the comment lines
-- that open its file), the declaration's keys that differ from the base's,
-- and the methods it replaces.
local loader = require "wargrid.loader"

local M = {}

local function readable(path)
  local f = path and io.open(path)
  if not f then return nil end
  local text = f:read("a")
  f:close()
  return text
end

-- M.beside(script) -> the path of the rulebook of the game whose script
-- is at `script` (whether it exists or not)
function M.beside(script)
  local folder = script:match("^(.*)/init%.lua$")
  if folder then return folder .. "/rules.md" end
  return (script:gsub("%.lua$", "")) .. ".md"
end

-- M.header(script) -> the comment lines that open the file, as text
-- (without "-- "), or nil
function M.header(script)
  local text = readable(script)
  if not text then return nil end
  local lines = {}
  for line in (text .. "\n"):gmatch("(.-)\n") do
    local comment = line:match("^%-%-%s?(.*)$")
    if not comment then break end
    if not comment:match("^%s*luacheck:") then lines[#lines + 1] = comment end
  end
  return #lines > 0 and table.concat(lines, "\n") or nil
end

-- A value as one line of Lua-like text.
local function show(v, depth)
  depth = depth or 0
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) == "function" then return "a function" end
  if type(v) ~= "table" then return tostring(v) end
  if depth > 3 then return "{ ... }" end
  local parts, n = {}, #v
  for i = 1, n do parts[#parts + 1] = show(v[i], depth + 1) end
  local keys = {}
  for k in pairs(v) do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then
      keys[#keys + 1] = k
    end
  end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for _, k in ipairs(keys) do
    parts[#parts + 1] = tostring(k) .. " = " .. show(v[k], depth + 1)
  end
  return #parts == 0 and "{}" or "{ " .. table.concat(parts, ", ") .. " }"
end

-- M.same(a, b) -> true when a and b hold the same, table by table
local function same(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end
M.same = same

local function is_list(t) return type(t) == "table" and t[1] ~= nil end

-- The phases a variant drops, adds and changes, by name, as lines.
local function phase_changes(mine, theirs, base_name, out)
  local function by_name(list)
    local t = {}
    for _, p in ipairs(list or {}) do
      p = type(p) == "table" and p or { name = p }
      t[p.name] = p
    end
    return t
  end
  local a, b = by_name(mine), by_name(theirs)
  local names = {}
  for name in pairs(a) do names[#names + 1] = name end
  for name in pairs(b) do if not a[name] then names[#names + 1] = name end end
  table.sort(names)
  for _, name in ipairs(names) do
    local path = "phases." .. name
    if not a[name] then
      out[#out + 1] = path .. " dropped"
    elseif not b[name] then
      out[#out + 1] = path .. " = " .. show(a[name]) .. " (new)"
    elseif not same(a[name], b[name]) then
      out[#out + 1] = string.format("%s = %s (%s: %s)", path, show(a[name]),
                                    base_name, show(b[name]))
    end
  end
end

-- The declaration keys where def differs from base's, as lines.
local function differences(def, base, base_name, prefix, out)
  local keys = {}
  for k in pairs(def) do keys[#keys + 1] = k end
  for k in pairs(base) do if def[k] == nil then keys[#keys + 1] = k end end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for _, k in ipairs(keys) do
    local path = prefix .. tostring(k)
    local a, b = def[k], base[k]
    if path == "name" then  -- luacheck: ignore 542
      -- a variant's name always differs
    elseif path == "phases" then
      phase_changes(a, b, base_name, out)
    elseif type(a) == "table" and type(b) == "table" and not is_list(a)
           and not is_list(b) then
      differences(a, b, base_name, path .. ".", out)
    elseif a == nil then
      out[#out + 1] = path .. " removed"
    elseif b == nil then
      out[#out + 1] = path .. " = " .. show(a) .. " (new)"
    elseif type(a) == "function" and type(b) == "function" then
      if a ~= b then
        out[#out + 1] = string.format("%s = a function of its own (not %s's)",
                                      path, base_name)
      end
    elseif not same(a, b) then
      out[#out + 1] = string.format("%s = %s (%s: %s)", path, show(a),
                                    base_name, show(b))
    end
  end
  return out
end

-- M.changes(game) -> the lines telling what game changes from its base:
-- declaration keys, then the methods it replaces
function M.changes(game)
  local base = game.base
  local out = differences(game.def, base.def, base.name, "", {})
  local methods = {}
  for k, v in pairs(game) do
    if type(v) == "function" and rawget(base, k) ~= v then
      methods[#methods + 1] = k
    end
  end
  table.sort(methods)
  if #methods > 0 then
    out[#out + 1] = "methods replaced: " .. table.concat(methods, ", ")
  end
  return out
end

-- The script of a game known by name, or nil.
local function script_of(name)
  return (loader.find(name))
end

-- M.find(game [, script]) -> the rulebook's path, its text, and the games
-- between (game first, down to the one whose base owns the rulebook), each
-- { game =, script = }; or nil and the paths looked at. script is the
-- game's file when it was loaded by path (--variant FILE).
function M.find(game, script)
  local between, looked = {}, {}
  local g, path = game, script or script_of(game.name)
  while g do
    local book = path and M.beside(path)
    local text = readable(book)
    if text then return book, text, between end
    if book then looked[#looked + 1] = book end
    between[#between + 1] = { game = g, script = path }
    g = g.base
    path = g and script_of(g.name)
  end
  return nil, looked
end

-- M.text(game [, script]) -> the rulebook as `wargrid rules` prints it, or
-- nil and one line saying there is none
function M.text(game, script)
  local book, text, between = M.find(game, script)
  if not book then
    local looked = text
    return nil, string.format("%s has no rulebook%s", game.name,
                              #looked > 0 and " (no " .. table.concat(looked,
                              ", no ") .. ")" or "")
  end
  if #between == 0 then return text end
  local parts = {}
  for _, step in ipairs(between) do
    local g = step.game
    local lines = { string.format("%s (\"%s\") is a variant of %s (\"%s\").",
                                  g.name, g.title, g.base.name, g.base.title) }
    local header = step.script and M.header(step.script)
    if header then lines[#lines + 1] = header end
    lines[#lines + 1] = "What it changes:"
    for _, line in ipairs(M.changes(g)) do
      lines[#lines + 1] = "  " .. line
    end
    parts[#parts + 1] = table.concat(lines, "\n")
  end
  local root = loader.root .. "/"
  if book:sub(1, #root) == root then book = book:sub(#root + 1) end
  parts[#parts + 1] = string.format("The rulebook of %s follows (%s).",
                                    between[#between].game.base.name, book)
  return table.concat(parts, "\n\n") .. "\n\n" .. text
end

return M
