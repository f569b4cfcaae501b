-- wargrid.cli.render: `wargrid render`, a position drawn as SVG, or a game
-- record as a page to step through.
local common = require "wargrid.cli.common"
local html = require "wargrid.html"
local loader = require "wargrid.loader"
local record = require "wargrid.record"
local replay = require "wargrid.replay"
local svg = require "wargrid.svg"
local text_of = require "wargrid.text"

local M = {}

M.render = {
  help = [=[
usage: wargrid render GAME [--position P] [--from SQ] [--view SIDE] [--flip]
                           [--seed N] [--option NAME[=VALUE]] [--variant FILE]
                           [-o FILE.svg]
       wargrid render --record R [--ply N] [GAME | --variant FILE] ...
       wargrid render --record R --html [-o FILE.html]

Draws a position as a picture, SVG 1.1 (standalone: nothing fetched, it
scales to any size): the board with its coordinates and terrain, the pieces,
the last action, and beside them what the game shows (Block Wars: reserves,
fighters, decks, the cards face up). With no --position, the game's start.

  --record R      the position of a game record (as `play --save` writes
                  it) after its last action, or after action N with --ply
                  N (0: the start); under the record's own rules (its Game,
                  Variant and Options tags) unless GAME or --variant names
                  others
  --html          the whole record as one HTML page to step through (the
                  arrow keys, a slider): each position, the action and what
                  it did, the tags; it loads nothing and opens from disk
  --from SQ       mark the squares the piece on SQ may act on
  --view SIDE     draw what that side may know (a side's name, or 1 or 2)
  --flip          the second side's edge at the bottom
  -o FILE         write to FILE (default: standard output)

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
  common.usage_error("render: --view: one of %s, %s (or 1, 2), not %s",
                     game.sides[1], game.sides[2], text_of.quote(text))
end

-- M.write(cmd, path, text): text to the file at path, or standard output
function M.write(cmd, path, text)
  if not path then
    io.write(text)
    return
  end
  local f, err = io.open(path, "w")
  if not f then
    common.usage_error("%s: cannot write %s: %s", cmd, text_of.quote(path),
                       text_of.short(err))
  end
  f:write(text)
  f:close()
end

-- The rules a source names, loaded; a message that is not a script's own
-- error (file:line) is bad input, named by `what`.
local function load(source, what)
  local ok, game = pcall(replay.load, source)
  if ok then return game end
  local msg = tostring(game)
  if msg:match("^[^%s:]+:%d+: ") then error(game, 0) end
  common.usage_error("render: %s: %s", what, msg)
end

-- The record at path, the game it is played under (its own rules, or
-- GAME or --variant with its options and --option's), its start and its
-- action texts.
local function open_record(path, pos, opts)
  local f, err = io.open(path)
  if not f then common.usage_error("render: cannot read %s", err) end
  local text = record.slurp(f)
  f:close()
  local rec
  rec, err = record.read(text)
  if not rec then common.usage_error("render: %s %s", path, err) end
  local own, why = replay.source(rec)
  if not own then common.usage_error("render: %s %s", path, why) end
  local options = table.move(own.options, 1, #own.options, 1, {})
  for _, o in ipairs(opts.option or {}) do options[#options + 1] = o end
  local game
  if opts.variant then
    game = load({ file = opts.variant, options = options }, opts.variant)
  elseif pos[1] then
    local name = table.remove(pos, 1)
    local found
    found, err = loader.find(name)
    if not found then common.usage_error("render: %s", err) end
    game = load({ name = name, options = options }, name)
  else
    game = load({ file = own.file, name = own.name, options = options },
                path .. " " .. (own.file and "tag Variant" or "tag Game"))
  end
  local s
  s, err = replay.start(game, rec)
  if not s then common.usage_error("render: %s %s", path, err) end
  local texts = {}
  for i, item in ipairs(replay.actions(game, rec)) do texts[i] = item.text end
  return rec, game, s, texts
end

function M.render.run(args)
  local list = {}
  for i, a in ipairs(args) do list[i] = a == "-o" and "--output" or a end
  local pos, opts = common.parse("render", list, {
    position = "value", variant = "value", seed = "value", option = "list",
    from = "value", view = "value", flip = "flag", output = "value",
    record = "value", ply = "value", html = "flag" })
  if opts.help then print(M.render.help) return 0 end
  if opts.record and (opts.position or opts.seed) then
    common.usage_error("render: --record R starts where the record does: "
                       .. "leave out --%s", opts.position and "position"
                       or "seed")
  end
  for _, o in ipairs { "ply", "html" } do
    if opts[o] and not opts.record then
      common.usage_error("render: --%s needs --record R", o)
    end
  end
  local rec, game, s, texts
  if opts.record then
    rec, game, s, texts = open_record(opts.record, pos, opts)
  else
    game = common.load_game("render", pos, opts)
  end
  common.no_more("render", pos, opts)
  local draw = { flip = opts.flip }
  if opts.view then draw.viewer = side_of(game, opts.view) end
  if opts.html then
    if opts.from or opts.ply then
      common.usage_error("render: --html draws every action: leave out "
                         .. "--%s", opts.from and "from" or "ply")
    end
    local frames, err = html.frames(game, s, texts, {
      parse = replay.parse, write = replay.text, viewer = draw.viewer,
      flip = draw.flip })
    if not frames then common.usage_error("render: %s %s", opts.record, err) end
    local tags = {}
    for i, t in ipairs(rec.tags) do tags[i] = { t.name, t.value } end
    M.write("render", opts.output, html.page(game, frames, tags))
    return 0
  end
  if opts.record then
    local n = opts.ply and common.integer("render", "--ply", opts.ply, 0,
                                          #texts) or #texts
    for i = 1, n do
      local by = html.actor(game, s)
      local a, err = replay.parse(game, s, texts[i])
      if not a then
        common.usage_error("render: %s action %d (%s): %s", opts.record, i,
                           text_of.short(texts[i]), err)
      end
      draw.note = string.format("%d. %s: %s", i, by, texts[i])
      game:play(s, a)
      draw.last = a
    end
  else
    s = common.start(game, opts, opts.seed
                     and common.integer("render", "--seed", opts.seed))
  end
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
