-- wargrid serve over HTTP (tests/serve_http.py talks to it with sockets):
-- what it refuses, what each side is served, 10,000 fuzzed requests with
-- its memory before and after (left in build/serve-fuzz.json), and 50
-- clients at once. The page in a browser: serve_browser_spec.lua.
local bad_rules = require "bad_rules"
local json = require "wargrid.json"
local replay = require "wargrid.replay"

local function sh(cmd)
  local h = io.popen(cmd)
  local out = h:read("a")
  h:close()
  return out
end

-- start(args) -> { port =, pid =, said = }: build/wargrid serve ARGS
-- --port 0 in the background, once it says where it listens and to which
-- Host names (said: those two lines)
local function start(args)
  local log = os.tmpname()
  local pid = sh(string.format("build/wargrid serve %s --port 0 > %s 2>&1 & echo $!", args, log)):match("%d+")
  for _ = 1, 100 do
    local f = io.open(log)
    local line = f and f:read("a") or ""
    if f then f:close() end
    local port = line:match("http://127%.0%.0%.1:(%d+)/.*\n.*\n")
    if port then
      os.remove(log)
      return { port = port, pid = pid, said = line }
    end
    assert(not line:match("wargrid:"), line)
    os.execute("sleep 0.05")
  end
  error("wargrid serve did not start")
end

local function stop(srv) os.execute("kill " .. srv.pid) end

-- client(srv, scenario, ...) -> what tests/serve_http.py reports
local function client(srv, scenario, ...)
  local args = { "python3", "tests/serve_http.py", srv.port, srv.pid, scenario, ... }
  for i, a in ipairs(args) do args[i] = "'" .. tostring(a):gsub("'", "'\\''") .. "'" end
  local out = sh(table.concat(args, " "))
  local v = json.decode(out)
  assert(v, "serve_http.py said: " .. out)
  return v
end

local function alive(srv)
  return os.execute("kill -0 " .. srv.pid .. " 2>/dev/null") == true
end

-- alone(args, scenario, ...) -> what the scenario reports, run against a
-- server of its own (serve ARGS), which must still be up after it
local function alone(args, scenario, ...)
  local srv = start(args)
  local ok, r = pcall(client, srv, scenario, ...)
  local still = alive(srv)
  stop(srv)
  assert(ok, r)
  assert.is_true(still)
  return r
end

-- what the guard scenario gets: the page and the game, and refusals
local GUARDED = {
  page = 200, state = 200,
  post_without_origin = 403, post_other_origin = 403, get_other_origin = 403, other_host = 403,
  traversal = 404, encoded_traversal = 404, file_path = 404,
  put = 405, get_play = 405, bad_json = 400, bad_side = 400, big_body = 413,
}

