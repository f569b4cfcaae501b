-- wargrid.cli.play: `wargrid play`, a game in the terminal against the
-- built-in AI (or another player at the same keyboard).
local wg = require "wargrid"
local ai = require "wargrid.ai"
local common = require "wargrid.cli.common"
local help = require "wargrid.help"
local quote = require("wargrid.text").quote
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
player's guide's ladder tell. --threads T lets alpha-beta search in T processes
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

-- ---- what the player sees ----------------------------------------------

-- What play writes holds a game's texts (a script's, for a game given by
-- path): control characters other than line ends and tabs are dropped,
-- but for the colours a board is drawn in (ESC [ ... m), so that no text
-- moves the terminal's cursor, retitles its window or answers for it.
local function terminal_safe(text)
  if not text:find("[%c\127]") then return text end
  local parts, i = {}, 1
  while true do
    local at = text:find("[%c\127]", i)
    if not at then
      parts[#parts + 1] = text:sub(i)
      break
    end
    parts[#parts + 1] = text:sub(i, at - 1)
    local ch = text:sub(at, at)
    local colour = ch == "\27" and text:match("^\27%[[%d;]*m", at)
    if ch == "\n" or ch == "\t" then
      parts[#parts + 1] = ch
      i = at + 1
    elseif colour then
      parts[#parts + 1] = colour
      i = at + #colour
    else
      i = at + 1
    end
  end
  return table.concat(parts)
end

local function say(c, fmt, ...)
  c.output:write(terminal_safe(string.format(fmt, ...)))
end

-- "head a, b, c", wrapped at width between the texts
local function listed(head, texts, width)
  local items = {}
  for i, t in ipairs(texts) do items[i] = i < #texts and t .. "," or t end
  return common.wrap(head, items, width)
end

-- What the game tells of an action (game:play's log), a line each.
local function tell(c, log)
  for _, line in ipairs(log) do say(c, "  %s\n", line) end
end

-- The opponent's actions so far (c.pending), told together until
-- something happens: the board is drawn once a turn, not after each of
-- its actions.
local function flush(c)
  local pending = c.pending
  if #pending > 0 then
    say(c, "%s\n", listed(c.game:side_name(pending.who) .. " plays ",
                          pending, c.width))
    c.pending = {}
  end
end

-- The last words: the seed decides every shuffle, so it is told only when
-- the game ends (BW-H2).
local function bye(c)
  flush(c)
  say(c, "The seed was %d (replay with --seed %d).\n", c.seed, c.seed)
end

-- --save: the record after every action, written whole or not at all.
local function save(c)
  if not c.opts.save then return end
  local ok, err = c.sess:save(c.opts.save)
  if not ok then say(c, "could not save the record: %s\n", err) end
end

-- `moves [GROUP]`: the legal actions by group (game:action_groups), one
-- line each, wrapped at width; only GROUP's (a square, a label) if given.
local function show_moves(c, which)
  local game, s, shown = c.game, c.s, 0
  for _, g in ipairs(game:action_groups(s)) do
    if not which or g.name:lower() == which then
      say(c, "%s\n", common.wrap(g.name .. ": ", g.texts, c.width))
      shown = shown + 1
    end
  end
  if which and shown == 0 then
    say(c, "no legal actions for %s (type 'moves' to list them all)\n",
        quote(which))
  end
  local macros = game:macros(s)
  if not which and #macros > 0 then
    say(c, "%s\n", common.wrap("all at once: ", macros, c.width))
  end
end

-- ---- the session -------------------------------------------------------

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

-- The session of a --load record (its game goes on, under its own rules
-- or source's, with its position and seed), and what replaying it had to
-- say; a record that cannot go on is bad input, named.
local function continue_record(opts, source, info)
  if opts.position or opts.seed then
    common.usage_error("play: --load takes the position and seed from "
                       .. "the record")
  end
  local rec = common.read_record("play", opts.load)
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

-- ---- the turns ---------------------------------------------------------

-- Rules changed since the last look: loaded again, the game replayed
-- under them, and the board drawn again.
local function reload_if_changed(c)
  local changed = c.sess:changed()
  if not changed then return end
  flush(c)
  say(c, "%s\n", c.sess:reload(changed).line)
  save(c)
  c.show = true
end

-- The AI's action, chosen from what its side may know (never the state),
-- and told with its side's others; the board again when another side
-- decides (the turn is over).
local function ai_turn(c)
  local game, s, who, seed = c.game, c.s, c.who, c.seed
  local history = c.sess.log.entries
  local view = game:view(s, who, seed * 1000003 + #history)
  local a = ai.choose(game, view, { level = c.level, seed = seed + #history,
                                    threads = c.threads })
  local entry, log = play_told(c.sess, a)
  save(c)
  c.pending.who = who
  c.pending[#c.pending + 1] = entry.action
  if #log > 0 then
    flush(c)
    tell(c, log)
  end
  c.show = s:decider() ~= who
end

-- A macro of the game typed (several actions at once): each action is
-- recorded, and undo takes them back together.
local function play_macro(c, macro)
  local texts, id = {}, #c.sess.log.entries + 1
  for i, a in ipairs(macro) do
    local entry, log = play_told(c.sess, a)
    entry.macro = id
    texts[i] = entry.action
    tell(c, log)
  end
  save(c)
  say(c, "%s\n", listed(c.cmd:gsub("%s+", " ") .. ": ", texts, c.width))
end

-- A line that is no command: a macro, or an action; an illegal action is
-- answered with the rule that forbids it.
local function play_line(c)
  local game, s = c.game, c.s
  -- a seed of its own: one drawn from the game's would tell the game's
  -- seed, and with it the hidden cards, to whoever reads the placements
  local macro, why = game:macro(s, c.line, wg.host.random_seed())
  if macro then return play_macro(c, macro) end
  if macro == false then
    say(c, "%s\n", why)
    c.show = false
    return nil
  end
  local e = game:explain(s, c.line)
  if e.legal then
    local _, log = play_told(c.sess, e.action)
    save(c)
    tell(c, log)
  else
    say(c, "%s\n", wg.explain_line(e))
    c.show = false
  end
end

-- quit: the last words, and the game ends
local function leave(c)
  bye(c)
  return 0
end

local function nothing(c) c.show = false end

local function typed_help(c)
  say(c, "%s\n%s\n", COMMANDS, game_help(c.game))
  c.show = false
end

local function typed_moves(c)
  show_moves(c, c.cmd:match("^moves%s+(%S+)$"))
  c.show = false
end

local function typed_board(c) c.show = true end

local function typed_position(c)
  say(c, "%s\n", c.game:position_text(c.s, c.who))
  c.show = false
end

-- undo never passes chance (BW-H2): it says why not
local function typed_undo(c)
  local err
  c.show, err = c.sess:undo(c.who)
  if c.show then save(c) else say(c, "%s\n", err) end
end

-- The commands the player may type besides an action, by the line typed
-- (in lower case). Each sets c.show, whether the board is drawn again
-- (true unless it says otherwise), or returns an exit status: leave.
local TYPED = {
  [""] = nothing, quit = leave, exit = leave, help = typed_help,
  ["?"] = typed_help, moves = typed_moves, board = typed_board,
  position = typed_position, fen = typed_position, undo = typed_undo,
}

-- The player's line (c.line, and c.cmd in lower case): a command of
-- TYPED (moves with a group too), or else an action. The end of the input
-- leaves the game.
local function player_turn(c)
  say(c, "%s> ", c.game:side_name(c.who))
  c.output:flush()
  local line = c.input:read("l")
  if not line then
    say(c, "\n")
    return leave(c)
  end
  c.line = wg.text.trim(line)
  c.cmd = c.line:lower()
  local typed = TYPED[c.cmd] or c.cmd:match("^moves%s") and typed_moves
                or play_line
  return typed(c)
end

-- The side whose edge the board shows at the bottom: the one human's
-- against the AI; at one keyboard, the side to decide.
local function bottom(c)
  if c.bots[1] and not c.bots[2] then return 2 end
  if c.bots[2] and not c.bots[1] then return 1 end
  return c.who
end

-- One turn: the board when due, then the end of the game, or the next
-- action, the AI's or the player's. An exit status ends the game.
local function turn(c)
  c.game, c.s = c.sess.game, c.sess.s
  c.who = c.s:decider()
  if c.show then
    flush(c)
    say(c, "\n%s\n\n", c.game:render(c.s, { colour = c.colour,
                                              viewer = c.who,
                                              flip = bottom(c) == 2 }))
  end
  c.show = true
  local outcome = c.game:outcome(c.s)
  if outcome then
    bye(c)
    say(c, "Game over: %s.\n", outcome.text)
    return 0
  end
  if c.bots[c.who] then return ai_turn(c) end
  return player_turn(c)
end

-- ---- the steps ---------------------------------------------------------

local read_options = common.options("play", {
  ai = "value", side = "value", seed = "value", ["ai-level"] = "value",
  threads = "value", position = "value", variant = "value",
  option = "list", save = "value", load = "value" })

-- --help: the command's help, and with GAME (or --variant) the game's
-- notation, pieces and options too; the run ends.
local function show_help(c)
  local pos, opts = c.pos, c.opts
  if not opts.help then return nil end
  if not (pos[1] or opts.variant) then
    print(M.play.help)
    return 0
  end
  local game = common.load_game("play", pos, opts)
  common.no_more("play", pos, opts)
  print(M.play.help .. "\n" .. game_help(game))
  return 0
end

-- Where play reads and writes (standard input and output unless given),
-- in colour or not, at what width; the AI's level and processes.
local function read_settings(c)
  local opts = c.opts
  c.input, c.output = c.input or io.stdin, c.output or io.stdout
  c.colour = c.output == io.stdout and wg.host.isatty(1)
             and not os.getenv("NO_COLOR") and os.getenv("TERM") ~= "dumb"
  c.width = common.width(c.output)
  c.level = opts["ai-level"]
            and common.integer("play", "--ai-level", opts["ai-level"], 1)
            or ai.DEFAULT_LEVEL
  if not ai.LEVELS[c.level] then
    common.usage_error("play: --ai-level must be 1 to %d", #ai.LEVELS)
  end
  c.threads = opts.threads
              and common.integer("play", "--threads", opts.threads, 1, 16)
end

-- The session (c.sess): a --load record's game going on, or the game
-- named from --position or its start; what replaying the record had to
-- say (c.note); the seed (c.seed), never the clock: a seed a player could
-- guess tells the cards (BW-H2).
local function open_game(c)
  local pos, opts = c.pos, c.opts
  local source = common.named_rules(nil, pos, opts, opts.option)
  common.no_more("play", pos, opts)
  local info = { event = "wargrid play" }
  if opts.load then
    c.sess, c.note = continue_record(opts, source, info)
  else
    if not source then
      common.usage_error("play: which game? (see 'wargrid list')")
    end
    local seed = opts.seed and common.integer("play", "--seed", opts.seed)
                 or wg.host.random_seed()
    c.sess = session.open { source = source, seed = seed,
                            position = opts.position, info = info }
  end
  c.game, c.seed = c.sess.game, c.sess.seed
end

-- The sides the AI plays (c.bots), and the players the record names for
-- the first and second side.
local function seat_players(c)
  local sess, level = c.sess, c.level
  c.bots = side_set(c.game, c.opts.ai, c.opts.side)
  local players = sess.log.info
  players.white = c.bots[1] and "wargrid level " .. level or "human"
  players.black = c.bots[2] and "wargrid level " .. level or "human"
  sess.info.white, sess.info.black = players.white, players.black
end

-- --save: the record written once before play, so that a place it cannot
-- be written to is bad input, told at once.
local function first_save(c)
  local path = c.opts.save
  if not path then return nil end
  local ok, err = c.sess:save(path)
  if not ok then
    common.usage_error("play: cannot save the record to %s: %s", path, err)
  end
end

-- The game's title, what replaying a record had to say, and a warning
-- when the record saved tells hidden cards (its seed).
local function greet(c)
  say(c, "%s. Type 'help' for commands.\n", c.game.title)
  if c.note then say(c, "%s\n", c.note) end
  if c.opts.save and c.game:hidden() then
    say(c, "The record in %s holds the seed, which tells the hidden cards: "
        .. "read it when the game is over.\n", c.opts.save)
  end
end

-- Turns until the game ends or the player leaves; each action, the
-- player's or the AI's, is a unit of the budget.
local function play_turns(c)
  c.pending, c.show = {}, true
  while true do
    wg.host.budget { unit = "move", default = 60, spent = 0 }
    reload_if_changed(c)
    local status = turn(c)
    if status then return status end
  end
end

M.play.run = common.steps {
  read_options,
  show_help,
  read_settings,
  open_game,
  seat_players,
  first_save,
  greet,
  play_turns,
}

return M
