-- wargrid.replay: records of seeded random games replayed under the rules
-- they were played by (every action legal, the same result) and under a
-- variant that forbids an action some of them contain: the first such
-- action, found by a naive check written here, is the one replay names.
local wg = require "wargrid"
local loader = require "wargrid.loader"
local record = require "wargrid.record"
local replay = require "wargrid.replay"
local R = require "records"
local T = require "wargrid.test"

local function sign(n) return n > 0 and 1 or n < 0 and -1 or 0 end

-- The squares from a (excluded) to b (included) along a line.
local function path(game, a, b)
  local ax, ay = game.rules:coords(a)
  local bx, by = game.rules:coords(b)
  local dx, dy = sign(bx - ax), sign(by - ay)
  local out = {}
  repeat
    ax, ay = ax + dx, ay + dy
    out[#out + 1] = game.rules:at(ax, ay)
  until ax == bx and ay == by
  return out
end

-- C-P4 a corporal's leap over an occupied square (what nA forbids)
local function blocked_leap(game)
  return function(s, a)
    local _, from, to = wg.fields(a)
    if s:type(s:at(from)) ~= game.T.corporal then return false end
    return s:at(path(game, from, to)[1]) ~= nil
  end
end

-- W-M2 a move of infantry beyond 1 or of a tank beyond 3: along the road
local function road_move(game)
  return function(s, a)
    local kind, from, to = wg.fields(a)
    if kind ~= wg.MOVE then return false end
    local t = s:type(s:at(from))
    local fx, fy = game.rules:coords(from)
    local tx, ty = game.rules:coords(to)
    local d = math.max(math.abs(tx - fx), math.abs(ty - fy))
    return (t == game.T.infantry and d > 1) or (t == game.T.tank and d > 3)
  end
end

-- T-G3 a throw onto or over the square the soldier left; T-G2 (strict) a
-- throw over a square next to a tank
local function grenade(game, strict)
  local tanks = game.T.tank and 1 << game.T.tank or 0
  return function(s, a)
    local kind, from, to, target = wg.fields(a)
    if kind ~= 2 then return false end
    local squares = path(game, to, target)
    for i, sq in ipairs(squares) do
      if sq == from then return true end
      if strict and i < #squares and s:guarded(sq, tanks) then return true end
    end
    return false
  end
end

-- BW-A3 an attack from where the infantry stands
local function attack_in_place(game)
  return function(s, a)
    local text = game:action_text(s, a)
    local from = text:match("^(%l%d+)x%l%d+$")
    return from ~= nil and s:type(s:at(game.rules:square(from))) == game.T.infantry
  end
end

local CASES = {
  { "courier", "courier_nonleaping", blocked_leap },
  { "courier_historical", "courier_historical_nonleaping", blocked_leap },
  { "wehrschach", "wehrschach_no_road", road_move },
  { "trenches", "trenches_barrage", function(g) return grenade(g, true) end },
  { "amazons", "amazons_no_return", function(g) return grenade(g, false) end },
  { "blockwars", "blockwars_attack_moves", attack_in_place },
}

describe("replay: 50 recorded games of each game", function()
  for _, case in ipairs(CASES) do
    local name, variant_name, breaks = case[1], case[2], case[3]
    it(name .. ": all actions legal under its rules, the first broken one named under "
       .. variant_name, function()
      local game = T.game(name)
      local variant = loader.load_file("examples/variants/" .. variant_name .. ".lua")
      local broken = 0
      for seed = 1, 50 do
        local text, first, n, canon = R.game(game, seed, 150, breaks(game))
        local rec = assert(record.read(text))
        local report = assert(replay.run(game, rec))
        assert.same({ n, n }, { report.actions, report.played })
        assert.is_nil(report.illegal)
        assert.is_nil(report.differs)
        assert.is_true(report.same_result)
        local lines, changed = replay.describe(report)
        assert.is_false(changed)
        assert.matches("^all " .. n .. " actions legal; result [%d/%-*]+ .*, as recorded$", lines[1])
        report = assert(replay.run(variant, rec, { old = game }))
        if first then
          broken = broken + 1
          assert.is_nil(report.differs)
          assert.equal(first, report.illegal and report.illegal.index, "seed " .. seed)
          assert.equal(first - 1, report.played)
          lines, changed = replay.describe(report)
          assert.is_true(changed)
          assert.same({ 2, "the position before it: " .. variant:position_text(report.state) },
                      { #lines, lines[2] })
          -- the reason is game:explain's, for the action in the game's own notation
          local s = report.state
          local want = string.format("action %d (%s, by %s) is illegal: %s", first, report.illegal.text,
                                     variant:side_name(s:decider()),
                                     (wg.explain_line(variant:explain(s, canon)):gsub("^illegal: ", "")))
          assert.equal(want, lines[1])
        else
          assert.is_nil(report.illegal)
        end
      end
      assert.is_true(broken >= 5, broken .. " games with a broken action")
    end)
  end
end)

-- A record of a Trenches game, and its text with one thing changed.
local function trenches_record(seed)
  local text = R.game(T.game "trenches", seed, 200)
  return text, assert(record.read(text))
end

describe("replay: what changed", function()
  it("a hash that differs: the action now does something else, the position before it shown", function()
    local text, rec = trenches_record(3)
    local k = 5
    local hash = rec.actions[k].hash
    text = text:gsub("{#" .. hash .. "}", "{#0000" .. hash:sub(5) .. "}")
    local game = T.game "trenches"
    local report = assert(replay.run(game, assert(record.read(text))))
    assert.equal(k, report.differs.index)
    assert.is_nil(report.illegal)
    local lines, changed = replay.describe(report)
    assert.is_true(changed)
    assert.equal(string.format("action %d (%s) now does something else:", k, rec.actions[k].text), lines[1])
    assert.equal("the position before it:", lines[2])
    local s = game:new(nil, 3)
    for i = 1, k - 1 do game:play(s, assert(game:parse_action(s, rec.actions[i].text))) end
    local board = {}
    for l in (game:render(s) .. "\n"):gmatch("(.-)\n") do board[#board + 1] = "  " .. l end
    assert.same(board, { table.unpack(lines, 3, 2 + #board) })
    assert.equal("  " .. game:position_text(s), lines[3 + #board])
    game:play(s, assert(game:parse_action(s, rec.actions[k].text)))
    assert.equal("after it now: " .. game:position_text(s), lines[4 + #board])
    assert.equal(string.format("as recorded the position's hash was 0000%s; now it is %s", hash:sub(5), hash),
                 lines[5 + #board])
    assert.matches("^then all %d+ actions legal; result [01]%-[01] %(%a+ has no legal action%), as recorded$",
                   lines[6 + #board])
  end)

  it("T-T1 under rules where tanks leave no debris: what differs after the first tank move", function()
    local dir = os.tmpname()
    os.remove(dir)
    os.execute("mkdir -p " .. dir)
    local file = dir .. "/clean.lua"
    local f = assert(io.open(file, "w"))
    f:write('return require("wargrid").variant("trenches", { name = "clean", leave_debris = {} })\n')
    f:close()
    local game, clean = T.game "trenches", loader.load_file(file)
    local _, rec = trenches_record(3)
    local k
    for i, a in ipairs(rec.actions) do
      if not k and not a.text:find("/", 1, true) then k = i end
    end
    assert.is_not_nil(k)
    local report = assert(replay.run(clean, rec, { old = game }))
    assert.equal(k, report.differs.index)
    local from = rec.actions[k].text:match("^(%l%d+)%-")
    assert.same({ from .. " (now empty, as recorded debris)" }, report.differs.changes)
    local lines = replay.describe(report)
    assert.equal("differs: " .. from .. " (now empty, as recorded debris)", lines[#lines - 1])
    os.execute("rm -rf " .. dir)
  end)

  it("a result that differs from the one recorded", function()
    local text = R.game(T.game "amazons", 4, 200)
    local game = T.game "amazons"
    local rec = assert(record.read(text))
    local result = rec.result
    local other = result == "1-0" and "0-1" or "1-0"
    local function plain(x) return (x:gsub("%p", "%%%0")) end
    text = text:gsub(plain('[Result "' .. result .. '"]'), '[Result "' .. other .. '"]')
    text = text:gsub(plain(result) .. "\n$", other .. "\n")
    local report = assert(replay.run(game, assert(record.read(text))))
    local lines, changed = replay.describe(report)
    assert.is_true(changed)
    local reason = record.tag(rec, "Termination")
    assert.equal(string.format("all %d actions legal, but the result is now %s (%s); recorded %s (%s)",
                               report.actions, result, reason, other, reason), lines[1])
    assert.equal("result", replay.json(report).status)
  end)

  it("a record whose start the rules refuse names the tag", function()
    local rec = assert(record.read('[Game "courier"]\n[Position "k/K w"]\n\n*'))
    local report, err = replay.run(T.game "courier", rec)
    assert.is_nil(report)
    assert.matches("^line 2: tag Position: bad position 'k/K w': ", err)
  end)

  it("the rules a record names: its Variant file, its Game, XBoard's courier", function()
    local function source(text) return replay.source(assert(record.read(text .. "\n*"))) end
    assert.same({ file = "x/v.lua", options = { "aces", "turns=9" } },
                source('[Game "blockwars"]\n[Variant "x/v.lua"]\n[Options "aces turns=9"]'))
    assert.same({ name = "courier", options = {} }, source('[Game "courier"]\n[Variant "courier"]'))
    assert.same({ name = "courier_historical", options = {} }, source('[Variant "Courier"]'))
    assert.same({ nil, "line 1: tag Variant: 'chess' is neither a variant file nor a variant wargrid knows (courier)" },
                { source('[Variant "chess"]') })
    assert.same({ nil, "no Game or Variant tag: which game is it?" }, { source("") })
  end)
end)
