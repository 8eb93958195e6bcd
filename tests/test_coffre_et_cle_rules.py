"""Rule-by-rule scenario tests for Le Coffre et la Clé, on stacked decks.

Source: the French rules (seeds/by-game/coffre-et-cle.txt); rulings in
docs/games/coffre-et-cle.md. ``table()`` stacks the deck: the setup deals one card to each
seat in seat order (Ana is seat 0), then centre card 1 and centre card 2; a card after those is
set aside unseen. Only the public API is used: new_game, play, legal_moves, view, outcome.
"""

from __future__ import annotations

import functools

import pytest

import tabletop
from tabletop.errors import IllegalMoveError

NAMES = ["Ana", "Ben", "Chloe", "Dan", "Eve", "Fred", "Gus", "Hugo"]
ANA, BEN, CHLOE, DAN, EVE = range(5)
N = "neutral"


@functools.cache
def game() -> tabletop.Game:
    return tabletop.load("coffre-et-cle")


def table(hands: list[str], centre: tuple[str, str] = (N, N), extra: tuple[str, ...] = (),
          first: int = ANA, **options: str) -> tabletop.State:
    """A game whose seats hold ``hands`` (in seat order) and whose centre is ``centre``."""
    return game().new_game(players=len(hands), seed=7, options=options,
                           deck=[*hands, *centre, *extra], names=NAMES[:len(hands)],
                           first=first)


def moves(st: tabletop.State) -> list[str]:
    return [m.text for m in st.legal_moves()]


def log_lines(st: tabletop.State, seat: int | None) -> list[str]:
    """The log as ``seat`` reads it (None: the public lines)."""
    return [f"{st.seat_name(e.seat)}: {e.text_in('en')}" if e.seat is not None
            else e.text_in("en") for e in st.log if e.kind != "shuffle" and e.visible_to(seat)]


def play(st: tabletop.State, *texts: str) -> None:
    """Play ``texts``. After each action every player is asked the same question (designate
    or wait): it is answered "wait" here when waiting is all the player may do (they do not
    hold the Treasure, or do not know it); a Treasure holder's answer is one of ``texts``."""
    for t in texts:
        st.play(t)
        if not st.is_over and moves(st) == ["wait"]:
            st.play("wait")


FIVE = ["treasure", "key", "fake", N, N]  # Ana Treasure, Ben Key, Chloe Fake Key, Dan, Eve


# --------------------------------------------------------------------------- the deal


def test_each_player_sees_their_own_card_and_nothing_else() -> None:
    st = table(FIVE)
    assert [st.view(s)["your_card"] for s in range(5)] == ["treasure", "key", "fake", N, N]
    for s in range(5):
        v = st.view(s)
        assert v["centre_en"] == "1: ?   2: ?"
        assert v["known_en"] is None
    assert st.view(None)["your_card"] is None
    # each one's own "saw" line, as their own, seen by nobody else
    assert log_lines(st, BEN) == ["Ben: holds the Key"]
    assert table(FIVE).log[-5].text_in("fr") == "a le Trésor"
    assert log_lines(st, None) == []


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
@pytest.mark.parametrize("neutrals", ["deal", "spare"])
def test_the_neutral_count_per_number_of_players(players: int, neutrals: str) -> None:
    st = game().new_game(players=players, seed=players, options={"neutrals": neutrals})
    in_play = [c for key in st.zones if key != "unused" for c in st.zones[key]]
    types = sorted(st.spec.cards[c].code for c in in_play)
    spare = 1 if neutrals == "spare" else 0
    # deal: players - 1 Neutrals, every card dealt; spare: one more, set aside unseen
    assert types.count("neutral") == players - 1 + spare
    assert {"key", "treasure", "fake"} <= set(types)
    assert len(st.zones["centre"]) == 2 and len(st.zones["removed"]) == spare
    assert all(len(st.zones[f"hand/{s}"]) == 1 for s in range(players))


