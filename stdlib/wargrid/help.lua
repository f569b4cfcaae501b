-- wargrid.help: what a game tells a player about itself, for `play GAME
-- --help` and the in-game `help`. help.text(game) puts together
--   the notation     game:notation(): how to type each kind of action, and
--                    the game's special phases (a game generates it from
--                    its data, so that a variant's help follows the variant)
--   the piece key    every piece's letter, name and how it moves: the
--                    piece's `help` text if it declares one, else words
--                    made from its Betza pattern, fire, shape, promotion
--   the legend       every mark drawn on the board and what it means
--   the options      each option's value, marked when given
-- all built from the declaration, so every game and variant has them. A
-- variant that changes a piece's moves drops the help text it inherited
-- (wg.variant), and the generated words take over.
local betza = require "wargrid.betza"
local Game = require("wargrid.game").meta.__index  -- the defaults

local M = {}

local WIDTH = 78

-- M.wrap(text, indent [, first]) -> text folded at word boundaries to
-- WIDTH columns; the first line starts with `first` (default: indent).
function M.wrap(text, indent, first)
  local lines, line = {}, first or indent
  local fresh = true
  for word in text:gmatch("%S+") do
    if not fresh and #line + 1 + #word > WIDTH then
      lines[#lines + 1] = line
      line, fresh = indent, true
    end
    line = line .. (fresh and "" or " ") .. word
    fresh = false
  end
  lines[#lines + 1] = line
  return table.concat(lines, "\n")
end

local WORDS = { "one", "two", "three", "four", "five", "six", "seven",
                "eight", "nine", "ten" }

-- M.number(n) -> "two" for 2; digits past ten
function M.number(n)
  return WORDS[n] or tostring(n)
end

-- "a, b and c"
function M.list(items, word)
  if #items <= 1 then return items[1] or "" end
  return table.concat(items, ", ", 1, #items - 1) .. " " .. (word or "and")
         .. " " .. items[#items]
end

-- "White" for "white"
function M.capital(text)
  return (text:gsub("^%l", string.upper))
end

-- A piece type's name as words: "machinegun" stays, "big_gun" is "big gun".
function M.piece_name(name)
  return (name:gsub("_", " "))
end

-- ---- how a piece moves, in words ---------------------------------------

-- Directions of a unit step (White's view), by offset.
local STEP = {
  ["0,1"] = "f", ["0,-1"] = "b", ["1,0"] = "r", ["-1,0"] = "l",
  ["1,1"] = "fr", ["-1,1"] = "fl", ["1,-1"] = "br", ["-1,-1"] = "bl",
}
local ORTHO = { bflr = "orthogonally", f = "straight forward",
                b = "straight back", bf = "straight forward or back",
                lr = "sideways", flr = "forward or sideways",
                blr = "back or sideways", l = "to the left",
                r = "to the right" }
local DIAG = { ["bl br fl fr"] = "diagonally", ["fl fr"] = "diagonally forward",
               ["bl br"] = "diagonally back" }

local function set_text(set)
  local keys = {}
  for k in pairs(set) do keys[#keys + 1] = k end
  table.sort(keys)
  return keys
end

-- The directions of unit steps: "in any direction", "diagonally forward" ...
local function directions(steps)
  local ortho, diag = {}, {}
  for key in pairs(steps) do
    local d = STEP[key]
    if #d == 1 then ortho[d] = true else diag[d] = true end
  end
  local o = table.concat(set_text(ortho))
  local g = table.concat(set_text(diag), " ")
  if o == "bflr" and g == "bl br fl fr" then return "in any direction" end
  local parts = {}
  if o ~= "" then parts[#parts + 1] = ORTHO[o] or ("towards " .. o) end
  if g ~= "" then parts[#parts + 1] = DIAG[g] or ("diagonally " .. g) end
  return table.concat(parts, " or ")
end

-- "one square", "up to 4 squares", "exactly 2 squares", "any distance"
local function distance(min, max)
  if max == 0 then
    return min > 1 and "at least " .. min .. " squares" or "any distance"
  end
  if max == 1 then return "one square" end
  if min == max then return "exactly " .. M.number(max) .. " squares" end
  if min <= 1 then return "up to " .. M.number(max) .. " squares" end
  return M.number(min) .. " to " .. M.number(max) .. " squares"
end

-- A leap's name by its offsets (larger first).
local LEAP = { ["2,0"] = "a leap of two squares orthogonally",
               ["2,2"] = "a leap of two squares diagonally",
               ["2,1"] = "a knight's leap",
               ["3,0"] = "a leap of three squares orthogonally",
               ["3,3"] = "a leap of three squares diagonally" }

local function leap_text(x, y, count, max)
  local name = LEAP[x .. "," .. y]
               or string.format("a leap of %d squares one way and %d the "
                                .. "other", x, y)
  local full = (x == y or y == 0) and 4 or 8
  local some = count < full and " (some directions only)" or ""
  if max == 1 then return "by " .. name .. some end
  return "by " .. name .. ", repeated along a line" .. some
end

local MODE = { "moves", "captures", "moves or captures" }

-- The atoms of one item of a piece's pattern, and the conditions the item
-- adds; nil when the item is none the describer knows.
local function item_atoms(item)
  if type(item) == "string" then return betza.parse(item), {} end
  if type(item) ~= "table" then return nil end
  if type(item[1]) == "string" then
    local atoms = betza.parse(item[1])
    if not atoms then return nil end
    for _, a in ipairs(atoms) do
      a.min = item.min or a.min
      a.mode = item.mode or a.mode
    end
    return atoms, item
  end
  if item.dx or item.routes then return { item }, item end
end

-- Words for the conditions of an item (the piece's own as defaults).
local function conditions(game, cond, piece)
  local words = {}
  local function layers(v)
    if type(v) == "string" then v = { v } end
    local names = {}
    for _, name in ipairs(v or {}) do
      local l = game.def.board and game.def.board.layers
                and game.def.board.layers[name]
      names[#names + 1] = l and l.label or M.piece_name(name)
    end
    return names
  end
  local within = layers(cond.within or piece.within)
  if #within > 0 then
    words[#words + 1] = "keeping to the " .. M.list(within)
  end
  if cond.over_own or cond.over_enemy or piece.over_own or piece.over_enemy
  then
    words[#words + 1] = "passing over some pieces"
  end
  for _, k in ipairs { "screen_not", "not_capture" } do
    local v = cond[k] or piece[k]
    if type(v) == "string" then v = { v } end
    if v and #v > 0 then
      local names = {}
      for i, n in ipairs(v) do names[i] = "a " .. M.piece_name(n) end
      words[#words + 1] = (k == "screen_not" and "never over "
                           or "never taking ") .. M.list(names, "or")
    end
  end
  return #words > 0 and " (" .. table.concat(words, ", ") .. ")" or ""
end

-- Phrases for one item: its atoms grouped by mode, kind and range; steps
-- to a neighbour (W and F alike) group by direction.
local function item_text(game, item, piece)
  local atoms, cond = item_atoms(item)
  if not atoms then return nil end
  local groups, order = {}, {}
  for _, a in ipairs(atoms) do
    local mode, key = a.mode or 3
    local x, y = math.abs(a.dx or 0), math.abs(a.dy or 0)
    if x < y then x, y = y, x end
    if a.routes then
      key = mode .. " routes " .. x .. " " .. y
    elseif a.hop then
      key = string.format("%d hop %d %d %d", mode, a.hop, x, y)
    elseif x == 1 then
      key = string.format("%d step %d %d", mode, a.min or 1, a.max or 1)
    else
      key = string.format("%d leap %d %d %d", mode, x, y, a.max or 1)
    end
    local g = groups[key]
    if not g then
      g = { atom = a, mode = mode, x = x, y = y, steps = {}, count = 0 }
      groups[key] = g
      order[#order + 1] = key
    end
    if not a.routes then g.steps[a.dx .. "," .. a.dy] = true end
    g.count = g.count + 1
  end
  local out = {}
  for _, key in ipairs(order) do
    local g = groups[key]
    local a = g.atom
    local text
    if a.routes and item.routes then
      text = "to a knight's square by an L-shaped path, every square on "
             .. "the way empty"
    elseif a.routes then
      text = leap_text(g.x, g.y, g.count, 1):gsub("^by a", "by a lame")
             .. ", going orthogonally first, blocked by any piece on the way"
    elseif a.hop then
      text = string.format("%s by jumping over exactly one piece%s",
                           directions(g.steps),
                           a.hop == 2 and ", landing right behind it" or "")
    elseif g.x == 1 then
      text = distance(a.min or 1, a.max or 1) .. " " .. directions(g.steps)
    else
      text = leap_text(g.x, g.y, g.count, a.max or 1)
    end
    out[#out + 1] = MODE[g.mode] .. " " .. text
  end
  return table.concat(out, "; ") .. conditions(game, cond, piece)
end

-- The words for a piece's fire: "fires at an enemy unit up to 2 squares
-- away, within 45 degrees of straight ahead (never at the tank)".
local function fire_text(piece)
  local f = piece.fire
  local arc = (f.arc or 180) >= 180 and "in any direction"
              or string.format("within %d degrees of straight ahead", f.arc)
  local text = string.format("fires at an enemy up to %s squares away, %s",
                             M.number(f.range or 1), arc)
  if f.immune and #f.immune > 0 then
    local names = {}
    for i, n in ipairs(f.immune) do names[i] = "the " .. M.piece_name(n) end
    text = text .. " (never at " .. M.list(names, "or") .. ")"
  end
  return text
end

-- Phrases for a pattern (a piece's moves, or a key declared a pattern),
-- with piece the table whose conditions apply to every atom; a list.
local function pattern_parts(game, moves, piece)
  if type(moves) == "string" or (type(moves) == "table"
                                 and (moves.dx or moves.routes)) then
    moves = { moves }
  end
  local parts, said = {}, {}
  for _, item in ipairs(moves or {}) do
    local text = item_text(game, item, piece)
    if text and not said[text] then   -- the 8 atoms of an L-path say one
      said[text] = true
      parts[#parts + 1] = text
    end
  end
  return parts
end

-- M.pattern_text(game, moves) -> how a pattern (written as a piece's
-- moves) goes, in words: "moves any distance in any direction"
function M.pattern_text(game, moves)
  local parts = pattern_parts(game, moves, {})
  if #parts == 0 then return "never moves" end
  return table.concat(parts, "; ")
end

-- M.piece_text(game, name) -> how the piece moves, in words
function M.piece_text(game, name)
  local piece = game.def.pieces[name]
  if piece.help then return piece.help end
  local parts = pattern_parts(game, piece.moves, piece)
  if #parts == 0 then parts[1] = "never moves" end
  if piece.shape then
    local w, h = 0, 0
    for _, d in ipairs(piece.shape) do
      w, h = math.max(w, d[1] + 1), math.max(h, d[2] + 1)
    end
    parts[#parts + 1] = string.format("covers %dx%d squares, named by its "
                                      .. "lower left one", w, h)
  end
  if piece.fire then parts[#parts + 1] = fire_text(piece) end
  local p = piece.promote
  if p and p.to then
    local to = type(p.to) == "string" and { p.to } or p.to
    local names = {}
    for i, t in ipairs(to) do
      local letter = game.def.pieces[t] and game.def.pieces[t].letter or "?"
      names[i] = string.format("a %s (%s)", M.piece_name(t), letter:lower())
    end
    local where = (p.zone or "last") == "last" and "on its last rank"
                  or "in its promotion zone"
    parts[#parts + 1] = string.format("%s %s %s", where,
                                      p.optional and "may become" or "becomes",
                                      M.list(names, "or"))
  end
  if piece.royal then
    parts[#parts + 1] = "royal: no move may leave it attacked"
  end
  return table.concat(parts, "; ")
end

-- M.pieces(game) -> the piece key: a line per piece, by letter
function M.pieces(game)
  local names = {}
  for name in pairs(game.T) do names[#names + 1] = name end
  table.sort(names, function(a, b)
    return game.type_letter[game.T[a]] < game.type_letter[game.T[b]]
  end)
  local width = 0
  for _, name in ipairs(names) do
    width = math.max(width, #M.piece_name(name))
  end
  local lines = { string.format("Pieces (upper case %s, lower case %s):",
                                M.capital(game:side_name(1)),
                                M.capital(game:side_name(2))) }
  local indent = string.rep(" ", 9 + width)
  for _, name in ipairs(names) do
    local l = game.type_letter[game.T[name]]
    local head = string.format("  %s %s  %-" .. width .. "s  ", l:upper(), l,
                               M.piece_name(name))
    lines[#lines + 1] = M.wrap(M.piece_text(game, name), indent, head)
  end
  return table.concat(lines, "\n")
end

-- M.marks(game) -> { { mark, label }, ... }: every mark the board shows,
-- drawn terrain (game:legend) and dynamic layers' marks (board.marks)
function M.marks(game)
  local out, seen = {}, {}
  local board = game.def.board or {}
  for _, l in ipairs(game:legend()) do
    if l.mark and not seen[l.mark] then
      seen[l.mark] = true
      out[#out + 1] = { mark = l.mark, label = l.label }
    end
  end
  local marks = {}
  for name in pairs(board.marks or {}) do marks[#marks + 1] = name end
  table.sort(marks)
  for _, name in ipairs(marks) do
    local mark = board.marks[name]
    local layer = board.layers and board.layers[name] or {}
    if game.L[name] and not seen[mark] then
      seen[mark] = true
      out[#out + 1] = { mark = mark, label = layer.label or name }
    end
  end
  return out
end

-- M.legend(game) -> the board's legend: a line per mark
function M.legend(game)
  local lines = { "Board:", "  .  an empty square" }
  for _, m in ipairs(M.marks(game)) do
    lines[#lines + 1] = string.format("  %s  %s", m.mark, m.label)
  end
  return table.concat(lines, "\n")
end

-- M.options(game) -> its options with their values (as given with
-- --option, or the defaults), or nil when it has none
function M.options(game)
  local options = game.def.options or {}
  local names = {}
  for name in pairs(options) do names[#names + 1] = name end
  table.sort(names)
  if #names == 0 then return nil end
  local lines = { "Options of " .. game.name .. " (--option NAME[=VALUE]):" }
  for _, name in ipairs(names) do
    local o = options[name]
    local given = game.given and game.given[name]
    local value = given
                  and string.format("%s (given; default %s)",
                                    tostring(given.value),
                                    tostring(given.default))
                  or "default " .. tostring(o.default)
    local values = o.values and " (" .. table.concat(o.values, ", ") .. ")"
                   or ""
    lines[#lines + 1] = M.wrap(string.format("%s%s%s", value, values,
                                             o.help and ": " .. o.help or ""),
                               string.rep(" ", 13),
                               string.format("  %-10s ", name))
  end
  return table.concat(lines, "\n")
end

-- M.moves(game) -> how to type a move written as the default action_text
-- writes it (from-square, to-square, promotion letter), with examples
-- from the start position
function M.moves(game)
  local s = game:new()
  local first = s and game:action_texts(s)[1] or "a2a4"
  local text = string.format("Actions: a move is its square of departure "
                             .. "and its square of arrival (%s)", first)
  local letters = {}
  for _, name in ipairs(M.sorted(game.def.pieces)) do
    local p = game.def.pieces[name].promote
    if p and p.to and game.T[name] then
      for _, t in ipairs(type(p.to) == "string" and { p.to } or p.to) do
        local l = game.def.pieces[t] and game.def.pieces[t].letter
        if l then letters[#letters + 1] = l:lower() end
      end
    end
  end
  if #letters > 0 then
    text = text .. string.format("; a promotion adds the letter of the new "
                                 .. "piece (c%dc%d%s)", game.ranks - 1,
                                 game.ranks, letters[1])
  end
  return M.wrap(text .. ". Case, spaces and dashes do not matter.", "")
end

-- M.sorted(t) -> t's keys, sorted
function M.sorted(t)
  local keys = {}
  for k in pairs(t or {}) do keys[#keys + 1] = k end
  table.sort(keys)
  return keys
end

-- M.phases(game) -> the game's phases, as its declaration names them, a
-- line each: its name, the rule that sets it and what is done in it; nil
-- for a game of one phase or none
function M.phases(game)
  if #game.phases < 2 then return nil end
  local lines = { "Phases:" }
  for _, p in ipairs(game.phases) do
    local head = string.format("%s%s", (p.name:gsub("_", " ")),
                               p.rule and " (" .. p.rule .. ")" or "")
    local text = p.help or ""
    if p.next then
      text = text .. (text ~= "" and "; " or "") .. "then "
             .. (p.next:gsub("_", " "))
    end
    lines[#lines + 1] = M.wrap(head .. ": " .. text, "      ", "  ")
  end
  return table.concat(lines, "\n")
end

-- M.text(game) -> the whole help of the game: notation, piece key,
-- legend, options, separated by blank lines
function M.text(game)
  local parts = {}
  local notation = game:notation()
  if not notation and game.action_text == Game.action_text then
    notation = M.moves(game)     -- moves as the default action_text writes
  end
  if notation then parts[#parts + 1] = notation end
  local phases = M.phases(game)
  if phases then parts[#parts + 1] = phases end
  parts[#parts + 1] = M.pieces(game)
  parts[#parts + 1] = M.legend(game)
  parts[#parts + 1] = M.options(game)
  return table.concat(parts, "\n\n")
end

return M
