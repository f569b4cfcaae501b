-- wargrid.svg against reviewed pictures: each scene of tests/render_scenes.lua
-- drawn exactly as tests/golden/NAME.svg. After a change that is meant to
-- change the pictures, write them anew and look at each one before
-- committing it:
--   WARGRID_GOLDEN=update tests/run tests/spec/render_golden_spec.lua
--   rsvg-convert tests/golden/NAME.svg -o /tmp/NAME.png
local scenes = require "render_scenes"

local DIR = "tests/golden/"

local function read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local text = f:read("a")
  f:close()
  return text
end

local function write(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

-- the first line where two texts differ, for the message
local function first_difference(want, got)
  local i = 1
  local wl, gl = {}, {}
  for l in (want .. "\n"):gmatch("(.-)\n") do wl[#wl + 1] = l end
  for l in (got .. "\n"):gmatch("(.-)\n") do gl[#gl + 1] = l end
  while wl[i] == gl[i] and i <= math.max(#wl, #gl) do i = i + 1 end
  return string.format("line %d\n  golden: %s\n  drawn:  %s", i,
                       tostring(wl[i]), tostring(gl[i]))
end

describe("render: the reviewed pictures (tests/golden)", function()
  local update = os.getenv("WARGRID_GOLDEN") == "update"
  for _, scene in ipairs(scenes.scenes) do
    it(scene.name .. " is drawn as its golden file", function()
      local got = scenes.render(scene)
      local path = DIR .. scene.name .. ".svg"
      if update then write(path, got) end
      local want = read(path)
      assert(want, path .. " is missing (WARGRID_GOLDEN=update writes it)")
      if want ~= got then
        error(path .. " differs at " .. first_difference(want, got), 0)
      end
    end)
  end
end)
