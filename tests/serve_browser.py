#!/usr/bin/env python3
"""serve_browser.py: plays `wargrid serve` in headless Chromium by clicks.

Drives Chromium through the DevTools protocol over a pipe
(--remote-debugging-pipe: JSON messages ended by NUL on fds 3 and 4), so it
needs nothing but python3 and the system's chromium: no npm, no WebSocket,
nothing downloaded. Clicks are real mouse events at a square's centre.

Usage: serve_browser.py WARGRID OUTDIR SCENARIO[=ARG]...  (one browser)
  courier  five moves of Courier by two people, each at their seat's page;
           a click on a pawn that cannot move; one move against AI level 1
  trenches a whole turn of each side (a soldier's move and grenade, a tank)
  reload   nine Courier moves on a variant file, then the file edited
  blockwars=POSITION  a Block Wars combat from POSITION (its decks
           stacked) by clicks, a barrage, a move confirmed by a second
           click; a spectator's page and a forged token's beside it
  placement  Block Wars' placement by the "Place standard" button
Prints one JSON object, by scenario: what the pages and the server showed
(the spec checks it); writes OUTDIR/serve-SCENARIO.png.
"""
import base64
import fcntl
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync",
         "--no-proxy-server", "--hide-scrollbars", "--mute-audio",
         "--disable-background-timer-throttling",
         "--disable-renderer-backgrounding",
         "--disable-backgrounding-occluded-windows",
         "--remote-debugging-pipe"]


class Browser:
    """One headless Chromium and one page in it."""

    def __init__(self, width=1240, height=900):
        self.profile = tempfile.mkdtemp(prefix="wg-chromium-")
        to_r, to_w = os.pipe()      # we write, Chromium reads on fd 3
        from_r, from_w = os.pipe()  # Chromium writes on fd 4, we read

        def fds():   # out of the way first: either may already be 3 or 4
            r = fcntl.fcntl(to_r, fcntl.F_DUPFD, 10)
            w = fcntl.fcntl(from_w, fcntl.F_DUPFD, 10)
            os.dup2(r, 3)
            os.dup2(w, 4)
        self.proc = subprocess.Popen(
            [CHROMIUM] + FLAGS + ["--user-data-dir=" + self.profile,
                                  "about:blank"],
            preexec_fn=fds, close_fds=False, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_r)
        os.close(from_w)
        self.out = os.fdopen(to_w, "wb")
        self.inp = os.fdopen(from_r, "rb")
        self.buf = b""
        self.next_id = 0
        self.session = None
        self.size = (width, height)
        self.pages = [self]
        self.attach()

    def attach(self):
        target = self.call("Target.createTarget", url="about:blank")
        self.session = self.call("Target.attachToTarget",
                                 targetId=target["targetId"],
                                 flatten=True)["sessionId"]
        self.call("Emulation.setDeviceMetricsOverride", width=self.size[0],
                  height=self.size[1], deviceScaleFactor=1, mobile=False)

    def page(self, k):
        """Page k of the browser (0: this one), made on first use: another
        tab, as a second person at the table would have."""
        while len(self.pages) <= k:
            other = Tab(self)
            other.attach()
            self.pages.append(other)
        return self.pages[k]

    def call(self, method, **params):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params}
        if self.session:
            msg["sessionId"] = self.session
        self.out.write(json.dumps(msg).encode() + b"\0")
        self.out.flush()
        while True:
            while b"\0" not in self.buf:
                chunk = os.read(self.inp.fileno(), 65536)
                if not chunk:
                    raise RuntimeError("chromium went away")
                self.buf += chunk
            raw, self.buf = self.buf.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"]))
                return reply.get("result", {})

    def js(self, expr):
        r = self.call("Runtime.evaluate", expression=expr,
                      returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in r:
            raise RuntimeError("page: %s: %s" % (expr, r["exceptionDetails"]))
        return r["result"].get("value")

    def wait(self, expr, what, timeout=60):
        """The expression's value once it is true; an error in the page
        (the document not loaded yet) is a "not yet" until the timeout."""
        end = time.time() + timeout
        last = None
        while time.time() < end:
            try:
                v = self.js(expr)
            except RuntimeError as e:
                v, last = None, e
            if v:
                return v
            time.sleep(0.05)
        raise RuntimeError("the page never showed %s (%s)" % (what, last))

    def click_at(self, x, y):
        # a page behind another draws no frames, and its input waits for
        # one: each person's page is brought to the front to be clicked
        self.call("Page.bringToFront")
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y,
                      button="left", clickCount=1)

    def click(self, selector):
        box = self.wait(
            "(() => { const e = document.querySelector(%s); if (!e) "
            "return null; const r = e.getBoundingClientRect(); return "
            "[r.left + r.width / 2, r.top + r.height / 2]; })()"
            % json.dumps(selector), selector)
        self.click_at(box[0], box[1])

    def screenshot(self, path, selector=None):
        """The page as PNG, or the box of the element selector shows (at
        most 1190 pixels wide) at 80%"""
        self.call("Page.bringToFront")
        clip = {}
        if selector:
            box = self.js("(() => { const r = document.querySelector(%s)"
                          ".getBoundingClientRect(); return {x: r.left, y: "
                          "r.top, width: Math.min(r.width, 1190), height: "
                          "r.height, scale: 0.8}; })()"
                          % json.dumps(selector))
            clip = {"clip": box}
        data = self.call("Page.captureScreenshot", format="png",
                         **clip)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            self.call("Browser.close")
        except RuntimeError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


