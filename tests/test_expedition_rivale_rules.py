"""Rule-by-rule and card-by-card scenario tests for L'Expédition Rivale, on stacked decks.

Source: the French rules (seeds/by-game/expedition-rivale.txt); rulings in
docs/designers/expedition-rivale.md. Ana is seat 0, Ben seat 1. Setup deals one card to the
first player, then one to the other, from the top of the deck; the rest is the pile, top
first. ``table()`` builds that deck: ``None`` in a pile stands for "any card" and is filled
with cards the test does not name. Only the public API is used.
"""

from __future__ import annotations

import functools
import json
import re

import pytest

import tabletop

# --------------------------------------------------------------------------- the card list

# code: (French name, type, value, has an effect) - the seed's table, copied by hand.
CARDS = {
    "statuette": ("Statuette de l'Aube", "croissance", 1, False),
    "bracelet": ("Bracelet du Sphinx", "equilibre", 1, False),
    "fresque": ("Fragment de Fresque", "equilibre", 2, False),
    "pierre": ("Pierre gravée", "equilibre", 2, False),
    "urne": ("Urne scellée", "ancien", 3, False),
    "parchemin": ("Parchemin effrité", "savoir", 2, False),
    "collier": ("Collier en obsidienne", "croissance", 2, False),
    "jumelle": ("Statue jumelle", "equilibre", 3, False),
    "idole": ("Fragment d'idole brisée", "conflit", 2, False),
    "offrande": ("Offrande oubliée", "ancien", 3, False),
    "griffe": ("Griffe fossilisée", "croissance", 2, False),
    "serre": ("Serre d'onyx", "conflit", 2, False),
    "masque": ("Masque Maudit", "conflit", 4, True),
    "serpent": ("Idole Serpent", "conflit", 5, True),
    "tablette": ("Tablette de la Prophétie", "savoir", 3, True),
    "sablier": ("Sablier d'Éternité", "savoir", 4, True),
    "lame": ("Lame de l'Initié", "conflit", 4, True),
    "oeil": ("Œil du Temple", "ancien", 3, True),
}
# Cards used to fill a stacked pile, hardest to lay first so they rarely matter.
FILLERS = ["urne", "offrande", "idole", "serre", "griffe", "parchemin", "pierre", "fresque",
           "oeil", "masque", "lame", "sablier", "serpent", "collier", "bracelet", "jumelle",
           "statuette", "tablette"]
ANA, BEN = 0, 1


@functools.cache
def game():
    return tabletop.load("expedition-rivale")


def table(ana, ben, pile=(), first=ANA, rest=True, **options):
    """Ana starts with ``ana``, Ben with ``ben`` (None: any card); the pile is ``pile`` top
    first, then (rest=True) every card not named, so the pile does not run out early."""
    named = {c for c in [ana, ben, *pile] if c is not None}
    spare = iter([c for c in FILLERS if c not in named])
    ana = ana or next(spare)
    ben = ben or next(spare)
    pile = [c if c is not None else next(spare) for c in pile]
    if rest:
        pile += list(spare)
    deck = [ana, ben, *pile] if first == ANA else [ben, ana, *pile]
    assert len(set(deck)) == len(deck), "test bug: a card twice in the deck"
    return game().new_game(players=2, seed=5, deck=deck, first=first, options=options,
                           names=["Ana", "Ben"])


def drive(st, script):
    """Play 'A: lay statuette; B: draw; ...': each move by the seat named (A Ana, B Ben)."""
    for step in filter(None, (s.strip() for s in script.split(";"))):
        who, _, move = step.partition(":")
        st.play(move.strip(), seat={"A": ANA, "B": BEN}[who.strip()])
    return st


def moves(st):
    return {str(m) for m in st.legal_moves()}


def view(st, seat=ANA):
    return st.view(seat)


def rows(st):
    return view(st)["rows"]


def hand(st, seat):
    return view(st, seat)["hand"]


def illegal(st, text):
    """The reason the move is refused (and check that it is refused)."""
    with pytest.raises(tabletop.IllegalMoveError) as e:
        st.play(text)
    return str(e.value)


# --------------------------------------------------------------------------- material, setup

def test_the_18_cards_exactly_as_listed():
    spec = game().spec
    assert sorted(c.code for c in spec.cards) == sorted(CARDS)
    for code, (fr, ctype, value, effect) in CARDS.items():
        [card] = spec.card_by_code(code)
        assert card.name["fr"] == fr and card.name["en"], code
        assert (card.type, card.value) == (ctype, value), code
        assert bool(card.attr("has_effect")) is effect, code
        assert " " not in code
    assert sum(v for _, _, v, _ in CARDS.values()) == 48


