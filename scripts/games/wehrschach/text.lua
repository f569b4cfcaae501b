-- Wehrschach's text: its notation, read and written, the help that tells
-- it, the judgement's conditions in words, and its position text.
--
-- Position text: the board as in FEN (ranks 11 to 1, Red in upper case;
-- letters i infantry, t tank, f fighter, b bomber, a artillery,
-- h headquarter), the side to move (r or b), and the pending judgement:
-- "-" for none, or the judging side and the conditions it rests on, as
-- "r:3" (Red judged by W-J3) or "b:14" (Blue by W-J1 and W-J4). When the
-- judging side is to move again, the reply has been made and the game is
-- decided (W-J6). The start (one line, to copy whole):
-- luacheck: push no max line length
-- 1f1b1h1b1f1/1a1a1t1a1a1/1iiti1itii1/11/11/11/11/11/1IITI1ITII1/1A1A1T1A1A1/1F1B1H1B1F1 r -
-- luacheck: pop
-- The repetition history (W-J8) is not part of the text, as in FEN.
--
-- Actions (W-T1) and their notation:
--   c2c4          a move from c2 to c4
--   e4xf6         the piece on e4 takes f6 and moves there (W-K2)
--   barrage f6    two or more artillery remove f6; nothing moves (W-K3)
--   enclose d4    d4, enclosed by two of the mover's pieces, is removed (W-E1)
--   fire c6xd6    the plane on c6 takes d6 by combined fire (W-F1)
-- Typed actions ignore case, spaces and dashes ("Barrage F6", "e4-xf6").
local wg = require "wargrid"
local fen, why = wg.fen, wg.why

local text = {}

-- Notation ----------------------------------------------------------------
function text:action_text(s, a)
  local kind, from, to = wg.fields(a)
  local K, r = self:kinds(), self.rules
  if kind == K.take then return r:name(from) .. "x" .. r:name(to) end
  if kind == K.barrage then return "barrage " .. r:name(to) end
  if kind == K.enclose then return "enclose " .. r:name(to) end
  if kind == K.fire then
    return "fire " .. r:name(from) .. "x" .. r:name(to)
  end
  return r:name(from) .. r:name(to)
end

-- The notation read back (W-T1): a move, a take, a barrage, an enclosure,
-- combined fire, as what the text says (wargrid.why).
function text:read_action(_, input)
  local t = why.normal(input)
  local kind, a, b
  a, b = t:match("^(%l%d+)(%l%d+)$")
  if a then
    kind = "move"
  else
    a, b = t:match("^(%l%d+)x(%l%d+)$")
    kind = "take"
  end
  if not a then
    a, b = t:match("^fire(%l%d+)x(%l%d+)$")
    kind = "fire"
  end
  if not a then
    kind, b = t:match("^(barrage)(%l%d+)$")
    if not kind then kind, b = t:match("^(enclose)(%l%d+)$") end
  end
  if not b then
    return nil, string.format("'%s' is not a Wehrschach action (c2c4, "
                              .. "e4xf6, barrage f6, enclose d4, fire "
                              .. "c6xd6)", input)
  end
  -- a move goes to an empty square (W-M1); a capture is written e4xf6
  local p = { text = input, kind = kind, mode = kind == "move" and "move" }
  local err
  if a then
    p.from, err = why.square_of(self, a)
    if not p.from then return nil, err end
  end
  p.to, err = why.square_of(self, b)
  if not p.to then return nil, err end
  return p
end

-- The judgement's conditions (W-J1..W-J5), bit k-1 for W-Jk, in words
-- that follow the declaration's numbers.
local function conditions(self)
  local def, help = self.def, wg.help
  return {
    "the enemy headquarter captured (W-J1)",
    string.format("the enemy down to %d ground units (W-J2)",
                  def.ground_left),
    string.format("%s ground units on or beyond the enemy mainline (W-J3)",
                  help.number(def.advance)),
    "no enemy infantry left (W-J4)",
    "the enemy has no legal action (W-J5)",
  }
