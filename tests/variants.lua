-- tests/variants.lua: what the specs of the house variants
-- (tests/spec/*_variants_spec.lua) do to each variant: play seeded random
-- games, pick positions from them for the naive counters, and load a
-- variant that must be refused.
local wg = require "wargrid"
local loader = require "wargrid.loader"
local assert = require "luassert"

local V = {}

-- V.playouts(game, n, max) -> how many of the seeded random games 1..n
-- ended within max actions. Each game runs to its end or max actions in
-- the engine's playout loop; its last position must round-trip through
-- its text, and an ended game must have an outcome.
function V.playouts(game, n, max)
  local ended = 0
  for seed = 1, n do
    local s = game:new()
    local _, over = wg.playout(game, s, seed, max)
    local text = game:position_text(s)
    local back = assert(game:new(text))
    assert.equal(text, game:position_text(back), "seed " .. seed)
    if over then
      assert.truthy(game:outcome(s), "seed " .. seed)
      ended = ended + 1
    end
  end
  return ended
end

-- V.positions(game, seeds, plies) -> the position texts after each of
-- `plies` actions (a list) of the seeded random games `seeds`, from the
-- start; keep(text), if given, chooses among them. A game that ends
-- sooner gives fewer.
function V.positions(game, seeds, plies, keep)
  local out = {}
  for _, seed in ipairs(seeds) do
    local s = game:new()
    local done = 0
    for _, ply in ipairs(plies) do
      local n, over = wg.playout(game, s, seed * 7919 + ply, ply - done)
      done = done + n
      if over then break end
      local text = game:position_text(s)
      if not keep or keep(text) then out[#out + 1] = text end
    end
  end
  return out
end

-- V.refused(source) -> the error loading the variant file `source` (Lua
-- text) raises; fails the test if it loads.
function V.refused(source)
  local tmp = os.tmpname()
  local path = tmp .. ".lua"
  local f = assert(io.open(path, "w"))
  f:write(source)
  f:close()
  local ok, err = pcall(loader.load_file, path)
  os.remove(path)
  os.remove(tmp)
  assert.is_false(ok, "the variant loaded")
  return (err:gsub("^" .. path:gsub("%p", "%%%0"), "VARIANT"))
end

return V
