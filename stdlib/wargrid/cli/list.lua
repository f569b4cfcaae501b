-- wargrid.cli.list: `wargrid list`, the games found.
local loader = require "wargrid.loader"
local json = require "wargrid.json"
local common = require "wargrid.cli.common"

local M = {}

M.list = {
  help = [[
usage: wargrid list [--json]

Lists the games found (scripts/games/ and WARGRID_PATH), with their titles.
--json prints an array instead: [{"name": NAME, "title": TITLE, "base": the
game it is a variant of (when it is one)}, ...], and for a game whose script
fails to load {"name": NAME, "error": MESSAGE}.]],
}

function M.list.run(args)
  local _, opts = common.parse("list", args, { json = "flag" })
  if opts.help then print(M.list.help) return 0 end
  local games = {}
  for _, name in ipairs(loader.list()) do
    local ok, game = pcall(loader.load, name)
    if ok then
      games[#games + 1] = { name = name, title = game.title,
                            base = game.base and game.base.name }
    else
      games[#games + 1] = { name = name, error = tostring(game) }
    end
  end
  if opts.json then
    print(json.encode(games))
    return 0
  end
  for _, g in ipairs(games) do
    common.printf("%-22s %s\n", g.name,
                  g.title or "(broken: " .. g.error .. ")")
  end
  return 0
end

return M
