"""Bots at the table (issue 13): a bot thinking longer than half a second says so, and what
was typed meanwhile is dropped; --watch waits between moves, shows every hand and says who
won."""

from __future__ import annotations

import time
from pathlib import Path

import pexpect
from terminal import clean, spawn


def test_a_slow_bot_shows_it_thinks_and_typed_ahead_keys_are_dropped(tmp_path: Path) -> None:
    # seed 2: Ben decides first, between draw and lay tablette
    child = spawn(["play", "expedition-rivale", "--players", "Ana,Ben", "--seed", "2",
                   "--seat", "2=bot:mcts:seconds=2,iterations=1000000"], tmp_path, timeout=60)
    child.expect(r"Ben \(MCTS bot\) is thinking")
    child.sendline("typed while the bot thinks")
    child.expect(r"Ben \(MCTS bot\)( played)?:")
    child.expect("Ana > ")
    time.sleep(0.5)
    child.sendline("")  # an empty line redraws: the typed line, if kept, would show first
    child.expect("Ana > ")
    assert "is not a move" not in clean(child.before)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "is not a move" not in clean(child.before)


def test_watch_has_a_delay_shows_every_hand_and_who_won(tmp_path: Path) -> None:
    start = time.monotonic()
    child = spawn(["play", "expedition-rivale", "--watch", "--seed", "2"], tmp_path)
    child.expect(r"P\d \(random bot\) played")
    child.expect(r"P\d \(random bot\) played")
    child.expect(r"P\d \(random bot\) played")
    assert time.monotonic() - start > 1.5, "a person can follow: about a second a move"
    screen = clean(child.before)
    assert "P1: Hand" in screen and "P2: Hand" in screen, screen
    child.close(force=True)
    child = spawn(["play", "push-to-five", "--players", "3", "--watch", "--delay", "0",
                   "--seed", "2"], tmp_path)
    child.expect("Game over")
    child.expect(pexpect.EOF)
    assert " won." in clean(child.before)


def test_a_watched_solo_bot_that_loses_lost(tmp_path: Path) -> None:
    for seed in range(1, 20):
        child = spawn(["play", "scoundrel", "--watch", "--delay", "0", "--seed", str(seed)],
                      tmp_path)
        child.expect("Game over")
        child.expect(pexpect.EOF)
        out = clean(child.before)
        assert "Nobody won" not in out
        if "P1 lost." in out:
            return
    raise AssertionError("a random bot always wins Scoundrel?")
