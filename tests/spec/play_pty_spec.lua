-- `wargrid play` in a pseudo-terminal (script(1)), its input typed through
-- a FIFO as a player would: the rules file rewritten between two actions
-- is reloaded, and play goes on.
local T = require "wargrid.test"
local slurp, write = T.slurp, T.write
local function sh(cmd)
  local h = io.popen(cmd)
  local out = h:read("a")
  h:close()
  return out
end

-- Waits until the file holds `want` `count` times (default once); fails
-- after 20 seconds.
local function wait_for(path, want, count)
  for _ = 1, 200 do
    local _, n = slurp(path):gsub(want:gsub("%p", "%%%0"), "")
    if n >= (count or 1) then return end
    os.execute("sleep 0.1")
  end
  error("no '" .. want .. "' in the output:\n" .. slurp(path))
end

describe("play in a terminal", function()
  it("a rules file rewritten between two actions: one line tells the reload, play goes on", function()
    local dir = os.tmpname()
    os.remove(dir)
    os.execute("mkdir -p " .. dir)
    local rules, fifo, out = dir .. "/mine.lua", dir .. "/in", dir .. "/out"
    write(rules, 'return require("wargrid").variant("courier", { name = "mine" })\n')
    os.execute("mkfifo " .. fifo)
    -- os.execute returns once the shell has started it: the shell's child
    -- waits for the FIFO's writer, which is this process
    os.execute(string.format("TERM=xterm script -qfc 'build/wargrid play --variant %s --ai none --seed 1 "
                             .. "--save %s/g.pgn' /dev/null > %s 2>&1 < %s & echo $! > %s/pid",
                             rules, dir, out, fifo, dir))
    local input = assert(io.open(fifo, "w"))
    local pid = slurp(dir .. "/pid"):match("%d+")
    local function type(line)
      input:write(line, "\n")
      input:flush()
    end
    wait_for(out, "white> ")
    type("a2a4")
    wait_for(out, "black> ")
    write(rules, 'return require("wargrid").variant("courier", { name = "mine",\n'
                 .. '  pieces = { corporal = { moves = "nA" } } })\n')
    type("a7a5")
    wait_for(out, "white> ", 2)
    type("quit")
    input:close()
    sh("for i in $(seq 100); do kill -0 " .. pid .. " 2>/dev/null || break; sleep 0.1; done")
    local text = slurp(out):gsub("\r", "")
    os.execute("rm -rf " .. dir)
    assert.truthy(text:find("\nrules reloaded (" .. rules .. " changed): the 2 actions so far replayed, "
                            .. "all legal; play goes on\n", 1, true), text)
    -- the terminal echoes what is typed after the prompt
    assert.truthy(text:find("\nblack> a7a5\nrules reloaded", 1, true), text)
    assert.truthy(text:find("\nwhite> quit\nThe seed was 1 (replay with --seed 1).\n", 1, true), text)
  end)
end)
