"""The exact solver's compact table of solved positions (tabletop/analysis/solvetable.py):
what a long
solve relies on is that every position put is found again, with its value and depth, after
the table has grown and after it has been written out and read back."""

from __future__ import annotations

import random

import pytest

from tabletop.analysis.solvetable import EMPTY, SolvedTable


def test_every_entry_is_found_again_after_growing_like_a_dictionary() -> None:
    rng = random.Random(7)
    table = SolvedTable()
    model: dict[int, tuple[float, int]] = {}
    for _ in range(20_000):  # several doublings from 1,024 slots
        k = rng.randrange(-(1 << 63), 1 << 63)
        if k == EMPTY:
            continue
        v, d = rng.random(), rng.randrange(60)
        table.put(k, v, d)
        model[k] = (v, d)
    for k in list(model)[:500]:  # overwriting keeps one entry
        table.put(k, 0.25, 3)
        model[k] = (0.25, 3)
    assert len(table) == len(model)
    assert len(table.keys) >= len(model) * 4 // 3  # never more than three quarters full
    for k, (v, d) in model.items():
        assert table.get(k) == v and table.depth(k) == d and k in table
    assert sorted(table.items()) == sorted((k, v, d) for k, (v, d) in model.items())
    assert table.get(12345) is None and 12345 not in table and "12345" not in table


def test_keys_that_share_their_low_bits_all_stay() -> None:
    table = SolvedTable()
    keys = [(i << 40) | 5 for i in range(3000)] + [-(i << 40) - 3 for i in range(1, 3000)]
    for i, k in enumerate(keys):
        table.put(k, i / 10_000, i % 7)
    assert [table.get(k) for k in keys] == [i / 10_000 for i in range(len(keys))]


def test_arrays_read_back_into_another_table_give_the_same_entries() -> None:
    table = SolvedTable()
    for k in range(1, 5000):
        table.put(k * 7919, 1.0 if k % 3 else 0.0, k % 11)
    other = SolvedTable()
    other.update(*table.arrays())
    assert sorted(other.items()) == sorted(table.items())
    other.update(*table.arrays())  # reading the same entries twice keeps one of each
    assert len(other) == len(table) == 4999
    other.clear()
    assert len(other) == 0 and other.get(7919) is None


def test_the_empty_mark_is_refused_as_a_key_and_depths_are_capped() -> None:
    table = SolvedTable()
    with pytest.raises(ValueError):
        table.put(EMPTY, 1.0, 0)
    assert hash(-1) != EMPTY  # Python's hash never gives it, so no position's key is refused
    table.put(3, 0.5, 10**6)
    assert table.depth(3) == 0xFFFF
