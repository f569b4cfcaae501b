-- Janggi, Korean chess: the rules as its rulebook (rules.md, in this
-- folder) gives them, section by section, with rule IDs where each is
-- implemented. The end of the game follows Fairy-Stockfish's `janggi`:
-- bikjang, two passes and the fifty-move rule end it by counting.
--
-- Blue (Cho, side 1, upper case, ranks 1-3, moves first) against Red (Han,
-- side 2, lower case). Pieces stand on the points of 9 files and 10 ranks;
-- each palace has its diagonal lines, along which some pieces move.
--
-- This file holds the rules. The folder holds the rest: the position text
-- and the notation (janggi/text.lua), why an action is illegal
-- (janggi/why.lua), the pictures (janggi/look.lua) and the AI's evaluation
-- (janggi/ai.lua).
local wg = require "wargrid"
local look = require "janggi.look"
local L = look.pieces

-- Board ------------------------------------------------------------------
-- J-B2 each side's palace, the 3x3 points in the middle of its first
-- three ranks (patterns are written for Blue: Red reads the mirror)
local function palace(_, _, file, rank)
  return file >= 4 and file <= 6 and rank <= 3
end
local function palace_red(_, _, file, rank)
  return file >= 4 and file <= 6 and rank >= 8
end
-- J-B3 the palace lines: the corners and the centre of both palaces,
-- joined by the diagonals
local function lines(_, _, file, rank)
  local r = rank <= 3 and rank or rank >= 8 and rank - 7
  if not r or file < 4 or file > 6 then return false end
  return (file == 5) == (r == 2)
end

-- J-P6 a cannon never jumps over a cannon, nor captures one
local function cannon(betza, within)
  return { betza, within = within, screen_not = "cannon",
           not_capture = "cannon" }
end

-- J-P1, J-P2 one point along the lines, within the palace
local PALACE_STEPS = { { "W", within = "palace" },
                       { "F", within = { "palace", "lines" } } }

