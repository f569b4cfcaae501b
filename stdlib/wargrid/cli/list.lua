-- wargrid.cli.list: `wargrid list`, the games found.
local loader = require "wargrid.loader"
local common = require "wargrid.cli.common"

local M = {}

M.list = {
  help = [[
usage: wargrid list

Lists the games found (scripts/games/ and WARGRID_PATH), with their titles.]],
}

function M.list.run(args)
  local _, opts = common.parse("list", args, {})
  if opts.help then print(M.list.help) return 0 end
  for _, name in ipairs(loader.list()) do
    local ok, game = pcall(loader.load, name)
    if ok then
      common.printf("%-22s %s\n", name, game.title)
    else
      common.printf("%-22s (broken: %s)\n", name, tostring(game))
    end
  end
  return 0
end

return M
