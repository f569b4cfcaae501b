-- Wehrschach checked against a second, naive implementation written from
-- the rules file alone (tests/naive/wehrschach.lua: plain Lua tables, no
-- runtime primitives), and a thousand seeded random games played to the end.
local T = require "wargrid.test"
local wg = require "wargrid"
local natural_less = require("wargrid.game").natural_less

local game = T.game "wehrschach"

-- The naive rules, on the board of W-B1..W-B5.
local naive = require "naive.wehrschach" {
  files = 11, ranks = 11, mainlines = { 3, 9 },
  road = function(f, r) return f == r end,                             -- W-B2
  river = function(f, r) return f + r == 12 end,                       -- W-B3
  sea = function(f, r) return (f == 2 and r == 5) or (f == 11 and r == 7) end,  -- W-B4
}
local read, actions, naive_perft = naive.read, naive.actions, naive.perft
local naive_grounds = naive.grounds

-- The specs ---------------------------------------------------------------
describe("wehrschach: perft from the start", function()
  local s = game:new()

  it("W-S1 W-M1..W-M7 perft 1 and 2 agree with the naive rules", function()
    local b = read(game:position_text(s))
    assert.same(actions(b, 1), game:action_texts(s))
    assert.equal(143, naive_perft(b, 1, 1))
    assert.equal(143, wg.perft(game, s, 1))
    assert.equal(20859, naive_perft(b, 1, 2))
    assert.equal(20859, wg.perft(game, s, 2))
  end)

  it("perft 3", function()
    assert.equal(3085470, wg.perft(game, s, 3))
  end)
end)

-- Plays seeded random games and calls check(s) at every `every`-th ply.
local function random_games(n, every, check)
  for seed = 1, n do
    local s, x = game:new(), seed
    for ply = 1, 600 do
      local out = game:legal(s)
      if out:size() == 0 then break end
      if ply % every == 0 then check(s, seed, ply) end
      x = (x * 1103515245 + 12345) % 2147483648
      game:play(s, out:get(x % out:size() + 1))
    end
  end
end

describe("wehrschach: the engine agrees with the naive rules", function()
  it("W-M1..W-M7 W-K1..W-K4 W-E1 W-F1 on positions from random games", function()
    local checked, kinds = 0, {}
    random_games(30, 7, function(s, seed, ply)
      local text = game:position_text(s)
      local side = s:side()
      local out = wg.actions()
      game:actions_of(s, side, out)
      local got = {}
      for i = 1, out:size() do got[i] = game:action_text(s, out:get(i)) end
      table.sort(got, natural_less)
      local want = actions(read(text), side)
      assert.same(want, got, string.format("seed %d ply %d: %s", seed, ply, text))
      for _, t in ipairs(want) do
        kinds[t:match("^(%a+) ") or (t:find("x") and "take" or "move")] = true
      end
      checked = checked + 1
    end)
    assert.is_true(checked > 500)
    assert.same({ move = true, take = true, barrage = true, enclose = true, fire = true }, kinds)
  end)

  it("W-J1..W-J4 W-J6 W-J7 judgements and replies in random games", function()
    local judged, cancelled, decided = 0, 0, 0
    for seed = 1, 25 do
      local s, x = game:new(), seed
      while true do
        local out = game:legal(s)
        if out:size() == 0 then break end
        local before = game:position_text(s)
        local j, side = before:match(" (%S+)$"), s:side()
        x = (x * 1103515245 + 12345) % 2147483648
        local a = out:get(x % out:size() + 1)
        if j ~= "-" and x % 2 == 0 then   -- a reply: try a capture half the time
          for i = 1, out:size() do
            local t = game:action_text(s, out:get(i))
            if t:find("x") or t:find("^barrage") then a = out:get(i) break end
          end
        end
        local text = game:action_text(s, a)
        game:play(s, a)
        local b = read(game:position_text(s))
        local want = j
        if j == "-" then                      -- W-J1..W-J4 after the action
          local g = naive_grounds(b, side)
          if g ~= "" then
            want = (side == 1 and "r" or "b") .. ":" .. g
            judged = judged + 1
          end
        else                                  -- W-J6, W-J7 the reply
          local capture = text:find("x") or text:find("^barrage")  -- RULING: not enclose
          local counter = naive_grounds(b, side) ~= "" or #actions(b, 3 - side) == 0
          if j:match(":(%d+)$") == "3" and capture and not counter
             and not naive_grounds(b, 3 - side):find("3") then
            want, cancelled = "-", cancelled + 1
          else
            decided = decided + 1
          end
        end
        assert.equal(want, game:position_text(s):match(" (%S+)$"), before .. " then " .. text)
      end
    end
    assert.is_true(judged >= 20 and decided >= 20 and cancelled >= 1,
                   string.format("%d judged, %d decided, %d cancelled", judged, decided, cancelled))
  end)
end)

describe("wehrschach: random games", function()
  it("W-J1..W-J8 1000 seeded random games end, and their final positions round-trip", function()
    local reasons = {}
    for seed = 1, 1000 do
      local s = game:new()
      local plies, ended = wg.playout(game, s, seed, 20000)
      assert.is_true(ended, "seed " .. seed)
      local o = T.outcome(game, s)
      assert.truthy(o, "seed " .. seed)
      local text = game:position_text(s)
      local again = T.position(game, text)
      assert.equal(text, game:position_text(again), "seed " .. seed)
      if not o.reason:find("W%-J8") then
        assert.same(o, T.outcome(game, again), "seed " .. seed .. ": " .. text)
      end
      local key = o.reason:match("%((W%-J%d)%)")
      reasons[key] = (reasons[key] or 0) + 1
      assert.is_true(plies > 0)
    end
    for _, id in ipairs { "W-J1", "W-J2", "W-J3" } do assert.truthy(reasons[id], id) end
  end)
end)
