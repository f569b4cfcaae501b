-- make install PREFIX=... DESTDIR=...: the installed wargrid finds its games
-- and stdlib from the prefix, from any directory; its man page reads; a
-- busted spec requires the installed module; and luarocks make installs the
-- same into a rocks tree.
local T = require "wargrid.test"

local root = io.popen("pwd"):read("l")

-- output (stdout and stderr) and exit status of a shell command
local function sh(cmd)
  local h = io.popen("(" .. cmd .. ") 2>&1; echo \"exit $?\"")
  local out = h:read("a")
  h:close()
  local body, code = out:match("^(.-)exit (%d+)\n$")
  return body, tonumber(code)
end

local version = dofile(root .. "/stdlib/wargrid/version.lua")

-- A spec that requires the installed module and checks where it came from.
local SPEC = [[
local T = require "wargrid.test"
local wg = require "wargrid"
describe("the installed wargrid", function()
  it("is the prefix's, with its games and runtime", function()
    assert.equal("@PREFIX@/share/lua/5.4/wargrid/init.lua", package.searchpath("wargrid", package.path))
    assert.equal("@PREFIX@/@CMOD@/wargrid/core.so", package.searchpath("wargrid.core", package.cpath))
    assert.equal("@VERSION@", wg.VERSION)
    local courier = T.game "courier"
    T.assert_actions(courier, courier:new(), { "a2a4", "g2g4", "l2l4" })
    local _, _, code = T.run { "--version" }
    assert.equal(0, code)
  end)
end)
]]

-- Checks the copy of wargrid installed under prefix (cmod: the C module's
-- directory under it), from another directory.
local function check_installed(prefix, cmod)
  local away = T.tmpdir()
  local exe = prefix .. "/bin/wargrid"
  local out, code = sh("cd " .. away .. " && env -u WARGRID_HOME -u WARGRID_PATH " .. exe .. " --version")
  assert.equal(0, code)
  assert.equal("wargrid " .. version .. "\n", out)
  out, code = sh("cd " .. away .. " && env -u WARGRID_HOME " .. exe .. " list")
  assert.equal(0, code)
  assert.matches("\nwehrschach +Wehrschach\n", out)
  assert.not_matches("broken", out)
  out = sh("cd " .. away .. " && " .. exe .. " moves courier")
  assert.equal("a2a4\ng2g4\nl2l4\n", out)
  -- a spec of the user's, by busted with the paths at the prefix
  T.write(away .. "/installed_spec.lua", (SPEC:gsub("@PREFIX@", prefix):gsub("@CMOD@", cmod)
                                              :gsub("@VERSION@", version)))
  local paths = "LUA_PATH='" .. prefix .. "/share/lua/5.4/?.lua;" .. prefix .. "/share/lua/5.4/?/init.lua;;' "
                .. "LUA_CPATH='" .. prefix .. "/" .. cmod .. "/?.so;;' "
  out, code = sh("cd " .. away .. " && " .. paths .. "lua5.4 /usr/bin/busted -o TAP installed_spec.lua")
  assert.equal(0, code, out)
  assert.matches("^ok 1 %- the installed wargrid is the prefix's, with its games and runtime\n1..1\n", out)
  -- and by wargrid test, which sets the same paths
  out, code = sh("cd " .. away .. " && " .. exe .. " test installed_spec.lua -o TAP")
  assert.equal(0, code, out)
  out = sh("cd " .. away .. " && " .. exe .. " test --paths")
  assert.equal(paths:gsub(" ", "\n"), out)
end

describe("install: make install", function()
  local prefix = T.tmpdir()
  local out, code = sh("make -s install PREFIX=" .. prefix)

  it("installs the command, the stdlib, the runtime, the games, the examples, the man page", function()
    assert.equal(0, code, out)
    for _, path in ipairs { "bin/wargrid", "share/lua/5.4/wargrid/init.lua", "share/lua/5.4/wargrid/test.lua",
                            "share/lua/5.4/wargrid/cli/play.lua", "share/lua/5.4/wargrid/site.lua",
                            "lib/lua/5.4/wargrid/core.so", "share/wargrid/games/courier/init.lua",
                            "share/wargrid/games/blockwars/init.lua",
                            "share/wargrid/examples/variants/courier_nonleaping.lua",
                            "share/man/man1/wargrid.1" } do
      assert.truthy(io.open(prefix .. "/" .. path), path)
    end
  end)

  it("the installed wargrid works from another directory, and a busted spec requires its module", function()
    check_installed(prefix, "lib/lua/5.4")
  end)

  it("man -l reads the installed page, without warnings", function()
    local page, status = sh("MANPAGER=cat MANWIDTH=80 man -l " .. prefix .. "/share/man/man1/wargrid.1 2>/dev/null")
    assert.equal(0, status)
    assert.matches("^WARGRID%(1%) +User Commands +WARGRID%(1%)\n", page)
    assert.matches("\nNAME\n +wargrid %- play, count and test two%-player grid war games", page)
    for _, word in ipairs { "moves game", "perft game depth", "play game", "test spec...",
                            "help variants %[game%]", "WARGRID_PATH", "EXIT STATUS" } do
      assert.matches("\n *" .. word, page)
    end
    local warnings = sh("MANPAGER=cat man --warnings -l " .. prefix .. "/share/man/man1/wargrid.1 2>&1 >/dev/null")
    assert.equal("", warnings)
  end)

  it("DESTDIR stages an install for /usr, the C module where Debian's Lua modules go", function()
    local stage = T.tmpdir()
    local _, status = sh("make -s install DESTDIR=" .. stage .. " PREFIX=/usr")
    assert.equal(0, status)
    local arch = io.popen("gcc -print-multiarch"):read("l")
    assert.truthy(io.open(stage .. "/usr/lib/" .. arch .. "/lua/5.4/wargrid/core.so"))
    assert.truthy(io.open(stage .. "/usr/share/lua/5.4/wargrid/init.lua"))
    local site = assert(io.open(stage .. "/usr/share/lua/5.4/wargrid/site.lua")):read("a")
    assert.matches('games = "/usr/share/wargrid/games"', site, 1, true)
    assert.matches('cpath = "/usr/lib/' .. arch .. '/lua/5.4/?.so"', site, 1, true)
  end)
end)

describe("install: luarocks make", function()
  it("the rockspec's version is wargrid's", function()
    local spec = assert(io.open(root .. "/wargrid-" .. version .. "-1.rockspec")):read("a")
    assert.matches('\nversion = "' .. version:gsub("%p", "%%%0") .. '%-1"\n', spec)
  end)

  it("installs the module and the command into a rocks tree", function()
    local tree = T.tmpdir()
    local out, code = sh("luarocks --lua-version 5.4 --tree " .. tree .. " make --deps-mode=none wargrid-"
                         .. version .. "-1.rockspec")
    assert.equal(0, code, out)
    assert.matches("wargrid " .. version .. "%-1 is now installed", out)
    check_installed(tree, "lib/lua/5.4")
  end)
end)

describe("install: the version", function()
  it("wargrid --version prints the one version", function()
    local out, _, code = T.run { "--version" }
    assert.equal(0, code)
    assert.equal("wargrid " .. version .. "\n", out)
    assert.equal(version, require("wargrid").VERSION)
  end)
end)
