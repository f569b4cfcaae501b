-- Courier Army, a German chess: the rules as ../shared/rules/courier.md gives
-- them, section by section, with rule IDs where each is implemented.
--
-- Position text is Fairy-Stockfish's FEN for `courier` (piece letters
-- p r n e b m k f w, upper case White; castling and en passant always "-"),
-- followed during the opening phase by a seventh field naming the opening
-- moves each side still owes (C-O1): A, L, G, Q for White's a-pawn, l-pawn
-- and g-pawn double steps and the queen's g1-g3; a, l, g, q for Black's.
-- The start (one line, to copy whole):
-- rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1 ALGQalgq
-- Once nothing is owed the field is left out, and the text is plain FEN.
--
-- Actions are written as Fairy-Stockfish writes moves: from-square,
-- to-square and, for a promotion, the new piece's letter (a2a4, c7c8f).
local wg = require "wargrid"
local fen = wg.fen

local game = wg.game {
  name = "courier",
  title = "Courier Army",

  -- Board and setup ----------------------------------------------------
  -- C-B1 12x8, files a-l, ranks 1-8; White (ranks 1-2) moves first.
  board = { files = 12, ranks = 8 },
  sides = { "white", "black" },

  -- Pieces (letters as Fairy-Stockfish's courier) --------------------
  -- C-P9 every piece but the pawn captures the way it moves: Betza atoms
  -- without m or c both move and capture.
  pieces = {
    pawn     = { letter = "p", moves = "fmWfcF", value = 1,          -- C-P1
                 promote = { to = "queen", zone = "last" } },         -- C-P2
    -- C-P3 Lieutenant
    rook     = { letter = "r", moves = "R", value = 5 },
    -- C-P3 Sergeant
    knight   = { letter = "n", moves = "N", value = 3 },
    -- C-P4 Corporal: exactly two squares diagonally. RULING: it leaps
    -- (the alfil); the non-leaping reading would be "nA".
    corporal = { letter = "e", moves = "A", value = 1.5 },
    -- C-P5 Captain
    courier  = { letter = "b", moves = "B", value = 3.5 },
    -- C-P6 Major
    sage     = { letter = "m", moves = "K", value = 2.5 },
    -- C-P6 as the text says
    jester   = { letter = "w", moves = "K", value = 2.5 },
    -- C-P7 Chief
    queen    = { letter = "f", moves = "F", value = 1.5 },
    -- C-P8, no castling
    king     = { letter = "k", moves = "K", royal = true },
  },

  vars = {
    owed_white = {}, owed_black = {},  -- C-O1 opening moves still owed (bits)
    -- FEN's counters: not part of the position for repetition (C-E3)
    halfmove = { hash = false },
    fullmove = { hash = false },
  },

  -- Hints for the AI: playouts end after 8 plies on material (the pieces'
  -- values), and repeating a position leads to a draw (C-E3).
  ai = { playout_depth = 8, repetition = "draw" },

  -- C-S1 the back rank a->l: Rook, Knight, Corporal, Courier, Sage, King,
  -- Medieval Queen, Jester, Courier, Corporal, Knight, Rook; pawns on 2 and 7.
  start = "rnebmkfwbenr/pppppppppppp/12/12/12/12/"
          .. "PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1 ALGQalgq",
}

local T, V = game.T, game.V
local OWED = { V.owed_white, V.owed_black }

-- Opening phase -------------------------------------------------------
-- C-O1 Before free play each player makes these four moves, one per turn,
-- in any order. Ranks are counted from the player's own side.
local OPENING = {
  { letter = "a", bit = 1, piece = T.pawn,
    file = 1, from = 2, to = 4, via = { 3 } },
  { letter = "l", bit = 2, piece = T.pawn,
    file = 12, from = 2, to = 4, via = { 3 } },
  { letter = "g", bit = 4, piece = T.pawn,
    file = 7, from = 2, to = 4, via = { 3 } },
  -- RULING: the queen's two steps need g2/g7 empty, so it follows the g-pawn
  { letter = "q", bit = 8, piece = T.queen,
    file = 7, from = 1, to = 3, via = { 2 } },
}

local function own_rank(side, r) return side == 1 and r or 9 - r end

local function square(file, side, r)
  return game.rules:at(file, own_rank(side, r))
end

local function opening_moves(s, side, owed, out)
  for _, m in ipairs(OPENING) do
    if owed & m.bit ~= 0 then
      local from, to = square(m.file, side, m.from), square(m.file, side, m.to)
      local pid = s:at(from)
      local clear = not s:at(to)
      for _, r in ipairs(m.via) do
        if s:at(square(m.file, side, r)) then clear = false end
      end
      if clear and pid and s:side_of(pid) == side
         and s:type(pid) == m.piece then
        out:add(wg.MOVE, from, to)
      end
    end
  end
end

local function opening_bit(side, from, to)
  for _, m in ipairs(OPENING) do
    if square(m.file, side, m.from) == from
       and square(m.file, side, m.to) == to then
      return m.bit
    end
  end
  return 0
end

-- Legal actions -------------------------------------------------------
function game:actions(s, out)
  if s:repetitions() >= 2 then return end   -- C-E3 the game is over: a draw
  local side = s:side()
  local owed = s:var(OWED[side])
  -- C-O1 while a player owes opening moves, no other move is legal.
  -- RULING?: "the phase" is each player's own: one who owes nothing (only
  -- possible in a hand-made position) plays freely.
  if owed ~= 0 then
    opening_moves(s, side, owed, out)
  else
    s:trace(out, side)                      -- C-P1..C-P9
  end
  -- C-E1 no move may leave the king attacked
  s:keep_royal_safe(out)