def test_five_types_with_their_symbols():
    spec = game().spec
    assert {k: v["fr"] for k, v in spec.card_types.items()} == {
        "savoir": "Savoir", "conflit": "Conflit", "croissance": "Croissance",
        "equilibre": "Équilibre", "ancien": "Ancien"}
    symbols = {c.type: c.attr("symbol") for c in spec.cards}
    assert symbols == {"savoir": "🧠", "conflit": "⚔️", "croissance": "🌿",
                       "equilibre": "⚖️", "ancien": "👁️"}


def test_setup_deals_one_card_each_and_a_pile_of_16():
    firsts = set()
    for seed in range(40):
        st = game().new_game(players=2, seed=seed)
        v0, v1 = st.view(0), st.view(1)
        assert len(v0["hand"]) == 1 and len(v1["hand"]) == 1
        assert v0["pile"] == 16 and v0["rows"] == [[], []]
        firsts.add(st.current_player)
    assert firsts == {0, 1}, "the first player is drawn at random"


def test_two_players_only():
    for n in (1, 3):
        with pytest.raises(tabletop.PlayerCountError):
            game().new_game(players=n, seed=1)


# --------------------------------------------------------------------------- turn structure

def test_a_turn_is_one_action_draw_or_lay_never_both():
    st = table("statuette", None, ["jumelle"])
    assert moves(st) == {"draw", "lay statuette"}
    st.play("draw")
    assert st.current_player == BEN, "drawing ends the turn"
    assert "jumelle" in hand(st, ANA)
    st.play("draw")
    st.play("lay statuette")
    assert st.current_player == BEN, "laying ends the turn"
    with pytest.raises(tabletop.WrongSeatError):
        st.play("lay jumelle", seat=ANA)


def test_a_card_whose_condition_fails_is_refused_with_the_reason():
    st = table("bracelet", None)
    assert "lay bracelet" not in moves(st)
    assert "you have no card laid" in illegal(st, "lay bracelet")
    assert view(st)["hand_check"] == ["bracelet: cannot be laid, you have no card laid"]
    assert view(st)["hand_check_fr"] == [
        "bracelet : non posable, vous n'avez aucune carte posée"]
    assert view(st)["playable"] == []


def test_hand_is_not_limited():
    st = table("urne", "offrande")
    for _ in range(7):
        st.play("draw")
        st.play("draw")
    assert len(hand(st, ANA)) == 8 and len(hand(st, BEN)) == 8
    assert "draw" in moves(st)


def test_the_opponent_never_sees_your_hand():
    st = table("statuette", "tablette", ["lame", "oeil"])
    drive(st, "A: draw; B: draw")
    ana, ben = json.dumps(st.view(ANA)), json.dumps(st.view(BEN))
    words = lambda text: set(re.findall(r"[a-z]+", text))  # noqa: E731
    assert {"statuette", "lame"} <= words(ana) and not {"tablette", "oeil"} & words(ana)
    assert {"tablette", "oeil"} <= words(ben) and not {"statuette", "lame"} & words(ben)
    assert st.view(ANA)["hands"] == [2, 2]


# --------------------------------------------------------------------------- the 12 plain cards

def test_statuette_only_with_no_card_laid():
    st = table("statuette", None)
    assert "lay statuette" in moves(st)
    st.play("lay statuette")
    assert rows(st) == [["statuette"], []] and view(st)["scores"] == [1, 0]
    st = table("tablette", None, ["statuette", None, None])
    drive(st, "A: lay tablette; A: keep statuette; B: draw")
    assert "already have 1 card laid" in illegal(st, "lay statuette")


def test_bracelet_needs_a_card_already_laid():
    st = table("bracelet", None)
    assert "you have no card laid" in illegal(st, "lay bracelet")
    st = table("tablette", None, ["bracelet", None, None])
    drive(st, "A: lay tablette; A: keep bracelet; B: draw; A: lay bracelet")
    assert rows(st) == [["tablette", "bracelet"], []] and view(st)["scores"] == [4, 0]


def _two_laid(third, **options):
    """Ana lays statuette then bracelet (2 laid); she drew ``third`` between them."""
    st = table("statuette", None, [None, "bracelet", None, third, None, None], **options)
    drive(st, "A: lay statuette; B: draw; A: draw; B: draw; A: draw")  # Ana: bracelet, third
    assert hand(st, ANA) == ["bracelet", third]
    return st


