-- Courier Army, a German chess: the rules as its rulebook (rules.md, beside
-- this file) gives them, section by section, with rule IDs where each is
-- implemented. The other files of the folder hold what is not a rule:
-- text.lua the notation and position text, why.lua the reasons an action
-- is illegal, look.lua the pictures, ai.lua the AI's evaluation.
local wg = require "wargrid"

-- The keys of Courier's declaration beyond every game's (wargrid.schema).
local KEYS = {
  opening = { type = "list", rule = "C-O1",
              help = "the moves each player makes, one a turn, before free "
                     .. "play",
              each = { type = "table", help = "an opening move", fields = {
                letter = { type = "string",
                           help = "its letter in position text's 7th field" },
                piece = { type = "string",
                          help = "the piece type that makes it" },
                file = { type = "string", help = "its file (a letter)" },
                from = { type = "integer",
                         help = "the rank it leaves, from the player's side" },
                to = { type = "integer",
                       help = "the rank it reaches, from the player's side" },
              } } },
}

local game = wg.game {
  name = "courier",
  keys = KEYS,
  title = "Courier Army",

  -- Board and setup ----------------------------------------------------
  -- C-B1 12x8, files a-l, ranks 1-8; White (ranks 1-2) moves first.
  board = { files = 12, ranks = 8 },
  sides = { "white", "black" },

  -- Pieces (letters as Fairy-Stockfish's courier) --------------------
  -- C-P9 every piece but the pawn captures the way it moves: Betza atoms
  -- without m or c both move and capture. `rule` is the rule a piece's
  -- moves follow, cited when a move is not one of them.
  pieces = {
    pawn     = { letter = "p", moves = "fmWfcF", value = 1,
                 rule = "C-P1",
                 promote = { to = "queen", zone = "last" },           -- C-P2
                 look = { glyph = "pawn" } },
    -- C-P3 Lieutenant
    rook     = { letter = "r", moves = "R", value = 5, rule = "C-P3",
                 look = { glyph = "rook" } },
    -- C-P3 Sergeant
    knight   = { letter = "n", moves = "N", value = 3, rule = "C-P3",
                 look = { glyph = "knight" } },
    -- C-P4 Corporal: exactly two squares diagonally. RULING: it leaps
    -- (the alfil); the non-leaping reading would be "nA".
    corporal = { letter = "e", moves = "A", value = 1.5, rule = "C-P4",
                 look = { glyph = "corporal" } },
    -- C-P5 Captain
    courier  = { letter = "b", moves = "B", value = 3.5, rule = "C-P5",
                 look = { glyph = "bishop" } },
    -- C-P6 Major
    sage     = { letter = "m", moves = "K", value = 2.5, rule = "C-P6",
                 look = { glyph = "sage" } },
    -- C-P6 as the text says
    jester   = { letter = "w", moves = "K", value = 2.5, rule = "C-P6",
                 look = { glyph = "jester" } },
    -- C-P7 Chief
    queen    = { letter = "f", moves = "F", value = 1.5, rule = "C-P7",
                 look = { glyph = "ferz", label = "queen (ferz)" } },
    -- C-P8, no castling
    king     = { letter = "k", moves = "K", royal = true, rule = "C-P8",
                 look = { glyph = "king" } },
  },

  vars = {
    owed_white = {}, owed_black = {},  -- C-O1 opening moves still owed (bits)
    -- FEN's counters: not part of the position for repetition (C-E3)
    halfmove = { hash = false },
    fullmove = { hash = false },
  },

  -- C-O1 Before free play each player makes these four moves, one per turn,
  -- in any order: as data a variant may change. Each names its letter in
  -- position text (upper case for White), the piece that makes it, its file,
  -- and the ranks it moves from and to, counted from the player's own side;
  -- it goes straight forward, over empty squares only.
  opening = {
    { letter = "a", piece = "pawn", file = "a", from = 2, to = 4 },
    { letter = "l", piece = "pawn", file = "l", from = 2, to = 4 },
    { letter = "g", piece = "pawn", file = "g", from = 2, to = 4 },
    -- RULING: the queen's two steps need g2/g7 empty, so it follows the
    -- g-pawn
    { letter = "q", piece = "queen", file = "g", from = 1, to = 3 },
  },

  -- The phases: the opening (C-O1) while the player to move owes opening
  -- moves -- RULING: the phase is each player's own: one who owes nothing
  -- (only in a hand-made position) plays freely -- then free play.
  phases = {
    { name = "opening", rule = "C-O1", actions = "opening_actions",
      ends = { var = { "owed_white", "owed_black" }, is = 0 }, next = "play",
      help = "each player first makes the opening moves, one a turn, in "
             .. "any order, and no other move" },
    { name = "play", rule = "C-E1", actions = "free_actions",
      help = "every piece moves by its pattern; no move may leave one's "
             .. "own king attacked" },
  },

  -- Records are PGN as XBoard and pychess write Courier (wargrid.replay):
  -- moves in SAN with the letters above, [Variant "courier"], the start in
  -- [FEN].
  pgn = { variant = "courier" },
  -- Not an engine game: its opening phase (C-O1) owes fixed double steps
  -- and the queen's leap, one a turn, which XBoard's piece definitions
  -- cannot describe.
  engine = { refused = "its opening phase (C-O1) owes fixed double steps "
                       .. "and the queen's leap, one a turn, which XBoard's "
                       .. "piece definitions cannot describe "
                       .. "(courier_historical is XBoard's courier)" },

  -- The AI searches alpha-beta (ai.lua); repeating a position leads to a
  -- draw (C-E3). MCTS, when asked for, ends its playouts after 8 plies.
  ai = { search = "alphabeta", playout_depth = 8, repetition = "draw" },

  -- C-S1 the back rank a->l: Rook, Knight, Corporal, Courier, Sage, King,
  -- Medieval Queen, Jester, Courier, Corporal, Knight, Rook; pawns on 2 and 7.
  start = "rnebmkfwbenr/pppppppppppp/12/12/12/12/"
          .. "PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1 ALGQalgq",
}

-- Ranks counted from the side's own edge.
function game:own_rank(side, r)
  return side == 1 and r or self.ranks + 1 - r
end

-- Opening phase (C-O1) ------------------------------------------------
-- The opening moves of the declaration, each with its bit in the owed
-- vars, piece type, and for each side the squares it moves from and to and
-- those between; or nil and what makes one impossible.
local function compile_opening(self)
  local o, seen = {}, {}
  for i, m in ipairs(self.def.opening or {}) do
    local letter = type(m.letter) == "string" and m.letter:lower()
    local what = string.format("C-O1 the opening move '%s'",
                               tostring(m.letter))
    if not (letter and letter:match("^%l$")) or seen[letter] then
      return nil, what .. " needs a letter of its own"
    end
    seen[letter] = true
    local piece = self.T[m.piece]
    if not piece then
      return nil, string.format("%s names the piece type '%s', which the "
                                .. "game has not", what, tostring(m.piece))
    end
    local file = type(m.file) == "string" and m.file:match("^%l$")
                 and m.file:byte() - 96
    if not file or file > self.files then
      return nil, string.format("%s names file %s, off the board (%d files)",
                                what, tostring(m.file), self.files)
    end
    for _, key in ipairs { "from", "to" } do   -- either may be missing
      local r = m[key]
      if math.type(r) ~= "integer" or r < 1 or r > self.ranks then
        return nil, string.format("%s names rank %s, off the board (%d "
                                  .. "ranks)", what, tostring(r), self.ranks)
      end
    end
    if m.to <= m.from then
      return nil, string.format("%s goes from rank %d to rank %d, not "
                                .. "forward", what, m.from, m.to)
    end
    local move = { letter = letter, bit = 1 << (i - 1), piece = piece,
                   from = {}, to = {}, via = {} }
    for side = 1, 2 do
      local function at(r)
        return self.rules:at(file, self:own_rank(side, r))
      end
      move.from[side], move.to[side], move.via[side] = at(m.from), at(m.to), {}
      for r = m.from + 1, m.to - 1 do
        move.via[side][#move.via[side] + 1] = at(r)
      end
    end
    o[i] = move
  end
  return o
end

-- What the rules compile once: the opening moves, when the phase is in
-- force (a variant without it owes none).
function game:prepare()
  local opening = {}
  if self.P.opening then opening = assert(compile_opening(self)) end
  return { opening = opening }
end

-- game:opening() -> the compiled opening moves (C-O1)
function game:opening()
  return (self.prepared_data or self:prepared()).opening
end

-- game:owed_var(side) -> the counter of the opening moves side owes
function game:owed_var(side)
  return side == 1 and self.V.owed_white or self.V.owed_black
end

-- game:opening_bit(side, from, to) -> the bit of the opening move from-to
-- of side, or 0
function game:opening_bit(side, from, to)
  for _, m in ipairs((self.prepared_data or self:prepared()).opening) do
    if m.from[side] == from and m.to[side] == to then return m.bit end
  end
  return 0
end

-- The royal piece types (C-E1, C-P8): the king, unless a variant says
-- otherwise.
function game:royals()
  local out = {}
  for name, id in pairs(self.T) do
    if self.def.pieces[name].royal then out[#out + 1] = id end
  end
  return out
end

-- A declaration a variant leaves impossible: an opening move off the board
-- or made by a piece the game has not (C-O1, while its phase is in force);
-- no king, or more than one kind (C-E1).
function game:validate()
  if self.P.opening then
    local _, err = compile_opening(self)
    if err then return nil, err .. ": override opening in the variant" end
  end
  local n = #self:royals()
  if n ~= 1 then
    return nil, string.format("C-E1 the game needs one royal piece type "
                              .. "(royal = true), not %d: keep one king in "
                              .. "the variant", n)
  end
  return true
end

-- Legal actions -------------------------------------------------------
-- The primitives actions and play call at every node, held in locals
-- (wg.State): no lookup in the state's metatable a call.
local State = wg.State
local repetitions, side_to_move, get_var = State.repetitions, State.side,
                                           State.var
local trace_safe, keep_royal_safe = State.trace_safe, State.keep_royal_safe
local apply_move, set_var, add_var = State.apply_move, State.set_var,
                                     State.add_var
local end_turn = State.end_turn

-- C-O1 while a player owes opening moves, no other move is legal: each
-- owed move goes straight forward over empty squares. C-E1 none may leave
-- the king attacked.
function game:opening_actions(s, out)
  if repetitions(s) >= 2 then return end    -- C-E3 the game is over: a draw
  local side, V = side_to_move(s), self.V
  local owed = get_var(s, side == 1 and V.owed_white or V.owed_black)
  local opening = (self.prepared_data or self:prepared()).opening
  for _, m in ipairs(opening) do
    if owed & m.bit ~= 0 then
      local from, to = m.from[side], m.to[side]
      local pid = s:at(from)
      local clear = not s:at(to)
      for _, sq in ipairs(m.via[side]) do
        if s:at(sq) then clear = false end
      end
      if clear and pid and s:side_of(pid) == side
         and s:type(pid) == m.piece then
        out:add(wg.MOVE, from, to)
      end
    end
  end
  keep_royal_safe(s, out)
end

-- C-P1..C-P9 every piece's pattern moves, and C-E1 none that leaves the
-- king attacked.
function game:free_actions(s, out)
  if repetitions(s) >= 2 then return end    -- C-E3 the game is over: a draw
  trace_safe(s, out, side_to_move(s))
end

-- Effects -------------------------------------------------------------
function game:play(s, a)
  local V = self.V
  -- C-P9 capture; C-P2 promotion
  local captured, mover, side = apply_move(s, a)
  local owed_here = side == 1 and V.owed_white or V.owed_black
  local owed = get_var(s, owed_here)
  if owed ~= 0 then                         -- C-O1
    local _, from, to = wg.fields(a)
    set_var(s, owed_here, owed & ~self:opening_bit(side, from, to))
  end
  if captured or mover == self.T.pawn then
    set_var(s, V.halfmove, 0)
  else
    add_var(s, V.halfmove, 1)
  end
  if side == 2 then add_var(s, V.fullmove, 1) end
  end_turn(s)
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

return game:include(require "courier.text", require "courier.why",
                    require "courier.look", require "courier.ai")
