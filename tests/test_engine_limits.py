"""A ruleset from anyone is safe to load and to play: every limit of tabletop.safety.limits is one
RulesetError naming the line and the limit, within seconds and bounded memory.

Each file of tests/hostile/ holds one defect and says, in its first comment lines, the message
expected (``# expect:``) and its line (``# line:``). `tabletop check` reads each in a child
process under a memory cap (resource.setrlimit) and a timeout: it loads the file, then plays
random games, so the defects met during play are found too.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import load_ruleset

from tabletop import RulesetError
from tabletop.safety.limits import MAX_CARDS

HOSTILE = Path(__file__).parent / "hostile"
MEMORY_CAP = 1_000_000_000  # bytes of address space for the child
TIMEOUT = 30  # seconds

CHILD = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
from tabletop.cli import main
sys.exit(main(["check", sys.argv[1], "--games", "3", "--seconds", "10"]))
"""


def run_hostile(path: Path) -> str:
    """What `tabletop check FILE` says of the file, run in a child process under the memory
    cap and the timeout; it must exit with status 1 and no traceback."""
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", CHILD.format(cap=MEMORY_CAP), str(path)],
                          capture_output=True, text=True, timeout=TIMEOUT,
                          env={**os.environ, "COLUMNS": "2000"})
    assert time.monotonic() - start < TIMEOUT
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 1, (done.returncode, done.stdout[-2000:], done.stderr[-2000:])
    return re.sub(r"\s+", " ", done.stdout).strip()


def expectations(path: Path) -> tuple[str, int | None]:
    head = path.read_text(encoding="utf-8").splitlines()[:4]
    expect = next(x.split(":", 1)[1].strip() for x in head if x.startswith("# expect:"))
    line = next((int(x.split(":", 1)[1]) for x in head if x.startswith("# line:")), None)
    return expect, line


@pytest.mark.parametrize("path", sorted(HOSTILE.glob("*.yaml")), ids=lambda p: p.stem)
def test_each_hostile_file_is_one_sentence_naming_line_and_limit(path: Path) -> None:
    expect, line = expectations(path)
    said = run_hostile(path)
    assert expect in said, said
    if line is not None:
        assert f", line {line}" in said, said


GENERATED = {
    "too-large": ("id: big\n" + "# padding\n" * 120_000, "larger than 1000000 bytes", None),
    "brackets": ("id: " + "[" * 100_000, "nest", 1),  # libyaml stops at 1000 itself
    "nested-ifs": ("id: deep\nsetup:\n" + "".join(
        "  " * i + "- if: true\n" + "  " * i + "  then:\n" for i in range(300)),
        "nested more than 64 levels deep", None),
    "long-expression": ("""id: long
name: Long
players: {min: 1, max: 1}
cards: [{id: a}]
zones: {deck: {deck: true}}
moves: []
end: []
outcomes: {}
view:
  x: \"""" + " + ".join(["1"] * 6000) + "\"\n", "longer than 20000 characters", 10),
}


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_generated_hostile_files(tmp_path: Path, name: str) -> None:
    text, expect, line = GENERATED[name]
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    said = run_hostile(path)
    assert expect in said, said
    if line is not None:
        assert f", line {line}" in said, said


FLAT = """id: flat
name: {en: Flat, fr: Plat}
players: {min: 1, max: 1}
cards: [{id: a, value: 2}]
zones: {deck: {deck: true}, table: {}}
vars: {total: 0}
moves:
  - id: add
    notation: add
    effects:
      - set: {total: "%s"}
      - move: {what: "top(deck)", to: table}
end: [{if: "size(deck) == 0", outcome: done}]
outcomes: {done: {winners: "[0]", reason: {en: done, fr: fini}}}
view:
  total: total
  all: "%s"
"""


def test_a_flat_sum_of_a_thousand_terms_works(tmp_path: Path) -> None:
    total = " + ".join(["top(deck).value"] * 1000)
    test = " and ".join(["total >= 0"] * 1000)
    st = load_ruleset(tmp_path, FLAT % (total, test)).new_game(seed=1)
    st.play("add")
    assert st.view(0) == {"total": 2000, "all": True}


def test_ten_thousand_distinct_cards_load_in_bounded_time(tmp_path: Path) -> None:
    # A guard against work that grows with the square of the cards (10^8 steps would take
    # minutes), not a speed figure: it takes about 2 s, and the same hang limit as a hostile
    # file, so a loaded machine cannot fail it. Speed is printed by benchmarks/, never asserted.
    cards = "".join(f"  - {{id: c{i}, value: {i % 10}}}\n" for i in range(MAX_CARDS))
    text = FLAT.replace("cards: [{id: a, value: 2}]\n", "cards:\n" + cards) % ("1", "true")
    start = time.process_time()
    game = load_ruleset(tmp_path, text)
    assert len(game.spec.cards) == MAX_CARDS
    assert time.process_time() - start < TIMEOUT


def test_a_duplicate_key_anywhere_is_an_error(tmp_path: Path) -> None:
    text = FLAT.replace("vars: {total: 0}", "vars: {total: 0, total: 1}") % ("1", "true")
    with pytest.raises(RulesetError, match="'total' appears twice") as info:
        load_ruleset(tmp_path, text)
    assert info.value.line == 6


def test_a_yaml_merge_key_is_not_a_duplicate(tmp_path: Path) -> None:
    text = (FLAT % ("1", "true")).replace(
        "zones: {deck: {deck: true}, table: {}}",
        "zones:\n  deck: &z {deck: true, visibility: hidden}\n  table: {<<: *z, deck: false}")
    assert load_ruleset(tmp_path, text).spec.zones["table"].visibility == "hidden"


def test_a_limit_met_during_play_names_the_line(tmp_path: Path) -> None:
    text = (FLAT % ("total * 100000000", "true")).replace("vars: {total: 0}",
                                                          "vars: {total: 1000000000}")
    st = load_ruleset(tmp_path, text).new_game(seed=1)
    with pytest.raises(RulesetError, match=r"a number passed 10+ \(the limit\)") as info:
        st.play("add")
    assert info.value.line == 11 and info.value.field == "moves.0.effects.0"
    assert st.history == []  # the move was undone


def test_the_command_line_says_one_sentence_for_a_hostile_file() -> None:
    done = subprocess.run([sys.executable, "-m", "tabletop", "check",
                           str(HOSTILE / "alias-bomb.yaml")], capture_output=True, text=True,
                          timeout=TIMEOUT)
    said = re.sub(r"\s+", " ", done.stdout)
    assert "Traceback" not in done.stderr and done.returncode != 0
    assert "expand to more than 200000 values (the limit)" in said


def test_the_pure_python_reader_has_the_same_limits(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import yaml

    from tabletop.safety import limits
    monkeypatch.setattr(limits, "_LOADER", yaml.SafeLoader)
    with pytest.raises(RulesetError, match="nested more than 64 levels deep"):
        load_ruleset(tmp_path, "id: " + "[" * 5000)
    with pytest.raises(RulesetError, match="'b' appears twice"):
        load_ruleset(tmp_path, "a: 1\nb: 2\nb: 3\n")
    assert limits.read_yaml("a: &x [1]\nb: *x\n")[0] == {"a": [1], "b": [1]}