def test_fresque_needs_exactly_two_cards_laid():
    st = _two_laid("fresque")
    drive(st, "B: draw")
    assert "you have 1 card laid, not exactly 2" in illegal(st, "lay fresque")
    drive(st, "A: lay bracelet; B: draw")
    assert "lay fresque" in moves(st)
    drive(st, "A: lay fresque")
    assert rows(st)[ANA] == ["statuette", "bracelet", "fresque"]
    assert view(st)["scores"][ANA] == 4


def test_exactly_two_laid_is_not_three():
    st = _three_laid(["urne", "masque"])
    drive(st, "A: lay fresque; B: draw; A: draw; B: draw")  # Ana: 3 laid, urne and masque
    assert "you have 3 cards laid, not exactly 2" in illegal(st, "lay masque")
    assert "lay urne" in moves(st)


def test_pierre_needs_the_opponent_to_have_more_cards_laid():
    st = table("pierre", "statuette")
    assert "not more than your 0" in illegal(st, "lay pierre")
    st = table("pierre", "statuette", first=BEN)
    drive(st, "B: lay statuette")
    assert "lay pierre" in moves(st)
    drive(st, "A: lay pierre")
    assert view(st)["scores"] == [2, 1]


def _three_laid(draws, **options):
    """Ana lays statuette, bracelet and fresque (3 laid), drawing ``draws`` (two cards) on the
    way; Ben only draws. Returns the state at Ana's turn with 3 laid."""
    a, b = draws
    st = table("statuette", None,
               [None, "bracelet", None, None, a, None, "fresque", None, None, b, None],
               **options)
    drive(st, "A: lay statuette; B: draw; A: draw; B: draw; A: lay bracelet; B: draw; A: draw")
    drive(st, "B: draw; A: draw; B: draw")  # Ana holds a and fresque, 2 laid
    assert hand(st, ANA) == [a, "fresque"]
    return st


def test_urne_needs_three_cards_laid():
    st = _three_laid(["urne", "offrande"])
    assert "you have only 2 cards laid, 3 are needed" in illegal(st, "lay urne")
    drive(st, "A: lay fresque; B: draw")
    assert "lay urne" in moves(st)
    drive(st, "A: lay urne")
    assert view(st)["scores"][ANA] == 1 + 1 + 2 + 3


def test_parchemin_needs_a_draw_on_your_previous_turn():
    st = table("parchemin", None)
    assert "you did not draw on your previous turn" in illegal(st, "lay parchemin")
    drive(st, "A: draw; B: draw")
    assert "lay parchemin" in moves(st)
    # keeping a card with the Tablet is part of laying it, not a draw
    st = table("tablette", None, ["parchemin", None, None])
    drive(st, "A: lay tablette; A: keep parchemin; B: draw")
    assert "you did not draw on your previous turn" in illegal(st, "lay parchemin")
    drive(st, "A: draw; B: draw; A: lay parchemin")
    assert rows(st)[ANA] == ["tablette", "parchemin"]


def test_collier_needs_another_card_without_effect_laid():
    st = table("tablette", None, ["collier", None, None])
    drive(st, "A: lay tablette; A: keep collier; B: draw")
    assert "you have no card without effect laid" in illegal(st, "lay collier")
    st = table("statuette", None, [None, "collier"])
    drive(st, "A: lay statuette; B: draw; A: draw; B: draw; A: lay collier")
    assert rows(st)[ANA] == ["statuette", "collier"]


def test_jumelle_needs_as_many_cards_laid_as_the_opponent():
    st = table("jumelle", "statuette")
    assert "lay jumelle" in moves(st), "0 laid each"
    st = table("jumelle", "tablette", [None, None, None], first=BEN)
    drive(st, "B: lay tablette; B: keep urne")  # Ben: 1 laid, 1 in hand; Ana: 0 and 1
    assert "cards laid: you 0, your opponent 1" in illegal(st, "lay jumelle")
    st = table("jumelle", "statuette", first=BEN)
    drive(st, "B: draw")  # laid 0 and 0, but Ben holds 2 cards, Ana 1
    assert "lay jumelle" in moves(st)
    drive(st, "A: lay jumelle")
    assert view(st)["scores"] == [3, 0]