@pytest.mark.parametrize("neutrals", ["deal", "spare"])
def test_every_seat_is_as_likely_to_be_dealt_each_role(neutrals: str) -> None:
    # 4 players: 3 Neutrals among the 6 cards in play (4 of 7 with a spare), so each seat is a
    # Neutral half the time (4/7). The unused Neutrals once left from the top of the shuffled
    # deck, and seat 1 was a Neutral in 6% of deals, seat 4 in 73%.
    games = 600
    neutral = [0] * 4
    roles = [dict.fromkeys(("key", "treasure", "fake"), 0) for _ in range(4)]
    for seed in range(games):
        st = game().new_game(players=4, seed=seed, options={"neutrals": neutrals})
        for s in range(4):
            card = st.view(s)["your_card"]
            if card == N:
                neutral[s] += 1
            else:
                roles[s][card] += 1
    expected = (3 / 6 if neutrals == "deal" else 4 / 7) * games
    for s in range(4):  # about 12 deals of standard deviation: the bounds are 5 of them
        assert abs(neutral[s] - expected) < 60, (s, neutral)
        for role, n in roles[s].items():
            assert abs(n - (games - expected) / 3) < 50, (s, role, roles)


# --------------------------------------------------------------------------- the four actions


def test_observe_shows_the_card_to_the_observer_only() -> None:
    st = table(["key", N, "fake", N, N], centre=("treasure", N))
    play(st, "observe 1")
    assert st.view(ANA)["centre_en"] == "1: Treasure   2: ?"
    assert st.view(BEN)["centre_en"] == "1: ?   2: ?"
    # the same as cards, for agents (tabletop.env)
    assert st.view(ANA)["centre"] == ["treasure", None]
    assert st.view(BEN)["centre"] == [None, None]
    assert log_lines(st, None) == ["Ana: looks at centre card 1"]
    assert log_lines(st, ANA)[-2:] == ["Ana: looks at centre card 1",
                                      "Ana: sees that centre card 1 is the Treasure"]
    assert st.current_player == BEN


def test_swap_takes_the_centre_card_shows_it_and_locks_you() -> None:
    st = table(["key", N, "fake", N, N], centre=(N, "treasure"))
    play(st, "swap 2")
    v = st.view(ANA)
    assert v["your_card"] == "treasure"
    # her old card: she put it there herself, so it is not marked "moved since seen"
    assert v["centre_en"] == "1: ?   2: Key"
    assert v["locked"] == ["Ana"] and st.view(DAN)["locked"] == ["Ana"]
    assert log_lines(st, None) == ["Ana: swaps their card with centre card 2"]
    assert "Treasure" not in " ".join(log_lines(st, BEN))
    assert log_lines(st, ANA)[-1] == "Ana: now holds the Treasure"


def test_a_locked_player_can_neither_swap_nor_be_forced_until_the_end_of_their_next_turn(
) -> None:
    st = table(["key", N, "fake", N, N], centre=(N, N))
    play(st, "swap 1")           # Ana locked
    play(st, "force")            # Ben forces: Ana is not among the targets
    assert moves(st) == ["Chloe", "Dan", "Eve"]
    with pytest.raises(IllegalMoveError):
        st.play("Ana")
    play(st, "Chloe", "centre 1", "pass", "pass", "pass")
    assert st.current_player == ANA and st.view(ANA)["locked"] == ["Ana"]
    # still locked during her next turn: no swap, but observe, force and pass
    assert moves(st) == ["observe 1", "observe 2", "force", "pass"]
    with pytest.raises(IllegalMoveError, match="locked until the end of your next turn"):
        st.play("swap 2")
    play(st, "pass")              # the end of her next turn: the lock ends
    assert st.view(BEN)["locked"] == []
    play(st, "force")
    assert "Ana" in moves(st)


def test_force_makes_another_player_swap_without_locking_them() -> None:
    st = table(["key", "treasure", N, N, N], centre=(N, "fake"))
    play(st, "force", "Chloe", "centre 2")
    assert st.view(CHLOE)["your_card"] == "fake"                       # she sees her new card
    assert st.view(ANA)["your_card"] == "key" and st.view(ANA)["known_en"] is None
    assert st.view(ANA)["locked"] == []
    assert log_lines(st, None) == ["Ana: forces Chloe to swap with centre card 2"]
    assert log_lines(st, CHLOE)[-1] == "Chloe: now holds the Fake Key"


