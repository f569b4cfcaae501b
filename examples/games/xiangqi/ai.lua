-- Xiangqi for the AI: material (the declared values), a small bonus for a
-- soldier across the river (X-P7: it gains its sideways steps) and for
-- mobility; captures are tried first, the most valuable victim first.
local M = {}

-- The pieces' values and, for each side, type and square, what a piece
-- standing there is worth: its value, and a soldier's across the river.
local function tables(game)
  local value, square = {}, { {}, {} }
  for name, id in pairs(game.T) do
    value[id] = game.def.pieces[name].value or 0
    for side = 1, 2 do
      local t = {}
      for sq = 1, game.files * game.ranks do
        local _, rank = game.rules:coords(sq)
        local own = side == 1 and rank or game.ranks + 1 - rank
        local across = name == "soldier" and own > game.ranks // 2
        t[sq] = value[id] + (across and 0.8 + 0.1 * (own - 6) or 0)
      end
      square[side][id] = t
    end
  end
  return { value = value, square = game.rules:piece_squares(square) }
end

function M.install(game)
  local cache = setmetatable({}, { __mode = "k" })
  local function ai(self)
    local t = cache[self]
    if not t then
      t = tables(self)
      cache[self] = t
    end
    return t
  end

  function game:evaluate(s, side)
    return s:material(ai(self).square, side)
           + 0.02 * (s:mobility(side) - s:mobility(3 - side))
  end

  function game:order(s, out)
    return s:order_captures(out, ai(self).value)
  end

  -- Quiescence plays out the captures; in check every legal move (X-E1).
  function game:forcing(s, out)
    local side = s:side()
    local check = s:in_check(side)
    if check then
      self:actions(s, out)
    else
      s:trace(out, side, 1, "capture")
      s:keep_royal_safe(out)
    end
    self:order(s, out)
    return check
  end
end

return M