def test_jumelle_option_counts_cards_in_hand():
    st = table("jumelle", "statuette", first=BEN, twin_counts="hand")
    drive(st, "B: draw")
    assert "cards in hand: you 1, your opponent 2" in illegal(st, "lay jumelle")
    st = table("jumelle", "tablette", [None, None, None], first=BEN, twin_counts="hand")
    drive(st, "B: lay tablette; B: keep urne")
    assert view(st)["hands"] == [1, 1] and "lay jumelle" in moves(st)


def test_idole_needs_the_opponent_to_have_laid_on_their_last_turn():
    st = table("idole", "statuette", first=BEN)
    drive(st, "B: lay statuette")
    assert "lay idole" in moves(st)
    drive(st, "A: draw; B: draw")
    assert "your opponent did not lay a card on their last turn" in illegal(st, "lay idole")
    st = table("idole", None)
    assert "lay idole" not in moves(st), "the opponent has had no turn yet"


def test_offrande_needs_an_ancient_artefact_already_laid():
    st = _three_laid(["urne", "offrande"])
    drive(st, "A: lay fresque; B: draw; A: draw")  # Ana: urne, offrande; 3 laid, no Ancient
    drive(st, "B: draw")
    assert "you have no Ancient artefact laid" in illegal(st, "lay offrande")
    drive(st, "A: lay urne; B: draw; A: lay offrande")
    assert rows(st)[ANA] == ["statuette", "bracelet", "fresque", "urne", "offrande"]


def test_griffe_needs_a_card_laid_on_your_previous_turn():
    st = table("tablette", None, ["griffe", None, None])
    drive(st, "A: lay tablette; A: keep griffe; B: draw")
    assert "lay griffe" in moves(st)
    st = table("tablette", None, ["griffe", None, None])
    drive(st, "A: lay tablette; A: keep griffe; B: draw; A: draw; B: draw")
    assert "you did not lay a card on your previous turn" in illegal(st, "lay griffe")


def test_serre_needs_the_opponents_turn_just_before_yours_to_be_a_lay():
    """« Serre d'onyx ... Si l'adversaire a posé une carte ce tour (avant vous) »: read as the
    opponent's turn just before yours (option talon=previous, the default)."""
    st = table("serre", "statuette", first=BEN)
    drive(st, "B: lay statuette")  # round 1: Ben then Ana
    assert "lay serre" in moves(st)
    drive(st, "A: lay serre")
    assert rows(st) == [["serre"], ["statuette"]]


def test_serre_can_be_laid_by_the_first_player():
    """« ce tour (avant vous) »: the first player of a round meets it when the second player's
    turn, just before theirs, was a lay (the round reading left this card dead for them)."""
    st = table("serre", "statuette")
    drive(st, "A: draw; B: lay statuette")
    assert view(st)["round"] == 2 and st.current_player == ANA
    assert "lay serre" in moves(st)
    drive(st, "A: lay serre")
    assert rows(st)[ANA] == ["serre"]


def test_serre_is_refused_after_a_draw_with_the_reason():
    st = table("serre", "statuette")
    drive(st, "A: draw; B: draw")
    assert ("your opponent did not lay a card in the turn just before yours"
            in illegal(st, "lay serre"))
    st = table("serre", None)
    assert "lay serre" not in moves(st), "the opponent has had no turn yet"


def test_serre_is_refused_in_your_own_extra_turn():
    """« (avant vous) »: in the Hourglass's extra turn the turn just before is your own."""
    st = table("tablette", "statuette", ["sablier", None, None, None, "serre"])
    drive(st, "A: lay tablette; A: keep sablier; B: draw; A: draw; B: lay statuette")
    assert "serre" in hand(st, ANA)
    assert "lay serre" in moves(st), "Ben laid just before"
    drive(st, "A: lay sablier")
    assert st.current_player == ANA
    assert "this is your extra turn" in illegal(st, "lay serre")


def test_serre_option_round_needs_a_lay_earlier_in_this_round():
    """talon=round: « ce tour » as the round both players share, so only the second player
    of a round can meet it."""
    st = table("serre", "statuette", first=BEN, talon="round")
    drive(st, "B: lay statuette")
    assert "lay serre" in moves(st)
    st = table("serre", "statuette", talon="round")
    drive(st, "A: draw; B: lay statuette")
    assert ("your opponent has not laid a card earlier in this round"
            in illegal(st, "lay serre"))


