-- The Game of Trenches' pictures: the pieces' drawings and the debris'
-- look are named in the declaration (wargrid.svg draws them); an action is
-- drawn here.
local wg = require "wargrid"

local look = {}

-- How an action is drawn (wargrid.svg): a move's arrow, then where its
-- grenade lands (T-G1).
function look:action_marks(a)
  local kind, from, to, target = wg.fields(a)
  if self:is_throw(kind) then
    return { { "move", from, to }, { "land", target } }
  end
  return { { "move", from, to } }
end

return look
