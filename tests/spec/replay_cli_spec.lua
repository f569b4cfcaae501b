-- The command line of records: wargrid replay (its exit statuses and
-- output), play --save and --load, selfplay --records.
local record = require "wargrid.record"
local replay = require "wargrid.replay"
local json = require "wargrid.json"
local R = require "records"
local T = require "wargrid.test"
local tmpdir, write, slurp = T.tmpdir, T.write, T.slurp
local run = T.run

local dir
before_each(function() dir = tmpdir() end)
after_each(function() os.execute("rm -rf " .. dir) end)

-- A record of a random Courier game with a blocked corporal leap (C-P4):
-- its text and the index of that action.
local function courier_record()
  local game = T.game "courier"
  for seed = 1, 50 do
    local text, first, n = R.game(game, seed, 120, function(s, a)
      local _, from, to = require("wargrid").fields(a)
      if s:type(s:at(from)) ~= game.T.corporal then return false end
      local fx, fy = game.rules:coords(from)
      local tx, ty = game.rules:coords(to)
      return s:at(game.rules:at((fx + tx) // 2, (fy + ty) // 2)) ~= nil
    end)
    if first then return text, first, n end
  end
end

describe("cli: replay", function()
  it("exit 0 when nothing changed, 1 and the first illegal action under a variant", function()
    local text, first, n = courier_record()
    local file = dir .. "/c.pgn"
    write(file, text)
    local out, err, code = run { "replay", file }
    assert.same({ "all " .. n .. " actions legal; result 1/2-1/2 (adjudication: move limit of 120 actions), "
                  .. "as recorded\n", "", 0 }, { out, err, code })
    out, err, code = run { "replay", file, "--variant", "examples/variants/courier_nonleaping.lua" }
    assert.equal(1, code)
    assert.equal("", err)
    local rec = assert(record.read(text))
    local san = replay.actions(T.game "courier", rec)[first].text
    assert.matches("^action " .. first .. " %(" .. san .. ", by %a+%) is illegal: [^\n]+\n"
                   .. "the position before it: [^\n]+ %d+ %d+\n$", out)
    out, err, code = run { "replay", file, "--variant", "examples/variants/courier_nonleaping.lua", "--json" }
    assert.same({ "", 1 }, { err, code })
    local j = assert(json.decode(out))
    assert.same({ "illegal", first, first - 1, san },
                { j.status, j.illegal.index, j.played, j.illegal.text })
    out, err, code = run { "replay", file, "--json" }
    assert.same({ "", 0 }, { err, code })
    j = assert(json.decode(out))
    assert.same({ "same", n, n, "1/2-1/2" }, { j.status, j.actions, j.played, j.result })
  end)

  it("replays under a game named instead of the record's", function()
    local file = dir .. "/w.pgn"
    write(file, (R.game(T.game "wehrschach", 2, 30)))
    local out, _, code = run { "replay", file, "wehrschach" }
    assert.equal(0, code)
    assert.matches("^all 30 actions legal", out)
  end)

  it("exit 2 and one line for a bad record, game or variant", function()
    local file = dir .. "/bad.pgn"
    write(file, '[Game "wehrschach"]\n[Seed "12x"]\n\n*\n')
    local cases = {
      { { "replay", file }, "wargrid: replay: " .. file .. " line 2: tag Seed: expected a whole number from 0 to "
                            .. "9007199254740992, not '12x'\n" },
      { { "replay", dir .. "/none.pgn" },
        "wargrid: replay: cannot read " .. dir .. "/none.pgn: No such file or directory\n" },
      { { "replay" }, "wargrid: replay: which record?\n" },
    }
    for _, c in ipairs(cases) do
      local out, err, code = run(c[1])
      assert.same({ "", c[2], 2 }, { out, err, code })
    end
    write(file, '[Game "nogame"]\n\n*\n')
    local _, err, code = run { "replay", file }
    assert.equal(2, code)
    assert.matches("^wargrid: replay: " .. file:gsub("%p", "%%%0") .. " tag Game: unknown game 'nogame'", err)
    write(file, '[Game "wehrschach"]\n\n1. c2c4 *\n')
    _, err, code = run { "replay", file, "--variant", dir .. "/missing.lua" }
    assert.same({ "wargrid: replay: no file '" .. dir .. "/missing.lua'\n", 2 }, { err, code })
    write(file, '[Game "courier"]\n[FEN "x"]\n\n*\n')
    _, err, code = run { "replay", file }
    assert.equal(2, code)
    assert.matches("^wargrid: replay: .- line 2: tag FEN: bad position 'x'", err)
  end)

  it("replay --help tells the exit statuses", function()
    local out, _, code = run { "replay", "--help" }
    assert.equal(0, code)
    assert.matches("^usage: wargrid replay RECORD", out)
    assert.matches("Exit status: 0 nothing changed; 1 the rules changed the game", out)
  end)
end)

describe("cli: play --save and --load", function()
  -- the first actions of a seeded random Block Wars game, in its notation
  local function actions(n)
    local game = T.game("blockwars"):with_options { "setup=standard" }
    local text = R.game(game, 5, n)
    local out = {}
    for _, a in ipairs(replay.actions(game, assert(record.read(text)))) do out[#out + 1] = a.text end
    return out
  end

  it("BW-H2 a game saved, loaded and played on is the game played at once: chance goes on the same", function()
    local texts = actions(12)
    local whole, part = dir .. "/whole.pgn", dir .. "/part.pgn"
    local base = { "play", "blockwars", "--option", "setup=standard", "--ai", "none", "--seed", "5" }
    local args = { table.unpack(base) }
    args[#args + 1], args[#args + 2] = "--save", whole
    local _, err, code = run(args, table.concat(texts, "\n") .. "\nquit\n")
    assert.same({ "", 0 }, { err, code })
    args = { table.unpack(base) }
    args[#args + 1], args[#args + 2] = "--save", part
    run(args, table.concat(texts, "\n", 1, 5) .. "\nquit\n")
    local saved = assert(record.read(slurp(part)))
    assert.equal(5, #replay.actions(T.game "blockwars", saved))
    _, err, code = run({ "play", "--load", part, "--save", part, "--ai", "none" },
                       table.concat(texts, "\n", 6) .. "\nquit\n")
    assert.same({ "", 0 }, { err, code })
    assert.equal(slurp(whole), slurp(part))
    assert.matches('%[Seed "5"%]', slurp(part))
    assert.matches('%[Options "setup=standard"%]', slurp(part))
  end)

  it("--load refuses a record that does not replay, naming the line", function()
    local file = dir .. "/w.pgn"
    write(file, '[Game "wehrschach"]\n\n1. c3c4 2. c9c8\n3. c4c2 *\n')
    local _, err, code = run({ "play", "--load", file }, "quit\n")
    assert.equal(2, code)
    assert.matches("^wargrid: play: " .. file:gsub("%p", "%%%0")
                   .. " line 4: cannot go on: action 3 %(c4c2, by red%) is illegal: ", err)
  end)

  it("a save that cannot be written is refused before play", function()
    local _, err, code = run({ "play", "wehrschach", "--save", dir .. "/no/such/dir/g.pgn" }, "quit\n")
    assert.equal(2, code)
    assert.matches("^wargrid: play: cannot save the record to " .. dir:gsub("%p", "%%%0")
                   .. "/no/such/dir/g%.pgn: ", err)
  end)

  it("a kill at any moment leaves a whole record: the old one or the new one", function()
    local file = dir .. "/g.pgn"
    local lengths = {}
    for k = 1, 8 do
      local h = io.popen(string.format(
        "build/wargrid play wehrschach --ai both --ai-level 1 --seed %d --save %s > /dev/null 2>&1 & "
        .. "pid=$!; sleep 0.%d; kill -9 $pid; wait $pid 2>/dev/null; ls -a %s", k, file, k + 1, dir))
      local listing = h:read("a")
      h:close()
      -- no temporary file is left but the one a kill interrupted
      local text = slurp(file)
      if text then
        local rec = assert(record.read(text))
        local report = assert(replay.run(T.game "wehrschach", rec))
        assert.is_nil(report.illegal)
        assert.is_nil(report.differs)
        lengths[#lengths + 1] = report.actions
      end
      assert.is_true(select(2, listing:gsub("%.tmp", "")) <= 1)
      os.remove(file)
      os.execute("rm -f " .. dir .. "/.*.tmp")
    end
    assert.is_true(#lengths >= 6)
  end)
end)

describe("cli: a record's Variant, read beside the record", function()
  -- this copy's wargrid run in the directory `where`: its output, errors
  -- and exit status
  local here = io.popen("pwd"):read("l")
  local wargrid = here .. "/" .. (os.getenv("WARGRID_BUILD") or "build") .. "/wargrid"
  local function run_in(where, args, input)
    local q = {}
    for i, a in ipairs(args) do q[i] = "'" .. a .. "'" end
    write(dir .. "/input", input or "")
    local h = io.popen(string.format("cd '%s' && '%s' %s < %s/input > %s/out 2> %s/err; echo $?", where, wargrid,
                                     table.concat(q, " "), dir, dir, dir))
    local code = tonumber(h:read("a"):match("%d+"))
    h:close()
    return slurp(dir .. "/out"), slurp(dir .. "/err"), code
  end

  -- a game of rules of one's own (mine.lua), saved beside them in dir/table
  local function saved_game()
    local table_dir = dir .. "/table"
    os.execute("mkdir -p " .. table_dir)
    write(table_dir .. "/mine.lua", slurp("examples/variants/amazons_6x6.lua"))
    local _, err, code = run_in(table_dir, { "play", "--variant", "mine.lua", "--ai", "both", "--ai-level", "1",
                                             "--seed", "3", "--save", "g.pgn" })
    assert.same({ "", 0 }, { err, code })
    local text = slurp(table_dir .. "/g.pgn")
    assert.matches('%[Variant "mine%.lua"%]', text)
    return table_dir, #replay.actions(T.game "examples/variants/amazons_6x6.lua", assert(record.read(text)))
  end

  it("replay, play --load and render --record read the rules beside a record from another directory", function()
    local table_dir, n = saved_game()
    local elsewhere = dir .. "/elsewhere"
    os.execute("mkdir -p " .. elsewhere)
    local out, err, code = run_in(elsewhere, { "replay", table_dir .. "/g.pgn" })
    assert.same({ "", 0 }, { err, code })
    assert.matches("^all " .. n .. " actions legal; result [01]%-[01] %(%a+ has no legal action%), as recorded\n$", out)
    out, err, code = run_in(elsewhere, { "play", "--load", "../table/g.pgn" }, "quit\n")
    assert.same({ "", 0 }, { err, code })
    assert.matches("^Game of the Amazons %(6x6%)%. Type 'help' for commands%.\n", out)
    out, err, code = run_in(elsewhere, { "render", "--record", "../table/g.pgn", "--ply", "1" })
    assert.same({ "", 0 }, { err, code })
    assert.matches("<title>Game of the Amazons %(6x6%)</title>", out)
  end)

  it("prefers the rules beside the record to a file of the same name in the current directory", function()
    local table_dir, n = saved_game()
    write(dir .. "/mine.lua", 'error("not these rules")\n')
    local out, err, code = run_in(dir, { "replay", "table/g.pgn" })
    assert.same({ "", 0 }, { err, code })
    assert.matches("^all " .. n .. " actions legal; result [01]%-[01] %(%a+ has no legal action%), as recorded\n$", out)
    -- none beside the record: the current directory's, as before
    os.remove(table_dir .. "/mine.lua")
    write(dir .. "/mine.lua", slurp("examples/variants/amazons_6x6.lua"))
    out, err, code = run_in(dir, { "replay", "table/g.pgn" })
    assert.same({ "", 0 }, { err, code })
    assert.matches("^all " .. n .. " actions legal;", out)
    os.remove(dir .. "/mine.lua")
    out, err, code = run_in(dir, { "replay", "table/g.pgn" })
    assert.same({ "", "wargrid: replay: table/g.pgn tag Variant: no file 'mine.lua'\n", 2 }, { out, err, code })
  end)
end)

describe("cli: selfplay --records", function()
  it("writes every game's record, named by its index in three digits (007.pgn), each replaying as recorded",
     function()
    local records = dir .. "/recs"
    local out, err, code = run { "selfplay", "--variant", "examples/variants/amazons_6x6.lua", "--games", "11",
                           "--seed", "3", "--white", "random", "--black", "random", "--jobs", "2",
                           "--records", records }
    assert.same({ "", 0 }, { err, code })
    assert.matches("amazons_6x6: 11 games", out)
    local h = io.popen("ls " .. records)
    assert.equal("000.pgn 001.pgn 002.pgn 003.pgn 004.pgn 005.pgn 006.pgn 007.pgn 008.pgn 009.pgn 010.pgn",
                 (h:read("a"):gsub("\n", " "):gsub(" $", "")))
    h:close()
    for i = 0, 10 do
      local file = string.format("%s/%03d.pgn", records, i)
      local text = assert(slurp(file), file)
      assert.matches('%[Event "wargrid selfplay"%]', text)
      assert.matches('%[Seed "' .. (3 + i) .. '"%]', text)
      assert.matches('%[Variant "examples/variants/amazons_6x6.lua"%]', text)
      assert.matches('%[White "random"%]', text)
      out, err, code = run { "replay", file }
      assert.same({ "", 0 }, { err, code })
      assert.matches("^all %d+ actions legal; result [01]%-[01] %(%a+ has no legal action%), as recorded\n$", out)
    end
    out, err, code = run { "selfplay", "amazons", "--games", "1", "--records", dir .. "/a/b" }
    assert.equal("", out)
    assert.equal(2, code)
    assert.matches("^wargrid: selfplay: %-%-records: cannot make the directory ", err)
  end)
end)
