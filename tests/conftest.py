import os
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from helpers import Counting  # noqa: E402  (found on the path set just above)

from tabletop.engine.effects import Effects  # noqa: E402


@pytest.fixture(autouse=True, scope="session")
def _own_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The tests never read or write the user's cache (tabletop/summary.py)."""
    os.environ["TABLETOP_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))


@pytest.fixture
def count_frames(monkeypatch: pytest.MonkeyPatch) -> type[Counting]:
    """Every frame stack a state is given (a move's own, a save's, an undo's) counts the
    frames pushed on it (a move's first segment runs before the interpreter's loop)."""
    def get(self: Effects) -> Any:
        return self.__dict__["frames"]

    def put(self: Effects, frames: Any) -> None:
        self.__dict__["frames"] = frames if type(frames) is Counting else Counting(frames)
    monkeypatch.setattr(Effects, "frames", property(get, put), raising=False)
    Counting.pushed = 0
    return Counting
