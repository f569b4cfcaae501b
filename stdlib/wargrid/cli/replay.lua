-- wargrid.cli.replay: `wargrid replay`, a game record played again under
-- rules -- its own, or changed ones -- telling what changed.
local json = require "wargrid.json"
local loader = require "wargrid.loader"
local record = require "wargrid.record"
local replay = require "wargrid.replay"
local common = require "wargrid.cli.common"

local M = {}

M.replay = {
  help = [=[
usage: wargrid replay RECORD [GAME | --variant FILE] [--option NAME[=VALUE]]
                             [--json]

Plays the actions of a game record (as `play --save` and `selfplay
--records` write them, or a Courier game in PGN from XBoard or pychess)
under the rules given: by default the record's own (its Game, Variant and
Options tags), else GAME or the variant FILE, with the record's options and
those --option adds. It says what the rules changed:

  all 57 actions legal; result 1-0 (checkmate), as recorded
  action 12 (e4xf6, by red) is illegal: W-K1 ...
  action 12 (e4xf6) now does something else:   (the position before it and
                                               what differs after it)
  all 57 actions legal, but the result is now 0-1 (stalemate); recorded ...

An action does something else when the position's hash after it differs
from the one the record holds ({#...} after the action), or, when other
rules are given, from the one the record's own rules give.

Exit status: 0 nothing changed; 1 the rules changed the game (the report on
stdout says how; a failure of wargrid itself also exits 1, but says
"wargrid: internal error" on stderr and prints no report); 2 a bad record,
game or variant. --json prints the report as JSON for programs.

A record is at most 16 MiB (16777216 bytes: a file is read no further), a
tag's value at most 4096 bytes and an action at most 1000 characters; a
longer one is a bad record, refused at once. So is anything after the tags
that is no action, turn number, comment or result (2.* or a '%' in
mid-line).]=],
}

-- The rules of source, loaded afresh; a message that is not a script's
-- own error (file:line) is bad input, named by what gave the source.
local function load(source, what)
  local ok, game = pcall(replay.load, source)
  if ok then return game end
  local msg = tostring(game)
  if msg:match("^[^%s:]+:%d+: ") then error(game, 0) end
  common.usage_error("replay: %s%s", what and what .. ": " or "", msg)
end

function M.replay.run(args)
  local pos, opts = common.parse("replay", args, {
    variant = "value", option = "list", json = "flag" })
  if opts.help then print(M.replay.help) return 0 end
  local path = table.remove(pos, 1)
  if not path then common.usage_error("replay: which record?") end
  local f, err = io.open(path)
  if not f then common.usage_error("replay: cannot read %s", err) end
  local text = record.slurp(f)
  f:close()
  local rec
  rec, err = record.read(text)
  if not rec then common.usage_error("replay: %s %s", path, err) end
  local own, why = replay.source(rec)
  if not own then common.usage_error("replay: %s %s", path, why) end
  local options = {}
  for _, o in ipairs(own.options) do options[#options + 1] = o end
  for _, o in ipairs(opts.option or {}) do options[#options + 1] = o end
  local source
  if opts.variant then
    source = { file = opts.variant, options = options }
  elseif pos[1] then
    local name = table.remove(pos, 1)
    local found
    found, err = loader.find(name)
    if not found then common.usage_error("replay: %s", err) end
    source = { name = name, options = options }
  end
  common.no_more("replay", pos, opts, 0)
  local game, old
  if source or opts.option then
    game = load(source or { file = own.file, name = own.name,
                            options = options })
    -- the record's own rules, played alongside when they load, tell what
    -- an action did then
    local ok, g = pcall(replay.load, own)
    old = ok and g or nil
  else
    game = load(own, path .. " " .. (own.file and "tag Variant"
                                     or "tag Game"))
  end
  local report
  report, err = replay.run(game, rec, { old = old })
  if not report then common.usage_error("replay: %s %s", path, err) end
  local lines, changed = replay.describe(report)
  if opts.json then
    print(json.encode(replay.json(report)))
  else
    print(table.concat(lines, "\n"))
  end
  -- 1 is the answer "the rules changed the game", not a failure
  return changed and common.CHANGED or 0
end

return M
