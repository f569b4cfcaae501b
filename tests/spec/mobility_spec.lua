-- s:mobility against s:trace: for every game and house variant, in random
-- positions (pieces of every type and side scattered over a game's start,
-- and positions of seeded random games), the count is what s:trace adds,
-- for every mode and type mask; and mode "promotion" is mode "move"'s
-- actions with a promotion, in the same order.
local wg = require "wargrid"
local loader = require "wargrid.loader"

local games = { "courier", "courier_historical", "wehrschach", "trenches",
                "blockwars", "amazons" }
for f in io.popen("ls examples/variants/*.lua"):lines() do
  if not f:match("_spec%.lua$") then games[#games + 1] = f end
end

local MODES = { "all", "move", "capture", "promotion" }

-- the start with about half its pieces removed and up to 30 pieces of
-- random types and sides added where they fit
local function scatter(game, nsq, ntypes)
  local s = game:new()
  for pid = 1, s:npieces() do
    if s:square(pid) ~= 0 and math.random() < 0.5 then s:remove(pid) end
  end
  for _ = 1, math.random(0, 30) do
    local t, sq = math.random(1, ntypes), math.random(1, nsq)
    if not s:at(sq) and s:fits(t, sq) then s:add(t, math.random(1, 2), sq) end
  end
  return s
end

local function check(name, s, ntypes)
  local out, moves = wg.actions(), wg.actions()
  local masks = { 0xffffffff, 0, math.random(0, 0xffffffff),
                  1 << math.random(0, ntypes) }
  for side = 1, 2 do
    out:clear()
    assert.equal(s:trace(out, side), s:mobility(side), name)
    for _, mode in ipairs(MODES) do
      for _, types in ipairs(masks) do
        out:clear()
        out:add(1, 1, 1)                  -- what out held counts not
        local n = s:trace(out, side, 1, mode, types)
        assert.equal(n, s:mobility(side, mode, types),
                     name .. " " .. side .. " " .. mode .. " " .. types)
        if mode == "promotion" then
          moves:clear()
          s:trace(moves, side, 1, "move", types)
          local want = { out:get(1) }
          for i = 1, moves:size() do
            local a = moves:get(i)
            if select(6, wg.fields(a)) ~= 0 then want[#want + 1] = a end
          end
          assert.same(want, out:table(), name)
        end
      end
    end
  end
end

describe("s:mobility", function()
  for _, name in ipairs(games) do
    it("counts what s:trace adds in " .. name, function()
      local game = name:match("%.lua$") and loader.load_file(name)
                   or loader.load(name)
      local ntypes, nsq = game.rules:ntypes(), select(3, game.rules:size())
      math.randomseed(7)
      for _ = 1, 60 do check(name, scatter(game, nsq, ntypes), ntypes) end
      for seed = 1, 3 do
        local s = game:new()
        for ply = 1, 10 do
          check(name, s, ntypes)
          local n, over = wg.playout(game, s, seed * 7919 + ply, 5)
          if over or n == 0 then break end
        end
      end
    end)
  end
end)
