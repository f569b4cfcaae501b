-- tests/fairy.lua: talking to Fairy-Stockfish for the oracle specs.
local fairy = {}

function fairy.path()
  for _, p in ipairs { "/usr/games/fairy-stockfish", "/usr/bin/fairy-stockfish" } do
    local f = io.open(p, "r")
    if f then f:close() return p end
  end
  local h = io.popen("command -v fairy-stockfish 2>/dev/null")
  local p = h:read("l")
  h:close()
  return p
end

-- Runs the UCI commands; returns the output lines.
local function run(commands)
  local path = assert(fairy.path(), "fairy-stockfish is not installed")
  local input = os.tmpname()
  local f = assert(io.open(input, "w"))
  f:write(table.concat(commands, "\n"), "\nquit\n")
  f:close()
  local h = io.popen(path .. " < " .. input .. " 2>&1")
  local lines = {}
  for line in h:lines() do lines[#lines + 1] = line end
  h:close()
  os.remove(input)
  return lines
end

-- fairy.perft(variant, fens, depth) -> { count, ... } in the order given
function fairy.perft(variant, fens, depth)
  local cmds = { "uci", "setoption name UCI_Variant value " .. variant }
  for _, fen in ipairs(fens) do
    cmds[#cmds + 1] = "position fen " .. fen
    cmds[#cmds + 1] = "go perft " .. depth
  end
  local counts = {}
  for _, line in ipairs(run(cmds)) do
    local n = line:match("^Nodes searched: (%d+)")
    if n then counts[#counts + 1] = tonumber(n) end
  end
  return counts
end

-- fairy.divide(variant, fen, depth) -> { [move] = count }
function fairy.divide(variant, fen, depth)
  local lines = run { "uci", "setoption name UCI_Variant value " .. variant,
                      "position fen " .. fen, "go perft " .. depth }
  local out = {}
  for _, line in ipairs(lines) do
    local m, n = line:match("^(%w+): (%d+)$")
    if m then out[m] = tonumber(n) end
  end
  return out
end

return fairy
