-- wargrid tune and wargrid values, end to end on a toy game whose pieces'
-- worth is known (tests/games/scales.lua: a gold is worth three pawns, and
-- in its variant a silver two, by the chance that decides the game); the
-- evaluation of every game as the sum of its terms' weights times their
-- features; weights files, read and refused.
local files = require "files"
local wg = require "wargrid"
local ai = require "wargrid.ai"
local json = require "wargrid.json"
local loader = require "wargrid.loader"
local tune = require "wargrid.tune"

local function run(cmd, env)
  local h = io.popen((env or "") .. "build/wargrid " .. cmd
                     .. " 2>&1; echo \"rc=$?\"")
  local out = h:read("a")
  h:close()
  return out
end

local slurp = files.slurp

-- A fresh copy of the toy game and its variant, with no weights files.
local function toy_dir()
  local dir = files.tmpdir()
  assert(os.execute("cp tests/games/scales.lua tests/games/scales_silver.lua "
                    .. dir))
  return dir
end

local RANDOM = " --player random --jobs 2"

-- The fit a `tune ... --json` run printed, and its first term, the gold's.
local function fitted(out)
  assert.matches("rc=0\n$", out)
  local r = json.decode(out:match("^(.-)\nrc="))
  local gold = r.fit.terms[1]
  assert.equal("gold", gold.name)
  return r, gold
end

-- `tune merge` of dir/1.jsonl, a shard of a run, and dir/x.jsonl, written
-- by the shell command to_x (a shard of another run): refused, why naming
-- the first difference ("seed 5, not 1").
local function refuses_other_run(dir, env, to_x, why)
  assert.equal("rc=0\n", run(to_x .. RANDOM .. " > " .. dir .. "/x.jsonl",
                             env))
  assert.equal("wargrid: tune merge: " .. dir .. "/x.jsonl is from another "
               .. "run (" .. why .. ")\nrc=2\n",
               run("tune merge " .. dir .. "/1.jsonl " .. dir .. "/x.jsonl",
                   env))
end

