"""Drawing a seat's view with rich. It reads views and the ruleset's display hints; it never
decides a rule."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..spec import GameSpec, text_of
from ..state import Event, Move, State
from .i18n import t

SUIT_SYMBOL = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
SUIT_STYLE = {"S": "bold white on grey15", "C": "bold white on grey15",
              "D": "bold red on grey93", "H": "bold red on grey93"}


def card_text(spec: GameSpec, code: Any, lang: str, long: bool = False) -> Text:
    """A card as the table shows it: playing cards with suit symbol and colour, named cards
    by name (and text when ``long``). Unknown (hidden) cards show as a card back."""
    if code is None:
        return Text(" ? ", style="bold white on blue")
    code = str(code)
    cards = spec.card_by_code(code)
    if not cards:
        return Text(code)
    c = cards[0]
    if c.kind == "playing" and c.suit:
        return Text(f" {c.rank}{SUIT_SYMBOL[c.suit]} ", style=SUIT_STYLE[c.suit])
    name = text_of(c.name, lang)
    out = Text(name, style="bold cyan")
    if c.value is not None:
        out.append(f" ({c.value})", style="yellow")
    if long and c.text:
        out.append(f" - {text_of(c.text, lang)}", style="italic")
    return out


def _cards(spec: GameSpec, value: Any, lang: str) -> Text:
    if value is None or value == []:
        return Text("-", style="dim")
    if not isinstance(value, list):
        value = [value]
    named = any(spec.card_by_code(str(v)) and spec.card_by_code(str(v))[0].kind == "named"
                for v in value if v is not None)
    out = Text()
    for i, v in enumerate(value):
        if i:
            out.append("\n" if named else " ")
        if isinstance(v, list):
            out.append(_cards(spec, v, lang))
        else:
            out.append_text(card_text(spec, v, lang, long=named))
    return out


def _bar(value: Any, top: Any) -> Text:
    try:
        v, m = int(value), max(1, int(top))
    except (TypeError, ValueError):
        return Text(str(value))
    width = 20
    filled = max(0, min(width, round(width * v / m)))
    style = "green" if v > m // 2 else ("yellow" if v > m // 4 else "red")
    out = Text("█" * filled, style=style)
    out.append("░" * (width - filled), style="dim")
    out.append(f" {v}/{m}", style="bold")
    return out


def _plain(spec: GameSpec, value: Any, lang: str) -> Text:
    if isinstance(value, bool):
        return Text("yes" if value else "no") if lang == "en" else Text("oui" if value else "non")
    if value is None:
        return Text("-", style="dim")
    if isinstance(value, list):
        items = ["-" if v is None else str(v) for v in value]
        if not items:
            return Text("-", style="dim")
        long = any(len(x) > 24 for x in items)  # sentences: one a line
        return Text(("\n" if long else ", ").join(items))
    if isinstance(value, dict):
        return Text(", ".join(f"{k}: {v}" for k, v in value.items()))
    return Text(str(value))


def _words(value: Any, words: dict[str, dict[str, str]], lang: str) -> Any:
    """Plain values (and those inside lists) as the display's ``words`` say them."""
    if not words:
        return value
    if isinstance(value, list):
        return [_words(v, words, lang) for v in value]
    if isinstance(value, str) and value in words:
        return text_of(words[value], lang)
    return value


def _all_hidden(value: Any) -> bool:
    if isinstance(value, list):
        return bool(value) and all(v is None for v in value)
    return False


