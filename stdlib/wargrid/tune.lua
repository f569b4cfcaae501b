-- wargrid.tune: a game's evaluation weights fitted from games it plays
-- (`wargrid tune`), and the pieces' values they give (`wargrid values`).
--
-- The data: games of one player against itself (wargrid.selfplay, game i
-- with seed S + i, so shards and processes give the same games), each
-- started by a few random actions so that no two are alike; every few
-- actions after those, a quiet position (no forcing action: quiescence
-- would play on) gives a row of the evaluation's features for the first
-- side (game:features(s, 1)) and which side is to act. Each row takes its
-- game's result for the first side (1, 1/2, 0); a game cut off by a limit
-- (the move limit, or a game's own) has no result and is left out: its
-- positions were not shown to lead to a draw, only to a long game. With a
-- teacher (an outside engine or wargrid's own deeper search,
-- wargrid.teacher) each row takes instead the chance the teacher gives the
-- first side there: a label per position, so far fewer games tell the
-- weights, and as well as the teacher judges.
--
-- The fit: the logistic model of the result, P = 1 / (1 + e^-z) with z an
-- intercept (the first side's edge), a term for the side to act, and the
-- weighted features, fitted by maximum likelihood (Newton's method; a
-- draw counts as half a win, as in Texel tuning's loss, which it
-- replaces by the likelihood). The positions of one game share its
-- result, so the covariance of the weights is the sandwich estimator
-- clustered by game (each game one independent draw), not the
-- likelihood's own, which would take the positions of a game for
-- independent evidence. The weights are written in the evaluation's
-- units: the unit term (a pawn) keeps its weight and the others are their
-- fitted ratio to it; each one's 95% interval is the delta method's.
-- A variant fits only the terms it adds or changes (wargrid.weights): its
-- base's weights stay as they are, summed into one more feature whose
-- fitted coefficient is the scale that turns evaluation units into the
-- model's; a new term's weight is its coefficient over that scale.
-- A game searched by MCTS reads the evaluation as a chance, so there its
-- scale counts too: fitting no term, all of them summed into that one
-- feature, gives the scale alone, and every weight is multiplied by it
-- (and by the eval_scale that MCTS divides by).
local core = require "wargrid.core"
local stats = require "wargrid.stats"
local teacher = require "wargrid.teacher"
local weights = require "wargrid.weights"

-- units("pawn") -> "pawns"; units("territory") -> "units of territory"
local function units(term)
  if term:match("[^aeiou]y$") then return "units of " .. term end
  return term .. "s"
end

local M = {}

M.OPENING = 8      -- random actions before the players
M.EVERY = 3        -- a position every so many actions after those

-- ---- the data ------------------------------------------------------------

-- A number as a row holds it: to 10 significant digits, as JSON writes it,
-- so that a run's rows are the same played here or sent by a worker.
local function held(x)
  if math.type(x) == "integer" then return x end
  return tonumber(string.format("%.10g", x))
end

-- M.sampler(game, opening, every [, judge]) -> the opts of selfplay.play
-- that play `opening` random actions first, then keep in rec.rows, every
-- `every` actions, the rows of the quiet positions: { side to act (1 the
-- first side, -1 the second), the features of game:features(s, 1)... }.
-- With judge(s) -> the chance that the side to act wins (a teacher's;
-- nil when Ctrl-C stopped it), rec.labels holds each row's chance for the
-- first side.
function M.sampler(game, opening, every, judge)
  local out = core.actions()
  local forcing = type(game.forcing) == "function" and game.forcing
  local function watch(s, plies, rec)
    if plies < opening or (plies - opening) % every ~= 0 then return end
    if forcing then
      out:clear()
      if forcing(game, s, out) or out:size() > 0 then return end
    end
    local p = judge and judge(s)
    if judge and not p then return end  -- Ctrl-C: the game is lost
    local row = { s:decider() == 1 and 1 or -1 }
    for k, x in ipairs(game:features(s, 1)) do row[k + 1] = held(x) end
    rec.rows = rec.rows or {}
    rec.rows[#rec.rows + 1] = row
    if judge then
      rec.labels = rec.labels or {}
      rec.labels[#rec.rows] = held(row[1] == 1 and p or 1 - p)
    end
  end
  return { opening = opening, watch = watch }
end

-- The first side's score in a game: 1, 1/2 or 0.
local function score(rec)
  if rec.winner == 1 then return 1 end
  return rec.winner == 2 and 0 or 0.5
end

-- The rows a game gives the fit: its rows when it has a result or a
-- teacher judged them (a game cut off by a limit has no result), else
-- none.
local function rows_of(rec)
  if rec.rows and (rec.labels or not rec.cutoff) then return rec.rows end
  return {}
end

-- The chance a teacher gave the side to act in every position, when it
-- judged them all and all alike (to 1e-9, as rows hold them): it did not
-- see them (an engine that kept a position of its own), and a fit would
-- fit its constant exactly, with intervals of no width. Else nil.
local function alike(records)
  local low, high = math.huge, -math.huge
  for _, rec in ipairs(records) do
    for i, row in ipairs(rows_of(rec)) do
      if not rec.labels then return nil end
      local p = row[1] == 1 and rec.labels[i] or 1 - rec.labels[i]
      low, high = math.min(low, p), math.max(high, p)
    end
  end
  if high - low < 1e-9 then return low end
end

-- ---- linear algebra (small, dense, symmetric) ----------------------------

-- The Cholesky factor of the n x n matrix a (a list of rows), or nil when
-- it is not positive definite.
local function cholesky(a, n)
  local l = {}
  for i = 1, n do
    l[i] = {}
    for j = 1, i do
      local sum = a[i][j]
      for k = 1, j - 1 do sum = sum - l[i][k] * l[j][k] end
      if i == j then
        if sum <= 0 then return nil end
        l[i][i] = math.sqrt(sum)
      else
        l[i][j] = sum / l[j][j]
      end
    end
  end
  return l
end

-- x with l l^T x = b.
local function solve(l, b, n)
  local y, x = {}, {}
  for i = 1, n do
    local sum = b[i]
    for k = 1, i - 1 do sum = sum - l[i][k] * y[k] end
    y[i] = sum / l[i][i]
  end
  for i = n, 1, -1 do
    local sum = y[i]
    for k = i + 1, n do sum = sum - l[k][i] * x[k] end
    x[i] = sum / l[i][i]
  end
  return x
end

local function inverse(l, n)
  local inv = {}
  for i = 1, n do inv[i] = {} end
  for j = 1, n do
    local e = {}
    for i = 1, n do e[i] = i == j and 1 or 0 end
    local col = solve(l, e, n)
    for i = 1, n do inv[i][j] = col[i] end
  end
  return inv
end

local function zeros(n)
  local m = {}
  for i = 1, n do
    m[i] = {}
    for j = 1, n do m[i][j] = 0 end
  end
  return m
end

-- ---- the fit -------------------------------------------------------------

-- The data as flat arrays: x (n rows of p columns), y, the game of each
-- row (1..games); the columns' names.
local function design(records, cols)
  local x, y, group, n, games = {}, {}, {}, 0, 0
  local p = #cols
  for _, rec in ipairs(records) do
    local rows = rows_of(rec)
    if #rows > 0 then
      games = games + 1
      local sc = score(rec)
      for i, row in ipairs(rows) do
        n = n + 1
        for j, col in ipairs(cols) do x[(n - 1) * p + j] = col.get(row) end
        y[n], group[n] = rec.labels and rec.labels[i] or sc, games
      end
    end
  end
  return { x = x, y = y, group = group, n = n, p = p, games = games }
end

local function sigmoid(z)
  if z >= 0 then return 1 / (1 + math.exp(-z)) end
  local e = math.exp(z)
  return e / (1 + e)
end

-- The log-likelihood of theta, its gradient and the information matrix
-- (the Hessian of minus it).
local function likelihood(d, theta)
  local p, x, y = d.p, d.x, d.y
  local ll, g, h = 0, {}, zeros(p)
  for j = 1, p do g[j] = 0 end
  for i = 1, d.n do
    local base, z = (i - 1) * p, 0
    for j = 1, p do z = z + theta[j] * x[base + j] end
    local q = sigmoid(z)
    local yi = y[i]
    ll = ll + yi * math.log(math.max(q, 1e-300))
         + (1 - yi) * math.log(math.max(1 - q, 1e-300))
    local r, w = yi - q, q * (1 - q)
    for j = 1, p do
      local xj = x[base + j]
      if xj ~= 0 then
        g[j] = g[j] + r * xj
        local hj, wx = h[j], w * xj
        for k = 1, j do hj[k] = hj[k] + wx * x[base + k] end
      end
    end
  end
  for j = 1, p do
    for k = 1, j - 1 do h[k][j] = h[j][k] end
  end
  return ll, g, h
end

-- A little ridge keeps the information invertible when the data cannot
-- tell a coefficient (a separation): RIDGE times its largest diagonal.
local RIDGE = 1e-9

local function ridged(h, p)
  local top = 0
  for j = 1, p do top = math.max(top, h[j][j]) end
  local a = {}
  for j = 1, p do
    a[j] = {}
    for k = 1, p do a[j][k] = h[j][k] end
    a[j][j] = a[j][j] + RIDGE * math.max(top, 1)
  end
  return a
end

-- Newton's method from 0, each step halved while the likelihood falls.
-- -> theta, the information matrix's Cholesky factor at theta.
local function newton(d)
  local p = d.p
  local theta = {}
  for j = 1, p do theta[j] = 0 end
  local ll, g, h = likelihood(d, theta)
  for _ = 1, 100 do
    local l = cholesky(ridged(h, p), p)
    if not l then break end
    local step = solve(l, g, p)
    local t, size = 1, 0
    local nll, ng, nh, next_theta
    repeat
      next_theta = {}
      for j = 1, p do next_theta[j] = theta[j] + t * step[j] end
      nll, ng, nh = likelihood(d, next_theta)
      t = t / 2
    until nll >= ll - 1e-12 * math.abs(ll) or t < 1e-6
    for j = 1, p do
      size = math.max(size, math.abs(next_theta[j] - theta[j])
                            / (1 + math.abs(theta[j])))
    end
    theta, ll, g, h = next_theta, nll, ng, nh
    if size < 1e-10 then break end
  end
  return theta, cholesky(ridged(h, p), p)
end

-- The covariance of theta: the sandwich H^-1 B H^-1, B summing over games
-- the outer product of each game's score (the gradient of its positions'
-- log-likelihood), times G / (G - 1) for G games.
local function sandwich(d, theta, l)
  local p, x, y, group = d.p, d.x, d.y, d.group
  local b, u, current = zeros(p), {}, nil
  local function flush()
    if not current then return end
    for j = 1, p do
      local bj, uj = b[j], u[j]
      for k = 1, p do bj[k] = bj[k] + uj * u[k] end
    end
  end
  for i = 1, d.n do
    if group[i] ~= current then
      flush()
      current = group[i]
      for j = 1, p do u[j] = 0 end
    end
    local base, z = (i - 1) * p, 0
    for j = 1, p do z = z + theta[j] * x[base + j] end
    local r = y[i] - sigmoid(z)
    for j = 1, p do u[j] = u[j] + r * x[base + j] end
  end
  flush()
  local hinv = inverse(l, p)
  local v = zeros(p)
  local scale = d.games > 1 and d.games / (d.games - 1) or 1
  for i = 1, p do
    for j = 1, p do
      local sum = 0
      for a = 1, p do
        local hia = hinv[i][a]
        if hia ~= 0 then
          for c = 1, p do sum = sum + hia * b[a][c] * hinv[c][j] end
        end
      end
      v[i][j] = scale * sum
    end
  end
  return v
end

-- The standard error of fn(theta) by the delta method, its gradient taken
-- by central differences.
local function delta(fn, theta, v)
  local p, grad = #theta, {}
  for j = 1, p do
    local h = 1e-6 * math.max(math.abs(theta[j]), math.sqrt(v[j][j]), 1e-9)
    local up, down = {}, {}
    for k = 1, p do up[k], down[k] = theta[k], theta[k] end
    up[j], down[j] = theta[j] + h, theta[j] - h
    grad[j] = (fn(up) - fn(down)) / (2 * h)
  end
  local var = 0
  for i = 1, p do
    for j = 1, p do var = var + grad[i] * v[i][j] * grad[j] end
  end
  return math.sqrt(math.max(var, 0))
end

-- M.fit(records, spec) -> the fit, or nil and why it cannot be made.
-- spec: terms (the game's), free ({ name = true }: the terms fitted; the
-- others keep their weights), now (the weights in force), unit (a term's
-- name), scale_to (none free: every weight times the scale and this; nil:
-- the kept terms keep their weights). The fit: games, positions, cut
-- (games cut off, left out), scale (the model's logit for one unit of
-- evaluation), side (the logit of being the side to act), first (the
-- first side's, with both equal), factor (with scale_to, what each weight
-- was multiplied by; flow, fhigh its 95% interval), and per term, in the
-- game's order, { name, piece, status ("tuned", "scaled", "kept": not
-- fitted, "unseen": fitted but never told apart in the data), before,
-- weight, low, high, value, vlow, vhigh } -- value in units of the unit
-- term, low and high a 95% interval.
function M.fit(records, spec)
  local terms, free, now = spec.terms, spec.free, spec.now
  local cut = 0
  for _, rec in ipairs(records) do
    if rec.cutoff and not rec.labels then cut = cut + 1 end
  end
  -- the columns: the intercept, the side to act, the kept terms' sum, the
  -- free terms; a column never told apart from 0 (or the side to act
  -- from the intercept) is left out
  local cols = { { name = "first", get = function() return 1 end } }
  local function varies(get)
    local first
    for _, rec in ipairs(records) do
      for _, row in ipairs(rows_of(rec)) do
        local v = get(row)
        if first == nil then first = v elseif v ~= first then return true end
      end
    end
    return false
  end
  local function add(name, get, term)
    if varies(get) then
      cols[#cols + 1] = { name = name, get = get, term = term }
      return #cols
    end
  end
  add("side", function(row) return row[1] end)
  local kept = false
  for _, t in ipairs(terms) do kept = kept or not free[t.name] end
  local scale_col
  if kept then
    scale_col = add("kept", function(row)
      local sum = 0
      for k, t in ipairs(terms) do
        if not free[t.name] then sum = sum + now[t.name] * row[k + 1] end
      end
      return sum
    end)
    if not scale_col then
      return nil, next(free) and "the kept terms never differ between the "
                  .. "sides: their scale cannot be fitted"
                  or "the evaluation in force never differs between the "
                  .. "sides: its scale cannot be fitted"
    end
  end
  local col_of = {}
  for k, t in ipairs(terms) do
    if free[t.name] then
      col_of[t.name] = add(t.name, function(row) return row[k + 1] end, k)
    end
  end
  local d = design(records, cols)
  if d.n == 0 then
    return nil, "no position to fit: every game was cut off or too short"
  end
  local same = d.n > 1 and alike(records)
  if same then
    return nil, string.format("the teacher judged all %d positions alike "
                              .. "(the side to act's chance %.3g): it "
                              .. "cannot have seen them", d.n, same)
  end
  local theta, l = newton(d)
  if not l then
    return nil, "the features are collinear: the fit has no unique answer"
  end
  local v = sandwich(d, theta, l)
  -- the weights as functions of theta
  local unit = spec.unit
  local unit_col = col_of[unit]
  local denominator
  if scale_col then
    denominator = function(th) return th[scale_col] end
  elseif unit_col then
    denominator = function(th) return th[unit_col] / now[unit] end
  else
    return nil, string.format("the unit %s never differs between the "
                              .. "sides: choose another (--unit)", unit)
  end
  local fn = {}
  for _, t in ipairs(terms) do
    local col = col_of[t.name]
    if col then
      fn[t.name] = function(th) return th[col] / denominator(th) end
    else
      local w = now[t.name]
      fn[t.name] = function() return w end
    end
  end
  local scale = denominator(theta)
  local scale_se = delta(denominator, theta, v)
  if scale < -stats.Z * scale_se then
    return nil, string.format("in %s the side the evaluation favours goes "
                              .. "on to lose (its scale %.3g, standard "
                              .. "error %.3g): a weight's sign is wrong",
                              stats.games(d.games), scale, scale_se)
  end
  if scale ~= scale or scale <= stats.Z * scale_se then
    return nil, string.format("%s cannot tell the evaluation from noise "
                              .. "(its scale %.3g, standard error %.3g): "
                              .. "play more", stats.games(d.games), scale,
                              scale_se)
  end
  local out = { games = d.games, positions = d.n, cut = cut, scale = scale,
                scale_se = scale_se, unit = unit, terms = {} }
  local to = spec.scale_to
  if to then
    out.factor = scale * to
    out.flow, out.fhigh = (scale - stats.Z * scale_se) * to,
                          (scale + stats.Z * scale_se) * to
  end
  for j, col in ipairs(cols) do
    if col.name == "side" then out.side = theta[j] end
    if col.name == "first" then out.first = theta[j] end
  end
  local function value_of(name)
    return function(th) return fn[name](th) / fn[unit](th) end
  end
  for _, t in ipairs(terms) do
    local w, e = fn[t.name](theta), {}
    e.name, e.piece, e.before, e.weight = t.name, t.piece, now[t.name], w
    e.status = col_of[t.name] and "tuned" or free[t.name] and "unseen"
               or to and "scaled" or "kept"
    e.value = value_of(t.name)(theta)
    if to then
      e.weight = w * out.factor
      e.low, e.high = w * out.flow, w * out.fhigh
      if e.low > e.high then e.low, e.high = e.high, e.low end
    end
    if e.status == "tuned" and (scale_col or t.name ~= unit) then
      local se = delta(fn[t.name], theta, v)
      e.low, e.high = w - stats.Z * se, w + stats.Z * se
      local vse = delta(value_of(t.name), theta, v)
      e.vlow, e.vhigh = e.value - stats.Z * vse, e.value + stats.Z * vse
    end
    out.terms[#out.terms + 1] = e
  end
  return out
end

-- ---- values --------------------------------------------------------------

-- M.values(game [, unit]) -> what `wargrid values` tells of a game: its
-- weights in force with their 95% intervals where a weights file gives
-- them, each in units of the unit term (the file's, else unit, else
-- M.default_unit), and the same of its base for a variant: { unit, file
-- (the game's own weights file's table, or nil), terms = { { name, piece,
-- weight, low, high, value, vlow, vhigh, source ("tuned", "scaled": its
-- file multiplied the weights before it, "inherited",
-- "hand-set"), own (a term the variant adds or changes) } }, base = the
-- same of the base, or nil }
function M.values(game, unit)
  local terms, now = game:terms(), game:weights()
  local base = game.base
  while base and base.name == game.name do base = base.base end
  local own = base and weights.own_terms(game) or {}
  -- where each weight's interval is: the first weights file up the chain
  -- that sets it
  local function tuning_of(name)
    local g = game
    while g do
      local t = rawget(g, "tuning")
      if t and t.weights[name] ~= nil then return t, g end
      if g.base and not weights.own_terms(g)[name] then
        g = g.base
      else
        return nil
      end
    end
  end
  local file = rawget(game, "tuning")
  unit = weights.unit(game, unit)
  local out = { unit = unit, file = file, terms = {} }
  local u = now[unit]
  for _, t in ipairs(terms) do
    local w = now[t.name]
    local e = { name = t.name, piece = t.piece, weight = w, value = w / u,
                own = own[t.name] or nil }
    local tf, from = tuning_of(t.name)
    if tf then
      e.source = from.name ~= game.name and "inherited"
                 or tf.fit and tf.fit.factor and "scaled"
                 or "tuned"
      if tf.low and tf.low[t.name] then
        e.low, e.high = tf.low[t.name], tf.high[t.name]
        e.vlow, e.vhigh = e.low / u, e.high / u
      end
    else
      e.source = "hand-set"
    end
    out.terms[#out.terms + 1] = e
  end
  if base and base:weights()[unit] then
    out.base = M.values(base, unit)
    out.base.name = base.name
  end
  return out
end

-- ---- words ---------------------------------------------------------------

-- The seeds of the games a fit rests on, in words: those M.seeds told of
-- a merge of part of a run (h.seeds), else the whole run's.
local function seeds_of(h)
  return h.seeds or string.format("seeds %d..%d", h.seed,
                                  h.seed + h.games - 1)
end

-- "a", "a and b", "a, b and c"
local function listed(words)
  if #words <= 1 then return words[1] or "" end
  return table.concat(words, ", ", 1, #words - 1) .. " and " .. words[#words]
end

-- M.seeds(h, indices, shards) -> the seeds of the games of a run (h: its
-- header) that a merge holds (indices: their game indices, ascending;
-- game i has seed h.seed + i), in words: the run's ("seeds 1..90") when it
-- holds every game; the shards' ("shards 1/3 and 3/3 of seeds 1..90")
-- when it holds exactly the games of the shards its files name (shards:
-- their "I/N"); else the seeds as ranges ("seeds 1..40, 46..90"), or
-- how many of the run's when they make more than three ("62 of seeds
-- 1..90").
function M.seeds(h, indices, shards)
  local all = seeds_of { seed = h.seed, games = h.games }
  if #indices == h.games then return all end
  local want, count, named = {}, 0, {}
  for _, shard in ipairs(shards) do
    local i, n = shard:match("^(%d+)/(%d+)$")
    i, n = tonumber(i), tonumber(n)
    if i and not named[shard] then
      named[shard] = { i, n }
      named[#named + 1] = shard
      for k = i - 1, h.games - 1, n do
        if count > #indices then break end  -- more than it holds: not theirs
        if not want[k] then want[k], count = true, count + 1 end
      end
    end
  end
  local theirs = #named > 0 and count == #indices
  for _, k in ipairs(indices) do theirs = theirs and want[k] end
  if theirs then
    table.sort(named, function(a, b)
      local x, y = named[a], named[b]
      return x[2] < y[2] or x[2] == y[2] and x[1] < y[1]
    end)
    return string.format("%s %s of %s", #named == 1 and "shard" or "shards",
                         listed(named), all)
  end
  local runs, first = {}, 1
  for j = 1, #indices do
    if j == #indices or indices[j + 1] ~= indices[j] + 1 then
      local a, b = h.seed + indices[first], h.seed + indices[j]
      runs[#runs + 1] = a == b and tostring(a)
                        or string.format("%d..%d", a, b)
      first = j + 1
    end
  end
  if #runs == 0 or #runs > 3 then
    return string.format("%d of %s", #indices, all)
  end
  return "seeds " .. table.concat(runs, ", ")
end

-- A weight or value to 3 significant digits, plainly.
local function num(x)
  if x == nil then return "" end
  local s = string.format("%.3g", x)
  if s:find("e") then s = string.format("%.4f", x) end
  return s
end

local function interval(lo, hi)
  if not lo then return "" end
  return string.format("[%s, %s]", num(lo), num(hi))
end

-- Rows of cells as lines, two spaces in, the columns as wide as their
-- widest cell: the first and those whose align is "<" flush left, the
-- others right. Trailing blanks are cut.
local function columns(rows, align)
  local width = {}
  for _, row in ipairs(rows) do
    for j, cell in ipairs(row) do
      width[j] = math.max(width[j] or 0, #cell)
    end
  end
  local lines = {}
  for _, row in ipairs(rows) do
    local parts = {}
    for j, cell in ipairs(row) do
      local pad = (" "):rep(width[j] - #cell)
      parts[j] = (j == 1 or align[j] == "<") and cell .. pad or pad .. cell
    end
    lines[#lines + 1] = ("  " .. table.concat(parts, "  ")):gsub("%s+$", "")
  end
  return lines
end

-- M.fit_report(header, fit) -> text: how the data was played, then a line
-- per term: the weight before, the fitted one and its interval, and its
-- value in units of the unit term with its interval.
function M.fit_report(h, fit)
  local lines = {}
  local function add(fmt, ...) lines[#lines + 1] = string.format(fmt, ...) end
  add("%s: weights %s from %s of %s against itself, %s, each from "
      .. "%d random actions", h.game, fit.factor and "scaled" or "fitted",
      stats.games(fit.games), h.player, seeds_of(h), h.opening)
  if h.teacher then
    add("  %s positions, a quiet one every %d actions, each judged by %s "
        .. "at depth %d", stats.count(fit.positions), h.every,
        teacher.name(h.teacher), h.depth)
  else
    add("  %s positions, a quiet one every %d actions; %s cut off by a "
        .. "limit left out", stats.count(fit.positions), h.every,
        stats.games(fit.cut))
  end
  local rows = { { "term", "before", "tuned", "95% interval",
                   "in " .. units(fit.unit), "95% interval", "" } }
  for _, e in ipairs(fit.terms) do
    local note = e.status == "kept" and "kept"
                 or e.status == "scaled" and "scaled"
                 or e.status == "unseen" and "never told apart: kept"
                 or e.name == fit.unit and "the unit" or ""
    rows[#rows + 1] = { e.name, num(e.before), num(e.weight),
                        interval(e.low, e.high), num(e.value),
                        interval(e.vlow, e.vhigh), note }
  end
  for _, line in ipairs(columns(rows, { [4] = "<", [6] = "<", [7] = "<" }))
  do
    lines[#lines + 1] = line
  end
  -- a unit of evaluation: the unit term's weight in force, if that is 1
  local unit_of = fit.unit
  for _, e in ipairs(fit.terms) do
    if e.name == fit.unit and e.before ~= 1 then
      unit_of = string.format("unit (a %s weighing %.3g)", fit.unit, e.before)
    end
  end
  add("  one %s of evaluation is %.3g of the model's logit [%.3g, %.3g]; "
      .. "the side to act, %s", unit_of, fit.scale,
      fit.scale - stats.Z * fit.scale_se, fit.scale + stats.Z * fit.scale_se,
      fit.side and string.format("%+.3g", fit.side) or "not told apart")
  if fit.factor then
    add("  every weight times %.3g [%.3g, %.3g], so that MCTS reads the "
        .. "evaluation as the model's chance; the values stay", fit.factor,
        fit.flow, fit.fhigh)
  end
  return table.concat(lines, "\n")
end

-- M.values_report(name, values) -> text: each piece's value in units of
-- the unit piece with its interval where one is known and where it comes
-- from, then the other terms; for a variant, the base's value beside and
-- what changed.
function M.values_report(name, v)
  local lines = {}
  local by_base = {}
  for _, e in ipairs(v.base and v.base.terms or {}) do by_base[e.name] = e end
  lines[1] = string.format("%s: values in %s, 95%% intervals where tuned",
                           name, units(v.unit))
  local head = { "piece", "value", "95% interval", "from" }
  if v.base then
    for _, x in ipairs { v.base.name, "95% interval", "change" } do
      head[#head + 1] = x
    end
  end
  local rows, others = { head }, {}
  local function row(e)
    local r = { e.name, num(e.value), interval(e.vlow, e.vhigh), e.source }
    if v.base then
      local b = by_base[e.name]
      r[5] = b and num(b.value) or "-"
      r[6] = b and interval(b.vlow, b.vhigh) or ""
      r[7] = not b and "new" or e.own and "changed"
             or math.abs(b.value - e.value) > 1e-9 and "moved" or ""
    end
    rows[#rows + 1] = r
  end
  for _, e in ipairs(v.terms) do
    if e.piece then row(e) else others[#others + 1] = e end
  end
  if #others > 0 then
    rows[#rows + 1] = { "other terms:" }
    for _, e in ipairs(others) do row(e) end
  end
  for _, line in ipairs(columns(rows, { [3] = "<", [4] = "<", [6] = "<",
                                        [7] = "<" })) do
    lines[#lines + 1] = line
  end
  local g, seen = v, {}
  while g do
    local fit = g.file and g.file.fit
    if fit and fit.games and not seen[g.file] then
      seen[g.file] = true
      lines[#lines + 1] = string.format("  %s %s from %s of %s",
        g.name or name, fit.factor and string.format(
          "scaled (every weight then in force times %.4g)", fit.factor)
        or "tuned", stats.games(fit.games), tostring(fit.player))
    end
    g = g.base
  end
  return table.concat(lines, "\n")
end

-- M.file(game, fit, h) -> the weights file of a fit, as text: the terms it
-- tuned, their intervals and the unit, and how it was made.
function M.file(game, fit, h)
  local t = { unit = fit.unit, weights = {}, low = {}, high = {},
              fit = { games = fit.games, positions = fit.positions,
                      player = h.player, seed = h.seed, opening = h.opening,
                      every = h.every, max_plies = h.max_plies,
                      cut = fit.cut, teacher = h.teacher,
                      depth = h.depth } }
  if fit.factor then
    local function four(x) return tonumber(string.format("%.4g", x)) end
    t.fit.factor = four(fit.factor)
    t.fit.factor_low, t.fit.factor_high = four(fit.flow), four(fit.fhigh)
  end
  local names = {}
  for _, e in ipairs(fit.terms) do
    names[#names + 1] = e.name
    if e.status == "tuned" then
      t.weights[e.name] = e.weight
      t.low[e.name], t.high[e.name] = e.low, e.high
    elseif e.status == "scaled" then
      t.weights[e.name] = e.weight
    end
  end
  return weights.text(t, names, string.format(
    "%s: the evaluation's weights, %s by `wargrid tune`\nfrom %s of "
    .. "%s against itself (%s)%s;\n%s.\n"
    .. "Values in %s: `wargrid values%s`.", game.name,
    fit.factor and "scaled" or "fitted",
    stats.games(fit.games), h.player, seeds_of(h),
    h.teacher and string.format(",\neach position judged by %s at depth %d",
                                teacher.name(h.teacher), h.depth) or "",
    fit.factor and "every weight in force times fit.factor;\nfactor_low "
    .. "and factor_high, its 95% interval"
    or "low and high: 95% intervals", units(fit.unit),
    h.variant and " --variant " .. h.variant or " " .. game.name))
end

return M
