"""A reaction window at the web table: every person the window asks sees the question on
their own page at once and may answer ahead; an answer given ahead stays secret (the other
pages get the same messages either way) and is played when that seat's turn to answer
comes, in play order."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

import tabletop  # noqa: E402
from tabletop.web.table import TABLE, Screen, WebTable  # noqa: E402

BLUFF = Path(__file__).parent.parent / "rulesets" / "bluff.yaml"


def table_with_pages(tmp: Path) -> tuple[WebTable, dict[int, Screen], dict[int, list[Any]]]:
    st = tabletop.load(BLUFF).new_game(seed=3, players=4)
    table = WebTable(st, {}, "en", tmp / "save.json")
    sent: dict[int, list[Any]] = {}
    pages = {}
    for seat in (0, 1, 2, 3, TABLE):
        box = sent.setdefault(seat, [])
        pages[seat] = Screen(seat, box.append, "en")
        table.attach(pages[seat])
    return table, pages, sent


def test_every_seat_of_the_window_sees_the_question_at_once(tmp_path: Path) -> None:
    table, pages, sent = table_with_pages(tmp_path)
    table.receive(pages[0], {"text": "claim"})
    for seat in (1, 2, 3):
        last = sent[seat][-1]
        assert last["moves"] == ["challenge", "believe"], seat
        assert last["prompt"] == "P1 claims the Duke. Challenge?"
    assert "moves" not in sent[0][-1]
    # P4 answers ahead: kept, nothing else changes on the others' pages
    before = {s: len(sent[s]) for s in sent}
    table.receive(pages[3], {"move": [1, table.state.move_count]})
    assert table.state.current_player == 1 and table.early == {3: 0}
    assert all(len(sent[s]) == before[s] for s in (0, 1, 2, TABLE))
    assert "moves" not in sent[3][-1]  # its question answered
    table.receive(pages[2], {"text": "believe"})
    table.receive(pages[1], {"text": "believe"})  # P2's turn: then P3's, P4's given ahead
    st = table.state
    assert st.window is None and st.history[1:4] == ["believe", "believe", "challenge"]
    assert "challenged by P4" in st.log[-1].text["en"]
    table.close()


def test_an_answer_ahead_is_secret(tmp_path: Path) -> None:
    seen = []
    for ahead in ("challenge", "believe", None):
        table, pages, sent = table_with_pages(tmp_path / str(ahead))
        table.receive(pages[0], {"text": "claim"})
        if ahead is not None:
            table.receive(pages[3], {"text": ahead})
        table.receive(pages[1], {"text": "challenge"})
        seen.append((sent[1], sent[2], sent[0], sent[TABLE]))
        table.close()
    assert seen[0] == seen[1] == seen[2]
