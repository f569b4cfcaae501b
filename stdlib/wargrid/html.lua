-- wargrid.html: a game as one HTML page to step through: the picture of
-- every position (wargrid.svg), the action that led to it and what it did
-- (the game's play log: combats, cards turned), the record's tags above.
-- Self-contained: the pictures, the style and a little JavaScript are in
-- the page, which loads nothing and opens from disk in any browser. The
-- pictures share their lines: each distinct line of SVG is stored once and
-- a step is the runs of stored lines it is made of, so a long game stays
-- small (a 74-action Trenches game in 186 KB, not 2.5 MB) and each
-- step is drawn exactly as wargrid.svg drew it.
-- Step with the arrow keys (Home, End), the slider, or a click on an
-- action; "game.html#12" opens at the position after action 12.
--
--   local frames = html.frames(game, s, { "e2e4", ... })
--   local page = html.page(game, frames, { { "White", "me" }, ... })
local json = require "wargrid.json"
local svg = require "wargrid.svg"

local M = {}

local function capital(text) return text:sub(1, 1):upper() .. text:sub(2) end

local function parse_action(game, s, text)
  return game:parse_action(s, text)
end

local function action_text(game, s, a) return game:action_text(s, a) end

-- M.actor(game, s) -> the name of the side whose decision it is, as a
-- line begins it: "White", "Canadians"
function M.actor(game, s)
  return capital(game:side_name(s:decider() ~= 0 and s:decider() or s:side()))
end

-- M.frames(game, s, texts [, opts]) -> the positions from s on, one per
-- action played, or nil and what is wrong (an action that is not legal
-- where it stands). Each frame: { svg =, action = its text, by = who took
-- it, log = { lines } }; the first, the start, has no action. opts:
-- parse(game, s, text) -> action or nil, message reads an action's text
-- (default game:parse_action), write(game, s, a) writes it (default
-- game:action_text); viewer and flip as wargrid.svg's. s is played on.
function M.frames(game, s, texts, opts)
  opts = opts or {}
  local parse, write = opts.parse or parse_action, opts.write or action_text
  local frames = { { svg = svg.position(game, s, { viewer = opts.viewer,
                                                   flip = opts.flip }),
                     log = {} } }
  for i, text in ipairs(texts) do
    local a, err = parse(game, s, text)
    if not a then
      return nil, string.format("action %d (%s): %s", i, text, err)
    end
    local by = M.actor(game, s)
    local canon = write(game, s, a)
    local log = {}
    game:play(s, a, log)
    frames[#frames + 1] = {
      svg = svg.position(game, s, { last = a, viewer = opts.viewer,
                                    flip = opts.flip,
                                    note = string.format("%d. %s: %s", i,
                                                         by, canon) }),
      action = canon, by = by, log = log,
    }
  end
  return frames
end

local STYLE = [[
body { font-family: sans-serif; margin: 1em 1.5em; background: #f4f2ec;
       color: #222; }
h1 { font-size: 1.4em; margin: 0 0 .3em; }
dl.tags { display: flex; flex-wrap: wrap; gap: .2em 1.6em; margin: 0 0 .6em;
          max-width: 1200px; }
dl.tags div { display: flex; gap: .5em; }
dl.tags dt { color: #666; }
dl.tags dd { margin: 0; }
nav { display: flex; gap: .5em; align-items: center; margin: .5em 0;
      max-width: 1200px; }
nav input { flex: 1; }
nav button { min-width: 2.6em; }
main { display: flex; gap: 1.5em; align-items: flex-start; flex-wrap: wrap; }
#board { flex: 1 1 560px; max-width: 900px; }
#board svg { width: 100%; height: auto; display: block; }
aside { flex: 0 1 24em; }
#action { font-weight: bold; font-size: 1.1em; margin: 0 0 .4em; }
#log { margin: 0 0 1em; padding-left: 1.2em; }
#log li { margin: .15em 0; }
#moves { max-height: 24em; overflow-y: auto; margin: 0; padding-left: 2.6em;
         border-top: 1px solid #ccc; }
#moves li { cursor: pointer; padding: 0 .3em; }
#moves li.current { background: #f5d442; }
.keys { color: #666; font-size: .9em; }
]]

local SCRIPT = [[
(function () {
  "use strict";
  var plies = JSON.parse(document.getElementById("plies").textContent);
  var lines = JSON.parse(document.getElementById("lines").textContent);
  // a step's picture: runs of stored lines, [first, count, ...]
  function picture(runs) {
    var out = [];
    for (var i = 0; i < runs.length; i += 2) {
      for (var j = 0; j < runs[i + 1]; j++) out.push(lines[runs[i] + j]);
    }
    return out.join("\n");
  }
  var $ = function (id) { return document.getElementById(id); };
  var board = $("board"), slider = $("slider"), counter = $("counter");
  var action = $("action"), log = $("log"), moves = $("moves");
  var last = plies.length - 1, current = -1;
  plies.forEach(function (p, n) {
    if (n === 0) return;
    var li = document.createElement("li");
    li.textContent = p.by + ": " + p.action;
    li.addEventListener("click", function () { show(n); });
    moves.appendChild(li);
  });
  function show(n) {
    n = Math.max(0, Math.min(last, n));
    if (n === current) return;
    if (current > 0) moves.children[current - 1].className = "";
    current = n;
    var p = plies[n];
    board.innerHTML = picture(p.svg);
    slider.value = n;
    counter.textContent = "Action " + n + " of " + last;
    action.textContent = n === 0 ? "The start"
                                 : n + ". " + p.by + ": " + p.action;
    log.textContent = "";
    p.log.forEach(function (line) {
      var li = document.createElement("li");
      li.textContent = line;
      log.appendChild(li);
    });
    if (n > 0) {
      var li = moves.children[n - 1];
      li.className = "current";
      if (li.scrollIntoView) li.scrollIntoView({ block: "nearest" });
    }
  }
  document.addEventListener("keydown", function (e) {
    if (e.target === slider && e.key.indexOf("Arrow") === 0) return;
    var to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0,
               End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  slider.addEventListener("input", function () { show(+slider.value); });
  $("first").addEventListener("click", function () { show(0); });
  $("prev").addEventListener("click", function () { show(current - 1); });
  $("next").addEventListener("click", function () { show(current + 1); });
  $("end").addEventListener("click", function () { show(last); });
  var start = parseInt(location.hash.slice(1), 10);
  show(isNaN(start) ? 0 : start);
})();
]]

local function esc(text) return svg.escape(text) end

-- JSON made safe inside a script element: nothing in it closes the element
-- or opens a comment.
local function script_json(v)
  return (json.encode(v):gsub("</", "<\\/"):gsub("<!%-%-", "\\u003c!--"))
end

-- The frames' pictures as lines stored once: returns the lines and, for
-- each frame, its picture as runs of them { first, count, ... } (0-based).
local function shared_lines(frames)
  local lines, index, pictures = {}, {}, {}
  for i, f in ipairs(frames) do
    local runs, last = {}, nil
    for line in (f.svg .. "\n"):gmatch("(.-)\n") do
      local n = index[line]
      if not n then
        lines[#lines + 1] = line
        n = #lines - 1
        index[line] = n
      end
      if last and n == last + 1 then
        runs[#runs] = runs[#runs] + 1
      else
        runs[#runs + 1] = n
        runs[#runs + 1] = 1
      end
      last = n
    end
    pictures[i] = runs
  end
  return lines, pictures
end

-- M.page(game, frames, tags [, title]) -> the HTML page. tags: { { name,
-- value }, ... } shown above the board, in order.
function M.page(game, frames, tags, title)
  title = title or game.title or game.name
  local rows = {}
  for _, t in ipairs(tags or {}) do
    rows[#rows + 1] = string.format("<div><dt>%s</dt><dd>%s</dd></div>",
                                    esc(t[1]), esc(t[2]))
  end
  local lines, pictures = shared_lines(frames)
  local plies = {}
  for i, f in ipairs(frames) do
    plies[i] = { svg = pictures[i], action = f.action or "", by = f.by or "",
                 log = f.log or {} }
  end
  local last = #frames - 1
  local parts = {
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>" .. esc(title) .. "</title>",
    "<style>\n" .. STYLE .. "</style>",
    "</head>",
    "<body>",
    "<header>",
    "<h1>" .. esc(title) .. "</h1>",
    '<dl class="tags">' .. table.concat(rows) .. "</dl>",
    "</header>",
    "<nav>",
    '<button id="first" title="the start (Home)">|&lt;</button>',
    '<button id="prev" title="back (&#8592;)">&lt;</button>',
    string.format('<input id="slider" type="range" min="0" max="%d" '
                  .. 'value="0" aria-label="action">', last),
    '<button id="next" title="forward (&#8594;)">&gt;</button>',
    '<button id="end" title="the end (End)">&gt;|</button>',
    '<span id="counter">Action 0 of ' .. last .. "</span>",
    "</nav>",
    "<main>",
    '<div id="board">' .. frames[1].svg .. "</div>",
    "<aside>",
    '<p id="action">The start</p>',
    '<ul id="log"></ul>',
    '<p class="keys">&#8592; &#8594; step, Home and End jump; '
    .. "click an action to go there.</p>",
    '<ol id="moves"></ol>',
    "</aside>",
    "</main>",
    '<script type="application/json" id="lines">' .. script_json(lines)
    .. "</script>",
    '<script type="application/json" id="plies">' .. script_json(plies)
    .. "</script>",
    "<script>\n" .. SCRIPT .. "</script>",
    "</body>",
    "</html>",
  }
  return table.concat(parts, "\n") .. "\n"
end

return M
