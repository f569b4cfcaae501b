-- The Game of Trenches in the shape of issue 26: a folder of rules, text,
-- reasons, pictures and AI that plays and stores exactly what the single
-- file did (hashes, records, the Amazons' counting playouts), and variants
-- on a smaller and a larger board written as a designer would, from the
-- doc/designers.md and `wargrid help variants trenches`: the board and the start.
local T = require "wargrid.test"
local wg = require "wargrid"
local files = require "files"

local trenches, amazons = T.game "trenches", T.game "amazons"

describe("trenches: the folder", function()
  it("holds the rules, text, reasons, pictures, AI and rulebook, and init.lua joins them", function()
    local out = files.sh("ls scripts/games/trenches")
    assert.equal("ai.lua\ninit.lua\nlook.lua\nrules.md\ntext.lua\nweights.lua\nwhy.lua\n",
                 out)
    local init = files.slurp("scripts/games/trenches/init.lua")
    assert.matches('\nreturn game:include%(require "trenches%.text", require "trenches%.why",\n'
                   .. ' +require "trenches%.look", require "trenches%.ai"%)\n$', init)
  end)

  it("T-G1 declares no phases: a turn is one action, the state's phase word stays 0", function()
    assert.same({}, trenches.phases)
    local s = trenches:new()
    T.play(trenches, s, "d1-d5/h5", "c9-c6")
    assert.equal(0, s:phase())
  end)
end)

describe("trenches: what the state stores is what it was", function()
  -- every position's hash of seeded random games, folded into one number:
  -- the values main gave before the folder (2026-11-27)
  local function digest(game)
    local sum, plies = 0, 0
    for seed = 1, 20 do
      wg.playout(game, game:new(), seed, nil, function(s)
        sum = (sum * 31 + s:hash()) & 0xffffffffffff
        plies = plies + 1
      end)
    end
    return string.format("0x%012x", sum), plies
  end

  it("T-E1 the hashes of 20 seeded games of Trenches and of the Amazons are those of before", function()
    assert.same({ "0x3f76960fe91a", 1459 }, { digest(trenches) })
    assert.same({ "0xec099f1d395b", 1434 }, { digest(amazons) })
  end)

  it("T-V1 stored records replay as recorded, hash by hash", function()
    for _, name in ipairs { "trenches-40", "amazons-40", "trenches-6", "amazons-6" } do
      local out, _, code = T.run { "replay", "tests/fuzz/seeds/record/" .. name }
      assert.equal(0, code, name)
      assert.matches("; result 1/2%-1/2 %(adjudication: move limit of %d+ actions%), as recorded\n$", out)
    end
  end)

  it("T-V1 an Amazons playout's action is counted, not listed; Trenches' tanks need the list", function()
    for _, case in ipairs { { amazons, 0 }, { trenches, nil } } do
      local game, listed = case[1], case[2]
      local s, out = game:new(), wg.actions()
      local legal = game:legal(s):size()
      for _, draw in ipairs { 0, 0x80000000, 0xffffffff } do
        out:clear()
        local a = game:random_action(s, out, draw)
        assert.equal(game:legal(s):get((draw * legal >> 32) + 1), a)
        assert.equal(listed or legal, out:size())
      end
    end
  end)
end)

describe("trenches: variants on other boards, written the obvious way", function()
  -- what a designer writes: the board's size and a start on it (T-B1, T-S1)
  local SMALL = wg.variant(trenches, { name = "trenches_small", board = { files = 6, ranks = 6 },
                                       start = "1s2s1/2tt2/6/6/2TT2/1S2S1 l" })
  local LARGE = wg.variant(trenches, { name = "trenches_large", board = { files = 12, ranks = 12 },
                                       start = "4s2s4/2t6t2/5tt5/s10s/12/12/12/12/S10S/5TT5/2T6T2/4S2S4 l" })

  for _, game in ipairs { SMALL, LARGE } do
    it("T-B1 T-S1 T-E1 " .. game.name .. " loads, counts perft 2 and ends seeded games", function()
      assert.is_true(game:validate())
      local s = game:new()
      assert.equal(game.def.start, game:position_text(s))
      assert.is_true(wg.perft(game, s, 2) > 0)
      for seed = 1, 3 do
        local _, ended = wg.playout(game, game:new(), seed)
        assert.is_true(ended, game.name .. " seed " .. seed)
      end
    end)
  end

  it("T-S1 a board of another size without a start of its own is refused, naming the ranks", function()
    local v = wg.variant(trenches, { name = "trenches_bare", board = { files = 6, ranks = 6 } })
    local s, err = v:new()
    assert.is_nil(s)
    assert.equal("bad position '3s2s3/2t4t2/4tt4/s8s/10/10/S8S/4TT4/2T4T2/3S2S3 l': 6 ranks expected, "
                 .. "found 10", err)
  end)
end)
