-- wargrid.stats: intervals, games needed, the SPRT and the verdicts, each
-- checked against a second, naive computation written here.
local stats = require "wargrid.stats"
local selfplay = require "wargrid.selfplay"

local Z = 1.96

-- The first player's tally from wins, draws and losses.
local function T(w, d, l) return { w = w, d = d, l = l } end

describe("stats: paired games (the pentanomial model)", function()
  it("the mean of a pair's outcomes, and its interval: the score's, over the pairs' spread", function()
    -- 40 pairs: mean (0 * 2 + .25 * 8 + .5 * 20 + .75 * 8 + 1 * 2) / 40 = .5
    local m, lo, hi, n = stats.mean({ 2, 8, 20, 8, 2 }, stats.PAIRS)
    assert.equal(0.5, m)
    assert.equal(40, n)
    local v = (2 * 0.25 + 8 * 0.0625 + 8 * 0.0625 + 2 * 0.25) / 40   -- the pairs' variance
    local z2 = Z * Z
    local half = Z * math.sqrt(v / 40 + z2 / (4 * 1600)) / (1 + z2 / 40)
    assert.near(0.5 - half, lo, 1e-12)
    assert.near(0.5 + half, hi, 1e-12)
    -- a change from -1 to 1: the same on that range
    local d, dlo, dhi = stats.mean({ 0, 0, 30, 10, 0 }, stats.PENTANOMIAL)
    assert.equal(0.125, d)
    assert.is_true(dlo > 0 and dlo < d and dhi > d and dhi < 0.5)
  end)

  it("pairs whose games offset each other (each player winning on the first side) tell the score in "
     .. "fewer games", function()
    -- 100 games, the first side winning 50: as 100 lone games, or as 50 pairs each won once
    local games = T(50, 0, 50)
    local paired = { w = 50, d = 0, l = 50, pairs = { 0, 0, 50, 0, 0 } }
    local _, lo1, hi1 = stats.score(games)
    local p, lo2, hi2 = stats.score(paired)
    assert.equal(0.5, p)
    assert.is_true(hi2 - lo2 < (hi1 - lo1) / 2)
    assert.is_true(stats.needed(paired, 0.1) < stats.needed(games, 0.1) / 4)
    -- and pairs that agree (both won) tell no more than lone games
    local agree = { w = 50, d = 0, l = 50, pairs = { 25, 0, 0, 0, 25 } }
    local _, lo3, hi3 = stats.score(agree)
    assert.is_true(hi3 - lo3 > hi1 - lo1)
  end)

  it("a change paired by seed: its interval is of the differences, narrower than Newcombe's when "
     .. "the pairs agree", function()
    local base, variant = T(50, 0, 50), T(60, 0, 40)
    local diffs = { xs = stats.PENTANOMIAL, per = 1, ns = { 0, 0, 90, 0, 10 } }
    local d, lo, hi = stats.change(base, variant, diffs)
    assert.near(0.1, d, 1e-12)
    local _, mlo, mhi = stats.change(base, variant)
    assert.is_true(hi - lo < (mhi - mlo) * 0.6)
    assert.is_true(lo > 0)
    assert.is_true(stats.needed_change(base, variant, 0.1, diffs) < stats.needed_change(base, variant, 0.1))
  end)

  it("a change paired by seed is Newcombe's interval with the pairs' correlation (his paired method)", function()
    -- pairs no more alike than chance makes them: the unpaired interval
    local even = T(50, 0, 50)
    local chance = { xs = stats.PENTANOMIAL, per = 1, ns = { 25, 0, 50, 0, 25 } }
    assert.same({ stats.change(even, even) }, { stats.change(even, even, chance) })
    -- by hand: r = ((var a + var b - var d) / 2 - 1 / 2n) / (sd a sd b),
    -- and each bound d -+ sqrt(e1^2 + e2^2 - 2 r e1 e2) from the arms'
    -- Wilson margins
    local base, variant = T(53, 0, 47), T(86, 0, 14)
    local diffs = { xs = stats.PENTANOMIAL, per = 1, ns = { 3, 0, 61, 0, 36 } }
    local la, ha = stats.wilson(53, 100)
    local lb, hb = stats.wilson(86, 100)
    local r = ((0.53 * 0.47 + 0.86 * 0.14 - (0.39 - 0.33 ^ 2)) / 2 - 1 / 200)
              / math.sqrt(0.53 * 0.47 * 0.86 * 0.14)
    local function bound(e1, e2) return math.sqrt(e1 ^ 2 + e2 ^ 2 - 2 * r * e1 * e2) end
    local d, lo, hi = stats.change(base, variant, diffs)
    assert.near(0.33, d, 1e-12)
    assert.near(0.33 - bound(0.86 - lb, ha - 0.53), lo, 1e-12)
    assert.near(0.33 + bound(hb - 0.86, 0.53 - la), hi, 1e-12)
    -- the same games every time: no change, within a sliver (the
    -- correction keeps r below 1), far narrower than unpaired
    local same = { xs = stats.PENTANOMIAL, per = 1, ns = { 0, 0, 100, 0, 0 } }
    local _, slo, shi = stats.change(even, even, same)
    local _, ulo, uhi = stats.change(even, even)
    assert.is_true(slo < 0 and shi > 0)
    assert.is_true(shi - slo < (uhi - ulo) / 4)
  end)
end)

