#!/usr/bin/env python3
"""serve_http.py: what `wargrid serve` answers over plain sockets.

Usage: serve_http.py PORT PID SCENARIO [N | NAME]
  guard    the answers to requests from elsewhere and to paths not served
  fuzz     N (default 10000) fuzzed requests; the server's memory before
           and after (VmRSS of PID), and whether it still answers
  crowd    50 clients at once (each from its own loopback address): 50
           long polls released by one action, 10 of them gone before the
           answer, and 50 pages fetched at once
  polls    300 long polls from one client, then dropped: how many were
           held, refused (429) or not let in, and how soon a request is
           answered after; 160 polls from 10 clients, dropped and opened
           again: how many are held the second time
  big      requests of many query arguments, a long URI, many headers,
           and headers of every size up to past the server's 32 KB: the
           status of each (or "closed"), and how many went unanswered
  hosts    the answers to requests naming other hosts than the server
  stall    20 clients polling the state while the AI thinks at level 5
           (a new game from the seat: the AI plays the other side, which
           must move first): the slowest answer, and how many came while
           it thought
  get PATH / post PATH JSON   one request from the page's origin: its
           status and body
The seat's token a scenario acts with is the environment's WARGRID_SEAT. Prints one JSON object for the spec to
check. Talks to 127.0.0.1 only,
with http.client and sockets (no proxy); clients may come from other
loopback addresses (127.0.0.2, ...), which Linux lets any socket use.
"""
import http.client
import json
import os
import random
import socket
import sys
import threading
import time

HOST = "127.0.0.1"
SEAT = os.environ.get("WARGRID_SEAT", "")


def request(port, method, path, body=None, headers=None, timeout=30):
    c = http.client.HTTPConnection(HOST, port, timeout=timeout)
    c.request(method, path, body=body, headers=headers or {})
    r = c.getresponse()
    data = r.read()
    c.close()
    return r.status, data


