"""A save is believed only when its moves replay to it (issue 33, points 1, 6 and 8): an option
name the game does not know is one sentence naming it (never taken for an older version and
trusted), an option added since replays at its default, the position is compared as values
(the order of the keys is free), and every damage is a SaveFileError sentence, in the API and
at the terminal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pexpect
import pytest
from terminal import clean, spawn

import tabletop
from tabletop import SaveFileError


def _scoundrel() -> tabletop.State:
    st = tabletop.load("scoundrel").new_game(seed=3)
    st.play("equip 8D")
    st.play("fight 2C")
    return st


def _data(st: tabletop.State | None = None) -> dict[str, Any]:
    return dict(json.loads((st or _scoundrel()).to_json()))


def _restore(data: Any) -> tabletop.State:
    return tabletop.restore(data if isinstance(data, str) else json.dumps(data))


def test_a_misspelled_option_is_named_and_its_edits_never_load() -> None:
    """One flipped bit (binding -> bindinf) made restore() take the save for an older one and
    skip the check: hp 999 loaded."""
    d = _data()
    d["options"]["bindinf"] = d["options"].pop("binding")
    d["state"]["vars"]["hp"] = 999
    with pytest.raises(SaveFileError, match="option 'bindinf'.*did you mean 'binding'") as e:
        _restore(d)
    assert "l'option « bindinf »" in e.value.in_lang("fr")


def test_a_misspelled_option_alone_is_refused_too() -> None:
    d = _data()
    d["options"]["bindinf"] = d["options"].pop("binding")
    with pytest.raises(SaveFileError, match="bindinf"):
        _restore(d)


def test_an_added_option_name_is_refused() -> None:
    d = _data()
    d["options"]["cheat"] = "on"
    with pytest.raises(SaveFileError, match="'cheat' is not an option of Scoundrel"):
        _restore(d)


def test_a_save_made_before_an_option_existed_replays_at_its_default() -> None:
    st = _scoundrel()
    d = _data(st)
    del d["options"]["binding"]
    back = _restore(d)
    assert back.to_json() == st.to_json()
    back.play(back.legal_moves()[0])


@pytest.mark.parametrize("edit", [
    lambda d: d["state"]["vars"].__setitem__("hp", 999),
    lambda d: d["state"].__setitem__("turn_seat", 5),
    lambda d: d["state"]["zones"]["room"].append(d["state"]["zones"]["room"][0]),
    lambda d: d["state"]["rng"][1].__setitem__(3, 12345),
])
def test_an_edit_of_a_save_without_an_option_is_refused_naming_the_option(edit: Any) -> None:
    """216 of 216 renamed-option saves loaded whatever their position said."""
    d = _data()
    del d["options"]["binding"]
    edit(d)
    with pytest.raises(SaveFileError, match="no value for the option.s. binding of Scoundrel"):
        _restore(d)


def test_keys_in_another_order_load_as_the_same_game() -> None:
    """`jq -S` sorts every key: the save was 'not what its moves give'."""
    st = _scoundrel()
    text = json.dumps(json.loads(st.to_json()), sort_keys=True, indent=2)
    back = tabletop.restore(text)
    assert back.to_json() == st.to_json()


def _deep(n: int) -> str:
    return "[" * n + "]" * n


@pytest.mark.parametrize(("text", "message"), [
    (_deep(100_000), "not JSON"),
    ('{"format": "tabletop-save", "seed": ' + "7" * 5000 + "}", "not JSON"),
])
def test_unreadable_json_is_one_sentence(text: str, message: str) -> None:
    with pytest.raises(SaveFileError, match=message):
        tabletop.restore(text)


def _deep_var(d: dict[str, Any]) -> None:
    v: Any = 1
    for _ in range(900):
        v = [v]
    d["state"]["vars"]["hp"] = v


@pytest.mark.parametrize("edit", [
    lambda d: d["state"]["rng"][1].__setitem__(0, -1),
    lambda d: d["state"]["rng"][1].__setitem__(0, 10**20),
    lambda d: d["state"]["rng"].__setitem__(1, "x"),
    lambda d: d["state"].__setitem__("known", [[[1]]]),
    lambda d: d["state"].__setitem__("known", 5),
    lambda d: d["state"].__setitem__("frames", [[99, 0, 0]]),
    lambda d: d["state"].__setitem__("log", [{"x": 1}]),
    lambda d: d.__setitem__("state", None),
    lambda d: d["state"]["vars"].__setitem__("hp", {"$card": 10**6}),
    _deep_var,
    lambda d: d.__setitem__("seed", 10**30),
    lambda d: d.__setitem__("seed", -5),
    lambda d: d.__setitem__("first", "x"),
    lambda d: d.__setitem__("names", "Ana"),
    lambda d: d.__setitem__("options", {"binding": 3}),
    lambda d: d.__setitem__("moves", "fight"),
])
def test_every_damage_is_a_save_file_error(edit: Any) -> None:
    """RecursionError, ValueError, OverflowError and TypeError got out of restore()."""
    d = _data()
    edit(d)
    with pytest.raises(SaveFileError) as e:
        _restore(d)
    assert set(e.value.texts) == {"en", "fr"}
    assert len(str(e.value)) < 600


def test_restore_of_something_not_text_names_the_argument() -> None:
    with pytest.raises(tabletop.ArgumentError, match=r"restore\(\): text must be"):
        tabletop.restore(None)  # type: ignore[arg-type]


def test_the_terminal_says_one_sentence_for_a_misspelled_option(tmp_path: Path) -> None:
    """It crashed at the board: internal error (KeyError: 'bindinf')."""
    d = _data()
    d["options"]["bindinf"] = d["options"].pop("binding")
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(d), encoding="utf-8")
    for lang, said in (("en", "the save's option 'bindinf'"),
                       ("fr", "l'option « bindinf » de la sauvegarde")):
        child = spawn(["play", "--load", str(path), "--lang", lang], tmp_path)
        child.expect(pexpect.EOF)
        out = " ".join(clean(child.before).split())
        child.close()
        assert said in out, out
        assert "internal error" not in out and "erreur interne" not in out
        assert child.exitstatus == 2


def test_the_terminal_says_one_sentence_for_a_deep_save(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    d = _data()
    path.write_text(json.dumps(d)[:-1] + ', "x": ' + _deep(50_000) + "}", encoding="utf-8")
    child = spawn(["play", "--load", str(path)], tmp_path)
    child.expect(pexpect.EOF)
    out = " ".join(clean(child.before).split())
    child.close()
    assert "not a tabletop save (not JSON: nested too deeply)" in out, out
    assert child.exitstatus == 2
