-- The project stands alone: a clone of the repository (git clone of the
-- committed working tree into a temporary directory) names no path outside
-- itself, carries every game's rulebook (wargrid rules prints one for every
-- game wargrid list finds) and its own rule-coverage check. The clone uses
-- the executable built here (build/wargrid, by its absolute path, with
-- WARGRID_HOME set to the clone): building again in the clone would take
-- longer and prove nothing more about the files.
local files = require "files"
local slurp, sh = files.slurp, files.sh
local run = require("wargrid.test").run

local here = sh("pwd"):gsub("\n$", "")
local clone = os.tmpname()
os.remove(clone)
local head = sh("git rev-parse HEAD"):gsub("\n$", "")

describe("the repository stands alone", function()
  setup(function()
    local _, code = sh(string.format("git clone -q %q %q && git -C %q checkout -q %s",
                                     here, clone, clone, head))
    assert.equal(0, code)
  end)

  teardown(function()
    sh(string.format("rm -rf %q", clone))
  end)

  it("no tracked file names a path outside the repository", function()
    -- written in pieces, so that this file does not name them itself; and
    -- the directory this checkout lies in (the team's), as an absolute path
    local outside = { ".." .. "/shared", ".." .. "/seeds", here .. "/" }
    local parent = here:match("^(/.+)/[^/]+$")
    if parent then outside[#outside + 1] = parent .. "/" end
    local tracked = sh(string.format("git -C %q ls-files", clone))
    local found, n = {}, 0
    for file in tracked:gmatch("[^\n]+") do
      n = n + 1
      local text = slurp(clone .. "/" .. file)
      for _, bad in ipairs(outside) do
        local at = text:find(bad, 1, true)
        if at then
          local line = select(2, text:sub(1, at):gsub("\n", "")) + 1
          found[#found + 1] = string.format("%s:%d names %s", file, line, bad)
        end
      end
    end
    assert.is_true(n > 50)
    assert.same({}, found)
  end)

  it("every path the README and the guides name is in the repository", function()
    local readme, missing, n = slurp(clone .. "/README.md"), {}, 0
    for _, guide in ipairs({ "players", "designers", "operators", "reference" }) do
      readme = readme .. slurp(clone .. "/doc/" .. guide .. ".md")
    end
    for path in readme:gmatch("(%f[%w](%a+)/[%w_./%-]*)") do
      local top = path:match("^(%a+)/")
      local placeholder = path:find("NAME", 1, true) or path:find("*", 1, true)
      if ({ scripts = 1, examples = 1, tests = 1, tools = 1, stdlib = 1, bench = 1,
            runtime = 1 })[top] and not placeholder then
        path = path:gsub("%.$", "")
        n = n + 1
        local f = io.open(clone .. "/" .. path)
        if f then f:close() else missing[#missing + 1] = path end
      end
    end
    assert.is_true(n > 20)
    assert.same({}, missing)
  end)

  it("wargrid rules prints a rulebook with rule IDs for every game wargrid list finds", function()
    local env = string.format("WARGRID_HOME=%q", clone)
    local list, _, code = run({ "list" }, nil, env)
    assert.equal(0, code)
    local games = {}
    for name in list:gmatch("([%w_]+)[^\n]*\n") do games[#games + 1] = name end
    assert.same({ "amazons", "blockwars", "courier", "courier_historical", "trenches",
                  "wehrschach" }, games)
    for _, name in ipairs(games) do
      local out, err, status = run({ "rules", name }, nil, env)
      assert.equal(0, status, name .. ": " .. err)
      assert.matches("\n# [^\n]+ — the rulebook\n", "\n" .. out, 1)
      assert.matches("\n%- %u+%-%u+%d+ ", out)
      assert.is_nil(out:find("has no rulebook", 1, true))
    end
  end)

  it("the clone's tools/rule-coverage passes on the clone's own rulebooks and tests", function()
    local out, code = sh(string.format("cd %q && tools/rule-coverage", clone))
    assert.equal(0, code)
    assert.matches("\nrule coverage: (%d+) of %1 rule IDs cited\n$", out)
    assert.matches("\nscripts/games/courier/rules%.md: %d+ rule IDs\n", "\n" .. out)
    assert.matches("\nscripts/games/blockwars/rules%.md: 31 rule IDs\n", "\n" .. out)
    assert.matches("\nscripts/games/trenches/rules%.md: 14 rule IDs\n", "\n" .. out)
  end)
end)
