-- wargrid.serve_page: the page `wargrid serve` serves -- the board (the
-- server's SVG of the seat's view, or a spectator's), the parts of an
-- action asked in turn from the legal actions, what happened told beside
-- the board, and the controls. Loads nothing from anywhere; talks to its
-- own server only (see wargrid.serve for the routes), carrying the seat's
-- token from its own address (?seat=TOKEN: a reload keeps it).
--
-- An action is the squares its text names, in order (the server sends
-- them with the text and its words): a click on one of the next squares
-- of the actions still possible narrows them, and when one action is left
-- with all its squares chosen it is played. Actions whose squares are all
-- chosen while others go on (a move with or without its grenade, the
-- promotions of one move) are buttons in words, and a second click on
-- the last square plays the one that ends there; those without squares
-- (pass, no dogfight) and the game's macros (place standard) are buttons.
-- A click no action starts from asks the server why (/api/why).
return [==[
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>wargrid</title>
<style>
body { font: 15px sans-serif; margin: 0; background: #efece3; color: #222; }
main { display: flex; gap: 18px; padding: 12px; align-items: flex-start; }
#board { flex: 0 1 auto; min-width: 0; }
#board svg { max-width: 100%; height: auto; display: block; cursor: pointer;
  box-shadow: 0 1px 4px #0003; }
aside { width: 310px; flex: none; }
#verdict { padding: 8px; border-radius: 4px; margin-bottom: 8px; }
#verdict.reloaded { background: #d8efd2; }
#verdict.illegal { background: #f6d3cc; }
#verdict.failed { background: #f5ebc4; }
#status { font-weight: bold; margin: 4px 0 6px; }
#message { color: #a3231a; min-height: 1.2em; margin-bottom: 4px; }
#choices button { margin: 2px 4px 2px 0; font: 14px monospace; }
fieldset { border: 1px solid #bbb5a4; margin: 10px 0; }
fieldset label { display: block; margin: 3px 0; }
h3 { font-size: 14px; margin: 10px 0 4px; }
#position { white-space: pre-wrap; word-break: break-all; font-size: 12px;
  background: #fff; padding: 6px; margin: 0; }
.ov { pointer-events: none; fill: none; }
.ov.can { stroke: #2e7d32; stroke-width: 2; stroke-dasharray: 5 4; }
.ov.next { stroke: #2e7d32; stroke-width: 5; fill: #4caf5055; }
.ov.chosen { stroke: #c48a00; stroke-width: 5; fill: #f5c54266; }
#why { color: #a3231a; min-height: 1.2em; margin-bottom: 4px; }
#just { margin: 0 0 6px; font-size: 14px; }
#choices button.act { font: 14px sans-serif; }
#choices button.macro { font: bold 14px sans-serif; }
#history { max-height: 340px; overflow: auto; margin: 0; padding-left: 30px;
  font: 13px sans-serif; }
#history li.new { background: #fbeec0; }
#history .act { font-family: monospace; font-weight: bold; }
#history ul { margin: 2px 0 4px; padding-left: 16px; color: #444; }
.ov.told { stroke: #c0392b; stroke-width: 4; stroke-dasharray: 8 4; }
</style>
</head>
<body>
<main>
<div id="board"></div>
<aside>
<div id="verdict" hidden></div>
<div id="status">connecting&hellip;</div>
<div id="just"></div>
<div id="why"></div>
<div id="message"></div>
<div id="choices"></div>
<h3>What happened</h3>
<ol id="history"></ol>
<fieldset id="controls" hidden>
<legend>Game</legend>
<label>Opponent <select id="opponent">
<option value="1">AI, level 1</option><option value="2">AI, level 2</option>
<option value="3">AI, level 3</option><option value="4">AI, level 4</option>
<option value="5">AI, level 5</option>
<option value="none">a person, at the other seat</option>
</select></label>
<button id="new" type="button">New game</button>
<button id="undo" type="button">Undo</button>
<a id="record" href="/record.pgn" download>Download the record</a>
</fieldset>
<h3>Position</h3>
<pre id="position"></pre>
</aside>
</main>
<script>
"use strict";
const NS = "http://www.w3.org/2000/svg";
const seat = new URLSearchParams(location.search).get("seat") || "";
const $ = (id) => document.getElementById(id);
let st = null;        // the state the server sent last
let chosen = [];      // the squares clicked so far for the next action
let sent = null;      // when the last action was sent (for the timing)
let told = [];        // the squares what just happened names
let fresh = 0;        // the history's entries new since the last state

// the actions still possible, the squares that may come next, and those
// whose squares are all chosen
function cands() {
  return st.actions.filter((a) => chosen.every((q, i) => a.squares[i] === q));
}
function nexts(list) {
  const n = chosen.length, out = new Set();
  for (const a of list) if (a.squares.length > n) out.add(a.squares[n]);
  return out;
}
function complete(list) {
  return list.filter((a) => a.squares.length === chosen.length);
}

function svgOf() { return $("board").querySelector("svg"); }

// a frame over square q, above the pieces; the clicks pass through it
function mark(layer, q, cls) {
  const svg = svgOf(), r = document.getElementById("sq-" + q);
  if (!svg || !r) return;
  const m = svg.getScreenCTM().inverse(), c = r.getBoundingClientRect();
  const p = svg.createSVGPoint();
  p.x = c.left; p.y = c.top;
  const a = p.matrixTransform(m);
  p.x = c.right; p.y = c.bottom;
  const z = p.matrixTransform(m);
  const e = document.createElementNS(NS, "rect");
  e.setAttribute("x", a.x + 3); e.setAttribute("y", a.y + 3);
  e.setAttribute("width", z.x - a.x - 6);
  e.setAttribute("height", z.y - a.y - 6);
  e.setAttribute("rx", 6);
  e.setAttribute("class", "ov " + cls);
  e.setAttribute("data-square", q);
  layer.appendChild(e);
}

function button(label, cls, fn, action) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.className = cls;
  if (action) { b.dataset.action = action; b.title = action; }
  b.addEventListener("click", fn);
  $("choices").appendChild(b);
}

const upper = (t) => t.charAt(0).toUpperCase() + t.slice(1);

function draw() {
  const svg = svgOf();
  if (!svg) return;
  let layer = document.getElementById("overlay");
  if (layer) layer.remove();
  layer = document.createElementNS(NS, "g");
  layer.id = "overlay";
  svg.appendChild(layer);
  $("choices").textContent = "";
  if (!chosen.length) for (const q of told) mark(layer, q, "told");
  if (!st.actions.length) return;
  const list = cands();
  for (const q of chosen) mark(layer, q, "chosen");
  for (const q of nexts(list)) mark(layer, q, chosen.length ? "next" : "can");
  for (const a of complete(list)) {
    button(chosen.length ? "Play: " + a.does : upper(a.does), "act",
           () => play(a.text), a.text);
  }
  if (!chosen.length) {
    for (const m of st.macros) button(upper(m), "macro", () => play(m), m);
  }
  if (chosen.length) button("cancel", "cancel", () => { chosen = []; draw(); });
}

// the square under the pointer, by the squares' own rectangles
function squareAt(x, y) {
  for (const r of document.querySelectorAll('#board rect[id^="sq-"]')) {
    const c = r.getBoundingClientRect();
    if (x >= c.left && x < c.right && y >= c.top && y < c.bottom) {
      return r.id.slice(3);
    }
  }
  return null;
}

function click(q) {
  if (!st || !q || !seat || st.outcome) return;
  $("why").textContent = "";
  const done = complete(cands());
  if (chosen.length && q === chosen[chosen.length - 1] && done.length === 1) {
    play(done[0].text);     // the last square again: that action, confirmed
    return;
  }
  if (!nexts(cands()).has(q)) {
    chosen = [];           // another piece: start again from it
    if (!nexts(st.actions).has(q)) {
      draw();
      post("/api/why", { square: q });   // nothing starts here: why not
      return;
    }
  }
  chosen.push(q);
  const list = cands(), now = complete(list);
  if (nexts(list).size === 0 && now.length === 1) play(now[0].text);
  else draw();
}

function sideName(n) { return upper(st.sides[n - 1]); }

// whose turn it is, and who the page is
function statusOf(s) {
  if (s.outcome) return "Game over: " + s.outcome + ".";
  const me = s.viewer ? "You play " + sideName(s.viewer) + ". "
                      : "You watch (spectator). ";
  let turn;
  if (!s.human) turn = sideName(s.decider) + ": the AI (level " + s.level
                       + ") thinks\u2026";
  else if (s.actions.length) turn = "Your move.";
  else turn = sideName(s.decider) + " to play.";
  return me + turn;
}

// the history, each action with what the game told of it; the entries
// new since the last state marked, their squares lit on the board
function history(s, before) {
  const h = $("history");
  h.textContent = "";
  fresh = Math.max(0, s.history.length - before);
  if (before < 0) fresh = Math.min(1, s.history.length);
  told = [];
  s.history.forEach((e, i) => {
    const li = document.createElement("li");
    const isNew = i >= s.history.length - fresh;
    if (isNew) { li.className = "new"; told.push(...e.squares); }
    li.append(upper(e.who) + " ");
    const b = document.createElement("span");
    b.className = "act";
    b.textContent = e.text;
    li.appendChild(b);
    if (e.told.length) {
      const ul = document.createElement("ul");
      for (const line of e.told) {
        const t = document.createElement("li");
        t.className = "told-line";
        t.textContent = line;
        ul.appendChild(t);
      }
      li.appendChild(ul);
    }
    h.appendChild(li);
  });
  h.scrollTop = h.scrollHeight;
  const last = s.history.slice(s.history.length - fresh);
  $("just").textContent = last.length ? "Just now: " + last.map((e) =>
    upper(e.who) + " " + e.text + (e.told.length ? " \u2014 "
    + e.told.join(" ") : "")).join(" | ") : "";
}

function show(s, why) {
  if (st && s.version < st.version) return;
  const same = st && s.version === st.version && s.thinking === st.thinking;
  if (why !== undefined) $("why").textContent = why || "";
  if (same) return;
  const moved = !st || st.version !== s.version;
  const before = st ? st.history.length : -1;
  st = s;
  if (moved) chosen = [];
  $("board").innerHTML = s.svg;
  if (sent !== null && s.human && !s.outcome) {
    document.body.dataset.rtt = Math.round(performance.now() - sent);
    sent = null;
  }
  $("status").textContent = statusOf(s);
  $("message").textContent = s.message || "";
  const v = $("verdict");
  v.hidden = !s.verdict;
  if (s.verdict) {
    v.className = s.verdict.status;
    v.textContent = s.verdict.line;
  }
  if (moved) history(s, before);
  $("position").textContent = s.position;
  $("controls").hidden = !s.viewer;
  const opp = $("opponent");
  if (moved && document.activeElement !== opp) {
    opp.value = s.opponent === "none" ? "none" : String(s.level);
  }
  $("record").hidden = s.hidden && !s.outcome;
  document.body.dataset.version = s.version;
  document.body.dataset.viewer = s.viewer;
  document.title = s.title + " \u2014 wargrid";
  draw();
}

async function post(path, body) {
  body.seat = seat;
  try {
    const r = await fetch(path, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body) });
    const t = await r.text();
    let v = null;
    try { v = JSON.parse(t); } catch (e) { v = null; }
    if (r.ok && v) show(v, v.why || "");
    else $("why").textContent = (v && v.error) || t;
  } catch (e) {
    $("message").textContent = "the server does not answer";
  }
}

function play(text) {
  chosen = [];
  sent = performance.now();
  post("/api/play", { action: text });
}

$("board").addEventListener("click", (ev) => click(squareAt(ev.clientX,
                                                            ev.clientY)));
document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape" && st) { chosen = []; draw(); }
});
$("undo").addEventListener("click", () => post("/api/undo", {}));
$("new").addEventListener("click", () => {
  const o = $("opponent").value;
  post("/api/new", { opponent: o === "none" ? "none" : "ai",
                     level: o === "none" ? st.level : Number(o) });
});
window.addEventListener("resize", draw);

// the game as it moves: a long poll, held by the server until it changes
async function follow() {
  for (;;) {
    try {
      const r = await fetch("/api/state?seat=" + encodeURIComponent(seat)
                            + "&since=" + (st ? st.version : -1));
      if (r.status === 200) show(await r.json());
      else if (r.status === 403) {
        $("status").textContent = (await r.json()).error;
        return;
      } else if (r.status !== 204) {
        await new Promise((f) => setTimeout(f, 1000));
      }
    } catch (e) {
      $("status").textContent = "the server does not answer; trying again";
      await new Promise((f) => setTimeout(f, 1000));
    }
  }
}
follow();
</script>
</body>
</html>
]==]
