-- Wehrschach's pictures: the map, its layers and the units' counters are
-- declared with the game (look, board.layers.NAME.look, pieces.NAME.look);
-- here, how each kind of action is drawn (wargrid.svg).
local wg = require "wargrid"

local look = {}

-- A move's arrow, a capture's strike, the square a barrage removes, the
-- piece an enclosure removes, combined fire's strike.
function look:action_marks(a)
  local kind, from, to = wg.fields(a)
  local K = self:kinds()
  if kind == K.move then return { { "move", from, to } } end
  if kind == K.take then return { { "strike", from, to } } end
  if kind == K.barrage then
    return { { "area", { to }, label = "barrage" } }
  end
  if kind == K.enclose then return { { "ring", to, label = "enclosed" } } end
  return { { "strike", from, to, label = "fire" } }
end

return look