describe("stats: intervals", function()
  it("gives the Wilson score interval", function()
    local lo, hi = stats.wilson(50, 100)
    assert.near(0.40383, lo, 1e-5)
    assert.near(0.59617, hi, 1e-5)
    lo, hi = stats.wilson(1, 10)
    assert.near(0.01788, lo, 1e-5)
    assert.near(0.40415, hi, 1e-5)
    lo, hi = stats.wilson(0, 10)
    assert.equal(0, lo)
    assert.near(0.27754, hi, 1e-5)
    lo, hi = stats.wilson(10, 10)
    assert.near(0.72246, lo, 1e-5)
    assert.equal(1, hi)
  end)

  it("the score's interval without draws is Wilson's", function()
    for _, t in ipairs { T(7, 0, 13), T(0, 0, 5), T(58, 0, 42), T(300, 0, 0) } do
      local p, lo, hi = stats.score(t)
      local wl, wh = stats.wilson(t.w, t.w + t.l)
      assert.equal(t.w / (t.w + t.l), p)
      assert.near(wl, lo, 1e-12)
      assert.near(wh, hi, 1e-12)
    end
  end)

  -- The naive interval: every p on a fine grid that the score test does not
  -- reject, (mean - p)^2 <= z^2 var(p) / n, with var(p) the variance of a
  -- game's score when it is p on average and the draw rate D / (n + z^2).
  local function naive_interval(t)
    local n = t.w + t.d + t.l
    local mean = (t.w + t.d / 2) / n
    local draws = t.d / (n + Z * Z)
    local lo, hi
    for i = 0, 200000 do
      local p = i / 200000
      if (mean - p) ^ 2 <= Z * Z * (p * (1 - p) - draws / 4) / n then
        lo = lo or p
        hi = p
      end
    end
    return lo, hi
  end

  it("the score's interval with draws is the score test's, draws lowering the variance", function()
    for _, t in ipairs { T(30, 40, 30), T(12, 5, 3), T(0, 20, 0), T(3, 90, 7), T(120, 60, 20) } do
      local _, lo, hi = stats.score(t)
      local nl, nh = naive_interval(t)
      assert.near(nl, lo, 1e-5)
      assert.near(nh, hi, 1e-5)
    end
    -- draws narrow it: 30-40-30 against 50 wins and 50 losses
    local _, l1, h1 = stats.score(T(30, 40, 30))
    local _, l2, h2 = stats.score(T(50, 0, 50))
    assert.is_true(h1 - l1 < 0.8 * (h2 - l2))
  end)

  it("the change between two scores is Newcombe's interval (his example: 56/70 against 48/80)", function()
    local d, lo, hi = stats.change(T(48, 0, 32), T(56, 0, 14))
    assert.near(0.2, d, 1e-12)
    assert.near(0.0524, lo, 5e-5)
    assert.near(0.3339, hi, 5e-5)
  end)

  it("the change in balance compares distances from 50%, not signs", function()
    -- 60% to 40%: the other side is favoured as much
    local d, lo, hi = stats.balance_change(T(600, 0, 400), T(400, 0, 600))
    assert.near(0, d, 1e-12)
    assert.is_true(lo < 0 and hi > 0 and hi - lo < 0.1)
    -- 60% to 48%: nearer 50%
    d, lo, hi = stats.balance_change(T(600, 0, 400), T(480, 0, 520))
    assert.near(-0.08, d, 1e-12)
    assert.is_true(lo < -0.08 and hi < 0)
  end)
end)

