"""French « de » + the article that starts a name contracts (issue 34): « un coup du Coffre
et la Clé », never « de Le Coffre et la Clé »; « de La ... », « de L'... », a lower-case « de
le faire » and a name starting with a vowel (« d'Ana ») read as before."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

import tabletop
from tabletop.i18n.catalogue import elide_fr
from tabletop.i18n.messages import RULESET_MESSAGES
from tabletop.registry import games, ruleset_path

# what the contraction changes: de + Le/Les + a capital
_NAME_AFTER_DE = re.compile(r"\b[Dd]e Les? [A-ZÀ-Ý]")


def test_a_move_that_is_not_one_names_le_coffre_et_la_cle_as_french_says_it() -> None:
    st = tabletop.load("coffre-et-cle").new_game(players=4, seed=1)
    with pytest.raises(tabletop.NotationError) as e:
        st.parse_move("zzz")
    assert "n'est pas un coup du Coffre et la Clé ;" in e.value.in_lang("fr")
    assert "de Le Coffre" not in e.value.in_lang("fr")
    assert "is not a move of The Chest and the Key" in str(e.value)


@pytest.mark.parametrize("text, said", [
    ("un coup de Le Coffre et la Clé", "un coup du Coffre et la Clé"),
    ("De Le Coffre et la Clé", "Du Coffre et la Clé"),
    ("les règles de Les Aventuriers du Rail", "les règles des Aventuriers du Rail"),
    ("Notation de La Bataille", "Notation de La Bataille"),
    ("Notation de L'Expédition Rivale", "Notation de L'Expédition Rivale"),
    ("essayez de le faire", "essayez de le faire"),
    ("la Boule de feu de Ana", "la Boule de feu d'Ana"),
    ("les cartes de Lea", "les cartes de Lea"), ("de Le", "de Le")])
def test_de_contracts_only_before_a_name_starting_with_le_or_les(text: str, said: str) -> None:
    assert elide_fr(text) == said


def _french(v: object) -> list[str]:
    if isinstance(v, dict):
        return [t for k, x in v.items()
                for t in ([x] if k == "fr" and isinstance(x, str) else _french(x))]
    if isinstance(v, list):
        return [t for x in v for t in _french(x)]
    return []


@pytest.mark.parametrize("gid", games())
def test_no_french_text_of_a_game_is_changed_by_the_contraction(gid: str) -> None:
    texts = _french(yaml.safe_load(Path(ruleset_path(gid)).read_text(encoding="utf-8")))
    assert texts
    assert [t for t in texts if _NAME_AFTER_DE.search(t)] == []


def test_no_french_template_of_the_catalogue_is_changed_by_the_contraction() -> None:
    """Only a name given as a value (the game's, in « de {game} ») contracts."""
    from tabletop.i18n.table import TABLE_MESSAGES
    from tabletop.rules.values import ENGINE_MESSAGES
    templates = [m["fr"] for catalogue in (RULESET_MESSAGES, ENGINE_MESSAGES, TABLE_MESSAGES)
                 for m in catalogue.values()]
    assert len(templates) > 400
    assert [t for t in templates if _NAME_AFTER_DE.search(t)] == []
