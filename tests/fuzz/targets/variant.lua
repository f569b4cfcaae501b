-- Variant declarations: the input is the Lua text of a variant (or of any
-- game), loaded through the sandboxed loader as --variant loads a file. A
-- game it accepts must start (or be refused in one line) and play. A fresh
-- Lua state for every input: a hostile variant may change what it shares
-- with the next one (issue 13, finding 5).
local F = require "fuzz"
local loader = require "wargrid.loader"

-- The script's file, one per process, removed when the state closes.
local pid = io.open("/proc/self/stat"):read("n")
local path = string.format("%s/wargrid-fuzz-%d.lua",
                           os.getenv("TMPDIR") or "/tmp", pid)
local remover = setmetatable({}, { __gc = function() os.remove(path) end })

local function run(input)
  local f = assert(io.open(path, "wb"))
  f:write(input)
  f:close()
  local ok, game = F.try("loading the variant", loader.load_file, path)
  if not ok then return end
  local _, s = F.try(game.name .. ": start", game.new, game)
  if s then F.exercise(game, s, game.name, 20) end
end

return { run = run, fresh = true, remover = remover }
