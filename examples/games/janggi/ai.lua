-- Janggi for the AI: the counting values of J-E5 as material, with Red's
-- 1.5 points, and mobility; captures are tried first, the most valuable
-- victim first.
local M = {}

function M.install(game)
  local cache = setmetatable({}, { __mode = "k" })
  local function values(self)
    local v = cache[self]
    if not v then
      v = {}
      for name, id in pairs(self.T) do
        v[id] = self.def.pieces[name].value or 0
      end
      cache[self] = v
    end
    return v
  end

  function game:evaluate(s, side)
    local p = self:count(s)
    return p[side] - p[3 - side]
           + 0.02 * (s:mobility(side) - s:mobility(3 - side))
  end

  function game:order(s, out)
    return s:order_captures(out, values(self))
  end

  -- Quiescence plays out the captures, and where the game is over
  -- nothing; in check every legal move (J-E1).
  function game:forcing(s, out)
    local side = s:side()
    local all = self:ended(s) or s:in_check(side)
    if all then return true, self:actions(s, out) end
    s:trace(out, side, 1, "capture")
    s:keep_royal_safe(out)
    self:order(s, out)
    return false
  end
end

return M
