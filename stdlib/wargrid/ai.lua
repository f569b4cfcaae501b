-- wargrid.ai: the built-in opponent -- a shallow alpha-beta search on the
-- game's evaluation (material by default), with seeded tie-breaking.
local core = require "wargrid.core"

local ai = {}

local WIN = 1e6

-- Score of the finished game at s for `me`, or nil while it goes on.
local function final(game, s, me, n)
  if n > 0 then return nil end
  local winner = game:result(s)
  if winner == 0 then return 0 end
  return winner == me and WIN or -WIN
end

local function search(game, s, me, depth, alpha, beta, lists, ply)
  local out = lists[ply]
  if not out then
    out = core.actions()
    lists[ply] = out
  end
  out:clear()
  game:actions(s, out)
  local n = out:size()
  local f = final(game, s, me, n)
  if f then return f > 0 and f - ply or (f < 0 and f + ply or 0) end
  if depth == 0 then return game:evaluate(s, me) end
  local maximise = s:decider() == me
  local best = maximise and -math.huge or math.huge
  for i = 1, n do
    local mark = s:mark()
    game:play(s, out:get(i))
    local v = search(game, s, me, depth - 1, alpha, beta, lists, ply + 1)
    s:undo(mark)
    if maximise then
      if v > best then best = v end
      if best > alpha then alpha = best end
    else
      if v < best then best = v end
      if best < beta then beta = best end
    end
    if alpha >= beta then break end
  end
  return best
end

-- ai.choose(game, s, opts) -> action, or nil when there is none.
-- opts.depth (default 2) actions deep; opts.seed breaks ties.
function ai.choose(game, s, opts)
  opts = opts or {}
  local depth = opts.depth or 2
  local me = s:decider()
  local root = game:legal(s)
  local n = root:size()
  if n == 0 then return nil end
  local lists = {}
  local best, choices = -math.huge, {}
  for i = 1, n do
    local a = root:get(i)
    local mark = s:mark()
    game:play(s, a)
    local v = search(game, s, me, depth - 1, -math.huge, math.huge, lists, 1)
    s:undo(mark)
    if v > best + 1e-9 then
      best, choices = v, { a }
    elseif math.abs(v - best) <= 1e-9 then
      choices[#choices + 1] = a
    end
  end
  local seed = (opts.seed or 1) * 2654435761 + s:hash()
  local pick = (seed % #choices) + 1
  return choices[pick]
end

return ai
