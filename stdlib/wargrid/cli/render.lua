-- wargrid.cli.render: `wargrid render`, a position drawn as SVG.
local common = require "wargrid.cli.common"
local svg = require "wargrid.svg"

local M = {}

M.render = {
  help = [=[
usage: wargrid render GAME [--position P] [--from SQ] [--view SIDE] [--flip]
                           [--seed N] [--option NAME[=VALUE]] [--variant FILE]
                           [-o FILE.svg]

Draws a position as a picture, SVG 1.1 (standalone: nothing fetched, it
scales to any size): the board with its coordinates and terrain, the pieces,
and beside them what the game shows (Block Wars: reserves, fighters, decks,
the cards face up). With no --position, the game's start.

  --from SQ       mark the squares the piece on SQ may act on
  --view SIDE     draw what that side may know (a side's name, or 1 or 2)
  --flip          the second side's edge at the bottom
  -o FILE         write the picture to FILE (default: standard output)

How a piece and a terrain layer look is declared in the game script (look
= { ... }, see stdlib/wargrid/svg.lua); what has no look is drawn all the
same, a piece as its letter in a disc of its side's colour.]=],
}

-- The side --view names: a side's name or its number.
local function side_of(game, text)
  if text == "1" or text == "2" then return tonumber(text) end
  for side, name in ipairs(game.sides) do
    if name:lower() == text:lower() then return side end
  end
  common.usage_error("render: --view: one of %s, %s (or 1, 2), not '%s'",
                     game.sides[1], game.sides[2], text)
end

-- M.write(cmd, path, text): text to the file at path, or standard output
function M.write(cmd, path, text)
  if not path then
    io.write(text)
    return
  end
  local f, err = io.open(path, "w")
  if not f then common.usage_error("%s: cannot write '%s': %s", cmd, path,
                                   err) end
  f:write(text)
  f:close()
end

function M.render.run(args)
  local list = {}
  for i, a in ipairs(args) do list[i] = a == "-o" and "--output" or a end
  local pos, opts = common.parse("render", list, {
    position = "value", variant = "value", seed = "value", option = "list",
    from = "value", view = "value", flip = "flag", output = "value" })
  if opts.help then print(M.render.help) return 0 end
  local game = common.load_game("render", pos, opts)
  common.no_more("render", pos, opts)
  local s = common.start(game, opts, opts.seed
                         and common.integer("render", "--seed", opts.seed))
  local draw = { flip = opts.flip }
  if opts.view then draw.viewer = side_of(game, opts.view) end
  if opts.from then
    local sq, err = game.rules:square(opts.from)
    if not sq then common.usage_error("render: --from: %s", err) end
    if not s:at(sq) then
      common.usage_error("render: --from %s: no piece stands there",
                         opts.from)
    end
    draw.from = sq
  end
  M.write("render", opts.output, svg.position(game, s, draw))
  return 0
end

return M
