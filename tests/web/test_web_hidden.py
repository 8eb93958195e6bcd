"""No message to a seat's page holds what that seat may not see: in random games of every
shipped game, two deals the seat cannot tell apart (the cards it never sees exchanged among
their places, as tests/test_hidden_questions.py makes them) played through the same moves
send that seat's page the very same messages, in English and French; the table screen's are
the same for every deal (the public view only)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
from test_hidden_questions import deals_a_seat_cannot_tell_apart  # noqa: E402

from tabletop import registry  # noqa: E402
from tabletop.engine.state import State  # noqa: E402
from tabletop.web.table import TABLE, Screen, WebTable  # noqa: E402


def pages(st: State, tmp: Path, seat: int
          ) -> tuple[WebTable, dict[tuple[int, str], list[Any]]]:
    """A web table on ``st`` with ``seat``'s page open in both languages and the table
    screen, each recording what it is sent (the others' moves come from no page)."""
    table = WebTable(st, {}, "en", tmp / "save.json")
    sent: dict[tuple[int, str], list[Any]] = {}
    for who, lang in ((seat, "en"), (seat, "fr"), (TABLE, "en")):
        box = sent.setdefault((who, lang), [])
        table.attach(Screen(who, box.append, lang))
    return table, sent


def play_as_mover(table: WebTable, text: str) -> None:
    mover = table.state.current_player
    assert mover is not None
    page = next((sc for sc in table.screens if sc.seat == mover), None) or Screen(
        mover, lambda msg: None, "en")  # a page that was not opened: its messages unread
    before = table.state.move_count
    table.receive(page, {"text": text})
    assert table.state.move_count == before + 1, f"{text} was not played"


def same_messages(gid: str, seed: int, players: int, tmp: Path) -> int:
    compared = 0
    game = registry.load(gid)
    for s, start, b, moves in deals_a_seat_cannot_tell_apart(game, seed, players):
        ta, sent_a = pages(start.copy(), tmp / "a", s)
        tb, sent_b = pages(b, tmp / "b", s)
        for text in moves:
            if text not in {m.text for m in tb.state.legal_moves()}:
                break  # the mover's own choice, which its hidden card allows
            play_as_mover(ta, text)
            play_as_mover(tb, text)
            compared += 1
        for who in sent_a:
            assert sent_a[who] == sent_b[who], (
                f"{gid} seed {seed}, seat {s + 1}: the page of {who} is sent something else "
                "when the cards seat cannot see are dealt otherwise")
        ta.close()
        tb.close()
    return compared


def check(gid: str, seeds: range, tmp_path: Path) -> None:
    game = registry.load(gid)
    low, high = game.spec.min_players, min(game.spec.max_players, 4)
    compared = 0
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    for seed in seeds:
        compared += same_messages(gid, seed, min(high, low + 1 + seed % 2), tmp_path)
    assert compared > 0 or game.spec.max_players == 1


@pytest.mark.parametrize("gid", registry.games())
def test_no_message_to_a_seat_changes_with_the_cards_it_cannot_see(
        gid: str, tmp_path: Path) -> None:
    check(gid, range(1), tmp_path)


@pytest.mark.soak
@pytest.mark.parametrize("gid", registry.games())
def test_no_message_changes_with_the_hidden_cards_over_more_games(
        gid: str, tmp_path: Path) -> None:
    check(gid, range(1, 6), tmp_path)
