"""The YAML examples of docs/yaml-reference.md, so that tests load and play what the page
shows."""

from __future__ import annotations

import re
from pathlib import Path

REFERENCE = Path(__file__).resolve().parent.parent / "docs" / "yaml-reference.md"


def example(heading: str, index: int = 0) -> str:
    """The index-th ```yaml block under the section titled ``heading`` (## or ###)."""
    text = REFERENCE.read_text(encoding="utf-8")
    m = re.search(rf"^#+ {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, flags=re.M | re.S)
    assert m is not None, f"no section {heading!r} in the YAML reference"
    blocks = re.findall(r"```yaml\n(.*?)```", m.group(1), flags=re.S)
    return blocks[index]
