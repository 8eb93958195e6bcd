"""The text board of an episode, as the terminal table draws it (for ``render()``): the view
of the seat to decide with its moves, and once the game is over every seat's cards and the
outcome. It shows a person watching the agents; the agents themselves read observe()."""

from __future__ import annotations

import io

from rich.console import Console, Group

from tabletop.env.episode import Episode
from tabletop.ui.render import render_outcome, render_screen

WIDTH, HEIGHT = 80, 40


def board(ep: Episode, lang: str = "en") -> str:
    st = ep.state
    console = Console(width=WIDTH, file=io.StringIO(), color_system=None, record=True,
                      legacy_windows=False, force_terminal=False)
    seat = ep.to_move
    if seat is None:
        parts = [render_screen(st, 0, lang, None, WIDTH, HEIGHT, spectator=True)]
        if st.outcome is not None:
            parts.append(render_outcome(st, lang, humans=[]))
        else:
            parts.append(f"stopped after {len(st.history)} moves (max_moves)")
        console.print(Group(*parts))
    else:
        console.print(render_screen(st, seat, lang, st.legal_moves(), WIDTH, HEIGHT))
    return console.export_text()