def rss_kib(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS for %d" % pid)


def guard(port):
    own = "http://127.0.0.1:%d" % port
    js = {"Content-Type": "application/json"}
    out = {}

    def status(name, *args, **kw):
        out[name] = request(port, *args, **kw)[0]
    status("page", "GET", "/")
    status("state", "GET", "/api/state")
    status("post_without_origin", "POST", "/api/play",
           json.dumps({"action": "a2a4"}), js)
    status("post_other_origin", "POST", "/api/play",
           json.dumps({"action": "a2a4"}),
           dict(js, Origin="http://evil.example"))
    status("get_other_origin", "GET", "/api/state",
           headers={"Origin": "http://evil.example"})
    status("other_host", "GET", "/", headers={"Host": "evil.example"})
    status("traversal", "GET", "/../../etc/passwd")
    status("encoded_traversal", "GET", "/%2e%2e/%2e%2e/etc/passwd")
    status("file_path", "GET", "/stdlib/wargrid/serve.lua")
    status("put", "PUT", "/api/play", "{}", dict(js, Origin=own))
    status("get_play", "GET", "/api/play")
    status("bad_json", "POST", "/api/play", "{", dict(js, Origin=own))
    status("forged_seat", "GET", "/api/state?seat=" + "0" * 32)
    status("post_forged_seat", "POST", "/api/play",
           json.dumps({"action": "a2a4", "seat": "x"}), dict(js, Origin=own))
    status("post_spectator", "POST", "/api/play",
           json.dumps({"action": "a2a4"}), dict(js, Origin=own))
    status("big_body", "POST", "/api/play", "x" * 70000, dict(js, Origin=own))
    return out


def garbage(rnd, port):
    """One fuzzed request: bytes, and whether to hang up before the end."""
    kind = rnd.randrange(8)
    paths = ["/", "/api/state", "/api/play", "/api/new", "/record.pgn",
             "/api/state?since=x&side=%00", "/%ff%fe", "/" + "a" * 3000,
             "/../etc/passwd", "//", "*", "/api/undo?" + "&" * 500]
    methods = ["GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "G\x00T",
               "PATCH", "CONNECT", "X" * 40]
    if kind == 0:       # random bytes
        return bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 400))
                     ), False
    if kind == 1:       # a request cut short, the client gone
        full = ("POST /api/play HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                "Origin: http://127.0.0.1:%d\r\nContent-Type: "
                "application/json\r\nContent-Length: 500\r\n\r\n{\"act"
                % (port, port)).encode()
        return full[:rnd.randrange(1, len(full))], True
    if kind == 2:       # headers too long for the server's buffer
        return ("GET / HTTP/1.1\r\nHost: x\r\nX-Big: %s\r\n\r\n"
                % ("b" * rnd.randrange(20000, 60000))).encode(), False
    if kind == 3:       # chunked nonsense
        return ("POST /api/play HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                "Transfer-Encoding: chunked\r\nOrigin: http://127.0.0.1:%d\r\n"
                "\r\n%x\r\n%s\r\nzz\r\n" % (port, port, rnd.randrange(1 << 20),
                                            "y" * rnd.randrange(100))
                ).encode(), False
    if kind == 4:       # a body that is no JSON, from the page's origin
        body = bytes(rnd.randrange(256) for _ in range(rnd.randrange(200)))
        head = ("POST %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nOrigin: "
                "http://127.0.0.1:%d\r\nContent-Type: application/json\r\n"
                "Content-Length: %d\r\n\r\n"
                % (rnd.choice(["/api/play", "/api/new", "/api/undo"]), port,
                   port, len(body))).encode()
        return head + body, False
    if kind == 5:       # JSON of the wrong shapes
        body = rnd.choice(['{"action": 5}', '{"action": "zz9"}', "[]",
                           '{"opponent": "ai", "level": 99}', "null",
                           '{"side": "x"}', '{"action": "' + "a" * 300 + '"}',
                           '{"opponent": "none", "side": 7}']).encode()
        head = ("POST %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nOrigin: "
                "http://127.0.0.1:%d\r\nContent-Type: application/json\r\n"
                "Content-Length: %d\r\n\r\n"
                % (rnd.choice(["/api/play", "/api/new"]), port, port,
                   len(body))).encode()
        return head + body, False
    # a request line and headers from odd parts
    line = "%s %s %s\r\n" % (rnd.choice(methods), rnd.choice(paths),
                             rnd.choice(["HTTP/1.1", "HTTP/1.0", "HTTP/9.9",
                                         "", "HTTP/1.1 x"]))
    hdrs = "".join(rnd.choice(["Host: 127.0.0.1:%d\r\n" % port,
                               "Origin: null\r\n", "Content-Length: -1\r\n",
                               "Content-Length: 99999999999999999999\r\n",
                               ": novalue\r\n", "NoColon\r\n",
                               "Origin: http://127.0.0.1:%d\r\n" % port,
                               "Expect: 100-continue\r\n", "\x00\xff: \x01\r\n"])
                   for _ in range(rnd.randrange(6)))
    return (line + hdrs + "\r\n").encode("latin-1"), kind == 7


def send_one(port, data, hang_up):
    s = socket.create_connection((HOST, port), timeout=5)
    try:
        s.sendall(data)
        if hang_up:
            return
        s.shutdown(socket.SHUT_WR)
        while s.recv(65536):
            pass
    except OSError:
        pass   # the server may close first: that is an answer too
    finally:
        s.close()


def fuzz(port, pid, n):
    rnd = random.Random(14)
    for _ in range(1000):   # warm up: the server's buffers at their size
        send_one(port, *garbage(rnd, port))
    before = rss_kib(pid)
    t = time.time()
    for _ in range(n):
        send_one(port, *garbage(rnd, port))
    seconds = time.time() - t
    time.sleep(0.3)
    after = rss_kib(pid)
    status, _ = request(port, "GET", "/api/state")
    return {"requests": n, "rss_before_kib": before, "rss_after_kib": after,
            "seconds": round(seconds, 2), "state_after": status}


def version(port):
    return json.loads(request(port, "GET", "/api/state")[1])["version"]


