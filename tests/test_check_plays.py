"""`tabletop check FILE` plays random games and reports what loading cannot find, each with the
seed, players, options and moves that show it again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import load_ruleset

from tabletop import RulesetError
from tabletop.analysis.checker import play_check
from tabletop.cli import main

GOOD = """\
id: checkme
name: {en: Check me, fr: Vérifiez-moi}
players: {min: 1, max: 3}
max_moves: 40
score_bounds: [0, 10]
options:
  pace: {default: slow, values: [slow, fast]}
cards: [{suits: [S, H], ranks: [2, 3, 4, 5, 6]}]
zones:
  deck: {deck: true, visibility: hidden}
  hand: {visibility: owner, per_seat: true, order: row}
  table: {visibility: public}
vars:
  score: {initial: 0, per_seat: true}
setup:
  - for_each: {in: "seats()", var: s, do: [{deal: {from: deck, to: "hand[s]", count: 3}}]}
moves:
  - id: play
    notation: "play {card}"
    args: {card: {from: hand}}
    effects:
      - move: {what: card, to: table}
      - add: {score: 1}
      - end_turn: true
end:
  - if: "size(table) >= 3"
    outcome: done
outcomes:
  done: {winners: "[0]", reason: {en: done, fr: fini}, score: score}
view:
  hand: hand.code
  table: table.code
"""

PLAY = """    effects:
      - move: {what: card, to: table}
      - add: {score: 1}
      - end_turn: true
