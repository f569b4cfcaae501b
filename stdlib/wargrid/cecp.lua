-- wargrid.cecp: the Chess Engine Communication Protocol, version 2, as
-- XBoard speaks it (`wargrid xboard`): commands in, one a line, answers
-- and moves out. The game, the moves and the search are wargrid.engine's;
-- this file only speaks the protocol.
local engine = require "wargrid.engine"
local host = require "wargrid.host"
local text_of = require "wargrid.text"
local version = require "wargrid.version"

local M = {}

-- Commands XBoard may send that need nothing from this engine.
local SILENT = { xboard = true, accepted = true, rejected = true,
                 easy = true, hard = true, random = true, computer = true,
                 name = true, rating = true, ics = true, draw = true,
                 hint = true, bk = true, ["."] = true,
                 memory = true, cores = true, egtpath = true, option = true }

-- Commands that, sent while the engine thought, take its move back
-- before it is made: the position or the engine's side changed.
local ABORT = { new = true, force = true, undo = true, remove = true,
                setboard = true, result = true, quit = true, edit = true,
                variant = true, playother = true, white = true,
                black = true, analyze = true }

-- The first two words of a line ("" when there are none); nil for a line
-- too long to read (engine.too_long).
local function words(line)
  if type(line) ~= "string" then return nil end
  return line:match("^%s*(%S*)%s*(%S*)")
end

-- A clock's base time: "5" minutes or "0:30", minutes and seconds.
local function base_seconds(text)
  local m, s = text:match("^(%d+):(%d+)$")
  if m then return tonumber(m) * 60 + tonumber(s) end
  local n = tonumber(text)
  return n and n >= 0 and n * 60 or nil
end

