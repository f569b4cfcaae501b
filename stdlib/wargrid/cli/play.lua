-- wargrid.cli.play: `wargrid play`, a game in the terminal against the
-- built-in AI (or another player at the same keyboard).
local wg = require "wargrid"
local ai = require "wargrid.ai"
local common = require "wargrid.cli.common"
local help = require "wargrid.help"
local loader = require "wargrid.loader"
local quote = require("wargrid.text").quote
local record = require "wargrid.record"
local session = require "wargrid.session"

local M = {}

M.play = {
  help = [=[
usage: wargrid play GAME [--side SIDE | --ai SIDE] [--ai-level L] [--seed N]
                         [--threads T] [--position P]
                         [--option NAME[=VALUE]] [--variant FILE]
                         [--save RECORD] [--load RECORD]

Plays in the terminal. Type actions in the game's notation (with GAME,
--help shows it; an illegal one is answered with the rule that forbids it,
as 'wargrid why' tells it), or:
  moves   the legal actions by piece  undo      take back your last action
  board   draw the board again        position  print the position text
  help    this list                   quit      leave the game
--side names the side you play (a side's name, 1 or 2; default the first),
and the built-in opponent plays the other. --ai names instead the sides the
opponent plays: a side's name (white, black, ...), 1 or 2, both, or none
(default: the second side). It sees only what its side may know.
--ai-level sets its strength from 1 (quick) to 5 (strong; default 3): the
game's own search (alpha-beta where chance and hidden cards play no part,
else Monte Carlo) with a budget a decision that `wargrid suggest` and the
README's ladder tell. --threads T lets alpha-beta search in T processes
at once (about as long, deeper). --seed starts the game's chance
(shuffles) and makes the opponent's choices repeatable (default: a seed from
the system's random source; it is printed when the game ends, since it would
tell hidden cards).
--save writes the game's record to RECORD after every action, atomically (a
kill leaves the old record or the new one). --load continues the game of a
record, under its rules (or those GAME or --variant names), with its seed,
so chance goes on as it would have. While you play, the rules file and every
file it loaded are watched: when one changes, the rules are loaded again and
the game so far replayed under them, and play goes on from the same position
(or from before the first action they no longer allow); rules that do not
load are reported, and play goes on under the old ones. So does it when a
rules file is larger than 1 MiB (refused unread) or the reload runs out of
its budget: a reload is tried first in a separate process, which is killed
past --time-limit and 3 s more.

undo never goes back past an action that turned a card or drew on the random
generator. The board is in colour when the output is a terminal and NO_COLOR
is not set.]=],
}

local COMMANDS = [[
  an action   in the game's notation (type 'moves' to list them)
  moves       the legal actions, a line per piece (its square first),
              then the others (reinforcements, decisions)
  moves a4    the actions of the piece on a4 (or of a group: moves pass)
  undo        take back your last action (and the replies since), unless
              chance came into play since: cards turned, dice thrown
  board       draw the board again
  position    print the position text
  help        this list
  quit        leave the game]]

-- What `play GAME --help` and the in-game help add: the game's notation,
-- piece key, legend and options (wargrid.help).
local function game_help(game)
  return "\n" .. help.text(game)
end

-- `moves [GROUP]`: the legal actions by group (game:action_groups), one
-- line each, wrapped at width; only GROUP's (a square, a label) if given.
local function show_moves(game, s, which, say, width)
  local shown = 0
  for _, g in ipairs(game:action_groups(s)) do
    if not which or g.name:lower() == which then
      say("%s\n", common.wrap(g.name .. ": ", g.texts, width))
      shown = shown + 1
    end
  end
  if which and shown == 0 then
    say("no legal actions for %s (type 'moves' to list them all)\n",
        quote(which))
  end
  local macros = game:macros(s)
  if not which and #macros > 0 then
    say("%s\n", common.wrap("all at once: ", macros, width))
  end
end