describe("tune: the toy game's values", function()
  it("fits a gold at three pawns, within its 95% interval, and writes the "
     .. "weights beside the game", function()
    local dir = toy_dir()
    local r, gold = fitted(run("tune scales --games 600 --json" .. RANDOM,
                               "WARGRID_PATH=" .. dir .. " "))
    assert.equal("tuned", gold.status)
    assert.is_true(gold.vlow < 3 and 3 < gold.vhigh,
                   string.format("3 in [%g, %g]", gold.vlow, gold.vhigh))
    assert.is_true(gold.vhigh - gold.vlow < 1.5, "a useful interval")
    assert.equal(600, r.fit.games)
    assert.equal(dir .. "/scales.weights.lua", r.file)
    local game = loader.load_file(dir .. "/scales.lua")
    assert.same({ gold = tonumber(string.format("%.4g", gold.weight)),
                  pawn = 1 }, game:weights())
    -- the game's evaluation counts a gold at its tuned weight
    local s = game:new("4/4/4/4/G3 w")
    assert.equal(game:weights().gold, game:evaluate(s, 1))
    os.execute("rm -r " .. dir)
  end)

  it("fits only what a variant adds: a silver at two pawns, the base's "
     .. "pawn and gold kept", function()
    local dir = toy_dir()
    local env = "WARGRID_PATH=" .. dir .. " "
    local out = run("tune --variant " .. dir .. "/scales_silver.lua "
                    .. "--games 600 --json" .. RANDOM, env)
    assert.matches("rc=0\n$", out)
    local r = json.decode(out:match("^(.-)\nrc="))
    local by = {}
    for _, e in ipairs(r.fit.terms) do by[e.name] = e end
    assert.same({ "kept", "kept", "tuned" },
                { by.gold.status, by.pawn.status, by.silver.status })
    assert.same({ 3, 1 }, { by.gold.weight, by.pawn.weight })
    assert.is_true(by.silver.vlow < 2 and 2 < by.silver.vhigh,
                   string.format("2 in [%g, %g]", by.silver.vlow,
                                 by.silver.vhigh))
    -- its file holds the silver alone; values tells what is new
    local file = slurp(dir .. "/scales_silver.weights.lua")
    assert.matches("weights = {\n    silver = [%d.]+,\n  },", file)
    local text = run("values --variant " .. dir .. "/scales_silver.lua", env)
    assert.matches("\n  pawn        1                hand%-set       1%s*\n",
                   text)
    assert.matches("\n  silver +[%d.]+  %[[%d.]+, [%d.]+%]  tuned +%- +new\n",
                   text)
    assert.matches("rc=0\n$", text)
    os.execute("rm -r " .. dir)
  end)

  it("merges shards into the fit of the whole run, byte for byte", function()
    local dir = toy_dir()
    local env = "WARGRID_PATH=" .. dir .. " "
    local whole = run("tune scales --games 300 --dry-run" .. RANDOM, env)
    for i = 1, 3 do
      assert.equal("rc=0\n", run("tune scales --games 300 --shard " .. i
                                 .. "/3" .. RANDOM .. " > " .. dir .. "/"
                                 .. i .. ".jsonl", env))
    end
    local merged = run("tune merge " .. dir .. "/3.jsonl " .. dir .. "/1.jsonl "
                       .. dir .. "/2.jsonl --dry-run", env)
    assert.matches("weights fitted from 300 games", whole)
    assert.equal(whole, merged)
    -- part of the run tells the seeds of its games, not the run's
    local part = run("tune merge " .. dir .. "/3.jsonl " .. dir .. "/1.jsonl "
                     .. "--dry-run", env)
    assert.matches("^scales: weights fitted from 200 games of random against "
                   .. "itself, shards 1/3 and 3/3 of seeds 1%.%.300, each "
                   .. "from 8 random actions\n", part)
    refuses_other_run(dir, env, "tune scales --games 300 --seed 5 --shard "
                      .. "1/3", "seed 5, not 1")
    os.execute("rm -r " .. dir)
  end)

  it("--scale fits the evaluation's scale alone, for MCTS: the toy's "
     .. "weights times three, its values kept", function()
    -- the truth is a logit per pawn, and MCTS reads eval_scale (3, the
    -- toy naming none) as one: so the pawn is worth three, the gold nine
    local dir = toy_dir()
    local env = "WARGRID_PATH=" .. dir .. " "
    local r, gold = fitted(run("tune scales --scale --games 600 --json"
                               .. RANDOM, env))
    local pawn = r.fit.terms[2]
    assert.same({ "scaled", "scaled" }, { gold.status, pawn.status })
    assert.equal(ai.EVAL_SCALE, 3)
    assert.is_true(r.fit.flow < 3 and 3 < r.fit.fhigh,
                   string.format("3 in [%g, %g]", r.fit.flow, r.fit.fhigh))
    assert.near(r.fit.scale * 3, r.fit.factor, 1e-12)
    assert.near(3 * r.fit.factor, gold.weight, 1e-9)
    assert.near(r.fit.factor, pawn.weight, 1e-9)
    assert.same({ 3, 1 }, { gold.value, pawn.value })
    assert.is_nil(gold.vlow)
    -- the file holds every weight, scaled, and the factor; values tells so
    local game = loader.load_file(dir .. "/scales.lua")
    local four = function(x) return tonumber(string.format("%.4g", x)) end
    assert.same({ gold = four(gold.weight), pawn = four(pawn.weight) },
                game:weights())
    assert.equal(four(r.fit.factor), rawget(game, "tuning").fit.factor)
    assert.equal(four(r.fit.flow), rawget(game, "tuning").fit.factor_low)
    assert.is_nil(rawget(game, "tuning").low)
    local text = run("values scales", env)
    assert.matches("\n  gold       3                scaled\n", text)
    assert.matches("\n  scales scaled %(every weight then in force times "
                   .. "[%d.]+%) from 600 games of random\nrc=0\n$", text)
    os.execute("rm -r " .. dir)
  end)

  it("--scale: refuses a game searched by alpha-beta, and --all", function()
    assert.equal("wargrid: tune: --scale: wehrschach is searched by "
                 .. "alpha-beta, which compares scores and does not read "
                 .. "them as chances: its weights' scale is not fitted\n"
                 .. "rc=2\n", run("tune wehrschach --scale --games 2"))
    assert.equal("wargrid: tune: --scale fits no term's own weight: not "
                 .. "with --all\nrc=2\n",
                 run("tune blockwars --scale --all --games 2"))
  end)

  it("--scale: refuses a teacher, whose chance is its own reading of a "
     .. "score (self's, the evaluation's own), in a run and in a merge",
     function()
    local dir = toy_dir()
    local env = "WARGRID_PATH=" .. dir .. " "
    local why = "--scale fits the chance MCTS reads to the games' results, "
                .. "not to a teacher's, which is its own reading of a score "
                .. "(self's, the evaluation's own: a unit as a hundred "
                .. "centipawns)\nrc=2\n"
    assert.equal("wargrid: tune: " .. why,
                 run("tune scales --scale --teacher self --games 2", env))
    assert.equal("rc=0\n", run("tune scales --games 4 --shard 1/1 --teacher "
                               .. "self --depth 1" .. RANDOM .. " > " .. dir
                               .. "/t.jsonl", env))
    assert.equal("wargrid: tune merge: " .. why,
                 run("tune merge " .. dir .. "/t.jsonl --scale", env))
    os.execute("rm -r " .. dir)
  end)

  it("--scale: the shards of a --scale run say so, and their merge fits "
     .. "the scale as the whole run, byte for byte", function()
    local dir = toy_dir()
    local env = "WARGRID_PATH=" .. dir .. " "
    local whole = run("tune scales --scale --games 100 --dry-run" .. RANDOM,
                      env)
    assert.matches("^scales: weights scaled from 100 games", whole)
    for i = 1, 2 do
      assert.equal("rc=0\n", run("tune scales --scale --games 100 --shard "
                                 .. i .. "/2" .. RANDOM .. " > " .. dir
                                 .. "/" .. i .. ".jsonl", env))
    end
    assert.equal(true, json.decode(slurp(dir .. "/1.jsonl")
                                   :match("^[^\n]*")).scale)
    assert.equal(whole, run("tune merge " .. dir .. "/1.jsonl " .. dir
                            .. "/2.jsonl --dry-run", env))
    -- a shard of the run without --scale is another run's
    refuses_other_run(dir, env, "tune scales --games 100 --shard 2/2",
                      "scale none, not true")
    os.execute("rm -r " .. dir)
  end)

  it("--scale: an evaluation that never differs between the sides, or "
     .. "favours the side that loses, has no scale to fit, and a game's "
     .. "eval_scale must be a positive number",
     function()
    local dir = toy_dir()
    local env = "WARGRID_PATH=" .. dir .. " "
    local f = assert(io.open(dir .. "/scales.weights.lua", "w"))
    f:write("return { weights = { gold = 0, pawn = 0 } }\n")
    f:close()
    assert.equal("wargrid: tune: the evaluation in force never differs "
                 .. "between the sides: its scale cannot be fitted\nrc=2\n",
                 run("tune scales --scale --games 20 --dry-run" .. RANDOM,
                     env))
    -- one that favours the side that loses is no scale either, nor noise
    f = assert(io.open(dir .. "/scales.weights.lua", "w"))
    f:write("return { weights = { gold = -3, pawn = -1 } }\n")
    f:close()
    assert.matches("^wargrid: tune: in 300 games the side the evaluation "
                   .. "favours goes on to lose %(its scale %-[%d.]+, "
                   .. "standard error [%d.]+%): a weight's sign is wrong\n"
                   .. "rc=2\n$",
                   run("tune scales --scale --games 300 --dry-run" .. RANDOM,
                       env))
    -- MCTS divides by eval_scale, --scale multiplies by it: 0 would write
    -- weights of 0, -1 the evaluation reversed
    for _, bad in ipairs { "0", "-1" } do
      f = assert(io.open(dir .. "/flat.lua", "w"))
      f:write('return require("wargrid").variant("scales", {\n'
              .. '  name = "flat",\n  ai = { eval_scale = ' .. bad
              .. ' },\n})\n')
      f:close()
      assert.equal("wargrid: " .. dir .. "/flat.lua:3: game flat: "
                   .. "ai.eval_scale must be a positive number (the score "
                   .. "worth a 73% chance), not " .. bad .. "\nrc=2\n",
                   run("tune --variant " .. dir .. "/flat.lua --scale "
                       .. "--games 20" .. RANDOM, env))
    end
    os.execute("rm -r " .. dir)
  end)

  it("tune merge refuses the run's own options, which the shards name",
     function()
    for _, opt in ipairs { "--teacher self", "--depth 2", "--games 9",
                           "--player random", "--jobs 2" } do
      local key = opt:match("^%-%-(%S+)")
      assert.equal("wargrid: tune merge: --" .. key .. " is the run's, "
                   .. "which the shards name: give it to `tune --shard`\n"
                   .. "rc=2\n", run("tune merge a.jsonl " .. opt))
    end
  end)

  it("refuses a variant with nothing of its own, and a unit it has not",
     function()
    assert.equal("wargrid: tune: wehrschach_no_road adds or changes no term "
                 .. "of wehrschach's evaluation: nothing to tune (--all "
                 .. "tunes every term)\nrc=2\n",
                 run("tune --variant examples/variants/wehrschach_no_road.lua"
                     .. " --games 2"))
    assert.equal("wargrid: tune: --unit: trenches has no term 'pawn' (its "
                 .. "terms: territory, mobility)\nrc=2\n",
                 run("tune trenches --unit pawn --games 2"))
    -- a unit weighing 0: a variant's pawn worth nothing
    local dir = toy_dir()
    local zero = dir .. "/zero.lua"
    local f = assert(io.open(zero, "w"))
    f:write('return require("wargrid").variant("scales", { name = "zero", '
            .. 'pieces = { pawn = { letter = "p", moves = "mK", value = 0 } '
            .. '} })\n')
    f:close()
    for _, cmd in ipairs { "tune", "values" } do
      assert.equal("wargrid: " .. cmd .. ": the unit pawn weighs 0 in zero's "
                   .. "evaluation: values cannot be counted in it (--unit: "
                   .. "another term)\nrc=2\n",
                   run(cmd .. " --variant " .. zero .. " --unit pawn",
                       "WARGRID_PATH=" .. dir .. " "))
    end
    os.execute("rm -r " .. dir)
  end)
end)

