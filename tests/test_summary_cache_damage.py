"""A summary cache that is wrong in any way (tabletop/summary.py) is ignored and built again:
`tabletop list` and `tabletop rules` say what they would with no cache at all, never an
internal error, a lasting error, or another game's page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop import registry
from tabletop.cli import main
from tabletop.summary import _cache_file, summaries

HERE = Path(__file__).parent
REFS = {str(HERE / "rulesets" / "coin-flip.yaml"): HERE / "rulesets" / "coin-flip.yaml",
        str(HERE / "rulesets" / "secret-duel.yaml"): HERE / "rulesets" / "secret-duel.yaml",
        "scoundrel": registry.ruleset_path("scoundrel")}


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("COLUMNS", "400")
    return _cache_file()


def _fresh() -> tuple[dict[str, Any], dict[str, Any]]:
    """What the summaries are with no cache, and the cache they write."""
    path = _cache_file()
    path.unlink(missing_ok=True)
    expected = summaries(REFS)
    return expected, json.loads(path.read_text(encoding="utf-8"))


_FRESH: list[Any] = []
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12)


def _paths(data: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (keys of mappings, indexes of lists)."""
    out = [here]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*here, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*here, i))
    return out


def _put(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    data[path[0]] = _put(data[path[0]], path[1:], value)
    return data


@st.composite
def damaged(draw: st.DrawFn, good: dict[str, Any]) -> str:
    """A cache file's text: the good cache with a value changed, an entry moved to another
    game's place, something else altogether, or not JSON."""
    how = draw(st.sampled_from(["change", "change", "swap", "drop", "any", "text", "deep"]))
    data = json.loads(json.dumps(good))
    if how == "change":
        path = draw(st.sampled_from(_paths(data)))
        data = _put(data, path, draw(json_values))
    elif how == "swap" and len(data) >= 2:
        a, b = draw(st.permutations(sorted(data)))[:2]
        part = draw(st.sampled_from(["entry", "sig", "check"]))
        data[a][part], data[b][part] = data[b].get(part), data[a].get(part)
    elif how == "drop":
        path = draw(st.sampled_from(_paths(data)[1:]))
        parent = _put(data, (), data)
        for k in path[:-1]:
            parent = parent[k]
        del parent[path[-1]]
    elif how == "any":
        data = draw(json_values)
    elif how == "text":
        return draw(st.text(max_size=40))
    else:
        return "[" * draw(st.integers(1_000, 50_000))
    return json.dumps(data)


def test_a_good_cache_is_read(cache: Path) -> None:
    expected, _good = _fresh()
    assert summaries(REFS) == expected
    stamp = cache.stat().st_mtime_ns
    assert summaries(REFS) == expected
    assert cache.stat().st_mtime_ns == stamp  # nothing was wrong: nothing written


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_any_damage_to_the_cache_is_ignored_and_mended(cache: Path, data: st.DataObject) -> None:
    if not cache.exists():  # once: the examples share the test's cache folder
        _FRESH[:] = _fresh()
    expected, good = _FRESH
    text = data.draw(damaged(good))
    cache.write_text(text, encoding="utf-8")
    assert summaries(REFS) == expected
    assert summaries(REFS) == expected  # and the next command too: nothing lasting
    assert json.loads(cache.read_text(encoding="utf-8")) == good  # the cache is mended


def test_a_swapped_entry_never_shows_another_game_s_page(
        cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "scoundrel"]) == 0
    page = capsys.readouterr().out
    assert main(["rules", "deck-menteur"]) == 0
    capsys.readouterr()
    data = json.loads(cache.read_text(encoding="utf-8"))
    ours = next(k for k in data if k.endswith("scoundrel.yaml"))
    theirs = next(k for k in data if k.endswith("deck-menteur.yaml"))
    data[ours]["entry"], data[theirs]["entry"] = data[theirs]["entry"], data[ours]["entry"]
    cache.write_text(json.dumps(data), encoding="utf-8")
    assert main(["rules", "scoundrel"]) == 0
    assert capsys.readouterr().out == page


@pytest.mark.parametrize("text", ['{"%s": {"sig": null, "entry": {"name": [1]}}}',
                                  "[" * 100_000, '{"a": ' * 5_000])
def test_list_survives_a_cache_that_broke_it(text: str, cache: Path,
                                             capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "games", lambda: ["scoundrel"])
    assert main(["list"]) == 0
    good = cache.read_text(encoding="utf-8")
    listed = capsys.readouterr().out
    key = next(iter(json.loads(good)))
    data = json.loads(good)
    cache.write_text(text.replace("%s", key.replace("\\", "\\\\")) if "%s" in text else text,
                     encoding="utf-8")
    if "%s" in text:  # the entry of the right file and signature, of the wrong shape
        bad = json.loads(cache.read_text(encoding="utf-8"))
        bad[key]["sig"] = data[key]["sig"]
        cache.write_text(json.dumps(bad), encoding="utf-8")
    for _ in range(2):
        assert main(["list"]) == 0
        assert capsys.readouterr().out == listed
