-- wargrid.cli.replay: `wargrid replay`, a game record played again under
-- rules -- its own, or changed ones -- telling what changed.
local json = require "wargrid.json"
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

local read_options = common.options("replay", {
  variant = "value", option = "list", json = "flag" }, M.replay.help)

-- The record RECORD names (c.path, c.rec), the rules it names for itself
-- (c.own: its Game, Variant and Options tags), and its options with those
-- --option adds (c.options).
local function read_record(c)
  c.path = table.remove(c.pos, 1)
  if not c.path then common.usage_error("replay: which record?") end
  c.rec, c.own, c.options = common.record_rules("replay", c.path, c.opts)
end

-- The other rules the arguments name, if any (c.source: GAME or --variant
-- FILE), with c.options.
local function name_rules(c)
  c.source = common.named_rules("replay", c.pos, c.opts, c.options)
  common.no_more("replay", c.pos, c.opts, 0)
end

-- The rules to replay under, loaded afresh (c.game): the record's own, or
-- those named or changed by --option, and then the record's own beside
-- them (c.old), which tell what an action did then, when they load.
local function load_rules(c)
  local own = c.own
  if c.source or c.opts.option then
    c.game = common.input_call("replay", nil, replay.load, c.source
      or { file = own.file, name = own.name, options = c.options })
    local ok, g = pcall(replay.load, own)
    c.old = ok and g or nil
  else
    c.game = common.input_call("replay", c.path .. " " .. (own.file
      and "tag Variant" or "tag Game"), replay.load, own)
  end
end

-- The record played again under the rules (c.report).
local function replay_record(c)
  local err
  c.report, err = replay.run(c.game, c.rec, { old = c.old })
  if not c.report then common.usage_error("replay: %s %s", c.path, err) end
end

-- What changed, in words or as JSON; the exit status says whether
-- anything did (1 is that answer, not a failure).
local function print_report(c)
  local lines, changed = replay.describe(c.report)
  if c.opts.json then
    print(json.encode(replay.json(c.report)))
  else
    print(table.concat(lines, "\n"))
  end
  return changed and common.CHANGED or 0
end

M.replay.run = common.steps {
  read_options,
  read_record,
  name_rules,
  load_rules,
  replay_record,
  print_report,
}

return M
