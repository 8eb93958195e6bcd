"""Save files on disk (issue 33, points 2, 4 and 9; issue 34, point 10): one table per save
file at a time (an advisory lock: the second is told and asked for another file), partial
files named per process, a symbolic link saved through to its target, a device or a pipe
never replaced, a default name that does not show a drawn seed, and `tabletop saves` (the
list, --clean, --load last), in English and French."""

from __future__ import annotations

import json
import os
import random
import stat
import sys
import time
from pathlib import Path

import pexpect
import pytest
from terminal import clean, spawn

import tabletop
from tabletop.engine import savefiles


def _quit(child: pexpect.spawn) -> str:
    child.sendline("quit")
    child.expect(pexpect.EOF)
    return " ".join(clean(child.before).split())


def test_two_tables_on_one_save_file_the_second_is_told_and_asked(tmp_path: Path) -> None:
    """Two tables wrote one FILE.partial: invalid JSON on disk, and a false 'could not save'."""
    save = tmp_path / "shared.json"
    first = spawn(["play", "scoundrel", "--seed", "3", "--save", str(save)], tmp_path)
    first.expect("> ")
    second = spawn(["play", "--load", str(save)], tmp_path)
    second.expect("Type another file")
    assert "is in use by another table" in " ".join(clean(second.before).split())
    other = tmp_path / "mine.json"
    second.sendline(str(other))
    second.expect("Game saved to")
    second.expect("> ")
    second.sendline("1")
    second.expect("> ")
    first.sendline("2")
    first.expect("> ")
    _quit(second)
    _quit(first)
    a, b = (tabletop.restore(p.read_text(encoding="utf-8")) for p in (save, other))
    assert len(a.history) == len(b.history) == 1 and a.history != b.history
    third = spawn(["play", "--load", str(save)], tmp_path)  # free again once the first left
    third.expect("> ")
    assert "in use" not in _quit(third)


def test_the_second_table_is_told_in_french(tmp_path: Path) -> None:
    save = tmp_path / "partagee.json"
    first = spawn(["play", "scoundrel", "--seed", "3", "--save", str(save)], tmp_path)
    first.expect("> ")
    second = spawn(["play", "--load", str(save), "--lang", "fr"], tmp_path, lang="fr")
    second.expect("Tapez un autre fichier")
    assert "est utilisé par une autre table" in " ".join(clean(second.before).split())
    second.sendline("")  # play on unsaved
    second.expect("> ")
    second.sendline("quitter")
    second.expect("Partir quand même")
    second.sendline("oui")
    second.expect(pexpect.EOF)
    _quit(first)


def test_a_table_of_bots_takes_the_next_name_when_its_file_is_in_use(tmp_path: Path) -> None:
    save = tmp_path / "bots.json"
    lock = savefiles.SaveLock()
    assert lock.acquire(save)
    try:
        child = spawn(["play", "push-to-five", "--players", "2", "--watch", "--delay", "0",
                       "--seed", "1", "--save", str(save)], tmp_path, timeout=60)
        child.expect(pexpect.EOF)
    finally:
        lock.release()
    assert not save.exists()
    assert tabletop.restore((tmp_path / "bots-2.json").read_text(encoding="utf-8")).is_over


