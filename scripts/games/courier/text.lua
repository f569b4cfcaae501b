-- Courier Army's text: the notation its help shows, and its position text.
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

local M = {}

-- Help: the moves' notation and C-O1's opening phase, told from the
-- declaration's opening moves, so that a variant's help lists its own.
function M:notation()
  local text = wg.help.moves(self)
  local moves = self:opening()
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
  if s and s:var(self:owed_var(s:side())) ~= 0 then
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

-- Position text ---------------------------------------------------------
-- FEN's fields; castling and en passant are always "-" (C-P8, C-P1).
local FORM = { sides = { "w", "b" }, fields = 7, counters = 5,
               more = "up to five more fields" }

-- The owed opening moves' letters, upper case White's: "ALGQalgq".
local function owed_text(self, owed)
  local text = ""
  for side = 1, 2 do
    for _, m in ipairs(self:opening()) do
      if owed[side] & m.bit ~= 0 then
        text = text .. (side == 1 and m.letter:upper() or m.letter)
      end
    end
  end
  return text
end

function M:position_text(s)
  local owed = owed_text(self, { s:var(self:owed_var(1)),
                                 s:var(self:owed_var(2)) })
  return fen.write_position(self, s, FORM, "-", "-", owed ~= "" and owed
                                                      or nil)
end

-- One king a side, no pawn on its last rank; nil, or what is wrong.
local function check_board(self, s)
  local king = self:royals()[1]
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
      if t == self.T.pawn and self:own_rank(side, r) == self.ranks then
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
    for _, o in ipairs(self:opening()) do
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
    local var = self:owed_var(side)
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

function M:set_position(s, text)
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

return M
