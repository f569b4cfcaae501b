-- wargrid.fen: the board part of FEN-like position text.
--
-- Ranks are written from the top (the highest rank) down, separated by "/".
-- A piece is its letter, upper case for side 1 and lower case for side 2; a
-- number is that many empty squares (it may have several digits, as in
-- Fairy-Stockfish's FEN for boards wider than 9). A large piece (a type with
-- a shape) shows its letter on every square it covers; its shape must start
-- at its lowest, leftmost square, which is where it is anchored. A game may
-- give dynamic terrain layers a mark in def.board.marks (e.g. { debris =
-- "x" }): the mark stands for an empty square on which that layer is set.
local text_of = require "wargrid.text"
local quote = text_of.quote

local fen = {}

local function marks_of(game)
  local by_char, by_layer = {}, {}
  for name, ch in pairs(game.def.board and game.def.board.marks or {}) do
    local bit = game.L[name]
    by_char[ch] = bit
    by_layer[#by_layer + 1] = { bit = bit, ch = ch }
  end
  table.sort(by_layer, function(a, b) return a.bit < b.bit end)
  return by_char, by_layer
end

-- Places the large pieces from the squares showing their letters, lowest
-- square first; every square a piece covers must show its letter.
local function read_large(game, s, large)
  local squares = {}
  for sq in pairs(large) do squares[#squares + 1] = sq end
  table.sort(squares)
  for _, sq in ipairs(squares) do
    local l = large[sq]
    if not s:at(sq) then
      local name = game.type_names[l.t]
      if not s:fits(l.t, sq) then
        return nil, string.format("the %s at %s does not fit on the board",
                                  name, game.rules:name(sq))
      end
      local pid = s:add(l.t, l.side, sq)
      for _, c in ipairs(s:covers(pid)) do
        local m = large[c]
        if not m or m.t ~= l.t or m.side ~= l.side then
          return nil, string.format("the %s at %s also covers %s, "
                                    .. "which does not show it", name,
                                    game.rules:name(sq), game.rules:name(c))
        end
      end
    elseif large[sq].t ~= s:type(s:at(sq))
           or large[sq].side ~= s:side_of(s:at(sq)) then
      return nil, string.format("%s shows a piece another one covers",
                                game.rules:name(sq))
    end
  end
  return true
end

-- fen.read_board(game, s, text) -> true, or nil, message. s must be empty.
function fen.read_board(game, s, text)
  local rules = game.rules
  local by_char = marks_of(game)
  local rows, large = {}, {}
  for row in (text .. "/"):gmatch("([^/]*)/") do rows[#rows + 1] = row end
  if #rows ~= game.ranks then
    return nil, string.format("%d ranks expected, found %d", game.ranks, #rows)
  end
  for i, row in ipairs(rows) do
    local rank = game.ranks + 1 - i
    local file, pos = 1, 1
    while pos <= #row do
      local digits = row:match("^%d+", pos)
      if digits then
        local n = tonumber(digits)
        if n == 0 then
          return nil, string.format("rank %d: '0' is not a count of squares",
                                    rank)
        end
        if #digits > 2 then
          return nil, string.format("rank %d has more than %d squares", rank,
                                    game.files)
        end
        file = file + n
        pos = pos + #digits
      else
        local ch = row:sub(pos, pos)
        if file > game.files then
          return nil, string.format("rank %d has more than %d squares", rank,
                                    game.files)
        end
        local sq = rules:at(file, rank)
        local t = game.letter_type[ch:lower()]
        local side = ch == ch:upper() and 1 or 2
        if t and game.def.pieces[game.type_names[t]].shape then
          large[sq] = { t = t, side = side }
        elseif t then
          s:add(t, side, sq)
        elseif by_char[ch] then
          s:set_layer(sq, by_char[ch], true)
        else
          return nil, string.format("rank %d: unknown letter %s", rank,
                                    quote(ch))
        end
        file = file + 1
        pos = pos + 1
      end
    end
    if file ~= game.files + 1 then
      return nil, string.format("rank %d has %d squares, expected %d", rank,
                                file - 1, game.files)
    end
  end
  return read_large(game, s, large)
end

-- fen.write_board(game, s) -> text
function fen.write_board(game, s)
  local rules = game.rules
  local _, by_layer = marks_of(game)
  local rows = {}
  for rank = game.ranks, 1, -1 do
    local row, empty = {}, 0
    local function flush()
      if empty > 0 then row[#row + 1] = tostring(empty); empty = 0 end
    end
    for file = 1, game.files do
      local sq = rules:at(file, rank)
      local pid = s:at(sq)
      local ch
      if pid then
        local t, side = s:piece(pid)
        ch = game.type_letter[t]
        if side == 1 then ch = ch:upper() end
      else
        for _, m in ipairs(by_layer) do
          if s:has(sq, m.bit) then ch = m.ch end
        end
      end
      if ch then
        flush()
        row[#row + 1] = ch
      else
        empty = empty + 1
      end
    end
    flush()
    rows[#rows + 1] = table.concat(row)
  end
  return table.concat(rows, "/")
end

-- fen.split(text) -> { field, ... } separated by blanks
function fen.split(text)
  local fields = {}
  for f in text:gmatch("%S+") do fields[#fields + 1] = f end
  return fields
end

-- A game's position text, FEN-like: fields separated by blanks, the board
-- first and the side to move second, as a letter; what follows is the
-- game's own. A game describes its text once, as a form:
--   sides     the letters of side 1 and side 2: { "w", "b" }
--   fields    the most fields a text may have (default 2); fewer than two
--             is never enough
--   more      what the fields after the side to move hold, for the message
--             when there are too many or too few ("the judgement (- or r:3)")
--   counters  k: fields k and k + 1 are FEN's half-move clock and move
--             number, kept in the game's vars halfmove and fullmove; either
--             may be left out of a text (0 and 1)
--   dashes    fields that must be "-" when given, by index, named:
--             { [3] = "castling", [4] = "en passant" } for a game with
--             neither

-- The most a counter's text may say: play adds to the counters, and a
-- state's counters hold up to 2^31 - 1
local COUNTER_MAX = 999999999

local function side_letters(form)
  return form.sides[1] .. " or " .. form.sides[2]
end

-- fen.read_position(game, s, text, form) -> the text's fields, or nil and
-- what is wrong. Reads the board into s (which must be empty), the side to
-- move and the counters; the caller reads the fields that are its own.
function fen.read_position(game, s, text, form)
  local f = fen.split(text)
  if #f < 2 or #f > (form.fields or 2) then
    if form.more then
      return nil, string.format("expected a board, the side to move (%s) "
                                .. "and %s", side_letters(form), form.more)
    end
    return nil, string.format("expected a board and the side to move (%s)",
                              side_letters(form))
  end
  local ok, err = fen.read_board(game, s, f[1])
  if not ok then return nil, err end
  local side = f[2] == form.sides[1] and 1 or f[2] == form.sides[2] and 2
  if not side then
    return nil, string.format("side to move %s: expected %s (%s or %s)",
                              quote(f[2]), side_letters(form),
                              game:side_name(1),
                              game:side_name(2))
  end
  s:set_side(side)
  for i, what in pairs(form.dashes or {}) do
    if (f[i] or "-") ~= "-" then
      return nil, string.format("%s %s: %s has none, so it is '-'", what,
                                quote(f[i]), game.title or game.name)
    end
  end
  local k = form.counters
  if k then
    local counters = { { f[k] or "0", 0, "half-move clock" },
                       { f[k + 1] or "1", 1, "move number" } }
    for i, c in ipairs(counters) do
      local n, why = text_of.integer(c[1], c[2], COUNTER_MAX)
      if not n then
        return nil, string.format("%s %s: %s", c[3], quote(c[1]), why)
      end
      counters[i] = n
    end
    s:set_var(game.V.halfmove, counters[1])
    s:set_var(game.V.fullmove, counters[2])
  end
  return f
end

-- fen.royals(game, s) -> nil, or what is wrong with a chess-like game's
-- royal pieces: each side has exactly one, and the side not to move is not
-- in check (s:in_check: attacked, or facing under royal_sight)
function fen.royals(game, s)
  local royal = {}
  for name, piece in pairs(game.def.pieces) do
    if piece.royal and game.T[name] then royal[#royal + 1] = game.T[name] end
  end
  for side = 1, 2 do
    local n = 0
    for _, t in ipairs(royal) do n = n + s:count(side, t) end
    if n ~= 1 then
      return string.format("%s must have one royal piece (%s), not %d",
                           game:side_name(side),
                           game.type_names[royal[1] or 0] or "none", n)
    end
  end
  local other = 3 - s:side()
  if s:in_check(other) then
    return string.format("%s, not to move, is in check",
                         game:side_name(other))
  end
end

-- fen.write_position(game, s, form, ...) -> the text: the board, the side
-- to move, and the game's own fields (the arguments that are not nil), with
-- the counters in their place when the form has them.
function fen.write_position(game, s, form, ...)
  local fields = { fen.write_board(game, s), form.sides[s:side()] }
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    if v ~= nil then fields[#fields + 1] = v end
  end
  local k = form.counters
  if k then
    table.insert(fields, k, tostring(s:var(game.V.halfmove)))
    table.insert(fields, k + 1, tostring(s:var(game.V.fullmove)))
  end
  return table.concat(fields, " ")
end

return fen
