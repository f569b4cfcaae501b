-- wargrid.serve: the board in the browser (`wargrid serve`): a table two
-- people play at, and others watch. One game, a session (wargrid.session)
-- the pages play through the same legal-action list as `play`; the HTTP
-- side is wargrid.http (libmicrohttpd), answered here between polls. The
-- server has no rules of its own.
--
--   local app = serve.app { source = { name = "courier" }, seed = 1 }
--   serve.run(app, { host = "127.0.0.1", port = 8080 })
--
-- Seats: each side has a token (128 bits from the system's random source,
-- made as the server starts); the page of a side is /?seat=TOKEN, and its
-- requests carry the token (seat= in the query, or in the JSON body). A
-- request without one is a spectator's: it is served what nobody at the
-- table keeps hidden (the view of both sides in turn), and may not act. A
-- token that is no seat's is refused (403, { error = "..." }).
--
-- Routes (nothing else is served, no path reaches a file):
--   GET  /                   the page (stdlib/wargrid/serve_page.lua)
--   GET  /api/state?seat=T&since=V
--                            the game as the seat (or a spectator) may
--                            know it; with since, held until the game
--                            moves past V (long polling; 204 after HOLD
--                            seconds)
--   POST /api/play           { seat =, action = } an action's text, or a
--                            macro's (Block Wars' "place standard")
--   POST /api/why            { seat =, square = } why no action of the
--                            seat's starts there (the `why` line)
--   POST /api/undo           { seat = }
--   POST /api/new            { seat =, opponent = "ai" | "none", level = }
--   GET  /record.pgn         the record (of a game with hidden cards only
--                            once it is over: it holds the seed)
-- What a seat is refused comes back to it alone, as the state's `why`.
-- Every action is told (game:play's log, as `play` prints it) in the
-- state's history, with the squares it names.
--
-- The AI thinks in a worker process (host.fork, its budget started again
-- there), never in the loop that answers requests; a change of the game
-- meanwhile (undo, a new game, rules reloaded) stops it.
--
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
local explain_line = require("wargrid").explain_line

local M = {}

M.HOLD = 25          -- seconds a long poll is held
M.HELD_PER_CLIENT = 16  -- long polls held at once for one address
local WATCH = 0.4    -- seconds between looks at the rules files
local SPECTATOR = 0  -- the viewer of a page without a seat

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

-- The squares a line of narration names ("the German infantry on e5
-- falls"), each once: lower-case words of a file and a rank, which no
-- rule ID ("BW-C6") is.
function M.told_squares(game, lines, into)
  local out, seen = into or {}, {}
  for _, q in ipairs(out) do seen[q] = true end
  for _, line in ipairs(lines) do
    for word in line:gmatch("%f[%w](%l%d+)%f[%W]") do
      if not seen[word] and game.rules:square(word) then
        seen[word] = true
        out[#out + 1] = word
      end
    end
  end
  return out
end

-- A seat's token: 128 bits from the system's random source, as hex
local function new_token()
  local parts = {}
  for i = 1, 4 do parts[i] = string.format("%08x", host.random_seed()) end
  return table.concat(parts)
end

-- serve.app(spec) -> the app. spec: source (as session.open takes it),
-- position (the start's text, default the game's), seed (nil: a new one
-- from the system for each game), level (the AI's, default
-- ai.DEFAULT_LEVEL), opponent ("ai" or "none"), side (the side a person
-- plays against the AI, default 1). app.seats: the two sides' tokens.
function M.app(spec)
  local self = setmetatable({ source = spec.source, seed = spec.seed,
                              position = spec.position,
                              level = spec.level or ai.DEFAULT_LEVEL,
                              opponent = spec.opponent or "ai",
                              side = spec.side or 1, version = 0,
                              seats = { new_token(), new_token() },
                              held = {}, cache = {} }, App)
  self:new_game()
  return self
end

function App:bump()
  self.version = self.version + 1
  self.cache = {}
end

function App:new_game()
  self:stop_thinking()
  local seed = self.seed or host.random_seed()
  self.sess = session.open { source = self.source, seed = seed,
                             position = self.position,
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

-- app:seat(token) -> the side whose token it is, SPECTATOR for none (nil
-- or ""), or nil for a token of no seat. Every character is compared, so
-- the time taken tells nothing of how much of a token was right.
function App:seat(token)
  if token == nil or token == "" then return SPECTATOR end
  if type(token) ~= "string" then return nil end
  for side = 1, 2 do
    local want, diff = self.seats[side], #token ~ #self.seats[side]
    for i = 1, #want do
      diff = diff | (want:byte(i) ~ (token:byte(i) or 0))
    end
    if diff == 0 then return side end
  end
  return nil
end

-- The state as viewer may know it: a side's view, or for a spectator the
-- view of each side in turn (what neither sees is dealt anew)
local function seen_by(game, s, viewer)
  if not game:hidden() then return s end
  if viewer == SPECTATOR then return game:view(game:view(s, 1), 2) end
  return game:view(s, viewer)
end

-- The board as viewer may know it, as SVG (the second side's edge at the
-- bottom of its own page)
local function picture(game, s, viewer, last)
  if viewer ~= SPECTATOR then
    return svg.position(game, s, { viewer = viewer, last = last,
                                   flip = viewer == 2 })
  end
  if not game:hidden() then return svg.position(game, s, { last = last }) end
  -- the spectator's view, drawn as side 1 would draw it: nothing more to
  -- hide, and the title says whose it is
  local out = svg.position(game, seen_by(game, s, SPECTATOR),
                           { viewer = 1, last = last })
  local name = game:side_name(1)
  local by = ", as seen by " .. name:sub(1, 1):upper() .. name:sub(2)
  return (out:gsub(by:gsub("%p", "%%%0"), ", as a spectator sees it"))
end

-- The history as anyone at the table may know it: each action's text, its
-- side, what the game told of it (cards turned, who won, what was lost)
-- and the squares those name.
local function history_of(game, entries)
  local out = {}
  for i, e in ipairs(entries) do
    out[i] = { text = e.action, who = game:side_name(e.who),
               told = e.told or {}, squares = e.squares or {} }
  end
  return out
end

-- The game as viewer may know it, as JSON (cached per version and viewer)
function App:state(viewer)
  if self.cache[viewer] then return self.cache[viewer] end
  local sess = self.sess
  local game, s = sess.game, sess.s
  local outcome = game:outcome(s)
  local decider = s:decider()
  local actions, macros = {}, {}
  if not outcome and decider == viewer and self:human(decider) then
    local list = game:legal(s)
    for i = 1, list:size() do
      local a = list:get(i)
      local text = game:action_text(s, a)
      actions[i] = { text = text, squares = M.squares(game, text),
                     does = game:does(s, a) }
    end
    table.sort(actions, function(a, b) return a.text < b.text end)
    macros = game:macros(s)
  end
  local seen = seen_by(game, s, viewer)
  local out = json.encode {
    version = self.version, title = game.title or game.name,
    game = game.name, sides = game.sides, viewer = viewer,
    decider = decider, human = self:human(decider),
    thinking = self.worker ~= nil,
    opponent = self.opponent, level = self.level, side = self.side,
    svg = picture(game, s, viewer, self.last),
    position = game:position_text(seen, viewer ~= SPECTATOR and viewer
                                        or game:hidden() and 1 or nil),
    actions = actions, macros = macros,
    history = history_of(game, sess.log.entries),
    outcome = outcome and outcome.text or false,
    verdict = self.verdict or false, message = self.message or false,
    hidden = game:hidden() and true or false,
  }
  self.cache[viewer] = out
  return out
end

-- Plays a through the session, what the game tells of it kept with its
-- entry (told, and the squares named); when the game's code fails (a
-- variant's), the state is put back as it was and the error raised again.
function App:apply(a, macro)
  local sess = self.sess
  local s, game = sess.s, sess.game
  local mark = s:mark()
  local text = game:action_text(s, a)
  local log = {}
  local ok, entry = pcall(sess.play, sess, a, log)
  if not ok then
    s:undo(mark)
    error(entry, 0)
  end
  entry.told, entry.macro = log, macro
  entry.squares = M.told_squares(game, log, M.squares(game, text))
  self.last = a
  return entry
end

-- Plays what text says (an action, or a macro: several) for seat: nil and
-- the reason when it is not the seat's to play, or not legal.
function App:play(seat, text)
  local sess = self.sess
  local game, s = sess.game, sess.s
  if game:outcome(s) then return nil, "the game is over" end
  local decider = s:decider()
  if not self:human(decider) then return nil, "it is the AI's turn" end
  if decider ~= seat then
    return nil, "it is " .. game:side_name(decider) .. "'s turn"
  end
  -- a macro's chance (place random) from a seed of its own: the squares
  -- it chose, which everyone sees, would tell the game's seed (some
  -- seconds' search of its 2^32), and so every card (BW-H2)
  local n = #sess.log.entries
  local macro, why = game:macro(s, text, host.random_seed())
  if macro == false then return nil, why end
  if macro then
    for _, a in ipairs(macro) do self:apply(a, n + 1) end
  else
    -- the reason as the seat may know it: told from its view
    local e = game:explain(seen_by(game, s, seat), text)
    if not e.legal then return nil, explain_line(e) end
    self:apply(assert(game:parse_action(s, e.text)))
  end
  self.message = nil
  self:bump()
  return true
end

-- The squares of the board but q, nearest to q first (then along its
-- file)
local function around(game, q)
  local r = game.rules
  local qf, qr = r:coords(r:square(q))
  local list = {}
  for rank = 1, game.ranks do
    for file = 1, game.files do
      local df, dr = math.abs(file - qf), math.abs(rank - qr)
      if df + dr > 0 then
        list[#list + 1] = { name = r:name(r:at(file, rank)),
                            key = math.max(df, dr) * 1000 + df * 100 + dr }
      end
    end
  end
  table.sort(list, function(a, b)
    if a.key ~= b.key then return a.key < b.key end
    return a.name < b.name
  end)
  return list
end

-- app:why(seat, q) -> the `why` line of a click on square q that starts no
-- legal action of seat's: the first reason a rule gives against a move
-- from q, nearest squares first, as the seat's view tells it.
function App:why(seat, q)
  local sess = self.sess
  local game, s = sess.game, sess.s
  if type(q) ~= "string" or not game.rules:square(q) then return nil end
  local outcome = game:outcome(s)
  if outcome then return "the game is over: " .. outcome.text end
  local decider = s:decider()
  if decider ~= seat or not self:human(decider) then
    return "it is " .. game:side_name(decider) .. "'s turn"
  end
  local view = seen_by(game, s, seat)
  for _, t in ipairs(around(game, q)) do
    local e = game:explain(view, q .. t.name)
    if not e.legal and e.rule then return explain_line(e) end
  end
  return "no action of " .. game:side_name(seat) .. " starts on " .. q
end

-- Undo for seat: against the AI, back to before the seat's last action
-- (and the AI's since); both by hand, the seat's own last action while
-- it is the last (the other's are theirs to take back). Never once a game
-- with hidden cards is over: its record, served then, holds the seed.
function App:undo(seat)
  local sess = self.sess
  local game, entries = sess.game, sess.log.entries
  if not self:human(seat) then
    return nil, "the AI plays this side: undo from the other seat"
  end
  if #entries == 0 then return nil, "nothing to undo" end
  if game:hidden() and game:outcome(sess.s) then
    return nil, "the game is over and its record, which holds the seed "
                .. "(every card), may be read: no undo (BW-H2)"
  end
  local last = entries[#entries].who
  if self.opponent == "none" and last ~= seat then
    return nil, game:side_name(last) .. " has played since: undo takes "
                .. "back only your own last action, while it is the last"
  end
  self:stop_thinking()
  local ok, err = sess:undo(seat)
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
  self:stop_thinking()
  local r = self.sess:reload(changed)
  self.verdict = { status = r.status, line = r.line }
  self.last = nil
  self:bump()
  return true
end

-- The AI ---------------------------------------------------------------
-- Whether the AI decides now (and has not failed on this position)
function App:ai_turn()
  local s = self.sess.s
  return not self.sess.game:outcome(s) and not self:human(s:decider())
         and self.ai_failed ~= self.version
end

-- Starts the AI on its decision in a worker process: what `play` gives
-- it, the view of its side, never the state; its move budget started in
-- the worker (budget_lua.c starts the timer again in every child). The
-- worker sends one line: "action TEXT" or "error MESSAGE".
function App:think()
  if self.worker or not self:ai_turn() then return false end
  local sess = self.sess
  local game, s = sess.game, sess.s
  local who, n = s:decider(), #sess.log.entries
  local view = game:view(s, who, sess.seed * 1000003 + n)
  local opts = { level = self.level, seed = sess.seed + n }
  self.worker = host.fork(function(ch)
    local ok, out = pcall(function()
      host.budget { unit = "move", default = 60, spent = 0 }
      return game:action_text(view, ai.choose(game, view, opts))
    end)
    ch:send((ok and "action " or "error ")
            .. tostring(out):gsub("\n", " ") .. "\n")
    return 0
  end)
  self.worker_for, self.worker_said = self.version, ""
  self.cache = {}   -- the pages say it thinks
  return true
end

-- The worker's answer, once it has come: its action played, or its error
-- raised (the AI failed: a variant's code, its budget). An answer for a
-- game changed since is dropped.
function App:collect()
  local w = self.worker
  if not w or #host.poll({ w }, 0) == 0 then return false end
  local data = w:read()
  if data then
    self.worker_said = self.worker_said .. data
    if not self.worker_said:find("\n") then return false end
  end
  w:wait()
  self.worker = nil
  self.cache = {}
  local kind, rest = self.worker_said:match("^(%a+) ([^\n]*)\n")
  if self.worker_for ~= self.version then return false end
  if kind ~= "action" then
    error(kind and rest or "the AI's worker ended without an answer", 0)
  end
  local sess = self.sess
  self:apply(assert(sess.game:parse_action(sess.s, rest)))
  self:bump()
  return true
end

-- The worker stopped, its answer no longer wanted
function App:stop_thinking()
  local w = self.worker
  if not w then return end
  w:kill()
  w:wait()
  self.worker = nil
  self.cache = {}
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

-- A refusal as JSON: { error = why }
local function refused(status, why)
  return json_answer(status, json.encode { error = why })
end

local NO_SEAT = "this link has no seat at the table: its token is no "
                .. "side's (open the link `wargrid serve` printed)"
local SPECTATING = "a spectator cannot act: open your side's link, which "
                   .. "`wargrid serve` printed"

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

-- The state for viewer, with why (a refusal told to it alone)
function App:answer(viewer, why)
  local body = self:state(viewer)
  if why then body = '{"why":' .. json.encode(why) .. "," .. body:sub(2) end
  return json_answer(200, body)
end

-- GET /api/state: the state, or a long poll held
function App:get_state(req, seat, now)
  local since = req.args.since and math.tointeger(tonumber(req.args.since))
  if since and since == self.version then
    if self:held_by(req.remote) >= M.HELD_PER_CLIENT then
      return text(429, string.format("too many long polls from %s at once "
                                     .. "(at most %d): try again later",
                                     req.remote, M.HELD_PER_CLIENT))
    end
    self.held[#self.held + 1] = { id = req.id, seat = seat, at = now,
                                  seen = self.version, remote = req.remote }
    return
  end
  return self:answer(seat)
end

-- POST /api/...: what a seat does
function App:post(path, b, seat)
  local done, err
  if path == "/api/play" then
    if type(b.action) ~= "string" or #b.action > 200 then
      return text(400, "action: the text of an action")
    end
    done, err = self:play(seat, b.action)
  elseif path == "/api/why" then
    local line = self:why(seat, b.square)
    if not line then return text(400, "square: a square of the board") end
    return self:answer(seat, line)
  elseif path == "/api/undo" then
    done, err = self:undo(seat)
  else
    done, err = self:restart(b, seat)
    if not done then return text(400, "bad request") end
  end
  return self:answer(seat, not done and err or nil)
end

local POSTS = { ["/api/play"] = true, ["/api/why"] = true,
                ["/api/undo"] = true, ["/api/new"] = true }

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
    local seat = self:seat(req.args.seat)
    if not seat then return refused(403, NO_SEAT) end
    return self:get_state(req, seat, now)
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
  elseif POSTS[path] then
    if method ~= "POST" then return text(405, "method not allowed") end
    local b = body_of(req)
    if not b then return text(400, "expected a JSON object") end
    local seat = self:seat(b.seat)
    if not seat then return refused(403, NO_SEAT) end
    if seat == SPECTATOR then return refused(403, SPECTATING) end
    return self:post(path, b, seat)
  end
  return text(404, "not found")
end

-- /api/new: another game, against the opponent the seat chose (the AI
-- plays the other side)
function App:restart(b, seat)
  local level = math.tointeger(b.level) or self.level
  if not ai.LEVELS[level] then return nil end
  if b.opponent ~= "ai" and b.opponent ~= "none" then return nil end
  self.level, self.opponent, self.side = level, b.opponent, seat
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
      local ok, body = pcall(self.state, self, h.seat)
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

-- The links of the table: each side's seat, and the spectators'
function App:links(base)
  local game = self.sess.game
  local out = {}
  for side = 1, 2 do
    local name = game:side_name(side)
    name = name:sub(1, 1):upper() .. name:sub(2)
    local note = self.opponent ~= "ai" and ""
                 or self:human(side) and " (yours, against the AI at level "
                                        .. self.level .. ")"
                 or " (the AI plays it; New game there to play it yourself)"
    out[side] = string.format("%s%s seat%s: %s?seat=%s", name,
                              name:sub(-1) == "s" and "'" or "'s", note,
                              base, self.seats[side])
  end
  out[3] = "spectators: " .. base
  return out
end

-- serve.run(app, opts): listens on opts.host and opts.port, tells where
-- on standard output (opts.say): the address, the Host names answered,
-- and the table's links (app:links); then serves until killed.
-- opts.allow: names the server answers besides its own (serve.hosts).
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
  for _, line in ipairs(app:links(string.format("http://%s:%d/", shown,
                                                port))) do
    opts.say(line)
  end
  local looked = 0
  -- what the game's code (a variant's) or the AI's raised: told on
  -- standard error, and on the page when it is the AI's
  local function failed(what, ai_failed)
    io.stderr:write("wargrid serve: ", tostring(what), "\n")
    if ai_failed then
      app.message = "the AI failed: " .. tostring(what)
      app:bump()
      app.ai_failed = app.version
    end
  end
  -- one round: what came in answered, the AI's answer taken or its
  -- thinking started, the rules files looked at, the long polls the game
  -- moved past released
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
        failed(status)
        srv:respond(req.id, 500, headers("text/plain"), "internal error\n")
      elseif status then
        srv:respond(req.id, status, h, body)
      end
    end
    local ok, failure = pcall(app.collect, app)
    if not ok then failed(failure, true) end
    ok, failure = pcall(app.think, app)
    if not ok then failed(failure, true) end
    if now - looked >= WATCH then
      looked = now
      ok, failure = pcall(app.watch, app)
      if not ok then failed(failure) end
    end
    app:release(srv, now)
  end
  while true do
    -- while the AI thinks, its answer is looked for every 10 ms
    round(app.worker and 10 or 100)
  end
end

return M
