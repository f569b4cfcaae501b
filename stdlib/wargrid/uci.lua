-- wargrid.uci: the Universal Chess Interface with Fairy-Stockfish's
-- UCI_Variant option (`wargrid uci`), for the GUIs and tools built on it.
-- The game, the moves and the search are wargrid.engine's, as for CECP.
local ai = require "wargrid.ai"
local engine = require "wargrid.engine"
local host = require "wargrid.host"
local text_of = require "wargrid.text"
local version = require "wargrid.version"

local M = {}

-- The commands that let a search go on: isready (answered at once),
-- ponderhit (a pondering search then goes on, on the engine's clock),
-- debug, and blank lines.
local GO_ON = { isready = true, ponderhit = true, debug = true, [""] = true }

-- The numbers `go` may take, each with the least it may be (the clock's
-- may be below 0: a GUI tells so when the engine's time has run out).
local GO = { wtime = math.mininteger, btime = math.mininteger, winc = 0,
             binc = 0, movestogo = 0, movetime = math.mininteger, depth = 0,
             nodes = 0 }

-- The words of `go` that end its list of searchmoves.
local GO_WORD = { infinite = true, ponder = true, searchmoves = true,
                  mate = true }
for w in pairs(GO) do GO_WORD[w] = true end

-- The whole number a word of `go` writes, held to Lua's integers (the
-- engine clamps what it is given: engine:search); nil if it writes none.
local function whole(word)
  local n = word and tonumber(word)
  if math.type(n) == "float" then
    n = n >= 2^63 and math.maxinteger or n < -2^63 and math.mininteger
        or math.tointeger(n)
  end
  return n
end

-- The first word of a line ("" when there is none); nil for a line too
-- long to read (engine.too_long).
local function first_word(line)
  if type(line) ~= "string" then return nil end
  return line:match("^%s*(%S*)")
end

-- M.run(games, opts, reader, write) -> exit status: plays under UCI the
-- games of the list that UCI can play (engine.catalogue), the first until
-- UCI_Variant names another. opts: level, seed (wargrid.engine's), named
-- (a game was named: its name is in the engine's);
-- reader: engine.lines; write(line) sends one line. Returns at "quit" or
-- the end of input.
function M.run(games, opts, reader, write)
  local offered = engine.catalogue(games)
  assert(offered[1], "uci: no game to play")
  local playing = offered[1]
  local e = engine.new(playing.game, opts)
  local quit = false

  local function send(fmt, ...) write(string.format(fmt, ...)) end

  local function info(r)
    local score = r.mate and ("mate " .. r.mate) or ("cp " .. r.cp)
    local ms = math.floor(r.seconds * 1000 + 0.5)
    send("info depth %d score %s nodes %d time %d nps %d pv %s", r.depth,
         score, r.nodes, ms, math.floor(r.nodes / math.max(r.seconds, 1e-3)),
         table.concat(r.pv, " "))
  end

  -- position startpos|fen FEN [moves M...]; the FEN whole or, as XBoard
  -- writes it, without castling and en passant (engine.fen)
  local function position(line)
    local rest = line:match("^position%s+(.*)$") or ""
    local text, moves = rest, ""
    local at = rest:find("%f[%S]moves%f[%s\0]")
    if at then text, moves = rest:sub(1, at - 1), rest:sub(at + 5) end
    local fen = text:match("^fen%s(.*)$")
    fen = fen and engine.fen(text_of.trim(fen))
    if not fen and not text:match("^startpos%s*$") then
      send("info string bad position command: %s", text_of.short(line))
      return
    end
    local ok, err = e:reset(fen)
    if not ok then
      send("info string illegal position: %s", err)
      return
    end
    for m in moves:gmatch("%S+") do
      local played, why = e:play(m)
      if not played then
        send("info string illegal move %s: %s", text_of.short(m), why)
        return
      end
    end
  end

  -- What a pondering search is given at ponderhit: the seconds of its
  -- clock's share (math.huge without a clock: it ends at its budget).
  local ponder_hit

  -- Asked while a search runs, when a line came: isready is answered at
  -- once, and the search goes on (GO_ON); ponderhit turns a pondering
  -- search into one on the clock (the number of seconds it may go on);
  -- any other line ends it -- stop, quit, or a command a GUI should not
  -- send while the engine searches (position, ucinewgame), carried out
  -- after bestmove.
  local function stop(wait)
    if wait then reader.wait() end
    local _, ended = reader.pending()
    while reader.peek(1) do
      local word = first_word(reader.peek(1))
      if not GO_ON[word] then break end
      if word == "isready" then send("readyok") end
      reader.drop()
      if word == "ponderhit" and ponder_hit then
        local hit = ponder_hit
        ponder_hit = nil
        return hit
      end
    end
    return reader.peek(1) ~= nil or ended
  end

  local function go(line)
    local limits, words = {}, {}
    for w in line:gmatch("%S+") do words[#words + 1] = w end
    local i = 2
    while i <= #words do
      local w = words[i]
      local n = GO[w] and whole(words[i + 1])
      if w == "infinite" or w == "ponder" then
        limits[w] = true
      elseif w == "searchmoves" then
        limits.only = limits.only or {}
        while words[i + 1] and not GO_WORD[words[i + 1]] do
          limits.only[#limits.only + 1] = words[i + 1]
          i = i + 1
        end
      elseif n and n >= GO[w] then
        limits[w] = n
        i = i + 1
      elseif n then
        send("info string ignored in go: %s %s (less than %d)", w,
             words[i + 1], GO[w])
        i = i + 1
      else
        send("info string ignored in go: %s", text_of.short(w))
      end
      i = i + 1
    end
    local side = e:side()
    local remaining = side == 1 and limits.wtime or limits.btime
    local clock = {
      seconds = limits.movetime and engine.allot { fixed =
                                                   limits.movetime / 1000 }
                or remaining and engine.allot {
                  remaining = remaining / 1000,
                  increment = ((side == 1 and limits.winc or limits.binc)
                               or 0) / 1000,
                  moves_to_go = limits.movestogo },
      depth = limits.depth, nodes = limits.nodes, only = limits.only,
      infinite = limits.infinite, ponder = limits.ponder and true }
    if clock.ponder then ponder_hit = clock.seconds or math.huge end
    local analysing = limits.infinite or limits.ponder
    local a, r = e:search(clock, { info = analysing and info or nil,
                                   stop = stop, fd = reader.fd })
    ponder_hit = nil
    if r and not analysing then info(r) end
    local reply = r and r.pv[2] and " ponder " .. r.pv[2] or ""
    send("bestmove %s%s", a and e:text(a) or "(none)", a and reply or "")
  end

  local commands = {}
  function commands.uci()
    local names = {}
    for _, g in ipairs(offered) do names[#names + 1] = "var " .. g.uci end
    send("id name wargrid %s%s", version,
         opts.named and " " .. playing.game.name or "")
    send("id author the wargrid authors")
    send("option name UCI_Variant type combo default %s %s",
         offered[1].uci, table.concat(names, " "))
    send("option name Level type spin default %d min 0 max %d",
         opts.level or 0, #ai.LEVELS)
    send("option name Ponder type check default false")
    send("uciok")
  end
  function commands.isready() send("readyok") end
  function commands.ucinewgame() e:reset() end
  commands.position = position
  commands.go = go
  -- UCI_Variant: the game of that name, at its start, the level kept
  local function choose(value)
    for _, g in ipairs(offered) do
      if g.uci == value then
        if g ~= playing then
          playing = g
          e = engine.new(g.game, { level = e.level, seed = opts.seed })
        end
        return
      end
    end
    local names = {}
    for _, g in ipairs(offered) do names[#names + 1] = g.uci end
    send("info string unsupported variant %s: this engine plays %s",
         text_of.short(value), table.concat(names, ", "))
  end
  function commands.setoption(line)
    local name, value
    local body = line:match("^setoption%s+name%s(.*)$")
    local at = body and body:find("%s%f[%S]value%s")
    if at then
      name, value = text_of.trim(body:sub(1, at)),
                    text_of.trim(body:sub(at + 6))
    end
    if name == "UCI_Variant" then
      choose(value)
    elseif name == "Ponder" then
      if value ~= "true" and value ~= "false" then
        send("info string Ponder must be true or false, not %s",
             text_of.short(value))
      end
    elseif name == "Level" then
      local n = math.tointeger(tonumber(value))
      if n and n >= 0 and n <= #ai.LEVELS then
        e.level = n > 0 and n or nil
      else
        send("info string Level must be 0 to %d, not %s", #ai.LEVELS,
             text_of.short(value))
      end
    else
      send("info string unknown option: %s", text_of.short(line))
    end
  end
  function commands.quit() quit = true end
  for _, w in ipairs { "stop", "ponderhit", "debug", "register" } do
    commands[w] = function() end  -- no search runs between commands
  end

  while not quit do
    local line = reader.next(-1)
    if line == nil then return 0 end
    local word = first_word(line)
    -- a command is a unit of the budget; a blank line is none, and 2 MB
    -- of them cost twice the time with a unit each
    if word ~= "" then
      host.budget { unit = "move", default = 60, spent = 0 }
    end
    if engine.too_long(line) then
      send("info string line too long (a line is at most %d bytes): %s",
           engine.LINE_MAX, engine.too_long(line))
    elseif word ~= "" then
      if commands[word] then
        commands[word](text_of.trim(line))
      else
        send("info string unknown command: %s", text_of.short(word))
      end
    end
  end
  return 0
end

return M
