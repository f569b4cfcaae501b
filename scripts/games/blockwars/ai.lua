-- Block Wars for the AI: the built-in opponent's judgement of a position
-- and its order of trial, each citing the rules it rests on. The search
-- is MCTS (the declaration's `ai` hints); the rules' compiled data
-- (game:prepared) is all it reads, so it prepares nothing of its own.
local wg = require "wargrid"

local ai = {}

local function rank_of(self, sq) return select(2, self.rules:coords(sq)) end

-- The judgement, for `side`: units, reserves and fighters, and progress
-- toward the enemy back rank (BW-W1). A unit's worth is about its chance in
-- combat (BW-C1): the tank takes two hits (BW-C3), a machine gun fires
-- without risk; a damaged tank or fighter is worth less.
function ai:evaluate(s, side)
  local T, st = self.T, self.status()
  local INF, MG, TANK, FIGHTER = T.infantry, T.machinegun, T.tank, T.fighter
  local back = self:prepared().back
  local sum = 0
  for pid = 1, s:npieces() do
    local t, ps, sq = s:piece(pid)
    local off = s:field(pid, st.field)
    local v = 0
    if sq ~= 0 then
      v = t == TANK and 4 - 1.5 * s:field(pid, st.damage)
          or (t == MG and 1.5 or 1)
      if t == INF then
        local r = rank_of(self, sq)
        v = v + 0.05 * (math.abs(r - back[ps]) + 1)       -- game:progress
            + (r == back[3 - ps] and 0.5 or 0)
      end
    elseif off == st.reserve then
      v = t == FIGHTER and 0.5 - 0.25 * s:field(pid, st.damage)
          or (t == TANK and 3 or 0.8)
    end
    sum = sum + (ps == side and v or -v)
  end
  return sum
end

-- The order of trial: machine-gun fire first (it risks nothing, BW-C1),
-- then moves toward the enemy (BW-W1), attacks, reinforcements, other
-- moves, passing.
local keys = {}
function ai:order(s, out)
  local K = self.kinds()
  local side = s:decider()
  for i = 1, out:size() do
    local kind, x, y = wg.fields(out:get(i))
    local key = 0
    if kind == K.fire then
      key = 100
    elseif kind == K.move then
      key = 40 + 10 * (self:progress(side, rank_of(self, y))
                       - self:progress(side, rank_of(self, x)))
    elseif kind == K.attack then
      key = 35
    elseif kind == K.enter then
      key = 20
    end
    keys[i] = key
  end
  out:order(keys)
end

return ai
