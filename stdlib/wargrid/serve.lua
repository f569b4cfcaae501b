-- wargrid.serve: the board in the browser (`wargrid serve`). One game, a
-- session (wargrid.session) the page plays through the same legal-action
-- list as `play`; the HTTP side is wargrid.http (libmicrohttpd), answered
-- here between polls. The server has no rules of its own.
--
--   local app = serve.app { source = { name = "courier" }, seed = 1 }
--   serve.run(app, { host = "127.0.0.1", port = 8080 })
--
-- Routes (nothing else is served, no path reaches a file):
--   GET  /                   the page (stdlib/wargrid/serve_page.lua)
--   GET  /api/state?side=S&since=V
--                            the game as side S may know it (1, 2, or
--                            none: the side a person plays now); with
--                            since, held until the game moves past V
--                            (long polling; 204 after HOLD seconds)
--   POST /api/play           { action =, side = } an action's text
--   POST /api/undo           { side = }
--   POST /api/new            { opponent = "ai" | "none", side =, level = }
--   GET  /record.pgn         the record (of a game with hidden cards only
--                            once it is over: it holds the seed)
-- A request whose Origin is not the page's own is refused, and so is a
-- POST without one; Host must name the server, whatever the address it
-- listens on (serve.hosts: no DNS rebinding). A client holds at most
-- HELD_PER_CLIENT long polls at once (429 for more), and a poll whose
-- client hangs up is let go at once (wargrid.http).
local ai = require "wargrid.ai"
local host = require "wargrid.host"
local json = require "wargrid.json"
local page = require "wargrid.serve_page"
local record = require "wargrid.record"
local session = require "wargrid.session"
local svg = require "wargrid.svg"

local M = {}

M.HOLD = 25          -- seconds a long poll is held
M.HELD_PER_CLIENT = 16  -- long polls held at once for one address
local WATCH = 0.4    -- seconds between looks at the rules files

local App = {}
App.__index = App

-- The squares an action's text names, in order: its clickable parts. Read
-- from the text, which every game defines, because what a field holds
-- (a square, a piece type, a count) is each game's own.
function M.squares(game, text)
  local out = {}
  for name in text:gmatch("%a+%d+") do
    local word = name:match("%a%d+$")   -- "fire i10xi9": i10, not "fire"
    if game.rules:square(word) then out[#out + 1] = word end
  end
  return out
end

-- serve.app(spec) -> the app. spec: source (as session.open takes it),
-- seed (nil: a new one from the system for each game), level (the AI's,
-- default ai.DEFAULT_LEVEL), opponent ("ai" or "none"), side (the side a
-- person plays against the AI, default 1).
function M.app(spec)
  local self = setmetatable({ source = spec.source, seed = spec.seed,
                              level = spec.level or ai.DEFAULT_LEVEL,
                              opponent = spec.opponent or "ai",
                              side = spec.side or 1, version = 0,
                              held = {}, cache = {} }, App)
  self:new_game()
  return self
end

function App:bump()
  self.version = self.version + 1
  self.cache = {}
end

function App:new_game()
  local seed = self.seed or host.random_seed()
  self.sess = session.open { source = self.source, seed = seed,
                             info = { event = "wargrid serve" } }
  local players = self.sess.log.info
  for side = 1, 2 do
    local name = self:human(side) and "human"
                 or "wargrid level " .. self.level
    if side == 1 then players.white = name else players.black = name end
  end
  self.last, self.verdict, self.message = nil, nil, nil
  self:bump()
end

-- whether a person plays side
function App:human(side)
  return self.opponent == "none" or side == self.side
end

-- The side whose view a page gets: the one it asks for, else the person's
-- (against the AI) or the one deciding (both by hand: hot seat, as `play`).
function App:viewer(asked)
  if asked == 1 or asked == 2 then return asked end
  if self.opponent == "ai" then return self.side end
  local d = self.sess.s:decider()
  return d ~= 0 and d or self.sess.s:side()
end

-- The game as viewer may know it, as JSON (cached per version and side).
function App:state(viewer)
  local key = viewer
  if self.cache[key] then return self.cache[key] end
  local sess = self.sess
  local game, s = sess.game, sess.s
  local outcome = game:outcome(s)
  local decider = s:decider()
  local actions = {}
  if not outcome and decider == viewer and self:human(decider) then
    local list = game:legal(s)
    for i = 1, list:size() do
      local text = game:action_text(s, list:get(i))
      actions[i] = { text = text, squares = M.squares(game, text) }
    end
    table.sort(actions, function(a, b) return a.text < b.text end)
  end
  local history = {}
  for i, e in ipairs(sess.log.entries) do
    history[i] = { text = e.action, who = game:side_name(e.who) }
  end
  local out = json.encode {
    version = self.version, title = game.title or game.name,
    game = game.name, sides = game.sides, viewer = viewer,
    decider = decider, human = self:human(decider),
    opponent = self.opponent, level = self.level, side = self.side,
    svg = svg.position(game, s, { viewer = viewer, last = self.last,
                                  flip = viewer == 2 }),
    position = game:position_text(s, viewer),
    actions = actions, history = history,
    outcome = outcome and outcome.text or false,
    verdict = self.verdict or false, message = self.message or false,
    hidden = game:hidden() and true or false,
  }
  self.cache[key] = out
  return out
end

-- Plays a through the session; when the game's code fails (a variant's),
-- the state is put back as it was and the error raised again.
local function played(sess, a)
  local s = sess.s
  local mark = s:mark()
  local ok, err = pcall(sess.play, sess, a)
  if not ok then
    s:undo(mark)
    error(err, 0)
  end