describe("tune: a teacher's judgements", function()
  local TEACHER = " --teacher 'lua5.4 tests/games/scales_teacher.lua'"

  it("fits the truth from a teacher that knows it: a gold at three pawns, "
     .. "from 60 games", function()
    local dir = toy_dir()
    local env = "WARGRID_PATH=" .. dir .. " "
    local r, gold = fitted(run("tune scales --games 60 --json --depth 3"
                               .. TEACHER .. RANDOM, env))
    assert.is_true(math.abs(gold.value - 3) < 0.01,
                   string.format("a gold %g pawns", gold.value))
    assert.equal(60, r.fit.games)
    assert.equal(3, r.run.depth)
    -- the file tells who judged
    local file = slurp(dir .. "/scales.weights.lua")
    assert.matches("each position judged by lua5.4 "
                   .. "tests/games/scales_teacher.lua at depth 3", file)
    assert.matches("teacher = \"lua5.4 tests/games/scales_teacher.lua\"",
                   file)
    -- shards give the whole run's fit, their labels with them
    local whole = run("tune scales --games 40 --dry-run" .. TEACHER
                      .. RANDOM, env)
    for i = 1, 2 do
      assert.equal("rc=0\n", run("tune scales --games 40 --shard " .. i
                                 .. "/2" .. TEACHER .. RANDOM .. " > "
                                 .. dir .. "/" .. i .. ".jsonl", env))
    end
    assert.equal(whole, run("tune merge " .. dir .. "/2.jsonl " .. dir
                            .. "/1.jsonl --dry-run", env))
    assert.matches("each judged by lua5.4 tests/games/scales_teacher.lua "
                   .. "at depth 8\n", whole)
    os.execute("rm -r " .. dir)
  end)

  it("--teacher self: wargrid's own search judges, and in a game without "
     .. "tactics gives back the weights its leaves count", function()
    -- scales never takes, so a search one ply deep sees the material its
    -- evaluation counts (a gold three pawns): the chance of each label is
    -- that of the weights in force, and the fit gives them back exactly;
    -- positions at actions 6 and 10 keep its search before the twelfth,
    -- where chance decides
    local dir = toy_dir()
    local env = "WARGRID_PATH=" .. dir .. " "
    local r, gold = fitted(run("tune scales --games 40 --json --teacher "
                               .. "self --depth 1 --opening 6 --every 4"
                               .. RANDOM, env))
    assert.is_true(math.abs(gold.value - 3) < 0.001,
                   string.format("a gold %g pawns", gold.value))
    assert.equal(80, r.fit.positions)
    assert.same({ "self", 1 }, { r.run.teacher, r.run.depth })
    assert.matches("each position judged by wargrid's own search at depth 1",
                   slurp(dir .. "/scales.weights.lua"))
    -- its depth unless told: 3
    assert.matches("each judged by wargrid's own search at depth 3\n",
                   run("tune scales --games 4 --dry-run --teacher self"
                       .. RANDOM, env))
    os.execute("rm -r " .. dir)
  end)

  it("--teacher self: refuses a game with hidden information and a depth "
     .. "beyond the search's, and stops at Ctrl-C mid-search", function()
    -- (Block Wars' face-down decks, BW-H1)
    assert.equal("wargrid: tune: --teacher self: blockwars hides what a "
                 .. "side may not see, which a search of the true state "
                 .. "would read\nrc=2\n",
                 run("tune blockwars --games 2 --teacher self"))
    assert.equal("wargrid: tune: --depth must be a whole number from 1 to "
                 .. "96, not '97'\nrc=2\n",
                 run("tune courier --games 2 --teacher self --depth 97"))
    -- a search forty plies deep, in this process and in a job's, ends at
    -- Ctrl-C (within a minute: one that does not fails, not the spec)
    for _, jobs in ipairs { 1, 2 } do
      local out = run("tune courier --games 2 --dry-run --player random "
                      .. "--jobs " .. jobs .. " --teacher self --depth 40 "
                      .. "2>&1 & sleep 1; kill -INT $!; wait $!", "timeout 60 ")
      assert.equal("wargrid: tune: stopped by Ctrl-C after 0 of 2 games\n"
                   .. "rc=130\n", out)
    end
  end)

  it("refuses a teacher that is not one, and a depth without a teacher, "
     .. "as bad input", function()
    assert.equal("wargrid: tune: --teacher: 'no-such-engine-here' ended "
                 .. "before answering uciok\nrc=2\n",
                 run("tune scales --games 2 --teacher no-such-engine-here"
                     .. RANDOM, "WARGRID_PATH=tests/games "))
    assert.matches("^wargrid: tune: %-%-teacher: 'lua5.4 "
                   .. "tests/games/scales_teacher.lua silent' gave no score "
                   .. "for '[^']+'\nrc=2\n$",
                   run("tune scales --games 2 --teacher 'lua5.4 "
                       .. "tests/games/scales_teacher.lua silent'" .. RANDOM,
                       "WARGRID_PATH=tests/games "))
    -- one that judges every position alike has not seen them
    assert.matches("^wargrid: tune: the teacher judged all %d+ positions "
                   .. "alike %(the side to act's chance 0%.514%): it cannot "
                   .. "have seen them\nrc=2\n$",
                   run("tune scales --games 100 --dry-run --teacher 'lua5.4 "
                       .. "tests/games/scales_teacher.lua blind'" .. RANDOM,
                       "WARGRID_PATH=tests/games "))
    -- one that dies mid-run, in this process or a job's (what it was
    -- told after its end, it did not hear)
    for _, jobs in ipairs { 1, 2 } do
      assert.equal("wargrid: tune: --teacher: 'lua5.4 "
                   .. "tests/games/scales_teacher.lua dies' ended before "
                   .. "answering readyok\nrc=2\n",
                   run("tune scales --games 100 --player random --jobs "
                       .. jobs .. " --teacher 'lua5.4 "
                       .. "tests/games/scales_teacher.lua dies'",
                       "WARGRID_PATH=tests/games "))
    end
    assert.equal("wargrid: tune: --depth is the teacher's: give --teacher"
                 .. "\nrc=2\n",
                 run("tune scales --games 2 --depth 4",
                     "WARGRID_PATH=tests/games "))
    -- deeper, an engine searches without end
    assert.equal("wargrid: tune: --depth must be a whole number from 1 to "
                 .. "99, not '99999999999'\nrc=2\n",
                 run("tune scales --games 2 --dry-run --depth 99999999999"
                     .. TEACHER,
                     "WARGRID_PATH=tests/games "))
  end)

  -- (within a minute: a teacher's start that hangs fails, not the spec)
  local TIMED = "WARGRID_PATH=tests/games timeout 60 "

  it("runs CMD as the shell runs any command, and refuses one that is no "
     .. "engine, or a line no engine sends, as bad input", function()
    local out = run("tune scales --games 10 --dry-run --teacher 'cd "
                    .. "tests/games && lua5.4 scales_teacher.lua'" .. RANDOM,
                    TIMED)
    assert.matches("each judged by cd tests/games && lua5.4 "
                   .. "scales_teacher.lua at depth 8\n.*rc=0\n$", out)
    assert.equal("wargrid: tune: --teacher: ''' ended before answering "
                 .. "uciok\nrc=2\n",
                 run("tune scales --games 2 --teacher \"'\"" .. RANDOM,
                     TIMED))
    assert.equal("wargrid: tune: --teacher: 'lua5.4 "
                 .. "tests/games/scales_teacher.lua long' sent a line "
                 .. "longer than 65536 bytes\nrc=2\n",
                 run("tune scales --games 2 --teacher 'lua5.4 "
                     .. "tests/games/scales_teacher.lua long'" .. RANDOM,
                     TIMED))
  end)

  it("stops at Ctrl-C while the teacher searches, and leaves no teacher "
     .. "behind", function()
    local dir = files.tmpdir()
    local mark = dir .. "/searching"
    -- Ctrl-C once the teacher searches (it then hangs, deaf to Ctrl-C);
    -- then which of its processes are left
    files.write(dir .. "/run", table.concat({
      "WARGRID_PATH=tests/games build/wargrid tune scales --games 4 "
      .. "--dry-run --player random --jobs 1 --teacher "
      .. "'lua5.4 tests/games/scales_teacher.lua stuck " .. mark .. "' "
      .. "> " .. dir .. "/out 2>&1 &",
      "i=0",
      "while [ ! -e " .. mark .. " ] && [ $i -lt 600 ]; do",
      "  sleep 0.1; i=$((i + 1))",
      "done",
      "kill -INT $!",
      "wait $!",
      "echo \"rc=$?\" >> " .. dir .. "/out",
      "pgrep -f 'stuck " .. mark .. "' || echo none left",
    }, "\n") .. "\n")
    local h = io.popen("timeout 60 sh " .. dir .. "/run")
    local left = h:read("a")
    h:close()
    assert.equal("wargrid: tune: stopped by Ctrl-C after 0 of 4 games\n"
                 .. "rc=130\n", slurp(dir .. "/out"))
    assert.equal("none left\n", left)
    os.execute("rm -r " .. dir)
  end)
end)

describe("tune merge: shards spoiled by hand", function()
  local env = "WARGRID_PATH=tests/games timeout 60 "
  local dir, lines

  setup(function()
    dir = files.tmpdir()
    assert.equal("rc=0\n", run("tune scales --games 6 --shard 1/1 --player "
                               .. "random --jobs 1 --teacher 'lua5.4 "
                               .. "tests/games/scales_teacher.lua' > "
                               .. dir .. "/good.jsonl", env))
    lines = {}
    for line in io.lines(dir .. "/good.jsonl") do lines[#lines + 1] = line end
  end)

  teardown(function() os.execute("rm -r " .. dir) end)

  -- What `tune merge` says of the shard with line k changed (gsub of from
  -- by to), and the weights file it wrote over "kept".
  local function merge_with(k, from, to)
    local copy = {}
    for i, line in ipairs(lines) do
      copy[i] = i == k and line:gsub(from, to) or line
    end
    files.write(dir .. "/bad.jsonl", table.concat(copy, "\n") .. "\n")
    files.write(dir .. "/w.lua", "kept\n")
    return run("tune merge " .. dir .. "/bad.jsonl --output " .. dir
               .. "/w.lua", env), slurp(dir .. "/w.lua")
  end

  it("refuses a header or a game the fit cannot read, and keeps the "
     .. "weights file", function()
    for _, case in ipairs {
      { 1, '"depth":8,', "" },                     -- a teacher, no depth
      { 1, '"depth":8', '"depth":"x"' },
      { 1, '"teacher":"[^"]*"', '"teacher":{}' },  -- no command
      { 1, '"opening":8', '"opening":{}' },
      { 1, '"terms":%b[]', '"terms":[{}]' },
      { 1, '"shard":"1/1"', '"shard":"1/0"' },
      { 2, '"rows":%b[]', '"rows":5' },
      { 2, '"rows":%[%[1,0,0%]', '"rows":[[1,0]' },  -- a term short
      { 2, '"labels":%b[],', "" },                 -- a teacher's run, no label
      { 2, '"labels":%[0.5', '"labels":[1.5' },
      { 2, '"index":0', '"index":6' },             -- no game of the run
    } do
      local out, file = merge_with(table.unpack(case))
      assert.equal("wargrid: tune merge: " .. dir .. "/bad.jsonl line "
                   .. case[1] .. " is not a line of `tune --shard`\nrc=2\n",
                   out)
      assert.equal("kept\n", file)
    end
  end)

  it("names the seeds of a few games of a huge run at once", function()
    assert.matches("^scales: weights fitted from 6 games of random against "
                   .. "itself, seeds 1%.%.6, each from 8 random actions\n"
                   .. ".*rc=0\n$",
                   (merge_with(1, '"games":6', '"games":9007199254740992')))
  end)
end)

describe("tune: the seeds of a merge", function()
  local h = { seed = 1, games = 12 }
  local function of(indices, shards) return tune.seeds(h, indices, shards) end

  it("names the run's seeds, the shards' or the seeds merged", function()
    local all = {}
    for i = 0, 11 do all[#all + 1] = i end
    assert.equal("seeds 1..12", of(all, { "1/2", "2/2" }))
    assert.equal("shard 2/3 of seeds 1..12", of({ 1, 4, 7, 10 }, { "2/3" }))
    assert.equal("shards 1/4, 2/4 and 4/4 of seeds 1..12",
                 of({ 0, 1, 3, 4, 5, 7, 8, 9, 11 }, { "4/4", "1/4", "2/4",
                                                      "1/4" }))
    -- a shard cut short (stopped by Ctrl-C) holds less than its games
    assert.equal("seeds 1, 3, 5", of({ 0, 2, 4 }, { "1/2" }))
    assert.equal("seeds 1..5, 8..12", of({ 0, 1, 2, 3, 4, 7, 8, 9, 10, 11 },
                                         { "1/1" }))
    assert.equal("4 of seeds 1..12", of({ 0, 2, 4, 6 }, { "1/2" }))
  end)
end)

describe("values: a built-in game and its variant", function()
  it("tells each piece's value in knights (its weights file's unit), and "
     .. "what historical Courier changes of Courier Army's", function()
    local out = run("values courier_historical")
    assert.matches("^courier_historical: values in knights, 95%% interval",
                   out)
    -- its wazir, tuned, against Courier Army's man at hand-set 2.5 of 3
    assert.matches("\n  jester +[%d.]+ +%[[%d.]+, [%d.]+%] +tuned +0%.833 "
                   .. "+changed\n", out)
    assert.matches("\n  rook +[%d.]+ .- +[%d.]+ +moved\n", out)
    assert.matches("\n  other terms:\n  placement ", out)
    assert.matches("rc=0\n$", out)
  end)
end)

describe("tune: the fit", function()
  it("recovers the weights of a logistic model from games, each game's "
     .. "positions one draw", function()
    -- 400 games of 5 positions sharing their result; z = 0.5 a + 1.5 b
    local records, seed = {}, 12345
    local function rand()
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    end
    for i = 1, 400 do
      local a, b = math.floor(rand() * 5) - 2, math.floor(rand() * 3) - 1
      local p = 1 / (1 + math.exp(-(0.5 * a + 1.5 * b)))
      local rows = {}
      for k = 1, 5 do rows[k] = { k % 2 == 0 and 1 or -1, a, b } end
      records[i] = { index = i, winner = rand() < p and 1 or 2, rows = rows }
    end
    local terms = { { name = "a", weight = 1 }, { name = "b", weight = 1 } }
    local fit = assert(tune.fit(records, { terms = terms,
                                           free = { a = true, b = true },
                                           now = { a = 1, b = 1 },
                                           unit = "a" }))
    local b = fit.terms[2]
    assert.is_true(b.vlow < 3 and 3 < b.vhigh)
    assert.is_true(fit.scale - 1.96 * fit.scale_se < 0.5
                   and 0.5 < fit.scale + 1.96 * fit.scale_se)
    -- clustered by game: wider than if the 2,000 positions were 2,000 games
    assert.is_true(b.vhigh - b.vlow > 1.5)
  end)

  it("leaves a term never told apart out of the weights file, which then "
     .. "keeps its hand-set weight", function()
    -- c is 0 in every position: the fit cannot tell it, and writes a and b
    local records = {}
    for i = 1, 40 do
      local a = i % 5 - 2
      records[i] = { index = i, winner = a + i % 3 >= 1 and 1 or 2,
                     rows = { { 1, a, i % 3 - 1, 0 } } }
    end
    local terms = { { name = "a", weight = 1 }, { name = "b", weight = 2 },
                    { name = "c", weight = 7 } }
    local fit = assert(tune.fit(records, {
      terms = terms, free = { a = true, b = true, c = true },
      now = { a = 1, b = 2, c = 7 }, unit = "a" }))
    assert.same({ "tuned", "tuned", "unseen" },
                { fit.terms[1].status, fit.terms[2].status,
                  fit.terms[3].status })
    local file = tune.file({ name = "toy" }, fit,
                           { player = "random", seed = 1, games = 40,
                             opening = 8, every = 3, max_plies = 400 })
    assert.matches("\n    a = 1,\n    b = [%d.]+,\n  },", file)
    assert.not_matches("c =", file)
  end)
end)

-- Every game and some variants: the evaluation is the sum of the weights
-- times the features, in positions of random games (Block Wars from its
-- standard setup too, past the placement, with damaged aircraft).
local function each_game()
  local out = {}
  for _, name in ipairs(loader.list()) do
    out[#out + 1] = { name, function() return wg.load(name) end }
  end
  for _, file in ipairs { "examples/variants/wehrschach_13x13.lua",
                          "examples/variants/blockwars_wide.lua" } do
    out[#out + 1] = { file, function() return loader.load_file(file) end }
  end
  out[#out + 1] = { "blockwars setup=standard aces", function()
    return wg.load("blockwars"):with_options { setup = "standard",
                                               aces = true }
  end }
  return out
end

-- Positions of random games of game (seeds 1..games, each to its end or
-- plies), each passed to visit(s).
local function random_positions(game, games, plies, visit)
  for seed = 1, games do
    local s = game:new(nil, seed)
    for ply = 1, plies do
      visit(s)
      local a = ai.random(game, s, seed * 1000 + ply)
      if not a then break end
      game:play(s, a)
    end
  end
end

describe("tune: each game's terms", function()
  for _, entry in ipairs(each_game()) do
    local name, load = entry[1], entry[2]
    it(name .. ": game:evaluate is the weighted sum of game:features",
       function()
      local game = load()
      local terms, w = game:terms(), game:weights()
      local worst, n = 0, 0
      random_positions(game, 4, 60, function(s)
        for side = 1, 2 do
          local f, sum = game:features(s, side), 0
          assert.equal(#terms, #f)
          for k, t in ipairs(terms) do sum = sum + w[t.name] * f[k] end
          worst = math.max(worst, math.abs(sum - game:evaluate(s, side)))
          n = n + 1
        end
      end)
      assert.is_true(n > 100)
      assert.is_true(worst < 1e-9, "off by " .. worst)
    end)
  end
end)

-- Block Wars' judgement as its AI made it with fixed numbers, before it
-- had terms: a unit on the board by its type (the tank less its hits), an
-- infantry unit's progress and the enemy back rank, units in reserve, a
-- ready fighter less its damage.
local function fixed_judgement(game, s, side)
  local T, st, back = game.T, game.status(), game:prepared().back
  local sum = 0
  for pid = 1, s:npieces() do
    local t, ps, sq = s:piece(pid)
    local v = 0
    if sq ~= 0 then
      v = t == T.tank and 4 - 1.5 * s:field(pid, st.damage)
          or (t == T.machinegun and 1.5 or 1)
      if t == T.infantry then
        local r = select(2, game.rules:coords(sq))
        v = v + 0.05 * (math.abs(r - back[ps]) + 1)
            + (r == back[3 - ps] and 0.5 or 0)
      end
    elseif s:field(pid, st.field) == st.reserve then
      v = t == T.fighter and 0.5 - 0.25 * s:field(pid, st.damage)
          or (t == T.tank and 3 or 0.8)
    end
    sum = sum + (ps == side and v or -v)
  end
  return sum
end

describe("tune: Block Wars' judgement as terms", function()
  it("judges as the fixed numbers did with the hand-set weights, exactly, "
     .. "in positions of seeded random games", function()
    local seen, n = {}, 0
    -- with the hand-set weights (@hand): Block Wars' file scales them
    local games = { wg.load("blockwars"),
                    wg.load("blockwars"):with_options {
                      setup = "standard", aces = true, crosses = true },
                    (loader.load_file("examples/variants/blockwars_wide.lua")) }
    for k, game in ipairs(games) do games[k] = loader.reload(game, false) end
    for _, game in ipairs(games) do
      local f_of = {}
      for k, t in ipairs(game:terms()) do f_of[t.name] = k end
      random_positions(game, 12, 400, function(s)
        for side = 1, 2 do
          assert.equal(fixed_judgement(game, s, side), game:evaluate(s, side))
          n = n + 1
        end
        -- which parts of the judgement the positions reach
        local f = game:features(s, 1)
        for name, k in pairs(f_of) do
          if f[k] ~= 0 then seen[name] = true end
        end
      end)
    end
    assert.is_true(n > 10000)
    local names = {}
    for name in pairs(seen) do names[#names + 1] = name end
    table.sort(names)
    assert.same({ "advance", "breakthrough", "fighter", "fighter_damage",
                  "infantry", "machinegun", "reserve", "reserve_tank",
                  "tank", "tank_damage" }, names)
  end)

  it("reads the weights in force: a weights file beside the game changes "
     .. "its evaluation by the weights it changes", function()
    local dir = files.tmpdir()
    assert(os.execute("cp -r scripts/games/blockwars " .. dir))
    local file = assert(io.open(dir .. "/blockwars/weights.lua", "w"))
    file:write("return { weights = { tank = 5, reserve = 0.5, "
               .. "breakthrough = 2 } }\n")
    file:close()
    local hand = loader.reload(wg.load("blockwars"), false)
    local tuned = loader.load_file(dir .. "/blockwars")
    local w = tuned:weights()
    assert.same({ 5, 0.5, 2, 1 },
                { w.tank, w.reserve, w.breakthrough, w.infantry })
    local terms = tuned:terms()
    local k_of = {}
    for k, t in ipairs(terms) do k_of[t.name] = k end
    local moved = 0
    random_positions(tuned, 4, 200, function(s)
      local f = tuned:features(s, 1)
      local change = (5 - 4) * f[k_of.tank] + (0.5 - 0.8) * f[k_of.reserve]
                     + (2 - 0.5) * f[k_of.breakthrough]
      local diff = tuned:evaluate(s, 1) - hand:evaluate(s, 1)
      assert.is_true(math.abs(diff - change) < 1e-9,
                     string.format("%g, not %g", diff, change))
      if change ~= 0 then moved = moved + 1 end
    end)
    assert.is_true(moved > 50, moved .. " positions judged otherwise")
    -- so do a game with options set on it, and the search's player @FILE
    local options = tuned:with_options { setup = "standard" }
    local s = options:new(nil, 1)
    assert.equal(options:evaluate(s, 1),
                 loader.reload(hand:with_options { setup = "standard" },
                               dir .. "/blockwars/weights.lua"):evaluate(s, 1))
    os.execute("rm -r " .. dir)
  end)
end)

describe("tune: weights files", function()
  local function with_file(text)
    local dir = toy_dir()
    local f = assert(io.open(dir .. "/scales.weights.lua", "w"))
    f:write(text)
    f:close()
    return dir
  end

  it("a header's line breaks, carriage returns too, stay inside comments",
     function()
    local text = require("wargrid.weights").text(
      { unit = "pawn", weights = { gold = 2.5 },
        fit = { teacher = "x\rreturn 1\n" } }, { "gold" },
      "judged by x\rreturn 1\nand\r\nmore")
    assert.equal(2.5, load(text, "=w", "t", {})().weights.gold)
    assert.is_nil(text:match("\nreturn 1"))
    assert.is_nil(text:match("\rreturn 1"))
  end)

  it("a variant inherits its base's weights but for the pieces it adds or "
     .. "changes", function()
    local dir = with_file("return { weights = { gold = 2.5, pawn = 1 } }\n")
    local function weights_of(file)
      local out = run("values --json --variant " .. dir .. "/" .. file,
                      "WARGRID_PATH=" .. dir .. " ")
      local w = {}
      for _, e in ipairs(json.decode(out:match("^(.-)\nrc=0\n$")).terms) do
        w[e.name] = e.weight
      end
      return w
    end
    assert.same({ gold = 2.5, pawn = 1, silver = 1 },
                weights_of("scales_silver.lua"))
    local changed = io.open(dir .. "/gold.lua", "w")
    changed:write('return require("wargrid").variant("scales", { name = '
                  .. '"scales_gold", pieces = { gold = { moves = "mW" } } })')
    changed:close()
    assert.same({ gold = 3, pawn = 1 }, weights_of("gold.lua"))
    os.execute("rm -r " .. dir)
  end)

  it("a variant's own pieces are scaled as its base's file scaled the "
     .. "base's weights, so their values stay", function()
    -- the file `tune scales --scale` writes: every weight times three
    local dir = with_file("return { unit = \"pawn\", weights = { gold = 9, "
                          .. "pawn = 3 }, fit = { factor = 3, games = 600, "
                          .. "player = \"random\" } }\n")
    local env = "WARGRID_PATH=" .. dir .. " "
    local out = run("values --json --variant " .. dir .. "/scales_silver.lua",
                    env)
    local w = {}
    for _, e in ipairs(json.decode(out:match("^(.-)\nrc=0\n$")).terms) do
      w[e.name] = e.weight
    end
    assert.same({ gold = 9, pawn = 3, silver = 3 }, w)
    local text = run("values --variant " .. dir .. "/scales_silver.lua", env)
    assert.matches("\n  silver      1                hand%-set        %-"
                   .. "                new\n", text)
    os.execute("rm -r " .. dir)
    -- Block Wars' file scales by 0.118: a variant that changes the tank
    -- and the machine gun keeps them at four and one and a half infantry
    local strict = loader.load_file("examples/variants/blockwars_strict.lua")
    w = strict:weights()
    assert.is_true(require("wargrid.weights").own_terms(strict).tank)
    assert.same({ 4, 1.5 }, { tonumber(string.format("%.12g",
                                                     w.tank / w.infantry)),
                              tonumber(string.format("%.12g",
                                                     w.machinegun
                                                     / w.infantry)) })
    assert.near(0.1181, w.infantry, 1e-12)
  end)

  it("a weights file's fit that `wargrid values` cannot tell is bad input, "
     .. "named", function()
    for _, case in ipairs {
      { "factor = \"abc\"", "fit.factor must be a positive number "
        .. "(`wargrid tune --scale`'s factor on every weight, or its "
        .. "interval), not abc" },
      { "factor = -2", "fit.factor must be a positive number (`wargrid tune "
        .. "--scale`'s factor on every weight, or its interval), not -2" },
      { "factor = 0", "fit.factor must be a positive number (`wargrid tune "
        .. "--scale`'s factor on every weight, or its interval), not 0" },
      { "factor = 1/0", "fit.factor must be a positive number (`wargrid "
        .. "tune --scale`'s factor on every weight, or its interval), not "
        .. "inf" },
      { "factor = 2, factor_high = {}", "fit.factor_high must be a positive "
        .. "number (`wargrid tune --scale`'s factor on every weight, or its "
        .. "interval), not a table" },
      { "games = 2.5", "fit.games must be a count of games, not 2.5" },
      { "games = \"many\"", "fit.games must be a count of games, not many" },
      { "player = 3", "fit.player must be a player's name, not 3" },
    } do
      local dir = with_file("return { weights = { pawn = 3, gold = 9 }, "
                            .. "fit = { " .. case[1] .. " } }\n")
      assert.equal("wargrid: " .. dir .. "/scales.weights.lua: " .. case[2]
                   .. "\nrc=2\n", run("values scales", "WARGRID_PATH=" .. dir
                                                       .. " "))
      os.execute("rm -r " .. dir)
    end
  end)

  it("a weights file that is not one is bad input, named", function()
    local dir = with_file("return { weights = { bishop = 3 } }\n")
    assert.equal("wargrid: " .. dir .. "/scales.weights.lua: weights.bishop:"
                 .. " scales has no term bishop (its terms: gold, pawn)\n"
                 .. "rc=2\n", run("values scales", "WARGRID_PATH=" .. dir
                                                   .. " "))
    os.execute("rm -r " .. dir)
    dir = with_file("return { weights = { gold = \"three\" } }\n")
    assert.equal("wargrid: " .. dir .. "/scales.weights.lua: weights.gold "
                 .. "must be a number, not three\nrc=2\n",
                 run("values --variant " .. dir .. "/scales.lua"))
    os.execute("rm -r " .. dir)
  end)
end)
