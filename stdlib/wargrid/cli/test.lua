-- wargrid.cli.test: `wargrid test`, busted specs run against this copy of
-- wargrid, from any directory.
local loader = require "wargrid.loader"
local common = require "wargrid.cli.common"

local M = {}

M.test = {
  help = [[
usage: wargrid test SPEC... [BUSTED_OPTION...]
Runs busted specs under Lua 5.4 with this wargrid's modules first on their
paths: its stdlib (wargrid, wargrid.test) and its runtime, from the source
tree it was built in or from where it is installed, so a spec of yours
runs from any directory. In a spec, T.game "NAME" loads a game by name
(scripts/games/ and WARGRID_PATH), T.game "my_variant.lua" or
T.game "path/to/folder" a game or variant by path (from the spec's own
directory if it is there, else the current one). Other arguments go to
busted (-o TAP, --filter TEXT, ...). Exit status 0 when every spec passes,
1 otherwise. Needs lua5.4 and busted (Debian: lua5.4, lua-busted).
For busted itself, set what this command sets:
  LUA_PATH="STDLIB/?.lua;STDLIB/?/init.lua;;"  LUA_CPATH="RUNTIME;;"
(`wargrid test --paths` prints the two lines for this copy).]],
}

local shell_quote = require("wargrid.text").shell_quote

-- The first of names found as a file on PATH, or nil.
local function on_path(names)
  for _, name in ipairs(names) do
    for dir in (os.getenv("PATH") or ""):gmatch("[^:]+") do
      local f = io.open(dir .. "/" .. name)
      if f then
        f:close()
        return dir .. "/" .. name
      end
    end
  end
end

function M.test.run(args)
  if args[1] == "--help" or args[1] == "-h" then print(M.test.help) return 0 end
  local lua_path = loader.lua_path .. ";;"
  local c_path = loader.c_path .. ";;"
  if args[1] == "--paths" then
    print("LUA_PATH=" .. shell_quote(lua_path))
    print("LUA_CPATH=" .. shell_quote(c_path))
    return 0
  end
  if #args == 0 then
    common.usage_error("test: which spec files? (see 'wargrid test --help')")
  end
  for _, a in ipairs(args) do
    if a:sub(1, 1) ~= "-" and a:match("%.lua$") and not io.open(a) then
      common.usage_error("test: no spec file %s",
                         require("wargrid.text").quote(a))
    end
  end
  local lua, busted = on_path { "lua5.4" }, on_path { "busted" }
  if not (lua and busted) then
    io.stderr:write("wargrid: test needs ", lua and "busted" or "lua5.4",
                    " (Debian: lua5.4, lua-busted)\n")
    return 1
  end
  local q = {}
  for i, a in ipairs(args) do q[i] = shell_quote(a) end
  local ok = os.execute(string.format("LUA_PATH=%s LUA_CPATH=%s %s %s %s",
                                      shell_quote(lua_path),
                                      shell_quote(c_path), lua, busted,
                                      table.concat(q, " ")))
  return ok and 0 or 1
end

return M
