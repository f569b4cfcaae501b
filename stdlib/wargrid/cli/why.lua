-- wargrid.cli.why: `wargrid why`, whether an action is legal in a position
-- and, if not, the rule that forbids it.
local wg = require "wargrid"
local json = require "wargrid.json"
local common = require "wargrid.cli.common"

local M = {}

M.why = {
  help = [=[
usage: wargrid why GAME [--position P] [--seed N] [--option NAME[=VALUE]]
                        [--variant FILE] [--json] ACTION

Tells in one line whether ACTION (in the game's notation; the words of an
action like "barrage f6" may be given apart) is legal in the position, by
default the start:
  illegal: RULE-ID reason    the rule that forbids it, and the squares
  legal: what it would do
as `play` answers an illegal action. The exit status is 0 either way; 2 for
bad input (an unknown game, a bad position, an action of more than 1,000
characters). --json prints
{"legal":false,"rule":"C-E1","reason":"...","line":"illegal: ..."} or
{"legal":true,"action":"e2e4","does":"...","line":"legal: ..."}.]=],
}

function M.why.run(args)
  local pos, opts = common.parse("why", args, {
    position = "value", variant = "value", seed = "value", option = "list",
    json = "flag" })
  if opts.help then print(M.why.help) return 0 end
  local game = common.load_game("why", pos, opts)
  if #pos == 0 then
    common.usage_error("why: which action? (see 'wargrid why --help')")
  end
  local text = table.concat(pos, " ")
  local s = common.start(game, opts, opts.seed
                         and common.integer("why", "--seed", opts.seed))
  local e = game:explain(s, text)
  if e.kind == "length" then common.usage_error("why: %s", e.reason) end
  local line = wg.explain_line(e)
  if opts.json then
    print(json.encode { legal = e.legal, rule = e.rule, reason = e.reason,
                        action = e.text, does = e.does, line = line })
  else
    print(line)
  end
  return 0
end

return M