end

-- Effects -------------------------------------------------------------
function game:play(s, a)
  local _, from, to = wg.fields(a)
  local side = s:side()
  local pawn = s:type(s:at(from)) == T.pawn
  local captured = s:apply_move(a)          -- C-P9 capture; C-P2 promotion
  local owed = s:var(OWED[side])
  if owed ~= 0 then
    s:set_var(OWED[side], owed & ~opening_bit(side, from, to))  -- C-O1
  end
  s:set_var(V.halfmove, (pawn or captured) and 0 or s:var(V.halfmove) + 1)
  if side == 2 then s:set_var(V.fullmove, s:var(V.fullmove) + 1) end
  s:end_turn()
end

-- End of game ---------------------------------------------------------
function game:result(s)
  if s:repetitions() >= 2 then return 0, "threefold repetition" end  -- C-E3
  local side = s:side()
  -- C-E2 a player with no legal move loses: checkmate, and RULING:
  -- stalemate too.
  if s:in_check(side) then return 3 - side, "checkmate" end
  return 3 - side, "stalemate"
end

-- For the AI: the tree tries captures first, the most valuable victim first.
local keys = {}
function game:order(s, out)
  for i = 1, out:size() do
    local _, _, to = wg.fields(out:get(i))
    local victim = s:at(to)
    keys[i] = victim and self.def.pieces[self.type_names[s:type(victim)]].value
              or 0
  end
  out:order(keys)
end

-- Position text ---------------------------------------------------------
function game:position_text(s)
  local fields = {
    fen.write_board(self, s),
    s:side() == 1 and "w" or "b", "-", "-",
    tostring(s:var(V.halfmove)), tostring(s:var(V.fullmove)),
  }
  local owed = ""
  for side = 1, 2 do
    for _, m in ipairs(OPENING) do
      if s:var(OWED[side]) & m.bit ~= 0 then
        owed = owed .. (side == 1 and m.letter:upper() or m.letter)
      end
    end
  end
  if owed ~= "" then fields[#fields + 1] = owed end
  return table.concat(fields, " ")
end

local function count(text)
  if not text:match("^%d+$") then return nil end
  return tonumber(text)
end

function game:set_position(s, text)
  local f = fen.split(text)
  if #f < 2 or #f > 7 then
    return nil, "expected a board, a side to move (w or b) "
                .. "and up to five more fields"
  end
  local ok, err = fen.read_board(self, s, f[1])
  if not ok then return nil, err end
  if f[2] ~= "w" and f[2] ~= "b" then
    return nil, string.format("side to move '%s': expected w or b", f[2])
  end
  s:set_side(f[2] == "w" and 1 or 2)
  if (f[3] or "-") ~= "-" then
    return nil, "castling rights must be '-' (no castling, C-P8)"
  end
  if (f[4] or "-") ~= "-" then
    return nil, "en passant must be '-' (no en passant, C-P1)"
  end
  local half, full = count(f[5] or "0"), count(f[6] or "1")
  if not half then
    return nil, string.format("half-move clock '%s' is not a number", f[5])
  end
  if not full or full < 1 then
    return nil, string.format("move number '%s' is not a positive number", f[6])
  end
  s:set_var(V.halfmove, half)
  s:set_var(V.fullmove, full)
  -- one king a side, no pawn on its last rank
  for side = 1, 2 do
    local kings = s:count(side, T.king)
    local name = self.sides[side]
    if kings ~= 1 then
      return nil, string.format("%s must have one king, not %d", name, kings)
    end
    for _, pid in ipairs(s:pieces(side)) do
      local t, _, sq = s:piece(pid)
      local _, r = self.rules:coords(sq)
      if t == T.pawn and own_rank(side, r) == 8 then
        return nil, string.format("a %s pawn stands on its last rank (%s)",
                                  name, self.rules:name(sq))
      end
    end
  end
  local owed = f[7] and f[7] ~= "-" and f[7] or ""
  for ch in owed:gmatch(".") do
    local side = ch:match("%u") and 1 or 2
    local m
    for _, o in ipairs(OPENING) do if o.letter == ch:lower() then m = o end end
    if not m then
      return nil, string.format("owed opening moves '%s': '%s' is not one "
                                .. "of ALGQalgq", owed, ch)
    end
    if s:var(OWED[side]) & m.bit ~= 0 then
      return nil, string.format("owed opening moves '%s' name '%s' twice",
                                owed, ch)
    end
    local pid = s:at(square(m.file, side, m.from))
    if not pid or s:type(pid) ~= m.piece or s:side_of(pid) ~= side then
      return nil, string.format("'%s' is owed but no %s %s stands on %s", ch,
        self.sides[side], self.type_names[m.piece],
        self.rules:name(square(m.file, side, m.from)))
    end
    s:set_var(OWED[side], s:var(OWED[side]) | m.bit)
  end
  if s:in_check(3 - s:side()) then
    return nil, string.format("%s, not to move, is in check",
                              self.sides[3 - s:side()])
  end
  return true
end

return game
