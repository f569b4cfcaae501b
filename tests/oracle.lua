-- tests/oracle.lua: perft against Fairy-Stockfish for the oracle specs of
-- the example games (Xiangqi, Janggi): positions of seeded random games
-- (wg.playout), and on a mismatch the moves whose counts differ.
local T = require "wargrid.test"
local wg = require "wargrid"
local fairy = require "fairy"
local natural_less = require("wargrid.game").natural_less

local oracle = {}

-- oracle.sample(game, seeds, every, clock) -> position texts: every
-- `every`-th position of the random games of the seeds, while the
-- half-move clock (the text's fifth field) stays below `clock`
function oracle.sample(game, seeds, every, clock)
  local fens = {}
  for _, seed in ipairs(seeds) do
    local s = game:new()
    local ply = 0
    wg.playout(game, s, seed, 400, function(st)
      ply = ply + 1
      local text = game:position_text(st)
      if ply % every == 0 and tonumber(wg.fen.split(text)[5]) < clock
         and game:legal(st):size() > 0 then
        fens[#fens + 1] = text
      end
    end)
  end
  return fens
end

-- oracle.clocks(fens, every) -> fens with, for every `every`-th of them,
-- the same position at half-move clocks of 99, 100 and 137: the fifty-move
-- rule ends the game there but removes no move (game:over), so perft
-- counts as Fairy-Stockfish's, whose perft ignores the clock
function oracle.clocks(fens, every)
  local n = #fens
  for i = 1, n, every do
    for _, clock in ipairs { 99, 100, 137 } do
      local f = wg.fen.split(fens[i])
      f[5] = tostring(clock)
      fens[#fens + 1] = table.concat(f, " ")
    end
  end
  return fens
end

-- each move's text and the perft below it; as_fs maps our text to
-- Fairy-Stockfish's (a pass)
local function divide(game, fen, depth, as_fs)
  local s = T.position(game, fen)
  local out, res = game:legal(s), {}
  for i = 1, out:size() do
    local a = out:get(i)
    local m = s:mark()
    local text = as_fs(s, game:action_text(s, a))
    game:play(s, a)
    res[text] = wg.perft(game, s, depth - 1)
    s:undo(m)
  end
  return res
end

-- oracle.explain(game, variant, fen, depth [, as_fs [, fs_fen]]) -> the
-- position and the moves whose counts differ, ours / Fairy-Stockfish's
-- (fs_fen: the position as Fairy-Stockfish is given it, if written
-- otherwise)
function oracle.explain(game, variant, fen, depth, as_fs, fs_fen)
  local ours = divide(game, fen, depth, as_fs or function(_, t) return t end)
  local theirs = fairy.divide(variant, fs_fen or fen, depth)
  local keys, seen = {}, {}
  for k in pairs(ours) do keys[#keys + 1] = k; seen[k] = true end
  for k in pairs(theirs) do if not seen[k] then keys[#keys + 1] = k end end
  table.sort(keys, natural_less)
  local lines = { "position: " .. fen, "move: wargrid / Fairy-Stockfish" }
  for _, k in ipairs(keys) do
    if ours[k] ~= theirs[k] then
      lines[#lines + 1] = string.format("  %s: %s / %s", k, tostring(ours[k]),
                                        tostring(theirs[k]))
    end
  end
  return table.concat(lines, "\n")
end

-- oracle.cases(rule, game, variant, fens, depth [, as_fs]) -> the cases of
-- a spec, { name, function } each (busted's `it` is the spec's own): that
-- Fairy-Stockfish answers every position, and one case a position, its
-- perft equal to Fairy-Stockfish's; `rule` starts each name
function oracle.cases(rule, game, variant, fens, depth, as_fs)
  local theirs = fairy.perft(variant, fens, depth)
  local cases = { { rule .. " Fairy-Stockfish answers every position",
                    function()
                      if #theirs ~= #fens then
                        error(string.format("%d counts for %d positions",
                                            #theirs, #fens), 0)
                      end
                    end } }
  for i, fen in ipairs(fens) do
    cases[#cases + 1] = {
      string.format("%s perft %d equals Fairy-Stockfish's: %s", rule, depth,
                    fen),
      function()
        local ours = wg.perft(game, T.position(game, fen), depth)
        if ours ~= theirs[i] then
          error(oracle.explain(game, variant, fen, depth, as_fs), 0)
        end
      end }
  end
  return cases
end

return oracle
