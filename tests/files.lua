-- Files and commands for specs: a fresh temporary directory, a file read
-- or written whole, a shell command's output and exit status.
local lfs = require "lfs"

local M = {}

-- M.tmpdir() -> the path of a new, empty directory
function M.tmpdir()
  local dir = os.tmpname()
  os.remove(dir)
  assert(os.execute("mkdir -p " .. dir))
  return dir
end

function M.write(path, text)
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
end

function M.slurp(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("a")
  f:close()
  return s
end

-- M.list(dir, pattern) -> the paths of dir's entries whose names match,
-- sorted; none when dir is not there
function M.list(dir, pattern)
  local out = {}
  if not lfs.attributes(dir) then return out end
  for name in lfs.dir(dir) do
    if name:match(pattern) then out[#out + 1] = dir .. "/" .. name end
  end
  table.sort(out)
  return out
end

-- M.sh(cmd) -> what it printed on stdout, its exit status
function M.sh(cmd)
  local h = assert(io.popen(cmd))
  local out = h:read("a")
  local ok, _, code = h:close()
  return out, ok and 0 or code
end

return M
