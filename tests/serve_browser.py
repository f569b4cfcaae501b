#!/usr/bin/env python3
"""serve_browser.py: plays `wargrid serve` in headless Chromium by clicks.

Drives Chromium through the DevTools protocol over a pipe
(--remote-debugging-pipe: JSON messages ended by NUL on fds 3 and 4), so it
needs nothing but python3 and the system's chromium: no npm, no WebSocket,
nothing downloaded. Clicks are real mouse events at a square's centre.

Usage: serve_browser.py WARGRID OUTDIR SCENARIO...  (one browser for all)
  courier  five moves of Courier by hand, then one against AI level 1
  trenches a whole turn of each side (a soldier's move and grenade, a tank)
  reload   nine Courier moves on a variant file, then the file edited
Prints one JSON object, by scenario: what the page and the server showed
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
        target = self.call("Target.createTarget", url="about:blank")
        self.session = self.call("Target.attachToTarget",
                                 targetId=target["targetId"],
                                 flatten=True)["sessionId"]
        self.call("Emulation.setDeviceMetricsOverride", width=width,
                  height=height, deviceScaleFactor=1, mobile=False)

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
        end = time.time() + timeout
        while time.time() < end:
            v = self.js(expr)
            if v:
                return v
            time.sleep(0.05)
        raise RuntimeError("the page never showed " + what)

    def click_at(self, x, y):
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

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
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


class Server:
    """`wargrid serve ARGS --port 0`, and what it serves."""

    def __init__(self, exe, *args):
        self.proc = subprocess.Popen([exe, "serve", *args, "--port", "0"],
                                     stdout=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not m:
            raise RuntimeError("wargrid serve said: " + line)
        self.port = int(m.group(1))
        self.url = "http://127.0.0.1:%d/" % self.port

    def state(self, side=""):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        c.request("GET", "/api/state?side=" + side)
        r = c.getresponse()
        body = json.loads(r.read())
        c.close()
        return body

    def stop(self):
        self.proc.terminate()
        self.proc.wait()


def version(b):
    return int(b.js("document.body.dataset.version || -1"))


def new_game(b, opponent, side="1"):
    """The opponent ("none" or a level) and side chosen, New game clicked."""
    v = version(b)
    b.js("document.getElementById('opponent').value = %s;"
         "document.getElementById('side').value = %s" %
         (json.dumps(opponent), json.dumps(side)))
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


def open_page(b, srv):
    b.call("Page.navigate", url=srv.url)
    b.wait("document.body && document.body.dataset.version", "the board")


def courier(b, exe, outdir):
    srv = Server(exe, "courier", "--seed", "7")
    try:
        open_page(b, srv)
        new_game(b, "none")
        moves = [("a2", "a4"), ("a7", "a5"), ("l2", "l4"), ("l7", "l5"),
                 ("g2", "g4")]
        lit = None
        for i, m in enumerate(moves):
            if i == 2:   # what one click lights up: the piece's targets
                b.click("#sq-" + m[0])
                lit = b.js("[...document.querySelectorAll('#overlay "
                           ".next')].map((e) => e.dataset.square)")
            play(b, m)
        page_position = b.js("document.getElementById('position')"
                             ".textContent")
        history = b.js("[...document.querySelectorAll('#history li')]"
                       ".map((e) => e.textContent)")
        b.screenshot(os.path.join(outdir, "serve-courier.png"))
        server = srv.state()
        # one move against the AI at level 1: from the click to its reply
        new_game(b, "1")
        t = time.time()
        play(b, ("a2", "a4"), settle=2)
        b.wait("document.body.dataset.rtt", "the AI's reply")
        rtt_page = int(b.js("document.body.dataset.rtt"))
        rtt_outside = round((time.time() - t) * 1000)
        after_ai = srv.state()
        return {"position": server["position"], "page": page_position,
                "history": history, "lit": lit, "rtt_ms": rtt_page,
                "rtt_outside_ms": rtt_outside,
                "ai_history": [e["text"] for e in after_ai["history"]]}
    finally:
        srv.stop()


def trenches(b, exe, outdir):
    srv = Server(exe, "trenches", "--seed", "3")
    try:
        open_page(b, srv)
        new_game(b, "none")
        # Light: the soldier on a4 to b5, its grenade to c6 (T-G1), three
        # clicks; what the second click lit: the grenade's squares
        b.click("#sq-a4")
        b.click("#sq-b5")
        grenade = b.js("[...document.querySelectorAll('#overlay .next')]"
                       ".map((e) => e.dataset.square)")
        play(b, ["c6"])
        # Dark: the tank on e8 to e6, two clicks (T-T1: no grenade)
        play(b, ["e8", "e6"])
        b.screenshot(os.path.join(outdir, "serve-trenches.png"))
        server = srv.state()
        return {"position": server["position"], "grenade": grenade,
                "history": [e["text"] for e in server["history"]],
                "page": b.js("document.getElementById('position')"
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
        open_page(b, srv)
        new_game(b, "none")
        for m in ["a2a4", "a7a5", "l2l4", "l7l5", "g2g4", "g7g5", "g1g3",
                  "g8g6", "c1e3"]:
            play(b, (m[:2], m[2:]))
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
        server = srv.state()
        return {"verdict": verdict, "before": before,
                "position": server["position"],
                "page": b.js("document.getElementById('position')"
                             ".textContent"),
                "piece_on_e3": b.js("!!document.getElementById('pc-e3')"),
                "shown_after_ms": shown_after}
    finally:
        srv.stop()
        shutil.rmtree(work, ignore_errors=True)


def main():
    exe, outdir = sys.argv[1:3]
    run = {"courier": courier, "trenches": trenches, "reload": reload}
    b = Browser()
    try:
        print(json.dumps({name: run[name](b, exe, outdir)
                          for name in sys.argv[3:]}))
    finally:
        b.close()


if __name__ == "__main__":
    main()
