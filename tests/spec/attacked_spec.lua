-- s:attacked(sq, by) against a naive answer written here: could a piece of
-- `by` capture on sq? For a square holding a piece of the other side, the
-- side's traced captures land there; for an empty square, they do once a
-- piece of the other side, of some type, is put there. Checked on every
-- square, for both sides, in positions of seeded random games of every
-- built-in game and of the example games (issue 27: an empty square was
-- never attacked by a piece whose pattern has conditions).
local T = require "wargrid.test"
local wg = require "wargrid"

local GAMES = { "courier", "courier_historical", "wehrschach", "trenches",
                "amazons", "blockwars", "examples/games/xiangqi",
                "examples/games/janggi" }

-- the naive answer; nil for a square holding a piece of `by` itself
local function naive(game, s, sq, by)
  local pid = s:at(sq)
  if pid and s:side_of(pid) == by then return nil end
  local types = { false }                  -- the piece there, as it is
  if not pid then
    types = {}
    for name, id in pairs(game.T) do
      if not game.def.pieces[name].shape then types[#types + 1] = id end
    end
  end
  local out = wg.actions()
  for _, t in ipairs(types) do
    local m = s:mark()
    if t then s:add(t, 3 - by, sq) end
    s:trace(out, by, 1, "capture")
    s:undo(m)
    for i = 1, out:size() do
      local _, _, to = wg.fields(out:get(i))
      if to == sq then return true end
    end
    out:clear()
  end
  return false
end

-- the squares where s:attacked and the naive answer differ
local function differences(game, s)
  local wrong = {}
  for sq = 1, game.files * game.ranks do
    for by = 1, 2 do
      local want = naive(game, s, sq, by)
      if want ~= nil and s:attacked(sq, by) ~= want then
        wrong[#wrong + 1] = string.format("%s by %s: attacked says %s",
                                          game.rules:name(sq),
                                          game:side_name(by),
                                          tostring(not want))
      end
    end
  end
  return wrong
end

describe("s:attacked answers for every square, empty or not", function()
  for _, name in ipairs(GAMES) do
    it("on positions of random " .. name .. " games", function()
      local game = T.game(name)
      local checked = 0
      for seed = 1, 4 do
        local s = game:new()
        local ply = 0
        wg.playout(game, s, seed, 120, function(st)
          ply = ply + 1
          if ply % 15 == 0 then
            local wrong = differences(game, st)
            assert(#wrong == 0, game:position_text(st) .. ": "
                                .. table.concat(wrong, "; "))
            checked = checked + 1
          end
        end)
      end
      assert.is_true(checked >= 4, checked .. " positions")
    end)
  end
end)

-- s:exposure(side) against the naive count: the squares of side's royal
-- pieces and next to them (on the board) that s:attacked says the other
-- side attacks.
local function naive_exposure(game, s, side)
  local n = 0
  for _, pid in ipairs(s:pieces(side)) do
    local name = game.type_names[s:type(pid)]
    local sq = s:square(pid)
    if game.def.pieces[name].royal and sq then
      for dr = -1, 1 do
        for df = -1, 1 do
          local t = game.rules:step(sq, df, dr)
          if t and s:attacked(t, 3 - side) then n = n + 1 end
        end
      end
    end
  end
  return n
end

describe("s:exposure counts the attacked squares at and around a king",
         function()
  for _, name in ipairs({ "courier", "courier_historical",
                          "examples/games/xiangqi" }) do
    it("on positions of random " .. name .. " games", function()
      local game = T.game(name)
      local checked, seen = 0, 0
      for seed = 1, 4 do
        wg.playout(game, game:new(), seed, 120, function(st)
          for side = 1, 2 do
            local want = naive_exposure(game, st, side)
            assert.are.equal(want, st:exposure(side),
                             game:position_text(st))
            checked, seen = checked + 1, seen + (want > 0 and 1 or 0)
          end
        end)
      end
      assert.is_true(checked >= 100 and seen >= 10, checked .. ", " .. seen)
    end)
  end

  it("in a Courier position where a rook on the first rank checks",
     function()
    -- the white king on f1, a black rook on a1: of the king's square and
    -- those next to it, the rook attacks e1 and f1 (the king shields g1);
    -- e2, f2 and g2 hold White's pawns
    local game = T.game("courier_historical")
    local s = game:new("6k5/12/12/12/12/12/4PPP5/r4K6 w - - 0 1")
    assert.are.equal(2, s:exposure(1))
    assert.are.equal(0, s:exposure(2))
  end)
end)