def render_view(state: State, seat: int | None, lang: str) -> RenderableType:
    """The table as ``seat`` sees it."""
    spec = state.spec
    view = state.view(seat)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", justify="right")
    grid.add_column()
    shown: set[str] = set()
    for d in spec.display:
        key = d["key"]
        shown.add(key)
        if d.get("optional") and view.get(key) is None:  # a row that does not apply now
            continue
        if seat is None and _all_hidden(view.get(key)):  # the public view: no card backs of
            continue                                     # hands nobody at the screen holds
        if d.get("lang", lang) != lang:  # a key written in another language
            continue
        label = text_of(d["label"], lang)
        value = _words(view.get(key), d.get("words") or {}, lang)
        kind = d["kind"]
        if kind == "bar":
            grid.add_row(label, _bar(value, view.get(d.get("max", ""), d.get("max"))))
        elif kind == "cards":
            grid.add_row(label, _cards(spec, value, lang))
        elif kind == "seats" and isinstance(value, list):
            parts = []
            for s, v in enumerate(value):
                part = Text(f"{state.seat_name(s)}: ", style="bold")
                if isinstance(v, list) and v and all(isinstance(x, str) or x is None for x in v):
                    part.append_text(_cards(spec, v, lang))
                else:
                    part.append_text(_plain(spec, v, lang))
                parts.append(part)
            long = sum(len(p.plain) for p in parts) > 60 or any("\n" in p.plain for p in parts)
            grid.add_row(label, Text("\n" if long else "   ").join(parts))
        else:
            grid.add_row(label, _plain(spec, value, lang))
    if not spec.display:
        for key, value in view.items():
            grid.add_row(key, _plain(spec, value, lang))
    title = text_of(spec.name, lang)
    if state.players > 1 and state.current_player is not None:
        title += " - " + t(lang, "turn_of", name=state.seat_name(state.current_player))
    return Panel(grid, title=title, border_style="blue")


def render_log(events: list[Event], seat: int | None, lang: str, state: State,
               limit: int = 6) -> RenderableType | None:
    public = [e for e in events if e.kind != "shuffle" and e.visible_to(seat)][-limit:]
    if not public:
        return None
    lines = Text()
    for i, e in enumerate(public):
        if i:
            lines.append("\n")
        who = state.seat_name(e.seat) + ": " if state.players > 1 and e.seat is not None else ""
        lines.append(f"{who}{e.text_in(lang)}", style="dim")
    return Panel(lines, title=t(lang, "log"), border_style="grey50")


def move_label(state: State, move: Move, lang: str) -> Text:
    """A legal move as listed: its notation, with the names of named cards it mentions."""
    out = Text(move.text, style="bold")
    names = []
    for token in move.text.split()[1:]:
        cards = state.spec.card_by_code(token)
        combo = state.spec.combos.get(token)
        if cards and cards[0].kind == "named":
            names.append(text_of(cards[0].name, lang))
        elif combo is not None:
            names.append(text_of(combo.name, lang))
    if names:
        out.append("  (" + ", ".join(names) + ")", style="cyan")
    return out


def render_moves(state: State, moves: list[Move], lang: str) -> RenderableType:
    lines = Text()
    prompt = state.prompt(lang)
    if prompt:
        lines.append(prompt + "\n", style="bold yellow")
    for i, m in enumerate(moves, 1):
        if i > 1:
            lines.append("\n")
        lines.append(f"{i:>3}. ", style="yellow")
        lines.append_text(move_label(state, m, lang))
    return Panel(lines, title=t(lang, "moves"), border_style="yellow")


def render_outcome(state: State, lang: str, humans: list[int]) -> RenderableType:
    o = state.outcome
    assert o is not None
    lines = Text()
    colon = " : " if lang == "fr" else ": "
    if state.players == 1 and 0 in humans:
        lines.append(t(lang, "you_won" if 0 in o.winners else "you_lost") + "\n", style="bold")
        lines.append(f"{t(lang, 'score')}{colon}{o.scores[0]}\n", style="bold")
    elif state.players == 1:
        name = state.seat_name(0)
        lines.append((t(lang, "won", names=name) if o.winners else t(lang, "nobody_won"))
                     + "\n", style="bold")
        lines.append(f"{t(lang, 'score')}{colon}{o.scores[0]}\n", style="bold")
    else:
        if o.winners:
            names = ", ".join(state.seat_name(w) for w in o.winners)
            lines.append(t(lang, "won", names=names) + "\n", style="bold")
        else:
            lines.append(t(lang, "nobody_won") + "\n", style="bold")
        lines.append(t(lang, "scores") + colon + ", ".join(
            f"{state.seat_name(s)} {o.scores[s]}" for s in range(state.players)) + "\n")
    lines.append(f"{t(lang, 'reason')}{colon}{o.reason_in(lang)}")
    return Panel(Group(lines), title=t(lang, "over"), border_style="green")
