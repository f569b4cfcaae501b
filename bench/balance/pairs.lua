-- bench/balance/pairs.lua: how many games `compare` needs for its answer,
-- with the change's interval of the games paired by seed (now: Newcombe's
-- with the pairs' correlation) against Newcombe's from two independent
-- intervals (before issue 29), over the same games. Run from the project
-- root:
--   lua5.4 bench/balance/pairs.lua BASE.jsonl VARIANT.jsonl [W...]
-- where the files are `wargrid selfplay --shard 1/1` runs of the base and
-- the variant with the same players and seeds (bench/balance/
-- three-supporters.sh plays them). At each of selfplay's checkpoints it
-- prints both intervals of the change in the first player's score; then,
-- for each width W in points (default 30 20 10), the games after which
-- each interval is first narrower (what `compare --until W` stops at) and
-- the games each would need at the rates of all the games; and the games
-- after which each first shows a change (its interval leaves out 0).
package.path = "stdlib/?.lua;stdlib/?/init.lua;" .. package.path
package.cpath = "build/lua/?.so;" .. package.cpath
local json = require "wargrid.json"
local selfplay = require "wargrid.selfplay"
local stats = require "wargrid.stats"

local function read(path)
  local by = {}
  for line in io.lines(path) do
    local rec = json.decode(line)
    if rec and rec.type == "game" then by[rec.index] = rec end
  end
  return by
end

local base, variant = read(arg[1]), read(arg[2])
local widths = {}
for i = 3, #arg do widths[#widths + 1] = tonumber(arg[i]) / 100 end
if #widths == 0 then widths = { 0.30, 0.20, 0.10 } end
local n = 0
while base[n] and variant[n] do n = n + 1 end

-- The tallies and the paired differences of games 0 .. k - 1.
local function upto(k)
  local tb, tv = selfplay.tally(), selfplay.tally()
  local d = selfplay.differences(false)
  local scores = {}
  for i = 0, k - 1 do
    tb:add(base[i])
    scores[i] = selfplay.score_of(base[i])
  end
  for i = 0, k - 1 do
    tv:add(variant[i])
    d:add(scores, variant[i])
  end
  return tb:summary().first, tv:summary().first, d
end

print(string.format("%s against %s, %d games each", arg[2], arg[1], n))
print("  games  before (Newcombe)              now (paired by seed)")
local first_width, first_change = {}, {}
local k = 0
repeat
  k = selfplay.checkpoint(k, n)
  local b, v, d = upto(k)
  local c0, lo0, hi0 = stats.change(b, v)
  local _, lo1, hi1 = stats.change(b, v, d)
  print(string.format("  %5d  %+6.1f [%+6.1f, %+6.1f] %5.1f wide"
                      .. "   [%+6.1f, %+6.1f] %5.1f wide", k, 100 * c0,
                      100 * lo0, 100 * hi0, 100 * (hi0 - lo0), 100 * lo1,
                      100 * hi1, 100 * (hi1 - lo1)))
  for _, w in ipairs(widths) do
    first_width[w] = first_width[w] or {}
    local f = first_width[w]
    if not f[1] and hi0 - lo0 < w then f[1] = k end
    if not f[2] and hi1 - lo1 < w then f[2] = k end
  end
  if not first_change[1] and (lo0 > 0 or hi0 < 0) then first_change[1] = k end
  if not first_change[2] and (lo1 > 0 or hi1 < 0) then first_change[2] = k end
until k >= n

local b, v, d = upto(n)
local function games(x) return x and stats.count(x) or "more than " .. n end
for _, w in ipairs(widths) do
  local f = first_width[w]
  print(string.format("  interval narrower than %g points: after %s games "
                      .. "before, %s now; at these rates %s before, %s now",
                      100 * w, games(f[1]), games(f[2]),
                      games(stats.needed_change(b, v, w)),
                      games(stats.needed_change(b, v, w, d))))
end
print(string.format("  a change shown (the interval leaves out 0): after %s "
                    .. "games before, %s now", games(first_change[1]),
                    games(first_change[2])))
print(string.format("  pairs by the change: %s (-1, -1/2, 0, +1/2, +1)",
                    table.concat(d.ns, ", ")))
