-- wargrid.html: a game as one page to step through, loaded in headless
-- Chromium (installed by tools/install-deps test): the position, action and
-- narration of each step; the arrow keys, Home and End, the slider and a
-- click on an action; nothing loaded from outside. A screenshot is left in
-- build/render-html.png for a person to look at.
local T = require "wargrid.test"
local html = require "wargrid.html"
local json = require "wargrid.json"

local CHROMIUM = "chromium --headless --no-sandbox --disable-gpu --disable-background-networking "
                 .. "--disable-component-update --no-first-run --virtual-time-budget=5000"

local function sh(cmd)
  local h = io.popen(cmd .. " 2>/dev/null")
  local out = h:read("a")
  h:close()
  return out
end

local function write(path, text)
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
end

-- chromium(url [, what]) -> the DOM after the page's scripts ran, or with
-- what = a path, a screenshot there
local function chromium(url, shot)
  assert(sh("command -v chromium") ~= "", "chromium is missing: tools/install-deps test installs it")
  local profile = os.tmpname()
  os.remove(profile)
  local cmd = string.format("%s --user-data-dir=%s %s '%s'", CHROMIUM, profile,
                            shot and ("--window-size=1300,900 --screenshot=" .. shot) or "--dump-dom", url)
  local out = sh(cmd)
  os.execute("rm -rf " .. profile)
  return out
end

local function unescape(text)
  return (text:gsub("&lt;", "<"):gsub("&gt;", ">"):gsub("&quot;", '"'):gsub("&amp;", "&"))
end