"""

CASES = {
    "start": (GOOD.replace("    args: {card: {from: hand}}\n",
                           "    args: {card: {from: hand}}\n    require:\n"
                           "      - if: 'size(table) > 0'\n"
                           "        why: {en: 'not yet', fr: 'pas encore'}\n"),
              "no move is legal at the start"),
    "stuck": (GOOD.replace('size(table) >= 3', 'size(table) >= 99'),
              r"nobody can move after \d+ moves"),
    "play": (GOOD.replace(PLAY, PLAY + "      - do: again\nprocedures:\n  again: [{do: again}]\n"),
             "ran more than 100000 steps"),
    "limit": (GOOD.replace(PLAY, PLAY.replace("move: {what: card, to: table}",
                                              "move: {what: card, to: hand}")),
              r"reached max_moves \(40\)"),
    "view": (GOOD.replace("  table: table.code\n", "  table: table.code\n  odd: '1 / 0'\n"),
             "division by zero"),
    "score": (GOOD.replace("add: {score: 1}", "add: {score: 20}"),
              r"a score of \d+ is outside score_bounds \[0, 10\]"),
}


@pytest.mark.parametrize("kind", sorted(CASES))
def test_each_play_time_defect_is_found_with_what_reproduces_it(tmp_path: Path,
                                                                 kind: str) -> None:
    text, says = CASES[kind]
    assert text != GOOD
    game = load_ruleset(tmp_path, text, "checkme.yaml")
    report = play_check(game, games=20, seconds=20)
    assert [p.kind for p in report.problems] == [kind]
    p = report.problems[0]
    assert re.search(says, p.message), p.message
    # the seed, players, options and moves deal the same game to the same point
    st = game.new_game(players=p.players, seed=p.seed, options=p.options)
    for move in p.moves[:-1] if kind in ("play",) else p.moves:
        st.play(move)
    if kind == "start":
        assert p.moves == () and st.legal_moves() == [] and not st.is_over
    elif kind == "stuck":
        assert st.legal_moves() == [] and not st.is_over
    elif kind == "play":
        with pytest.raises(RulesetError, match="ran more than"):
            st.play(p.moves[-1])
    elif kind == "limit":
        assert st.outcome is not None and st.outcome.name == "limit"
    elif kind == "view":
        with pytest.raises(RulesetError, match="division by zero"):
            st.view(None)
    elif kind == "score":
        assert st.outcome is not None and max(st.outcome.scores) > 10


def test_a_sound_ruleset_passes_every_player_count_and_option(tmp_path: Path) -> None:
    game = load_ruleset(tmp_path, GOOD, "checkme.yaml")
    report = play_check(game, games=12, seconds=20)
    assert report.problems == [] and report.games == 12 and not report.stopped
    assert len(report.lengths) == 12


def test_the_command_says_each_problem_and_exits_1(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "stuck.yaml"
    path.write_text(CASES["stuck"][0], encoding="utf-8")
    assert main(["check", str(path), "--games", "10"]) == 1
    out = re.sub(r"\s+", " ", capsys.readouterr().out)
    assert "problem: nobody can move after" in out
    assert f"to see it: tabletop play {path} --seed 1 --players 1 --option pace=slow" in out
    assert "then type these 3 moves: play " in out


def test_at_80_columns_sentences_wrap_by_words_and_commands_stay_whole(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(tmp_path)  # a short path, as a designer types it
    path = Path("brouillon-du-jeu-de-cartes.yaml")
    path.write_text(CASES["stuck"][0], encoding="utf-8")
    assert main(["check", str(path), "--games", "10", "--lang", "fr"]) == 1
    lines = capsys.readouterr().out.splitlines()
    command = f"  pour le voir : tabletop play {path} --seed 1 --players 1 --option pace=slow"
    assert command in lines  # one line, whole, to copy (longer than the screen)
    sentences = [ln for ln in lines if not ln.startswith("  ")]
    assert all(len(ln.rstrip()) <= 80 for ln in sentences), sentences
    monkeypatch.setenv("COLUMNS", "1000")  # the same report on a wide screen: the same words
    assert main(["check", str(path), "--games", "10", "--lang", "fr"]) == 1
    wide = capsys.readouterr().out.splitlines()
    def words(text: str) -> list[str]:  # (a time it took, "0,1 s", differs from run to run)
        return [w for w in text.split() if not re.fullmatch(r"\d+,\d+", w)]
    assert words(" ".join(sentences)) == words(" ".join(
        ln for ln in wide if not ln.startswith("  ")))  # no word cut at the edge
    monkeypatch.setenv("COLUMNS", "80")
    bad = Path("bad.yaml")  # a load error: one long sentence, wrapped between words
    bad.write_text(GOOD.replace("players:", "playerz:"), encoding="utf-8")
    assert main(["check", str(bad), "--lang", "fr"]) == 1
    out = capsys.readouterr().out
    assert all(len(ln.rstrip()) <= 80 for ln in out.splitlines())
    assert "vouliez-vous dire « players » ?" in " ".join(out.split())
    assert "card_types," in out.split()  # the list of keys cut between its words only


def test_the_command_passes_a_sound_ruleset_with_exit_0(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    path = tmp_path / "good.yaml"
    path.write_text(GOOD.replace("max: 3}", "max: 1}").replace(
        "  - id: play\n", "  - id: play\n").replace("score_bounds: [0, 10]\n", ""),
        encoding="utf-8")
    assert main(["check", str(path), "--games", "5"]) == 0
    out = re.sub(r"\s+", " ", capsys.readouterr().out)
    assert "32 cards" not in out and "10 cards, 1 move, 1 player" in out  # not "1 moves"
    assert "played 5 random games" in out and "no problem found" in out


def test_a_file_that_does_not_load_exits_1(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(GOOD.replace("move: {what: card, to: table}", "move: {what: card, to: tabel}"),
                    encoding="utf-8")
    assert main(["check", str(path)]) == 1
    out = re.sub(r"\s+", " ", capsys.readouterr().out)
    assert "unknown zone 'tabel' (did you mean 'table'?)" in out


@pytest.mark.parametrize(("old", "new", "says"), [
    ("  table: table.code\n", "  table: tabel.code\n", "unknown name 'tabel' in 'tabel.code' "
                                                       "(did you mean 'table'?)"),
    ("  table: table.code\n", "  table: 'sise(table)'\n", "unknown function 'sise' in "
                                                          "'sise(table)' (did you mean 'size'?)"),
    ("      - end_turn: true\n", "      - end_trun: true\n", "unknown effect 'end_trun' "
                                                             "(did you mean 'end_turn'?)"),
    ("max_moves: 40\n", "max_move: 40\n", "unknown key 'max_move' (did you mean 'max_moves'?)"),
    ("    outcome: done\n", "    outcome: dome\n", "unknown outcome 'dome' (did you mean "
                                                   "'done'?)"),
])
def test_unknown_names_get_did_you_mean(tmp_path: Path, old: str, new: str, says: str) -> None:
    assert old in GOOD
    with pytest.raises(RulesetError) as info:
        load_ruleset(tmp_path, GOOD.replace(old, new, 1))
    assert says in str(info.value)
