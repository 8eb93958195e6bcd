"""The exact solver's table of solved positions, kept compact: a position's 64-bit key, its
probability of winning and the length of its longest line, in three flat arrays (open
addressing, linear probing) instead of Python dictionaries.

A dictionary entry with its int and float objects costs about 160 bytes; here an entry costs
18 bytes, and the arrays are kept between half full and three quarters full, so about 30
bytes a position. A whole-game search of Pyramide Escape keeps some 10^8 positions: 3 GB
instead of 16 (docs/solve.md).

Keys are ``hash()`` values, which are never -1: -1 marks an empty slot.
"""

from __future__ import annotations

import itertools
from array import array
from collections.abc import Iterator

EMPTY = -1
MAX_DEPTH = 0xFFFF  # a longest line is kept in 16 bits (a ruleset's max_moves is far below)


class SolvedTable:
    """key -> (probability, depth). ``find`` gives the slot of a key (or -1), ``put`` sets it;
    ``len``, ``in``, ``items`` and ``arrays`` (the entries for a file) as one would expect."""

    __slots__ = ("keys", "values", "depths", "mask", "count", "limit")

    def __init__(self, capacity: int = 1024) -> None:
        n = 1024
        while n * 3 < capacity * 4:  # room for ``capacity`` entries under three quarters full
            n *= 2
        self._make(n)
        self.count = 0

    def _make(self, n: int) -> None:
        self.keys = array("q", [EMPTY]) * n
        self.values = array("d", [0.0]) * n
        self.depths = array("H", [0]) * n
        self.mask = n - 1
        self.limit = n * 3 // 4

    def __len__(self) -> int:
        return self.count

    def __contains__(self, key: object) -> bool:
        return isinstance(key, int) and self.find(key) >= 0

    def find(self, key: int) -> int:
        """The slot holding ``key``, or -1."""
        keys, mask = self.keys, self.mask
        i = key & mask
        while True:
            k = keys[i]
            if k == key:
                return i
            if k == EMPTY:
                return -1
            i = (i + 1) & mask

    def get(self, key: int) -> float | None:
        i = self.find(key)
        return None if i < 0 else self.values[i]

    def depth(self, key: int) -> int | None:
        i = self.find(key)
        return None if i < 0 else self.depths[i]

    def put(self, key: int, value: float, depth: int) -> None:
        if key == EMPTY:
            raise ValueError("-1 is not a position's key (hash() never gives it)")
        keys, mask = self.keys, self.mask
        i = key & mask
        while True:
            k = keys[i]
            if k == key:
                break
            if k == EMPTY:
                if self.count >= self.limit:
                    self._grow()
                    self.put(key, value, depth)
                    return
                keys[i] = key
                self.count += 1
                break
            i = (i + 1) & mask
        self.values[i] = value
        self.depths[i] = min(depth, MAX_DEPTH)

    def _grow(self) -> None:
        keys, values, depths = self.arrays()
        self._make(len(self.keys) * 2)
        self.count = 0
        self.update(keys, values, depths)

    def update(self, keys: array[int], values: array[float], depths: array[int]) -> None:
        """Put every entry of three parallel arrays (as ``arrays`` gives them)."""
        need = self.count + len(keys)
        if need > self.limit:
            old = self.arrays() if self.count else None
            n = len(self.keys)
            while n * 3 < need * 4:
                n *= 2
            self._make(n)
            self.count = 0
            if old is not None:
                self.update(*old)
        put = self.put
        for k, v, d in zip(keys, values, depths, strict=True):
            put(k, v, d)

    def arrays(self) -> tuple[array[int], array[float], array[int]]:
        """The entries as three parallel arrays (keys, values, depths), in slot order."""
        def full() -> Iterator[bool]:  # (no list: a table of 10^8 slots would need 2 GB)
            return map(EMPTY.__ne__, self.keys)

        return (array("q", itertools.compress(self.keys, full())),
                array("d", itertools.compress(self.values, full())),
                array("H", itertools.compress(self.depths, full())))

    def items(self) -> Iterator[tuple[int, float, int]]:
        """(key, probability, depth) of every entry."""
        return zip(*self.arrays(), strict=True)

    def clear(self) -> None:
        self._make(1024)
        self.count = 0