describe("stats: games needed", function()
  -- the naive formula: n = z^2 v / h^2, v the variance of one game's score
  -- (from the games listed one by one), h the half-width asked
  local function naive(t, width)
    local xs = {}
    for _ = 1, t.w do xs[#xs + 1] = 1 end
    for _ = 1, t.d do xs[#xs + 1] = 0.5 end
    for _ = 1, t.l do xs[#xs + 1] = 0 end
    local mean = 0
    for _, x in ipairs(xs) do mean = mean + x / #xs end
    local v = 0
    for _, x in ipairs(xs) do v = v + (x - mean) ^ 2 / #xs end
    return Z * Z * v / (width / 2) ^ 2, v
  end

  it("the games for a width agree with the normal formula z^2 v / h^2", function()
    for _, c in ipairs { { T(50, 0, 50), 0.05 }, { T(58, 0, 42), 0.1 },
                         { T(30, 40, 30), 0.04 }, { T(70, 20, 10), 0.1 },
                         { T(25, 50, 25), 0.02 } } do
      local n = stats.needed(c[1], c[2])
      local want = naive(c[1], c[2])
      -- Wilson's interval is a little narrower than the normal one: a few
      -- games fewer
      assert.is_true(n <= want + 1 and n >= want - 2 * Z * Z,
                     string.format("%d games against %.1f", n, want))
      -- and at n games, at the same rates, the interval is that narrow
      local k = n / (c[1].w + c[1].d + c[1].l)
      local _, lo, hi = stats.score(T(c[1].w * k, c[1].d * k, c[1].l * k))
      assert.is_true(hi - lo < c[2])
    end
    -- +-2.5 points at 50% without draws: 1,537 games by the formula
    assert.near(1536.6, naive(T(50, 0, 50), 0.05), 0.1)
    assert.equal("1,530", stats.about(stats.needed(T(50, 0, 50), 0.05)))
  end)

  it("the games of each for the width of a change agree with z^2 (v1 + v2) / h^2", function()
    local a, b = T(50, 0, 50), T(65, 10, 25)
    local _, va = naive(a, 1)
    local _, vb = naive(b, 1)
    local want = Z * Z * (va + vb) / 0.05 ^ 2
    local n = stats.needed_change(a, b, 0.1)
    assert.is_true(math.abs(n - want) <= 2 * Z * Z,
                   string.format("%d games against %.1f", n, want))
  end)

  it("rounds an estimate to three figures", function()
    assert.equal("1,540", stats.about(1537))
    assert.equal("98", stats.about(98))
    assert.equal("12,300", stats.about(12345))
    assert.equal("1,234,567", stats.count(1234567))
  end)
end)

describe("stats: the SPRT", function()
  -- The naive constrained maximum of sum n_i log q_i over the distributions
  -- q on xs whose mean is s: mass moves among three outcomes at a time
  -- along the one direction that keeps the sum and the mean, to the best
  -- point of that line by golden section, until nothing improves.
  local function loglik(ns, q)
    local sum = 0
    for i, n in ipairs(ns) do sum = sum + n * math.log(q[i]) end
    return sum
  end
  local function naive_max(ns, xs, s)
    local k, mu = #xs, 0
    for _, x in ipairs(xs) do mu = mu + x / k end
    -- start: half uniform, half on the two extremes, with mean s
    local t = (2 * s - mu - xs[1]) / (xs[k] - xs[1])
    local q = {}
    for i = 1, k do q[i] = 0.5 / k end
    q[1], q[k] = q[1] + 0.5 * (1 - t), q[k] + 0.5 * t
    local best = loglik(ns, q)
    for _ = 1, 500 do
      for a = 1, k - 2 do
        for b = a + 1, k - 1 do
          for c = b + 1, k do
            local dir = { [a] = xs[c] - xs[b], [b] = xs[a] - xs[c], [c] = xs[b] - xs[a] }
            local lo, hi = -math.huge, math.huge
            for i, d in pairs(dir) do
              if d > 0 then lo = math.max(lo, -q[i] / d) else hi = math.min(hi, -q[i] / d) end
            end
            local function at(step)
              local r = {}
              for i = 1, k do r[i] = q[i] + step * (dir[i] or 0) end
              return loglik(ns, r), r
            end
            local g = (math.sqrt(5) - 1) / 2
            local x1, x2 = hi - g * (hi - lo), lo + g * (hi - lo)
            local f1, f2 = at(x1), at(x2)
            for _ = 1, 120 do
              if f1 < f2 then
                lo, x1, f1 = x1, x2, f2
                x2 = lo + g * (hi - lo)
                f2 = at(x2)
              else
                hi, x2, f2 = x2, x1, f1
                x1 = hi - g * (hi - lo)
                f1 = at(x1)
              end
            end
            local f, r = at((lo + hi) / 2)
            if f > loglik(ns, q) then q = r end
          end
        end
      end
      local now = loglik(ns, q)
      if now - best < 1e-13 then break end
      best = now
    end
    local mean = 0
    for i, x in ipairs(xs) do mean = mean + q[i] * x end
    assert.near(s, mean, 1e-9)
    return loglik(ns, q)
  end
  local function naive_llr(ns, xs, s0, s1)
    local counts = {}
    for i in ipairs(xs) do counts[i] = math.max(ns[i], 1e-3) end  -- as Fishtest
    return naive_max(counts, xs, s1) - naive_max(counts, xs, s0)
  end

  it("the trinomial LLR is the naive maximum likelihood ratio", function()
    for _, c in ipairs { { { 30, 40, 50 }, 0.5, 0.55 }, { { 12, 3, 25 }, 0.5, 0.6 },
                         { { 0, 20, 0 }, 0.45, 0.55 }, { { 100, 0, 90 }, 0.4, 0.5 },
                         { { 7, 0, 0 }, 0.5, 0.7 } } do
      local got = stats.llr(c[1], stats.TRINOMIAL, c[2], c[3])
      assert.near(naive_llr(c[1], stats.TRINOMIAL, c[2], c[3]), got, 1e-6)
    end
  end)

  it("the pentanomial LLR of paired games is the naive maximum likelihood ratio", function()
    for _, c in ipairs { { { 3, 10, 40, 12, 5 }, 0, 0.05 }, { { 0, 2, 30, 9, 1 }, 0, -0.1 },
                         { { 0, 0, 20, 0, 0 }, 0, 0.2 }, { { 10, 5, 5, 5, 10 }, -0.05, 0.1 } } do
      local got = stats.llr(c[1], stats.PENTANOMIAL, c[2], c[3])
      assert.near(naive_llr(c[1], stats.PENTANOMIAL, c[2], c[3]), got, 1e-6)
    end
  end)

  it("the pentanomial LLR of a selfplay run's pairs is the naive maximum likelihood ratio", function()
    for _, c in ipairs { { { 3, 10, 40, 12, 5 }, 0.5, 0.55 }, { { 0, 0, 50, 0, 0 }, 0.45, 0.55 } } do
      local got = stats.llr(c[1], stats.PAIRS, c[2], c[3])
      assert.near(naive_llr(c[1], stats.PAIRS, c[2], c[3]), got, 1e-6)
    end
  end)

  it("Wald's bounds for alpha = beta = 0.05 are +-log 19", function()
    local lower, upper = stats.bounds(0.05, 0.05)
    assert.near(-math.log(19), lower, 1e-12)
    assert.near(math.log(19), upper, 1e-12)
  end)

  -- A simulated run: outcomes drawn from probs (in xs's order), the test
  -- looked at only at selfplay.checkpoint's counts, as the CLI does.
  local function simulate(probs, xs, test)
    local ns = {}
    for i in ipairs(xs) do ns[i] = 0 end
    local n = 0
    while true do
      local to = selfplay.checkpoint(n, 1e9)
      for _ = n + 1, to do
        local u, k = math.random(), 1
        while u > probs[k] and k < #probs do u, k = u - probs[k], k + 1 end
        ns[k] = ns[k] + 1
      end
      n = to
      local st = stats.sprt(ns, xs, test)
      if st.result then return st.result, n end
    end
  end
  local function decisions(probs, xs, test, runs)
    local got = { H0 = 0, H1 = 0 }
    for _ = 1, runs do
      local r = simulate(probs, xs, test)
      got[r] = got[r] + 1
    end
    return got
  end
  local test = { h0 = 0.5, h1 = 0.6, alpha = 0.05, beta = 0.05 }

  it("a simulated selfplay run accepts H1 when the first player scores H1's 60%", function()
    math.randomseed(15)
    -- losses, draws, wins: 0.3 + 0.2 / 2 ... the score is 0.6
    local got = decisions({ 0.3, 0.2, 0.5 }, stats.TRINOMIAL, test, 40)
    assert.is_true(got.H1 >= 37, "H1 accepted " .. got.H1 .. " times of 40")
  end)

  it("a simulated selfplay run accepts H0 when the first player scores H0's 50%", function()
    math.randomseed(16)
    local got = decisions({ 0.4, 0.2, 0.4 }, stats.TRINOMIAL, test, 40)
    assert.is_true(got.H0 >= 37, "H0 accepted " .. got.H0 .. " times of 40")
  end)

  it("a simulated comparison of paired games accepts H1 (a change of -10 points), then H0 (none)", function()
    math.randomseed(17)
    local change = { h0 = 0, h1 = -0.1, alpha = 0.05, beta = 0.05 }
    -- differences -1 .. 1 in halves; mean -0.1
    local got = decisions({ 0.2, 0.1, 0.5, 0.1, 0.1 }, stats.PENTANOMIAL, change, 30)
    assert.is_true(got.H1 >= 28, "H1 accepted " .. got.H1 .. " times of 30")
    got = decisions({ 0.15, 0.1, 0.5, 0.1, 0.15 }, stats.PENTANOMIAL, change, 30)
    assert.is_true(got.H0 >= 28, "H0 accepted " .. got.H0 .. " times of 30")
  end)
end)

describe("stats: verdicts", function()
  it("a first-move advantage", function()
    assert.same({ "the first player scores 58.0% (95% interval 54.9-61.0): a first-move advantage",
                  "first_move_advantage" }, { stats.verdict(T(580, 0, 420)) })
  end)

  it("a second-move advantage, and a slight one that is still balanced", function()
    assert.same({ "the first player scores 35% (95% interval 26-45): a second-move advantage",
                  "second_move_advantage" }, { stats.verdict(T(35, 0, 65)) })
    assert.same({ "the first player scores 47.5% (95% interval 46.8-48.2): balanced, with a slight "
                  .. "second-move advantage (within 5 points of 50%)", "slight_second_move_advantage" },
                { stats.verdict(T(9500, 0, 10500)) })
  end)

  it("balanced, draws counting half", function()
    assert.same({ "the first player scores 50.5% (95% interval 48.1-52.9): balanced (within 5 points of 50%)",
                  "balanced" }, { stats.verdict(T(300, 410, 290)) })
  end)

  it("can't tell, saying what is not ruled out", function()
    assert.same({ "the first player scores 55% (95% interval 34-74): can't tell with 20 games: anywhere "
                  .. "from a second-move advantage of 16 points to a first-move one of 24", "unclear" },
                { stats.verdict(T(11, 0, 9)) })
  end)

  it("games cut off count as draws, and the verdict says so", function()
    assert.equal("the first player scores 50% (95% interval 44-56): can't tell with 30 games: anywhere from a "
                 .. "second-move advantage of 6 points to a first-move one of 6; but all 30 games were cut off "
                 .. "by a limit (raise it)", (stats.verdict(T(0, 30, 0), 30)))
    assert.matches("; 20 of 100 games cut off by a limit count as draws$", (stats.verdict(T(40, 30, 30), 20)))
  end)

  it("one game is one game, not 1 games", function()
    assert.equal("the first player scores 50% (95% interval 10-90): can't tell with 1 game: anywhere from a "
                 .. "second-move advantage of 40 points to a first-move one of 40; but the one game was cut off "
                 .. "by a limit (raise it)", (stats.verdict(T(0, 1, 0), 1)))
    assert.equal("1 game", stats.games(1))
    assert.equal("2,000 games", stats.games(2000))
  end)

  it("a variant clearly less balanced", function()
    assert.same({ "the variant lowers the first player's score by 50 points (95% interval 24-70): "
                  .. "clearly less balanced", "lowers", "less_balanced" },
                { stats.compare_verdict(T(10, 0, 10), T(0, 0, 20)) })
  end)

  it("a variant clearly more balanced", function()
    assert.same({ "the variant lowers the first player's score by 14 points (95% interval 8-20): "
                  .. "clearly more balanced", "lowers", "more_balanced" },
                { stats.compare_verdict(T(320, 0, 180), T(250, 0, 250)) })
  end)

  it("a variant whose change can't be told", function()
    assert.same({ "no change in the first player's score can be seen with 2,000 games each: it is within -1.1 "
                  .. "to +5.1 points (95% interval): about as balanced (its distance from 50% changes by less "
                  .. "than 5 points)", "no_change_seen", "as_balanced" },
                { stats.compare_verdict(T(1000, 0, 1000), T(1040, 0, 960)) })
    assert.same({ "no change in the first player's score can be seen with 20 games each: it is within -24 to "
                  .. "+33 points (95% interval): can't tell yet whether more or less balanced",
                  "no_change_seen", "unclear" },
                { stats.compare_verdict(T(10, 0, 10), T(11, 0, 9)) })
  end)

  it("a variant that moves the advantage to the other side: a change, but not more balanced", function()
    local text, change, balance = stats.compare_verdict(T(600, 0, 400), T(400, 0, 600))
    assert.equal("lowers", change)
    assert.equal("as_balanced", balance)
    assert.matches("^the variant lowers the first player's score by 20.0 points", text)
  end)
end)