def test_the_forcer_picks_the_centre_card() -> None:
    # « Forcer : Obliger un autre joueur à échanger sa carte avec une carte du centre »: the
    # text does not say who picks the card; the forcer does (option force_pick=forced: the
    # forced player)
    st = table(["key", "treasure", N, N, N], centre=(N, "fake"))
    play(st, "force", "Chloe")
    assert st.current_player == ANA and moves(st) == ["centre 1", "centre 2"]
    assert st.prompt("en") == "Force Chloe to swap with which centre card?"


def test_option_force_pick_forced_lets_the_forced_player_pick() -> None:
    st = table(["key", "treasure", N, N, N], centre=(N, "fake"), force_pick="forced")
    play(st, "force", "Chloe")
    assert st.current_player == CHLOE and moves(st) == ["centre 1", "centre 2"]
    assert st.prompt("en") == "Ana forces you to swap: with which centre card?"
    assert st.prompt("fr") == "Ana vous oblige à échanger : avec quelle carte du centre ?"
    st.play("centre 2")
    assert st.view(CHLOE)["your_card"] == "fake"
    assert st.current_player == ANA and moves(st) == ["wait"]   # back to Ana, whose turn it is
    assert log_lines(st, None) == ["Ana: forces Chloe to swap with centre card 2"]
    st.play("wait")
    assert st.current_player == BEN


def test_option_forced_lock_locks_the_forced_player_until_their_next_turn_ends() -> None:
    st = table(["key", "treasure", N, N, N], forced_lock="yes")
    play(st, "force", "Chloe", "centre 1")
    assert st.view(ANA)["locked"] == ["Chloe"]
    play(st, "pass", "wait")                          # Ben (Treasure) passes and waits
    assert st.current_player == CHLOE
    assert "swap 1" not in moves(st)
    play(st, "pass")                                   # the end of Chloe's next turn
    assert st.view(ANA)["locked"] == []


def test_pass_changes_nothing() -> None:
    st = table([N, "key", "fake", "treasure", N])
    before = [st.view(s) for s in range(5)]
    play(st, "pass")
    assert [st.view(s) for s in range(5)] == before
    assert st.current_player == BEN and log_lines(st, None) == ["Ana: passes"]


def test_when_every_player_is_locked_only_observe_and_pass_remain() -> None:
    st = table(["key", "treasure", "fake", N])
    # Ana takes a Neutral, Ben gives the Treasure to centre 2, Chloe takes the Key,
    # Dan takes the Treasure (and waits)
    play(st, "swap 1", "swap 2", "swap 1", "swap 2", "wait")
    assert st.current_player == ANA
    assert st.view(ANA)["locked"] == ["Ana", "Ben", "Chloe", "Dan"]
    assert moves(st) == ["observe 1", "observe 2", "pass"]
    with pytest.raises(IllegalMoveError, match="every other player is locked"):
        st.play("force")


# --------------------------------------------------------------------------- knowledge


def test_what_you_saw_follows_the_card_through_a_swap_and_says_it_moved() -> None:
    st = table(["key", N, "treasure", N, N], centre=("fake", N))
    play(st, "observe 1")             # Ana sees the Fake Key in centre card 1
    play(st, "swap 1")                # Ben takes it
    v = st.view(ANA)
    assert v["known_en"] == "Ben: Fake Key (moved since seen)"
    assert v["known_fr"] == "Ben : Clé Factice (déplacée depuis)"
    assert v["centre_en"] == "1: ?   2: ?"              # Ben's old card: Ana never saw it
    assert st.view(DAN)["known_en"] is None
    # Ben knows where his old card went: he put it there himself, no mark
    assert st.view(BEN)["centre_en"] == "1: Neutral   2: ?"


def test_looking_again_clears_the_moved_mark() -> None:
    st = table([N, "key", "treasure", N, N], centre=("fake", N))
    play(st, "observe 1")                           # Ana sees the Fake Key
    play(st, "pass", "pass", "wait")                # Ben; Chloe (Treasure) waits
    play(st, "force", "Eve", "centre 1")            # Dan makes Eve take it
    play(st, "swap 1")                              # Eve puts it back
    assert st.view(ANA)["centre_en"] == "1: Fake Key (moved since seen)   2: ?"
    play(st, "observe 1")
    assert st.view(ANA)["centre_en"] == "1: Fake Key   2: ?"


