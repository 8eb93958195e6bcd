"""What the table draws from a view: display words per language, optional rows."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import tabletop
from tabletop.engine.context import ENGINE_FUNCTIONS
from tabletop.rules.spec import load_spec_text
from tabletop.ui.render import render_screen, render_view


def screen(state: tabletop.State, seat: int | None, lang: str) -> str:
    console = Console(record=True, width=100, no_color=True)
    console.print(render_view(state, seat, lang))
    return console.export_text()


def test_display_words_say_move_ids_in_the_table_language() -> None:
    st = tabletop.load("expedition-rivale").new_game(players=2, seed=5, first=0)
    st.play("draw")
    st.play("draw")
    assert "a pioché" in screen(st, 0, "fr") and "drew" in screen(st, 0, "en")
    assert "draw" not in screen(st, 0, "fr").split("Dernier tour")[1].splitlines()[0]


def test_optional_rows_are_left_out_while_null() -> None:
    solo = tabletop.load("push-to-five").new_game(players=1, seed=1)
    duo = tabletop.load("push-to-five").new_game(players=2, seed=1)
    assert "Solo total" in screen(solo, 0, "en") and "Last round" not in screen(solo, 0, "en")
    assert "Solo total" not in screen(duo, 0, "en") and "Last round" in screen(duo, 0, "en")


def test_several_winners_are_plural_in_french() -> None:
    from tabletop.ui.render import render_outcome

    st = tabletop.load("coffre-et-cle").new_game(
        players=4, seed=1, first=0, names=["Ana", "Ben", "Chloé", "Dan"],
        deck=["treasure", "key", "fake", "neutral", "neutral", "neutral"])
    st.play("pass")
    st.play("designate Ben")
    console = Console(record=True, width=100, no_color=True)
    console.print(render_outcome(st, "fr", [0, 1, 2, 3]))
    console.print(render_outcome(st, "en", [0, 1, 2, 3]))
    text = console.export_text()
    assert "Ana, Ben ont gagné." in text and "Ana, Ben won." in text


def test_each_seat_s_hand_is_titled_with_the_display_each_label() -> None:
    """A watched game shows every hand: "Ana: Hand", not "Ana: Your hand"."""
    st = tabletop.load("expedition-rivale").new_game(players=2, seed=5, first=0,
                                                      names=["Ana", "Ben"])
    for lang, mine, each in (("en", "Your hand", ": Hand"), ("fr", "Votre main", " : Main")):
        console = Console(record=True, width=100, no_color=True)
        console.print(render_view(st, None, lang, spectator=True))
        text = console.export_text()
        assert f"Ana{each}" in text and f"Ben{each}" in text
        assert mine not in text
        assert mine in screen(st, 0, lang)  # a player's own screen keeps "Your hand"


def test_a_display_each_label_is_checked_like_a_label() -> None:
    base = tabletop.ruleset_path("expedition-rivale").read_text(encoding="utf-8")
    bad = base.replace("each: {en: Hand, fr: Main}", "each: [1, 2]")
    assert bad != base
    with pytest.raises(tabletop.RulesetError, match="each"):
        load_spec_text(bad, "bad.yaml", table=ENGINE_FUNCTIONS)


def test_a_seats_row_of_texts_goes_one_seat_a_line_rather_than_be_cut_at_80_columns() -> None:
    # Aria with four long names, at 80x24: where the rows of health, cards held and rounds
    # won do not fit one line (French, a busy screen) they go one seat a line, never cut
    names = ["Alexandrine", "Bartholomew", "Charlotte", "Dominique"]
    st = tabletop.load("aria").new_game(players=4, seed=0, names=names)
    rng = random.Random(0)
    rows = [d for d in st.spec.display if d["kind"] == "seats"]
    checked = 0
    for n in range(170):
        if st.is_over:
            break
        if n % 4 == 0 or n >= 150:
            seat = st.current_player
            view = st.view(seat)
            for lang in ("en", "fr"):
                console = Console(width=80, height=24, file=io.StringIO(), color_system=None)
                console.print(render_screen(st, seat, lang, st.legal_moves(), 80, 23))
                out = console.file.getvalue()
                colon = " : " if lang == "fr" else ": "
                for d in rows:
                    values = view.get(d["key"])
                    if not isinstance(values, list) or not all(
                            isinstance(v, int) for v in values):
                        continue
                    label = d["label"][lang]
                    if label[:13] not in out:  # a row the screen left out for room
                        continue
                    for name, v in zip(names, values, strict=True):
                        assert f"{name}{colon}{v}" in out, (n, lang, label, name, out)
                        checked += 1
        st.play(rng.choice(st.legal_moves()))
    assert checked > 1000