end

-- Plays the action text says for the person deciding: nil and a message
-- when it is not theirs to play or not legal.
function App:play(text)
  local sess = self.sess
  local game, s = sess.game, sess.s
  if game:outcome(s) then return nil, "the game is over" end
  if not self:human(s:decider()) then return nil, "it is the AI's turn" end
  local e = game:explain(s, text)
  if not e.legal then return nil, require("wargrid").explain_line(e) end
  played(sess, e.action)
  self.last, self.message = e.action, nil
  self:bump()
  return true
end

-- One action of the AI, when it is its decision: what `play` gives it,
-- the view of its side, never the state.
function App:ai_move()
  local sess = self.sess
  local game, s = sess.game, sess.s
  if game:outcome(s) or self:human(s:decider()) then return false end
  local who, n = s:decider(), #sess.log.entries
  local view = game:view(s, who, sess.seed * 1000003 + n)
  local a = ai.choose(game, view, { level = self.level, seed = sess.seed + n })
  played(sess, a)
  self.last = a
  self:bump()
  return true
end

function App:undo()
  local sess = self.sess
  local entries = sess.log.entries
  if #entries == 0 then return nil, "nothing to undo" end
  -- against the AI, back to before the person's last action (and the
  -- AI's since); by hand, the last action
  local who = self.opponent == "ai" and self.side or entries[#entries].who
  local ok, err = sess:undo(who)
  if not ok then return nil, err end
  self.last, self.message = nil, nil
  self:bump()
  return true
end

-- The rules files changed: loaded again, the game replayed (the session's
-- verdict is what the page shows).
function App:watch()
  local changed = self.sess:changed()
  if not changed then return false end
  local r = self.sess:reload(changed)
  self.verdict = { status = r.status, line = r.line }
  self.last = nil
  self:bump()
  return true
end

-- HTTP ---------------------------------------------------------------------
local SECURITY = {
  ["Cache-Control"] = "no-store",
  ["X-Content-Type-Options"] = "nosniff",
  ["X-Frame-Options"] = "DENY",
  ["Referrer-Policy"] = "no-referrer",
}
local PAGE_CSP = "default-src 'none'; script-src 'unsafe-inline'; "
                 .. "style-src 'unsafe-inline'; img-src data:; "
                 .. "connect-src 'self'; form-action 'none'; "
                 .. "base-uri 'none'; frame-ancestors 'none'"

local function headers(ctype, extra)
  local h = { ["Content-Type"] = ctype }
  for k, v in pairs(SECURITY) do h[k] = v end
  for k, v in pairs(extra or {}) do h[k] = v end
  return h
end

local function text(status, body)
  return status, headers("text/plain; charset=utf-8"), body .. "\n"
end

local function json_answer(status, body)
  return status, headers("application/json"), body
end

-- The sides a request may name: 1, 2, or nothing
local function side_arg(v)
  if v == "1" or v == "2" then return tonumber(v) end
  if v == nil or v == "" or v == "0" then return nil end
  return false
end

-- Whether the request comes from the page: Host names this server (one of
-- hosts, which serve.run sets), and Origin, when there is one, is that
-- host's page; a POST must carry it.
function App:trusted(req)
  local name = req.host:lower()
  if self.hosts and not self.hosts[name] then
    return false, "unknown Host"
  end
  if req.origin == "" then
    if req.method == "POST" then return false, "a POST needs an Origin" end
    return true
  end
  if req.origin:lower() ~= "http://" .. name then
    return false, "Origin is not this server's page"
  end
  return true
end

local function body_of(req)
  if not req.type:lower():match("^application/json") then return nil end
  local ok, v = pcall(json.decode, req.body)
  return ok and type(v) == "table" and v or nil
end

-- app:handle(req, now) -> status, headers, body; or nothing when the
-- request is held (a long poll: app:release answers it)
function App:handle(req, now)
  local ok, why = self:trusted(req)
  if not ok then return text(403, "forbidden: " .. why) end
  local path, method = req.path, req.method
  if path == "/" or path == "/index.html" then
    if method ~= "GET" and method ~= "HEAD" then
      return text(405, "method not allowed")
    end
    return 200, headers("text/html; charset=utf-8",
                        { ["Content-Security-Policy"] = PAGE_CSP }), page
  elseif path == "/api/state" then
    if method ~= "GET" then return text(405, "method not allowed") end
    local side = side_arg(req.args.side)
    if side == false then return text(400, "side: 1, 2 or nothing") end
    local since = req.args.since and math.tointeger(tonumber(req.args.since))
    if since and since == self.version then
      if self:held_by(req.remote) >= M.HELD_PER_CLIENT then
        return text(429, string.format("too many long polls from %s at once "
                                       .. "(at most %d): try again later",
                                       req.remote, M.HELD_PER_CLIENT))
      end
      self.held[#self.held + 1] = { id = req.id, side = side, at = now,
                                     seen = self.version,
                                     remote = req.remote }
      return
    end
    return json_answer(200, self:state(self:viewer(side)))
  elseif path == "/record.pgn" then
    if method ~= "GET" then return text(405, "method not allowed") end
    local sess = self.sess
    if sess.game:hidden() and not sess.game:outcome(sess.s) then
      return text(403, "the record holds the seed, which tells the hidden "
                  .. "cards: download it when the game is over (BW-H2)")
    end
    return 200, headers("application/x-chess-pgn", {
      ["Content-Disposition"] = 'attachment; filename="'
                                .. sess.game.name .. '.pgn"' }),
           record.write(sess:record())
  elseif path == "/api/play" or path == "/api/undo" or path == "/api/new" then
    if method ~= "POST" then return text(405, "method not allowed") end
    local b = body_of(req)
    if not b then return text(400, "expected a JSON object") end
    local side = side_arg(b.side and tostring(b.side))
    if side == false then return text(400, "side: 1, 2 or nothing") end
    local done, err
    if path == "/api/play" then
      if type(b.action) ~= "string" or #b.action > 200 then
        return text(400, "action: the text of an action")
      end
      done, err = self:play(b.action)
    elseif path == "/api/undo" then
      done, err = self:undo()
    else
      done, err = self:restart(b)
    end
    if not done then
      if err == nil then return text(400, "bad request") end
      self.message = err
      self:bump()
    end
    return json_answer(200, self:state(self:viewer(side)))
  end
  return text(404, "not found")
end

-- /api/new: another game, the opponent and side the page chose
function App:restart(b)
  local level = math.tointeger(b.level) or self.level
  if not ai.LEVELS[level] then return nil end
  if b.opponent ~= "ai" and b.opponent ~= "none" then return nil end
  local side = math.tointeger(b.side) or 1
  if side ~= 1 and side ~= 2 then return nil end
  self.level, self.opponent, self.side = level, b.opponent, side
  self:new_game()
  return true
end

-- How many long polls the client at address holds
function App:held_by(address)
  local n = 0
  for _, h in ipairs(self.held) do
    if h.remote == address then n = n + 1 end
  end
  return n
end

-- Forgets the held long polls of the ids (their clients left).
function App:forget(ids)
  if #ids == 0 then return end
  local gone, keep = {}, {}
  for _, id in ipairs(ids) do gone[id] = true end
  for _, h in ipairs(self.held) do
    if not gone[h.id] then keep[#keep + 1] = h end
  end
  self.held = keep
end

-- Answers the held long polls: those the game moved past, and with 204
-- those held for HOLD seconds.
function App:release(srv, now)
  local keep = {}
  for _, h in ipairs(self.held) do
    if self.version ~= h.seen then
      local ok, body = pcall(self.state, self, self:viewer(h.side))
      if ok then
        srv:respond(h.id, 200, headers("application/json"), body)
      else
        srv:respond(h.id, 500, headers("text/plain"), "internal error\n")
      end
    elseif now - h.at >= M.HOLD then
      srv:respond(h.id, 204, headers("text/plain"), "")
    else
      keep[#keep + 1] = h
    end
  end
  self.held = keep
end

-- An IPv6 address in brackets, as a URL and Host write it
local function bracket(name)
  return name:find(":") and not name:find("^%[") and "[" .. name .. "]"
         or name
end

local function loopback(address)
  return address == "::1" or address:match("^127%.%d+%.%d+%.%d+$") ~= nil
end

local function every(address)
  return address == "0.0.0.0" or address == "::"
end

-- serve.hosts(spec) -> the Host values the server answers, in lower case:
-- spec.host (the name or address given) and spec.address (the address it
-- listens on) with spec.port; when that is a loopback address or every
-- address, localhost, 127.0.0.1 and [::1] too; when every address, each
-- of this machine's (spec.locals); and the names of spec.allow
-- (--allow-host: a name, or a name and its port). Port 80 may be left
-- out, as browsers do.
function M.hosts(spec)
  local out, seen = {}, {}
  local function add(name, port)
    for _, v in ipairs { name .. ":" .. port, port == 80 and name or nil } do
      v = v:lower()
      if not seen[v] then
        seen[v] = true
        out[#out + 1] = v
      end
    end
  end
  local port = spec.port
  local address = spec.address ~= "" and spec.address or spec.host
  for _, name in ipairs { spec.host, address } do
    if not every(name) then add(bracket(name), port) end
  end
  if loopback(address) or every(address) or spec.host == "localhost" then
    for _, name in ipairs { "localhost", "127.0.0.1", "[::1]" } do
      add(name, port)
    end
  end
  if every(address) then
    for _, a in ipairs(spec.locals or {}) do add(bracket(a), port) end
  end
  for _, name in ipairs(spec.allow or {}) do
    local hostname, p = name:match("^(.*):(%d+)$")
    if hostname and not hostname:find(":")
       or hostname and hostname:find("^%[.*%]$") then
      add(hostname, math.tointeger(tonumber(p)))
    else
      add(bracket(name), port)
    end
  end
  return out
end

-- serve.run(app, opts): listens on opts.host and opts.port, tells where
-- on standard output (opts.say), and serves until killed. opts.allow:
-- names the server answers besides its own (serve.hosts).
function M.run(app, opts)
  local http = require "wargrid.http"
  local srv, err = http.listen(opts.host, opts.port)
  if not srv then return nil, err end
  local port, address = srv:port(), srv:address()
  local names = M.hosts { host = opts.host, address = address, port = port,
                          allow = opts.allow, locals = http.addresses() }
  app.hosts = {}
  for _, name in ipairs(names) do app.hosts[name] = true end
  local shown = (every(address) or every(opts.host)) and "127.0.0.1"
                or bracket(opts.host)
  opts.say(string.format("serving %s on http://%s:%d/ (Ctrl-C stops)",
                         app.sess.game.title or app.sess.game.name, shown,
                         port))
  opts.say("answering requests whose Host is " .. table.concat(names, ", ")
           .. " (--allow-host adds a name)")
  local looked = 0
  -- one round: what came in answered, the rules files looked at, the long
  -- polls the game moved past released
  local function round(ms)
    local reqs, gone = srv:poll(ms)
    app:forget(gone)
    local now = host.clock()
    for _, req in ipairs(reqs) do
      -- a variant's code may fail: that request fails, the server goes on;
      -- what its calls may spend together is capped, so no request stalls
      -- the others for long
      host.budget { unit = "request", default = 10, spent = 0 }
      local ok, status, h, body = pcall(app.handle, app, req, now)
      if not ok then
        io.stderr:write("wargrid serve: ", tostring(status), "\n")
        srv:respond(req.id, 500, headers("text/plain"), "internal error\n")
      elseif status then
        srv:respond(req.id, status, h, body)
      end
    end
    if now - looked >= WATCH then
      looked = now
      local ok, failure = pcall(app.watch, app)
      if not ok then
        io.stderr:write("wargrid serve: ", tostring(failure), "\n")
      end
    end
    app:release(srv, now)
  end
  while true do
    round(100)
    -- the AI thinks once what is answered is on its way; when it fails (a
    -- variant's code), it is told on the page and tried again only once
    -- the game has changed
    if app.ai_failed ~= app.version then
      local ok, failure = pcall(function()
        local s = app.sess.s
        if not app.sess.game:outcome(s) and not app:human(s:decider()) then
          round(0)
          host.budget { unit = "move", default = 60, spent = 0 }
          app:ai_move()
        end
      end)
      if not ok then
        io.stderr:write("wargrid serve: ", tostring(failure), "\n")
        app.message = "the AI failed: " .. tostring(failure)
        app:bump()
        app.ai_failed = app.version
      end
      app:release(srv, host.clock())
    end
  end
end

return M
