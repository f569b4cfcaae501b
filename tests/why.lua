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
    local legal, all = {}, game:action_texts(s)
    for k, t in ipairs(all) do
      legal[wg.why.normal(t)] = true
      -- each explain lists the legal actions again: a sample of a dozen
      -- (Trenches has thousands)
      if #all <= 12 or k % (#all // 12) == 0 then
        local e = game:explain(s, t)
        assert(e.legal and e.text == t, string.format(
          "state %d %s: %s is legal, but explains as %s", i,
          game:position_text(s), t, wg.explain_line(e)))
      end
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

-- W.line(game, position, text) -> the one line explain gives for the text
-- in the position (a text, or a state)
function W.line(game, position, text)
  local s = position
  if type(position) == "string" then s = assert(game:new(position)) end
  return wg.explain_line(game:explain(s, text))
end

-- W.cases(it, game, cases): an `it` (busted's, which a module does not
-- see) per case { name, position, text, line }: the text explains in the
-- position as exactly that line
function W.cases(it, game, cases)
  for _, c in ipairs(cases) do
    it(c[1], function()
      assert.equal(c[4], W.line(game, c[2], c[3]))
    end)
  end
end

return W