def test_option_look_never_leaves_your_new_card_unseen() -> None:
    st = table([N, "key", "treasure", N, N], centre=("fake", N), look="never")
    play(st, "swap 1")
    v = st.view(ANA)
    assert v["your_card"] is None
    assert v["centre_en"] == "1: Neutral   2: ?"
    assert "Fake Key" not in " ".join(log_lines(st, ANA))


def test_with_look_never_a_treasure_holder_who_does_not_know_it_may_only_wait() -> None:
    st = table([N, "key", "fake", N, N], centre=("treasure", N), look="never")
    st.play("swap 1")                  # Ana holds the Treasure without knowing it
    assert st.current_player == ANA and moves(st) == ["wait"]   # as anyone else
    st = table([N, "key", "fake", N, N], centre=("treasure", N), look="never")
    play(st, "observe 1", "pass", "pass", "pass", "pass")
    play(st, "swap 1")                  # she saw it: she knows what she took
    assert st.view(ANA)["your_card"] == "treasure"
    assert moves(st)[0] == "designate Ben" and moves(st)[-1] == "wait"


# --------------------------------------------------------------------------- designation


def test_every_player_has_the_same_moment_after_their_action() -> None:
    # « À tout moment, après son action, le joueur possédant le Trésor peut décider de faire
    # une désignation »: nobody may tell that a silent player was considering it, so every
    # player is asked after their action; only the Treasure holder may designate there.
    st = table(["key", "treasure", "fake", N, N])
    st.play("pass")
    assert st.current_player == ANA and moves(st) == ["wait"]
    assert st.prompt("en") == ("Your action is done: press Enter (or type wait) to end your "
                               "turn.")
    assert st.prompt("fr").startswith("Action faite : Entrée (ou tapez attendre)")
    st.play("wait")
    assert st.current_player == BEN and moves(st)[0] == "observe 1"
    st.play("observe 2")
    assert st.current_player == BEN
    assert st.prompt("en") == "You hold the Treasure: designate the Key holder now, or wait?"
    assert moves(st) == ["designate Ana", "designate Chloe", "designate Dan", "designate Eve",
                         "wait"]
    st.play("wait")
    assert st.current_player == CHLOE
    # waiting leaves no trace in anyone's log: the table does not learn who holds the Treasure
    assert log_lines(st, None) == ["Ana: passes", "Ben: looks at centre card 2"]


def test_a_correct_designation_makes_the_treasure_and_the_key_win_together() -> None:
    st = table(FIVE)
    play(st, "pass", "designate Ben")
    o = st.outcome
    assert o is not None and o.name == "key_found" and o.winners == (ANA, BEN)
    assert o.reason.startswith("Ana (Treasure) designated Ben, who holds the Key: they win "
                               "together. Cards: Ana Treasure, Ben Key, Chloe Fake Key, "
                               "Dan Neutral, Eve Neutral; centre: Neutral, Neutral")
    assert o.reason_in("fr").startswith("Ana (Trésor) a désigné Ben, qui a la Clé")


def test_designating_the_fake_key_makes_it_win_alone_at_once() -> None:
    st = table(FIVE)
    play(st, "pass", "designate Chloe")
    o = st.outcome
    assert o is not None and o.name == "fake_designated" and o.winners == (CHLOE,)
    assert "the Fake Key wins alone" in o.reason   # no final phase: the text's exception


def test_designating_a_neutral_shows_their_card_and_starts_the_final_phase() -> None:
    st = table(["key", "fake", "treasure", N, N])
    play(st, "pass", "pass", "pass", "designate Eve")
    assert not st.is_over
    assert st.view(ANA)["known_en"] == "Eve: Neutral"
    assert st.view(ANA)["known"] == [None, None, None, None, "neutral"]
    assert st.view(BEN)["designation_en"] == "Chloe designated Eve: name who holds the Fake Key"
    assert log_lines(st, None)[-1] == "Chloe: Eve shows a Neutral card: final phase"
    assert st.view(ANA)["answers_en"] is None
    # the player after the Treasure starts; only naming is left
    assert st.current_player == DAN
    assert moves(st) == ["name Ana", "name Ben", "name Chloe", "name Eve"]


