-- wargrid.test: helpers for busted specs of games.
--
--   local T = require "wargrid.test"
--   local game = T.game "courier"
--   local s = T.position(game, "rnebmk1wbenr/... w - - 0 1")
--   T.assert_actions(game, s, { "a2a4", "g2g4", "l2l4" })
--   T.play(game, s, "a2a4", "a7a5")
local lfs = require "lfs"
local loader = require "wargrid.loader"
local natural_less = require("wargrid.game").natural_less
local assert = require "luassert"

local T = {}

-- T.game(name) -> game: a game by name, from the game directories (loaded
-- once); or a game or variant file, or a game's folder, by path (a name
-- with a "/" or ending in ".lua"). A relative path is read from the
-- directory of the spec that asks, if it is there, else from the current
-- directory, so a spec beside its variant runs from anywhere.
local by_path = {}
function T.game(name)
  if not (name:find("/", 1, true) or name:match("%.lua$")) then
    return loader.load(name)
  end
  local path = name
  if name:sub(1, 1) ~= "/" then
    local spec = debug.getinfo(2, "S").source:match("^@(.*/)[^/]*$")
    if spec and lfs.attributes(spec .. name) then path = spec .. name end
  end
  by_path[path] = by_path[path] or loader.load_file(path)
  return by_path[path]
end

-- T.position(game, text) -> state; fails the test on a bad position
function T.position(game, text)
  local s, err = game:new(text)
  assert(s, err)
  return s
end

-- T.texts(game, s) -> the legal actions' texts, sorted
function T.texts(game, s)
  return game:action_texts(s)
end

-- T.assert_actions(game, s, expected): exactly these actions are legal
function T.assert_actions(game, s, expected)
  local want = {}
  for i, t in ipairs(expected) do want[i] = t end
  table.sort(want, natural_less)
  assert.same(want, game:action_texts(s))
end

-- T.play(game, s, text, ...): plays each action; fails if one is illegal
function T.play(game, s, ...)
  for _, text in ipairs { ... } do
    local a, err = game:parse_action(s, text)
    assert(a, err)
    game:play(s, a)
  end
  return s
end

