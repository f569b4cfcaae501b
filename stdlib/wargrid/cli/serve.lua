-- wargrid.cli.serve: `wargrid serve`, the board in the browser.
local ai = require "wargrid.ai"
local common = require "wargrid.cli.common"
local serve = require "wargrid.serve"

local M = {}

M.serve = {
  help = [=[
usage: wargrid serve GAME [--port N] [--host H] [--allow-host NAME]
                          [--seed N] [--ai-level L] [--position P]
                          [--option NAME[=VALUE]] [--variant FILE]

Serves the game as a table in the browser: two seats and any number of
spectators. As it starts it prints three links: each side's seat, as
http://HOST:PORT/?seat=TOKEN (the token 128 bits from the system's random
source, new each time the server starts), and the spectators',
http://HOST:PORT/. Keep a seat's link to yourself: whoever holds it plays
that side; a reload keeps the seat (the token is in the link). A page
without a token is a spectator's: it sees what neither side keeps hidden
(never a deck's order) and cannot act; a token that is no seat's is
refused (403). Against the AI (the start: level L, you play the first
side), open the first link; New game on the other side's link plays that
side against the AI. Two people: either chooses "a person, at the other
seat" and New game, and each opens their own link.

Click a piece and its legal targets light up; click one. An action of more
parts (a move and its grenade, a barrage's square, a promotion) is asked
part by part from the legal actions; when it could end there or go on, a
button says the action in words, and a second click on the last square
plays it. A choice without a square (pass, no dogfight) and a game's
shortcuts (Block Wars' place standard, place random) are buttons. A click
on a square no action of yours starts from tells why (the rule). Beside
the board: whose turn it is, what just happened, and every action with
what the game told of it (cards turned, who won, what was lost, as `play`
prints it), the squares it names lit on the board. On the page: the
opponent (the built-in AI at a level from 1 to 5, or a person), a new game,
undo (your last action and the AI's answer; two people, only while it is
the last; never past cards turned or the random generator drawn on, as in
`play`, nor once a game with hidden cards is over), and the record to
download. The AI thinks in a process of its own: the pages are answered
meanwhile.

The rules file and every file it loaded are watched, as `play` watches
them: on a change the game so far is replayed under the new rules and the
page shows the verdict (all legal, or the first action now illegal and the
rule) and the board under them. Rules that do not load, or are too large
(1 MiB), or run out of their budget as they load and replay (tried first
in a separate process) leave the game going under the old ones.

  --port N      the port (default 8080; 0: any free one, printed)
  --host H      the address to listen on (default 127.0.0.1: this machine
                only; 0.0.0.0: every address); the page refuses requests
                from other pages (Origin)
  --allow-host NAME
                a name the server is reached by, besides its own (repeat
                it for more). A request must name the server in its Host
                header as one of: H and the address it listens on, with
                the port; localhost, 127.0.0.1 and [::1] when that is a
                loopback address or every address; this machine's
                addresses when every address; and each NAME (with the
                port, unless NAME gives one: NAME:PORT). It prints them as
                it starts. Any other is refused (no DNS rebinding).
  --seed N      the seed of every game's chance (default: a new one from the
                system for each game)
  --ai-level L  the AI's level the page starts with (default 3)
  --position P  the position every game starts from (position text)]=],
}

local read_options = common.options("serve", {
  port = "value", host = "value", seed = "value", ["ai-level"] = "value",
  position = "value",
  variant = "value", option = "list", ["allow-host"] = "list" },
  M.serve.help)

-- The rules to serve (c.source): --variant FILE or GAME, with --option's.
local function name_rules(c)
  c.source = common.named_rules(nil, c.pos, c.opts, c.opts.option)
  if not c.source then
    common.usage_error("serve: which game? (see 'wargrid list')")
  end
  common.no_more("serve", c.pos, c.opts)
end

-- The port, the AI's level, the seed, and the names the server may be
-- reached by (--allow-host: a host name or address, and :PORT).
local function read_settings(c)
  local opts = c.opts
  c.port = opts.port and common.integer("serve", "--port", opts.port, 0,
                                        65535) or 8080
  c.level = opts["ai-level"]
            and common.integer("serve", "--ai-level", opts["ai-level"], 1,
                               #ai.LEVELS) or ai.DEFAULT_LEVEL
  c.seed = opts.seed and common.integer("serve", "--seed", opts.seed)
  c.allow = opts["allow-host"] or {}
  for _, name in ipairs(c.allow) do
    local p = name:match(":(%d+)$")
    if not name:match("^[%w%.%-%[%]:]+$") or name:find("^[:%.%-]")
       or p and (#p > 5 or tonumber(p) > 65535) then
      common.usage_error("serve: --allow-host must be a host name or "
                         .. "address (and :PORT), not %s",
                         require("wargrid.text").quote(name))
    end
  end
end

-- The application serving the game (c.app); rules that do not load are
-- bad input.
local function open_app(c)
  c.app = common.input_call("serve", nil, serve.app, {
    source = c.source, seed = c.seed, level = c.level,
    position = c.opts.position })
end

-- Serves until the server fails (a port taken, say), told as bad input.
local function serve_pages(c)
  local _, err = serve.run(c.app, {
    host = c.opts.host or "127.0.0.1", port = c.port, allow = c.allow,
    say = function(line) print(line) io.stdout:flush() end })
  common.usage_error("serve: %s", err)
end

M.serve.run = common.steps {
  read_options,
  name_rules,
  read_settings,
  open_app,
  serve_pages,
}

return M
