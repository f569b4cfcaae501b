-- wargrid.san: Standard Algebraic Notation, PGN's moves, for chess-like
-- games whose actions are the pattern tracer's moves (wg.MOVE: from, to,
-- promotion). Pieces are named by their upper-case letters (the game's,
-- Fairy-Stockfish's for Courier), the pawn (letter p) by none; a capture
-- has "x" (a pawn's names its file: exd5), a promotion "=F", a move that
-- gives check "+" and one that mates "#". Of two pieces of one kind that
-- can reach the square, the one moving is told by its file, else its rank,
-- else both (Nbd7, R1a3, Qh4e1), as PGN does.
--
-- Reading accepts the same, with or without "+", "#", "!" and "?", and a
-- move in coordinates as the game writes its actions (a2a4, c7c8f).
local core = require "wargrid.core"
local quote = require("wargrid.text").quote

local M = {}

local MOVE = 1  -- wg.MOVE

local function file_of(game, sq)
  local f = game.rules:coords(sq)
  return string.char(96 + f)
end

local function rank_of(game, sq)
  local _, r = game.rules:coords(sq)
  return tostring(r)
end

-- Is the move from `from` to `to` a capture (an enemy piece on `to`)?
local function captures(s, from, to)
  local target = s:at(to)
  return target ~= nil and s:side_of(target) ~= s:side_of(s:at(from))
end

-- M.write(game, s, a [, legal]) -> the action in SAN; legal: the legal
-- actions in s, when the caller has them. Actions other than moves are
-- written as the game writes them.
function M.write(game, s, a, legal)
  local kind, from, to, _, _, promo = core.fields(a)
  if kind ~= MOVE then return game:action_text(s, a) end
  local t = s:type(s:at(from))
  local capture = captures(s, from, to)
  local name = game.rules:name(to)
  local text
  if game.type_letter[t] == "p" then
    text = (capture and file_of(game, from) .. "x" or "") .. name
  else
    legal = legal or game:legal(s)
    local others, same_file, same_rank = false, false, false
    for i = 1, legal:size() do
      local k2, f2, t2 = core.fields(legal:get(i))
      if k2 == MOVE and t2 == to and f2 ~= from and s:type(s:at(f2)) == t then
        others = true
        same_file = same_file or file_of(game, f2) == file_of(game, from)
        same_rank = same_rank or rank_of(game, f2) == rank_of(game, from)
      end
    end
    local which = ""
    if others then
      which = not same_file and file_of(game, from)
              or not same_rank and rank_of(game, from)
              or game.rules:name(from)
    end
    text = game.type_letter[t]:upper() .. which .. (capture and "x" or "")
           .. name
  end
  if promo ~= 0 then text = text .. "=" .. game.type_letter[promo]:upper() end
  local m = s:mark()
  game:play(s, a)
  local check = s:in_check(s:side())
  local mate = check and game:legal(s):size() == 0
  s:undo(m)
  return text .. (mate and "#" or check and "+" or "")
end

-- The parts of a SAN text: { type =, file =, rank =, capture =, to =,
-- promo = }, or nil and what is wrong.
local function parse(game, text)
  local t = text:gsub("[!?]+$", ""):gsub("[+#]$", "")
  if t:match("^[O0]%-[O0]") then
    return nil, string.format("%s: %s has no castling", quote(text),
                              game.name)
  end
  -- the file that tells the piece is any letter but x (24 files at most)
  local letter, file, rank, x, to, promo =
    t:match("^(%u?)([a-wyz]?)(%d*)(x?)(%l%d+)=?(%a?)$")
  if not letter then
    return nil, string.format("%s is not a move in SAN (as Nf3, exd5, "
                              .. "c8=F) nor in coordinates (as a2a4)",
                              quote(text))
  end
  local p = { file = file ~= "" and file or nil,
              rank = rank ~= "" and rank or nil, capture = x == "x" }
  p.type = game.letter_type[letter == "" and "p" or letter:lower()]
  if not p.type then
    return nil, string.format("%s: %s has no piece letter %s", quote(text),
                              game.name, letter)
  end
  local err
  p.to, err = game.rules:square(to)
  if not p.to then return nil, string.format("%s: %s", quote(text), err) end
  if promo ~= "" then
    p.promo = game.letter_type[promo:lower()]
    if not p.promo then
      return nil, string.format("%s: %s has no piece letter %s",
                                quote(text), game.name, promo:upper())
    end
  end
  return p
end

local function fits(game, p, from)
  return (not p.file or file_of(game, from) == p.file)
         and (not p.rank or rank_of(game, from) == p.rank)
end

-- M.read(game, s, text) -> the legal action the text names, or nil and
-- what is wrong
function M.read(game, s, text)
  if text:match("^%l%d+%l%d+%l?$") then
    local a = game:parse_action(s, text)
    if a then return a end
  end
  local p, err = parse(game, text)
  if not p then return nil, err end
  local legal = game:legal(s)
  local plain, promoting = {}, {}
  for i = 1, legal:size() do
    local a = legal:get(i)
    local kind, from, to, _, _, promo = core.fields(a)
    if kind == MOVE and to == p.to and s:type(s:at(from)) == p.type
       and fits(game, p, from) and captures(s, from, to) == p.capture
       and (not p.promo or promo == p.promo) then
      local list = promo == 0 and plain or promoting
      list[#list + 1] = a
    end
  end
  -- a promotion may leave out its piece when there is one choice
  local found = #plain > 0 and plain or promoting
  if #found == 1 then return found[1] end
  if #found == 0 then
    return nil, string.format("%s is not a legal move here", quote(text))
  end
  local names = {}
  for i, a in ipairs(found) do names[i] = game:action_text(s, a) end
  table.sort(names)
  return nil, string.format("%s is ambiguous here (%s)", quote(text),
                            table.concat(names, ", "))
end

-- M.guess(game, s, text) -> the move a SAN text means, in coordinates
-- ("c3d5"), when one piece of the side to move fits it, legal or not; or
-- nil. It lets game:explain say why the move is illegal.
function M.guess(game, s, text)
  if text:match("^%l%d+%l%d+%l?$") then return text end
  local p = parse(game, text)
  if not p then return nil end
  local fit, reach = {}, {}
  for _, pid in ipairs(s:pieces(s:decider())) do
    local t, _, sq = s:piece(pid)
    if t == p.type and sq ~= 0 and fits(game, p, sq) then
      fit[#fit + 1] = sq
      if s:reaches(pid, p.to, p.capture and "capture" or "move") then
        reach[#reach + 1] = sq
      end
    end
  end
  local from = #reach == 1 and reach[1] or #fit == 1 and fit[1]
  if not from then return nil end
  return game.rules:name(from) .. game.rules:name(p.to)
         .. (p.promo and game.type_letter[p.promo] or "")
end

return M