def finish_final(st: tabletop.State, answers: dict[int, str]) -> None:
    """Each seat in turn names answers[seat]."""
    while not st.is_over:
        st.play(f"name {answers[st.current_player]}")


def test_the_final_phase_players_who_name_the_fake_key_win_with_it() -> None:
    st = table(["key", "fake", "treasure", N, N])
    play(st, "pass", "pass", "pass", "designate Eve")
    play(st, "name Ben")                              # Dan
    v = st.view(EVE)
    assert v["answers_en"] == "Dan named Ben"        # everyone sees the earlier answers
    finish_final(st, {EVE: "Ana", ANA: "Ben", BEN: "Dan", CHLOE: "Ben"})
    o = st.outcome
    assert o is not None and o.name == "final"
    assert o.winners == (ANA, CHLOE, DAN, BEN)
    assert o.reason.startswith("Ana, Chloe and Dan named Ben, who holds the Fake Key: they win "
                               "with the Fake Key")
    assert o.reason_in("fr").startswith("Ana, Chloe et Dan ont nommé Ben, qui a la Clé "
                                        "Factice : Ana, Chloe et Dan gagnent avec la Clé Factice")


def test_one_player_naming_the_fake_key_is_said_in_the_singular() -> None:
    st = table(["key", "fake", "treasure", N, N])
    play(st, "pass", "pass", "pass", "designate Eve")
    finish_final(st, {DAN: "Ben", EVE: "Ana", ANA: "Eve", BEN: "Ana", CHLOE: "Ana"})
    o = st.outcome
    assert o is not None and o.winners == (DAN, BEN)
    assert o.reason.startswith("Dan named Ben, who holds the Fake Key: they win")
    assert o.reason_in("fr").startswith("Dan a nommé Ben, qui a la Clé Factice : Dan gagne "
                                        "avec la Clé Factice")


def test_the_final_phase_nobody_right_nobody_wins() -> None:
    st = table(["key", "fake", "treasure", N, N])
    play(st, "pass", "pass", "pass", "designate Eve")
    finish_final(st, {s: "Eve" if s != EVE else "Dan" for s in range(5)})
    o = st.outcome
    assert o is not None and o.winners == ()
    assert o.reason.startswith("nobody named Ben, who holds the Fake Key: nobody wins")


def test_option_final_win_neutrals_counts_only_neutral_players() -> None:
    st = table(["key", "fake", "treasure", N, N], final_win="neutrals")
    play(st, "pass", "pass", "pass", "designate Eve")
    finish_final(st, {DAN: "Eve", EVE: "Ana", ANA: "Ben", BEN: "Ana", CHLOE: "Ben"})
    assert st.outcome is not None and st.outcome.winners == ()   # only Key and Treasure right
    st = table(["key", "fake", "treasure", N, N], final_win="neutrals")
    play(st, "pass", "pass", "pass", "designate Eve")
    finish_final(st, {DAN: "Ben", EVE: "Ana", ANA: "Ben", BEN: "Ana", CHLOE: "Ben"})
    assert st.outcome is not None and st.outcome.winners == (DAN, BEN)


# --------------------------------------------------------------------------- cards in the centre


def test_the_treasure_in_the_centre_nobody_designates_until_someone_takes_it() -> None:
    st = table(["treasure", "key", "fake", N, N], centre=(N, N))
    play(st, "swap 1")                  # Ana gives the Treasure away to centre card 1
    assert st.current_player == BEN    # she holds a Neutral now: she could only wait
    play(st, "pass", "pass", "pass", "pass", "pass")   # Ana is still locked: she passes
    play(st, "swap 1")                  # Ben takes the Treasure and sees it
    assert st.view(BEN)["your_card"] == "treasure" and moves(st)[-1] == "wait"
    play(st, "designate Chloe")
    o = st.outcome
    assert o is not None and o.winners == (CHLOE,)
    assert o.reason.startswith("Ben (Treasure) designated Chloe, who holds the Fake Key")


def test_the_key_in_the_centre_no_designation_can_be_right() -> None:
    st = table(["treasure", N, "fake", N, N], centre=("key", N))
    play(st, "pass", "designate Ben")
    assert not st.is_over and st.current_player == BEN and st.view(ANA)["phase"] == "final"


