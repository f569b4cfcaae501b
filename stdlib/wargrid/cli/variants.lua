-- wargrid.cli.variants: `wargrid help variants [GAME]`, every key a game
-- declaration or a variant may set (wargrid.schema), and each game's own.
local loader = require "wargrid.loader"
local schema = require "wargrid.schema"
local same = require("wargrid.rulebook").same
local common = require "wargrid.cli.common"

local M = {}

local HEAD = [[
Keys of a game's declaration (wg.game) and of a variant's changes
(wg.variant). A variant's tables merge into its base's key by key, false
removes a table of the base (a piece, say), and a piece it names must be one
of the base's unless it is new, with a letter. A key that is none of these,
or a value of another type, is refused at load, naming the file and line.
Types: string, integer, number, boolean, function, list, map (names to
values), table, "list of T", and several joined by "or".]]

-- The help text as lines, one key after another, folded at 78 columns.
local function folded(lines)
  local out = {}
  for _, line in ipairs(lines) do
    local indent, text = line:match("^(      )(%S.*)$")
    if indent and #line > 78 then
      local words = {}
      for w in text:gmatch("%S+") do words[#words + 1] = w end
      out[#out + 1] = common.wrap(indent, words, 78)
    else
      out[#out + 1] = line
    end
  end
  return table.concat(out, "\n")
end

-- The keys game declares that its base has not.
local function own_keys(game)
  local base = game.base and game.base.def.keys or {}
  local own = {}
  for k, v in pairs(game.def.keys or {}) do
    -- each declaration is wg.game's copy of its own: compared by content
    if not same(base[k], v) then own[k] = v end
  end
  return own
end

-- M.run({ [GAME] }) -> exit status
function M.run(args)
  if #args > 1 then
    common.usage_error("help variants: unexpected argument %s",
                       require("wargrid.text").quote(args[2]))
  end
  local parts = { HEAD, "\nEvery game:",
                  folded(schema.describe(schema.KEYS, schema.ORDER)) }
  local games
  if args[1] then
    games = { args[1] }
  else
    games = loader.list()
  end
  for _, name in ipairs(games) do
    local game = loader.load(name)
    local keys = args[1] and (game.def.keys or {}) or own_keys(game)
    local base = game.base and game.base.name
    if next(keys) then
      parts[#parts + 1] = string.format("\nKeys of %s%s, with the rule each "
                                        .. "sets and its value:", name,
                                        base and " (a variant of " .. base
                                        .. ")" or "")
      parts[#parts + 1] = folded(schema.describe(keys, nil, game.def))
    elseif base then
      parts[#parts + 1] = string.format("\n%s: a variant of %s, with its "
                                        .. "keys.", name, base)
    else
      parts[#parts + 1] = string.format("\n%s: no keys of its own.", name)
    end
  end
  print(table.concat(parts, "\n"))
  return 0
end

return M
