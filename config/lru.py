"""A small bounded map that forgets the least recently used entry first (thread-safe).

The per-process caches use it: the snapshots of editions and the stored rulings' documents
(``games``), and the index of the pages kept by ``config.http``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict


class LRU:
    """At most ``size`` entries; putting one more drops the least recently used."""

    def __init__(self, size: int):
        self.size = size
        self._data: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key):
        with self._lock:
            value = self._data.get(key)
            if value is not None:
                self._data.move_to_end(key)
            return value

    def put(self, key, value) -> list:
        """Keep ``value`` under ``key``; return the keys dropped to make room."""
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            dropped = []
            while len(self._data) > self.size:
                dropped.append(self._data.popitem(last=False)[0])
            return dropped

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
