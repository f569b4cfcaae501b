-- wargrid.engine: what the engine protocols (wargrid.cecp for XBoard,
-- wargrid.uci) share -- the game being played, as a start and the moves
-- since (so that undo is exact), moves read and checked with game:explain,
-- the clock arithmetic, the search through wargrid.ai (never one of its
-- own) with its report in the protocols' units, the result a game ended
-- with, and which games XBoard can play and as which of its variants.
local ai = require "wargrid.ai"
local host = require "wargrid.host"
local Game = require("wargrid.game").meta.__index  -- the default methods
local text_of = require "wargrid.text"

local M = {}

-- ---- which games XBoard plays -------------------------------------------

-- A game says how the engines play it in its declaration's `engine`:
-- { variant = XBoard's own variant it is, start = the position XBoard
-- starts that variant from }, or { refused = why it cannot be played,
-- naming the rule }; without either, a game whose actions are moves of
-- pieces with Betza patterns is XBoard's variant fairy.

-- The game of game's lineage that declared engine.variant (its base the
-- first that did), or nil.
local function declarer(game)
  local found
  while game do
    local e = game.def.engine
    if not (e and e.variant) then break end
    found = game
    game = game.base
  end
  return found
end

-- XBoard's piece types in the order of its piece-to-char table; the king
-- always comes last.
local SLOTS = "PNBRQFEACWMOHIJGDVLSU"


-- The letters of game's pieces and their Betza moves, and its royal letter.
local function pieces_of(game)
  local moves, royal = {}, nil
  for _, piece in pairs(game.def.pieces) do
    if type(piece.letter) ~= "string" or type(piece.moves) ~= "string" then
      return nil
    end
    moves[piece.letter:lower()] = piece.moves
    if piece.royal then royal = piece.letter:lower() end
  end
  return moves, royal
end

local function same(a, b)
  for k, v in pairs(a) do if b[k] ~= v then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end