end

-- game:grounds_text(g) -> the conditions of the bits g, in words
function text:grounds_text(g)
  local parts = {}
  for k, words in ipairs(conditions(self)) do
    if g & (1 << (k - 1)) ~= 0 then parts[#parts + 1] = words end
  end
  return table.concat(parts, ", ")
end

-- game:notation(): how to type each action, and the judgement, told from
-- the declaration (support, stays, barrage, planes, ground, mainlines,
-- captures, the judgement's numbers), so that a variant's help follows the
-- variant.
local CAPTURE_WORDS = { take = "a take", barrage = "a barrage",
                        fire = "combined fire", enclose = "an enclosure" }
-- W-E1 the lines of an enclosure (the enclosure key)
local LINES = { all = "line", orthogonal = "rank or file",
                diagonal = "diagonal" }

local function names(self, list, word)
  local out = {}
  for _, name in ipairs(list or {}) do
    if self.T[name] then out[#out + 1] = wg.help.piece_name(name) end
  end
  return wg.help.list(out, word)
end

-- "at least two of your pieces", "any one of your pieces"
local function how_many(n, least)
  local help = wg.help
  if n == 1 then return "any one" end
  return least and "at least " .. help.number(n) or help.number(n)
                                                     .. " or more"
end

-- The judgement in a paragraph (W-J1..W-J8).
local function judgement(self)
  local help, def = wg.help, self.def
  local m = def.mainlines
  local counted = {}
  for _, kind in ipairs { "take", "barrage", "fire", "enclose" } do
    if def.captures and def.captures[kind] then
      counted[#counted + 1] = CAPTURE_WORDS[kind]
    end
  end
  local infantry = def.advance_infantry == 0 and ""
                   or def.advance_infantry == 1 and ", one of them infantry,"
                   or string.format(", %s of them infantry,",
                                    help.number(def.advance_infantry))
  return help.wrap(string.format(
    "Judgement (W-J1..W-J7): your action reaches a judgement when it "
    .. "leaves the enemy without its headquarter, with %s or fewer "
    .. "ground units (of the kinds %s), or without infantry; when %s of "
    .. "your ground units%s stand on or beyond the "
    .. "enemy mainline (rank %d for %s, rank %d for %s); or when the "
    .. "enemy has no action. The enemy then makes one reply: if that "
    .. "reaches a judgement for it, the game is drawn; otherwise you win. "
    .. "A judgement that rested on the advance alone is cancelled, and "
    .. "play goes on, when the reply is a capture (%s) after which it no "
    .. "longer holds. A position seen for the third time is a draw "
    .. "(W-J8).", help.number(def.ground_left), names(self, def.ground),
    help.number(def.advance), infantry, m[2],
    help.capital(self.sides[1]), m[1], help.capital(self.sides[2]),
    help.list(counted, "or")), "")
end

function text:notation()
  local help, def = wg.help, self.def
  local need = def.support
  local lines = { "Wehrschach actions (one a turn, W-T1; case, spaces and "
                  .. "dashes do not matter):" }
  local function line(example, words)
    lines[#lines + 1] = help.wrap(words, string.rep(" ", 16),
                                  string.format("  %-14s", example))
  end
  line("c2c4", "the piece on c2 moves to c4")
  line("e4xf6", "the piece on e4 takes f6 and moves onto it; "
       .. (need == 1 and "no other piece need threaten f6 (W-K1)"
           or string.format("%s of your pieces, this one among "
                            .. "them, must threaten f6 (W-K1)",
                            how_many(need, true))))
  local stays = names(self, def.stays, "or")
  if stays ~= "" then
    local guns = def.barrage
    line("barrage f6", string.format("%s of your %s threatening f6%s "
                                     .. "remove it; nothing moves (W-K3)",
                                     how_many(guns), stays,
                                     need > guns and string.format(
                                       ", and %s of your pieces in all "
                                       .. "(W-K1),", how_many(need, true))
                                     or ""))
  end
  line("enclose d4", "remove d4, enclosed by two of your pieces next to it "
       .. "on opposite sides of one " .. LINES[def.enclosure] .. " (W-E1)")
  local planes = names(self, def.planes, "or")
  if planes ~= "" and self.T.artillery then
    line("fire c6xd6", string.format("the %s on c6 takes d6, your artillery "
                                     .. "on h6 backing it (W-F1)", planes))
  end
  lines[#lines + 1] = ""
  lines[#lines + 1] = help.wrap(
    "Every move but the tank's L-path runs along one of the 8 lines to an "
    .. "empty square: never "
    .. "through a piece (planes fly over all but enemy planes and "
    .. "artillery), never onto the sea, and never from one river square to "
    .. "the next (W-M1..W-M7). A side's zone is its mainline and the ranks "
    .. "behind it. Captures are orthogonal, each piece at its own distance "
    .. "(W-C1..W-C6).", "")
  lines[#lines + 1] = ""
  lines[#lines + 1] = judgement(self)
  return table.concat(lines, "\n")
end

-- Position text -----------------------------------------------------------
local FORM = { sides = { "r", "b" }, fields = 3,
               more = "the judgement (- or e.g. r:3)" }

function text:position_text(s)
  local judge, words = s:var(self.V.judge), "-"
  if judge ~= 0 then
    local digits = {}
    for k = 1, 4 do
      if s:var(self.V.grounds) & (1 << (k - 1)) ~= 0 then
        digits[#digits + 1] = tostring(k)
      end
    end
    words = FORM.sides[judge] .. ":" .. table.concat(digits)
  end
  return fen.write_position(self, s, FORM, words)
end

-- At most one headquarter a side, inside its zone (W-M3); no piece on the
-- sea (W-M5). nil, or what is wrong.
local function check_board(self, s)
  local zones = self:prepared().zone
  for side = 1, 2 do
    local name = self:side_name(side)
    if s:count(side, self.T.headquarter) > 1 then
      return string.format("%s has more than one headquarter", name)
    end
    for _, pid in ipairs(s:pieces(side)) do
      local t, _, sq = s:piece(pid)
      if s:has(sq, self.L.sea) then  -- W-M5
        return string.format("a piece stands on the sea (%s)",
                             self.rules:name(sq))
      end
      if t == self.T.headquarter and not s:has(sq, zones[side]) then
        return string.format("the %s headquarter stands outside its zone (%s)",
                             name, self.rules:name(sq))
      end
    end
  end
end

function text:set_position(s, input)
  local f, err = fen.read_position(self, s, input, FORM)
  if not f then return nil, err end
  err = check_board(self, s)
  if err then return nil, err end
  local side = s:side()
  local j = f[3] or "-"
  if j ~= "-" then
    local who, digits = j:match("^([rb]):([1-4]+)$")
    if not who then
      return nil, string.format("judgement %s: expected - or the judging "
                                .. "side and its conditions, as r:3 or b:14",
                                wg.text.quote(j))
    end
    local judge, g = who == FORM.sides[1] and 1 or 2, 0
    for d in digits:gmatch(".") do g = g | (1 << (tonumber(d) - 1)) end
    -- a pending judgement rests on what the board shows; once the reply
    -- is made (the judge to move) the board may have changed
    local shown = self:grounds(s, judge)
    if judge ~= side and shown ~= g then
      return nil, string.format("judgement %s: the board gives %s %s",
                                wg.text.quote(j),
                                self:side_name(judge),
                                shown == 0 and "no judgement"
                                  or "the conditions "
                                     .. self:grounds_text(shown))
    end
    s:set_var(self.V.judge, judge)
    s:set_var(self.V.grounds, g)
  end
  return true
end

return text
