-- wargrid.svg: a position drawn as a picture, SVG 1.1, standalone (nothing
-- fetched: generic font families, glyphs drawn as shapes).
--
--   local svg = require "wargrid.svg"
--   local text = svg.position(game, s, { last = action, from = sq,
--                                        viewer = side, flip = true })
--
-- What a game looks like is declared with it, and every part has a default:
--   look = { board = { light =, dark =, chequer =, lines =, points =,
--                      river = { after =, label = } },
--            sides = { { fill =, ink =, edge = }, { ... } } }
--   pieces.NAME.look = { glyph =, text =, shape =, damage =, turn = }
--   board.layers.NAME.look = { fill =, opacity =, pattern =, ink =, band =,
--                              width =, centre =, dashed =, label =,
--                              diagonals = }
-- (see M.help for each field). A piece without a look is its letter in a
-- disc of its side's colour; a layer without one is a tint of its terminal
-- colour, or its mark. A game may add four methods:
--   game:action_marks(a) -> marks: how an action is drawn (the default: an
--                           arrow from a to b for wg.MOVE actions)
--   game:board_marks(s)  -> marks drawn on the board under the pieces
--   game:sidebar(s, viewer) -> sections beside the board (reserves, cards)
--   game:caption(s)      -> the line under the board (default: whose
--                           turn it is and the phase, or the result)
-- A mark is { "move", from, to }, { "strike", from, to } (an attack or a
-- shot), { "land", sq } (where a grenade or an arrow lands), { "area",
-- { sq, ... } } (a barrage), { "ring", sq } (a square singled out: an
-- enclosure, an entry) or { "wire", a, b } (along the edge between two
-- neighbouring squares); any may carry label = "text".
--
-- Every square is a rect with id "sq-e4"; every piece a group with id
-- "pc-e4" (a large piece by its anchor) and classes "pc s1 t-NAME" (side,
-- type); the targets of opts.from are marks with id "tg-e5". Overlays
-- ignore the pointer, so a click reaches the square or piece beneath.
local core = require "wargrid.core"
local glyphs = require "wargrid.glyphs"

local M = {}

local S = 60                -- a square, in user units
local FONT = "sans-serif"
local MOVE = 1              -- wg.MOVE

-- XML ---------------------------------------------------------------------
local ESC = { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;",
              ['"'] = "&quot;", ["'"] = "&#39;" }

-- text made safe for XML: markup escaped, control characters dropped
local function esc(v)
  return (tostring(v):gsub("[%z\1-\8\11\12\14-\31]", "")
                     :gsub("[&<>\"']", ESC))
end
M.escape = esc

-- numbers in short, stable form: 12, 12.5, 0.33
local function num(x)
  if math.type(x) == "integer" then return tostring(x) end
  if x == math.floor(x) and math.abs(x) < 2 ^ 53 then
    return tostring(math.tointeger(x))
  end
  local t = string.format("%.2f", x):gsub("0+$", ""):gsub("%.$", "")
  return t == "-0" and "0" or t
end

