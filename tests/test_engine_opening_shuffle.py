"""The shuffle of a new game's draw pile is logged as a "shuffle" event, like every later
shuffle, so that every chance event of a game can be found in its log; a stacked deck is not
shuffled and logs none."""

from __future__ import annotations

import tabletop


def test_the_opening_shuffle_is_logged() -> None:
    game = tabletop.load("scoundrel")
    st = game.new_game(seed=4)
    shuffles = [e for e in st.log if e.kind == "shuffle"]
    assert len(shuffles) == 1 and shuffles[0].data == {"zone": "dungeon"}
    assert shuffles[0].private_to is None
    restored = tabletop.restore(st.to_json())
    assert [e.kind for e in restored.log] == [e.kind for e in st.log]


def test_a_stacked_deck_logs_no_shuffle() -> None:
    st = tabletop.load("scoundrel").new_game(seed=4, deck=["2S", "3S", "4S", "5S", "6S"])
    assert not [e for e in st.log if e.kind == "shuffle"]
