-- Block Wars machine-gun arcs and lines of fire (BW-A5, BW-A7, BW-A9), as
-- table tests: every target within range 2, for both facings, with no
-- blocker, a blocker on each square and on each pair of squares, checked
-- against a naive implementation (tests/blockwars_naive.lua). It finds the
-- squares a line crosses by clipping the segment between square centres to
-- each square (not by the runtime's stepping), and applies the ruling as
-- the rules file words it.
local T = require "wargrid.test"

local bw = T.game "blockwars"

-- The naive line of fire (tests/blockwars_naive.lua): squares as { file,
-- rank } from 1, names "d4".
local naive = require "blockwars_naive"
local name, crossed, blocked, in_arc = naive.name, naive.crossed, naive.blocked,
                                       naive.in_arc

local function position(map, side)
  return T.position(bw, T.board(bw, map) .. " " .. side .. "2 decks=2/2/-")
end

local function fires(s, from, to)
  for _, t in ipairs(T.texts(bw, s)) do
    if t == from .. "x" .. to then return true end
  end
  return false
end

describe("blockwars: machine-gun arcs and lines of fire (BW-A5)", function()
  it("BW-A5 RULING the naive line finds the ruling's squares", function()
    assert.same({ { 0, 1 } }, crossed(0, 2))
    assert.same({ { 1, 1 } }, crossed(2, 2))          -- corners touched, not crossed
    assert.same({ { 0, 1 }, { 1, 1 } }, crossed(1, 2)) -- between two squares
    assert.same({ { 1, 0 }, { 1, 1 } }, crossed(2, 1))
    assert.same({}, crossed(1, 1))
  end)

  for _, case in ipairs { { side = "c", facing = 1, gun = { 4, 4 }, mg = "M", enemy = "i", own = "I" },
                          { side = "g", facing = -1, gun = { 5, 5 }, mg = "m", enemy = "I", own = "i" } } do
    it("BW-A5 RULING every target within 2, facing " .. (case.facing > 0 and "rank 8" or "rank 1")
       .. ", with a blocker on each square and each pair of squares", function()
      local gx, gy = case.gun[1], case.gun[2]
      local gun = name(gx, gy)
      -- the 24 squares around the gun
      local around = {}
      for dy = -2, 2 do
        for dx = -2, 2 do
          if dx ~= 0 or dy ~= 0 then around[#around + 1] = { dx, dy } end
        end
      end
      local checked, fire_count = 0, 0
      for _, target in ipairs(around) do
        local tx, ty = target[1], target[2]
        local blockers = { {} }
        for i, a in ipairs(around) do
          if a[1] ~= tx or a[2] ~= ty then
            blockers[#blockers + 1] = { a }
            for j = i + 1, #around do
              local b = around[j]
              if b[1] ~= tx or b[2] ~= ty then blockers[#blockers + 1] = { a, b } end
            end
          end
        end
        for k, list in ipairs(blockers) do
          local map = { [gun] = case.mg, [name(gx + tx, gy + ty)] = case.enemy }
          -- keep both sides on the board and the game going
          map.h1 = case.side == "c" and "I" or "I"
          map.a8 = "i"
          local occ = {}
          for n, b in ipairs(list) do
            -- blockers of either side
            map[name(gx + b[1], gy + b[2])] = (k + n) % 2 == 0 and case.own or case.enemy
            occ[b[1] .. "," .. b[2]] = true
          end
          local s = position(map, case.side)
          local want = in_arc(tx, ty, case.facing)
                       and not blocked(tx, ty, function(i, j) return occ[i .. "," .. j] end)
          local got = fires(s, gun, name(gx + tx, gy + ty))
          if got ~= want then
            error(string.format("%s at %s, target %s, blockers %s: fires %s, expected %s",
              case.mg, gun, name(gx + tx, gy + ty), T.board(bw, map), tostring(got), tostring(want)))
          end
          checked = checked + 1
          if want then fire_count = fire_count + 1 end
        end
      end
      assert.equal(24 * (1 + 23 + 23 * 22 / 2), checked)
      assert.truthy(fire_count > 0)
    end)
  end

  it("BW-A5 RULING the corner cases: one square of the pair lets the shot through, both stop it", function()
    -- Canadian gun d4, target e6: the line passes between d5 and e5
    local base = { d4 = "M", e6 = "i", h1 = "I", a8 = "i" }
    assert.is_true(fires(position(base, "c"), "d4", "e6"))
    base.d5 = "I"
    assert.is_true(fires(position(base, "c"), "d4", "e6"))
    base.d5, base.e5 = nil, "i"
    assert.is_true(fires(position(base, "c"), "d4", "e6"))
    base.d5 = "I"
    assert.is_false(fires(position(base, "c"), "d4", "e6"))
    -- "either" as a variant: one square stops it
    local wg = require "wargrid"
    local strict = wg.variant(bw, { name = "strict_fire",
                                    pieces = { machinegun = { fire = { corner = "either" } } } })
    local s = T.position(strict, T.board(strict, { d4 = "M", e6 = "i", d5 = "I", h1 = "I", a8 = "i" })
                                 .. " c2 decks=2/2/-")
    local ok = false
    for _, t in ipairs(T.texts(strict, s)) do ok = ok or t == "d4xe6" end
    assert.is_false(ok)
  end)
end)

describe("blockwars: the tank's gun (BW-A7)", function()
  it("BW-A7 BW-A9 fires all round, range and line from any of its four squares", function()
    -- the tank on d4 e4 d5 e5; every square within 2 of one of them
    local tank = { { 4, 4 }, { 5, 4 }, { 4, 5 }, { 5, 5 } }
    local function is_tank(x, y)
      for _, c in ipairs(tank) do if c[1] == x and c[2] == y then return true end end
      return false
    end
    local region = {}
    for y = 2, 7 do
      for x = 2, 7 do
        if not is_tank(x, y) then region[#region + 1] = { x, y } end
      end
    end
    local checked, hits = 0, 0
    for _, target in ipairs(region) do
      for k = 0, #region do
        local blocker = region[k]
        if not blocker or blocker[1] ~= target[1] or blocker[2] ~= target[2] then
          local map = { d4 = "T", e4 = "T", d5 = "T", e5 = "T", a1 = "I", h8 = "i" }
          map[name(target[1], target[2])] = "i"
          if blocker then map[name(blocker[1], blocker[2])] = k % 2 == 0 and "I" or "i" end
          local function occupied(x, y)
            return blocker and blocker[1] == x and blocker[2] == y
          end
          local want = false
          for _, c in ipairs(tank) do
            local dx, dy = target[1] - c[1], target[2] - c[2]
            if math.max(math.abs(dx), math.abs(dy)) <= 2
               and not blocked(dx, dy, function(i, j)
                 return not is_tank(c[1] + i, c[2] + j) and occupied(c[1] + i, c[2] + j)
               end) then
              want = true
            end
          end
          local s = position(map, "c")
          local got = fires(s, "d4", name(target[1], target[2]))
          if got ~= want then
            error(string.format("tank d4, target %s, blocker %s: fires %s, expected %s",
              name(target[1], target[2]), blocker and name(blocker[1], blocker[2]) or "none",
              tostring(got), tostring(want)))
          end
          checked = checked + 1
          if want then hits = hits + 1 end
        end
      end
    end
    assert.equal(32 * 32, checked)
    -- with no blocker, all 32 squares are in range of some tank square
    assert.truthy(hits > 32 * 28)
  end)

  it("BW-A7 a square in range of only one tank square, and the tank never a target", function()
    -- b2 is two from d4 only; g7 two from e5 only
    for _, sq in ipairs { "b2", "g7", "b7", "g2" } do
      local s = position({ d4 = "T", e4 = "T", d5 = "T", e5 = "T", [sq] = "i", a1 = "I", h8 = "i" }, "c")
      assert.is_true(fires(s, "d4", sq), sq)
    end
    local s = position({ d4 = "T", e4 = "T", d5 = "T", e5 = "T", a1 = "I", h8 = "i" }, "c")
    assert.same({ "d4d3", "d4d5" }, T.from(bw, s, "d4"))
  end)
end)

describe("blockwars: large pieces in lines of fire (BW-A9)", function()
  local function sq(n) return bw.rules:square(n) end

  it("BW-A9 RULING the tank's own squares never block its fire", function()
    local s = position({ d4 = "T", e4 = "T", d5 = "T", e5 = "T", a1 = "I", h8 = "i" }, "c")
    assert.is_true(s:line_clear(sq "d4", sq "d6"))    -- across d5, its own
    assert.is_true(s:line_clear(sq "d4", sq "f6"))    -- across e5
    assert.is_true(s:line_clear(sq "d4", sq "f5"))    -- between e4 and e5, both its own
    -- the same squares held by other units block
    s = position({ d4 = "I", e4 = "I", d5 = "I", e5 = "I", a1 = "I", h8 = "i" }, "c")
    assert.same({ nil, sq "d5" }, { s:line_clear(sq "d4", sq "d6") })
    assert.same({ nil, sq "e5" }, { s:line_clear(sq "d4", sq "f6") })
    assert.is_nil(s:line_clear(sq "d4", sq "f5"))
  end)

  it("BW-A9 RULING a large target's squares never block fire at itself", function()
    -- from d7 the line to the tank's square d4 crosses d6 and d5, its own
    local s = position({ d4 = "T", e4 = "T", d5 = "T", e5 = "T", d7 = "m", a1 = "I" }, "g")
    assert.is_true(s:line_clear(sq "d7", sq "d4"))
    assert.is_true(s:line_clear(sq "b6", sq "e4"))    -- across d5
    s = position({ d4 = "I", d5 = "I", e4 = "I", d7 = "m", a1 = "I" }, "g")
    assert.same({ nil, sq "d5" }, { s:line_clear(sq "d7", sq "d4") })
    -- and in a variant whose machine guns may fire at the tank, they do
    local wg = require "wargrid"
    local open = wg.variant(bw, { name = "tank_target",
                                  pieces = { machinegun = { fire = { immune = false } } } })
    s = T.position(open, T.board(open, { d4 = "T", e4 = "T", d5 = "T", e5 = "T", d7 = "m",
                                          a1 = "I" }) .. " g2 decks=2/2/-")
    assert.same({ "d7xd4" }, T.from(open, s, "d7"))
  end)
end)
