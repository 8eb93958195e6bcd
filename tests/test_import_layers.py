"""The modules' layers: a module imports only from its own layer or a lower one, and the
imports between modules form no circle. Every import counts, those inside functions too; only
those under ``if TYPE_CHECKING:`` (for the type checker alone) do not. Each module also
imports alone in a fresh interpreter."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import tabletop

# layer -> its packages and modules (named from tabletop: "engine" is tabletop.engine and
# every module in it; "tabletop" is the package itself), from the lowest layer up. A module's
# layer is that of the longest name that holds it.
LAYERS: dict[str, list[str]] = {
    "words and limits": ["errors", "safety", "i18n"],
    "language": ["lang"],
    "rules": ["rules"],
    "engine": ["engine", "registry", "summary"],
    "bots and analysis": ["bots", "analysis", "testing"],
    "front ends": ["ui", "web", "env"],  # env: the learning agents' adapters
    "command line": ["cli", "__main__", "tabletop"],
}

# imports that break the layers today (importer, imported): each one to mend, then to drop
KNOWN: dict[tuple[str, str], str] = {
}

PACKAGE = Path(tabletop.__file__).parent


def _name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts) or "tabletop"


MODULES = {_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def _imports(name: str, path: Path, outside: set[str] | None = None) -> dict[str, int]:
    """The modules of tabletop that ``name`` imports anywhere (top level, inside functions or
    classes), each with the line of its first import; those under ``if TYPE_CHECKING:`` left
    out. The other packages it imports go in ``outside``, by their top-level name."""
    out: dict[str, int] = {}
    is_package = path.name == "__init__.py"
    here = [] if name == "tabletop" else name.split(".")
    package = here if is_package else here[:-1]

    def full(dotted: str) -> str:
        return dotted[len("tabletop."):] if dotted.startswith("tabletop.") else dotted

    def add(target: str, line: int) -> None:
        if target in MODULES and target != name:
            out.setdefault(target, line)

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for other in child.orelse:
                    visit_one(other)
            else:
                visit_one(child)

    def visit_one(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            for a in node.names:
                add(full(a.name), node.lineno)
                if outside is not None:
                    outside.add(a.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            if outside is not None and not node.level:
                outside.add((node.module or "").split(".")[0])
            if node.level:
                base = package[:len(package) - (node.level - 1)]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = full(node.module or "")
            module = module or "tabletop"
            for a in node.names:  # ``from . import x``: x is a module, or a name of the package
                sub = a.name if module == "tabletop" else f"{module}.{a.name}"
                add(sub if sub in MODULES else module, node.lineno)
        else:
            visit(node)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return out


OUTSIDE: dict[str, set[str]] = {m: set() for m in MODULES}
GRAPH = {m: _imports(m, p, OUTSIDE[m]) for m, p in MODULES.items()}
# what only the front ends draw or serve with
FRONT_END_LIBRARIES = {"rich", "starlette", "uvicorn", "segno", "matplotlib"}
_PLACES = {place: n for n, (_layer, places) in enumerate(LAYERS.items()) for place in places}


def _layer(module: str) -> int | None:
    parts = module.split(".")
    for k in range(len(parts), 0, -1):
        if ".".join(parts[:k]) in _PLACES:
            return _PLACES[".".join(parts[:k])]
    return None


LAYER_OF = {m: n for m in MODULES if (n := _layer(m)) is not None}


def test_every_module_has_a_layer() -> None:
    assert sorted(set(MODULES) - set(LAYER_OF)) == []
    assert sorted(p for p in _PLACES if p not in MODULES) == []  # each place is there
    assert len(_PLACES) == sum(len(ps) for ps in LAYERS.values())  # each place once


def test_modules_import_only_from_their_layer_or_lower() -> None:
    wrong = [f"{m} (line {line}) imports {n}, a higher layer"
             for m, targets in GRAPH.items() for n, line in targets.items()
             if LAYER_OF[n] > LAYER_OF[m] and (m, n) not in KNOWN]
    assert wrong == []


def test_no_import_circle() -> None:
    graph = {m: sorted(n for n in targets if (m, n) not in KNOWN)
             for m, targets in GRAPH.items()}
    done: set[str] = set()

    def visit(m: str, path: list[str]) -> None:
        assert m not in path, f"import circle: {' -> '.join([*path[path.index(m):], m])}"
        if m in done:
            return
        for n in graph[m]:
            visit(n, [*path, m])
        done.add(m)

    for m in sorted(graph):
        visit(m, [])


def test_the_parts_of_state_stand_apart() -> None:
    """None of the parts of State imports engine/state.py or engine/game.py."""
    state, game = "engine.state", "engine.game"
    assert state not in GRAPH[game] or game not in GRAPH[state]
    for part in ("rules.values", "engine.context", "engine.base", "engine.moves",
                 "engine.effects", "engine.views", "engine.saves", "lang.expr"):
        assert not set(GRAPH[part]) & {state, game}, part


def test_only_the_front_ends_draw_or_serve() -> None:
    """The engine, the bots and the analysis import no terminal, web or plotting library."""
    front = _PLACES[LAYERS["front ends"][0]]
    wrong = {m: sorted(OUTSIDE[m] & FRONT_END_LIBRARIES) for m in MODULES
             if LAYER_OF[m] < front and OUTSIDE[m] & FRONT_END_LIBRARIES}
    assert wrong == {}


@pytest.mark.parametrize("edge", sorted(KNOWN))
def test_each_known_offender_is_still_there(edge: tuple[str, str]) -> None:
    """An import mended is taken out of KNOWN."""
    assert edge[1] in GRAPH[edge[0]], f"{edge} no longer imports: drop it from KNOWN"


def test_each_module_imports_alone() -> None:
    code = "; ".join(f"import tabletop.{m}" for m in (
        "rules.values", "engine.context", "engine.base", "engine.moves", "engine.effects",
        "engine.views", "engine.saves", "engine.state", "engine.game", "lang.expr",
        "rules.spec"))
    for m in ("rules.values", "engine.effects", "engine.views", "engine.saves", "engine.moves",
              "engine.state", "engine.game", "engine.compile.codegen", "rules.steps"):
        r = subprocess.run([sys.executable, "-c", f"import tabletop.{m}"],
                           capture_output=True, text=True, check=False)
        assert r.returncode == 0, r.stderr
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr


def test_state_keeps_its_public_api() -> None:
    st = tabletop.load("scoundrel").new_game(seed=1)
    for name in ("legal_moves", "play", "copy", "view", "determinize", "to_json", "from_data",
                 "parse_move", "move_text", "move_hint", "is_over", "current_player",
                 "outcome", "log", "history", "rng", "seat_name", "prompt", "run_setup"):
        assert hasattr(st, name), name
    from tabletop.engine.state import BOX, CHOICE, Ctx, Event, Move, Outcome, State, fold_accents

    assert (BOX, CHOICE) == ("_box", "@choice")
    assert isinstance(st, State) and Ctx and Event and Move and Outcome and fold_accents
