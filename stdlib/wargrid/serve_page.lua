-- wargrid.serve_page: the page `wargrid serve` serves -- the board (the
-- server's SVG of the side's view), the parts of an action asked in turn
-- from the legal actions, and the controls. Loads nothing from anywhere;
-- talks to its own server only (see wargrid.serve for the routes).
--
-- An action is the squares its text names, in order (the server sends
-- them with the text): a click on one of the next squares of the actions
-- still possible narrows them, and when one action is left with all its
-- squares chosen it is played. Actions whose squares are all chosen while
-- others go on (a move with or without its grenade, the promotions of one
-- move), and those without squares (pass, no dogfight), are buttons.
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
#history { max-height: 180px; overflow: auto; margin: 0; padding-left: 30px;
  font: 13px monospace; }
#position { white-space: pre-wrap; word-break: break-all; font-size: 12px;
  background: #fff; padding: 6px; margin: 0; }
.ov { pointer-events: none; fill: none; }
.ov.can { stroke: #2e7d32; stroke-width: 2; stroke-dasharray: 5 4; }
.ov.next { stroke: #2e7d32; stroke-width: 5; fill: #4caf5055; }
.ov.chosen { stroke: #c48a00; stroke-width: 5; fill: #f5c54266; }
</style>
</head>
<body>
<main>
<div id="board"></div>
<aside>
<div id="verdict" hidden></div>
<div id="status">connecting&hellip;</div>
<div id="message"></div>
<div id="choices"></div>
<fieldset>
<legend>Game</legend>
<label>Opponent <select id="opponent">
<option value="1">AI, level 1</option><option value="2">AI, level 2</option>
<option value="3">AI, level 3</option><option value="4">AI, level 4</option>
<option value="5">AI, level 5</option>
<option value="none">nobody: both sides by hand</option>
</select></label>
<label>You play <select id="side"></select></label>
<button id="new" type="button">New game</button>
<button id="undo" type="button">Undo</button>
<a id="record" href="/record.pgn" download>Download the record</a>
</fieldset>
<h3>Actions</h3>
<ol id="history"></ol>
<h3>Position</h3>
<pre id="position"></pre>
</aside>
</main>
<script>
"use strict";
const NS = "http://www.w3.org/2000/svg";
const pin = new URLSearchParams(location.search).get("side") || "";
const $ = (id) => document.getElementById(id);
let st = null;        // the state the server sent last
let chosen = [];      // the squares clicked so far for the next action
let sent = null;      // when the last action was sent (for the timing)

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

function button(label, fn) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.addEventListener("click", fn);
  $("choices").appendChild(b);
}

function draw() {
  const svg = svgOf();
  if (!svg) return;
  let layer = document.getElementById("overlay");
  if (layer) layer.remove();
  layer = document.createElementNS(NS, "g");
  layer.id = "overlay";
  svg.appendChild(layer);
  $("choices").textContent = "";
  if (!st.actions.length) return;
  const list = cands();
  for (const q of chosen) mark(layer, q, "chosen");
  for (const q of nexts(list)) mark(layer, q, chosen.length ? "next" : "can");
  for (const a of complete(list)) button(a.text, () => play(a.text));
  if (chosen.length) button("cancel", () => { chosen = []; draw(); });
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
  if (!st || !st.actions.length || !q) return;
  if (!nexts(cands()).has(q)) {
    chosen = [];           // another piece: start again from it
    if (!nexts(st.actions).has(q)) { draw(); return; }
  }
  chosen.push(q);
  const list = cands(), done = complete(list);
  if (nexts(list).size === 0 && done.length === 1) play(done[0].text);
  else draw();
}

function show(s) {
  if (st && s.version < st.version) return;
  if (st && s.version === st.version && s.viewer === st.viewer) return;
  const moved = !st || st.version !== s.version;
  st = s;
  if (moved) chosen = [];
  $("board").innerHTML = s.svg;
  const side = (n) => s.sides[n - 1][0].toUpperCase() + s.sides[n - 1].slice(1);
  let status;
  if (s.outcome) status = "Game over: " + s.outcome + ".";
  else if (!s.human) status = side(s.decider) + ": the AI (level " + s.level
                              + ") thinks\u2026";
  else if (s.actions.length) status = side(s.decider) + " to play: your move.";
  else status = side(s.decider) + " to play.";
  if (sent !== null && s.human && !s.outcome) {
    document.body.dataset.rtt = Math.round(performance.now() - sent);
    if (s.opponent === "ai") {
      status += " (the AI answered in " + document.body.dataset.rtt + " ms)";
    }
    sent = null;
  }
  $("status").textContent = status;
  $("message").textContent = s.message || "";
  const v = $("verdict");
  v.hidden = !s.verdict;
  if (s.verdict) {
    v.className = s.verdict.status;
    v.textContent = s.verdict.line;
  }
  const h = $("history");
  h.textContent = "";
  for (const e of s.history) {
    const li = document.createElement("li");
    li.textContent = e.who + " " + e.text;
    h.appendChild(li);
  }
  h.scrollTop = h.scrollHeight;
  $("position").textContent = s.position;
  const sel = $("side");
  if (sel.options.length !== 2) {
    sel.textContent = "";
    s.sides.forEach((n, i) => sel.add(new Option(n, String(i + 1))));
  }
  if (moved && document.activeElement !== sel) sel.value = String(s.side);
  const opp = $("opponent");
  if (moved && document.activeElement !== opp) {
    opp.value = s.opponent === "none" ? "none" : String(s.level);
  }
  $("record").hidden = s.hidden && !s.outcome;
  document.body.dataset.version = s.version;
  document.title = s.title + " \u2014 wargrid";
  draw();
}

async function post(path, body) {
  body.side = pin;
  try {
    const r = await fetch(path, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body) });
    if (r.ok) show(await r.json());
    else $("message").textContent = await r.text();
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
                     level: o === "none" ? st.level : Number(o),
                     side: Number($("side").value) });
});
window.addEventListener("resize", draw);

// the game as it moves: a long poll, held by the server until it changes
async function follow() {
  for (;;) {
    try {
      const r = await fetch("/api/state?side=" + pin + "&since="
                            + (st ? st.version : -1));
      if (r.status === 200) show(await r.json());
      else if (r.status !== 204) await new Promise((f) => setTimeout(f, 1000));
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
