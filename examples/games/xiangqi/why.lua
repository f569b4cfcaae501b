-- Why an action is illegal in Xiangqi: the game's own reasons, asked after
-- the generic ones (wargrid.why) with their answer g; and which of the
-- rulebook's rules the generic reasons fall under.
local wg = require "wargrid"
local why = wg.why

local M = {}

-- The generic reasons, by kind, and the rule each falls under; the
-- pattern's own reasons (pattern, mode, blocked, outside, screen, hops)
-- cite the piece's rule already.
local RULES = { empty = "X-B1", foe = "X-B1", own = "X-P8", royal = "X-E1",
                sight = "X-E2" }

function M.install(game)
  function game:why(s, _, g)
    local side = s:side()
    local kind = g and g.kind
    if kind == "over" then
      local o = self:outcome(s)
      local rule = o.reason == "checkmate" and "X-E1"
                   or o.reason == "stalemate" and "X-E1"
                   or o.reason == "perpetual check" and "X-E4"
                   or o.reason == "fifty-move rule" and "X-E5" or "X-E3"
      return rule, "the game is over: " .. o.text
    end
    if RULES[kind] then return RULES[kind], g.reason end
    if kind == nil and s:in_check(side) then
      return "X-E1", string.format("%s is in check and must end it",
                                   why.side(self, side))
    end
  end
end

return M
