"""Slow clients against a running server (loopback only): does it keep answering?

Opens, for ``--seconds`` (at most 120):
- ``--uploads`` slow uploads: a ruling request declaring a 200,000-byte JSON body (the API
  takes up to 256 KB) sent 200 bytes every 0.2 s, so each holds whatever reads it for the
  whole run;
- ``--big-uploads`` uploads of a declared 300 MB multipart body to ``/`` at 4 MB/s: the body
  no page takes, which must be refused without being read (its answer's status and time are
  recorded);
- ``--slow-headers`` connections sending their request headers one byte a second;
and meanwhile polls the health URL (``GET /api/v1/games/``, what docs/deploy.md gives the
proxy) every 0.25 s on a new connection. It passes when every health check answered 200 within
``--max-latency`` seconds (2) and every big upload was refused (413) within it.

    .venv/bin/python bench/slow_clients.py --url http://127.0.0.1:8000 [--json out.json]

Against `SECRET_KEY=… make serve-prod` this is the probe of issue #20 item 6; the test
tests/test_slow_clients.py runs it against gunicorn.conf.py's defaults.
"""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import statistics
import sys
import threading
import time
from urllib.parse import urlsplit

LOOPBACK = {"127.0.0.1", "localhost", "::1"}
HEALTH = "/api/v1/games/"
SLOW_UPLOAD = "/api/v1/games/dolores/adjudicators/interception/"
MAX_SECONDS = 120


class Probe:
    def __init__(self, host: str, port: int, seconds: float):
        self.host, self.port = host, port
        self.stop_at = time.monotonic() + seconds
        self.stopping = threading.Event()
        self.health: list[tuple[float, int | str]] = []
        self.big: list[tuple[float, int | str]] = []
        self.held = {"uploads": 0, "slow_headers": 0}
        self.lock = threading.Lock()

    def _connect(self, timeout: float = 10) -> socket.socket:
        return socket.create_connection((self.host, self.port), timeout=timeout)

    def _until_stop(self, every: float) -> bool:
        """Sleep ``every`` unless the run is over; False once it is."""
        return not self.stopping.wait(every) and time.monotonic() < self.stop_at

    def slow_upload(self) -> None:
        size = 200_000
        try:
            with self._connect() as s:
                s.sendall(
                    (
                        f"POST {SLOW_UPLOAD} HTTP/1.1\r\nHost: {self.host}\r\n"
                        f"Content-Type: application/json\r\nContent-Length: {size}\r\n\r\n"
                    ).encode()
                    + b'{"inputs": {"pad": "'
                )
                sent, counted = 0, False
                while sent < size - 400 and self._until_stop(0.2):
                    s.sendall(b"x" * 200)
                    sent += 200
                    if not counted:
                        with self.lock:
                            self.held["uploads"] += 1
                        counted = True
        except OSError:
            pass

    def slow_headers(self) -> None:
        line = b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 4000
        try:
            with self._connect() as s:
                for n, byte in enumerate(line):
                    s.sendall(bytes([byte]))
                    if n == 0:
                        with self.lock:
                            self.held["slow_headers"] += 1
                    if not self._until_stop(1.0):
                        break
        except OSError:
            pass

    def big_upload(self) -> None:
        size = 300 * 1024 * 1024
        started = time.monotonic()
        try:
            with self._connect(timeout=30) as s:
                s.sendall(
                    (
                        f"POST / HTTP/1.1\r\nHost: {self.host}\r\nContent-Length: {size}\r\n"
                        "Content-Type: multipart/form-data; boundary=BOUNDARY\r\n\r\n"
                        '--BOUNDARY\r\nContent-Disposition: form-data; name="f"; filename="a.bin"\r\n'
                        "Content-Type: application/octet-stream\r\n\r\n"
                    ).encode()
                )
                s.setblocking(False)
                chunk, sent, answer = b"\0" * 40_000, 0, b""
                while sent < size and time.monotonic() < self.stop_at:
                    try:  # an answer before the body is sent: it was refused unread
                        answer += s.recv(65536)
                        if answer:
                            break
                    except BlockingIOError:
                        pass
                    try:
                        sent += s.send(chunk)
                    except BlockingIOError:
                        pass
                    except OSError:
                        break
                    time.sleep(0.01)  # 40 KB every 10 ms: about 4 MB/s
                s.setblocking(True)
                s.settimeout(5)
                try:
                    while b"\r\n" not in answer:
                        data = s.recv(65536)
                        if not data:
                            break
                        answer += data
                except OSError:
                    pass
                status: int | str = (
                    int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/") else "no answer"
                )
        except OSError as exc:
            status = f"error: {exc}"
        self.big.append((time.monotonic() - started, status))

    def health_checks(self) -> None:
        while time.monotonic() < self.stop_at:
            started = time.monotonic()
            conn = http.client.HTTPConnection(self.host, self.port, timeout=10)
            try:
                conn.request("GET", HEALTH)
                response = conn.getresponse()
                response.read()
                status: int | str = response.status
            except OSError as exc:
                status = f"error: {exc}"
            finally:
                conn.close()
            self.health.append((time.monotonic() - started, status))
            time.sleep(0.25)


