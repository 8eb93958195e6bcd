"""bot:expert's fair play of Scoundrel: the search by the ruleset's bot.estimate."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.bots import decide, make_bot
from tabletop.errors import BotError

SCOUNDREL = tabletop.load("scoundrel")
CODES = [c.code for c in SCOUNDREL.spec.cards]


def _deck(seed: int, first: list[str]) -> list[str]:
    """A whole dungeon starting with ``first``, the rest in an order drawn from ``seed``."""
    rest = [c for c in CODES if c not in first]
    random.Random(seed).shuffle(rest)
    return first + rest


def test_the_choice_never_depends_on_the_unseen_order() -> None:
    first = ["8D", "KS", "5H", "7C", "2S", "QC", "9D"]
    a = SCOUNDREL.new_game(players=1, deck=_deck(1, first))
    b = SCOUNDREL.new_game(players=1, deck=_deck(2, first))
    assert a.zones["dungeon"] != b.zones["dungeon"]
    played = 0
    while a.view(0) == b.view(0) and not a.is_over:
        ma = decide(make_bot("expert", seed=7, exact=0), a, 0)
        mb = decide(make_bot("expert", seed=7, exact=0), b, 0)
        assert ma.text == mb.text
        a.play(ma.text)
        b.play(mb.text)
        played += 1
    assert played >= 3  # the first room, and the first move of the next


@pytest.mark.parametrize(("setting", "said"), [
    ({"worlds": 0}, "bot expert's worlds must be a whole number of 1 or more, not 0"),
    ({"nodes": 2.5}, "bot expert's nodes must be a whole number of 1 or more, not 2.5"),
    ({"exact": -1}, "bot expert's exact must be a whole number of 0 or more, not -1"),
    ({"seconds": -1.0}, "bot expert's seconds must be a number of 0 or more, not -1.0"),
    ({"depth": 2}, "bot expert does not take the settings depth"),
])
def test_a_bad_setting_is_one_clear_sentence(setting: dict[str, float], said: str) -> None:
    with pytest.raises(BotError) as e:
        make_bot("expert", seed=0, **setting)
    assert str(e.value) == said


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_it_plays_whole_games(seed: int) -> None:
    st = SCOUNDREL.new_game(players=1, seed=seed)
    bot = make_bot("expert", seed=seed, exact=0)
    while not st.is_over:
        legal = {m.text for m in st.legal_moves()}
        m = decide(bot, st, 0)
        assert m.text in legal
        st.play(m)
    assert st.outcome is not None and st.outcome.name in ("won", "lost")


def test_it_wins_a_dungeon() -> None:
    """The search does not only play legal moves: it clears a dungeon (seed 1, one of the 3
    won among seeds 0 to 39 with exact=0)."""
    st = SCOUNDREL.new_game(players=1, seed=1)
    bot = make_bot("expert", seed=1, exact=0)
    while not st.is_over:
        st.play(decide(bot, st, 0))
    assert st.outcome is not None and 0 in st.outcome.winners