-- The sides the AI plays, as a set: those --ai names, or all but the one
-- --side names.
local function side_set(game, text, mine)
  if text and mine then
    common.usage_error("play: give --side (yours) or --ai (the opponent's), "
                       .. "not both")
  end
  if mine then
    local t = mine:lower()
    for i, name in ipairs(game.sides) do
      if t == name or t == tostring(i) then return { [3 - i] = true } end
    end
    common.usage_error("play: --side must be %s, %s, 1 or 2, not %s",
                       game.sides[1], game.sides[2], quote(mine))
  end
  if text == nil then return { [2] = true } end
  local t = text:lower()
  if t == "none" then return {} end
  if t == "both" then return { true, true } end
  if t == "1" or t == "2" then return { [tonumber(t)] = true } end
  for i, name in ipairs(game.sides) do
    if name == t then return { [i] = true } end
  end
  common.usage_error("play: --ai must be %s, %s, 1, 2, both or none, "
                     .. "not %s", game.sides[1], game.sides[2],
                     quote(text))
end

-- Plays action a through the session (which notes it in the record, and
-- whether chance came into play: BW-H2 lets no undo pass it). Returns the
-- log entry and what the game tells of it (game:play's log: cards turned,
-- outcomes).
local function play_told(sess, a)
  local log = {}
  local entry = sess:play(a, log)
  return entry, log
end

-- The session of the game the arguments name: a record to continue
-- (--load), or a game or variant file from its start (or --position); and
-- what replaying the record had to say, if anything.
local function open_session(pos, opts)
  local source
  if opts.variant then
    source = { file = opts.variant }
  elseif pos[1] then
    local name = table.remove(pos, 1)
    local path, err = loader.find(name)
    if not path then common.usage_error("%s", err) end
    source = { name = name }
  end
  common.no_more("play", pos, opts)
  if source then source.options = opts.option end
  local info = { event = "wargrid play" }
  if opts.load then
    if opts.position or opts.seed then
      common.usage_error("play: --load takes the position and seed from "
                         .. "the record")
    end
    local f, err = io.open(opts.load)
    if not f then common.usage_error("play: cannot read %s", err) end
    local rec
    rec, err = record.read(record.slurp(f))
    f:close()
    if not rec then common.usage_error("play: %s %s", opts.load, err) end
    local ok, sess, note = pcall(session.continue, rec,
                                 { source = source, info = info })
    if not ok then
      -- an error in a script is the script's (or wargrid's) to tell
      if type(sess) == "string" and not sess:match("^[^:]*%.lua:%d+:") then
        common.usage_error("play: %s %s", opts.load, sess)
      end
      error(sess, 0)
    end
    return sess, note
  end
  if not source then
    common.usage_error("play: which game? (see 'wargrid list')")
  end
  -- never the clock: a seed a player could guess tells the cards (BW-H2)
  local seed = opts.seed and common.integer("play", "--seed", opts.seed)
               or wg.host.random_seed()
  return session.open { source = source, seed = seed,
                        position = opts.position, info = info }
end

-- "head a, b, c", wrapped at width between the texts
local function listed(head, texts, width)
  local items = {}
  for i, t in ipairs(texts) do items[i] = i < #texts and t .. "," or t end
  return common.wrap(head, items, width)
end