def test_card_texts_show_the_designers_words():
    """« Parchemin effrité ... Si vous avez pioché au tour précédent »; « Griffe fossilisée ...
    Si vous avez posé une carte lors de votre tour précédent »."""
    texts = {c.code: c.text["fr"] for c in game().spec.cards}
    assert texts["parchemin"].endswith("si vous avez pioché au tour précédent")
    assert texts["griffe"].endswith("si vous avez posé une carte lors de votre tour précédent")
    assert texts["serre"].endswith("si l'adversaire a posé une carte ce tour (avant vous)")


# --------------------------------------------------------------------------- the 6 effect cards

def _mask_table(ben_draws=None, **options):
    """Ben (first) lays statuette and collier; Ana lays tablette (keeping masque) and bracelet:
    Ana then has exactly 2 laid and the Mask in hand; Ben has just drawn ``ben_draws``."""
    st = table("tablette", "statuette", ["masque", None, None, "collier", "bracelet", ben_draws],
               first=BEN, **options)
    drive(st, "B: lay statuette; A: lay tablette; A: keep masque; B: draw; A: draw")
    drive(st, "B: lay collier; A: lay bracelet; B: draw")
    return st


def test_masque_condition_exactly_two_cards_laid():
    st = table("tablette", None, ["masque", None, None])
    drive(st, "A: lay tablette; A: keep masque; B: draw")
    assert "you have 1 card laid, not exactly 2" in illegal(st, "lay masque")
    st = _mask_table()
    assert "lay masque" in moves(st)


def test_masque_the_opponent_chooses_the_card_they_discard():
    st = _mask_table()
    st.play("lay masque")
    assert st.current_player == BEN, "the opponent answers"
    assert moves(st) == {"discard statuette", "discard collier"}
    assert "choose one of your laid cards" in st.prompt("en")
    with pytest.raises(tabletop.WrongSeatError):
        st.play("discard collier", seat=ANA)
    st.play("discard collier", seat=BEN)
    assert rows(st) == [["tablette", "bracelet", "masque"], ["statuette"]]
    assert view(st)["removed"] == ["collier"], "removed cards go to a face-up discard"
    assert view(st)["scores"] == [3 + 1 + 4, 1], "a removed card scores for nobody"
    assert st.current_player == BEN, "then it is Ben's own turn"
    assert moves(st) >= {"draw"}


def test_masque_option_the_layer_chooses():
    st = _mask_table(mask_chooser="layer")
    st.play("lay masque")
    assert st.current_player == ANA
    assert moves(st) == {"discard statuette", "discard collier"}
    st.play("discard statuette")
    assert rows(st)[BEN] == ["collier"] and view(st)["removed"] == ["statuette"]


def test_masque_against_an_empty_row_does_nothing():
    st = table("tablette", None, ["masque", None, None, None, "bracelet"])
    drive(st, "A: lay tablette; A: keep masque; B: draw; A: draw; B: draw; A: lay bracelet")
    drive(st, "B: draw; A: lay masque")
    assert st.current_player == BEN and rows(st)[BEN] == [] and view(st)["removed"] == []


def test_serpent_needs_an_effect_card_already_laid():
    st = table("serpent", "statuette", first=BEN)
    drive(st, "B: lay statuette")
    assert "you have no effect card laid" in illegal(st, "lay serpent")
    st = table("tablette", None, ["serpent", None, None])
    drive(st, "A: lay tablette; A: keep serpent; B: draw")
    assert "lay serpent" in moves(st)


def test_serpent_steals_a_laid_card_of_the_thiefs_choice():
    st = table("tablette", "statuette", ["serpent", None, None, "bracelet"], first=BEN)
    drive(st, "B: lay statuette; A: lay tablette; A: keep serpent; B: draw; A: draw")
    drive(st, "B: lay bracelet; A: lay serpent")
    assert st.current_player == ANA, "the thief chooses"
    assert moves(st) == {"steal statuette", "steal bracelet"}
    st.play("steal statuette")
    # the Statuette's condition (no card laid) is not checked again in its new row
    assert rows(st) == [["tablette", "serpent", "statuette"], ["bracelet"]]
    assert view(st)["scores"] == [3 + 5 + 1, 1]
    assert st.current_player == BEN


