-- The operator's guide's recipe for GNU parallel (doc/operators.md), run as
-- it stands: shards of
-- one run on one machine, merged by `stats merge` into, byte for byte, the
-- report of the same run in one process. (The Slurm recipe needs a cluster:
-- `make test-cluster` runs it, tests/cluster/slurm.)
local root = io.popen("pwd"):read("l")

local function sh(cmd)
  local h = io.popen(cmd .. " 2>&1; echo \"rc=$?\"")
  local out = h:read("a")
  h:close()
  return out:match("^(.-)rc=(%d+)\n$")
end

describe("the operator's guide's recipes", function()
  it("GNU parallel: the merged shards give the report of one process", function()
    local recipe, rc = sh("tests/cluster/recipe 'parallel -j'")
    assert.equal("0", rc)
    local lines = {}
    for line in recipe:gmatch("[^\n]+") do lines[#lines + 1] = line end
    assert.equal(2, #lines)
    assert.matches("^parallel %-j 2 'wargrid selfplay courier .* %-%-shard {}/4 > shard%-{}%.jsonl' ::: 1 2 3 4$",
                   lines[1])
    assert.equal("wargrid stats merge shard-*.jsonl > report.txt", lines[2])
    -- the same run in one process: the recipe's command less its shard
    local one = lines[1]:match("^parallel %-j %d+ '(wargrid selfplay .-) %-%-shard ")
    local dir = os.tmpname()
    os.remove(dir)
    assert.is_true(os.execute("mkdir " .. dir))
    local env = "cd " .. dir .. " && PATH=" .. root .. "/build:$PATH "
    local out
    out, rc = sh(env .. "sh -e -c '" .. recipe:gsub("'", "'\\''") .. "'")
    assert.equal("0", rc, out)
    local whole
    whole, rc = sh(env .. one)
    assert.equal("0", rc)
    local f = assert(io.open(dir .. "/report.txt"))
    local merged = f:read("a")
    f:close()
    local shards = sh("cat " .. dir .. "/shard-*.jsonl | grep -c '\"type\":\"game\"'")
    os.execute("rm -rf " .. dir)
    assert.equal("100\n", shards)
    assert.matches("^courier: 100 games, white %(random%) vs black %(random%), seeds 1..100\n", merged)
    assert.equal(whole, merged)
  end)
end)