local function put(b, s) b[#b + 1] = s end

-- el(b, tag, content, name, value, ...): one element; content nil for an
-- empty one, a value nil leaves its attribute out
local function el(b, tag, content, ...)
  local parts = { "<", tag }
  local n = select("#", ...)
  for i = 1, n, 2 do
    local k, v = select(i, ...)
    if v ~= nil then
      if type(v) == "number" then v = num(v) end
      parts[#parts + 1] = " " .. k .. '="' .. esc(v) .. '"'
    end
  end
  if content == nil then
    parts[#parts + 1] = "/>"
  else
    parts[#parts + 1] = ">" .. esc(content) .. "</" .. tag .. ">"
  end
  put(b, table.concat(parts))
end

local function open(b, tag, ...)
  local before = #b
  el(b, tag, nil, ...)
  b[before + 1] = b[before + 1]:sub(1, -3) .. ">"
end

local function close(b, tag) put(b, "</" .. tag .. ">") end

-- Looks ---------------------------------------------------------------------
-- The terminal's colour names, as paint.
local PALETTE = { black = "#333333", red = "#c0392b", green = "#3f8f3f",
                  yellow = "#d9a520", blue = "#2e5fa3", magenta = "#8e44ad",
                  cyan = "#2a9d9d", white = "#f4f1ea" }

local SIDES = {
  { fill = "#f4f1ea", ink = "#1a1a1a", edge = "#1a1a1a" },
  { fill = "#2b2b2b", ink = "#f2f2f2", edge = "#111111" },
}

local BOARD = { light = "#eee1c6", dark = "#c09a6b", chequer = true,
                lines = nil }

local SHAPES = { disc = true, counter = true, none = true }
local PATTERNS = { waves = true, hatch = true, dots = true, rubble = true,
                   craters = true, cross = true }
local PAINTS = { body = true, ink = true, line = true, hole = true }

local function fail(game, fmt, ...)
  error(string.format("game %s: " .. fmt, game.name, ...), 0)
end

local function check_colour(game, what, c)
  if c == nil then return nil end
  if type(c) ~= "string" or not (c:match("^#%x%x%x$") or c:match("^#%x+$")
                                  and #c == 7 or c:match("^%a+$")) then
    fail(game, "%s: a colour is \"#rrggbb\" or a name, not %s", what,
         tostring(c))
  end
  return PALETTE[c] or c
end

local function check_number(game, what, v, lo, hi)
  if v == nil then return nil end
  if type(v) ~= "number" or v < lo or v > hi then
    fail(game, "%s: a number from %s to %s expected, not %s", what, num(lo),
         num(hi), tostring(v))
  end
  return v
end

-- black or white ink, whichever reads on a fill "#rrggbb"
local function contrast(fill)
  local r, g, b = fill:match("^#(%x%x)(%x%x)(%x%x)$")
  if not r then return "#1a1a1a" end
  local y = 0.299 * tonumber(r, 16) + 0.587 * tonumber(g, 16)
            + 0.114 * tonumber(b, 16)
  return y > 140 and "#1a1a1a" or "#f2f2f2"
end

-- A glyph: a built-in drawing's name, or parts written as glyphs.lua's.
local PATH_CHARS = "^[MmLlHhVvCcSsQqTtAaZz%d%s%.,%-eE]*$"
local function check_glyph(game, what, g)
  if type(g) == "string" then
    if glyphs[g] then return glyphs[g] end
    local names = {}
    for k in pairs(glyphs) do names[#names + 1] = k end
    table.sort(names)
    fail(game, "%s: no glyph '%s' (glyphs: %s, or a list of parts)", what, g,
         table.concat(names, ", "))
  end
  if type(g) ~= "table" or #g == 0 then
    fail(game, "%s: a glyph's name or a list of parts expected", what)
  end
  for i, p in ipairs(g) do
    local at = string.format("%s[%d]", what, i)
    if type(p) ~= "table" or (p[1] ~= "path" and p[1] ~= "circle") then
      fail(game, "%s: a part is { \"path\", d = ... } or { \"circle\", cx "
           .. "= , cy = , r = }", at)
    end
    if not PAINTS[p.paint or "body"] then
      fail(game, "%s.paint: body, ink, line or hole, not %s", at,
           tostring(p.paint))
    end
    if p[1] == "path" and (type(p.d) ~= "string" or not p.d:match(PATH_CHARS))
    then
      fail(game, "%s.d: path data (letters MLHVCSQTAZ and numbers) expected",
           at)
    end
    for _, k in ipairs(p[1] == "circle" and { "cx", "cy", "r" } or {}) do
      check_number(game, at .. "." .. k, p[k] or false, -1000, 1000)
    end
    check_number(game, at .. ".width", p.width, 0, 100)
  end
  return g
end

local cache = setmetatable({}, { __mode = "k" })

-- What the game's declaration says it looks like, checked, with defaults.
local function looks(game)
  local c = cache[game]
  if c then return c end
  local def = game.def
  local look = def.look or {}
  c = { board = {}, sides = {}, pieces = {}, layers = {} }
  local board = look.board or {}
  c.board.light = check_colour(game, "look.board.light", board.light)
                  or BOARD.light
  c.board.dark = check_colour(game, "look.board.dark", board.dark)
                 or BOARD.dark
  c.board.chequer = board.chequer ~= false
  c.board.lines = check_colour(game, "look.board.lines", board.lines)
                  or (not c.board.chequer and "#7d7461" or nil)
  c.board.points = board.points and true or false
  if c.board.points then c.board.chequer = false end
  local river = board.river
  if river ~= nil then
    if type(river) ~= "table" or math.type(river.after) ~= "integer"
       or river.after < 1 or river.after >= game.ranks then
      fail(game, "look.board.river: { after = a rank from 1 to %d, label "
           .. "= text } expected", game.ranks - 1)
    end
    if river.label ~= nil and type(river.label) ~= "string" then
      fail(game, "look.board.river.label must be text")
    end
    c.board.river = { after = river.after, label = river.label }
  end
  for side = 1, 2 do
    local given = (look.sides or {})[side] or {}
    local what = "look.sides[" .. side .. "]"
    local term = PALETTE[(def.side_colours or {})[side]]
    local fill = check_colour(game, what .. ".fill", given.fill) or term
                 or SIDES[side].fill
    c.sides[side] = {
      fill = fill,
      ink = check_colour(game, what .. ".ink", given.ink)
            or ((given.fill or term) and contrast(fill) or SIDES[side].ink),
      edge = check_colour(game, what .. ".edge", given.edge)
             or SIDES[side].edge,
    }
  end
  for name, id in pairs(game.T) do
    local p = (def.pieces[name] or {}).look or {}
    local what = "pieces." .. name .. ".look"
    if type(p) ~= "table" then fail(game, "%s must be a table", what) end
    local glyph = p.glyph and check_glyph(game, what .. ".glyph", p.glyph)
    local shape = p.shape or (glyph and "none" or "disc")
    if not SHAPES[shape] then
      fail(game, "%s.shape: disc, counter or none, not %s", what,
           tostring(shape))
    end
    local texts = p.text
    if type(texts) ~= "table" then texts = { texts, texts } end
    for side = 1, 2 do
      if texts[side] ~= nil and type(texts[side]) ~= "string" then
        fail(game, "%s.text must be text, or a text for each side", what)
      end
      if not glyph then
        texts[side] = texts[side] or game.type_letter[id]:upper()
      end
    end
    if p.label ~= nil and type(p.label) ~= "string" then
      fail(game, "%s.label must be text", what)
    end
    c.pieces[id] = {
      name = name, glyph = glyph, shape = shape, text = texts,
      label = p.label or name:gsub("_", " "),
      damage = check_number(game, what .. ".damage", p.damage, 1, 4),
      turn = p.turn and true or false,
    }
  end
  -- Layers: the terminal's legend order first (first on top), then others
  -- that have a look; drawn bottom first. The legend under the board is
  -- the terminal's (board.legend, when the declaration gives one: a
  -- variant's follows the variant), else every layer drawn.
  local layers = def.board and def.board.layers or {}
  local marks = def.board and def.board.marks or {}
  local order, seen = {}, {}
  for _, l in ipairs(game:legend()) do
    order[#order + 1] = l.name
    seen[l.name] = true
  end
  local legend = def.board and def.board.legend and seen
  local rest = {}
  for name, l in pairs(layers) do
    if not seen[name] and (l.look or marks[name]) then
      rest[#rest + 1] = name
    end
  end
  table.sort(rest)
  for _, name in ipairs(rest) do order[#order + 1] = name end
  for i = #order, 1, -1 do
    local name = order[i]
    local l = layers[name]
    local lk = l.look or {}
    local what = "board.layers." .. name .. ".look"
    if type(lk) ~= "table" then fail(game, "%s must be a table", what) end
    if lk.pattern ~= nil and not PATTERNS[lk.pattern] then
      local names = {}
      for k in pairs(PATTERNS) do names[#names + 1] = k end
      table.sort(names)
      fail(game, "%s.pattern: one of %s, not %s", what,
           table.concat(names, ", "), tostring(lk.pattern))
    end
    local d = {
      name = name, bit = game.L[name], dynamic = l.dynamic,
      legend = not legend or legend[name],
      label = lk.label or l.label or name,
      fill = check_colour(game, what .. ".fill", lk.fill),
      opacity = check_number(game, what .. ".opacity", lk.opacity, 0, 1),
      pattern = lk.pattern,
      ink = check_colour(game, what .. ".ink", lk.ink) or "#4a4a4a",
      band = check_colour(game, what .. ".band", lk.band),
      width = check_number(game, what .. ".width", lk.width, 0.05, 1)
              or 0.3,
      centre = check_colour(game, what .. ".centre", lk.centre),
      dashed = lk.dashed and true or false,
      diagonals = lk.diagonals and true or false,
    }
    if not l.look then                  -- the terminal's colour or mark
      d.fill = PALETTE[l.colour]
      d.opacity = d.fill and 0.4
      d.mark = l.mark or marks[name]
    end
    c.layers[#c.layers + 1] = d
  end
  cache[game] = c
  return c
end
M.looks = looks

-- Geometry ----------------------------------------------------------------
-- A layout: where the board stands, which way up.
local function layout(game, opts)
  return { x0 = 34, y0 = 44, files = game.files, ranks = game.ranks,
           flip = opts.flip and true or false }
end

-- top left corner of the square at (file, rank)
local function corner(L, f, r)
  if L.flip then
    return L.x0 + (L.files - f) * S, L.y0 + (r - 1) * S
  end
  return L.x0 + (f - 1) * S, L.y0 + (L.ranks - r) * S
end

local function centre(game, L, sq)
  local x, y = corner(L, game.rules:coords(sq))
  return x + S / 2, y + S / 2
end

-- The board ------------------------------------------------------------------
local function draw_squares(game, L, c, b)
  local r = game.rules
  open(b, "g", "id", "squares")
  for rank = 1, game.ranks do
    for file = 1, game.files do
      local sq = r:at(file, rank)
      local dark = c.board.chequer and (file + rank) % 2 == 0
      local x, y = corner(L, file, rank)
      el(b, "rect", nil, "id", "sq-" .. r:name(sq),
         "class", dark and "sq dark" or "sq light", "x", x, "y", y,
         "width", S, "height", S,
         "fill", dark and c.board.dark or c.board.light,
         "fill-opacity", c.board.points and 0 or nil,
         "stroke", not c.board.points and c.board.lines or nil,
         "stroke-width", not c.board.points and c.board.lines and 1 or nil)
    end
  end
  close(b, "g")
end

-- A board of points: the lines through them, broken by the river but at
-- the edges, with the river's text in it.
local function draw_points(game, L, c, b)
  local ink = c.board.lines or "#5a3a1a"
  local river = c.board.river
  local d = {}
  local function line(f1, r1, f2, r2)
    local x1, y1 = corner(L, f1, r1)
    local x2, y2 = corner(L, f2, r2)
    d[#d + 1] = string.format("M %s %s L %s %s", num(x1 + S / 2),
                              num(y1 + S / 2), num(x2 + S / 2),
                              num(y2 + S / 2))
  end
  for rank = 1, game.ranks do line(1, rank, game.files, rank) end
  for file = 1, game.files do
    if river and file > 1 and file < game.files then
      line(file, 1, file, river.after)
      line(file, river.after + 1, file, game.ranks)
    else
      line(file, 1, file, game.ranks)
    end
  end
  open(b, "g", "class", "points", "pointer-events", "none")
  el(b, "path", nil, "d", table.concat(d, " "), "fill", "none",
     "stroke", ink, "stroke-width", 1.5)
  if river and river.label then
    local _, y1 = corner(L, 1, river.after)
    local _, y2 = corner(L, 1, river.after + 1)
    el(b, "text", river.label, "x", L.x0 + game.files * S / 2,
       "y", (y1 + y2) / 2 + S / 2 + 8, "text-anchor", "middle",
       "font-size", 22, "fill", ink, "opacity", 0.8)
  end
  close(b, "g")
end

-- A layer's diagonals: both diagonals of each of its regions (its squares
-- joined by their neighbours), through the points, as a palace has them.
local function diagonals(game, L, b, lay, list)
  local r = game.rules
  local region, d = {}, {}
  for _, sq in ipairs(list) do region[sq] = false end
  for _, start in ipairs(list) do
    if region[start] == false then
      local f1, r1, f2, r2 = math.huge, math.huge, -math.huge, -math.huge
      local todo = { start }
      region[start] = true
      while #todo > 0 do
        local sq = table.remove(todo)
        local f, rk = r:coords(sq)
        f1, r1 = math.min(f1, f), math.min(r1, rk)
        f2, r2 = math.max(f2, f), math.max(r2, rk)
        for df = -1, 1 do
          for dr = -1, 1 do
            local n = r:at(f + df, rk + dr)
            if n and region[n] == false then
              region[n] = true
              todo[#todo + 1] = n
            end
          end
        end
      end
      for _, p in ipairs { { f1, r1, f2, r2 }, { f1, r2, f2, r1 } } do
        local xa, ya = corner(L, p[1], p[2])
        local xb, yb = corner(L, p[3], p[4])
        d[#d + 1] = string.format("M %s %s L %s %s", num(xa + S / 2),
                                  num(ya + S / 2), num(xb + S / 2),
                                  num(yb + S / 2))
      end
    end
  end
  el(b, "path", nil, "d", table.concat(d, " "), "fill", "none",
     "stroke", lay.ink, "stroke-width", 1.5)
end

-- One square's pattern, drawn in a layer's ink.
local function pattern(b, kind, x, y, ink, sq)
  local d
  if kind == "waves" then
    d = {}
    for _, dy in ipairs { 16, 32, 48 } do
      d[#d + 1] = string.format("M %s %s q 6 -6 12 0 t 12 0 t 12 0 t 12 0",
                                num(x + 6), num(y + dy))
    end
    d = table.concat(d, " ")
  elseif kind == "hatch" then
    d = string.format("M %s %s L %s %s M %s %s L %s %s M %s %s L %s %s",
                      x, y + 20, x + 20, y, x, y + 40, x + 40, y, x, y + 60,
                      x + 60, y)
    d = d .. string.format(" M %s %s L %s %s M %s %s L %s %s", x + 20, y + 60,
                           x + 60, y + 20, x + 40, y + 60, x + 60, y + 40)
  elseif kind == "cross" then
    d = string.format("M %s %s L %s %s M %s %s L %s %s", x + 12, y + 12,
                      x + 48, y + 48, x + 48, y + 12, x + 12, y + 48)
  elseif kind == "dots" then
    for _, p in ipairs { { 15, 15 }, { 45, 15 }, { 30, 30 }, { 15, 45 },
                         { 45, 45 } } do
      el(b, "circle", nil, "cx", x + p[1], "cy", y + p[2], "r", 2.5,
         "fill", ink)
    end
    return
  elseif kind == "craters" then
    local k = sq % 3
    el(b, "ellipse", nil, "cx", x + 18 + 8 * k, "cy", y + 22, "rx", 9,
       "ry", 5, "fill", "none", "stroke", ink, "stroke-width", 1.5)
    el(b, "ellipse", nil, "cx", x + 42 - 6 * k, "cy", y + 44, "rx", 6,
       "ry", 3.5, "fill", "none", "stroke", ink, "stroke-width", 1.5)
    return
  elseif kind == "rubble" then
    -- a heap of broken stones, turned by the square so no two look alike
    local k = sq % 4
    el(b, "path", nil, "fill", ink, "d", string.format(
       "M %s %s l 10 -8 l 9 4 l -3 9 l -12 2 Z M %s %s l 8 -10 l 12 3 "
       .. "l 1 9 l -11 5 Z M %s %s l 6 -6 l 8 2 l -2 7 l -9 1 Z",
       num(x + 8 + k), num(y + 22), num(x + 30 - k), num(y + 46),
       num(x + 34 + k), num(y + 18)), "transform",
       k >= 2 and string.format("rotate(180 %s %s)", num(x + S / 2),
                                num(y + S / 2)) or nil)
    return
  end
  el(b, "path", nil, "d", d, "fill", "none", "stroke", ink,
     "stroke-width", 2, "stroke-linecap", "round")
end

-- A band along a layer's squares: each square joined to its neighbours of
-- the layer, as a road or a river runs.
local function band(game, L, b, lay, on)
  local r = game.rules
  local segs, dots = {}, {}
  for sq in pairs(on) do
    local f, rk = r:coords(sq)
    local joined = false
    for _, d in ipairs { { 1, 0 }, { 0, 1 }, { 1, 1 }, { -1, 1 },
                         { -1, 0 }, { 0, -1 }, { -1, -1 }, { 1, -1 } } do
      local n = r:at(f + d[1], rk + d[2])
      if n and on[n] then
        joined = true
        if n > sq then segs[#segs + 1] = { sq, n } end
      end
    end
    if not joined then dots[#dots + 1] = sq end
  end
  table.sort(segs, function(p, q)
    return p[1] < q[1] or p[1] == q[1] and p[2] < q[2]
  end)
  table.sort(dots)
  local d = {}
  for _, s2 in ipairs(segs) do
    local x1, y1 = centre(game, L, s2[1])
    local x2, y2 = centre(game, L, s2[2])
    d[#d + 1] = string.format("M %s %s L %s %s", num(x1), num(y1), num(x2),
                              num(y2))
  end
  for _, sq in ipairs(dots) do
    local x, y = centre(game, L, sq)
    d[#d + 1] = string.format("M %s %s h 0.01", num(x), num(y))
  end
  if #d == 0 then return end
  d = table.concat(d, " ")
  el(b, "path", nil, "d", d, "fill", "none", "stroke", lay.band,
     "stroke-width", lay.width * S, "stroke-linecap", "round",
     "stroke-opacity", lay.opacity)
  if lay.centre then
    el(b, "path", nil, "d", d, "fill", "none", "stroke", lay.centre,
       "stroke-width", math.max(1.5, lay.width * S * 0.12),
       "stroke-dasharray", lay.dashed and "8 7" or nil)
  end
end

-- Draws the layers; returns the set of those with a square on the board.
local function draw_layers(game, L, c, s, b)
  local r = game.rules
  local n = select(3, r:size())
  local shown = {}
  for _, lay in ipairs(c.layers) do
    local on, list = {}, {}
    for sq = 1, n do
      if s:has(sq, lay.bit) then
        on[sq] = true
        list[#list + 1] = sq
      end
    end
    shown[lay.name] = #list > 0
    if #list > 0 and (lay.fill or lay.pattern or lay.band or lay.mark
                      or lay.diagonals) then
      open(b, "g", "class", "layer l-" .. lay.name, "pointer-events", "none")
      for _, sq in ipairs(list) do
        local x, y = corner(L, r:coords(sq))
        if lay.fill then
          el(b, "rect", nil, "x", x, "y", y, "width", S, "height", S,
             "fill", lay.fill, "fill-opacity", lay.opacity)
        end
        if lay.pattern then pattern(b, lay.pattern, x, y, lay.ink, sq) end
        if lay.mark and not s:at(sq) then
          el(b, "text", lay.mark, "x", x + S / 2, "y", y + S / 2 + 6,
             "text-anchor", "middle", "font-size", 18, "fill", "#6b6b6b")
        end
      end
      if lay.band then band(game, L, b, lay, on) end
      if lay.diagonals then diagonals(game, L, b, lay, list) end
      close(b, "g")
    end
  end
  return shown
end

local function draw_coordinates(game, L, b, points)
  local r = game.rules
  open(b, "g", "class", "coords", "font-size", 14, "fill", "#555555",
       "text-anchor", "middle", "pointer-events", "none")
  for file = 1, game.files do
    local x, y = corner(L, file, L.flip and game.ranks or 1)
    local name = r:name(r:at(file, 1)):match("^%a+")
    el(b, "text", name, "x", x + S / 2, "y", y + S + 17)
  end
  for rank = 1, game.ranks do
    local x, y = corner(L, L.flip and game.files or 1, rank)
    el(b, "text", tostring(rank), "x", x - 16, "y", y + S / 2 + 5)
  end
  close(b, "g")
  local w, h = game.files * S, game.ranks * S
  local m = points and S / 2 or 0   -- a board of points: around the lines
  el(b, "rect", nil, "x", L.x0 + m, "y", L.y0 + m, "width", w - 2 * m,
     "height", h - 2 * m, "fill", "none", "stroke", "#3a3a3a",
     "stroke-width", 2, "pointer-events", "none")
end

-- Pieces ----------------------------------------------------------------------
-- A glyph's parts in a side's colours, in its 100-unit box.
local function draw_glyph(b, parts, col)
  for _, p in ipairs(parts) do
    local paint = p.paint or "body"
    local fill, stroke, width = col.fill, nil, nil
    if paint == "body" then
      stroke, width = col.edge, p.width or 3
    elseif paint == "ink" then
      fill = col.ink
    elseif paint == "line" then
      fill, stroke, width = "none", col.ink, p.width or 4
    end
    if p[1] == "circle" then
      el(b, "circle", nil, "cx", p.cx, "cy", p.cy, "r", p.r, "fill", fill,
         "stroke", stroke, "stroke-width", width)
    else
      el(b, "path", nil, "d", p.d, "fill", fill, "stroke", stroke,
         "stroke-width", width, "stroke-linejoin", "round",
         "stroke-linecap", paint == "line" and "round" or nil)
    end
  end
end

-- A piece of type t for side in the box (x, y, w, h); `title` its tooltip.
local function draw_piece_in(b, c, t, side, x, y, w, h, extra)
  local pl, col = c.pieces[t], c.sides[side]
  local size = math.min(w, h)
  if pl.shape == "disc" then
    el(b, "circle", nil, "cx", x + w / 2, "cy", y + h / 2, "r", size * 0.42,
       "fill", col.fill, "stroke", col.edge, "stroke-width", 2)
  elseif pl.shape == "counter" then
    local m = size * 0.07
    el(b, "rect", nil, "x", x + m, "y", y + m, "width", w - 2 * m,
       "height", h - 2 * m, "rx", size * 0.1, "fill", col.fill,
       "stroke", col.edge, "stroke-width", 2)
  end
  if pl.glyph then
    local k = size / 100 * (pl.shape == "none" and 0.94 or 0.8)
    local gx, gy = x + (w - 100 * k) / 2, y + (h - 100 * k) / 2
    local turn = pl.turn and side == 2 and " rotate(180 50 50)" or ""
    open(b, "g", "transform", string.format("translate(%s %s) scale(%s)%s",
                                            num(gx), num(gy), num(k), turn))
    draw_glyph(b, pl.glyph, col)
    close(b, "g")
  end
  local text = pl.text[side]
  if text then
    local fs = size * (utf8.len(text) > 1 and 0.34 or 0.46)
    el(b, "text", text, "x", x + w / 2, "y", y + h / 2 + fs * 0.36,
       "text-anchor", "middle", "font-size", fs, "font-weight", "bold",
       "fill", pl.glyph and col.fill or col.ink)
  end
  if extra and extra.damage and extra.damage > 0 then
    local r = size * 0.14
    local cx, cy = x + w - r - 2, y + r + 2
    el(b, "circle", nil, "class", "damage", "cx", cx, "cy", cy, "r", r,
       "fill", "#c62828", "stroke", "#ffffff", "stroke-width", 1.5)
    el(b, "text", tostring(extra.damage), "x", cx, "y", cy + r * 0.45,
       "text-anchor", "middle", "font-size", r * 1.3, "font-weight", "bold",
       "fill", "#ffffff")
  end
  if extra and extra.destroyed then
    el(b, "path", nil, "d", string.format("M %s %s L %s %s M %s %s L %s %s",
       num(x + 4), num(y + 4), num(x + w - 4), num(y + h - 4), num(x + w - 4),
       num(y + 4), num(x + 4), num(y + h - 4)), "stroke", "#c62828",
       "stroke-width", 3)
  end
end
M.draw_piece_in = draw_piece_in

local function draw_pieces(game, L, c, s, b)
  local r = game.rules
  open(b, "g", "id", "pieces")
  for side = 1, 2 do
    for _, pid in ipairs(s:pieces(side)) do
      local t, _, sq = s:piece(pid)
      local x1, y1, x2, y2 = math.huge, math.huge, -math.huge, -math.huge
      for _, q in ipairs(s:covers(pid)) do
        local x, y = corner(L, r:coords(q))
        x1, y1 = math.min(x1, x), math.min(y1, y)
        x2, y2 = math.max(x2, x + S), math.max(y2, y + S)
      end
      local pl = c.pieces[t]
      local damage = pl.damage and s:field(pid, pl.damage) or 0
      open(b, "g", "id", "pc-" .. r:name(sq),
           "class", "pc s" .. side .. " t-" .. pl.name)
      el(b, "title", string.format("%s %s on %s%s", game:side_name(side),
                                   pl.name, r:name(sq),
                                   damage > 0 and ", damaged " .. damage
                                   or ""))
      draw_piece_in(b, c, t, side, x1, y1, x2 - x1, y2 - y1,
                    { damage = damage })
      close(b, "g")
    end
  end
  close(b, "g")
end

-- Marks: actions and what a game adds --------------------------------------
local MOVE_INK, STRIKE_INK = "#1d5fae", "#c62828"

-- M.action_marks(game, a) -> the marks that draw action a
function M.action_marks(game, a)
  if game.action_marks then return game:action_marks(a) or {} end
  local kind, from, to = core.fields(a)
  if kind == MOVE then return { { "move", from, to } } end
  return {}
end

local function arrow(b, x1, y1, x2, y2, ink, cls)
  local dx, dy = x2 - x1, y2 - y1
  local len = math.sqrt(dx * dx + dy * dy)
  if len < 1 then return end
  local ux, uy = dx / len, dy / len
  local nx, ny = -uy, ux
  local w, hw, hl = S * 0.08, S * 0.2, S * 0.34
  local bx, by = x2 - ux * hl, y2 - uy * hl
  local pts = {
    { x1 + nx * w, y1 + ny * w }, { bx + nx * w, by + ny * w },
    { bx + nx * hw, by + ny * hw }, { x2, y2 },
    { bx - nx * hw, by - ny * hw }, { bx - nx * w, by - ny * w },
    { x1 - nx * w, y1 - ny * w },
  }
  local t = {}
  for i, p in ipairs(pts) do t[i] = num(p[1]) .. "," .. num(p[2]) end
  el(b, "polygon", nil, "class", cls, "points", table.concat(t, " "),
     "fill", ink, "fill-opacity", 0.8, "stroke", "#ffffff",
     "stroke-opacity", 0.6, "stroke-width", 1)
end

local function star(b, cx, cy, ink, cls)
  local t = {}
  for i = 0, 15 do
    local rr = (i % 2 == 0) and S * 0.36 or S * 0.16
    local a = math.pi * i / 8
    t[#t + 1] = num(cx + rr * math.sin(a)) .. "," .. num(cy - rr * math.cos(a))
  end
  el(b, "polygon", nil, "class", cls, "points", table.concat(t, " "),
     "fill", ink, "fill-opacity", 0.85, "stroke", "#7a2a00",
     "stroke-width", 1.5)
end

local function label(b, text, x, y)
  el(b, "rect", nil, "x", x, "y", y - 13, "width", #text * 7.2 + 6,
     "height", 17, "rx", 3, "fill", "#ffffff", "fill-opacity", 0.85)
  el(b, "text", text, "x", x + 3, "y", y, "font-size", 12,
     "font-weight", "bold", "fill", "#222222")
end

-- The squares an action's marks touch, to tint them under the pieces.
local function touched(marks)
  local out = {}
  for _, m in ipairs(marks) do
    if m[1] == "move" or m[1] == "strike" then
      out[#out + 1] = m[2]
      out[#out + 1] = m[3]
    elseif m[1] == "land" or m[1] == "ring" then
      out[#out + 1] = m[2]
    end
  end
  return out
end

local function valid_square(game, sq)
  return math.type(sq) == "integer" and sq >= 1
         and sq <= select(3, game.rules:size())
end

-- Draws marks over (or, for wire, under) the pieces; cls names the group.
local function draw_marks(game, L, b, marks, cls)
  if #marks == 0 then return end
  open(b, "g", "class", cls, "pointer-events", "none")
  for i, m in ipairs(marks) do
    local what = string.format("%s mark %d", cls, i)
    if type(m) ~= "table" then fail(game, "%s is not a table", what) end
    local kind = m[1]
    local squares = kind == "area" and m[2] or { m[2], m[3] }
    if type(squares) ~= "table" then
      fail(game, "%s (area): %s is not a list of squares", what,
           tostring(squares))
    end
    -- every square the mark names: each of an area's, one of a land's or
    -- a ring's, two of the others'
    local n = kind == "area" and #squares
              or (kind == "land" or kind == "ring") and 1 or 2
    for k = 1, n do
      if not valid_square(game, squares[k]) then
        fail(game, "%s (%s): %s is not a square", what, tostring(kind),
             tostring(squares[k]))
      end
    end
    if kind == "move" or kind == "strike" then
      local x1, y1 = centre(game, L, m[2])
      local x2, y2 = centre(game, L, m[3])
      arrow(b, x1, y1, x2, y2, kind == "move" and MOVE_INK or STRIKE_INK,
            kind)
      if kind == "strike" then
        el(b, "circle", nil, "cx", x2, "cy", y2, "r", S * 0.3, "fill", "none",
           "stroke", STRIKE_INK, "stroke-width", 3)
      end
    elseif kind == "land" then
      local x, y = centre(game, L, m[2])
      star(b, x, y, "#f08c00", "land")
    elseif kind == "ring" then
      local x, y = corner(L, game.rules:coords(m[2]))
      el(b, "rect", nil, "class", "ring", "x", x + 3, "y", y + 3,
         "width", S - 6, "height", S - 6, "fill", "none", "stroke", "#7b1fa2",
         "stroke-width", 5)
    elseif kind == "area" then
      for _, sq in ipairs(m[2]) do
        local x, y = corner(L, game.rules:coords(sq))
        el(b, "rect", nil, "class", "area", "x", x + 1, "y", y + 1,
           "width", S - 2, "height", S - 2, "fill", STRIKE_INK,
           "fill-opacity", 0.28, "stroke", STRIKE_INK, "stroke-width", 2,
           "stroke-dasharray", "6 4")
      end
    elseif kind == "wire" then
      local x1, y1 = centre(game, L, m[2])
      local x2, y2 = centre(game, L, m[3])
      local mx, my = (x1 + x2) / 2, (y1 + y2) / 2
      local ex, ey = (y2 - y1) / 2, (x2 - x1) / 2   -- half the shared edge
      local d = { string.format("M %s %s L %s %s", num(mx - ex), num(my - ey),
                                num(mx + ex), num(my + ey)) }
      for k = 1, 4 do                                -- the barbs
        local px, py = mx - ex + ex * (2 * k - 1) / 4,
                       my - ey + ey * (2 * k - 1) / 4
        d[#d + 1] = string.format("M %s %s l 8 8 M %s %s l 8 -8",
                                  num(px - 4), num(py - 4), num(px - 4),
                                  num(py + 4))
      end
      el(b, "path", nil, "class", "wire", "d", table.concat(d, " "),
         "fill", "none", "stroke", "#2f2f2f", "stroke-width", 2.5,
         "stroke-linecap", "round")
    else
      fail(game, "%s: no mark '%s' (move, strike, land, area, ring, wire)",
           what, tostring(kind))
    end
    if m.label then
      local sq = kind == "area" and m[2][1] or (kind == "move"
                 or kind == "strike") and m[3] or m[2]
      local x, y = corner(L, game.rules:coords(sq))
      label(b, m.label, x + 2, y + 15)
    end
  end
  close(b, "g")
end

local function tint(game, L, b, squares, colour, cls)
  if #squares == 0 then return end
  open(b, "g", "class", cls, "pointer-events", "none")
  local seen = {}
  for _, sq in ipairs(squares) do
    if not seen[sq] and valid_square(game, sq) then
      seen[sq] = true
      local x, y = corner(L, game.rules:coords(sq))
      el(b, "rect", nil, "x", x, "y", y, "width", S, "height", S,
         "fill", colour, "fill-opacity", 0.45)
    end
  end
  close(b, "g")
end

-- M.targets(game, s, from) -> the squares the piece on `from` may act on,
-- sorted: where its legal actions' arrows end (a move, an attack, a shot),
-- each { sq = n, capture = true when a piece stands there }, and the
-- anchor of the piece (nil when no piece stands there).
function M.targets(game, s, from)
  local pid = s:at(from)
  if not pid then return {}, nil end
  local anchor = s:square(pid)
  local out, seen = {}, {}
  local list = game:legal(s)
  for i = 1, list:size() do
    local marks = M.action_marks(game, list:get(i))
    local first = marks[1]
    local function arrow_mark(m)  -- an arrow to a square: a target
      return type(m) == "table" and (m[1] == "move" or m[1] == "strike")
             and valid_square(game, m[3])
    end
    if arrow_mark(first) and first[2] == anchor then
      for _, m in ipairs(marks) do
        if arrow_mark(m) and m[3] ~= anchor and not seen[m[3]] then
          seen[m[3]] = true
          out[#out + 1] = { sq = m[3], capture = s:at(m[3]) ~= nil
                                                and s:at(m[3]) ~= pid }
        end
      end
    end
  end
  table.sort(out, function(p, q) return p.sq < q.sq end)
  return out, anchor
end

local function draw_targets(game, L, b, targets)
  open(b, "g", "id", "targets", "pointer-events", "none")
  for _, t in ipairs(targets) do
    local x, y = centre(game, L, t.sq)
    local id = "tg-" .. game.rules:name(t.sq)
    if t.capture then
      el(b, "circle", nil, "id", id, "class", "target capture", "cx", x,
         "cy", y, "r", S * 0.44, "fill", "none", "stroke", "#2e7d32",
         "stroke-width", 5, "stroke-opacity", 0.8)
    else
      el(b, "circle", nil, "id", id, "class", "target", "cx", x, "cy", y,
         "r", S * 0.14, "fill", "#2e7d32", "fill-opacity", 0.75)
    end
  end
  close(b, "g")
end

-- Text beside and under the board -----------------------------------------
local CHAR_W = 0.64     -- a character's width in sans-serif, per font size

-- words of text in lines at most `width` wide at font size fs
local function wrap(text, width, fs)
  local per = math.max(8, math.floor(width / (fs * CHAR_W)))
  local lines, line = {}, ""
  for word in text:gmatch("%S+") do
    if line ~= "" and #line + 1 + #word > per then
      lines[#lines + 1] = line
      line = word
    else
      line = line == "" and word or line .. " " .. word
    end
  end
  if line ~= "" then lines[#lines + 1] = line end
  return lines
end

-- Whose turn it is, and in a game of phases the phase it is in (as the
-- declaration names it); or the result.
local function default_caption(game, s)
  local o = game:outcome(s)
  if o then return "Game over: " .. o.text end
  local who = s:decider() ~= 0 and s:decider() or s:side()
  local name = game:side_name(who)
  local text = name:sub(1, 1):upper() .. name:sub(2) .. " to move"
  local phase = #game.phases > 1 and game:phase_now(s)
  if phase then
    text = text .. ": " .. phase.name:gsub("_", " ")
           .. (phase.rule and " (" .. phase.rule .. ")" or "")
  end
  return text
end

-- The layers' legend, a swatch and a label each, for the layers of the
-- legend that the board shows (shown, or that change in play); returns the
-- new y.
local function draw_legend(L, c, b, y, width, shown)
  local items, said = {}, {}
  for i = #c.layers, 1, -1 do
    local lay = c.layers[i]
    if (lay.fill or lay.pattern or lay.band or lay.mark or lay.diagonals)
       and lay.legend and (lay.dynamic or shown[lay.name])
       and not said[lay.label] then   -- two palaces, one entry
      said[lay.label] = true
      items[#items + 1] = lay
    end
  end
  if #items == 0 then return y end
  local x = L.x0
  open(b, "g", "class", "legend", "font-size", 14, "fill", "#333333")
  for _, lay in ipairs(items) do
    local w = 28 + #lay.label * 14 * CHAR_W + 18
    if x + w > L.x0 + width and x > L.x0 then
      x, y = L.x0, y + 26
    end
    local k = 20 / S
    open(b, "g", "transform", string.format("translate(%s %s) scale(%s)",
                                            num(x), num(y - 15), num(k)))
    el(b, "rect", nil, "width", S, "height", S, "fill", c.board.light,
       "stroke", "#7d7461", "stroke-width", 2 / k)
    if lay.fill then
      el(b, "rect", nil, "width", S, "height", S, "fill", lay.fill,
         "fill-opacity", lay.opacity)
    end
    if lay.pattern then pattern(b, lay.pattern, 0, 0, lay.ink, 1) end
    if lay.band then
      el(b, "path", nil, "d", "M 0 60 L 60 0", "stroke", lay.band,
         "stroke-width", lay.width * S, "stroke-opacity", lay.opacity)
      if lay.centre then
        el(b, "path", nil, "d", "M 0 60 L 60 0", "stroke", lay.centre,
           "stroke-width", math.max(1.5, lay.width * S * 0.12),
           "stroke-dasharray", lay.dashed and "8 7" or nil)
      end
    end
    if lay.mark then
      el(b, "text", lay.mark, "x", 30, "y", 42, "text-anchor", "middle",
         "font-size", 36, "fill", "#6b6b6b")
    end
    if lay.diagonals then
      el(b, "path", nil, "d", "M 0 0 L 60 60 M 0 60 L 60 0", "stroke",
         lay.ink, "stroke-width", 3)
    end
    close(b, "g")
    el(b, "text", lay.label, "x", x + 26, "y", y)
    x = x + w
  end
  close(b, "g")
  return y + 26
end

-- The key to the pieces drawn, on the board and beside it: each kind once,
-- drawn small in the colours of the first side that shows it (and the
-- other's too when its text differs: Xiangqi's 帥 and 將), and named
-- (look.label, or the piece's name); returns the new y.
local function draw_key(game, L, c, b, y, width, s, sections)
  local sides_of, kinds = {}, {}
  local function add(t, side)
    if not t then return end
    local sides = sides_of[t]
    if not sides then
      sides = {}
      sides_of[t] = sides
      kinds[#kinds + 1] = t
    end
    if sides[1] ~= side and sides[2] ~= side
       and (#sides == 0 or c.pieces[t].text[1] ~= c.pieces[t].text[2]) then
      sides[#sides + 1] = side
    end
  end
  for side = 1, 2 do
    for _, pid in ipairs(s:pieces(side)) do add((s:piece(pid)), side) end
  end
  for _, sec in ipairs(sections) do
    for _, row in ipairs(type(sec) == "table" and sec.rows or {}) do
      for _, p in ipairs(row.pieces or {}) do
        add(game.T[p.type], p.side or sec.side or 1)
      end
    end
  end
  if #kinds == 0 then return y end
  table.sort(kinds)
  local x = L.x0
  open(b, "g", "class", "key", "font-size", 14, "fill", "#333333")
  for _, t in ipairs(kinds) do
    local pl, sides = c.pieces[t], sides_of[t]
    local icons = #sides * 26
    local w = icons + 2 + #pl.label * 14 * CHAR_W + 18
    if x + w > L.x0 + width and x > L.x0 then
      x, y = L.x0, y + 28
    end
    open(b, "g", "class", "key-piece t-" .. pl.name)
    for i, side in ipairs(sides) do
      draw_piece_in(b, c, t, side, x + (i - 1) * 26, y - 18, 24, 24)
    end
    close(b, "g")
    el(b, "text", pl.label, "x", x + icons + 2, "y", y)
    x = x + w
  end
  close(b, "g")
  return y + 28
end

-- The sections beside the board (game:sidebar); returns the height used.
local function draw_sidebar(game, c, b, sections, x0, y0, width)
  local y = y0
  open(b, "g", "class", "sidebar", "font-size", 14, "fill", "#222222")
  for i, sec in ipairs(sections) do
    if type(sec) ~= "table" then fail(game, "sidebar section %d is not a "
                                      .. "table", i) end
    if sec.title then
      local col = sec.side and c.sides[sec.side]
      if col then
        el(b, "rect", nil, "x", x0, "y", y - 2, "width", width, "height", 24,
           "rx", 4, "fill", col.fill, "stroke", col.edge, "stroke-width", 1)
      end
      el(b, "text", sec.title, "x", x0 + 8, "y", y + 15, "font-weight", "bold",
         "fill", col and col.ink or "#222222")
      y = y + 32
    end
    for _, row in ipairs(sec.rows or {}) do
      local x = x0 + 4
      if row.label then
        el(b, "text", row.label, "x", x, "y", y + 17, "fill", "#555555")
        x = x + 76
      end
      local h = 24
      if row.pieces then
        if #row.pieces == 0 then
          el(b, "text", "none", "x", x, "y", y + 20, "fill", "#777777")
        end
        for _, p in ipairs(row.pieces) do
          local t = game.T[p.type]
          if not t then
            fail(game, "sidebar: no piece type '%s'", tostring(p.type))
          end
          local side = p.side or sec.side or 1
          local words = {}
          if p.count then words[1] = "\u{00d7}" .. p.count end
          if p.state == "damaged" or p.state == "destroyed" then
            words[#words + 1] = p.state
          end
          words[#words + 1] = p.note
          local after = table.concat(words, " ")
          local size = 30
          local w = size + 2 + (after ~= "" and #after * 14 * CHAR_W + 8 or 0)
          if x + w > x0 + width and x > x0 + 80 then
            x, y = x0 + 80, y + 36
          end
          open(b, "g", "class", "icon s" .. side .. " t-" .. p.type
                                .. (p.state and " " .. p.state or ""),
               "opacity", p.state == "destroyed" and 0.45 or nil)
          draw_piece_in(b, c, t, side, x, y, size, size,
                        { damage = p.state == "damaged" and 1 or 0,
                          destroyed = p.state == "destroyed" })
          close(b, "g")
          if after ~= "" then
            el(b, "text", after, "x", x + size + 2, "y", y + 20)
          end
          x = x + w
        end
        h = 36
      elseif row.cards then
        for _, card in ipairs(row.cards) do
          if x + 28 > x0 + width then x, y = x0 + 80, y + 44 end
          el(b, "rect", nil, "class", "card", "x", x, "y", y, "width", 26,
             "height", 38, "rx", 3, "fill", "#ffffff", "stroke", "#555555",
             "stroke-width", 1.2)
          el(b, "text", tostring(card), "x", x + 13, "y", y + 24,
             "text-anchor", "middle", "font-weight", "bold",
             "font-size", #tostring(card) > 1 and 13 or 16)
          x = x + 30
        end
        if #row.cards == 0 then
          el(b, "text", "none", "x", x, "y", y + 17, "fill", "#777777")
        end
        h = 44
      elseif row.deck then
        for k = 2, 0, -1 do
          el(b, "rect", nil, "x", x + 2 * k, "y", y + 2 - 2 * k, "width", 18,
             "height", 24, "rx", 2, "fill", "#46648c", "stroke", "#ffffff",
             "stroke-width", 1)
        end
        el(b, "text", string.format("%d card%s", row.deck,
                                    row.deck == 1 and "" or "s"),
           "x", x + 30, "y", y + 18)
        h = 30
      end
      if row.text then
        for _, line in ipairs(wrap(row.text, x0 + width - x, 14)) do
          el(b, "text", line, "x", x, "y", y + 17)
          y = y + 18
        end
        h = 6
      end
      y = y + h
    end
    y = y + 10
  end
  close(b, "g")
  return y - y0
end

-- The picture -------------------------------------------------------------

-- M.position(game, s [, opts]) -> SVG text of the position. opts:
--   last = action     the last action, drawn (an arrow, a landing square,
--                     a barrage); its squares tinted
--   from = square     the legal targets of the piece there, marked
--   viewer = side     drawn as that side may know it (game:view): hidden
--                     cards are never drawn
--   flip = true       the second side's edge at the bottom
--   note = text       a line under the caption (the action and its ply)
function M.position(game, s, opts)
  opts = opts or {}
  local c = looks(game)
  if opts.viewer then s = game:view(s, opts.viewer) end
  local L = layout(game, opts)
  local bw, bh = game.files * S, game.ranks * S
  local sections = game.sidebar and game:sidebar(s, opts.viewer) or {}
  local side_w = #sections > 0 and 270 or 0
  local width = L.x0 + bw + (side_w > 0 and side_w + 28 or 0) + 16
  local b = {}

  -- the board and what stands on it
  local body = {}
  draw_squares(game, L, c, body)
  local shown = draw_layers(game, L, c, s, body)
  if game.board_marks then
    draw_marks(game, L, body, game:board_marks(s) or {}, "board-marks")
  end
  local last = opts.last and M.action_marks(game, opts.last) or {}
  tint(game, L, body, touched(last), "#f5d442", "last-squares")
  local targets, anchor = {}, nil
  if opts.from then targets, anchor = M.targets(game, s, opts.from) end
  if anchor then tint(game, L, body, { anchor }, "#7cc36b", "from") end
  if c.board.points then draw_points(game, L, c, body) end
  draw_coordinates(game, L, body, c.board.points)
  draw_pieces(game, L, c, s, body)
  draw_marks(game, L, body, last, "last")
  if anchor then draw_targets(game, L, body, targets) end

  -- under the board: the key to its pieces and layers, the caption and
  -- the note
  local y = L.y0 + bh + 46
  y = draw_key(game, L, c, body, y, bw, s, sections)
  y = draw_legend(L, c, body, y, bw, shown)
  local caption = game.caption and game:caption(s) or default_caption(game, s)
  local lines = wrap(caption, bw, 15)
  local bold = #lines
  if opts.note then
    for _, l in ipairs(wrap(opts.note, bw, 15)) do lines[#lines + 1] = l end
  end
  open(body, "g", "class", "caption", "font-size", 15, "fill", "#222222")
  for i, l in ipairs(lines) do
    el(body, "text", l, "x", L.x0, "y", y + (i - 1) * 20,
       "font-weight", i <= bold and "bold" or nil)
  end
  close(body, "g")
  y = y + #lines * 20

  local side_h = 0
  if side_w > 0 then
    side_h = draw_sidebar(game, c, body, sections, L.x0 + bw + 28, L.y0,
                          side_w)
  end
  local height = math.max(y, L.y0 + side_h) + 8

  local title = game.title or game.name
  if opts.viewer then
    local name = game:side_name(opts.viewer)
    title = title .. ", as seen by " .. name:sub(1, 1):upper() .. name:sub(2)
  end
  put(b, string.format('<svg xmlns="http://www.w3.org/2000/svg" '
      .. 'version="1.1" class="wargrid" viewBox="0 0 %s %s" width="%s" '
      .. 'height="%s" font-family="%s">', num(width), num(height), num(width),
      num(height), FONT))
  el(b, "title", title)
  el(b, "desc", string.format("%s: %s", game.name,
                              game:position_text(s, opts.viewer)))
  el(b, "rect", nil, "width", width, "height", height, "fill", "#fbfaf6")
  el(b, "text", title, "x", L.x0, "y", 28, "font-size", 20,
     "font-weight", "bold", "fill", "#222222")
  for _, part in ipairs(body) do put(b, part) end
  put(b, "</svg>")
  return table.concat(b, "\n") .. "\n"
end

return M
