-- Rules files a session must survive when they replace its rules mid-game
-- (issue 25): session_spec, play_pty_spec and serve_spec put each in place
-- and check the one line the reload tells, with play going on under the
-- old rules. The lines are those of a budget of 1 s and 10 million
-- instructions a call (--time-limit 1 --instruction-limit 10).
local files = require "files"

local M = {}

-- a Courier variant, and one whose corporals no longer leap
M.COURIER = 'return require("wargrid").variant("courier", { name = "mine" })\n'
M.NONLEAPING = 'return require("wargrid").variant("courier", { name = "mine",\n'
               .. '  pieces = { corporal = { moves = "nA" } } })\n'

local function not_reloaded(path, why)
  return "rules not reloaded (" .. path .. " changed): " .. why
end

-- Each: name, text (or size: a sparse file of that size, truncate(1)'s),
-- line(path) -> what the reload says, without "; play goes on under the
-- old rules".
M.list = {
  { name = "a syntax error",
    text = "return require('wargrid').variant('courier', {\n  name = 'mine' +\n})\n",
    line = function(path)
      return path .. " did not load: " .. path .. ":3: unexpected symbol near '}'"
    end },
  { name = "an endless loop as it loads",
    text = "local n = 0\nwhile true do n = n + 1 end\n",
    line = function(path)
      return path .. " did not load: " .. path .. ":2: loading ran out of its instruction budget (10 million "
             .. "instructions a call; --instruction-limit)"
    end },
  { name = "a script stuck in a C function as it loads (string.find backtracking)",
    text = 'return (("a"):rep(40) .. "b"):find(("a*"):rep(30) .. "c")\n',
    line = function(path)
      return not_reloaded(path, path .. ": loading ran out of time inside a C function (1 s a call; "
                                .. "--time-limit)")
    end },
  { name = "a 4 GB file (sparse)",
    size = "4G",
    line = function(path)
      return not_reloaded(path, path .. " is 4294967296 bytes, more than a rules file may hold (1048576)")
    end },
}

-- M.put(case, path): the case's file in place at path
function M.put(case, path)
  if case.size then
    assert(os.execute("truncate -s " .. case.size .. " " .. path))
  else
    files.write(path, case.text)
  end
end

return M