class Tab(Browser):
    """Another page of a browser, over its pipe."""

    def __init__(self, browser):   # pylint: disable=super-init-not-called
        self.browser = browser
        self.session = None
        self.size = browser.size

    def call(self, method, **params):
        b = self.browser
        saved, b.session = b.session, self.session
        try:
            return Browser.call(b, method, **params)
        finally:
            b.session = saved


class Server:
    """`wargrid serve ARGS --port 0`, and what it serves."""

    def __init__(self, exe, *args):
        self.proc = subprocess.Popen([exe, "serve", *args, "--port", "0"],
                                     stdout=subprocess.PIPE, text=True)
        said = ""
        while "spectators: " not in said:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("wargrid serve said: " + said)
            said += line
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", said)
        self.port = int(m.group(1))
        self.url = "http://127.0.0.1:%d/" % self.port
        self.seats = re.findall(r"\?seat=([0-9a-f]+)", said)

    def seat_url(self, side):
        return self.url + "?seat=" + self.seats[side - 1]

    def state(self, side=0):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        c.request("GET", "/api/state?seat="
                  + (self.seats[side - 1] if side else ""))
        r = c.getresponse()
        body = json.loads(r.read())
        c.close()
        return body

    def stop(self):
        self.proc.terminate()
        self.proc.wait()


def version(b):
    return int(b.js("document.body.dataset.version || -1"))


def new_game(b, opponent):
    """The opponent ("none" or a level) chosen, New game clicked."""
    v = version(b)
    b.js("document.getElementById('opponent').value = %s" %
         json.dumps(opponent))
    b.click("#new")
    b.wait("Number(document.body.dataset.version) > %d" % v, "the new game")


def play(b, squares, settle=1):
    """Clicks the squares in order; waits for the game to move on by
    `settle` versions (an AI's reply makes two)."""
    v = version(b)
    for q in squares:
        b.click("#sq-" + q)
    b.wait("Number(document.body.dataset.version) >= %d" % (v + settle),
           "the action " + "".join(squares) + " played")


def caught_up(pages, srv):
    """Waits until every page shows the server's version."""
    v = srv.state()["version"]
    for p in pages:
        p.wait("Number(document.body.dataset.version) >= %d" % v,
               "version %d" % v)


def open_page(b, srv, side=1, url=None):
    b.call("Page.navigate", url=url or srv.seat_url(side))
    b.wait("document.body && document.body.dataset.version", "the board")


def texts(b, selector):
    return b.js("[...document.querySelectorAll(%s)].map((e) => "
                "e.textContent)" % json.dumps(selector))


