"""What the engine says to a player: answers out of turn, reveals by card name."""

from __future__ import annotations

import pytest

import tabletop


def test_an_answer_to_a_question_not_asked_says_so() -> None:
    st = tabletop.load("pyramide-escape").new_game(seed=5)
    with pytest.raises(tabletop.NotationError, match="answers a question that is not asked now"):
        st.play("order a b c")


def test_a_reveal_names_the_cards_in_each_language_to_its_seat_only() -> None:
    st = tabletop.load("pyramide-escape").new_game(seed=5)
    events = [e for e in st.play("use map") if e.kind == "reveal"]
    assert len(events) == 1 and events[0].private_to == (0,)
    assert events[0].text_in("en").startswith("saw Collapsed Bridge")
    assert events[0].text_in("fr").startswith("a vu Pont Effondré")