def test_partial_files_are_named_per_process(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    real = os.replace

    def replace(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        seen.append(str(src))
        real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    savefiles.write(tmp_path / "game.json", "{}")
    assert seen == [str(tmp_path / f".game.json.{os.getpid()}.partial")]
    assert (tmp_path / "game.json").read_text(encoding="utf-8") == "{}"


def test_a_symlink_is_saved_through_to_its_target(tmp_path: Path) -> None:
    """The link was replaced by a regular file and its target never updated."""
    target = tmp_path / "real" / "game.json"
    target.parent.mkdir()
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    child = spawn(["play", "scoundrel", "--seed", "3", "--save", str(link)], tmp_path)
    child.expect("> ")
    child.sendline("1")
    child.expect("> ")
    _quit(child)
    assert link.is_symlink()
    assert len(tabletop.restore(target.read_text(encoding="utf-8")).history) == 1


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_save_path_that_is_not_a_regular_file_is_refused(tmp_path: Path, kind: str) -> None:
    """As root `--save /dev/null` replaced the system's /dev/null."""
    if kind == "fifo":
        path = tmp_path / "pipe"
        os.mkfifo(path)
    else:
        path = Path("/dev/null")
    with pytest.raises(savefiles.SaveRefused):
        savefiles.write(path, "{}")
    child = spawn(["play", "scoundrel", "--seed", "3", "--save", str(path)], tmp_path)
    child.expect("Type another file")
    assert "it is not a regular file" in " ".join(clean(child.before).split())
    child.sendline(str(tmp_path / "instead.json"))
    child.expect("> ")
    _quit(child)
    mode = os.stat(path).st_mode
    assert stat.S_ISFIFO(mode) if kind == "fifo" else stat.S_ISCHR(mode)
    assert (tmp_path / "instead.json").is_file()


def test_the_default_name_does_not_show_a_drawn_seed(tmp_path: Path) -> None:
    """'deck-menteur-93822381.json': that seed deals every hand again."""
    child = spawn(["play", "deck-menteur", "--players", "2"], tmp_path)
    child.expect("press Enter")
    child.sendline("")
    child.expect("> ")
    _quit(child)
    (path,) = tmp_path.glob("deck-menteur-*.json")
    seed = json.loads(path.read_text(encoding="utf-8"))["seed"]
    assert str(seed) not in path.name
    child = spawn(["play", "scoundrel", "--seed", "7"], tmp_path)  # a seed the player chose
    child.expect("> ")
    _quit(child)
    assert (tmp_path / "scoundrel-7.json").is_file()


def _saved(folder: Path, name: str, game_id: str, moves: int, age: float) -> Path:
    game = tabletop.load(game_id)
    players = 1 if game.spec.min_players == 1 else game.spec.min_players
    st = game.new_game(players=players, seed=3)
    chooser = random.Random(2)
    for _ in range(moves):
        if st.is_over:
            break
        st.play(chooser.choice(st.legal_moves()))
    path = folder / name
    savefiles.write(path, st.to_json())
    when = time.time() - age
    os.utime(path, (when, when))
    return path


def _folder(tmp_path: Path) -> tuple[Path, Path, Path]:
    folder = tmp_path / "saves"
    folder.mkdir()
    done = _saved(folder, "done.json", "scoundrel", 10_000, 300)
    old = _saved(folder, "older.json", "deck-menteur", 3, 200)
    new = _saved(folder, "newer.json", "push-to-five", 2, 100)
    (folder / "junk.json").write_text("not json", encoding="utf-8")
    return done, old, new


def test_saves_lists_each_save_most_recent_first(tmp_path: Path) -> None:
    done, old, new = _folder(tmp_path)
    child = spawn(["saves"], done.parent)
    child.expect(pexpect.EOF)
    out = clean(child.before)
    assert out.index("newer.json") < out.index("older.json") < out.index("done.json")
    assert "push-to-five, P1: 2 moves, not finished, saved" in " ".join(out.split())
    assert "finished" in out and "junk.json" in out and "not a save (not JSON)" in out
    assert "tabletop play --load last" in out
    child = spawn(["saves", "--lang", "fr"], done.parent, lang="fr")
    child.expect(pexpect.EOF)
    out = " ".join(clean(child.before).split())
    assert "2 coups, en cours" in out and "finie" in out and "pas du JSON" in out


def test_saves_clean_lists_asks_and_removes_only_finished_games(tmp_path: Path) -> None:
    done, old, new = _folder(tmp_path)
    child = spawn(["saves", "--clean"], done.parent)
    child.expect("Remove them")
    assert "done.json" in clean(child.before) and "newer.json" not in clean(child.before)
    child.sendline("no")
    child.expect("Nothing removed")
    child.expect(pexpect.EOF)
    assert done.exists()
    child = spawn(["saves", "--clean", "--lang", "fr"], done.parent, lang="fr")
    child.expect("Les supprimer")
    child.sendline("oui")
    child.expect("1 sauvegarde")
    child.expect(pexpect.EOF)
    assert not done.exists() and old.exists() and new.exists()
    assert (done.parent / "junk.json").exists()


def test_load_last_resumes_the_most_recent_unfinished_save(tmp_path: Path) -> None:
    done, old, new = _folder(tmp_path)
    child = spawn(["play", "--load", "last"], done.parent)
    child.expect("> ")
    out = _quit(child)
    assert f"Game saved to {new}" in out
    child = spawn(["play", "--load", "dernière", "--lang", "fr"], done.parent, lang="fr")
    child.expect("> ")
    assert str(new) in _quit(child)
    new.unlink()
    old.unlink()
    child = spawn(["play", "--load", "last"], done.parent)
    child.expect(pexpect.EOF)
    assert "--load last: no save of a game not finished in" in clean(child.before)


def test_a_fifo_given_to_load_is_one_sentence(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    child = spawn(["play", "--load", str(pipe)], tmp_path)
    child.expect(pexpect.EOF)
    said = " ".join(clean(child.before).split())  # (the sentence wraps at the screen's width)
    assert "is not a regular file (a folder, a pipe or a device)" in said
    assert said.count("tabletop:") == 1  # one sentence, no traceback


def test_saves_help_in_both_languages() -> None:
    for lang, word in (("en", "remove the saves of finished games"),
                       ("fr", "supprimer les sauvegardes des parties finies")):
        child = pexpect.spawn(sys.executable, ["-m", "tabletop", "saves", "--help",
                                               "--lang", lang], encoding="utf-8",
                              env=dict(os.environ, COLUMNS="80"))
        child.expect(pexpect.EOF)
        assert word in " ".join(child.before.split())