-- T.board(game, { a1 = "K", e4 = "P", ... }) -> the board part of FEN-like
-- text; values are piece letters (upper case: side 1) or a mark ("*").
function T.board(game, map)
  local rows = {}
  for rank = game.ranks, 1, -1 do
    local row, empty = {}, 0
    for file = 1, game.files do
      local name = game.rules:name(game.rules:at(file, rank))
      local ch = map[name]
      if ch then
        if empty > 0 then row[#row + 1] = tostring(empty) end
        empty = 0
        row[#row + 1] = ch
      else
        empty = empty + 1
      end
    end
    if empty > 0 then row[#row + 1] = tostring(empty) end
    rows[#rows + 1] = table.concat(row)
  end
  return table.concat(rows, "/")
end

-- T.from(game, s, square) -> sorted texts of the legal actions whose text
-- starts with the square's name
function T.from(game, s, square)
  local out = {}
  for _, t in ipairs(game:action_texts(s)) do
    if t:sub(1, #square) == square
       and not t:sub(#square + 1, #square + 1):match("%d") then
      out[#out + 1] = t
    end
  end
  return out
end

-- T.tmpdir() -> the path of a new empty directory
function T.tmpdir()
  local dir = os.tmpname()
  os.remove(dir)
  assert(os.execute("mkdir -p '" .. dir .. "'"))
  return dir
end

-- T.write(path, text): the file at path holds text
function T.write(path, text)
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
end

local shell_quote = require("wargrid.text").shell_quote

-- This copy's wargrid: loader.exe, or the one in the build directory
-- $WARGRID_BUILD names (make test-sanitize's).
local function exe()
  local build = os.getenv("WARGRID_BUILD")
  return build and loader.root .. "/" .. build .. "/wargrid" or loader.exe
end

-- T.run({ args }, input, env) -> stdout, stderr, exit status of this
-- copy's wargrid with those arguments, the input text on its stdin, and
-- the environment assignments env ("WARGRID_PATH=...") before it
function T.run(args, input, env)
  local out, err, inp = os.tmpname(), os.tmpname(), os.tmpname()
  local f = assert(io.open(inp, "w"))
  f:write(input or "")
  f:close()
  local q = {}
  for i, a in ipairs(args) do q[i] = shell_quote(a) end
  local cmd = string.format("%s %s %s < %s > %s 2> %s; echo $?", env or "",
                            shell_quote(exe()), table.concat(q, " "),
                            inp, out, err)
  local h = io.popen(cmd)
  local code = tonumber(h:read("a"):match("%d+"))
  h:close()
  local function slurp(p)
    local fh = io.open(p)
    local s = fh:read("a")
    fh:close()
    os.remove(p)
    return s
  end
  os.remove(inp)
  return slurp(out), slurp(err), code
end

-- T.session(args, chunks [, pause [, env]]) -> the lines this copy's
-- wargrid wrote, run with the argument string args (words the shell
-- splits) and the environment assignments env ("WARGRID_PATH=..."), and
-- its exit status. Its input comes in chunks, each a list of lines sent at
-- once and followed by a pause of `pause` seconds (default 0.3), so that
-- its reply to one chunk comes before the next.
function T.session(args, chunks, pause, env)
  local dir = T.tmpdir()
  local parts = {}
  for i, chunk in ipairs(chunks) do
    local path = string.format("%s/in%d", dir, i)
    T.write(path, table.concat(chunk, "\n") .. "\n")
    parts[#parts + 1] = "cat " .. path .. "; sleep " .. (pause or 0.3)
  end
  local h = io.popen("{ " .. table.concat(parts, "; ") .. "; } | "
                     .. (env and env .. " " or "") .. shell_quote(exe())
                     .. " " .. args
                     .. "; echo \"rc=$?\"")
  local out = h:read("a")
  h:close()
  os.execute("rm -rf '" .. dir .. "'")
  local lines = {}
  for l in out:gsub("rc=%d+\n$", ""):gmatch("[^\n]+") do
    lines[#lines + 1] = l
  end
  return lines, tonumber(out:match("rc=(%d+)\n$"))
end

-- T.engine({ args }) -> this copy's wargrid with those arguments, driven
-- through a pipe as a GUI drives an engine, line by line and waiting for
-- its answers: e.send(line); e.expect(pattern [, seconds]) -> the lines
-- it wrote since the last expect, up to the first that matches pattern,
-- or nil and those lines when none did within seconds (default 10); its
-- end is the line "exit N" (N its exit status); e.close() closes its
-- input and returns its exit status and the lines it wrote since.
function T.engine(args)
  local clock = require("wargrid.host").clock
  local out = os.tmpname()
  local q = {}
  for i, a in ipairs(args) do q[i] = shell_quote(a) end
  local h = assert(io.popen(string.format(
    "%s %s > %s 2>&1; echo \"exit $?\" >> %s", shell_quote(exe()),
    table.concat(q, " "), out, out), "w"))
  local seen = 0
  local e = {}
  local function lines()
    local t = {}
    for l in (T.slurp(out) or ""):gmatch("([^\n]*)\n") do t[#t + 1] = l end
    return t
  end
  function e.send(line)
    h:write(line, "\n")
    h:flush()
  end
  function e.expect(pattern, seconds)
    local deadline = clock() + (seconds or 10)
    while true do
      local all = lines()
      for i = seen + 1, #all do
        if all[i]:match(pattern) then
          local got = { table.unpack(all, seen + 1, i) }
          seen = i
          return got
        end
      end
      if clock() > deadline then
        local got = { table.unpack(all, seen + 1) }
        seen = #all
        return nil, got
      end
      os.execute("sleep 0.02")
    end
  end
  function e.close()
    h:close()
    local all = lines()
    os.remove(out)
    local rest = { table.unpack(all, seen + 1) }
    return tonumber((all[#all] or ""):match("^exit (%d+)$")), rest
  end
  return e
end

-- T.slurp(path) -> the file's text, or nil if there is none
function T.slurp(path)
  local f = io.open(path)
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end

-- T.outcome(game, s) -> outcome table or nil (see Game:outcome)
function T.outcome(game, s)
  return game:outcome(s)
end

-- T.forced_win(game, s, plies, side) -> true when side can force a win from
-- s within plies actions (a decision of either side counts as one): an
-- exhaustive and-or search over every legal action, independent of the AI,
-- to check a puzzle's answer. Its cost grows as the actions to the power
-- of plies: keep plies small.
function T.forced_win(game, s, plies, side)
  local o = game.over and game:over(s)
  if o ~= nil then return o == side end
  local out = game:legal(s)
  if out:size() == 0 then return (game:result(s)) == side end
  if plies == 0 then return false end
  local mine = s:decider() == side
  for i = 1, out:size() do
    local m = s:mark()
    game:play(s, out:get(i))
    local w = T.forced_win(game, s, plies - 1, side)
    s:undo(m)
    if mine and w then return true end
    if not mine and not w then return false end
  end
  return not mine
end

return T
