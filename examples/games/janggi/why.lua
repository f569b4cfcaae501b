-- Why an action is illegal in Janggi: the game's own reasons (a pass in
-- check, the generals facing each other), asked after the generic ones
-- (wargrid.why) with their answer g; and which of the rulebook's rules the
-- generic reasons fall under.
local wg = require "wargrid"
local why = wg.why

local M = {}

local RULES = { empty = "J-B1", foe = "J-B1", own = "J-P8", royal = "J-E1" }
local ENDS = { bikjang = "J-E2", ["two passes"] = "J-E3",
               ["perpetual check"] = "J-E4",
               ["threefold repetition"] = "J-E4",
               ["fifty-move rule"] = "J-E6", checkmate = "J-E1" }

function M.install(game)
  -- "pass", or the default notation
  function game:read_action(s, input)
    if why.normal(input) == "pass" then
      return { text = input, kind = "pass" }
    end
    return why.read(self, s, input)
  end

  function game:why(s, p, g)
    local side = s:side()
    local kind = g and g.kind
    if kind == "over" then
      local o = self:outcome(s)
      return ENDS[o.reason:match("^[^,]+")] or "J-E4",
             "the game is over: " .. o.text
    end
    if p.kind == "pass" then
      return "J-M1", string.format("%s is in check and may not pass",
                                   why.side(self, side))
    end
    if RULES[kind] then return RULES[kind], g.reason end
    if kind == nil and s:facing() then
      return "J-E2", "the generals face each other (bikjang): a move "
                     .. "must end it, or pass"
    end
  end
end

return M
