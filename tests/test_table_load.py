"""A loaded save is checked like a new game: its game, options, players and moves; a wrong one
gets one sentence naming what is wrong (issue 13). A save is believed only when its moves
replay to it: one made before an option existed replays under its default, and a save whose
options the game cannot explain is refused, naming the option (issue 33)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pexpect
import pytest
from terminal import clean, spawn

import tabletop


def _save(tmp_path: Path) -> dict[str, Any]:
    st = tabletop.load("scoundrel").new_game(seed=3)
    st.play("equip 8D")
    st.play("fight 2C")
    return dict(json.loads(st.to_json()))


def _edit_game(d: dict[str, Any]) -> None:
    d["game"] = "push-to-five"


def _edit_hp(d: dict[str, Any]) -> None:
    d["state"]["vars"]["hp"] = "lots"


def _edit_option(d: dict[str, Any]) -> None:
    d["options"]["difficulty"] = "nightmare"


def _edit_players(d: dict[str, Any]) -> None:
    d["players"] = 4


def _edit_move(d: dict[str, Any]) -> None:
    d["moves"][1] = "fight 9S"


def _edit_seed(d: dict[str, Any]) -> None:
    d["seed"] = "seven"


def _edit_older_hp(d: dict[str, Any]) -> None:  # as if saved before an option existed
    del d["options"]["binding"]
    d["state"]["vars"]["hp"] = "lots"


def _edit_unknown_game(d: dict[str, Any]) -> None:
    d["game"] = "chess"


@pytest.mark.parametrize(("edit", "message"), [
    (_edit_game, "the save cannot be a game of Push to Five"),
    (_edit_hp, "hp is 'lots' where the moves give 20"),
    (_edit_option, "option difficulty cannot be 'nightmare'"),
    (_edit_players, "played by 1 player, not 4"),
    (_edit_move, "move 2 of the save ('fight 9S') cannot be played"),
    (_edit_seed, "the save's seed is 'seven'"),
    (_edit_unknown_game, "a game that is not here: no game 'chess'"),
    (_edit_older_hp, "no value for the option(s) binding of Scoundrel, and at their defaults "
                     "its moves do not give the position saved (hp is 'lots' where the moves "
                     "give 20)"),
])
def test_a_tampered_save_gets_one_sentence(edit: Any, message: str, tmp_path: Path) -> None:
    data = _save(tmp_path)
    edit(data)
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    child = spawn(["play", "--load", str(path)], tmp_path)
    child.expect(pexpect.EOF)
    out = " ".join(clean(child.before).split())
    child.close()
    assert message in out, out
    assert "Traceback" not in out and "IndexError" not in out
    assert "mistake in the ruleset" not in out
    assert child.exitstatus == 2


def test_a_good_save_loads_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "good.json"
    path.write_text(json.dumps(_save(tmp_path)), encoding="utf-8")
    child = spawn(["play", "--load", str(path)], tmp_path)
    child.expect("> ")
    assert "8♦" in clean(child.before)
    child.sendline("quit")
    child.expect(pexpect.EOF)
