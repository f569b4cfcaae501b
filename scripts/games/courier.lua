-- Courier Army, a German chess: the rules as its rulebook (courier.md, beside
-- this file) gives them, section by section, with rule IDs where each is
-- implemented.
--
-- Position text is Fairy-Stockfish's FEN for `courier` (piece letters
-- p r n e b m k f w, upper case White; castling and en passant always "-"),
-- followed during the opening phase by a seventh field naming the opening
-- moves each side still owes (C-O1): A, L, G, Q for White's a-pawn, l-pawn
-- and g-pawn double steps and the queen's g1-g3; a, l, g, q for Black's.
-- The start (one line, to copy whole):
-- luacheck: push no max line length
-- rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1 ALGQalgq
-- luacheck: pop
-- Once nothing is owed the field is left out, and the text is plain FEN.
--
-- Actions are written as Fairy-Stockfish writes moves: from-square,
-- to-square and, for a promotion, the new piece's letter (a2a4, c7c8f).
local wg = require "wargrid"
local fen = wg.fen

-- The keys of Courier's declaration beyond every game's (wargrid.schema).
local KEYS = {
  opening = { type = "list",
              help = "C-O1 the moves each player makes, one a turn, before "
                     .. "free play",
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
                 look = { glyph = "queen" } },
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

  -- Records are PGN as XBoard and pychess write Courier (wargrid.replay):
  -- moves in SAN with the letters above, [Variant "courier"], the start in
  -- [FEN].
  pgn = { variant = "courier" },

  -- The AI searches alpha-beta (game:evaluate, game:forcing below);
  -- repeating a position leads to a draw (C-E3). MCTS, when asked for,
  -- ends its playouts after 8 plies on game:evaluate.
  ai = { search = "alphabeta", playout_depth = 8, repetition = "draw" },

  -- C-S1 the back rank a->l: Rook, Knight, Corporal, Courier, Sage, King,
  -- Medieval Queen, Jester, Courier, Corporal, Knight, Rook; pawns on 2 and 7.
  start = "rnebmkfwbenr/pppppppppppp/12/12/12/12/"
          .. "PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1 ALGQalgq",
}

-- Ranks counted from the side's own edge.
local function own_rank(self, side, r)
  return side == 1 and r or self.ranks + 1 - r
end

-- Opening phase -------------------------------------------------------
-- The opening moves of the declaration (self.def.opening), each with its
-- bit in the owed vars, piece type, and for each side the squares it moves
-- from and to and those between; or nil and what makes one impossible.
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
        return self.rules:at(file, own_rank(self, side, r))
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

local function opening(self)
  local o = rawget(self, "courier_opening")
  if not o then
    local err
    o, err = compile_opening(self)
    if not o then error(err, 0) end
    self.courier_opening = o
  end
  return o
end

local function owed_var(self, side)
  return side == 1 and self.V.owed_white or self.V.owed_black
end

local function opening_moves(self, s, side, owed, out)
  for _, m in ipairs(opening(self)) do
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
end

local function opening_bit(self, side, from, to)
  for _, m in ipairs(opening(self)) do
    if m.from[side] == from and m.to[side] == to then return m.bit end
  end
  return 0
end

