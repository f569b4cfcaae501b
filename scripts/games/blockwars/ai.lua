-- Block Wars for the AI: the built-in opponent's judgement of a position
-- and its order of trial, each citing the rules it rests on. The search
-- is MCTS (the declaration's `ai` hints); what it reads of the rules'
-- compiled data (game:prepared) and of the weights in force it prepares
-- once (game:prepared("ai")).
local wg = require "wargrid"

local ai = {}

local function rank_of(self, sq) return select(2, self.rules:coords(sq)) end

-- The judgement's terms (README: tune), for `side`: its units less the
-- other side's, each worth about its chance in combat (BW-C1): a piece's
-- value while it is on the board, where the tank takes two hits (BW-C3)
-- and a machine gun fires without risk; less in reserve, where only a
-- card brings it in (BW-S1, BW-C4); fighters, never on the board, while
-- they are ready (BW-C4), a damaged one worth less (BW-O2); and infantry's
-- progress toward the enemy back rank, where two units win (BW-W1).
local HELP = {
  infantry = "an infantry unit on the board",
  machinegun = "a machine gun on the board",
  tank = "the tank on the board",
  fighter = "a fighter ready in reserve (never on the board)",
}

function ai:terms()
  local terms = wg.material_terms(self)
  for _, term in ipairs(terms) do
    term.help = HELP[term.name] or term.help
  end
  for _, term in ipairs {
    { name = "tank_damage", weight = -1.5,
      help = "a hit on the tank on the board (BW-C3: the second destroys "
             .. "it)" },
    { name = "fighter_damage", weight = -0.25,
      help = "a hit on a fighter ready in reserve (BW-C4, BW-O2)" },
    { name = "reserve_tank", weight = 3,
      help = "the tank held in reserve (BW-S1)" },
    { name = "reserve", weight = 0.8,
      help = "another unit held in reserve (BW-S1, BW-C4: an Ace brings "
             .. "one in)" },
    { name = "advance", weight = 0.05,
      help = "an infantry unit's ranks from its own back rank, plus one "
             .. "(BW-W1)" },
    { name = "breakthrough", weight = 0.5,
      help = "an infantry unit on the enemy back rank (BW-W1)" },
  } do
    terms[#terms + 1] = term
  end
  return terms
end

-- Which term a unit counts in, by type: on the board (on), in reserve
-- (held), and its damage there (hurt_on, hurt_held; nil: none).
local function columns(self)
  local T, col = self.T, {}
  for k, term in ipairs(self:terms()) do col[term.name] = k end
  local c = { on = {}, held = {}, hurt_on = {}, hurt_held = {},
              advance = col.advance, breakthrough = col.breakthrough }
  for id, name in ipairs(self.type_names) do
    c.on[id], c.held[id] = col[name], col.reserve
  end
  c.held[T.tank], c.held[T.fighter] = col.reserve_tank, col.fighter
  c.hurt_on[T.tank] = col.tank_damage                           -- BW-C3
  c.hurt_held[T.fighter] = col.fighter_damage                   -- BW-O2
  return c
end

-- The weights in force as the judgement reads them: by type, a unit's
-- worth on the board and in reserve, and its damage's there; by side and
-- square, what an infantry unit standing there adds (BW-W1), and the
-- features it adds to (steps: ranks from its back rank, plus one; far: 1
-- on the enemy back rank).
function ai:prepare_ai()
  local w, terms, c = self:weights(), self:terms(), columns(self)
  local function weight(k) return k and w[terms[k].name] end
  local st, back = self.status(), self:prepared().back
  local t = { cols = c, n = #terms, infantry = self.T.infantry,
              off = st.field, damage = st.damage, reserve = st.reserve,
              on = {}, held = {}, hurt_on = {}, hurt_held = {},
              ahead = { {}, {} }, steps = { {}, {} }, far = { {}, {} } }
  for id in ipairs(self.type_names) do
    t.on[id], t.held[id] = weight(c.on[id]) or 0, weight(c.held[id]) or 0
    t.hurt_on[id], t.hurt_held[id] = weight(c.hurt_on[id]),
                                     weight(c.hurt_held[id])
  end
  for side = 1, 2 do
    for sq = 1, self.files * self.ranks do
      local r = rank_of(self, sq)
      local steps, far = self:progress(side, r) + 1, r == back[3 - side]
      t.steps[side][sq], t.far[side][sq] = steps, far and 1 or 0
      t.ahead[side][sq] = w.advance * steps + (far and w.breakthrough or 0)
    end
  end
  return t
end

-- The judgement, for `side`: the sum of ai:terms' weights times
-- ai:features', unit by unit. MCTS calls it at every playout's end.
function ai:evaluate(s, side)
  local t = self.prepared_ai or self:prepared("ai")
  local on, held, hurt_on, hurt_held = t.on, t.held, t.hurt_on, t.hurt_held
  local OFF, DAMAGE, RESERVE, INF = t.off, t.damage, t.reserve, t.infantry
  local sum = 0
  for pid = 1, s:npieces() do
    local ty, ps, sq = s:piece(pid)
    local v = 0
    if sq ~= 0 then
      v = on[ty]
      local hurt = hurt_on[ty]
      if hurt then v = v + hurt * s:field(pid, DAMAGE) end
      if ty == INF then v = v + t.ahead[ps][sq] end
    elseif s:field(pid, OFF) == RESERVE then
      v = held[ty]
      local hurt = hurt_held[ty]
      if hurt then v = v + hurt * s:field(pid, DAMAGE) end
    end
    sum = sum + (ps == side and v or -v)
  end
  return sum
end

-- Each term's feature for side, in ai:terms' order: side's count less
-- the other side's, unit by unit as ai:evaluate sums them.
function ai:features(s, side)
  local t = self.prepared_ai or self:prepared("ai")
  local c, out = t.cols, {}
  for k = 1, t.n do out[k] = 0 end
  local function add(k, x) if k then out[k] = out[k] + x end end
  for pid = 1, s:npieces() do
    local ty, ps, sq = s:piece(pid)
    local sign = ps == side and 1 or -1
    if sq ~= 0 then
      add(c.on[ty], sign)
      if c.hurt_on[ty] then
        add(c.hurt_on[ty], sign * s:field(pid, t.damage))
      end
      if ty == t.infantry then
        add(c.advance, sign * t.steps[ps][sq])
        add(c.breakthrough, sign * t.far[ps][sq])
      end
    elseif s:field(pid, t.off) == t.reserve then
      add(c.held[ty], sign)
      if c.hurt_held[ty] then
        add(c.hurt_held[ty], sign * s:field(pid, t.damage))
      end
    end
  end
  return out
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