-- M.share(clock, plies) -> seconds for this move (nil: no clock), from
-- what the commands set: clock.fixed (st), clock.remaining (time, or
-- level's base before any), clock.increment and clock.mps (level: moves
-- a session, 0 for all), and the plies played since the start or the
-- setboard (the engine's own moves are half of them).
function M.share(clock, plies)
  if clock.fixed then return engine.allot { fixed = clock.fixed } end
  if not clock.remaining then return nil end
  local togo
  if (clock.mps or 0) > 0 then togo = clock.mps - (plies // 2) % clock.mps end
  return engine.allot { remaining = clock.remaining,
                        increment = clock.increment, moves_to_go = togo }
end

-- M.run(games, opts, reader, write) -> exit status: plays under CECP the
-- games of the list that XBoard can play (engine.catalogue), the first
-- until `variant` names another. opts: level, seed (wargrid.engine's),
-- named (a game was named: its name is in the engine's);
-- reader: engine.lines; write(line) sends one line. Returns at "quit" or
-- the end of input.
function M.run(games, opts, reader, write)
  local offered = engine.catalogue(games)
  assert(offered[1], "xboard: no game to play")
  -- each name XBoard may give a game, and the first game it names
  local names, named = {}, {}
  for _, g in ipairs(offered) do
    for _, name in ipairs(g.xb.names) do
      if not named[name] then
        names[#names + 1] = name
        named[name] = g
      end
    end
  end
  local e = engine.new(offered[1].game, opts)
  local force, mine, post, analyzing = false, 2, false, false
  local depth
  local clock = { mps = 0, increment = 0 }

  local function send(fmt, ...) write(string.format(fmt, ...)) end

  local function thinking(r)
    send("%d %d %d %d %s", r.depth, r.cp, math.floor(r.seconds * 100 + 0.5),
         r.nodes, table.concat(r.pv, " "))
  end

  -- the result, claimed when the game ended by its rules
  local function claim()
    local result, comment = e:result()
    if result then
      send("%s {%s}", result, comment)
      return true
    end
    return false
  end

  -- Asked while the engine thinks on its move, when a line came: "?"
  -- (move now), a command that takes the move back (ABORT) or the end of
  -- input ends the search at once; any other command (ping, time, otim)
  -- waits for the move, as CECP wants of ping.
  local checked = 0  -- the pending lines hurry has looked at
  local function hurry()
    local n, ended = reader.pending()
    for i = checked + 1, n do
      local word = words(reader.peek(i))
      if word == "?" or ABORT[word] then return true end
    end
    checked = n
    return ended
  end

  -- the engine's move, unless a command that came meanwhile takes it back
  local function move()
    if claim() then return end
    checked = 0
    local a, r = e:search({ seconds = M.share(clock, #e.moves),
                            depth = depth },
                          { stop = hurry, fd = reader.fd })
    if not a then return end  -- no position (a bad setboard)
    if post then thinking(r) end
    for i = 1, (reader.pending()) do
      if ABORT[words(reader.peek(i))] then return end
    end
    send("move %s", e:text(a))
    e:play_action(a)
    claim()
  end

  local function user_move(text)
    local ok, why = e:play(text)
    if not ok then
      send("Illegal move (%s): %s", why, text_of.short(text))
      return
    end
    if analyzing or force then return end
    if e:side() == mine then move() else claim() end
  end

  -- the side to move made side (for "white" and "black"): its FEN's
  -- second field rewritten
  local function to_move(side)
    if not e.s or e:side() == side then return end
    local text = e.game:position_text(e.s)
    e:reset((text:gsub("^(%S+) [wb]", "%1 " .. (side == 1 and "w" or "b"))))
  end

  local function bad(line)
    send("Error (bad argument): %s", text_of.short(line))
  end

  local commands = {}
  function commands.protover()
    send("feature ping=1 setboard=1 usermove=1 time=1 playother=1 draw=0 "
         .. "sigint=0 sigterm=0 colors=0 reuse=1 analyze=1 pause=0 nps=0")
    send("feature myname=\"wargrid %s%s\" variants=\"%s\" done=1",
         version, opts.named and " " .. e.game.name or "",
         table.concat(names, ","))
  end
  function commands.new()
    e:reset()
    force, mine, depth, clock.fixed = false, 2, nil, nil
  end
  -- variant NAME: the game XBoard names so, at XBoard's start of it (a
  -- fairy game's board and pieces told), the level kept
  function commands.variant(arg, line)
    local g = named[arg]
    if not g then
      send("Error (unsupported variant): %s", text_of.short(line))
      return
    end
    if g.game ~= e.game then
      e = engine.new(g.game, { level = e.level, seed = opts.seed })
    end
    local xb = g.xb
    if xb.start then e:reset(xb.start) end
    if xb.setup then
      send("%s", xb.setup)
      for _, p in ipairs(xb.pieces) do send("%s", p) end
    end
  end
  function commands.force() force = true end
  function commands.go()
    force, mine = false, e:side() or mine
    move()
  end
  function commands.playother()
    force, mine = false, 3 - (e:side() or 3 - mine)
  end
  function commands.white() to_move(1) mine = 2 end
  function commands.black() to_move(2) mine = 1 end
  function commands.setboard(_, line)
    local fen = text_of.trim(line:match("^%s*%S+(.*)$"))
    local ok, err = e:reset(engine.fen(fen))
    if not ok then send("tellusererror Illegal position: %s", err) end
  end
  function commands.usermove(arg) user_move(arg or "") end
  function commands.undo()
    if not e:undo() then send("Error (command not legal now): undo") end
  end
  function commands.remove()
    if #e.moves < 2 then
      send("Error (command not legal now): remove")
      return
    end
    e:undo()
    e:undo()
  end
  function commands.result() force = true end
  function commands.time(arg, line)
    local n = tonumber(arg)
    if n then clock.remaining = n / 100 else bad(line) end
  end
  function commands.otim(arg, line)
    if not tonumber(arg) then bad(line) end
  end
  function commands.level(_, line)
    local mps, base, inc = line:match("^level%s+(%d+)%s+(%S+)%s+(%S+)%s*$")
    local seconds = base and base_seconds(base)
    inc = tonumber(inc)
    if not seconds or not inc or inc < 0 then return bad(line) end
    clock.mps, clock.increment, clock.fixed = tonumber(mps), inc, nil
    clock.remaining = seconds  -- until a time command says otherwise
  end
  function commands.st(arg, line)
    local n = tonumber(arg)
    if n and n > 0 then clock.fixed = n else bad(line) end
  end
  function commands.sd(arg, line)
    local n = math.tointeger(tonumber(arg))
    if n and n > 0 then depth = n else bad(line) end
  end
  function commands.post() post = true end
  function commands.nopost() post = false end
  commands["?"] = function() end  -- not thinking now: nothing to hurry
  function commands.ping(arg) send("pong %s", arg or "") end
  function commands.analyze() analyzing = true end
  function commands.exit() analyzing = false end

  -- Asked while analysing, when a line came: "." (XBoard's periodic
  -- call for a status line, which this engine does not give) and blank
  -- lines are passed over, ping is answered at once (analysis has no end
  -- to wait for), and the search goes on; any other command ends it, to
  -- be carried out (a move, undo, new, setboard, exit, quit), and
  -- analysis starts again on the new position while analyze mode lasts.
  local function analysed(wait)
    if wait then reader.wait() end
    local _, ended = reader.pending()
    while reader.peek(1) do
      local word, arg = words(reader.peek(1))
      if word == "ping" then
        send("pong %s", arg)
      elseif word ~= "." and word ~= "" then
        break
      end
      reader.drop()
    end
    return reader.peek(1) ~= nil or ended
  end

  while true do
    if analyzing and e.s and not e:result() then
      e:search({ infinite = true },
               { info = thinking, stop = analysed, fd = reader.fd })
    end
    local line = reader.next(-1)
    if line == nil then return 0 end
    local word, arg = words(line)
    -- a command is a unit of the budget; a blank line is none, and 2 MB
    -- of them cost twice the time with a unit each
    if word ~= "" then
      host.budget { unit = "move", default = 60, spent = 0 }
    end
    if word == "quit" then return 0 end
    if engine.too_long(line) then
      send("Error (line too long): %s (a line is at most %d bytes)",
           engine.too_long(line), engine.LINE_MAX)
    elseif word ~= "" then
      if commands[word] then
        commands[word](arg ~= "" and arg or nil, line)
      elseif word:match("^%a%d") then
        user_move(word)
      elseif not SILENT[word] then
        send("Error (unknown command): %s", text_of.short(word))
      end
    end
  end
end

return M
