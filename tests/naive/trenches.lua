-- A naive counter of the Game of Trenches' legal actions, independent of
-- the engine, for the specs: plain Lua, its own position reader, a board
-- array and loops over the eight directions (T-M1, T-M2, T-T1, T-T2,
-- T-G1..T-G4, with the RULINGs of the rules file). It reads any board
-- size from the text, and the Amazons too: a piece letter t is a tank,
-- any other letter a soldier (an amazon); x is debris (a dead square); the
-- side to move is l or w (the first side), d or b.
local naive = {}

local STRIDE = 32  -- square k = rank * STRIDE + file
local FILES = "abcdefghijklmnopqrstuvwxyz"
local DIRS = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 },
               { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } }

function naive.read(text)
  local rows, side = text:match("^(%S+) (%a)$")
  local b = { side = (side == "l" or side == "w") and 1 or 2, files = 0 }
  local list = {}
  for row in rows:gmatch("[^/]+") do list[#list + 1] = row end
  b.ranks = #list
  for i, row in ipairs(list) do
    local rank, file = b.ranks + 1 - i, 1
    for n, ch in row:gmatch("(%d*)(%D?)") do
      if n ~= "" then file = file + tonumber(n) end
      if ch ~= "" then
        local k = rank * STRIDE + file
        if ch == "x" then
          b[k] = "x"
        else
          b[k] = { side = ch:match("%u") and 1 or 2, tank = ch:lower() == "t" }
        end
        file = file + 1
      end
    end
    b.files = math.max(b.files, file - 1)
  end
  return b
end

local function on(b, k)
  local f, r = k % STRIDE, k // STRIDE
  return f >= 1 and f <= b.files and r >= 1 and r <= b.ranks
end

local function step(k, d) return k + d[1] + STRIDE * d[2] end

-- T-T2 the squares around a tank are protected
local function protected(b, k)
  for _, d in ipairs(DIRS) do
    local n = step(k, d)
    if on(b, n) and type(b[n]) == "table" and b[n].tank then return true end
  end
  return false
end

-- every action of the side to move: { from, to, grenade or nil }
function naive.actions(b)
  local out = {}
  for k = STRIDE + 1, b.ranks * STRIDE + b.files do
    local p = b[k]
    if on(b, k) and type(p) == "table" and p.side == b.side then
      for _, d in ipairs(DIRS) do
        local to = step(k, d)
        while on(b, to) and b[to] == nil do
          if p.tank then
            out[#out + 1] = { k, to }
          else
            b[k], b[to] = nil, p
            for _, e in ipairs(DIRS) do
              local g = step(to, e)
              while on(b, g) and b[g] == nil do
                if not protected(b, g) then out[#out + 1] = { k, to, g } end
                g = step(g, e)
              end
            end
            b[k], b[to] = p, nil
          end
          to = step(to, d)
        end
      end
    end
  end
  return out
end

-- the actions' texts as the game writes them (d1-d5/h5, c2-c6), sorted
function naive.texts(b)
  local function name(k)
    local f = k % STRIDE
    return FILES:sub(f, f) .. k // STRIDE
  end
  local out = {}
  for i, a in ipairs(naive.actions(b)) do
    out[i] = name(a[1]) .. "-" .. name(a[2])
             .. (a[3] and "/" .. name(a[3]) or "")
  end
  table.sort(out)
  return out
end

-- perft 1 and 2 from b
function naive.perft2(b)
  local total = 0
  local first = naive.actions(b)
  for _, a in ipairs(first) do
    local from, to, g = a[1], a[2], a[3]
    local p = b[from]
    b[to], b[from] = p, p.tank and "x" or nil
    if g then b[g] = "x" end
    b.side = 3 - b.side
    total = total + #naive.actions(b)
    b.side = 3 - b.side
    if g then b[g] = nil end
    b[from], b[to] = p, nil
  end
  return #first, total
end

-- The AI's territory (not a rule): for each side, the queen moves over
-- empty squares its pieces need to reach each square, by repeated sweeps
-- until nothing changes; returns the squares side 1 and side 2 reach
-- first, and the squares each reaches in one move.
function naive.territory(b)
  local function dist(side)
    local d, changed = {}, true
    for k = STRIDE + 1, b.ranks * STRIDE + b.files do
      if type(b[k]) == "table" and b[k].side == side then d[k] = 0 end
    end
    while changed do
      changed = false
      for k, dk in pairs(d) do
        for _, dir in ipairs(DIRS) do
          local n = step(k, dir)
          while on(b, n) and b[n] == nil do
            if not d[n] or d[n] > dk + 1 then
              d[n], changed = dk + 1, true
            end
            n = step(n, dir)
          end
        end
      end
    end
    return d
  end
  local d1, d2 = dist(1), dist(2)
  local own1, own2, near1, near2 = 0, 0, 0, 0
  for k = STRIDE + 1, b.ranks * STRIDE + b.files do
    if on(b, k) and b[k] == nil then
      local a, c = d1[k], d2[k]
      if a and (not c or a < c) then own1 = own1 + 1 end
      if c and (not a or c < a) then own2 = own2 + 1 end
      if a == 1 then near1 = near1 + 1 end
      if c == 1 then near2 = near2 + 1 end
    end
  end
  return own1, own2, near1, near2
end

return naive
