"""Every file tabletop reads is checked as a regular file of bounded size BEFORE it is read
(tabletop/safety/files.py): a FIFO never hangs a command, /dev/zero never fills the memory, a
ruleset
that extends a huge base is refused at the limit; each is one sentence naming the file.

Each test runs under a guard: an alarm that stops a read which would hang (a FIFO opened the
old way waits for a writer for good) and a memory bound that stops one which would take
gigabytes (/dev/zero read whole), so the tests fail, and do not hang, on code without the
checks."""

from __future__ import annotations

import os
import resource
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop import registry
from tabletop.cli import main
from tabletop.errors import RulesetError, TabletopError
from tabletop.safety.files import FileReadError, read_text

ZERO = Path("/dev/zero")
pytestmark = pytest.mark.skipif(not ZERO.exists() or not hasattr(os, "mkfifo"),
                                reason="needs /dev/zero and FIFOs")


class _Hung(Exception):
    pass


@pytest.fixture(autouse=True)
def guard(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A read that waits more than 10 s, or takes more than 1 GB, fails the test."""
    monkeypatch.setattr(registry, "_games_dirs", [])
    # two shipped games are enough to list (a cold cache loads each one: the test stays short)
    monkeypatch.setattr(registry, "games", lambda: ["deck-menteur", "scoundrel"])
    monkeypatch.setenv("COLUMNS", "400")  # a sentence on one line, however long its folder
    registry._load_path.cache_clear()

    def hung(_signum: int, _frame: Any) -> None:
        raise _Hung("the read waited for good")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm") as f:
        used = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    bound = used + 1_000_000_000
    if hard == resource.RLIM_INFINITY or bound < hard:
        resource.setrlimit(resource.RLIMIT_AS, (bound, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
        registry._load_path.cache_clear()


def _said(capsys: pytest.CaptureFixture[str]) -> str:
    out = capsys.readouterr()
    return " ".join((out.out + out.err).split())


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        code = main(args)
    except SystemExit as e:
        code = int(e.code or 0)
    return code, _said(capsys)


@pytest.fixture()
def fifo(tmp_path: Path) -> Path:
    p = tmp_path / "pipe.yaml"
    os.mkfifo(p)
    return p


@pytest.fixture()
def zero(tmp_path: Path) -> Path:
    p = tmp_path / "zero.yaml"
    p.symlink_to(ZERO)
    return p


def _special(request: pytest.FixtureRequest, kind: str) -> Path:
    return Path(request.getfixturevalue(kind))


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_the_reader_refuses_what_is_not_a_regular_file(kind: str,
                                                        request: pytest.FixtureRequest) -> None:
    path = _special(request, kind)
    with pytest.raises(FileReadError) as e:
        read_text(path, 1000, "save")
    assert str(path) in str(e.value) and "not a regular file" in str(e.value)
    assert "n'est pas un fichier ordinaire" in e.value.in_lang("fr")


def test_the_reader_refuses_a_file_over_its_limit_without_reading_it(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as f:  # a sparse file: 1.1 GB said, nothing written
        f.truncate(1_100_000_000)
    with pytest.raises(FileReadError) as e:
        read_text(big, 20_000_000, "save")
    assert str(big) in str(e.value) and "20 MB, the limit for a saved game" in str(e.value)
    assert "dépasse 20 Mo, la limite pour une partie sauvegardée" in e.value.in_lang("fr")


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_a_ruleset_that_is_not_a_regular_file_is_one_sentence(
        kind: str, request: pytest.FixtureRequest) -> None:
    path = _special(request, kind)
    with pytest.raises(RulesetError) as e:
        registry.load(str(path))
    assert "not a regular file" in str(e.value)
    assert "n'est pas un fichier ordinaire" in e.value.in_lang("fr")


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_a_base_that_is_not_a_regular_file_is_refused(kind: str, tmp_path: Path,
                                                       request: pytest.FixtureRequest) -> None:
    base = _special(request, kind)
    kid = tmp_path / "kid.yaml"
    kid.write_text(f"id: kid\nextends: {base.stem}\n", encoding="utf-8")
    with pytest.raises(RulesetError) as e:
        registry.load(str(kid))
    assert f"{base.name}: not a regular file" in str(e.value)


def test_a_huge_base_is_refused_at_the_limit(tmp_path: Path) -> None:
    """The 1 MB limit applies to the bases a ruleset extends, before they are read."""
    with (tmp_path / "big.yaml").open("wb") as f:
        f.truncate(1_100_000_000)
    kid = tmp_path / "kid.yaml"
    kid.write_text("id: kid\nextends: big\n", encoding="utf-8")
    with pytest.raises(RulesetError) as e:
        registry.load(str(kid))
    assert "big.yaml: the file is larger than 1000000 bytes (the limit)" in str(e.value)


@pytest.mark.parametrize("kind", ["fifo", "zero"])
@pytest.mark.parametrize("command", [["list"], ["rules", "{name}"], ["check", "{path}"]])
def test_a_special_file_in_the_games_folder_is_a_sentence(
        kind: str, command: list[str], request: pytest.FixtureRequest,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = _special(request, kind)
    args = [a.format(name=path.stem, path=path) for a in command]
    if command[0] != "check":
        args += ["--games-dir", str(path.parent)]
    code, out = _run(args, capsys)
    assert "not a regular file" in out and "internal error" not in out
    assert code == (0 if command == ["list"] else 2 if command[0] == "rules" else 1)


def test_a_symlink_loop_in_the_games_folder_is_a_sentence(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.yaml").symlink_to(tmp_path / "b.yaml")
    (tmp_path / "b.yaml").symlink_to(tmp_path / "a.yaml")
    code, out = _run(["list", "--games-dir", str(tmp_path)], capsys)
    assert code == 0 and "scoundrel" in out
    assert "a.yaml: cannot read the file" in out and "internal error" not in out
    code, out = _run(["rules", "a", "--games-dir", str(tmp_path)], capsys)
    assert code == 2 and "a.yaml: cannot read the file" in out and "internal" not in out


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_a_special_file_as_the_cache_is_ignored(kind: str, request: pytest.FixtureRequest,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop.summary import _cache_file
    path = _special(request, kind)
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(path.parent))
    os.replace(path, _cache_file())
    code, out = _run(["list"], capsys)
    assert code == 0 and "scoundrel" in out and "deck-menteur" in out


@pytest.mark.parametrize("kind", ["fifo", "zero"])
@pytest.mark.parametrize("command", ["play", "solve"])
def test_a_special_file_as_a_save_is_a_sentence(kind: str, command: str,
                                                request: pytest.FixtureRequest,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = _special(request, kind)
    code, out = _run([command, "--load", str(path)], capsys)
    assert code == 2 and f"{path} is not a regular file" in out
    code, out = _run([command, "--load", str(path), "--lang", "fr"], capsys)
    assert "n'est pas un fichier ordinaire" in out


def test_a_pipe_as_the_page_beside_a_ruleset_is_passed_over(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The rules page beside a user's ruleset is read safely too: a pipe there is no page."""
    text = registry.ruleset_path("scoundrel").read_text(encoding="utf-8")
    mine = tmp_path / "mine.yaml"
    mine.write_text(text.replace("id: scoundrel", "id: mine", 1), encoding="utf-8")
    os.mkfifo(tmp_path / "mine.md")
    code, out = _run(["rules", str(mine)], capsys)
    assert code == 1 and "No rules page is shipped for Scoundrel" in out


def test_every_error_here_is_ours() -> None:
    """The refusals are TabletopErrors: the terminal says them, never 'internal error'."""
    assert issubclass(FileReadError, TabletopError)
