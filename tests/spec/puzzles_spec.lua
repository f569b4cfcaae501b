-- Each game's tactic puzzle, solved by the top level's search within 2
-- seconds (a budget, not a timed assertion: of processor time, for
-- alpha-beta, so that a busy machine does not change the answer), and each
-- solution checked by a naive exhaustive search written here, independent
-- of the AI.
local T = require "wargrid.test"
local ai = require "wargrid.ai"

-- The top level's own search, with 2 seconds.
local function solve(game, s, seed)
  return (ai.think(game, s, { seconds = 2, cpu = true, seed = seed or 1 }))
end

local function text(game, s, a) return game:action_text(s, a) end

-- the naive check of a forced win, independent of the search
local forced_win = T.forced_win

-- The texts of the actions after which `me` forces a win within plies - 1.
local function winning(game, s, plies, me)
  local out, good = game:legal(s), {}
  for i = 1, out:size() do
    local m = s:mark()
    game:play(s, out:get(i))
    if forced_win(game, s, plies - 1, me) then
      good[#good + 1] = text(game, s, out:get(i))
    end
    s:undo(m)
  end
  table.sort(good)
  return good
end

describe("puzzles: Courier, mate in three (C-E1, C-E2)", function()
  local courier = T.game "courier_historical"
  -- Black's rooks guard the back rank, the king is boxed in by its pawns:
  -- 1. Rd8+ Rbxd8 2. Rxd8+ Rxd8 3. Rxd8 mate, the doubled rooks decoying
  -- the defenders one by one. Fairy-Stockfish (go mate) agrees.
  local puzzle = "rr9k/10pp/12/12/12/3R8/3R8/3R3K4 w - - 0 1"

  it("C-E2 there is no mate in two, and 1. Rd8+ mates in three", function()
    local s = T.position(courier, puzzle)
    assert.is_false(forced_win(courier, s, 3, 1))
    local m = s:mark()
    T.play(courier, s, "d3d8")
    assert.is_true(forced_win(courier, s, 4, 1))
    s:undo(m)
  end)

  it("C-E2 the top level finds a move that mates in three", function()
    local s = T.position(courier, puzzle)
    local a = solve(courier, s)
    courier:play(s, a)
    assert.is_true(forced_win(courier, s, 4, 1), text(courier, s, a))
  end)
end)

describe("puzzles: Wehrschach, the headquarters' escort (W-K1, W-K3, W-J2, W-J6)", function()
  local wehrschach = T.game "wehrschach"
  -- Blue has five ground units. Red's artillery on g10 and k6 both
  -- threaten k10, the infantry beside Blue's headquarter: two supporters
  -- (W-K1) make a barrage (W-K3), which leaves Blue four ground units, a
  -- judgement (W-J2) no reply of Blue's can answer (W-J6). Taking the
  -- fighter on f8 (worth four infantry) wins nothing yet.
  local puzzle = "10h/a1t3A3i/4i2i3/4IfI4/11/10A/11/11/11/IIITH6/11 r -"

  it("W-J2 only the barrage on the escort wins at once", function()
    local s = T.position(wehrschach, puzzle)
    assert.same({ "barrage k10" }, winning(wehrschach, s, 2, 1))
    assert.is_true(wehrschach:legal(s):contains(wehrschach:parse_action(s, "e8xf8")))
  end)

  it("W-J2 the top level takes the escort, and wins", function()
    local s = T.position(wehrschach, puzzle)
    local a = solve(wehrschach, s)
    assert.equal("barrage k10", text(wehrschach, s, a))
    wehrschach:play(s, a)
    assert.is_true(forced_win(wehrschach, s, 1, 1))
  end)
end)

describe("puzzles: Amazons, an enclosure (T-E1, T-V1)", function()
  local amazons = T.game "amazons"
  local PUZZLE = "xxxxxxxxxx/xxxxxxxxxx/xxxxxxxxxx/xxxxxxxxxx/xxxxxxxxxx/"
                 .. "xxxxxxxxxx/xxxxxxxxxx/xxxxx2xxx/xxxxxq3x/x5Qxxx w"

  -- Does the side to move win with best play? (every line to the end,
  -- positions remembered by their hash)
  local function wins(s, memo)
    local h = s:hash()
    if memo[h] == nil then
      local out, w = amazons:legal(s), false
      for i = 1, out:size() do
        local m = s:mark()
        amazons:play(s, out:get(i))
        w = not wins(s, memo)
        s:undo(m)
        if w then break end
      end
      memo[h] = w
    end
    return memo[h]
  end

  it("T-E1 one move of forty wins: it walls Black's amazon in", function()
    local s = T.position(amazons, PUZZLE)
    local memo, good = {}, {}
    local out = amazons:legal(s)
    assert.equal(40, out:size())
    for i = 1, out:size() do
      local m = s:mark()
      amazons:play(s, out:get(i))
      if not wins(s, memo) then good[#good + 1] = text(amazons, s, out:get(i)) end
      s:undo(m)
    end
    assert.same({ "g1-g2/f1" }, good)
  end)

  it("T-E1 the top level finds it", function()
    local s = T.position(amazons, PUZZLE)
    assert.equal("g1-g2/f1", text(amazons, s, solve(amazons, s)))
  end)
end)

describe("puzzles: Block Wars, a push onto the back rank (BW-A1, BW-W1)", function()
  local bw = T.game "blockwars"
  -- The Canadians will win next turn (h8 and g7 by the Germans' back
  -- rank); the Germans win now by stepping both b2 and e2 onto rank 1, two
  -- actions of their turn. Attacks (cards) cannot win this turn. The decks
  -- are fixed by the text; the AI sees only its own view (BW-H1).
  local puzzle = T.board(bw, { b2 = "i", e2 = "i", d2 = "I", f2 = "I", c1 = "I", h8 = "I",
                               g7 = "I", b5 = "I", c6 = "i", f6 = "i" })
                 .. " g2 decks=9876/5432/-"

  it("BW-W1 the winning first actions are exactly the steps onto rank 1", function()
    local s = T.position(bw, puzzle)
    assert.same({ "b2a1", "b2b1", "e2d1", "e2e1", "e2f1" }, winning(bw, s, 2, 2))
  end)

  it("BW-W1 the top level (Monte Carlo) plays both steps", function()
    local s = T.position(bw, puzzle)
    for _ = 1, 2 do
      local view = bw:view(s, s:decider(), 7)
      bw:play(s, solve(bw, view, 7))
    end
    assert.same({ winner = 2, reason = "two units on the enemy back rank" },
                { winner = bw:outcome(s).winner, reason = bw:outcome(s).reason })
  end)
end)
