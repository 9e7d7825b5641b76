"""A deadline for every request, answered by the app before gunicorn's worker timeout.

A request still running after ``settings.REQUEST_DEADLINE`` seconds (20, gunicorn's timeout is
30) gets ``RequestDeadlineExceeded`` raised in its thread (``PyThreadState_SetAsyncExc``, by
one watchdog thread per process), at the next Python instruction it runs: pure-Python work (an
alignment, an import, a diff) stops there, a blocking call (a query, a socket read) when it
returns. ``RequestDeadlineMiddleware``, the outermost, turns it into a 503 with
``Retry-After`` (JSON under /api/, ``config.errors``), where a worker killed by gunicorn's
timeout used to answer an HTML 500 on any path, or nothing.

The exception derives from BaseException so that no ``except Exception`` on the way swallows
it (Django's own handlers included); transactions roll back as for any exception, and the
thread's database connections are closed, since it may have stopped one mid-conversation.
"""

from __future__ import annotations

import ctypes
import heapq
import itertools
import logging
import os
import threading
import time

from django.conf import settings
from django.db import connections

log = logging.getLogger(__name__)


class RequestDeadlineExceeded(BaseException):
    """The request ran past ``settings.REQUEST_DEADLINE``."""


def _raise_in(thread_id: int, exc: type[BaseException] | None) -> None:
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread_id), ctypes.py_object(exc) if exc else None
    )


class Watchdog:
    """Raises ``RequestDeadlineExceeded`` in a request's thread once its deadline passes."""

    def __init__(self):
        self._cond = threading.Condition()
        self._heap: list[tuple[float, int]] = []
        self._armed: dict[int, int] = {}  # token → thread id, while the request runs
        self._fired: set[int] = set()
        self._tokens = itertools.count()
        self._pid = None

    def _ensure_thread(self) -> None:
        # Per process: a gunicorn worker forked after the first arm has no watchdog thread.
        if self._pid != os.getpid():
            self._pid = os.getpid()
            threading.Thread(target=self._run, name="request-deadline", daemon=True).start()

    def arm(self, seconds: float) -> int:
        """Watch the calling thread for ``seconds``; return the token to disarm it with."""
        with self._cond:
            self._ensure_thread()
            token = next(self._tokens)
            self._armed[token] = threading.get_ident()
            heapq.heappush(self._heap, (time.monotonic() + seconds, token))
            self._cond.notify()
            return token

    def disarm(self, token: int) -> bool:
        """Stop watching; True if the deadline had already fired."""
        with self._cond:
            self._armed.pop(token, None)
            if token in self._fired:
                self._fired.discard(token)
                return True
            return False

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._heap and self._heap[0][1] not in self._armed:
                    heapq.heappop(self._heap)  # finished in time
                if not self._heap:
                    self._cond.wait()
                    continue
                deadline, token = self._heap[0]
                left = deadline - time.monotonic()
                if left > 0:
                    self._cond.wait(left)
                    continue
                heapq.heappop(self._heap)
                thread_id = self._armed.pop(token)
                self._fired.add(token)
                _raise_in(thread_id, RequestDeadlineExceeded)


watchdog = Watchdog()


def _close_connections() -> None:
    for conn in connections.all(initialized_only=True):
        if conn.in_atomic_block:
            # Not the request's: the request's own blocks have all exited with the exception.
            # (The test runner's transaction, around the whole test, is one.)
            continue
        try:
            conn.close()
        except Exception:
            log.warning("Could not close %s after a request deadline", conn.alias, exc_info=True)


class RequestDeadlineMiddleware:
    """The outermost middleware: a request past its deadline is a 503 with Retry-After."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        seconds = settings.REQUEST_DEADLINE
        if not seconds:
            return self.get_response(request)
        started = time.monotonic()
        try:
            token = watchdog.arm(seconds)
            try:
                return self.get_response(request)
            finally:
                if watchdog.disarm(token):
                    # Fired as the request ended: take back the exception if not yet raised.
                    _raise_in(threading.get_ident(), None)
        except RequestDeadlineExceeded:
            _close_connections()
            log.error(
                "%s %s stopped after %.1f s (REQUEST_DEADLINE %s s)",
                request.method,
                request.path,
                time.monotonic() - started,
                seconds,
            )
            from config.errors import unavailable

            return unavailable(request, "deadline")