def courier(b, exe, outdir):
    srv = Server(exe, "courier", "--seed", "7")
    try:
        pages = [b.page(0), b.page(1)]
        open_page(pages[0], srv, 1)
        open_page(pages[1], srv, 2)
        # a click on b2's pawn, which C-O1 holds back: the why line
        pages[0].click("#sq-b2")
        why = pages[0].wait("document.getElementById('why').textContent",
                            "the why line")
        new_game(pages[0], "none")
        moves = [("a2", "a4"), ("a7", "a5"), ("l2", "l4"), ("l7", "l5"),
                 ("g2", "g4")]
        lit = None
        for i, m in enumerate(moves):
            p = pages[i % 2]
            caught_up(pages, srv)
            if i == 2:   # what one click lights up: the piece's targets
                p.click("#sq-" + m[0])
                lit = p.js("[...document.querySelectorAll('#overlay "
                           ".next')].map((e) => e.dataset.square)")
            play(p, m)
        caught_up(pages, srv)
        b = pages[1]   # Black's page, whose move it is
        page_position = b.js("document.getElementById('position')"
                             ".textContent")
        history = [t.strip() for t in texts(b, "#history > li")]
        status = b.js("document.getElementById('status').textContent")
        b.screenshot(os.path.join(outdir, "serve-courier.png"))
        server = srv.state(2)
        # one move against the AI at level 1: from the click to its reply
        b = pages[0]
        new_game(b, "1")
        t = time.time()
        play(b, ("a2", "a4"), settle=2)
        b.wait("document.body.dataset.rtt", "the AI's reply")
        rtt_page = int(b.js("document.body.dataset.rtt"))
        rtt_outside = round((time.time() - t) * 1000)
        after_ai = srv.state()
        return {"position": server["position"], "page": page_position,
                "history": history, "lit": lit, "rtt_ms": rtt_page,
                "rtt_outside_ms": rtt_outside, "why": why,
                "status": status,
                "ai_history": [e["text"] for e in after_ai["history"]]}
    finally:
        srv.stop()


def trenches(b, exe, outdir):
    srv = Server(exe, "trenches", "--seed", "3")
    try:
        pages = [b.page(0), b.page(1)]
        open_page(pages[0], srv, 1)
        open_page(pages[1], srv, 2)
        new_game(pages[0], "none")
        # Light: the soldier on a4 to b5, its grenade to c6 (T-G1), three
        # clicks; what the second click lit: the grenade's squares
        b = pages[0]
        b.click("#sq-a4")
        b.click("#sq-b5")
        grenade = b.js("[...document.querySelectorAll('#overlay .next')]"
                       ".map((e) => e.dataset.square)")
        play(b, ["c6"])
        # Dark: the tank on e8 to e6, two clicks (T-T1: no grenade)
        caught_up(pages, srv)
        play(pages[1], ["e8", "e6"])
        caught_up(pages, srv)
        pages[0].screenshot(os.path.join(outdir, "serve-trenches.png"))
        server = srv.state(1)
        return {"position": server["position"], "grenade": grenade,
                "history": [e["text"] for e in server["history"]],
                "page": pages[0].js("document.getElementById('position')"
                                    ".textContent")}
    finally:
        srv.stop()


VARIANT = """local wg = require "wargrid"
return wg.variant("courier", { name = "courier_house"%s })
"""


def reload(b, exe, outdir):
    work = tempfile.mkdtemp(prefix="wg-serve-")
    path = os.path.join(work, "house.lua")
    with open(path, "w") as f:
        f.write(VARIANT % "")
    srv = Server(exe, "--variant", path, "--seed", "1")
    try:
        pages = [b.page(0), b.page(1)]
        open_page(pages[0], srv, 1)
        open_page(pages[1], srv, 2)
        new_game(pages[0], "none")
        for i, m in enumerate(["a2a4", "a7a5", "l2l4", "l7l5", "g2g4",
                               "g7g5", "g1g3", "g8g6", "c1e3"]):
            caught_up(pages, srv)
            play(pages[i % 2], (m[:2], m[2:]))
        b = pages[0]
        caught_up(pages, srv)
        before = b.js("document.getElementById('position').textContent")
        # the corporal may no longer leap (C-P4): c1e3 passed d2's pawn
        time.sleep(0.05)
        with open(path + ".new", "w") as f:
            f.write(VARIANT % ', pieces = { corporal = { moves = "nA" } }')
        os.replace(path + ".new", path)
        t = time.time()
        verdict = b.wait("(() => { const v = document.getElementById("
                         "'verdict'); return !v.hidden && v.textContent; })()",
                         "the verdict")
        shown_after = round((time.time() - t) * 1000)
        b.screenshot(os.path.join(outdir, "serve-reload.png"))
        server = srv.state(1)
        return {"verdict": verdict, "before": before,
                "position": server["position"],
                "page": b.js("document.getElementById('position')"
                             ".textContent"),
                "piece_on_e3": b.js("!!document.getElementById('pc-e3')"),
                "shown_after_ms": shown_after}
    finally:
        srv.stop()
        shutil.rmtree(work, ignore_errors=True)


