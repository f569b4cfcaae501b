-- wargrid.cli.play: `wargrid play`, a game in the terminal against the
-- built-in AI (or another player at the same keyboard).
local wg = require "wargrid"
local ai = require "wargrid.ai"
local common = require "wargrid.cli.common"
local quote = require("wargrid.text").quote

local M = {}

M.play = {
  help = [=[
usage: wargrid play GAME [--ai SIDE] [--ai-level L] [--seed N] [--position P]
                         [--option NAME[=VALUE]] [--variant FILE]

Plays in the terminal. Type actions in the game's notation (with GAME,
--help shows it), or:
  moves   the legal actions          undo    take back your last action
  board   draw the board again       position  print the position text
  help    this list                  quit    leave the game
--ai names the side the built-in opponent plays: a side's name (white,
black, ...), 1 or 2, both, or none (default: the second side). It sees only
what its side may know. --ai-level sets its strength from 1 (quick) to 5
(strong; default 3): a Monte Carlo tree search of 50, 200, 800, 3000 or 12000
iterations a decision. --seed starts the game's chance (shuffles) and makes
the opponent's choices repeatable (default: a seed from the system's random
source; it is printed when the game ends, since it would tell hidden cards).
undo never goes back past an action that turned a card or drew on the random
generator. The board is in colour when the output is a terminal and NO_COLOR
is not set.]=],
}

local COMMANDS = [[
  an action   in the game's notation (type 'moves' to list them)
  moves       the legal actions, one per line
  undo        take back your last action (and the replies since), unless
              chance came into play since: cards turned, dice thrown
  board       draw the board again
  position    print the position text
  help        this list
  quit        leave the game]]

-- What `play GAME --help` and the in-game help add: the game's notation,
-- and its options with their values (as given with --option, or defaults).
local function game_help(game)
  local parts = {}
  if game.def.notation then parts[#parts + 1] = "\n" .. game.def.notation end
  local options = game.def.options or {}
  local names = {}
  for name in pairs(options) do names[#names + 1] = name end
  table.sort(names)
  if #names > 0 then
    parts[#parts + 1] = "\nOptions of " .. game.name
                        .. " (--option NAME[=VALUE]):"
    for _, name in ipairs(names) do
      local o = options[name]
      local given = game.given and game.given[name]
      local value = given
                    and string.format("%s (given; default %s)",
                                      tostring(given.value),
                                      tostring(given.default))
                    or "default " .. tostring(o.default)
      local values = o.values and " (" .. table.concat(o.values, ", ") .. ")"
                     or ""
      parts[#parts + 1] = string.format("  %-10s %s%s%s", name, value, values,
                                        o.help and ": " .. o.help or "")
    end
  end
  return table.concat(parts, "\n")
end

-- The sides --ai names, as a set.
local function side_set(game, text)
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

-- What chance has decided so far: the generator and every deck's cards.
local function chance_of(game, s)
  local n = type(game.def.decks) == "number" and game.def.decks
            or #(game.deck_names or {})
  local decks = {}
  for d = 1, n do decks[d] = table.concat(s:cards(d), ",") end
  return s:rng(), table.concat(decks, "/")
end

-- Plays action a and prints what the game tells of it (game:play's log:
-- cards turned, outcomes); the opponent's actions are named first. Returns
-- the history entry: the mark to undo to, who decided, the action's text,
-- and why undo may not pass it (BW-H2: it turned cards or drew on the
-- generator, which undoing would let a player see and choose again).
local function play_told(game, s, a, say, who, named)
  local entry = { mark = s:mark(), who = who, text = game:action_text(s, a) }
  if named then say("%s plays %s\n", game:side_name(who), entry.text) end
  local rng, decks = chance_of(game, s)
  local log = {}
  game:play(s, a, log)
  for _, line in ipairs(log) do say("  %s\n", line) end
  local rng2, decks2 = chance_of(game, s)
  if decks2 ~= decks then
    entry.chance = "it turned cards"
  elseif rng2 ~= rng then
    entry.chance = "it drew on the random generator"
  end
  return entry
end

-- undo: back to before this player's last action, unless an action since
-- then (that one included) was chance's (BW-H2).
local function undo(s, history, who, say)
  local k = #history
  while k >= 1 and history[k].who ~= who do k = k - 1 end
  if k < 1 then
    say("nothing of yours to undo\n")
    return false
  end
  for i = #history, k, -1 do
    if history[i].chance then
      say("cannot undo past %s: %s (BW-H2)\n", history[i].text,
          history[i].chance)
      return false
    end
  end
  s:undo(history[k].mark)
  for i = #history, k, -1 do history[i] = nil end
  return true
end

function M.play.run(args, input, output)
  input, output = input or io.stdin, output or io.stdout
  local pos, opts = common.parse("play", args, {
    ai = "value", seed = "value", ["ai-level"] = "value",
    position = "value", variant = "value", option = "list" })
  if opts.help and not (pos[1] or opts.variant) then
    print(M.play.help)
    return 0
  end
  local game = common.load_game("play", pos, opts)
  common.no_more("play", pos, opts)
  if opts.help then
    print(M.play.help .. "\n" .. game_help(game))
    return 0
  end
  local colour = output == io.stdout and wg.core.isatty(1)
                 and not os.getenv("NO_COLOR")
                 and os.getenv("TERM") ~= "dumb"
  local bots = side_set(game, opts.ai)
  -- never the clock: a seed a player could guess tells the cards (BW-H2)
  local seed = opts.seed and common.integer("play", "--seed", opts.seed)
               or wg.core.random_seed()
  local level = opts["ai-level"]
                and common.integer("play", "--ai-level", opts["ai-level"], 1)
                or ai.DEFAULT_LEVEL
  if not ai.LEVELS[level] then
    common.usage_error("play: --ai-level must be 1 to %d", #ai.LEVELS)
  end
  local s = common.start(game, opts, seed)
  local function say(fmt, ...) output:write(string.format(fmt, ...)) end
  local history = {}  -- the actions played, as play_told returns them
  -- the seed decides every shuffle: told only when the game ends (BW-H2)
  local function bye()
    say("The seed was %d (replay with --seed %d).\n", seed, seed)
  end
  say("%s. Type 'help' for commands.\n", game.title)
  local show = true
  while true do
    local who = s:decider()
    if show then
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
      local a = ai.choose(game, view, { level = level, seed = seed + #history })
      history[#history + 1] = play_told(game, s, a, say, who, true)
    else
      say("%s> ", game:side_name(who))
      output:flush()
      local line = input:read("l")
      if not line then say("\n") bye() return 0 end
      line = line:match("^%s*(.-)%s*$")
      local cmd = line:lower()
      if cmd == "" then
        show = false
      elseif cmd == "quit" or cmd == "exit" then
        bye()
        return 0
      elseif cmd == "help" or cmd == "?" then
        say("%s\n%s\n", COMMANDS, game_help(game))
        show = false
      elseif cmd == "moves" then
        for _, t in ipairs(game:action_texts(s)) do say("%s\n", t) end
        show = false
      elseif cmd == "board" then
        show = true
      elseif cmd == "position" or cmd == "fen" then
        say("%s\n", game:position_text(s, who))
        show = false
      elseif cmd == "undo" then
        show = undo(s, history, who, say)
      else
        local a, err = game:parse_action(s, line)
        if a then
          history[#history + 1] = play_told(game, s, a, say, who, false)
        else
          say("%s\n", err)
          show = false
        end
      end
    end
  end
end

return M
