"""The engine's modules (issue 15): each imports alone in a fresh interpreter, and the imports
between them that run at import time (not those for type checking only) form no loop."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import tabletop

PACKAGE = Path(tabletop.__file__).parent
MODULES = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem not in ("__init__", "__main__"))


def _runtime_imports(path: Path) -> set[str]:
    """The sibling modules a module imports when it is imported (top level, outside
    ``if TYPE_CHECKING:``)."""
    out: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            out.add(node.module.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level == 1:
            out.update(a.name for a in node.names)
    return out & set(MODULES)


def test_no_import_loop_between_engine_modules() -> None:
    graph = {m: _runtime_imports(PACKAGE / f"{m}.py") for m in MODULES}
    assert "state" not in graph["game"] or "game" not in graph["state"]
    done: set[str] = set()

    def visit(m: str, path: list[str]) -> None:
        assert m not in path, f"import loop: {' -> '.join([*path, m])}"
        if m in done:
            return
        for n in sorted(graph[m]):
            visit(n, [*path, m])
        done.add(m)

    for m in MODULES:
        visit(m, [])
    # the parts of State stand apart: none imports state.py or game.py when imported
    for part in ("values", "context", "base", "moves", "effects", "views", "saves", "expr"):
        assert not graph[part] & {"state", "game"}, part


def test_each_module_imports_alone() -> None:
    code = "; ".join(f"import tabletop.{m}" for m in ("values", "context", "base", "moves",
                                                       "effects", "views", "saves", "state",
                                                       "game", "expr", "spec"))
    for m in ("values", "effects", "views", "saves", "moves", "state", "game"):
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
    from tabletop.state import BOX, CHOICE, Ctx, Event, Move, Outcome, State, fold_accents

    assert (BOX, CHOICE) == ("_box", "@choice")
    assert isinstance(st, State) and Ctx and Event and Move and Outcome and fold_accents
