-- wargrid.cli.rules: `wargrid rules`, a game's rulebook.
local rulebook = require "wargrid.rulebook"
local common = require "wargrid.cli.common"

local M = {}

M.rules = {
  help = [=[
usage: wargrid rules GAME
       wargrid rules --variant FILE

Prints the game's rulebook: the rules as implemented, with their rule IDs
and rulings. It lies beside the game's script: NAME.md beside NAME.lua, or
rules.md in a folder game (NAME/init.lua). A variant with no rulebook of its
own prints its base's, with what the variant changes listed on top: the
comment lines that open its file (say there what it is), the declaration's
keys that differ from the base's, and the methods it replaces. A game with
no rulebook says so in one line.]=],
}

function M.rules.run(args)
  local pos, opts = common.parse("rules", args, { variant = "value" })
  if opts.help then print(M.rules.help) return 0 end
  local game = common.load_game("rules", pos, opts)
  common.no_more("rules", pos, opts)
  local script = opts.variant
  if script and not script:match("%.lua$") then
    script = script:gsub("/+$", "") .. "/init.lua"   -- a game's folder
  end
  local text, none = rulebook.text(game, script)
  io.write(text or none .. "\n")
  return 0
end

return M