def test_the_fake_key_in_the_centre_at_the_final_phase_nobody_wins() -> None:
    st = table(["treasure", N, "key", N, N], centre=("fake", N))
    play(st, "pass", "designate Ben")
    finish_final(st, {s: "Ana" if s else "Ben" for s in range(5)})
    o = st.outcome
    assert o is not None and o.winners == ()
    assert o.reason.startswith("the Fake Key is in the centre: nobody could name its holder")


# --------------------------------------------------------------------------- the limit


def run_rounds(st: tabletop.State, rounds: int) -> None:
    """Everyone passes (the Treasure waits) for ``rounds`` rounds."""
    for _ in range(rounds * st.players):
        play(st, "pass")
        if not st.is_over and "wait" in moves(st):
            st.play("wait")


def test_after_the_rounds_limit_the_final_phase_is_played() -> None:
    st = table(FIVE, rounds="6")
    run_rounds(st, 5)
    assert st.view(ANA)["round"] == "6 / 6"
    run_rounds(st, 1)
    assert st.view(ANA)["phase"] == "final" and st.view(ANA)["round"] is None
    assert log_lines(st, None)[-1] == ("Ana: 6 rounds without a designation: final phase, each "
                                       "player names the Fake Key holder")
    assert st.current_player == ANA
    finish_final(st, {s: "Chloe" if s != CHLOE else "Ana" for s in range(5)})
    assert st.outcome is not None and st.outcome.winners == (ANA, BEN, DAN, EVE, CHLOE)


def test_option_at_limit_nobody_ends_the_game_without_winner() -> None:
    st = table(FIVE, rounds="6", at_limit="nobody")
    run_rounds(st, 6)
    o = st.outcome
    assert o is not None and o.name == "no_designation" and o.winners == ()
    assert o.reason.startswith("6 rounds without a designation: nobody wins")


def test_a_set_aside_card_is_named_at_the_end() -> None:
    st = table(FIVE, extra=(N,), neutrals="spare")
    play(st, "pass", "designate Ben")
    assert st.outcome is not None
    assert st.outcome.reason.endswith("centre: Neutral, Neutral; set aside: Neutral")


def test_bad_input_gets_one_sentence() -> None:
    st = table(FIVE)
    with pytest.raises(tabletop.TabletopError) as e:
        st.play("swap 3")
    assert "swap 3" in str(e.value)
    with pytest.raises(tabletop.TabletopError):
        st.play("designate Ben")     # nobody asked
    play(st, "pass")
    play(st, "designate Ben")
    assert st.is_over



def test_a_move_of_the_other_phase_is_refused_in_the_player_s_words() -> None:
    """Naming belongs to the final phase: refused during play, in words and not the phase's
    id ('final', 'play'), in English and in French."""
    st = tabletop.load("coffre-et-cle").new_game(players=4, seed=1)
    with pytest.raises(tabletop.IllegalMoveError) as e:
        st.play("name P2")
    texts = e.value.texts
    assert "another phase of the game" in texts["en"]
    assert "nommer se joue dans une autre phase" in texts["fr"]
    assert "(final)" not in texts["en"] and "(play)" not in texts["fr"]


# --------------------------------------------------------------------------- bots


@pytest.mark.parametrize("kind", ["greedy", "mcts"])
def test_a_bot_treasure_designates_only_a_player_it_knows_holds_the_key(kind: str) -> None:
    # it used to designate blindly in the first round (a game of bots ended before the one
    # person at the table had a turn)
    from tabletop.bots import decide, make_bot
    st = table(FIVE)
    play(st, "observe 1")               # Ana (Treasure) has seen nobody's card
    assert decide(make_bot(kind, seed=1), st, ANA).text == "wait"
    st = table(["treasure", N, "fake", N, N], centre=("key", N))
    play(st, "observe 1", "wait")       # Ana sees the Key in centre card 1
    play(st, "swap 1")                  # Ben takes it, in plain sight
    play(st, "pass", "pass", "pass")
    play(st, "pass")                    # Ana's action: now she knows who holds the Key
    assert decide(make_bot(kind, seed=1), st, ANA).text == "designate Ben"