def blockwars(b, exe, outdir, position):
    """A combat from a position whose decks are stacked: the Canadian
    infantry on e4 attacks e5, then the barrage the King brings falls on
    e4; a1 moves to a2, confirmed by a second click on a2 (a1a2xb3 would
    go on). A spectator's page and a forged token's meanwhile."""
    srv = Server(exe, "blockwars", "--seed", "4", "--ai-level", "1",
                 "--position", position)
    try:
        me, watcher, forger = b.page(0), b.page(1), b.page(2)
        open_page(me, srv, 1)
        open_page(watcher, srv, url=srv.url)
        forger.call("Page.navigate", url=srv.url + "?seat=" + "0" * 32)
        forged = forger.wait("(() => { const t = document.getElementById("
                             "'status').textContent; return t.includes("
                             "'seat') && t; })()", "the refusal")
        # a click on the German infantry on h8: not the Canadians' to move
        me.click("#sq-h8")
        why = me.wait("document.getElementById('why').textContent",
                      "the why line")
        play(me, ["e4", "e5"])
        combat = me.js("document.getElementById('just').textContent")
        lit = me.js("[...document.querySelectorAll('#overlay .told')]"
                    ".map((e) => e.dataset.square)")
        me.screenshot(os.path.join(outdir, "serve-blockwars-combat.png"),
                      "main")
        play(me, ["e4"])             # the barrage's square
        told = texts(me, "#history .told-line")
        me.click("#sq-a1")
        me.click("#sq-a2")
        confirm = texts(me, "#choices button.act")
        play(me, ["a2"])             # the same square again: confirmed
        me.call("Page.reload")       # the seat stays the page's
        me.wait("Number(document.body.dataset.version) >= %d"
                % srv.state()["version"], "the page reloaded")
        reloaded = me.js("[document.body.dataset.viewer, document."
                         "getElementById('status').textContent]")
        caught_up([me, watcher], srv)
        seen = {
            "position": watcher.js("document.getElementById('position')"
                                   ".textContent"),
            "svg": watcher.js("document.getElementById('board').innerHTML"),
            "status": watcher.js("document.getElementById('status')"
                                 ".textContent"),
            "told": texts(watcher, "#history .told-line"),
            "controls": watcher.js("document.getElementById('controls')"
                                   ".hidden"),
        }
        watcher.screenshot(os.path.join(outdir, "serve-spectator.png"),
                           "main")
        return {"why": why, "combat": combat, "told": told, "lit": lit,
                "confirm": confirm, "forged": forged, "spectator": seen,
                "reloaded": reloaded,
                "history": [e["text"] for e in srv.state(1)["history"]]}
    finally:
        srv.stop()


def placement(b, exe, outdir):
    """Block Wars' start against AI level 1: the Germans place (the AI),
    then the Canadians by one button."""
    srv = Server(exe, "blockwars", "--seed", "5", "--ai-level", "1")
    try:
        me = b.page(0)
        open_page(me, srv, 1)
        me.wait("!!document.querySelector('#choices button.macro')",
                "the placement buttons")
        buttons = texts(me, "#choices button.macro")
        v = version(me)
        me.click("#choices button.macro[data-action='place standard']")
        me.wait("Number(document.body.dataset.version) > %d" % v,
                "the placement")
        return {"buttons": buttons,
                "history": [[e["who"], e["text"]]
                            for e in srv.state(1)["history"]]}
    finally:
        srv.stop()


def main():
    exe, outdir = sys.argv[1:3]
    run = {"courier": courier, "trenches": trenches, "reload": reload,
           "blockwars": blockwars, "placement": placement}
    b = Browser()
    try:
        out = {}
        for arg in sys.argv[3:]:
            name, _, value = arg.partition("=")
            out[name] = run[name](b, exe, outdir, *([value] if value
                                                   else []))
        print(json.dumps(out))
    finally:
        b.close()


if __name__ == "__main__":
    main()