-- Help: the moves' notation and C-O1's opening phase, told from the
-- declaration's opening moves, so that a variant's help lists its own.
function game:notation()
  local text = wg.help.moves(self)
  local moves = opening(self)
  if #moves == 0 then return text end
  local r = self.rules
  local lines = { text, "", wg.help.wrap(string.format(
    "Opening phase (C-O1): before free play each player makes these %s "
    .. "moves, one a turn, in any order, and no other move until it has made "
    .. "all of its own:", wg.help.number(#moves)), "") }
  for _, m in ipairs(moves) do
    local says = string.format("the %s %s squares straight forward",
                               self.type_names[m.piece],
                               wg.help.number(#m.via[1] + 1))
    for _, sq in ipairs(m.via[1]) do
      for _, o in ipairs(moves) do
        if o.from[1] == sq then
          says = string.format("%s; it needs %s empty, so it follows %s%s",
                               says, r:name(sq), r:name(sq),
                               r:name(o.to[1]))
        end
      end
    end
    lines[#lines + 1] = wg.help.wrap(says, string.rep(" ", 14),
      string.format("  %s  %s  ", r:name(m.from[1]) .. r:name(m.to[1]),
                    r:name(m.from[2]) .. r:name(m.to[2])))
  end
  local s = self:new()
  if s and s:var(owed_var(self, s:side())) ~= 0 then
    lines[#lines + 1] = wg.help.wrap(string.format(
      "So %s's first move is one of %s.", wg.help.capital(self.sides[s:side()]),
      wg.help.list(self:action_texts(s), "or")), "")
  elseif s then
    lines[#lines + 1] = wg.help.wrap(self.title .. " starts after the "
                                     .. "opening phase: these moves are made.",
                                     "")
  end
  return table.concat(lines, "\n")
end

-- The royal piece types (C-E1, C-P8): the king, unless a variant says
-- otherwise.
local function royals(self)
  local out = {}
  for name, id in pairs(self.T) do
    if self.def.pieces[name].royal then out[#out + 1] = id end
  end
  return out
end

-- A declaration a variant leaves impossible: an opening move off the board
-- or made by a piece the game has not (C-O1); no king, or more than one
-- kind (C-E1).
function game:validate()
  local _, err = compile_opening(self)
  if err then return nil, err .. ": override opening in the variant" end
  local n = #royals(self)
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

function game:actions(s, out)
  if repetitions(s) >= 2 then return end    -- C-E3 the game is over: a draw
  local side, V = side_to_move(s), self.V
  local owed = get_var(s, side == 1 and V.owed_white or V.owed_black)
  -- C-O1 while a player owes opening moves, no other move is legal.
  -- RULING: the phase is each player's own: one who owes nothing (only
  -- possible in a hand-made position) plays freely.
  -- C-E1 no move may leave the king attacked
  if owed ~= 0 then
    opening_moves(self, s, side, owed, out)
    keep_royal_safe(s, out)
  else
    trace_safe(s, out, side)                -- C-P1..C-P9, and C-E1
  end
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
    set_var(s, owed_here, owed & ~opening_bit(self, side, from, to))
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

-- Why an action is illegal ------------------------------------------------
-- The game's own reasons; game:explain asks after the generic ones (g, or
-- nil when no generic reason forbids the move): the end of the game (C-E2,
-- C-E3), the opening moves owed (C-O1), a pawn's double step (C-P1), the
-- promotion (C-P2); and which of its rules the generic reasons fall under:
-- a capture of one's own piece (C-P9), a king left attacked (C-E1), a
-- move of no piece of the mover's (C-B1: White and Black in turn, each
-- moving their own pieces).
local why = wg.why

-- C-O1 the opening moves the side still owes, as text, and the one p
-- makes, if it is one of them
local function owed_moves(self, s, side, p)
  local owed, texts, mine = s:var(owed_var(self, side)), {}, nil
  for _, m in ipairs(opening(self)) do
    if owed & m.bit ~= 0 then
      texts[#texts + 1] = self.rules:name(m.from[side])
                          .. self.rules:name(m.to[side])
      if m.from[side] == p.from and m.to[side] == p.to then mine = m end
    end
  end
  return texts, mine
end

-- An owed opening move that is not legal now: a square on its way taken
-- (RULING: the queen's move needs g2/g7 empty), or the king left attacked.
local function opening_blocked(self, s, side, p, m)
  local texts = self.rules:name(p.from) .. self.rules:name(p.to)
  local pid = s:at(p.from)
  if s:type(pid) ~= m.piece then
    return "C-O1", string.format("the opening move %s is the %s's, and %s "
                                 .. "stands on %s", texts,
                                 why.type_name(self, m.piece),
                                 why.piece(self, s, pid, side),
                                 self.rules:name(p.from))
  end
  local path = { table.unpack(m.via[side]) }
  path[#path + 1] = p.to
  for _, sq in ipairs(path) do
    if s:at(sq) then
      return "C-O1", string.format("the opening move %s goes straight "
                                   .. "forward over empty squares, and %s "
                                   .. "holds %s", texts, self.rules:name(sq),
                                   why.unit(self, s, s:at(sq), side))
    end
  end
  local g = why.exposes(self, s, side, p)
  if g then return "C-E1", g.reason end
end

function game:why(s, p, g)
  local side = s:decider()
  local kind = g and g.kind
  if kind == "over" then
    if s:repetitions() >= 2 then
      return "C-E3", "the game is over: the position has occurred three "
                     .. "times, a draw"
    end
    return "C-E2", string.format("the game is over: %s cannot move (%s) "
                                 .. "and loses", why.side(self, side),
                                 s:in_check(side) and "checkmate"
                                   or "stalemate")
  end
  if kind == "empty" or kind == "foe" then return "C-B1", g.reason end
  -- C-O1 while the side owes opening moves, nothing else is legal
  local owed, mine = owed_moves(self, s, side, p)
  if #owed > 0 then
    if mine then return opening_blocked(self, s, side, p, mine) end
    return "C-O1", string.format("%s still owes the opening moves %s",
                                 why.side(self, side),
                                 table.concat(owed, ", "))
  end
  if kind == "pattern" and s:type(s:at(p.from)) == self.T.pawn then
    local f1, r1 = self.rules:coords(p.from)
    local f2, r2 = self.rules:coords(p.to)
    if f1 == f2 and r2 - r1 == (side == 1 and 2 or -2) then
      return "C-P1", string.format("%s moves one square forward: the "
                                   .. "double step is only an opening move "
                                   .. "(C-O1)", why.piece(self, s,
                                                          s:at(p.from), side))
    end
  end
  if kind == "promotion" then return "C-P2", g.reason end
  if kind == "own" then return "C-P9", g.reason end
  if kind == "royal" then return "C-E1", g.reason end   -- the king attacked
end


-- For the AI ------------------------------------------------------------
-- The pieces' values and, for each side, type and square, what a piece
-- standing there is worth (in pawns): its value and the square's worth for
-- it. Once per game (a variant has its own).
local function ai_tables(self)
  local t = rawget(self, "courier_ai")
  if t then return t end
  t = { value = {}, square = { {}, {} } }
  local cf, cr = (self.files + 1) / 2, (self.ranks + 1) / 2
  -- C-P1..C-P7 the short-stepping pieces gain most from the centre, where
  -- they reach the most squares; the rook's reach hardly depends on it
  local centre = { knight = 0.3, sage = 0.3, jester = 0.3, queen = 0.2,
                   corporal = 0.15, courier = 0.15, rook = 0.05 }
  for name, id in pairs(self.T) do
    t.value[id] = self.def.pieces[name].value or 0
    for side = 1, 2 do
      local sq = {}
      for r = 1, self.ranks do
        local own = own_rank(self, side, r)
        for f = 1, self.files do
          local near = 1 - (math.abs(f - cf) / cf + math.abs(r - cr) / cr) / 2
          local v = (centre[name] or 0) * near
          if id == self.T.pawn then
            -- C-P2 a pawn nearer the far rank is nearer its promotion, and
            -- the centre pawns hold the most ground
            v = 0.03 * (own - 2) * (1 + near) + (own == self.ranks - 1
                                                  and 0.2 or 0)
          elseif self.def.pieces[name].royal then
            v = -0.1 * (own - 1)   -- C-E1 the king is safest at home
          end
          sq[self.rules:at(f, r)] = t.value[id] + v
        end
      end
      t.square[side][id] = sq
    end
  end
  t.square = self.rules:piece_squares(t.square)  -- for s:material
  self.courier_ai = t
  return t
end

-- The search tries captures first, the most valuable victim first, then
-- the least valuable attacker, then a promotion, worth its new piece (C-P9,
-- C-P2); returns how many actions are captures or promotions.
function game:order(s, out)
  return s:order_captures(out, ai_tables(self).value, true)
end

-- Quiescence searches the forcing actions: captures and promotions (C-P9,
-- C-P2); in check every legal action (C-E1), and then true. The opening
-- moves (C-O1) capture nothing.
function game:forcing(s, out)
  local side = s:side()
  if s:in_check(side) then
    self:actions(s, out)
    return true
  end
  if s:var(owed_var(self, side)) ~= 0 then return false end
  s:trace(out, side, wg.MOVE, "capture")
  s:trace(out, side, wg.MOVE, "promotion", 1 << self.T.pawn)
  s:keep_royal_safe(out)
  self:order(s, out)
  return false
end

-- The search's evaluation, for `side`: material, where each piece stands,
-- and mobility (the moves each side's pieces have, legal or not) -- the
-- side with more ways to move has more ways to checkmate (C-E2).
function game:evaluate(s, side)
  local sum = s:material(ai_tables(self).square, side)
  return sum + 0.03 * (s:mobility(side) - s:mobility(3 - side))
end

-- Position text ---------------------------------------------------------
-- FEN's fields; castling and en passant are always "-" (C-P8, C-P1).
local FORM = { sides = { "w", "b" }, fields = 7, counters = 5,
               more = "up to five more fields" }

-- The owed opening moves' letters, upper case White's: "ALGQalgq".
local function owed_text(self, owed)
  local text = ""
  for side = 1, 2 do
    for _, m in ipairs(opening(self)) do
      if owed[side] & m.bit ~= 0 then
        text = text .. (side == 1 and m.letter:upper() or m.letter)
      end
    end
  end
  return text
end

function game:position_text(s)
  local owed = owed_text(self, { s:var(owed_var(self, 1)),
                                 s:var(owed_var(self, 2)) })
  return fen.write_position(self, s, FORM, "-", "-", owed ~= "" and owed
                                                      or nil)
end

-- One king a side, no pawn on its last rank; nil, or what is wrong.
local function check_board(self, s)
  local king = royals(self)[1]
  for side = 1, 2 do
    local kings = s:count(side, king)
    local name = self.sides[side]
    if kings ~= 1 then
      return string.format("%s must have one %s, not %d", name,
                           self.type_names[king], kings)
    end
    for _, pid in ipairs(s:pieces(side)) do
      local t, _, sq = s:piece(pid)
      local _, r = self.rules:coords(sq)
      if t == self.T.pawn and own_rank(self, side, r) == self.ranks then
        return string.format("a %s pawn stands on its last rank (%s)", name,
                             self.rules:name(sq))
      end
    end
  end
end

-- C-O1 the seventh field: the opening moves each side still owes.
local function read_owed(self, s, text)
  local all = owed_text(self, { -1, -1 })
  local shown = wg.text.short(text)
  for ch in text:gmatch(".") do
    local side = ch:match("%u") and 1 or 2
    local m
    for _, o in ipairs(opening(self)) do
      if o.letter == ch:lower() then m = o end
    end
    if not m then
      if all == "" then
        return string.format("owed opening moves '%s': %s has no opening "
                             .. "moves (C-O1)", shown, self.name)
      end
      return string.format("owed opening moves '%s': %s is not one of %s",
                           shown, wg.text.quote(ch), all)
    end
    local var = owed_var(self, side)
    if s:var(var) & m.bit ~= 0 then
      return string.format("owed opening moves '%s' name '%s' twice", shown,
                           ch)
    end
    local pid = s:at(m.from[side])
    if not pid or s:type(pid) ~= m.piece or s:side_of(pid) ~= side then
      return string.format("'%s' is owed but no %s %s stands on %s", ch,
                           self.sides[side], self.type_names[m.piece],
                           self.rules:name(m.from[side]))
    end
    s:set_var(var, s:var(var) | m.bit)
  end
end

function game:set_position(s, text)
  local f, err = fen.read_position(self, s, text, FORM)
  if not f then return nil, err end
  if (f[3] or "-") ~= "-" then
    return nil, "castling rights must be '-' (no castling, C-P8)"
  end
  if (f[4] or "-") ~= "-" then
    return nil, "en passant must be '-' (no en passant, C-P1)"
  end
  err = check_board(self, s)
        or read_owed(self, s, f[7] and f[7] ~= "-" and f[7] or "")
  if err then return nil, err end
  if s:in_check(3 - s:side()) then
    return nil, string.format("%s, not to move, is in check",
                              self.sides[3 - s:side()])
  end
  return true
end

return game
