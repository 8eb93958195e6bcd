import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True, scope="session")
def _own_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The tests never read or write the user's cache (tabletop/summary.py)."""
    os.environ["TABLETOP_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))