def test_serpent_a_stolen_card_does_not_fire_its_effect_again_and_keeps_its_bonus():
    # Ben lays the Tablet; Ana lays the Blade (Ben has more points), then steals the Tablet.
    st = table("lame", "tablette", ["bracelet", None, None, None, "serpent"], first=BEN)
    drive(st, "B: lay tablette; B: keep bracelet; A: lay lame; B: draw; A: draw")
    pile = view(st)["pile"]
    drive(st, "B: draw")
    hand_before = hand(st, ANA)
    drive(st, "A: lay serpent")  # Ben's only laid card: taken at once, no question
    assert rows(st) == [["lame", "serpent", "tablette"], []]
    assert st.current_player == BEN, "no Tablet question: its effect does not fire again"
    assert view(st)["pile"] == pile - 1 and hand(st, ANA) == [c for c in hand_before
                                                              if c != "serpent"]
    assert view(st)["bonuses"][ANA] == ["lame +2"]
    assert view(st)["scores"][ANA] == 4 + 5 + 3 + 2


def test_serpent_a_stolen_hourglass_gives_no_extra_turn():
    st = table("lame", "tablette", ["sablier", None, None, None, "serpent"], first=BEN)
    drive(st, "B: lay tablette; B: keep sablier; A: lay lame; B: lay sablier")
    assert st.current_player == BEN, "Ben plays again after the Hourglass"
    drive(st, "B: draw; A: draw; B: draw; A: lay serpent")
    assert moves(st) == {"steal tablette", "steal sablier"}
    st.play("steal sablier")
    assert st.current_player == BEN, "the stolen Hourglass does not make Ana play again"
    assert view(st)["extra_turn"] is False


def test_tablette_keeps_one_of_three_the_others_go_under_the_pile():
    st = table("tablette", "urne", ["jumelle", "collier", "griffe", "idole", "serre"])
    assert "lay tablette" in moves(st), "at any time"
    st.play("lay tablette")
    assert st.current_player == ANA
    assert moves(st) == {"keep jumelle", "keep collier", "keep griffe"}
    assert "jumelle" not in json.dumps(st.view(BEN)), "Ben does not see them"
    st.play("keep collier")
    assert hand(st, ANA) == ["collier"] and view(st)["pile"] == 15
    drive(st, "B: draw")
    assert hand(st, BEN) == ["urne", "idole"], "the two others went to the bottom"
    for _ in range(6):  # the 12 cards above them
        drive(st, "A: draw; B: draw")
    drive(st, "A: draw")
    assert hand(st, ANA)[-1] == "jumelle" and view(st)["pile"] == 1
    drive(st, "B: draw")
    assert hand(st, BEN)[-1] == "griffe" and st.is_over


def test_tablette_option_the_others_are_discarded():
    st = table("tablette", None, ["jumelle", "collier", "griffe"], prophecy_rest="discard")
    drive(st, "A: lay tablette; A: keep griffe")
    assert view(st)["removed"] == ["jumelle", "collier"] and view(st)["pile"] == 13
    assert hand(st, ANA) == ["griffe"]


def test_tablette_with_fewer_than_three_cards_in_the_pile():
    st = table("tablette", "urne", ["jumelle", "collier"], rest=False)
    st.play("lay tablette")
    assert moves(st) == {"keep jumelle", "keep collier"}
    st.play("keep collier")
    assert view(st)["pile"] == 1 and not st.is_over
    st = table("tablette", "urne", ["jumelle"], rest=False)
    st.play("lay tablette")  # one card: kept without a question, and the pile is empty
    assert hand(st, ANA) == ["jumelle"]
    assert st.is_over, "taking the last card with the Tablet ends the game like a draw"


def test_sablier_needs_a_knowledge_card_and_gives_an_extra_turn():
    st = table("sablier", None)
    assert "you have no Knowledge card laid" in illegal(st, "lay sablier")
    st = table("tablette", None, ["sablier", None, None])
    drive(st, "A: lay tablette; A: keep sablier; B: draw")
    round_before = view(st)["round"]
    st.play("lay sablier")
    assert st.current_player == ANA, "Ana plays again"
    assert view(st)["round"] == round_before, "the extra turn belongs to the same round"
    assert view(st)["last_turns"][ANA] == ["lay"], "her previous turn is the Hourglass turn"
    st.play("draw")
    assert st.current_player == BEN
    assert view(st)["round"] == round_before


def test_lame_needs_the_opponent_ahead_on_laid_points_and_gives_two_at_the_end():
    st = table("lame", "statuette")
    assert "worth 0, not more than your 0" in illegal(st, "lay lame")
    st = table("lame", "statuette", ["urne", "offrande"], first=BEN, rest=False)
    drive(st, "B: lay statuette; A: lay lame")
    assert view(st)["bonuses"] == [["lame +2"], []]
    assert view(st)["scores"] == [6, 1]
    drive(st, "B: draw; A: draw")
    assert st.is_over and st.outcome.scores == (6, 1) and st.outcome.winners == (ANA,)
    assert "+ 2 Initiate's Blade" in st.outcome.reason


