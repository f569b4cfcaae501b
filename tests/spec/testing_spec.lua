-- Testing your own variant (doc/designers.md, "Testing your own variant"): T.game
-- loads a variant by path, and `wargrid test` runs a spec from any
-- directory against this copy of wargrid.
local T = require "wargrid.test"

local tmpdir, write = T.tmpdir, T.write

local function slurp(path)
  local f = assert(io.open(path))
  local text = f:read("a")
  f:close()
  return text
end

local root = io.popen("pwd"):read("l")
local exe = root .. "/build/wargrid"

-- stdout and exit status of a shell command run in dir
local function sh(dir, cmd)
  local h = io.popen("cd '" .. dir .. "' && " .. cmd .. " 2>&1; echo \"exit $?\"")
  local out = h:read("a")
  h:close()
  local body, code = out:match("^(.-)exit (%d+)\n$")
  return body, tonumber(code)
end

describe("testing: T.game by path", function()
  it("loads a variant file, relative to the current directory", function()
    local v = T.game "examples/variants/courier_nonleaping.lua"
    assert.equal("courier_nonleaping", v.name)
    assert.equal(v, T.game "examples/variants/courier_nonleaping.lua")   -- loaded once
  end)

  it("loads a game's folder by path, and a path relative to the spec's directory", function()
    assert.equal("blockwars", T.game("scripts/games/blockwars/").name)
    -- this spec is tests/spec/testing_spec.lua: ../../examples/... is read from there
    assert.equal("amazons_6x6", T.game("../../examples/variants/amazons_6x6.lua").name)
  end)

  it("a name is still a game's name", function()
    assert.equal("courier", T.game("courier").name)
  end)
end)

describe("testing: wargrid test", function()
  local dir = tmpdir()

  it("runs the designer's guide's spec of a variant from another directory", function()
    local out, code = sh(dir, exe .. " test " .. root .. "/examples/variants/courier_nonleaping_spec.lua")
    assert.equal(0, code)
    assert.matches("\n3 successes / 0 failures / 0 errors / 0 pending", out)
    local readme = slurp(root .. "/doc/designers.md")
    local spec = slurp(root .. "/examples/variants/courier_nonleaping_spec.lua")
    assert.truthy(readme:find("```lua\n" .. spec .. "```\n", 1, true), "the guide shows the spec whole")
  end)

  it("a spec of yours beside your variant, run from anywhere; a failure is exit status 1", function()
    write(dir .. "/three.lua", [[
return require("wargrid").variant("wehrschach", { name = "three", support = 3 })
]])
    write(dir .. "/three_spec.lua", [[
local T = require "wargrid.test"
local game = T.game "three.lua"
describe("three", function()
  it("W-K1 needs three supporters", function() assert.equal(3, game.def.support) end)
  it("fails on purpose", function() assert.equal(2, game.def.support) end)
end)
]])
    local out, code = sh("/", exe .. " test " .. dir .. "/three_spec.lua -o TAP")
    assert.equal(1, code)
    assert.matches("^ok 1 %- three W%-K1 needs three supporters\nnot ok 2 %- three fails on purpose\n", out)
  end)

  it("a spec that is not there is bad input; --paths prints the paths it sets", function()
    local out, code = sh(dir, exe .. " test nosuch_spec.lua")
    assert.equal(2, code)
    assert.equal("wargrid: test: no spec file 'nosuch_spec.lua'\n", out)
    out, code = sh(dir, exe .. " test --paths")
    assert.equal(0, code)
    assert.equal("LUA_PATH='" .. root .. "/stdlib/?.lua;" .. root .. "/stdlib/?/init.lua;;'\n"
                 .. "LUA_CPATH='" .. root .. "/build/lua/?.so;;'\n", out)
  end)
end)
