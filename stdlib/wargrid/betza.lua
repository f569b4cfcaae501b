-- wargrid.betza: movement patterns in Betza notation, compiled to atoms.
--
-- A pattern is a sequence of components, each: modifiers, an atom letter,
-- and an optional range. Atoms, as (dx, dy) leaps:
--   W (1,0)  F (1,1)  D (2,0)  N (2,1)  A (2,2)  H (3,0)  C (3,1)  Z (3,2)
--   G (3,3); and the compounds K = WF, R = WW, B = FF, Q = RB.
-- A doubled letter (WW, FF, NN) rides to the edge; a number after the letter
-- rides up to that many steps (R4, K3, Q5). Modifiers before the letter:
--   m  moves only (to an empty square)     c  captures only
--   f b l r  forward, backward, left, right (White's view; Black mirrored)
--   v  forward and backward    s  left and right (sideways)
--   n  not leaping (lame): the leap goes square by square and any piece on
--      the way blocks it; nD and nA are two steps that the middle square
--      blocks, nN (the Xiangqi horse) one orthogonal step then one
--      diagonal step outward, nZ (the Janggi elephant) one orthogonal step
--      then two diagonal ones: the orthogonal steps first, then the
--      diagonal ones
--   p  hopper (the Xiangqi cannon, pR): along a line over exactly one
--      piece, the screen, any distance before and after it, landing on an
--      empty square or capturing the first piece beyond
--   g  grasshopper (gQ): along a line to the first piece, landing right
--      behind it
-- Direction letters add up ("fs" = forward and sideways), except that f or b
-- next to l or r names one diagonal ("fl" = forward-left only). Modifiers
-- combine: mRcpR moves as a rook and captures only by hopping.
--
-- Each atom is a table { dx, dy, min, max, mode } ready for core.rules:
-- max = 1 is a leap, 0 rides to the edge; mode 1 moves, 2 captures, 3 both;
-- hop = 1 (p) or 2 (g) for a hopper; a lame oblique leap (nN) is a path
-- atom with one route, routes = { { step, ... } }.
local betza = {}

local LEAPS = {
  W = { 1, 0 }, F = { 1, 1 }, D = { 2, 0 }, N = { 2, 1 }, A = { 2, 2 },
  H = { 3, 0 }, C = { 3, 1 }, Z = { 3, 2 }, G = { 3, 3 },
}
local COMPOUND = { K = "WF", R = "WW", B = "FF", Q = "WWFF" }

-- The 8 (or 4) symmetric images of a leap.
local function images(x, y)
  local seen, out = {}, {}
  for _, s in ipairs { { x, y }, { y, x } } do
    for _, sx in ipairs { 1, -1 } do
      for _, sy in ipairs { 1, -1 } do
        local dx, dy = s[1] * sx, s[2] * sy
        local key = dx .. "," .. dy
        if not seen[key] then
          seen[key] = true
          out[#out + 1] = { dx, dy }
        end
      end
    end
  end
  return out
end

local function keep(dirs, dx, dy)
  if dirs == "" then return true end
  -- f/b next to l/r: one diagonal
  for fb, lr in dirs:gmatch("([fb])([lr])") do
    local want_y = fb == "f" and 1 or -1
    local want_x = lr == "r" and 1 or -1
    if dy * want_y > 0 and dx * want_x > 0 then return true end
  end
  local rest = dirs:gsub("[fb][lr]", "")
  for d in rest:gmatch(".") do
    if d == "f" and dy > 0 then return true end
    if d == "b" and dy < 0 then return true end
    if d == "l" and dx < 0 then return true end
    if d == "r" and dx > 0 then return true end
    if d == "v" and math.abs(dy) > math.abs(dx) then return true end
    if d == "s" and math.abs(dx) > math.abs(dy) then return true end
  end
  return false
end

-- betza.lame_route(dx, dy) -> the steps of a lame leap to (dx, dy), the
-- orthogonal ones along the longer side first, then the diagonal ones:
-- { {0, 1}, {1, 1} } for (1, 2), the Xiangqi horse's leg first
function betza.lame_route(dx, dy)
  local sx = dx > 0 and 1 or dx < 0 and -1 or 0
  local sy = dy > 0 and 1 or dy < 0 and -1 or 0
  local ax, ay = math.abs(dx), math.abs(dy)
  local steps = {}
  for _ = 1, math.abs(ax - ay) do
    steps[#steps + 1] = ax > ay and { sx, 0 } or { 0, sy }
  end
  for _ = 1, math.min(ax, ay) do steps[#steps + 1] = { sx, sy } end
  return steps
end

-- betza.parse("fmWfcF") -> { atom, ... } or nil, message
function betza.parse(text)
  if type(text) ~= "string" then
    return nil, "a pattern must be a string"
  end
  local atoms, pos = {}, 1
  while pos <= #text do
    local mods, letter, after = text:match("^([mcfblrvsnpg]*)([A-Z])()", pos)
    if not letter then
      return nil, string.format("bad pattern %q at %q", text, text:sub(pos))
    end
    local rider = ""
    if text:sub(after, after) == letter then
      rider, after = letter, after + 1
    end
    local range
    range, pos = text:match("^(%d*)()", after)
    local mode = 0
    if mods:find("m") then mode = mode | 1 end
    if mods:find("c") then mode = mode | 2 end
    if mode == 0 then mode = 3 end
    local dirs = mods:gsub("[mcnpg]", "")
    local lame = mods:find("n") ~= nil
    local hop = mods:find("p") and 1 or mods:find("g") and 2 or nil
    if hop and (lame or (mods:find("p") and mods:find("g"))) then
      return nil, string.format("bad pattern %q: p, g and n do not combine",
                                text)
    end
    local parts = COMPOUND[letter] or (letter .. rider)
    if COMPOUND[letter] and rider ~= "" then
      return nil, string.format("bad pattern %q: %s cannot be doubled",
                                text, letter)
    end
    local i = 1
    while i <= #parts do
      local l = parts:sub(i, i)
      local doubled = parts:sub(i + 1, i + 1) == l
      i = i + (doubled and 2 or 1)
      local leap = LEAPS[l]
      if not leap then
        return nil, string.format("bad pattern %q: unknown atom %s", text, l)
      end
      local min, max = 1, 1
      if doubled then max = 0 end
      if range ~= "" then max = tonumber(range) end
      local x, y = leap[1], leap[2]
      if hop and max == 1 and not doubled and range == ""
         and not COMPOUND[letter] then
        return nil, string.format("bad pattern %q: %s hops along a line: "
                                  .. "write %s%s or a range", text,
                                  mods:find("p") and "p" or "g", l, l)
      end
      local oblique = lame and y ~= 0 and x ~= y
      if lame then
        if max ~= 1 then
          return nil, string.format(
            "bad pattern %q: n makes a leap lame, not a rider", text)
        end
        if not oblique then
          -- nD, nA, nH, nG: unit steps on one line, every square between
          -- empty (a slide of exactly that many steps)
          min, max = x, x
          x, y = x // x, y // x
        end
      end
      for _, v in ipairs(images(x, y)) do
        if keep(dirs, v[1], v[2]) then
          local atom = { dx = v[1], dy = v[2], min = min, max = max,
                         mode = mode, hop = hop }
          if oblique then atom.routes = { betza.lame_route(v[1], v[2]) } end
          atoms[#atoms + 1] = atom
        end
      end
    end
  end
  if #atoms == 0 then
    return nil, string.format("bad pattern %q: no moves", text)
  end
  return atoms
end

return betza