local game = wg.game {
  name = "janggi",
  title = "Janggi",
  sides = { "blue", "red" },
  -- J-B1 9 files (a-i) by 10 ranks
  board = { files = 9, ranks = 10, layers = {
    palace = { squares = palace, mirror = "palace_red", rule = "J-B2",
               label = "palace" },
    palace_red = { squares = palace_red, mirror = "palace", rule = "J-B2",
                   label = "palace" },
    lines = { squares = lines, rule = "J-B3", label = "palace lines",
              look = look.lines },
  } },
  look = look.board,

  -- Pieces (letters as Fairy-Stockfish's janggi) -----------------------
  pieces = {
    general = { letter = "k", royal = true, rule = "J-P1",
                moves = PALACE_STEPS, look = L.general },
    guard = { letter = "a", value = 3, rule = "J-P2", moves = PALACE_STEPS,
              look = L.guard },
    -- J-P3 one point orthogonally, then two diagonally outward; a piece
    -- on either point between blocks it
    elephant = { letter = "b", moves = "nZ", value = 3, rule = "J-P3",
                 look = L.elephant },
    -- J-P4 one point orthogonally, then one diagonally outward
    horse = { letter = "n", moves = "nN", value = 5, rule = "J-P4",
              look = L.horse },
    -- J-P5 orthogonally, and along the palace lines
    chariot = { letter = "r", value = 13, rule = "J-P5",
                moves = { "R", { "B", within = "lines" } },
                look = L.chariot },
    -- J-P6 moves and captures only over exactly one piece, also along the
    -- palace lines
    cannon = { letter = "c", value = 7, rule = "J-P6",
               moves = { cannon "pR", cannon("pB", "lines") },
               look = L.cannon },
    -- J-P7 forward or sideways, and forward along the palace lines
    soldier = { letter = "p", value = 2, rule = "J-P7",
                moves = { "fsW", { "fF", within = "lines" } },
                look = L.soldier },
  },

  vars = {
    -- FEN's counters, the checks each side gave in a row (J-E4), and the
    -- passes (J-M1): not part of the position for repetition
    halfmove = { hash = false }, fullmove = { hash = false },
    checks_blue = { hash = false }, checks_red = { hash = false },
    passed = { hash = false }, passed_before = { hash = false },
    bikjang = { hash = false },
  },
  ai = { search = "alphabeta", repetition = "draw" },

  -- J-S1 Fairy-Stockfish's start: horses inside, elephants outside
  start = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR "
          .. "w - - 0 1",
}

-- J-M1 a pass: an action of its own kind
game.PASS = 2

require("janggi.text").install(game)
require("janggi.why").install(game)
require("janggi.ai").install(game)

-- Legal actions ------------------------------------------------------------
local State = wg.State
local side_to_move, get_var, set_var, add_var = State.side, State.var,
  State.set_var, State.add_var
local trace_safe, in_check, facing = State.trace_safe, State.in_check,
  State.facing
local apply_move, mark, undo = State.apply_move, State.mark, State.undo

-- J-E2 bikjang passed on, J-E3 two passes in a row, J-E4 a position seen
-- the third time: the game is over, no move is left
local function ended(self, s)
  local V = self.V
  return get_var(s, V.bikjang) ~= 0
         or (get_var(s, V.passed) ~= 0 and get_var(s, V.passed_before) ~= 0)
         or s:repetitions() >= 2
end
game.ended = ended

-- J-E2 while the generals face each other, a move must end that
local function end_facing(s, out)
  local kept = {}
  for i = 1, out:size() do
    local a = out:get(i)
    local m = mark(s)
    apply_move(s, a)
    if not facing(s) then kept[#kept + 1] = a end
    undo(s, m)
  end
  out:clear()
  for _, a in ipairs(kept) do out:push(a) end
end

function game:actions(s, out)
  if ended(self, s) then return end
  local side = side_to_move(s)
  trace_safe(s, out, side)                 -- J-P1..J-P8, J-E1
  local face = facing(s)
  if face then end_facing(s, out) end
  -- J-M1 a pass, never in check but while the generals face each other
  if face or not in_check(s, side) then out:add(self.PASS, 0, 0) end
end

-- Effects --------------------------------------------------------------------
function game:play(s, a)
  local V = self.V
  local side = side_to_move(s)
  set_var(s, V.passed_before, get_var(s, V.passed))
  if wg.fields(a) == self.PASS then         -- J-M1
    set_var(s, V.passed, 1)
    if facing(s) then set_var(s, V.bikjang, 1) end   -- J-E2
    add_var(s, V.halfmove, 1)
  else
    set_var(s, V.passed, 0)
    if apply_move(s, a) then set_var(s, V.halfmove, 0)
    else add_var(s, V.halfmove, 1) end
  end
  if side == 2 then add_var(s, V.fullmove, 1) end
  s:end_turn()
  -- J-E4 the checks each side gave in a row
  local checks = side == 1 and V.checks_blue or V.checks_red
  if in_check(s, 3 - side) then add_var(s, checks, 1)
  else set_var(s, checks, 0) end
end

-- End of game ----------------------------------------------------------------
-- J-E5 counting: each side's pieces by their values (the declaration's);
-- Red, second to move, is given 1.5 points. Blue's pieces alone, and both
-- sides', as tables for s:material, made once.
local counts = setmetatable({}, { __mode = "k" })
function game:count(s)
  local t = counts[self]
  if not t then
    local blue, both = { {}, {} }, { {}, {} }
    for name, id in pairs(self.T) do
      local v, row = self.def.pieces[name].value or 0, {}
      for sq = 1, self.files * self.ranks do row[sq] = v end
      blue[1][id], both[1][id], both[2][id] = row, row, row
    end
    t = { self.rules:piece_squares(blue), self.rules:piece_squares(both) }
    counts[self] = t
  end
  local blue = s:material(t[1], 1)
  return { blue, blue - s:material(t[2], 1) + 1.5 }
end

local function by_count(self, s, why)
  local p = self:count(s)
  local winner = p[1] > p[2] and 1 or 2
  return winner, string.format("%s, %s on points %g to %g", why,
                               winner == 1 and "Blue" or "Red", p[1], p[2])
end

function game:result(s)
  local V = self.V
  local side = s:side()
  if s:var(V.bikjang) ~= 0 then return by_count(self, s, "bikjang") end
  if s:var(V.passed) ~= 0 and s:var(V.passed_before) ~= 0 then
    return by_count(self, s, "two passes")
  end
  if s:repetitions() >= 2 then              -- J-E4
    local span = s:repetition_span()
    local mine = s:var(side == 1 and V.checks_blue or V.checks_red)
    local theirs = s:var(side == 1 and V.checks_red or V.checks_blue)
    local us, them = mine >= span // 2, theirs >= span // 2 + 1
    if them and not us then return side, "perpetual check" end
    if us and not them then return 3 - side, "perpetual check" end
    return 0, "threefold repetition"
  end
  return 3 - side, "checkmate"              -- J-E1
end

-- J-E6 a hundred moves without a capture end the game by counting, unless
-- the side to move is checkmated; the moves are still listed and counted,
-- as Fairy-Stockfish's perft counts them (game:over)
function game:over(s)
  local V = self.V
  if s:var(V.halfmove) < 100 or ended(self, s) then return nil end
  if in_check(s, s:side()) and self:legal(s):size() == 0 then return nil end
  return by_count(self, s, "fifty-move rule")
end

return game
