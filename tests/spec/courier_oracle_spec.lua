-- Courier against Fairy-Stockfish (C-V1, C-V2, C-O2): perft counts of both
-- Courier games agree with Fairy-Stockfish's `courier` in positions reached
-- by seeded random play, and the opening phase ends in its start position.
local T = require "wargrid.test"
local wg = require "wargrid"
local fairy = require "fairy"
local oracle = require "oracle"

local courier = T.game "courier"
local historical = T.game "courier_historical"

local SEED_START = "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1 ALGQalgq"
local FS_START = "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"
local DEPTH = 3

-- A seeded generator of our own (not the engine's) for the random games.
local function rng(seed)
  local x = seed
  return function(n)
    x = (x * 6364136223846793005 + 1442695040888963407)
    return ((x >> 33) % n) + 1
  end
end

-- Positions from random games: every 5th ply after the opening phase, while
-- the fifty-move count stays below 90 (the positions with high clocks are
-- made below, from these).
local function sample(game, start, seed, games, plies)
  local pick = rng(seed)
  local fens = {}
  for _ = 1, games do
    local s = T.position(game, start)
    for ply = 1, plies do
      local out = game:legal(s)
      if out:size() == 0 then break end
      game:play(s, out:get(pick(out:size())))
      local text = game:position_text(s)
      local half = tonumber(wg.fen.split(text)[5])
      if ply % 5 == 0 and not text:match("%S+ %S+ %S+ %S+ %S+ %S+ %S+") and half < 90 then
        fens[#fens + 1] = text
      end
    end
  end
  return fens
end

local function pieces(fen, side_upper)
  local board = fen:match("^%S+")
  local n = 0
  for ch in board:gmatch("%a") do
    if (ch == ch:upper()) == side_upper then n = n + 1 end
  end
  return n
end

describe("courier against Fairy-Stockfish", function()
  local fens = {}
  for _, f in ipairs(sample(courier, SEED_START, 7, 12, 260)) do fens[#fens + 1] = f end
  for _, f in ipairs(sample(historical, FS_START, 11, 12, 260)) do fens[#fens + 1] = f end
  -- and hand-made endings around the bare-king rule
  for _, f in ipairs {
    "12/12/12/4k7/12/12/4K2R4/12 w - - 0 1", "12/12/12/4k7/12/12/4K2R4/12 b - - 0 1",
    "12/12/12/4k7/11R/12/12/K6R4 b - - 0 1", "12/12/12/4k7/11R/12/12/K6R4 w - - 0 1",
    "12/12/12/4k7/12/12/12/K11 w - - 0 1", "12/12/2p9/4k7/12/5P6/12/K11 b - - 0 1",
    "12/12/12/4k7/4R7/12/12/K11 b - - 0 1", "12/12/1p10/4k7/3R8/12/12/K6R4 b - - 0 1",
    "k11/1P10/2K9/12/12/12/12/12 b - - 0 1", "7k4/5P6/6K5/12/12/12/12/12 w - - 0 1",
  } do fens[#fens + 1] = f end
  -- C-V1 the fifty-move rule ends the game but removes no move (ruling of
  -- 2026-11-27): perft counts as Fairy-Stockfish's, whose perft ignores
  -- the clock, at half-move clocks of 99, 100 and past
  oracle.clocks(fens, 6)
  local fs_hist = fairy.perft("courier", fens, DEPTH)
  -- the seed game, with Jesters written as Fairy-Stockfish's commoner;
  -- only where its bare-king rule cannot end the game within DEPTH plies
  local seed_fens, seed_fs = {}, {}
  for _, f in ipairs(fens) do
    if pieces(f, true) >= 4 and pieces(f, false) >= 4 then
      seed_fens[#seed_fens + 1] = f
      local board, rest = f:match("^(%S+)(.*)$")
      seed_fs[#seed_fs + 1] = board:gsub("[wW]", { w = "m", W = "M" }) .. rest
    end
  end
  local fs_seed = fairy.perft("courier", seed_fs, DEPTH)

  it("C-V1 samples at least 200 positions from both start positions", function()
    assert.is_true(#fens >= 200, #fens .. " positions")
    assert.equal(#fens, #fs_hist)
    assert.is_true(#seed_fens >= 200, #seed_fens .. " positions")
    assert.equal(#seed_fens, #fs_seed)
  end)

  for i, fen in ipairs(fens) do
    it("C-V1 courier_historical perft " .. DEPTH .. " equals Fairy-Stockfish: " .. fen, function()
      local ours = wg.perft(historical, T.position(historical, fen), DEPTH)
      if ours ~= fs_hist[i] then
        error(oracle.explain(historical, "courier", fen, DEPTH), 0)
      end
    end)
  end

  for i, fen in ipairs(seed_fens) do
    it("C-V2 courier perft " .. DEPTH .. " equals Fairy-Stockfish with m Jesters: " .. fen, function()
      local ours = wg.perft(courier, T.position(courier, fen), DEPTH)
      if ours ~= fs_seed[i] then
        error(oracle.explain(courier, "courier", fen, DEPTH, nil, seed_fs[i]),
              0)
      end
    end)
  end

  local start = fairy.perft("courier", { FS_START, FS_START, FS_START, FS_START }, 1)
  local depths = {}
  for d = 1, 4 do depths[d] = fairy.perft("courier", { FS_START }, d)[1] end
  for d = 1, 4 do
    it("C-V1 start position perft " .. d .. " equals Fairy-Stockfish", function()
      assert.equal(depths[d], wg.perft(historical, historical:new(), d))
    end)
  end
  it("C-V1 start position perft 4 is 500,337", function()
    assert.equal(4, #start)
    assert.equal(500337, depths[4])
    assert.equal(500337, wg.perft(historical, historical:new(), 4))
  end)
end)

describe("courier: the opening phase against Fairy-Stockfish (C-O2)", function()
  it("C-O1 perft 1 from the seed's position is 3", function()
    assert.equal(3, wg.perft(courier, T.position(courier, SEED_START), 1))
  end)

  it("C-O2 every sequence of the eight opening moves ends in Fairy-Stockfish's start", function()
    local want = T.position(courier, FS_START)
    local leaves, wrong = 0, {}
    local function walk(s)
      local text = courier:position_text(s)
      if not text:match("%S+ %S+ %S+ %S+ %S+ %S+ %S+") then  -- nothing owed
        leaves = leaves + 1
        if s:hash() ~= want:hash() or text:match("^%S+ %S+") ~= FS_START:match("^%S+ %S+") then
          wrong[#wrong + 1] = text
        end
        return
      end
      local out = courier:legal(s)
      for i = 1, out:size() do
        local m = s:mark()
        courier:play(s, out:get(i))
        walk(s)
        s:undo(m)
      end
    end
    walk(T.position(courier, SEED_START))
    assert.equal(144, leaves)  -- 12 orders a side: 4!, halved by queen-after-pawn
    assert.same({}, wrong)
  end)
end)