-- The pieces a picture draws: its pieces' ids and classes, sorted
local function pieces(text)
  local out = {}
  for id in text:gmatch('<g id="(pc%-%w+" class="[^"]*)"') do out[#out + 1] = id end
  table.sort(out)
  return out
end

-- A Block Wars game of six actions: an attack whose King calls a barrage,
-- a machine gun's shot, the Germans' turn, the Canadians' (BW-A1, BW-C4).
local START = "2iiii2/2iiii2/iim2mii/8/3ii3/IIIIMIII/IIIITT2/IIIITT2 c2 turn=4 reserve=I5/i6 lost=I/i2 "
              .. "air=do/xo tank=1 decks=K793A/5482J/Q6"
local ACTIONS = { "c3c4xd4", "barrage e5", "e3xe4", "g6g5", "e7e6", "f3f4" }

describe("render: a game to step through (html)", function()
  local game = T.game "blockwars"
  local frames = assert(html.frames(game, T.position(game, START), ACTIONS))
  local page = html.page(game, frames, { { "Game", "blockwars" }, { "Seed", "7" } })
  local dir = os.tmpname()
  os.remove(dir)
  os.execute("mkdir -p " .. dir)
  local path = dir .. "/game.html"
  write(path, page)

  it("has a frame per action: the picture, the action, who took it and what it did", function()
    assert.equal(7, #frames)
    assert.same({ "c3c4xd4", "barrage e5", "e3xe4", "g6g5", "e7e6", "f3f4" },
                { frames[2].action, frames[3].action, frames[4].action, frames[5].action, frames[6].action,
                  frames[7].action })
    assert.same({ "Canadians", "Canadians", "Canadians", "Germans", "Germans", "Canadians" },
                { frames[2].by, frames[3].by, frames[4].by, frames[5].by, frames[6].by, frames[7].by })
    assert.same({
      "The Canadian infantry on c4 attacks the German infantry on d4: Canadians turn King, Germans turn 5.",
      "The Canadians win.",
      "The German infantry on d4 falls.",
      "The Canadians fire an artillery barrage: they choose the square.",
    }, frames[2].log)
    -- the picture after action 3 is the position after it, with it drawn
    local s = T.position(game, START)
    T.play(game, s, "c3c4xd4", "barrage e5")
    local a = game:parse_action(s, "e3xe4")
    game:play(s, a)
    assert.equal(require("wargrid.svg").position(game, s, { last = a, note = "3. Canadians: e3xe4" }),
                 frames[4].svg)
  end)

  it("is one page that loads nothing from outside", function()
    assert.is_nil(page:find("src=", 1, true))
    assert.is_nil(page:find("href", 1, true))
    assert.is_nil(page:find("url(", 1, true))
    assert.is_nil(page:find("@import", 1, true))
    local _, links = page:gsub("http", "")
    local _, spaces = page:gsub("http://www%.w3%.org/2000/svg", "")
    assert.equal(spaces, links)                -- only the SVG namespace
    assert.matches('^<!DOCTYPE html>\n<html lang="en">', page)
    assert.matches('<dl class="tags"><div><dt>Game</dt><dd>blockwars</dd></div>'
                   .. "<div><dt>Seed</dt><dd>7</dd></div></dl>", page)
  end)

  it("opens at the action its address names, with its action, narration and position", function()
    local dom = chromium("file://" .. path .. "#3")
    assert.matches('<span id="counter">Action 3 of 6</span>', dom)
    assert.matches('<p id="action">3%. Canadians: e3xe4</p>', dom)
    local log = {}
    for li in dom:match('<ul id="log">(.-)</ul>'):gmatch("<li>(.-)</li>") do log[#log + 1] = unescape(li) end
    assert.same(frames[4].log, log)
    assert.same(pieces(frames[4].svg), pieces(dom:match('<div id="board">(.-)</div>')))
    assert.matches('<li class="current">Canadians: e3xe4</li>', dom)
    local _, n = dom:match('<ol id="moves">(.-)</ol>'):gsub("<li", "")
    assert.equal(6, n)
  end)

  it("steps with the arrow keys, Home and End, the slider and a click on an action", function()
    -- a copy of the page with a probe that presses keys and records what
    -- the page shows after each
    local probe = [[
<pre id="probe"></pre>
<script>
(function () {
  var out = [];
  function look(what) {
    out.push({ what: what, counter: document.getElementById("counter").textContent,
               action: document.getElementById("action").textContent,
               log: document.getElementById("log").children.length,
               pieces: document.querySelectorAll("#board g.pc").length });
  }
  function key(k) { document.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true })); look(k); }
  look("open");
  key("ArrowRight"); key("ArrowRight"); key("ArrowLeft"); key("End"); key("ArrowRight"); key("Home");
  key("ArrowLeft");
  var slider = document.getElementById("slider");
  slider.value = 4; slider.dispatchEvent(new Event("input")); look("slider 4");
  document.getElementById("moves").children[1].click(); look("click 2");
  document.getElementById("probe").textContent = JSON.stringify(out);
})();
</script>
</body>]]
    local probed = dir .. "/probed.html"
    write(probed, (page:gsub("</body>", function() return probe end)))
    local dom = chromium("file://" .. probed)
    local seen = json.decode(unescape(dom:match('<pre id="probe">(.-)</pre>')))
    local got = {}
    for i, r in ipairs(seen) do
      got[i] = string.format("%s: %s / %s / %d lines / %d pieces", r.what, r.counter, r.action, r.log, r.pieces)
    end
    local count = {}
    for i, f in ipairs(frames) do count[i] = #pieces(f.svg) end
    assert.same({
      "open: Action 0 of 6 / The start / 0 lines / " .. count[1] .. " pieces",
      "ArrowRight: Action 1 of 6 / 1. Canadians: c3c4xd4 / 4 lines / " .. count[2] .. " pieces",
      "ArrowRight: Action 2 of 6 / 2. Canadians: barrage e5 / " .. #frames[3].log .. " lines / "
        .. count[3] .. " pieces",
      "ArrowLeft: Action 1 of 6 / 1. Canadians: c3c4xd4 / 4 lines / " .. count[2] .. " pieces",
      "End: Action 6 of 6 / 6. Canadians: f3f4 / 0 lines / " .. count[7] .. " pieces",
      "ArrowRight: Action 6 of 6 / 6. Canadians: f3f4 / 0 lines / " .. count[7] .. " pieces",
      "Home: Action 0 of 6 / The start / 0 lines / " .. count[1] .. " pieces",
      "ArrowLeft: Action 0 of 6 / The start / 0 lines / " .. count[1] .. " pieces",
      "slider 4: Action 4 of 6 / 4. Germans: g6g5 / 0 lines / " .. count[5] .. " pieces",
      "click 2: Action 2 of 6 / 2. Canadians: barrage e5 / " .. #frames[3].log .. " lines / "
        .. count[3] .. " pieces",
    }, got)
    -- the attack took d4: one piece fewer after it
    assert.equal(count[1] - 1, count[2])
  end)

  it("draws every step exactly as wargrid.svg drew it, from lines stored once", function()
    local want = {}
    for i, f in ipairs(frames) do want[i] = f.svg end
    local probe = [[
<pre id="probe"></pre>
<script type="application/json" id="want">]] .. json.encode(want):gsub("</", "<\\/") .. [[</script>
<script>
(function () {
  var want = JSON.parse(document.getElementById("want").textContent);
  var slider = document.getElementById("slider"), out = [];
  var ref = document.createElement("div");
  want.forEach(function (svg, n) {
    slider.value = n; slider.dispatchEvent(new Event("input"));
    ref.innerHTML = svg;
    out.push(document.getElementById("board").innerHTML === ref.innerHTML ? "same" : "differs");
  });
  document.getElementById("probe").textContent = out.join(" ");
})();
</script>
</body>]]
    local probed = dir .. "/same.html"
    write(probed, (page:gsub("</body>", function() return probe end)))
    local dom = chromium("file://" .. probed)
    assert.equal("same same same same same same same", dom:match('<pre id="probe">(.-)</pre>'))
  end)

  it("leaves a screenshot in build/ for a person to look at", function()
    os.remove("build/render-html.png")
    chromium("file://" .. path .. "#3", "build/render-html.png")
    local f = assert(io.open("build/render-html.png", "rb"))
    assert.equal("\137PNG", f:read(4))
    f:close()
  end)
end)