-- The piece-to-char table of a fairy setup: each letter at the slot of
-- XBoard's piece of that letter, else at a free one; the royal last.
local function piece_table(letters, royal)
  local slots = {}
  for i = 1, #SLOTS do slots[i] = "." end
  local rest = {}
  for _, l in ipairs(letters) do
    local at = l ~= royal and SLOTS:find(l:upper(), 1, true)
    if at then slots[at] = l:upper()
    elseif l ~= royal then rest[#rest + 1] = l:upper() end
  end
  for _, l in ipairs(rest) do
    for i = 1, #slots do
      if slots[i] == "." then slots[i] = l break end
    end
  end
  local upper = table.concat(slots):gsub("%.+$", "") .. (royal or "k"):upper()
  return upper .. upper:lower()
end

-- M.xboard(game) -> how XBoard plays game: { variant = XBoard's variant
-- (the game's engine.variant), names = { it }, start = the position XBoard
-- starts it from }, or { variant = "fairy", names = the names XBoard may
-- give it ("fairy", "12x8+0_fairy" once the first engine has set the
-- board's size, and the game's), setup = "setup (...) WxH+0_fairy FEN",
-- pieces = { "piece P& fmWfcF", ... } }; or nil and why it cannot be
-- played (one line, naming the rule). A variant of a game that is one of
-- XBoard's own stays it while it keeps its board, pieces and start.
function M.xboard(game)
  local e = game.def.engine or {}
  if e.refused then
    return nil, string.format("%s cannot be played through XBoard or "
                              .. "UCI: %s", game.name, e.refused)
  end
  local moves, royal = pieces_of(game)
  local own = declarer(game)
  if own then
    local their = pieces_of(own)
    if game.files == own.files and game.ranks == own.ranks and moves
       and same(moves, their) and game:start_text() == own:start_text() then
      return { variant = own.def.engine.variant,
               names = { own.def.engine.variant },
               start = own.def.engine.start or own:start_text() }
    end
  end
  if not own and (game.action_text ~= Game.action_text
                  or game.read_action ~= Game.read_action
                  or not moves or #game.sides ~= 2) then
    return nil, string.format("%s cannot be played through XBoard or UCI: "
                              .. "its "
                              .. "actions are not moves of pieces from one "
                              .. "square to another", game.name)
  end
  if not moves then
    return nil, string.format("%s cannot be played through XBoard or UCI: "
                              .. "a piece has no Betza moves", game.name)
  end
  local start = game:start_text()
  local letters = {}
  for l in pairs(moves) do letters[#letters + 1] = l end
  table.sort(letters)
  local pieces = {}
  for _, l in ipairs(letters) do
    pieces[#pieces + 1] = "piece " .. l:upper() .. "& " .. moves[l]
  end
  local size = string.format("%dx%d+0_fairy", game.files, game.ranks)
  return { variant = "fairy", names = { "fairy", size, game.name },
           pieces = pieces,
           setup = string.format("setup (%s) %s %s",
                                 piece_table(letters, royal), size, start) }
end

-- M.catalogue(games) -> the entries of the games of the list that XBoard
-- and UCI can play, in its order, each { game =, xb = M.xboard(game),
-- uci = its UCI_Variant name (XBoard's variant, or a fairy game's own
-- name) }; the games that cannot be played are left out.
function M.catalogue(games)
  local out = {}
  for _, game in ipairs(games) do
    local xb = M.xboard(game)
    if xb then
      out[#out + 1] = { game = game, xb = xb,
                        uci = xb.variant == "fairy" and game.name
                              or xb.variant }
    end
  end
  return out
end

-- M.fen(text) -> text as a FEN with all six fields: XBoard leaves out
-- castling and en passant ("... w 0 1") in variants without them, and
-- GUIs pass its FEN on as it is.
function M.fen(text)
  local board, side, half, full = text:match("^(%S+) (%a) (%d+) (%d+)$")
  if board then return table.concat({ board, side, "-", "-", half, full },
                                    " ") end
  return text
end

-- ---- the game being played ----------------------------------------------

local Engine = {}
Engine.__index = Engine

-- M.new(game, opts) -> an engine at the game's start. opts.level (1..5:
-- the search's budget a move is at most that level's; nil: the clock's
-- share alone), opts.seed (of the search).
function M.new(game, opts)
  opts = opts or {}
  local e = setmetatable({ game = game, level = opts.level,
                           seed = opts.seed or 1 }, Engine)
  assert(e:reset())
  return e
end

-- engine:reset([text]) -> true, or nil and why the position is bad: the
-- game at text (default its start), no moves played; on failure the
-- engine has no position until the next reset.
function Engine:reset(text)
  local s, err = self.game:new(text or self.game:start_text(), self.seed)
  self.s, self.moves, self.start = s, {}, text
  if not s then return nil, err end
  return true
end

-- engine:play(text) -> true, or nil and why the move is illegal
-- ("C-P1 the pawn ..."), the reason game:explain gives
function Engine:play(text)
  if not self.s then return nil, "no position: send new or setboard" end
  local e = self.game:explain(self.s, text)
  if not e.legal then
    return nil, e.rule and (e.rule .. " " .. e.reason) or e.reason
  end
  self:play_action(e.action)
  return true
end

-- engine:play_action(a): plays the legal action a
function Engine:play_action(a)
  local mark = self.s:mark()
  local text = self.game:action_text(self.s, a)
  self.game:play(self.s, a)
  self.moves[#self.moves + 1] = { mark = mark, text = text }
end

-- engine:undo() -> true, or false when no move is left to take back
function Engine:undo()
  local last = self.moves[#self.moves]
  if not last then return false end
  self.s:undo(last.mark)
  self.moves[#self.moves] = nil
  return true
end

-- engine:side() -> the side to move (1 white, 2 black), nil without a
-- position
function Engine:side()
  return self.s and self.s:side()
end

-- engine:text(a) -> the move a as the protocols write it
function Engine:text(a)
  return self.game:action_text(self.s, a)
end

local RESULT = { [0] = "1/2-1/2", "1-0", "0-1" }

-- engine:result() -> nil while the game goes on; else its PGN result and
-- a comment: "1-0", "White mates"; "1/2-1/2", "Draw by threefold
-- repetition".
function Engine:result()
  if not self.s then return nil end
  local o = self.game:outcome(self.s)
  if not o then return nil end
  local reason = o.reason or "the game is over"
  if o.winner == 0 then
    return RESULT[0], "Draw by " .. reason
  end
  local name = self.game:side_name(o.winner)
  name = name:sub(1, 1):upper() .. name:sub(2)
  if reason == "checkmate" then return RESULT[o.winner], name .. " mates" end
  return RESULT[o.winner], name .. " wins by " .. reason
end

-- ---- the clock ------------------------------------------------------------

-- M.allot(clock) -> seconds to think about this move. clock: fixed
-- (seconds a move, CECP's st or UCI's movetime: all of it less a margin),
-- else remaining (seconds on the engine's clock), increment (seconds
-- added a move), moves_to_go (to the next time control; nil: sudden
-- death, counted as 30 more moves). Never more than half of what is left,
-- and a margin of 50 ms for the protocol and the move's own play.
function M.allot(clock)
  if clock.fixed then return math.max(clock.fixed - 0.05, 0.01) end
  local left = clock.remaining
  local inc = clock.increment or 0
  local share = left / math.max(clock.moves_to_go or 30, 1) + inc * 0.8
  return math.max(math.min(share, left / 2, left - 0.05), 0.01)
end

-- ---- the search -----------------------------------------------------------

-- The budget of a level for game, in the units of its search.
local function level_budget(game, level)
  return ai.levels(game)[level]
end

M.MATE = 100000

-- What a search's statistics say, in the protocols' units: score in
-- centipawns for the side to move (alpha-beta's, or MCTS's expected
-- reward v as 400 log10(v / (1 - v)), the logistic curve of Elo ratings,
-- within +-2000), mate in moves (UCI's "score mate N"; CECP's 100000 + N),
-- depth, nodes, and the principal line as move texts.
function Engine:report(a, st, seconds)
  local r = { depth = st.depth or 0, nodes = st.nodes or st.iterations or 0,
              seconds = st.seconds or seconds or 0 }
  if st.win then
    local moves = (math.abs(st.win) + 1) // 2
    r.mate = st.win > 0 and moves or -moves
    r.cp = st.win > 0 and M.MATE + moves or -M.MATE - moves
  elseif st.score then
    r.cp = math.floor(st.score * 100 + 0.5)
  else
    local v = math.min(math.max(st.value or 0.5, 0.0066), 0.9934)
    r.cp = math.floor(400 * math.log(v / (1 - v), 10) + 0.5)
  end
  local pv = st.pv and st.pv[1] and st.pv or { a }
  local texts, marks = {}, {}
  for i, x in ipairs(pv) do
    local legal = self.game:legal(self.s)
    local ok = false
    for j = 1, legal:size() do ok = ok or legal:get(j) == x end
    if not ok or (i == 1 and x ~= a) then break end
    texts[i] = self:text(x)
    marks[i] = self.s:mark()
    self.game:play(self.s, x)
  end
  if marks[1] then self.s:undo(marks[1]) end
  r.pv = texts
  return r
end

-- The longest a search is given, whatever the clock says: 10^6 seconds,
-- some 11 days (the search itself takes up to 10^9).
M.MAX_SECONDS = 1000000

-- x within lo and hi (nil stays nil; NaN, which no protocol writes, is lo)
local function clamp(x, lo, hi)
  if x == nil then return nil end
  if x ~= x or x < lo then return lo end
  return math.min(x, hi)
end

-- The actions of s named by texts (the protocols' move texts), the
-- legal ones; nil when texts is nil or names none.
local function named_actions(game, s, texts)
  if not texts then return nil end
  local only = {}
  for _, text in ipairs(texts) do
    local a = game:parse_action(s, text)
    if a then only[#only + 1] = a end
  end
  return #only > 0 and only or nil
end

-- engine:search(limits, hooks) -> the action to play (nil when the game
-- is over) and the report of the search it came from. limits: seconds
-- (the clock's share), depth (the alpha-beta search's; MCTS has none),
-- nodes (the search's budget: alpha-beta's nodes, MCTS's iterations),
-- infinite (no budget: analysis, until hooks.stop says so), ponder (the
-- search `go` would make, its time counted from when hooks.stop gives it
-- -- the GUI's ponderhit -- and until then none), only (move texts: the
-- actions to choose among, the legal ones of them); each clamped to what
-- a search takes (M.MAX_SECONDS, ai.MAX_DEPTH, ai.MAX_BUDGET), whatever a
-- protocol asked. The engine's level caps every budget but an infinite
-- search's: its nodes, or with time alone those nodes at most; with no
-- level and no limit, the default level's budget. hooks.fd: the file
-- descriptor the protocol reads, which the search watches; when input
-- comes there (and before the search, for lines read already),
-- hooks.stop() is asked: true ends the search at once with its best move
-- so far, false lets it go on (having answered what came: isready), a
-- number lets it go on for that many seconds more (ponderhit). A search
-- that has nothing left to search while the GUI has the say -- infinite,
-- pondering, or in a finished game -- waits for its stop, or a pondering
-- one for its ponderhit: hooks.stop(true) waits for input. hooks.info(
-- report) hears of each iteration of an infinite or pondering search
-- (alpha-beta's; MCTS's report at its end).
function Engine:search(limits, hooks)
  hooks = hooks or {}
  local game, s = self.game, self.s
  local waits = (limits.infinite or limits.ponder) and hooks.stop
  if not s or game:outcome(s) then
    if s and waits then self.wait(hooks, limits.ponder) end
    return nil
  end
  local alphabeta = ai.kind(game) == "alphabeta"
  local hit = false   -- a pondering search was given its time
  local function ask(wait)
    local said = hooks.stop(wait)
    hit = hit or type(said) == "number"
    return said
  end
  local o = { seed = self.seed,
              depth = alphabeta and (limits.depth or 0) >= 1
                      and clamp(limits.depth, 1, ai.MAX_DEPTH) or nil,
              seconds = clamp(limits.seconds, 0.01, M.MAX_SECONDS),
              level = self.level or ai.DEFAULT_LEVEL,
              only = named_actions(game, s, limits.only),
              stop_fd = hooks.fd, input = hooks.stop and ask }
  o.budget = limits.nodes and clamp(limits.nodes, 1, ai.MAX_BUDGET)
  if self.level then
    o.budget = math.min(o.budget or math.huge, level_budget(game, o.level))
  elseif not (o.budget or o.seconds or o.depth or limits.infinite) then
    o.budget = level_budget(game, o.level)
  end
  -- The search sees only input not read yet: told to stop before it
  -- began, it makes the least search that gives a move, level 1's.
  local stopped = hooks.stop and ask()
  if stopped == true then
    o.budget, o.seconds, o.depth = level_budget(game, 1), nil, nil
  elseif limits.infinite then
    o.infinite, o.budget, o.seconds, o.depth = true, nil, nil, nil
  elseif limits.ponder and not hit then
    -- its time starts at ponderhit, which the hooks tell it
    o.infinite, o.seconds = not (o.budget or o.depth), nil
  end
  local heard = false
  if hooks.info and waits then
    o.info = function(st)
      heard = true
      hooks.info(self:report(st.pv[1], st))
    end
  end
  local t0 = host.clock()
  local a, st = ai.think(game, s, o)
  local report = self:report(a, st, host.clock() - t0)
  if waits and stopped ~= true and not st.input and not hit then
    self.wait(hooks, limits.ponder)
  end
  if o.info and not heard then hooks.info(report) end
  return a, report
end

-- Waits for a stop (or, pondering, a ponderhit: hooks.stop's number).
function Engine.wait(hooks, ponder)
  repeat
    local said = hooks.stop(true)
  until said == true or (ponder and type(said) == "number")
end

-- ---- the protocols' input -----------------------------------------------

-- The longest line the engines read: 1 MiB. A real line is far shorter --
-- `position startpos moves ...` of a 2000-ply game is some 10 KB -- and a
-- longer one is not kept: the reader gives in its place what M.too_long
-- tells, and skips the rest of it.
M.LINE_MAX = 1024 * 1024

-- M.too_long(line) -> the first 60 bytes of an over-long line as a message
-- shows them ("setboard rnbq..."), or nil for a line
function M.too_long(line)
  return type(line) == "table" and text_of.short(line.head) or nil
end

-- M.lines(read [, max]) -> a reader of lines (max: the longest, default
-- M.LINE_MAX bytes). reader.next(seconds) -> the next line (without its
-- end), false when none came within seconds (negative: wait), nil at the
-- end of input; a line longer than max comes as a table M.too_long tells,
-- as soon as it is longer, and the rest of it is skipped. reader.pending()
-- -> the number of lines already sent, read without waiting and left for
-- next, and true once the input has ended; reader.peek(i) -> the i-th of
-- them (1: the one next gives); reader.drop() drops the first of them;
-- reader.wait() waits until a line is pending or the input ends. read(seconds)
-- gives what came (host.read_input's answers). Each byte that comes is
-- looked at a bounded number of times: the cost is linear in the input.
function M.lines(read, max)
  max = max or M.LINE_MAX
  local parts, size, skipping = {}, 0, false  -- the line being read
  local queue, first, last, eof = {}, 1, 0, false
  local function push(line)
    last = last + 1
    queue[last] = line
  end
  local function add(piece)
    if skipping then return end
    if size + #piece <= max then
      parts[#parts + 1] = piece
      size = size + #piece
      return
    end
    local head = table.concat(parts, "", 1, math.min(#parts, 64))
    push({ head = (head .. piece:sub(1, 64)):sub(1, 64) })
    parts, size, skipping = {}, 0, true
  end
  local function finish()
    if not skipping then
      push((table.concat(parts):gsub("\r$", "")))
    end
    parts, size, skipping = {}, 0, false
  end
  local function fill(seconds)
    if eof then return end
    local chunk = read(seconds)
    if chunk == nil then
      eof = true
      if size > 0 then finish() end
      return
    end
    local at = 1
    while true do
      local nl = chunk:find("\n", at, true)
      if nl and size == 0 and not skipping and nl - at <= max then
        -- a whole line of the chunk, nothing of it read before: taken as
        -- it is (a run of blank lines costs a string each, no table)
        local line = chunk:sub(at, nl - 1)
        push(line:byte(-1) == 13 and line:sub(1, -2) or line)
      else
        add(chunk:sub(at, (nl or 0) - 1))
        if not nl then break end
        finish()
      end
      at = nl + 1
    end
  end
  local reader = {}
  function reader.next(seconds)
    while first > last do
      if eof then return nil end
      fill(seconds)
      if first > last and not eof and seconds >= 0 then return false end
    end
    local line = queue[first]
    queue[first], first = nil, first + 1
    return line
  end
  function reader.pending()
    fill(0)
    return last - first + 1, eof
  end
  function reader.peek(i)
    return queue[first + i - 1]
  end
  function reader.drop()
    if first <= last then queue[first], first = nil, first + 1 end
  end
  function reader.wait()
    while first > last and not eof do fill(-1) end
  end
  return reader
end

-- M.stdin() -> a reader of the process's standard input; reader.fd = 0,
-- for the search to watch (engine:search's hooks.fd)
function M.stdin()
  local reader = M.lines(function(seconds)
    local chunk, err = host.read_input(0, seconds)
    if chunk == nil and err then error("standard input: " .. err, 0) end
    return chunk
  end)
  reader.fd = 0
  return reader
end

return M