def open_poll(port, v, source=HOST):
    """A long poll sent from address source: its socket."""
    s = socket.create_connection((HOST, port), timeout=30,
                                 source_address=(source, 0))
    s.sendall(("GET /api/state?since=%d HTTP/1.1\r\nHost: 127.0.0.1:%d"
               "\r\n\r\n" % (v, port)).encode())
    return s


def crowd(port):
    own = "http://127.0.0.1:%d" % port
    v = version(port)
    answers, lock = [], threading.Lock()
    ready = threading.Barrier(51)

    def poll(i):
        s = open_poll(port, v, "127.0.0.%d" % (i + 2))
        ready.wait()
        if i < 10:     # gone before the answer
            s.close()
            return
        data = b""
        try:
            while b"\r\n\r\n" not in data or not data.rstrip().endswith(b"}"):
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
        finally:
            s.close()
        head, _, body = data.partition(b"\r\n\r\n")
        with lock:
            answers.append((int(head.split()[1]),
                            json.loads(body)["version"]))
    threads = [threading.Thread(target=poll, args=(i,)) for i in range(50)]
    for t in threads:
        t.start()
    ready.wait()
    time.sleep(0.5)    # every poll held by the server
    status, _ = request(port, "POST", "/api/play",
                        json.dumps({"action": "a2a4", "seat": SEAT}),
                        {"Content-Type": "application/json", "Origin": own})
    for t in threads:
        t.join()
    pages = []

    def page():
        st, body = request(port, "GET", "/")
        with lock:
            pages.append((st, len(body)))
    threads = [threading.Thread(target=page) for _ in range(50)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return {"version_before": v, "play": status, "answers": sorted(answers),
            "pages": sorted(set(pages)), "page_count": len(pages)}


def outcome(s, wait):
    """What became of a request sent on socket s, after wait seconds:
    its status, "held" (nothing yet), "closed" or "refused" (reset)."""
    s.settimeout(wait)
    try:
        data = s.recv(64)
    except socket.timeout:
        return "held"
    except OSError:
        return "refused"
    return data[9:12].decode() if data else "closed"


def count(things):
    out = {}
    for t in things:
        out[t] = out.get(t, 0) + 1
    return out


def polls(port):
    v = version(port)
    socks = []
    for _ in range(300):
        try:
            socks.append(open_poll(port, v))
        except OSError:
            socks.append(None)    # not let in: the server is full
    time.sleep(1)
    first = count(outcome(s, 0.01) if s else "refused" for s in socks)
    for s in socks:
        if s:
            s.close()
    # the server sees the hang-ups at its next poll (0.1 s): until then it
    # may still be full, and a client tries again
    t = time.time()
    while True:
        try:
            status, _ = request(port, "GET", "/api/state", timeout=30)
            break
        except OSError:
            if time.time() - t > 30:
                raise
            time.sleep(0.05)
    after = time.time() - t
    # 10 clients, 16 polls each: dropped, then opened again
    clients = ["127.0.0.%d" % (60 + k) for k in range(10)]
    rounds = []
    for _ in range(2):
        socks = [open_poll(port, v, c) for c in clients for _ in range(16)]
        time.sleep(1)
        rounds.append(count(outcome(s, 0.01) for s in socks))
        for s in socks:
            s.close()
        time.sleep(0.3)
    status2, _ = request(port, "GET", "/api/state", timeout=30)
    return {"first": first, "status_after": status,
            "seconds_after": round(after, 2), "rounds": rounds,
            "status_end": status2}


def raw(port, head, wait=5):
    """The status of a raw request (head: its lines, without the Host)."""
    s = socket.create_connection((HOST, port), timeout=wait)
    lines = head.split("\r\n", 1)
    s.sendall((lines[0] + "\r\nHost: 127.0.0.1:%d\r\n" % port
               + (lines[1] if len(lines) > 1 else "\r\n")).encode())
    try:
        return outcome(s, wait)
    finally:
        s.close()


def big(port):
    def args(n):
        return ("GET /api/state?" + "".join("a%d=%d&" % (i, i)
                                            for i in range(n - 1))
                + "side=1 HTTP/1.1\r\n\r\n")
    out = {
        "args_64": raw(port, args(64)),
        "args_65": raw(port, args(65)),
        "args_700": raw(port, args(700)),
        "args_amp": raw(port, "GET /api/state?" + "&" * 3000
                        + " HTTP/1.1\r\n\r\n"),
        "uri_long": raw(port, "GET /" + "a" * 5000 + " HTTP/1.1\r\n\r\n"),
        "headers": raw(port, "GET / HTTP/1.1\r\n" + "".join(
            "X-%d: y\r\n" % i for i in range(2000)) + "\r\n"),
        "post_args": raw(port, "POST /api/play?" + "&" * 700 + " HTTP/1.1"
                         "\r\nContent-Length: 2\r\n\r\n{}"),
    }
    sweep = []
    for n in range(100, 33000, 211):
        for path in ("/", "/api/state?" + "&".join(["a=1"] * 60)):
            sweep.append(raw(port, "GET %s HTTP/1.1\r\nX-Big: %s\r\n\r\n"
                             % (path, "b" * n)))
    out["sweep"] = count("answered" if s.isdigit() else s for s in sweep)
    return out


def hosts(port, allowed):
    own = "http://127.0.0.1:%d" % port
    js = {"Content-Type": "application/json"}
    out = {}
    for name, host in (("own", "127.0.0.1:%d" % port),
                       ("localhost", "localhost:%d" % port),
                       ("allowed", "%s:%d" % (allowed, port)),
                       ("forged", "evil.example:%d" % port),
                       ("no_port", "127.0.0.1"),
                       ("other_port", "127.0.0.1:%d" % (port + 1))):
        out[name] = request(port, "GET", "/api/state",
                            headers={"Host": host})[0]
    out["post_forged"] = request(
        port, "POST", "/api/new", json.dumps({"opponent": "none"}),
        dict(js, Host="evil.example:%d" % port,
             Origin="http://evil.example:%d" % port))[0]
    out["post_own"] = request(port, "POST", "/api/undo",
                              json.dumps({"seat": SEAT}),
                              dict(js, Origin=own))[0]
    return out


def stall(port):
    own = "http://127.0.0.1:%d" % port
    js = {"Content-Type": "application/json", "Origin": own}
    st, _ = request(port, "POST", "/api/new", json.dumps(
        {"seat": SEAT, "opponent": "ai", "level": 5}), js)
    times, lock = [], threading.Lock()
    thinking = [0]
    end = time.time() + 20

    def poll(i):
        path = "/api/state" + ("?seat=" + SEAT if i % 2 else "")
        c = http.client.HTTPConnection(HOST, port, timeout=30)
        while time.time() < end:
            t = time.time()
            c.request("GET", path)
            r = c.getresponse()
            body = json.loads(r.read())
            ms = (time.time() - t) * 1000
            with lock:
                if body["history"]:      # the AI has played: enough
                    return
                times.append(ms)
                thinking[0] += body["thinking"]
            time.sleep(0.01)
        c.close()
    t0 = time.time()
    threads = [threading.Thread(target=poll, args=(i,)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    times.sort()
    return {"new": st, "answers": len(times), "thinking": thinking[0],
            "max_ms": round(times[-1], 1) if times else None,
            "median_ms": round(times[len(times) // 2], 1) if times else None,
            "ai_seconds": round(time.time() - t0, 2)}


def main():
    port, pid, scenario = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    if scenario == "guard":
        out = guard(port)
    elif scenario in ("get", "post"):
        own = {"Origin": "http://127.0.0.1:%d" % port,
               "Content-Type": "application/json"}
        status, body = request(port, scenario.upper(), sys.argv[4],
                               sys.argv[5] if scenario == "post" else None,
                               own if scenario == "post" else {})
        out = {"status": status, "body": body.decode("utf-8", "replace")}
    elif scenario == "fuzz":
        out = fuzz(port, pid, int(sys.argv[4]) if len(sys.argv) > 4 else 10000)
    elif scenario == "polls":
        out = polls(port)
    elif scenario == "big":
        out = big(port)
    elif scenario == "hosts":
        out = hosts(port, sys.argv[4])
    elif scenario == "stall":
        out = stall(port)
    else:
        out = crowd(port)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
