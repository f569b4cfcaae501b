-- tests/why.lua: what the specs of game:explain (tests/spec/why_*_spec.lua)
-- share: positions from seeded random games, and the property every game's
-- reasons keep there -- each legal action explains as legal, and each text
-- of the game's notation that is no legal action explains as illegal, with
-- the ID of a rule of the game.
local wg = require "wargrid"
local assert = require "luassert"

local W = {}

-- W.states(game, n, max, every) -> states met in the seeded random games
-- 1..n (at most max actions each): every `every`-th one, and the last
function W.states(game, n, max, every)
  local out = {}
  for seed = 1, n do
    local s = assert(game:new(nil, seed))
    local k = 0
    wg.playout(game, s, seed, max, function(st)
      k = k + 1
      if k % every == 0 then out[#out + 1] = st:copy() end
    end)
    out[#out + 1] = s:copy()
  end
  return out
end

-- A random square's name
function W.square(game)
  return game.rules:name(math.random(game.files * game.ranks))
end

-- W.property(game, states, texts, prefix): texts(game, s) gives texts in
-- the game's notation; rules must start with prefix ("C-"). Returns how
-- many illegal texts were explained.
function W.property(game, states, texts, prefix)
  local n = 0
  for i, s in ipairs(states) do
    local legal = {}
    for _, t in ipairs(game:action_texts(s)) do
      local e = game:explain(s, t)
      assert(e.legal and e.text == t, string.format(
        "state %d %s: %s is legal, but explains as %s", i,
        game:position_text(s), t, wg.explain_line(e)))
      legal[wg.why.normal(t)] = true
    end
    for _, t in ipairs(texts(game, s)) do
      if not legal[wg.why.normal(t)] then
        local e = game:explain(s, t)
        n = n + 1
        assert(not e.legal and e.rule and e.rule:sub(1, #prefix) == prefix,
               string.format("state %d %s: %s explains as %s", i,
                             game:position_text(s), t, wg.explain_line(e)))
      end
    end
  end
  return n
end

return W