def test_oeil_needs_exactly_three_laid_and_scores_one_per_type():
    st = _three_laid(["oeil", "urne"])
    assert "you have 2 cards laid, not exactly 3" in illegal(st, "lay oeil")
    drive(st, "A: lay fresque; B: draw; A: lay oeil")
    # croissance, equilibre (x2), ancien: 3 types
    assert view(st)["bonuses"][ANA] == ["oeil +3"]
    assert view(st)["scores"][ANA] == 1 + 1 + 2 + 3 + 3
    assert view(st)["types"][ANA] == 3


# --------------------------------------------------------------------------- rulings

def test_ruling_this_round_versus_their_last_turn_with_option_round():
    # Ana plays first. Ben lays in round 1; in round 2 Ana opens: Ben's last turn was a lay
    # (idole may be laid) but Ben has not laid earlier in this round (serre may not).
    st = table("idole", "statuette", ["serre"], talon="round")
    drive(st, "A: draw; B: lay statuette")
    assert view(st)["round"] == 2
    assert "lay idole" in moves(st)
    assert "your opponent has not laid a card earlier in this round" in illegal(st, "lay serre")
    assert view(st)["this_round"] == [[], []] and view(st)["last_turns"][BEN] == ["lay"]


@pytest.mark.parametrize("talon,allowed", [("previous", False), ("round", True)])
def test_ruling_an_extra_turn_stays_in_the_round(talon, allowed):
    st = table("tablette", "serre", ["sablier", None, None], talon=talon)
    drive(st, "A: lay tablette; A: keep sablier; B: draw; A: lay sablier")
    assert st.current_player == ANA and view(st)["round"] == 2
    drive(st, "A: draw")
    assert st.current_player == BEN and view(st)["round"] == 2
    # round: Ana laid the Hourglass earlier in this round; previous: her turn just before
    # Ben's, the extra turn, was a draw
    assert ("lay serre" in moves(st)) is allowed


def test_ruling_hourglass_extra_turn_can_take_the_last_card():
    st = table("tablette", None, ["sablier", "urne", "offrande"], rest=False)
    drive(st, "A: lay tablette; A: keep sablier; B: draw; A: lay sablier")
    assert view(st)["pile"] == 1 and st.current_player == ANA
    drive(st, "A: draw")
    assert st.is_over, "the game ends at the end of the extra turn that drew the last card"


def test_ruling_hourglass_with_an_empty_pile_in_the_last_round():
    # ending=round: Ana (first) draws the last card; Ben plays out the round, lays the
    # Hourglass, and plays his extra turn with an empty pile: he can only lay or pass.
    deck = dict(ana="urne", ben="tablette", pile=["offrande", "sablier", "oeil"], rest=False)
    st = table(**deck, ending="round")
    drive(st, "A: draw; B: lay tablette; B: keep sablier; A: draw")
    assert view(st)["pile"] == 0 and not st.is_over and st.current_player == BEN
    assert moves(st) == {"lay sablier"}
    assert "the pile is empty" in illegal(st, "draw")
    drive(st, "B: lay sablier")
    assert not st.is_over and st.current_player == BEN and moves(st) == {"pass"}
    drive(st, "B: pass")
    assert st.is_over
    # the default ending: the game stops as soon as Ana's turn ends
    st = table(**deck)
    drive(st, "A: draw; B: lay tablette; B: keep sablier; A: draw")
    assert st.is_over


def test_end_after_the_turn_that_draws_the_last_card():
    st = table("urne", "offrande", ["oeil", "idole", "serre"], rest=False)
    drive(st, "A: draw; B: draw")
    assert not st.is_over
    drive(st, "A: draw")
    assert st.is_over and st.legal_moves() == [] and st.current_player is None


def test_ending_round_gives_the_second_player_a_last_turn():
    st = table("urne", "statuette", ["oeil", "idole", "serre"], rest=False, ending="round")
    drive(st, "A: draw; B: draw; A: draw")
    assert not st.is_over and st.current_player == BEN
    assert moves(st) == {"lay statuette"}
    drive(st, "B: lay statuette")
    assert st.is_over
    assert st.outcome.scores == (0, 1)
    # the second player drawing the last card ends the game at once
    st = table("urne", "statuette", ["oeil", "idole"], rest=False, ending="round")
    drive(st, "A: draw; B: draw")
    assert st.is_over


