-- `wargrid play` in a pseudo-terminal (script(1)), its input typed through
-- a FIFO as a player would: the rules file rewritten between two actions
-- is reloaded, and play goes on; rules it cannot survive are refused, and
-- play goes on under the old ones.
local T = require "wargrid.test"
local bad_rules = require "bad_rules"
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

local COURIER, NONLEAPING = bad_rules.COURIER, bad_rules.NONLEAPING

-- play(args) -> a game of `wargrid play --variant RULES --ai none --seed 1
-- --save DIR/g.pgn ARGS` in a terminal, the rules in a directory of its
-- own: { rules =, dir =, out = the terminal's output file, type(line),
-- wait(text, count), finish() -> the output, its CRs removed }
local function play(args)
  local dir = os.tmpname()
  os.remove(dir)
  os.execute("mkdir -p " .. dir)
  local p = { dir = dir, rules = dir .. "/mine.lua", out = dir .. "/out" }
  local fifo = dir .. "/in"
  write(p.rules, COURIER)
  os.execute("mkfifo " .. fifo)
  -- os.execute returns once the shell has started it: the shell's child
  -- waits for the FIFO's writer, which is this process
  os.execute(string.format("TERM=xterm script -qfc 'build/wargrid play --variant %s --ai none --seed 1 "
                           .. "--save %s/g.pgn %s' /dev/null > %s 2>&1 < %s & echo $! > %s/pid",
                           p.rules, dir, args or "", p.out, fifo, dir))
  local input = assert(io.open(fifo, "w"))
  local pid = slurp(dir .. "/pid"):match("%d+")
  function p.type(line)
    input:write(line, "\n")
    input:flush()
  end
  function p.wait(want, count) wait_for(p.out, want, count) end
  function p.finish()
    p.type("quit")
    input:close()
    sh("for i in $(seq 100); do kill -0 " .. pid .. " 2>/dev/null || break; sleep 0.1; done")
    return (slurp(p.out):gsub("\r", ""))
  end
  return p
end

describe("play in a terminal", function()
  it("a rules file rewritten between two actions: one line tells the reload, play goes on", function()
    local p = play()
    p.wait("white> ")
    p.type("a2a4")
    p.wait("black> ")
    write(p.rules, NONLEAPING)
    p.type("a7a5")
    p.wait("white> ", 2)
    local text = p.finish()
    os.execute("rm -rf " .. p.dir)
    assert.truthy(text:find("\nrules reloaded (" .. p.rules .. " changed): the 2 actions so far replayed, "
                            .. "all legal; play goes on\n", 1, true), text)
    -- the terminal echoes what is typed after the prompt
    assert.truthy(text:find("\nblack> a7a5\nrules reloaded", 1, true), text)
    assert.truthy(text:find("\nwhite> quit\nThe seed was 1 (replay with --seed 1).\n", 1, true), text)
  end)

  it("rules it cannot survive (a syntax error, an endless loop, a script stuck in C, 4 GB): refused, play goes on",
     function()
    local p = play("--time-limit 1 --instruction-limit 10")
    local rules = p.rules
    local moves = { "a2a4", "a7a5", "l2l4", "l7l5", "g2g4" }
    local prompts = { ["white> "] = 1, ["black> "] = 0 }   -- shown so far
    -- plays moves[i], and waits for the next side's prompt
    local function move(i)
      p.type(moves[i])
      local next = i % 2 == 1 and "black> " or "white> "
      prompts[next] = prompts[next] + 1
      p.wait(next, prompts[next])
    end
    p.wait("white> ")
    for i, case in ipairs(bad_rules.list) do
      bad_rules.put(case, rules)
      move(i)
    end
    write(rules, NONLEAPING)
    move(5)
    local text = p.finish()
    local record = slurp(p.dir .. "/g.pgn")
    os.execute("rm -rf " .. p.dir)
    for i, case in ipairs(bad_rules.list) do
      assert.truthy(text:find("> " .. moves[i] .. "\n" .. case.line(rules)
                              .. "; play goes on under the old rules\n", 1, true), case.name .. ":\n" .. text)
    end
    assert.truthy(text:find("> g2g4\nrules reloaded (" .. rules .. " changed): the 5 actions so far replayed, "
                            .. "all legal; play goes on\n", 1, true), text)
    -- nothing of the game lost: the record after every action
    local moves_text = record:match("\n\n(.*)$"):gsub(" {#%x+}", ""):gsub("\n", " ")
    assert.equal("1. a4 1... a5 2. l4 2... l5 3. g4 * ", moves_text)
  end)
end)
