-- Option values, as --option gives them. Input: "GAME\nSETTING\n...", one
-- setting a line ("name=value", or "name" for true). A game whose options
-- are set must keep each value of its option's type (a whole number for a
-- number), start, and play.
local F = require "fuzz"

local function run(input)
  local name, rest = F.head(input)
  local game = F.game(name)
  if not game then return end
  local settings = {}
  for line in (rest .. "\n"):gmatch("([^\n]*)\n") do
    settings[#settings + 1] = line
  end
  local what = name .. " options " .. F.quote(table.concat(settings, " "))
  local ok, set = F.try(what, game.with_options, game, settings)
  if not ok then return end
  for opt, o in pairs(game.def.options or {}) do
    local v = set.opt[opt]
    if type(v) ~= type(o.default)
       or (math.type(o.default) == "integer" and math.type(v) ~= "integer") then
      F.finding("%s: option %s took the value %s", what, opt, tostring(v))
    end
  end
  local _, s, err = F.try(what .. ": start", set.new, set)
  if not s then F.finding("%s: the start is refused: %s", what, err) end
  F.exercise(set, s, what, 40)
end

return { run = run }
