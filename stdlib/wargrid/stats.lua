-- wargrid.stats: what the games of a run say about balance, in numbers and
-- in words -- the first player's score and its change with 95% intervals,
-- the games a chosen interval width needs, Fishtest's sequential test, and
-- the verdicts `selfplay` and `compare` end with.
--
-- A game's score for its first player is 1 (a win), 1/2 (a draw) or 0. A
-- game is balanced when the first player's score is near 50%: here, when
-- its whole 95% interval lies within 50% +- M.BALANCED. One variant is
-- more balanced than another when its score is nearer 50%, whichever side
-- it favours: that compares distances from 50%, not signs.
local M = {}

M.Z = 1.96            -- two-sided 95%
M.BALANCED = 0.05     -- within 5 points of 50% is balanced
M.WIDTH = 0.10        -- the default interval width asked for: +-5 points

-- ---- intervals ---------------------------------------------------------

-- The Wilson score interval for a mean p over n games whose outcomes have
-- the variance v each (p(1 - p) for a proportion): the means whose normal
-- test at z does not reject p.
local function wilson_bounds(p, v, n, z)
  local z2 = z * z
  local centre = (p + z2 / (2 * n)) / (1 + z2 / n)
  local half = z * math.sqrt(math.max(0, v) / n + z2 / (4 * n * n))
               / (1 + z2 / n)
  return math.max(0, centre - half), math.min(1, centre + half)
end

-- M.wilson(k, n [, z]) -> the Wilson score interval of k successes in n
function M.wilson(k, n, z)
  if n == 0 then return 0, 1 end
  local p = k / n
  return wilson_bounds(p, p * (1 - p), n, z or M.Z)
end

-- A tally is the first player's results { w =, d =, l = } (wins, draws,
-- losses). Its score's variance per game is w + d/4 - p^2 (in rates), that
-- is p(1 - p) - d/4: draws lower it.
local function rates(t)
  local n = t.w + t.d + t.l
  local p = (t.w + t.d / 2) / n
  return p, p * (1 - p) - t.d / n / 4, n
end

-- ---- paired games -------------------------------------------------------

-- Games played in pairs (an opening and its chance played twice, each
-- player on each side; or game i of a variant beside game i of its base)
-- are counted by the pair: the pentanomial model, as engine testers count
-- them. The pair is one draw, its outcome one of a few values, and the
-- spread between pairs -- not between games -- is what the interval and
-- the test read: what the two games of a pair share (the opening's edge,
-- the same cards) no longer counts as noise.

-- A pair's mean score for the first player (its points over 2: 0 to 2 in
-- halves), and the change from a base's pair to its variant's (-1 to 1
-- in quarters; from one game to the other, M.PENTANOMIAL, in halves).
M.PAIRS = { 0, 0.25, 0.5, 0.75, 1 }
M.PAIR_DIFFERENCES = { -1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1 }

-- The number, mean and variance (per outcome) of outcomes counted ns[i]
-- of value xs[i].
local function moments(ns, xs)
  local n, sum = 0, 0
  for i, x in ipairs(xs) do
    n, sum = n + (ns[i] or 0), sum + (ns[i] or 0) * x
  end
  if n == 0 then return 0 end
  local m, v = sum / n, 0
  for i, x in ipairs(xs) do v = v + (ns[i] or 0) * (x - m) ^ 2 end
  return n, m, v / n
end

