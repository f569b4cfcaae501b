-- tests/fuzz/seeds.lua: writes the fuzz targets' seeds (tests/fuzz/seeds/)
-- from the games' real positions and actions: each game's start and the
-- positions seeded random play reaches, legal action texts there, option
-- settings, the records of seeded random games, and the example variants
-- (linked, not copied). Run it from the
-- project's root after make: lua5.4 tests/fuzz/seeds.lua
package.path = "stdlib/?.lua;stdlib/?/init.lua;" .. package.path
package.cpath = "build/lua/?.so;" .. package.cpath
local lfs = require "lfs"
local ai = require "wargrid.ai"
local loader = require "wargrid.loader"
local selfplay = require "wargrid.selfplay"
local wg = require "wargrid"

local ROOT = "tests/fuzz/seeds/"
lfs.mkdir(ROOT)
local PLIES = { 0, 3, 10, 30, 80 }

local function write(target, name, text)
  lfs.mkdir(ROOT .. target)
  local f = assert(io.open(ROOT .. target .. "/" .. name, "wb"))
  f:write(text)
  f:close()
end

-- the state after n seeded random actions from the start
local function after(game, n)
  local s = game:new()
  wg.playout(game, s, n, n)
  return s
end

for _, name in ipairs(loader.list()) do
  local game = loader.load(name)
  for _, n in ipairs(PLIES) do
    local s = after(game, n)
    write("position", string.format("%s-%d", name, n),
          name .. "\n" .. game:position_text(s))
    local texts = game:action_texts(s)
    local picks = { texts[1], texts[math.ceil(#texts / 2)], texts[#texts] }
    for i, text in ipairs(picks) do
      write("action", string.format("%s-%d-%d", name, n, i),
            string.format("%s\n%d\n%s", name, n, text))
    end
  end
  local options = {}
  for opt in pairs(game.def.options or {}) do options[#options + 1] = opt end
  table.sort(options)
  write("option", name .. "-none", name .. "\n")
  for _, opt in ipairs(options) do
    local o = game.def.options[opt]
    local values = o.values or { tostring(o.default) }
    if type(o.default) == "boolean" then values = { "true", "no" } end
    for i, v in ipairs(values) do
      write("option", string.format("%s-%s-%d", name, opt, i),
            string.format("%s\n%s=%s", name, opt, v))
    end
  end
  if #options > 1 then
    write("option", name .. "-all", name .. "\n" .. table.concat(options, "\n"))
  end
  for _, n in ipairs { 6, 40 } do
    local info = { event = "fuzz seed", white = "random", black = "random" }
    local rec = selfplay.play(game, { ai.random, ai.random }, 0, n, n, info)
    write("record", string.format("%s-%d", name, n), rec.text)
  end
end

-- variants: links to the examples and to the built-in variants
lfs.mkdir(ROOT .. "variant")
for _, dir in ipairs { "examples/variants", "examples/games" } do
  for file in lfs.dir(dir) do
    if file:match("%.lua$") and not file:match("_spec%.lua$") then
      local link = ROOT .. "variant/" .. file
      os.remove(link)
      assert(lfs.link("../../../../" .. dir .. "/" .. file, link, true))
    end
  end
end
for _, name in ipairs { "courier_historical", "amazons" } do
  local link = ROOT .. "variant/" .. name .. ".lua"
  os.remove(link)
  assert(lfs.link("../../../../scripts/games/" .. name .. ".lua", link, true))
end
