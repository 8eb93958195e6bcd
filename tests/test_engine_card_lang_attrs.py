"""card.name_<lang> and card.text_<lang>: a card's name and text in a given language, so a
French message can name a card in French ("{card.name_fr}")."""

from __future__ import annotations

import tabletop


def test_names_and_texts_by_language() -> None:
    st = tabletop.load("pyramide-escape").new_game(deck=["corridor", "torch"])
    events = st.play("use torch")
    logs = [e for e in events if e.kind == "log"]
    assert logs[0].text_in("en") == "used the Torch in the Trapped Corridor"
    assert "« Torche »" in logs[0].text_in("fr") and "« Couloir Piégé »" in logs[0].text_in("fr")


def test_an_unknown_language_is_an_ordinary_missing_attribute() -> None:
    spec = tabletop.load("pyramide-escape").spec
    torch = spec.card_by_code("torch")[0]
    assert torch.attr("name_fr") == "Torche" and torch.attr("text_en").startswith("Ignore")
    assert torch.attr("name_de") is None