-- M.mean(ns, xs [, z]) -> the mean of outcomes counted ns[i] of value
-- xs[i] (within [xs[1], xs[#xs]]), and its interval: Wilson's, as for the
-- score, with the variance of the outcomes seen, on the range mapped to
-- [0, 1]; and the number of outcomes.
function M.mean(ns, xs, z)
  local n, m, v = moments(ns, xs)
  local lo, span = xs[1], xs[#xs] - xs[1]
  if n == 0 then return lo + span / 2, lo, lo + span, 0 end
  local a, b = wilson_bounds((m - lo) / span, v / span ^ 2, n, z or M.Z)
  return m, lo + a * span, lo + b * span, n
end

-- The index in xs of the value x (xs evenly spaced).
local function slot(xs, x)
  return math.floor((x - xs[1]) / (xs[2] - xs[1]) + 0.5) + 1
end
M.slot = slot

-- M.score(t [, z]) -> the first player's score, and its interval: Wilson's,
-- with the variance of a game's score in place of a proportion's (the same
-- as Wilson's without draws; narrower with them). A tally of paired games
-- (t.pairs: counts of M.PAIRS) gives the mean and interval of its pairs.
function M.score(t, z)
  if t.pairs then
    local p, lo, hi, n = M.mean(t.pairs, M.PAIRS, z)
    if n > 0 then return p, lo, hi end
  end
  if t.w + t.d + t.l == 0 then return 0.5, 0, 1 end
  local p, v, n = rates(t)
  return p, wilson_bounds(p, v, n, z or M.Z)
end

-- MOVER (Newcombe's method for a difference of proportions, for any two
-- estimates with intervals): b - a, and its interval; r, the correlation
-- of the two estimates (0, the default: independent ones), narrows it when
-- positive (Newcombe's square-and-add method for paired proportions).
local function mover(a, la, ha, b, lb, hb, r)
  local d, k = b - a, 2 * (r or 0)
  return d, d - math.sqrt(math.max(0, (b - lb) ^ 2 + (ha - a) ^ 2
                                      - k * (b - lb) * (ha - a))),
            d + math.sqrt(math.max(0, (hb - b) ^ 2 + (a - la) ^ 2
                                      - k * (hb - b) * (a - la)))
end
M.mover = mover

-- The variance of what M.score(t) averages: a game's score, or a pair's
-- mean score when t counts pairs.
local function spread(t)
  if t.pairs then
    local n, _, v = moments(t.pairs, M.PAIRS)
    if n > 0 then return v end
  end
  if t.w + t.d + t.l == 0 then return 0 end
  local _, v = rates(t)
  return v
end

-- The correlation of base's and variant's outcomes paired as diffs counts
-- their differences, from var(d) = var(a) + var(b) - 2 cov(a, b); 0 when a
-- side does not vary or there are no pairs. A positive covariance is
-- lowered by 1/(2n) first (a continuity correction, as Newcombe corrects
-- his phi), so that n pairs alike do not make the interval vanish.
local function correlation(base, variant, diffs)
  local va, vb = spread(base), spread(variant)
  local n, _, vd = moments(diffs.ns, diffs.xs)
  if n == 0 or va <= 0 or vb <= 0 then return 0 end
  local cov = (va + vb - vd) / 2
  if cov > 0 then cov = math.max(0, cov - 1 / (2 * n)) end
  local r = cov / math.sqrt(va * vb)
  if r ~= r then return 0 end            -- counts that are no counts
  return math.max(-1, math.min(1, r))
end

-- M.change(base, variant [, diffs]) -> the change in the first player's
-- score from the base's tally to the variant's, and its interval:
-- Newcombe's from the two intervals, with the correlation of the paired
-- outcomes when given (diffs: the counts ns of their differences over
-- values xs, and per: the games of each a difference is made of), else as
-- independent estimates
function M.change(base, variant, diffs)
  local a, la, ha = M.score(base)
  local b, lb, hb = M.score(variant)
  return mover(a, la, ha, b, lb, hb,
               diffs and correlation(base, variant, diffs))
end

-- The distance of a score from 50%, and the range of it over [lo, hi].
local function distance(p, lo, hi)
  local far = math.max(math.abs(lo - 0.5), math.abs(hi - 0.5))
  local near = (lo <= 0.5 and hi >= 0.5) and 0
               or math.min(math.abs(lo - 0.5), math.abs(hi - 0.5))
  return math.abs(p - 0.5), near, far
end

-- M.balance_change(base, variant) -> the change in the distance of the
-- first player's score from 50% (below 0: more balanced), and its interval
function M.balance_change(base, variant)
  local a, la, ha = distance(M.score(base))
  local b, lb, hb = distance(M.score(variant))
  return mover(a, la, ha, b, lb, hb)
end

-- ---- games needed ------------------------------------------------------

-- Counts ns scaled to total n.
local function rescaled(ns, n)
  local sum, out = 0, {}
  for _, k in pairs(ns) do sum = sum + k end
  for i, k in pairs(ns) do out[i] = sum > 0 and k * n / sum or 0 end
  return out
end

-- The tally t's rates over n games instead of its own count (its pairs'
-- over n / 2 pairs).
local function scaled(t, n)
  local k = n / (t.w + t.d + t.l)
  return { w = t.w * k, d = t.d * k, l = t.l * k,
           pairs = t.pairs and rescaled(t.pairs, n / 2) }
end

-- The least n >= 1 for which width(n) < w, width falling with n; nil if
-- not below 10^12 games.
local function least(width, w)
  local hi = 1
  while width(hi) >= w do
    hi = hi * 2
    if hi > 1e12 then return nil end
  end
  local lo = hi // 2     -- width(lo) >= w, or lo = 0
  while hi - lo > 1 do
    local mid = (lo + hi) // 2
    if width(mid) < w then hi = mid else lo = mid end
  end
  return hi
end

-- M.needed(t, w) -> the games at which the first player's score interval,
-- at the rates of tally t, is narrower than w
function M.needed(t, w)
  return least(function(n)
    local _, lo, hi = M.score(scaled(t, n))
    return hi - lo
  end, w)
end

-- M.needed_change(base, variant, w [, diffs]) -> the games of each at
-- which the interval of the change is narrower than w, at the two
-- tallies' rates (of the paired differences when given: M.change)
function M.needed_change(base, variant, w, diffs)
  return least(function(n)
    local d = diffs and { xs = diffs.xs, per = diffs.per,
                          ns = rescaled(diffs.ns, n / (diffs.per or 1)) }
    local _, lo, hi = M.change(scaled(base, n), scaled(variant, n), d)
    return hi - lo
  end, w)
end

-- ---- the sequential probability ratio test -----------------------------

-- Fishtest's generalized SPRT for a game whose outcomes take the values
-- xs[i] (0, 1/2, 1 for the first player's score; -1 .. 1 in halves for the
-- difference of a pair of games): the log-likelihood ratio of the outcome
-- counts ns[i] between the best distributions whose mean is s1 and whose
-- mean is s0. The best distribution with mean s, given the observed rates
-- p, is q_i = p_i / (1 + lambda (x_i - s)), with lambda the root of
-- sum p_i (x_i - s) / (1 + lambda (x_i - s)) = 0. As Fishtest does, an
-- outcome never seen counts as EPSILON of a game, so that every mean
-- between the extremes has a finite likelihood.
local EPSILON = 1e-3

local function best(ps, xs, s)
  -- 1 + lambda (x - s) > 0 for every x: lambda in (-1/(max - s), 1/(s - min))
  local lo, hi = -math.huge, math.huge
  for _, x in ipairs(xs) do
    if x > s then lo = math.max(lo, -1 / (x - s)) end
    if x < s then hi = math.min(hi, 1 / (s - x)) end
  end
  local function f(lambda)
    local sum = 0
    for i, x in ipairs(xs) do
      sum = sum + ps[i] * (x - s) / (1 + lambda * (x - s))
    end
    return sum
  end
  for _ = 1, 200 do       -- f falls from +inf at lo to -inf at hi
    local mid = lo + (hi - lo) / 2
    if mid == lo or mid == hi then break end
    if f(mid) > 0 then lo = mid else hi = mid end
  end
  local lambda = lo + (hi - lo) / 2
  local q = {}
  for i, x in ipairs(xs) do q[i] = ps[i] / (1 + lambda * (x - s)) end
  return q
end

-- M.llr(ns, xs, s0, s1) -> the log-likelihood ratio of H1 (mean s1)
-- against H0 (mean s0); s0 and s1 strictly between the least and the
-- greatest of xs
function M.llr(ns, xs, s0, s1)
  local n, counts = 0, {}
  for i in ipairs(xs) do
    counts[i] = math.max(ns[i] or 0, EPSILON)
    n = n + counts[i]
  end
  local ps = {}
  for i, k in ipairs(counts) do ps[i] = k / n end
  local q0, q1 = best(ps, xs, s0), best(ps, xs, s1)
  local sum = 0
  for i, k in ipairs(counts) do sum = sum + k * math.log(q1[i] / q0[i]) end
  return sum
end

-- The outcome values of the two tests.
M.TRINOMIAL = { 0, 0.5, 1 }
M.PENTANOMIAL = { -1, -0.5, 0, 0.5, 1 }

-- M.bounds(alpha, beta) -> the LLR at or below which H0 is accepted, and
-- at or above which H1 is (Wald's)
function M.bounds(alpha, beta)
  return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
end

-- M.sprt(ns, xs, test) -> the test's state { llr, lower, upper, result }:
-- result "H0", "H1" or nil (go on). test = { h0, h1, alpha, beta }.
function M.sprt(ns, xs, test)
  local lower, upper = M.bounds(test.alpha, test.beta)
  local llr = M.llr(ns, xs, test.h0, test.h1)
  return { h0 = test.h0, h1 = test.h1, alpha = test.alpha, beta = test.beta,
           llr = llr, lower = lower, upper = upper,
           result = llr >= upper and "H1" or llr <= lower and "H0" or nil }
end

-- M.trinomial(t) -> the counts of a tally in M.TRINOMIAL's order
function M.trinomial(t) return { t.l, t.d, t.w } end

-- ---- words -------------------------------------------------------------

-- Percent or points with a precision the interval deserves: whole numbers
-- when it is 10 points wide or more, unless one of the magnitudes told
-- would round to 0.
local function digits(lo, hi, ...)
  if hi - lo < 0.1 then return 1 end
  for _, x in ipairs { ... } do
    if math.abs(x) < 0.005 then return 1 end
  end
  return 0
end
local function num(x, k) return string.format("%." .. k .. "f", 100 * x) end

-- M.count(n) -> n with thousands separated: 1,540
function M.count(n)
  local s = tostring(math.tointeger(n) or n)
  repeat
    local k
    s, k = s:gsub("^(%d+)(%d%d%d)", "%1,%2")
  until k == 0
  return s
end

-- M.games(n) -> "1 game", "2 games", "2,000 games"
function M.games(n)
  return M.count(n) .. (n == 1 and " game" or " games")
end

-- M.about(n) -> n to three significant figures, for an estimate
function M.about(n)
  local scale = 10 ^ math.max(0, math.floor(math.log(n, 10)) - 2)
  return M.count(math.tointeger(math.floor(n / scale + 0.5) * scale)
                 or math.floor(n / scale + 0.5) * scale)
end

-- What the verdict must add when games were cut off: they count as the
-- draws they are, and all of them cut off decide nothing.
local function cut_note(n, cut)
  if not cut or cut == 0 then return "" end
  if cut == n then
    return string.format("; but %s cut off by a limit (raise it)",
                         n == 1 and "the one game was"
                         or "all " .. M.games(n) .. " were")
  end
  return string.format("; %s of %s games cut off by a limit count as draws",
                       M.count(cut), M.count(n))
end

-- The balance of tally t in words, and its code.
local function balance(t)
  local p, lo, hi = M.score(t)
  local k = digits(lo, hi, hi - 0.5, 0.5 - lo)
  local n = t.w + t.d + t.l
  local head = string.format("the first player scores %s%% (95%% interval "
                             .. "%s-%s): ", num(p, k), num(lo, k), num(hi, k))
  local band = string.format("within %s points of 50%%", num(M.BALANCED, 0))
  local within = lo >= 0.5 - M.BALANCED and hi <= 0.5 + M.BALANCED
  if lo > 0.5 and within then
    return head .. "balanced, with a slight first-move advantage ("
           .. band .. ")", "slight_first_move_advantage"
  elseif lo > 0.5 then
    return head .. "a first-move advantage", "first_move_advantage"
  elseif hi < 0.5 and within then
    return head .. "balanced, with a slight second-move advantage ("
           .. band .. ")", "slight_second_move_advantage"
  elseif hi < 0.5 then
    return head .. "a second-move advantage", "second_move_advantage"
  elseif within then
    return head .. "balanced (" .. band .. ")", "balanced"
  end
  return head .. string.format("can't tell with %s: anywhere from a "
    .. "second-move advantage of %s points to a first-move one of %s",
    M.games(n), num(0.5 - lo, k), num(hi - 0.5, k)), "unclear"
end

-- M.verdict(t [, cut]) -> the one-line answer of a run about the first
-- player, and a code for programs: balanced, first_move_advantage,
-- slight_first_move_advantage (the interval above 50% but within the
-- balanced band), their second_move counterparts, or unclear. cut: how
-- many of the games were cut off (draws the verdict then mentions).
function M.verdict(t, cut)
  local text, code = balance(t)
  return text .. cut_note(t.w + t.d + t.l, cut), code
end

-- M.compare_verdict(base, variant [, cut_base, cut_variant [, diffs]]) ->
-- the one-line answer of a comparison of two tallies, and codes for
-- programs: what the variant does to the first player's score (raises,
-- lowers, no_change_seen) and to balance (more_balanced, less_balanced,
-- as_balanced: the change in distance from 50% is within M.BALANCED either
-- way, unclear). cut_*: the games of each cut off by a limit; diffs: the
-- paired differences (M.change).
function M.compare_verdict(base, variant, cut_base, cut_variant, diffs)
  local d, lo, hi = M.change(base, variant, diffs)
  local k = digits(lo, hi, d, lo, hi)
  local n = variant.w + variant.d + variant.l
  local score, change
  if lo > 0 or hi < 0 then
    change = lo > 0 and "raises" or "lowers"
    local a, b = math.min(math.abs(lo), math.abs(hi)),
                 math.max(math.abs(lo), math.abs(hi))
    score = string.format("the variant %s the first player's score by %s "
                          .. "points (95%% interval %s-%s)", change,
                          num(math.abs(d), k), num(a, k), num(b, k))
  else
    change = "no_change_seen"
    score = string.format("no change in the first player's score can be "
                          .. "seen with %s each: it is within %s to "
                          .. "+%s points (95%% interval)", M.games(n),
                          (lo < 0 and "-" or "+") .. num(math.abs(lo), k),
                          num(hi, k))
  end
  local _, blo, bhi = M.balance_change(base, variant)
  local words, code
  if bhi < 0 then
    words, code = "clearly more balanced", "more_balanced"
  elseif blo > 0 then
    words, code = "clearly less balanced", "less_balanced"
  elseif blo >= -M.BALANCED and bhi <= M.BALANCED then
    words, code = string.format("about as balanced (its distance from "
                                .. "50%% changes by less than %s points)",
                                num(M.BALANCED, 0)), "as_balanced"
  else
    words, code = "can't tell yet whether more or less balanced", "unclear"
  end
  local note = ""
  if (cut_base or 0) + (cut_variant or 0) > 0 then
    note = string.format("; games cut off by a limit (%s and %s of %s) "
                         .. "count as draws", M.count(cut_base or 0),
                         M.count(cut_variant or 0), M.count(n))
  end
  return score .. ": " .. words .. note, change, code
end

return M