def run(
    url: str, *, seconds: float, uploads: int, big_uploads: int, slow_headers: int, max_latency: float
) -> dict:
    """Probe the server at ``url`` (loopback only) and return the figures."""
    parts = urlsplit(url)
    if parts.hostname not in LOOPBACK:
        raise SystemExit(f"{url}: the probe only runs against this machine (127.0.0.1, localhost, ::1)")
    seconds = min(seconds, MAX_SECONDS)
    probe = Probe(parts.hostname, parts.port or 80, seconds)
    attackers = (
        [threading.Thread(target=probe.slow_upload) for _ in range(uploads)]
        + [threading.Thread(target=probe.slow_headers) for _ in range(slow_headers)]
        + [threading.Thread(target=probe.big_upload) for _ in range(big_uploads)]
    )
    for t in attackers:
        t.start()
    time.sleep(min(2.0, seconds / 4))  # the slow clients hold what they can before the checks
    probe.health_checks()
    probe.stopping.set()
    for t in attackers:
        t.join(timeout=40)
    latencies = [t for t, _ in probe.health]
    bad = [(round(t, 3), s) for t, s in probe.health if s != 200 or t > max_latency]
    big_bad = [(round(t, 3), s) for t, s in probe.big if s != 413 or t > max_latency]
    return {
        "url": url,
        "seconds": seconds,
        "slow_uploads": uploads,
        "big_uploads": big_uploads,
        "slow_header_connections": slow_headers,
        "held_at_start": probe.held,
        "health_checks": len(latencies),
        "health_latency_s": {
            "max": round(max(latencies), 3) if latencies else None,
            "median": round(statistics.median(latencies), 3) if latencies else None,
        },
        "health_failures": bad,
        "big_upload_answers": [(round(t, 3), s) for t, s in probe.big],
        "max_latency_s": max_latency,
        "ok": bool(latencies) and not bad and not big_bad,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--url", default="http://127.0.0.1:8000")
    p.add_argument("--seconds", type=float, default=15)
    p.add_argument("--uploads", type=int, default=5)
    p.add_argument("--big-uploads", type=int, default=1)
    p.add_argument("--slow-headers", type=int, default=6)
    p.add_argument("--max-latency", type=float, default=2.0)
    p.add_argument("--json", help="write the figures to this file too")
    args = p.parse_args(argv)
    result = run(
        args.url,
        seconds=args.seconds,
        uploads=args.uploads,
        big_uploads=args.big_uploads,
        slow_headers=args.slow_headers,
        max_latency=args.max_latency,
    )
    text = json.dumps(result, indent=2)
    print(text)
    if args.json:
        with open(args.json, "w") as f:
            f.write(text + "\n")
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