function M.play.run(args, input, output)
  input, output = input or io.stdin, output or io.stdout
  local pos, opts = common.parse("play", args, {
    ai = "value", side = "value", seed = "value", ["ai-level"] = "value",
    threads = "value", position = "value", variant = "value",
    option = "list", save = "value", load = "value" })
  if opts.help and not (pos[1] or opts.variant) then
    print(M.play.help)
    return 0
  end
  if opts.help then
    local game = common.load_game("play", pos, opts)
    common.no_more("play", pos, opts)
    print(M.play.help .. "\n" .. game_help(game))
    return 0
  end
  local colour = output == io.stdout and wg.host.isatty(1)
                 and not os.getenv("NO_COLOR")
                 and os.getenv("TERM") ~= "dumb"
  local level = opts["ai-level"]
                and common.integer("play", "--ai-level", opts["ai-level"], 1)
                or ai.DEFAULT_LEVEL
  if not ai.LEVELS[level] then
    common.usage_error("play: --ai-level must be 1 to %d", #ai.LEVELS)
  end
  local threads = opts.threads
                  and common.integer("play", "--threads", opts.threads, 1, 16)
  local sess, note = open_session(pos, opts)
  local game = sess.game
  local bots = side_set(game, opts.ai, opts.side)
  -- the record names the players of the first and second side
  local players = sess.log.info
  players.white = bots[1] and "wargrid level " .. level or "human"
  players.black = bots[2] and "wargrid level " .. level or "human"
  sess.info.white, sess.info.black = players.white, players.black
  local seed = sess.seed
  local function say(fmt, ...) output:write(string.format(fmt, ...)) end
  local width = common.width(output)
  -- the record after every action, written whole or not at all
  local function save()
    if not opts.save then return end
    local ok, err = sess:save(opts.save)
    if not ok then say("could not save the record: %s\n", err) end
  end
  if opts.save then
    local ok, err = sess:save(opts.save)
    if not ok then
      common.usage_error("play: cannot save the record to %s: %s", opts.save,
                         err)
    end
  end
  local function tell(log)
    for _, line in ipairs(log) do say("  %s\n", line) end
  end
  -- the opponent's actions, told together until something happens: the
  -- board is drawn once a turn, not after each of its actions
  local pending = {}
  local function flush()
    if #pending > 0 then
      say("%s\n", listed(game:side_name(pending.who) .. " plays ", pending,
                         width))
      pending = {}
    end
  end
  -- the seed decides every shuffle: told only when the game ends (BW-H2)
  local function bye()
    flush()
    say("The seed was %d (replay with --seed %d).\n", seed, seed)
  end
  say("%s. Type 'help' for commands.\n", game.title)
  if note then say("%s\n", note) end
  if opts.save and game:hidden() then
    say("The record in %s holds the seed, which tells the hidden cards: "
        .. "read it when the game is over.\n", opts.save)
  end
  local show = true
  while true do
    -- each action, the player's or the AI's, is a unit of the budget
    wg.host.budget { unit = "move", default = 60, spent = 0 }
    -- rules changed since the last look: loaded again, the game replayed
    local changed = sess:changed()
    if changed then
      flush()
      say("%s\n", sess:reload(changed).line)
      save()
      show = true
    end
    game = sess.game
    local s = sess.s
    local history = sess.log.entries
    local who = s:decider()
    if show then
      flush()
      say("\n%s\n\n", game:render(s, { colour = colour, viewer = who }))
    end
    show = true
    local outcome = game:outcome(s)
    if outcome then
      bye()
      say("Game over: %s.\n", outcome.text)
      return 0
    end
    if bots[who] then
      -- the opponent is given what its side may know, never the state
      local view = game:view(s, who, seed * 1000003 + #history)
      local a = ai.choose(game, view, { level = level, seed = seed + #history,
                                        threads = threads })
      local entry, log = play_told(sess, a)
      save()
      pending.who = who
      pending[#pending + 1] = entry.action
      if #log > 0 then
        flush()
        tell(log)
      end
      -- the board again when another side decides (the turn is over)
      show = s:decider() ~= who
    else
      say("%s> ", game:side_name(who))
      output:flush()
      local line = input:read("l")
      if not line then say("\n") bye() return 0 end
      line = wg.text.trim(line)
      local cmd = line:lower()
      if cmd == "" then
        show = false
      elseif cmd == "quit" or cmd == "exit" then
        bye()
        return 0
      elseif cmd == "help" or cmd == "?" then
        say("%s\n%s\n", COMMANDS, game_help(game))
        show = false
      elseif cmd == "moves" or cmd:match("^moves%s") then
        show_moves(game, s, cmd:match("^moves%s+(%S+)$"), say, width)
        show = false
      elseif cmd == "board" then
        show = true
      elseif cmd == "position" or cmd == "fen" then
        say("%s\n", game:position_text(s, who))
        show = false
      elseif cmd == "undo" then
        local err
        show, err = sess:undo(who)
        if show then save() else say("%s\n", err) end
      else
        local macro, why = game:macro(s, line, seed * 1000003 + #history)
        if macro then
          -- each action is recorded; undo takes them back together
          local texts, id = {}, #history + 1
          for i, a in ipairs(macro) do
            local entry, log = play_told(sess, a)
            entry.macro = id
            texts[i] = entry.action
            tell(log)
          end
          save()
          say("%s\n", listed(cmd:gsub("%s+", " ") .. ": ", texts, width))
        elseif macro == false then
          say("%s\n", why)
          show = false
        else
          -- an illegal action is answered with the rule that forbids it
          local e = game:explain(s, line)
          if e.legal then
            local _, log = play_told(sess, e.action)
            save()
            tell(log)
          else
            say("%s\n", wg.explain_line(e))
            show = false
          end
        end
      end
    end
  end
end

return M