describe("wargrid serve", function()
  it("tells bad input in one line, exit status 2", function()
    local function run(args)
      local h = io.popen("build/wargrid serve " .. args .. " 2>&1; echo \"rc=$?\"")
      local out = h:read("a")
      h:close()
      return out
    end
    assert.equal("wargrid: serve: which game? (see 'wargrid list')\nrc=2\n", run(""))
    assert.equal("wargrid: serve: --port must be a whole number from 0 to 65535, not '99999'\nrc=2\n",
                 run("courier --port 99999"))
    assert.equal("wargrid: serve: cannot listen on 203.0.113.9 port 0 (is the port in use, or 203.0.113.9 "
                 .. "not an address of this machine?)\nrc=2\n", run("courier --host 203.0.113.9 --port 0"))
    assert.equal("wargrid: serve: --allow-host must be a host name or address (and :PORT), not 'a b'\nrc=2\n",
                 run("courier --allow-host 'a b' --port 0"))
    assert.equal("wargrid: serve: --allow-host must be a host name or address (and :PORT), not 'x:99999'\nrc=2\n",
                 run("courier --allow-host x:99999 --port 0"))
  end)

  describe("its guard", function()
    local srv
    setup(function() srv = start("courier --seed 1 --ai-level 1") end)
    teardown(function() stop(srv) end)

    it("serves the page and the game, and refuses other origins, hosts, paths, methods and bodies", function()
      assert.same(GUARDED, client(srv, "guard"))
    end)

    it("C-O1 answers an illegal action with the rule that forbids it, and plays a legal one", function()
      local r = client(srv, "post", "/api/play", '{"action": "b2b3"}')
      assert.equal(200, r.status)
      local st = json.decode(r.body)
      assert.equal("illegal: C-O1 White still owes the opening moves a2a4, l2l4, g2g4, g1g3", st.message)
      assert.same({}, st.history)
      r = client(srv, "post", "/api/play", '{"action": "a2a4"}')
      st = json.decode(r.body)
      assert.same({ { who = "white", text = "a2a4" } }, st.history)
      local game = replay.load { name = "courier" }
      local s = game:new(nil, 1)
      game:play(s, assert(game:parse_action(s, "a2a4")))
      assert.equal(game:position_text(s, 1), st.position)
    end)

    it("gives each action's squares in the order its text names them", function()
      local st = json.decode(client(srv, "get", "/api/state?side=2").body)
      -- side 2 decides after a2a4 (the AI's side, so no actions offered to a person)
      assert.equal(2, st.viewer)
      local serve = require "wargrid.serve"
      local trenches = replay.load { name = "trenches" }
      assert.same({ "a4", "b5", "c6" }, serve.squares(trenches, "a4-b5/c6"))
      local wehrschach = replay.load { name = "wehrschach" }
      assert.same({ "i10", "i9" }, serve.squares(wehrschach, "fire i10xi9"))
      assert.same({}, serve.squares(wehrschach, "pass"))
    end)
  end)

  describe("each side's page", function()
    local srv
    setup(function() srv = start("courier --seed 1 --ai-level 1") end)
    teardown(function() stop(srv) end)

    it("draws the board with the page's side at the bottom: the second side's flipped", function()
      local first = json.decode(client(srv, "get", "/api/state?side=1").body)
      local second = json.decode(client(srv, "get", "/api/state?side=2").body)
      assert.matches('<rect id="sq%-a1" class="sq dark" x="34" y="464"', first.svg)
      assert.matches('<rect id="sq%-a1" class="sq dark" x="694" y="44"', second.svg)
    end)
  end)

  describe("listening on every address", function()
    local srv
    setup(function() srv = start("courier --seed 1 --ai-level 1 --host 0.0.0.0 --allow-host Wargrid.Test") end)
    teardown(function() stop(srv) end)

    it("tells the Host names it answers", function()
      local names = srv.said:match("answering requests whose Host is ([^\n]+) %(%-%-allow%-host adds a name%)\n")
      assert.truthy(names, srv.said)
      local p = srv.port
      -- then this machine's addresses, then the name given
      local first = string.format("localhost:%s, 127.0.0.1:%s, [::1]:%s, ", p, p, p)
      assert.equal(first, names:sub(1, #first))
      local last = ", wargrid.test:" .. p
      assert.equal(last, names:sub(-#last))
    end)

    it("still refuses other hosts, origins and paths (no DNS rebinding)", function()
      assert.same(GUARDED, client(srv, "guard"))
      assert.same({ own = 200, localhost = 200, allowed = 200, forged = 403, no_port = 403, other_port = 403,
                    post_forged = 403, post_own = 200 }, client(srv, "hosts", "wargrid.test"))
    end)
  end)

  it("answers the Host names of the address it listens on, and those --allow-host gives", function()
    local serve = require "wargrid.serve"
    assert.same({ "127.0.0.1:8080", "localhost:8080", "[::1]:8080" },
                serve.hosts { host = "127.0.0.1", address = "127.0.0.1", port = 8080 })
    assert.same({ "localhost:8080", "127.0.0.1:8080", "[::1]:8080" },
                serve.hosts { host = "localhost", address = "127.0.0.1", port = 8080 })
    -- another address: only its own, and the names given
    assert.same({ "192.0.2.7:8080", "board.example:8080", "other.example:9000" },
                serve.hosts { host = "192.0.2.7", address = "192.0.2.7", port = 8080,
                              allow = { "Board.example", "other.example:9000" } })
    -- every address: the loopback names and this machine's addresses
    assert.same({ "localhost:80", "localhost", "127.0.0.1:80", "127.0.0.1", "[::1]:80", "[::1]",
                  "192.0.2.7:80", "192.0.2.7", "[2001:db8::5]:80", "[2001:db8::5]" },
                serve.hosts { host = "::", address = "::", port = 80,
                              locals = { "127.0.0.1", "192.0.2.7", "2001:db8::5", "::1" } })
    assert.same({ "[::1]:8080", "localhost:8080", "127.0.0.1:8080", "[fe80::1]:8080" },
                serve.hosts { host = "::1", address = "::1", port = 8080, allow = { "fe80::1" } })
  end)

  it("BW-H2 serves a side only what it may know: its view's position, never the decks' order or the seed", function()
    local srv = start("blockwars --seed 5 --ai-level 1")
    local ok, err = pcall(function()
      local game = replay.load { name = "blockwars" }
      for side = 1, 2 do
        local st = json.decode(client(srv, "get", "/api/state?side=" .. side).body)
        -- the AI (side 2) may have placed pieces: the same actions here
        local s = game:new(nil, 5)
        for _, e in ipairs(st.history) do game:play(s, assert(game:parse_action(s, e.text))) end
        assert.equal(game:position_text(s, side), st.position)
        assert.matches("decks=%?26/%?26/%-", st.position)
        assert.is_nil(st.svg:find(game:position_text(s), 1, true))
        assert.is_nil(st.svg:find("rng=", 1, true))
      end
      local rec = client(srv, "get", "/record.pgn")
      assert.equal(403, rec.status)
      assert.matches("the record holds the seed", rec.body)
    end)
    stop(srv)
    assert(ok, err)
  end)

  it("fails a request whose action the variant's code fails on, with the game as it was, and goes on", function()
    local dir = os.tmpname()
    os.remove(dir)
    os.execute("mkdir " .. dir)
    local file = dir .. "/broken.lua"
    local f = assert(io.open(file, "w"))
    f:write([[
local wg = require "wargrid"
local game = wg.variant("courier", { name = "courier_broken" })
local play = game.play
function game:play(s, a, told)
  local text = self:action_text(s, a)
  play(self, s, a, told)
  if text == "l2l4" then error("broken on purpose") end
end
return game
]])
    f:close()
    local srv = start("--variant " .. file .. " --seed 1 --ai-level 1")
    local ok, err = pcall(function()
      assert.equal(200, client(srv, "post", "/api/new", '{"opponent": "none", "side": 1, "level": 1}').status)
      client(srv, "post", "/api/play", '{"action": "a2a4"}')
      local st = json.decode(client(srv, "post", "/api/play", '{"action": "a7a5"}').body)
      assert.equal(2, #st.history)
      local r = client(srv, "post", "/api/play", '{"action": "l2l4"}')
      assert.equal(500, r.status)
      local now = json.decode(client(srv, "get", "/api/state").body)
      assert.equal(st.position, now.position)
      assert.same(st.history, now.history)
      assert.is_true(alive(srv))
    end)
    stop(srv)
    os.execute("rm -rf " .. dir)
    assert(ok, err)
  end)

  it("survives rules it cannot load (a syntax error, an endless loop, a script stuck in C, 4 GB): the game goes on",
     function()
    local dir = os.tmpname()
    os.remove(dir)
    os.execute("mkdir " .. dir)
    local rules = dir .. "/mine.lua"
    local f = assert(io.open(rules, "w"))
    f:write(bad_rules.COURIER)
    f:close()
    local srv = start("--variant " .. rules .. " --seed 1 --ai-level 1 --time-limit 1 --instruction-limit 10")
    -- the page's state once its verdict is `line` (it looks at the rules
    -- every 0.4 s); fails after 20 s
    local function verdict(line)
      local st
      for _ = 1, 200 do
        st = json.decode(client(srv, "get", "/api/state").body)
        if st.verdict and st.verdict.line == line then return st end
        os.execute("sleep 0.1")
      end
      error("no verdict '" .. line .. "': " .. json.encode(st.verdict))
    end
    local ok, err = pcall(function()
      client(srv, "post", "/api/new", '{"opponent": "none", "side": 1, "level": 1}')
      local moves = { "a2a4", "a7a5", "l2l4", "l7l5", "g2g4" }
      for i, case in ipairs(bad_rules.list) do
        bad_rules.put(case, rules)
        local st = verdict(case.line(rules) .. "; play goes on under the old rules")
        assert.equal("failed", st.verdict.status)
        assert.equal(i - 1, #st.history)
        st = json.decode(client(srv, "post", "/api/play", '{"action": "' .. moves[i] .. '"}').body)
        assert.equal(i, #st.history)
        assert.is_false(st.message)
      end
      local f2 = assert(io.open(rules, "w"))
      f2:write(bad_rules.NONLEAPING)
      f2:close()
      verdict("rules reloaded (" .. rules .. " changed): the 4 actions so far replayed, all legal; play goes on")
      client(srv, "post", "/api/play", '{"action": "g2g4"}')
      local rec = client(srv, "get", "/record.pgn")
      assert.equal(200, rec.status)
      assert.equal("1. a4 1... a5 2. l4 2... l5 3. g4 * ",
                   rec.body:match("\n\n(.*)$"):gsub(" {#%x+}", ""):gsub("\n", " "))
      assert.is_true(alive(srv))
    end)
    stop(srv)
    os.execute("rm -rf " .. dir)
    assert(ok, err)
  end)

  it("stays up with flat memory through 10,000 fuzzed requests, clients gone mid-request among them", function()
    local r = alone("courier --seed 1 --ai-level 1", "fuzz", 10000)
    local f = assert(io.open("build/serve-fuzz.json", "w"))
    f:write(json.encode(r), "\n")
    f:close()
    assert.equal(10000, r.requests)
    assert.equal(200, r.state_after)
    -- the server's resident memory is about 13 MiB; what the Lua
    -- collector has not yet taken back stays well under 4 MiB
    assert.is_true(r.rss_after_kib - r.rss_before_kib < 4096,
                   string.format("%d KiB before, %d after", r.rss_before_kib, r.rss_after_kib))
  end)

  it("answers or refuses every request at once, whatever its arguments, headers or size", function()
    local r = alone("courier --seed 1 --ai-level 1", "big")
    -- 64 query arguments are served; more, or a URI past 4096 bytes, are
    -- refused 414 (they went unanswered, the connection held for 30 s)
    assert.same({ args_64 = "200", args_65 = "414", args_700 = "414", args_amp = "414", uri_long = "414",
                  headers = "431", post_args = "414" },
                { args_64 = r.args_64, args_65 = r.args_65, args_700 = r.args_700, args_amp = r.args_amp,
                  uri_long = r.uri_long, headers = r.headers, post_args = r.post_args })
    -- headers of every size up to past the connection's 32 KB: each one
    -- answered, or (a request that fills the connection's memory to within
    -- the answer's headers) its connection closed at once (or reset, the
    -- request unread); none held
    assert.is_nil(r.sweep.held, json.encode(r.sweep))
    assert.is_true((r.sweep.answered or 0) >= 300, json.encode(r.sweep))
    assert.equal(312, (r.sweep.answered or 0) + (r.sweep.closed or 0) + (r.sweep.refused or 0))
  end)

  it("lets a long poll go as its client leaves, and holds at most 16 of a client's at once", function()
    local r = alone("courier --seed 1 --ai-level 1", "polls")
    -- 300 polls of one client: 16 held, the others answered 429 at once
    -- or not let in (the server takes 256 connections)
    assert.equal(16, r.first.held)
    assert.equal(300 - 16, (r.first["429"] or 0) + (r.first.refused or 0))
    assert.is_true(r.first["429"] >= 200, json.encode(r.first))
    -- dropped, and a request is answered at once (it waited 25 s)
    assert.equal(200, r.status_after)
    assert.is_true(r.seconds_after < 2, r.seconds_after)
    -- 10 clients' 160 polls, dropped: 160 more of the same clients held
    assert.same({ { held = 160 }, { held = 160 } }, r.rounds)
    assert.equal(200, r.status_end)
  end)

  it("answers 50 clients at once: 50 long polls released by one action (10 gone before), 50 pages", function()
    local r = alone("courier --seed 1 --ai-level 1", "crowd")
    assert.equal(200, r.play)
    local want = {}
    for i = 1, 40 do want[i] = { 200, r.version_before + 1 } end
    assert.same(want, r.answers)
    assert.equal(50, r.page_count)
    assert.equal(1, #r.pages)
    assert.equal(200, r.pages[1][1])
  end)
end)
