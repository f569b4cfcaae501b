-- wargrid.cli.render: `wargrid render`, a position drawn as SVG, or a game
-- record as a page to step through.
local common = require "wargrid.cli.common"
local html = require "wargrid.html"
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

local parse_options = common.options("render", {
  position = "value", variant = "value", seed = "value", option = "list",
  from = "value", view = "value", flip = "flag", output = "value",
  record = "value", ply = "value", html = "flag" }, M.render.help)

-- Reads the arguments into c.pos and c.opts, -o as --output; --help
-- prints the help and ends the run.
local function read_options(c)
  local list = {}
  for i, a in ipairs(c.args) do list[i] = a == "-o" and "--output" or a end
  c.args = list
  return parse_options(c)
end

-- The options that go together: --record starts where the record does;
-- --ply and --html are about a record.
local function check_options(c)
  local opts = c.opts
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
end

-- With --record: the record (c.rec), the game it is played under (c.game:
-- its own rules, or GAME or --variant with its options and --option's),
-- its start (c.s) and its action texts (c.texts).
local function open_record(c)
  local path = c.opts.record
  local rec, own, options = common.record_rules("render", path, c.opts)
  local source = common.named_rules("render", c.pos, c.opts, options)
  local what = source and (source.file or source.name)
  if not source then
    source = { file = own.file, name = own.name, options = options }
    what = path .. " " .. (own.file and "tag Variant" or "tag Game")
  end
  local game = common.input_call("render", what, replay.load, source)
  local s, err = replay.start(game, rec)
  if not s then common.usage_error("render: %s %s", path, err) end
  c.texts = {}
  for i, item in ipairs(replay.actions(game, rec)) do c.texts[i] = item.text end
  c.rec, c.game, c.s = rec, game, s
end

-- The game to draw (c.game): a record's, or the one named; and how to
-- draw it (c.draw): flipped, as a side sees it.
local function load_game(c)
  if c.opts.record then
    open_record(c)
  else
    c.game = common.load_game("render", c.pos, c.opts)
  end
  common.no_more("render", c.pos, c.opts)
  c.draw = { flip = c.opts.flip }
  if c.opts.view then c.draw.viewer = side_of(c.game, c.opts.view) end
end

-- --html: the whole record as a page to step through, and the run ends.
local function write_html(c)
  local opts, draw = c.opts, c.draw
  if not opts.html then return nil end
  if opts.from or opts.ply then
    common.usage_error("render: --html draws every action: leave out "
                       .. "--%s", opts.from and "from" or "ply")
  end
  local frames, err = html.frames(c.game, c.s, c.texts, {
    parse = replay.parse, write = replay.text, viewer = draw.viewer,
    flip = draw.flip })
  if not frames then common.usage_error("render: %s %s", opts.record, err) end
  local tags = {}
  for i, t in ipairs(c.rec.tags) do tags[i] = { t.name, t.value } end
  M.write("render", opts.output, html.page(c.game, frames, tags))
  return 0
end

-- The position to draw (c.s): the record's after its last action (or
-- --ply's), noting that action; else --position or the start.
local function reach_position(c)
  local opts, game, texts = c.opts, c.game, c.texts
  if not opts.record then
    c.s = common.start(game, opts, opts.seed
                       and common.integer("render", "--seed", opts.seed))
    return nil
  end
  local n = opts.ply and common.integer("render", "--ply", opts.ply, 0,
                                        #texts) or #texts
  for i = 1, n do
    local by = html.actor(game, c.s)
    local a, err = replay.parse(game, c.s, texts[i])
    if not a then
      common.usage_error("render: %s action %d (%s): %s", opts.record, i,
                         text_of.short(texts[i]), err)
    end
    c.draw.note = string.format("%d. %s: %s", i, by, texts[i])
    game:play(c.s, a)
    c.draw.last = a
  end
end

-- --from SQ: the squares its piece may act on, marked.
local function mark_from(c)
  local from = c.opts.from
  if not from then return nil end
  local sq, err = c.game.rules:square(from)
  if not sq then common.usage_error("render: --from: %s", err) end
  if not c.s:at(sq) then
    common.usage_error("render: --from %s: no piece stands there", from)
  end
  c.draw.from = sq
end

-- The picture, to -o FILE or standard output.
local function write_svg(c)
  M.write("render", c.opts.output, svg.position(c.game, c.s, c.draw))
end

M.render.run = common.steps {
  read_options,
  check_options,
  load_game,
  write_html,
  reach_position,
  mark_from,
  write_svg,
}

return M