def test_the_most_points_wins_with_bonuses_itemised():
    st = table("lame", "statuette", ["urne", "offrande"], first=BEN, rest=False)
    drive(st, "B: lay statuette; A: lay lame; B: draw; A: draw")
    o = st.outcome
    assert o.name == "points" and o.winners == (ANA,) and o.scores == (6, 1)
    assert o.reason == ("Ana has the most points: Ana 4 for 1 card + 2 Initiate's Blade = 6, "
                        "1 type; Ben 1 for 1 card = 1, 1 type")
    assert "2 Lame de l'Initié" in o.reason_in("fr")


def test_equal_points_more_distinct_types_wins():
    st = table("statuette", "pierre", ["bracelet", None, None], rest=False)
    drive(st, "A: lay statuette; B: lay pierre; A: draw; B: draw; A: lay bracelet; B: draw")
    o = st.outcome
    assert o.scores == (2, 2) and o.name == "types" and o.winners == (ANA,)
    assert view(st)["types"] == [2, 1]


def test_equal_points_and_types_is_a_draw():
    st = table("jumelle", "tablette", [None, None, None, None], rest=False)
    drive(st, "A: lay jumelle; B: lay tablette")
    st.play(st.legal_moves()[0])  # Ben keeps one card
    drive(st, "A: draw; B: draw; A: draw")
    o = st.outcome
    assert o.name == "draw" and o.winners == () and o.scores == (3, 3)


def test_draft_variant_pick_and_pass_until_three_cards():
    deck = ["jumelle", "collier", "griffe", "idole", "serre", "urne"]
    st = game().new_game(players=2, seed=1, first=ANA, options={"draft": "on"},
                         deck=deck + ["offrande", "oeil", "lame", "pierre", "fresque"],
                         names=["Ana", "Ben"])
    assert st.current_player == ANA and view(st)["packet"] == ["jumelle", "collier", "griffe"]
    assert "idole" not in json.dumps(st.view(ANA)), "Ana does not see Ben's packet"
    assert moves(st) == {"pick jumelle", "pick collier", "pick griffe"}
    st.play("pick jumelle", seat=ANA)
    assert st.current_player == BEN and view(st, BEN)["packet"] == ["idole", "serre", "urne"]
    st.play("pick serre", seat=BEN)
    # the packets change hands
    assert view(st, ANA)["packet"] == ["idole", "urne"]
    assert view(st, BEN)["packet"] == ["collier", "griffe"]
    st.play("pick urne", seat=ANA)
    st.play("pick griffe", seat=BEN)
    # the last card of each packet is taken without a question
    assert sorted(hand(st, ANA)) == ["collier", "jumelle", "urne"]
    assert sorted(hand(st, BEN)) == ["griffe", "idole", "serre"]
    assert view(st)["pile"] == 5 and st.current_player == ANA
    assert "draw" in moves(st)


def test_cursed_artefact_variant_is_not_invented():
    assert set(game().spec.options) == {"draft", "ending", "prophecy_rest", "mask_chooser",
                                        "twin_counts", "talon"}


def test_ruling_answering_a_question_is_not_a_turn_of_your_own():
    st = _mask_table(ben_draws="parchemin")  # Ben's last turn: a draw
    drive(st, "A: lay masque; B: discard collier")
    assert st.current_player == BEN
    assert view(st)["last_turns"][BEN] == ["draw"], "his answer to the Mask is not his turn"
    assert "lay parchemin" in moves(st), "he drew on his previous turn"


def test_save_and_restore_in_the_middle_of_a_choice():
    st = _mask_table()
    st.play("lay masque")
    again = tabletop.restore(st.to_json())
    assert again.current_player == BEN and moves(again) == moves(st)
    again.play("discard statuette")
    assert again.view(ANA)["removed"] == ["statuette"]


def test_a_save_from_before_the_talon_option_replays_at_its_default():
    # A save is believed only when its moves replay to it (issue 33): an option it has no
    # value for replays at its default, here talon=previous, and the game plays on so.
    st = table("serre", "statuette")
    drive(st, "A: draw; B: lay statuette")
    assert "lay serre" in moves(st)
    data = json.loads(st.to_json())
    del data["options"]["talon"]  # saved before the option existed
    old = tabletop.restore(json.dumps(data))
    assert old.options["talon"] == "previous"
    assert "lay serre" in moves(old)
