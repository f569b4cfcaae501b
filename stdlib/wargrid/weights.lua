-- wargrid.weights: a game's evaluation as a weighted sum of terms -- the
-- terms (material by default: one per piece, weighted by its declared
-- value), each term's feature in a position, the weights in
-- force (hand-set, a base game's tuned ones, a game's own weights file)
-- and that file: where it lies, reading it and writing it.
--
-- game:evaluate(s, side) of a game that declares terms is the sum over
-- its terms of weight times feature (side's count minus the other side's),
-- which `wargrid tune` fits from games and the specs check. A variant
-- inherits its base's weights, except for the pieces it adds or changes,
-- which keep the weights the variant declares until its own file tunes
-- them.
local M = {}

-- ---- terms and features --------------------------------------------------

-- M.material_terms(game) -> a term per piece (but a royal one without a
-- value: losing it ends the game), in type order: { name = the piece's
-- name, piece = it, weight = its value, help }
function M.material_terms(game)
  local out = {}
  for _, name in ipairs(game.type_names) do
    local p = game.def.pieces[name]
    if not p.royal or p.value then
      out[#out + 1] = { name = name, piece = name, weight = p.value or 0,
                        help = "a " .. name .. " more than the other side" }
    end
  end
  return out
end

-- M.material_features(game, s, side [, out [, terms]]) -> out (a new list
-- without it) with, for each term of terms (default the game's) that
-- counts a piece, at its index, side's pieces of that type on the board
-- less the other side's
function M.material_features(game, s, side, out, terms)
  out = out or {}
  for k, term in ipairs(terms or M.material_terms(game)) do
    if term.piece then
      local t = game.T[term.piece]
      out[k] = s:count(side, t) - s:count(3 - side, t)
    end
  end
  return out
end

-- ---- the weights in force ------------------------------------------------

-- Plain tables equal, key by key, but for the keys in skip.
local function same(a, b, skip)
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  for k, v in next, a do
    if not (skip and skip[k]) and not same(v, b[k]) then return false end
  end
  for k in next, b do
    if not (skip and skip[k]) and a[k] == nil then return false end
  end
  return true
end

-- What a piece's weight depends on: everything it declares but its looks
-- and its help.
local LOOKS = { look = true, help = true }

-- M.own_terms(game) -> { name = true } for each term the game does not
-- inherit from its base: all of them without a base; for a variant, the
-- terms of pieces it adds or declares differently, and any term its base
-- has not.
function M.own_terms(game)
  local terms, base = game:terms(), game.base
  local own = {}
  if not base then
    for _, term in ipairs(terms) do own[term.name] = true end
    return own
  end
  local theirs = {}
  for _, term in ipairs(base:terms()) do theirs[term.name] = true end
  for _, term in ipairs(terms) do
    local p = term.piece
    own[term.name] = not theirs[term.name]
                     or (p and not same(game.def.pieces[p],
                                        base.def.pieces[p], LOOKS))
                     or nil
  end
  return own
end

-- M.unit(game [, asked]) -> the term a game's values are counted in:
-- asked, else the unit of the first weights file up the game's chain of
-- bases that names one, else the first term whose hand-set weight is 1 (a
-- pawn), else the first term
function M.unit(game, asked)
  if asked then return asked end
  local g = game
  while g do
    local t = rawget(g, "tuning")
    if t and t.unit then return t.unit end
    g = g.base
  end
  local terms = game:terms()
  for _, t in ipairs(terms) do
    if t.weight == 1 then return t.name end
  end
  return terms[1] and terms[1].name
end

-- The factor between a game's weights in force (w, its weights) and its
-- hand-set ones: its unit's weight in force over the unit's hand-set
-- weight. A fit keeps the unit's weight, so it is 1 but where `wargrid
-- tune --scale` multiplied every weight (Block Wars: 0.118); 1 when the
-- unit's hand-set weight tells nothing (0, or a sign the file reversed).
local function scale_of(game, w)
  local unit = M.unit(game)
  for _, t in ipairs(game:terms()) do
    if t.name == unit then
      local f = (w[unit] or t.weight) / t.weight
      return f == f and f > 0 and f < math.huge and f or 1
    end
  end
  return 1
end

-- M.weights(game) -> { name = weight } for each of the game's terms: its
-- hand-set weight (the term's own), replaced by its base's weight for a
-- term it inherits (M.own_terms), replaced by its weights file's. A
-- variant's own terms are declared in its base's hand-set units: where
-- the base's weights file scaled them, so are those terms (scale_of).
function M.weights(game)
  local out, base = {}, game.base
  local inherited = base and base:weights() or {}
  local own = base and M.own_terms(game) or {}
  local scale = base and next(own) and scale_of(base, inherited) or 1
  for _, term in ipairs(game:terms()) do
    local w = term.weight * (own[term.name] and scale or 1)
    if not own[term.name] and inherited[term.name] ~= nil then
      w = inherited[term.name]
    end
    out[term.name] = w
  end
  local file = rawget(game, "tuning")
  for name, w in pairs(file and file.weights or {}) do
    if out[name] ~= nil then out[name] = w end
  end
  return out
end

-- ---- the weights file ----------------------------------------------------

-- M.path(script) -> the weights file of the game whose script is at
-- script: NAME/weights.lua for a folder's NAME/init.lua, else NAME.lua's
-- NAME.weights.lua beside it (a variant file's too)
function M.path(script)
  local folder = script:match("^(.*)/init%.lua$")
  if folder then return folder .. "/weights.lua" end
  return (script:gsub("%.lua$", "")) .. ".weights.lua"
end

local function finite(x)
  return type(x) == "number" and x == x and x ~= math.huge
         and x ~= -math.huge
end

-- Checks a weights file's table against the game's terms: weights (and
-- low, high: each weight's 95% interval) map term names to numbers; unit
-- names a term. Returns the table, or raises "path: what is wrong".
local function checked(t, path, game)
  local function bad(fmt, ...)
    error(string.format("%s: " .. fmt, path, ...), 0)
  end
  if type(t) ~= "table" then bad("must return a table of weights") end
  local names, list = {}, {}
  for _, term in ipairs(game:terms()) do
    names[term.name] = true
    list[#list + 1] = term.name
  end
  for _, key in ipairs { "weights", "low", "high" } do
    local map = t[key]
    if map ~= nil and type(map) ~= "table" or key == "weights" and not map
    then
      bad("%s must be a table of term names and numbers", key)
    end
    for name, w in pairs(map or {}) do
      if not names[name] then
        bad("%s.%s: %s has no term %s (its terms: %s)", key, tostring(name),
            game.name, tostring(name), table.concat(list, ", "))
      end
      if not finite(w) then
        bad("%s.%s must be a number, not %s", key, name, tostring(w))
      end
    end
  end
  local fit = t.fit
  if fit ~= nil and type(fit) ~= "table" then
    bad("fit must be a table (how the weights were made)")
  end
  -- what `wargrid values` tells of it: the games, the player and, from
  -- `tune --scale`, the factor every weight was multiplied by
  local function shown(x)
    return type(x) == "table" and "a table" or tostring(x)
  end
  fit = fit or {}
  if fit.games ~= nil and not (finite(fit.games) and fit.games >= 1
                               and fit.games == math.floor(fit.games)) then
    bad("fit.games must be a count of games, not %s", shown(fit.games))
  end
  if fit.player ~= nil and type(fit.player) ~= "string" then
    bad("fit.player must be a player's name, not %s", shown(fit.player))
  end
  for _, key in ipairs { "factor", "factor_low", "factor_high" } do
    if fit[key] ~= nil and not (finite(fit[key]) and fit[key] > 0) then
      bad("fit.%s must be a positive number (`wargrid tune --scale`'s "
          .. "factor on every weight, or its interval), not %s", key,
          shown(fit[key]))
    end
  end
  if t.unit ~= nil and not names[t.unit] then
    bad("unit: %s has no term %s", game.name, tostring(t.unit))
  end
  return t
end

-- M.read(path, game) -> the weights file's table for game (checked), or
-- nil when there is no file at path; raises "path: message" for a file
-- that is no weights file. The file is data: a chunk of text run with
-- nothing in its environment, which must return the table.
function M.read(path, game)
  local f = io.open(path)
  if not f then return nil end
  local text = f:read("a")
  f:close()
  local chunk, err = load(text, "@" .. path, "t", {})
  if not chunk then error(err, 0) end
  local ok, t = pcall(chunk)
  if not ok then error(tostring(t), 0) end
  return checked(t, path, game)
end

-- A number as the file writes it: to 4 significant digits, plainly.
local function num(x)
  local s = string.format("%.4g", x)
  return s
end

local function quote_key(k)
  return k:match("^[%a_][%w_]*$") and k or string.format("[%q]", k)
end

-- M.text(t, names, header) -> a weights file's text: header (lines, each
-- written as a comment), then `return { unit =, weights =, low =, high =,
-- fit = }` with the terms in the order of names (the game's), fit's
-- fields sorted.
function M.text(t, names, header)
  local lines = {}
  -- a carriage return ends a line for Lua too: it starts another comment
  for line in (header:gsub("\r", "\n") .. "\n"):gmatch("([^\n]*)\n") do
    lines[#lines + 1] = "-- " .. line
  end
  lines[#lines + 1] = "return {"
  if t.unit then lines[#lines + 1] = string.format("  unit = %q,", t.unit) end
  for _, key in ipairs { "weights", "low", "high" } do
    if t[key] and next(t[key]) then
      lines[#lines + 1] = "  " .. key .. " = {"
      for _, name in ipairs(names) do
        local w = t[key][name]
        if w then
          lines[#lines + 1] = string.format("    %s = %s,", quote_key(name),
                                            num(w))
        end
      end
      lines[#lines + 1] = "  },"
    end
  end
  if t.fit then
    local keys = {}
    for k in pairs(t.fit) do keys[#keys + 1] = k end
    table.sort(keys)
    lines[#lines + 1] = "  fit = {"
    for _, k in ipairs(keys) do
      local v = t.fit[k]
      lines[#lines + 1] = string.format("    %s = %s,", quote_key(k),
                                        type(v) == "string"
                                        and string.format("%q", v)
                                        or tostring(v))
    end
    lines[#lines + 1] = "  },"
  end
  lines[#lines + 1] = "}"
  return table.concat(lines, "\n") .. "\n"
end

return M
