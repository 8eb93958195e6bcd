"""Drawing a seat's view with rich. It reads views and the ruleset's display hints; it never
decides a rule."""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable
from typing import Any, NamedTuple

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tabletop.engine.state import Event, Move, State
from tabletop.i18n.catalogue import text_of
from tabletop.i18n.table import t
from tabletop.rules.spec import RANK_WORDS, SUIT_SYMBOL, GameSpec
from tabletop.rules.values import fold_accents

SUIT_STYLE = {"S": "bold white on grey15", "C": "bold white on grey15",
              "D": "bold red on grey93", "H": "bold red on grey93"}
# An emoji's presentation selector makes terminals draw it two cells wide where rich counts
# one, which breaks the frame: the table shows such symbols as text (one cell).
_VS16 = "\ufe0f"


class Fit(NamedTuple):
    """How much a screen shows: each level of FITS shows less, until the screen fits."""

    log: int = 6  # lines of the log
    columns: bool = False  # the moves in columns
    texts: str = "full"  # card texts and long values: full (folded), line (one line), none
    empty: bool = True  # rows with nothing in them
    spare: bool = True  # rows the ruleset marks spare
    boxes: bool = True  # frames around the board, the log and the moves
    label: int = 0  # the widest a row's label may be (0: as wide as it is)


# card texts are what players decide by: they are cut (to one line, then left out) only
# after the log, the empty and spare rows and the frames have given their room
FITS = (Fit(), Fit(columns=True), Fit(log=3, columns=True),
        Fit(log=2, columns=True, empty=False),
        Fit(log=2, columns=True, empty=False, spare=False),
        Fit(log=1, columns=True, empty=False, spare=False),
        Fit(log=1, columns=True, empty=False, spare=False, boxes=False),
        Fit(log=1, columns=True, empty=False, spare=False, boxes=False, label=14),
        Fit(log=0, columns=True, empty=False, spare=False, boxes=False, label=14),
        Fit(log=0, columns=True, texts="line", empty=False, spare=False, boxes=False,
            label=14),
        Fit(log=0, columns=True, texts="none", empty=False, spare=False, boxes=False,
            label=14))


_PLAYING_CODE = re.compile(r"\b(10|[2-9JQKA])([SCDH])\b")


def _suits(spec: GameSpec, text: str, lang: str = "en") -> str:
    """Playing cards named in a log line with their suit symbol and the rank's letter in the
    table's language (QH -> Q♥, in French D♥)."""
    ranks = RANK_WORDS.get(lang, {})

    def symbol(m: re.Match[str]) -> str:
        cards = spec.card_by_code(m.group(0))
        if cards and cards[0].kind == "playing":
            return ranks.get(m.group(1), m.group(1)) + SUIT_SYMBOL[m.group(2)]
        return m.group(0)
    return _PLAYING_CODE.sub(symbol, text)


def _colon(lang: str) -> str:
    """A colon and its spaces: French puts a space before it."""
    return " : " if lang == "fr" else ": "


def _clean(text: str) -> str:
    return text.replace(_VS16, "")


def card_text(spec: GameSpec, code: Any, lang: str, long: bool = False,
              value: bool = True) -> Text:
    """A card as the table shows it: playing cards with suit symbol and colour, named cards
    by name (and text when ``long``). Unknown (hidden) cards show as a card back."""
    if code is None:
        return Text(" ? ", style="bold white on blue")
    code = str(code)
    cards = spec.card_by_code(code)
    if not cards:
        return Text(code)
    c = cards[0]
    if c.kind == "playing" and c.suit and c.rank:
        rank = RANK_WORDS.get(lang, {}).get(c.rank, c.rank)
        return Text(f" {rank}{SUIT_SYMBOL[c.suit]} ", style=SUIT_STYLE[c.suit])
    name = text_of(c.name, lang)
    out = Text(_clean(name), style="bold cyan")
    if c.value is not None and value:
        out.append(f" ({c.value})", style="yellow")
    if long and c.text:
        out.append(f" - {_clean(text_of(c.text, lang))}", style="italic")
    return out


def _cards(spec: GameSpec, value: Any, lang: str, texts: str = "full",
           values: bool = True) -> Text:
    """Cards in a row: playing cards side by side; named cards one a line with their texts,
    or (``texts`` none) side by side by name."""
    if value is None or value == []:
        return Text("-", style="dim")
    if not isinstance(value, list):
        value = [value]
    # named cards with a text are drawn one a line, with it; a bare name stays in the row
    named = any(spec.card_by_code(str(v)) and spec.card_by_code(str(v))[0].kind == "named"
                and spec.card_by_code(str(v))[0].text for v in value if v is not None)
    long = named and texts != "none"
    out = Text()
    for i, v in enumerate(value):
        if i:
            out.append("\n" if long else (", " if named else " "))
        if isinstance(v, list):
            out.append_text(_cards(spec, v, lang, texts, values))
        else:
            out.append_text(card_text(spec, v, lang, long=long, value=values))
    if texts == "line":
        out.no_wrap, out.overflow = True, "ellipsis"
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


def _plain(spec: GameSpec, value: Any, lang: str, texts: str = "full") -> Text:
    if isinstance(value, bool):
        return Text("yes" if value else "no") if lang == "en" else Text("oui" if value else "non")
    if value is None:
        return Text("-", style="dim")
    if isinstance(value, list):
        items = ["-" if v is None else str(v) for v in value]
        if not items:
            return Text("-", style="dim")
        long = any(len(x) > 24 for x in items)  # sentences: one a line
        out = Text(_clean(("\n" if long else ", ").join(items)))
        if texts != "full":
            out.no_wrap, out.overflow = True, "ellipsis"
        return out
    if isinstance(value, dict):
        return Text(", ".join(f"{k}: {v}" for k, v in value.items()))
    return Text(_clean(str(value)))


def _empty(value: Any) -> bool:
    return value is None or value == [] or value == "" or (
        isinstance(value, list) and all(_empty(v) for v in value))


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


def render_view(state: State, seat: int | None, lang: str, fit: Fit = FITS[0],
                spectator: bool = False) -> RenderableType:
    """The table as ``seat`` sees it (None: what anyone may see). A ``spectator`` of a game
    played by bots alone, or over, sees every card of each seat (``State.onlooker_view``)."""
    spec = state.spec
    view = state.view(seat)
    seat_views = ([state.onlooker_view(s) for s in range(state.players)]
                  if spectator else [])
    grid = Table.grid(padding=(0, 2))
    if fit.label:
        grid.add_column(style="bold", justify="right", max_width=fit.label, no_wrap=True,
                        overflow="ellipsis")
    else:
        grid.add_column(style="bold", justify="right")
    grid.add_column()
    for d in spec.display:
        key = d["key"]
        if d.get("lang", lang) != lang:  # a key written in another language
            continue
        if d.get("spare") and not fit.spare:
            continue
        value = view.get(key)
        if d.get("optional") and value in (None, []):  # a row that does not apply now
            continue
        label = text_of(d["label"], lang)
        if seat_views and d["kind"] != "seats" and any(v.get(key) != value for v in seat_views):
            # a row that differs from seat to seat (a hand): one row for each seat
            each = text_of(d["each"], lang) if "each" in d else label
            for s, v in enumerate(seat_views):
                if fit.empty or not _empty(v.get(key)):
                    name = f"{state.seat_name(s)}{_colon(lang)}{each}"
                    _row(grid, state, d, name, v, v.get(key), lang, fit)
            continue
        if seat_views and d["kind"] == "seats" and isinstance(value, list):
            value = [seat_views[s].get(key, [None])[s] if _all_hidden(v) else v
                     for s, v in enumerate(value)]
        elif seat is None and _all_hidden(value):  # the public view: no card backs of
            continue                                # hands nobody at the screen holds
        if not fit.empty and _empty(value):
            continue
        _row(grid, state, d, label, view, value, lang, fit)
    if not spec.display:
        for key, value in view.items():
            grid.add_row(key, _plain(spec, value, lang, fit.texts))
    changed = options_in_play(state, only_changed=True)
    if changed and fit.spare:  # the options that differ from the game's defaults
        grid.add_row(t(lang, "options"), Text(changed))
    title = text_of(spec.name, lang)
    if state.players > 1 and state.current_player is not None:
        title += " - " + t(lang, "turn_of", name=state.seat_name(state.current_player))
    return _frame(grid, title, "blue", fit)


def options_in_play(state: State, only_changed: bool = False) -> str:
    """The game's options as typed on the command line (``difficulty=hard``); a retired
    option (kept for old saves) only when it is not at its default."""
    options = state.spec.options
    return ", ".join(f"{k}={v}" for k, v in state.options.items()
                     if not ((only_changed or options[k].retired) and options[k].default == v))


def _row(grid: Table, state: State, d: dict[str, Any], label: str, view: dict[str, Any],
         raw: Any, lang: str, fit: Fit) -> None:
    spec = state.spec
    value = _words(raw, d.get("words") or {}, lang)
    kind = d["kind"]
    if kind == "bar":
        grid.add_row(label, _bar(value, view.get(d.get("max", ""), d.get("max"))))
    elif kind == "cards":
        grid.add_row(label, _cards(spec, value, lang, fit.texts))
    elif kind == "seats" and isinstance(value, list):
        parts = []
        for s, v in enumerate(value):
            part = Text(f"{state.seat_name(s)}{_colon(lang)}", style="bold")
            if isinstance(v, list) and v and all(isinstance(x, str) or x is None for x in v):
                # cards laid by each seat: by name, side by side, one seat a line
                part.append_text(_cards(spec, v, lang, "none", values=fit.texts == "full"))
            else:
                part.append_text(_plain(spec, v, lang, fit.texts))
            parts.append(part)
        cards = any(isinstance(v, list) and v and isinstance(v[0], str)  # each seat's cards:
                    and spec.card_by_code(v[0]) for v in value)   # a line each
        long = (cards or sum(len(p.plain) for p in parts) > 60
                or any("\n" in p.plain for p in parts))
        # texts: on one line where it fits the width the row is given, else one seat a line
        grid.add_row(label, Text("\n").join(parts) if long else _SeatsLine(parts))
    else:
        grid.add_row(label, _plain(spec, value, lang, fit.texts))


class _SeatsLine:
    """Each seat's text of a seats row, on one line when it fits the width the row is given
    when drawn, else one seat a line (never cut: a seat's value is what players decide by)."""

    def __init__(self, parts: list[Text]) -> None:
        self.one = Text("   ").join(parts)
        self.each = Text("\n").join(parts)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        each = Measurement.get(console, options, self.each)
        return Measurement(each.minimum, max(each.maximum, self.one.cell_len))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.one if self.one.cell_len <= options.max_width else self.each


def _frame(body: RenderableType, title: str, style: str, fit: Fit) -> RenderableType:
    """A panel with its title, or (when space is short) the title over the body."""
    if fit.boxes:
        return Panel(body, title=Text(title), border_style=style)
    return Group(Text(title, style=f"bold {style}"), body)


def render_log(events: list[Event], seat: int | None, lang: str, state: State,
               limit: int = 6, fit: Fit = FITS[0]) -> RenderableType | None:
    limit = min(limit, fit.log)
    if limit <= 0:
        return None
    public = [e for e in events if e.kind != "shuffle" and e.visible_to(seat)][-limit:]
    if not public:
        return None
    lines = Text()
    for i, e in enumerate(public):
        if i:
            lines.append("\n")
        lines.append(event_line(state, e, lang), style="dim")
    if fit.texts != "full":
        lines.no_wrap, lines.overflow = True, "ellipsis"
    return _frame(lines, t(lang, "log"), "grey50", fit)


def event_line(state: State, e: Event, lang: str, bots: dict[int, str] | None = None,
               named: bool = True) -> str:
    """An event as the table says it: the seat that caused it first ("Ben: draws a card"),
    unless its text already begins with that seat's name ("Chloé steals a card from Ben").
    ``bots`` (seat: "greedy bot") marks the seats a bot holds; ``named`` false: the text
    alone (the seat was just named)."""
    text = _clean(_suits(state.spec, e.text_in(lang), lang))
    if state.players <= 1 or e.seat is None or not named:
        return text
    name = state.seat_name(e.seat)
    marked = f"{name} ({bots[e.seat]})" if bots and e.seat in bots else name
    if text.startswith(name) and not text[len(name):len(name) + 1].isalnum():
        return marked + text[len(name):]
    return marked + _colon(lang) + text


def move_label(state: State, move: Move, lang: str, names_too: bool = True,
               short: bool = False) -> Text:
    """A legal move as listed: its notation, with the names of named cards it mentions
    (unless ``names_too`` is false: a screen short of room shows the notation alone;
    ``short``: its cards by their codes where shorter, move_text)."""
    out = Text(state.move_text(move, lang, short), style="bold")
    names = []
    for token in (move.text.split()[1:] if names_too else []):
        cards = state.spec.card_by_code(token)
        combo = state.spec.combos.get(token)
        named = (text_of(cards[0].name, lang) if cards and cards[0].kind == "named"
                 else text_of(combo.name, lang) if combo is not None else None)
        if named is not None and state.game.card_word(token, lang) != named:
            names.append(named)  # unless the move already says it by that name
    if names:
        out.append("  (" + ", ".join(names) + ")", style="cyan")
    hint = state.move_hint(move, lang)
    if hint:
        out.append(f"  - {_clean(hint)}", style="italic magenta")
    return out


def render_moves(state: State, moves: list[Move], lang: str, fit: Fit = FITS[0],
                 width: int = 80) -> RenderableType:
    prompt = state.prompt(lang)
    inner = width - (4 if fit.boxes else 0)

    def listed(short: bool) -> list[Text]:
        entries = []
        for i, m in enumerate(moves, 1):
            entry = Text(f"{i:>3}. ", style="yellow")
            entry.append_text(move_label(state, m, lang, names_too=fit.texts != "none",
                                         short=short))
            if fit.texts != "full":
                entry.no_wrap, entry.overflow = True, "ellipsis"
            entries.append(entry)
        return entries

    entries = listed(False)
    widest = max((e.cell_len for e in entries), default=1)
    if fit.texts == "none" and fit.columns and len(entries) > 1 and widest + 2 > (inner + 2) // 2:
        # no room for two columns: cards named by their codes where shorter (typed too)
        entries = listed(True)
        widest = max((e.cell_len for e in entries), default=1)
    body: RenderableType
    ncols = max(1, min(len(entries), (inner + 2) // (widest + 2))) if fit.columns else 1
    if ncols == 1 and fit.texts == "none" and fit.columns and len(entries) > 1:
        ncols = 2  # still too wide: two columns, each move cut short (its number is typed)
    if ncols > 1:
        nrows = math.ceil(len(entries) / ncols)
        grid = Table.grid(padding=(0, 2))
        for _ in range(ncols):
            grid.add_column(no_wrap=True, overflow="ellipsis")
        for r in range(nrows):
            grid.add_row(*[entries[c * nrows + r] if c * nrows + r < len(entries) else ""
                           for c in range(ncols)])
        body = grid
    else:
        body = Group(*entries)
    if prompt:
        body = Group(Text(_clean(prompt), style="bold yellow"), body)
    return _frame(body, t(lang, "moves"), "yellow", fit)


def render_screen(state: State, seat: int | None, lang: str, moves: list[Move] | None,
                  width: int, height: int, spectator: bool = False,
                  after: Callable[[Fit], RenderableType] | None = None,
                  notices: list[str] | None = None) -> RenderableType:
    """The board, the last moves and the moves listed, showing less (the log shorter, the
    moves in columns, empty rows left out, no frames, card texts on one line, then none)
    until it fits ``height`` lines of ``width`` columns (``after(fit)`` is shown below).
    ``notices`` (what bots did, what happened since a seat's last turn) go above the board,
    within the same lines: the oldest are left out first."""
    measure = Console(width=width, height=max(height, 1), file=io.StringIO(),
                      color_system=None, legacy_windows=False, force_terminal=False)
    told = list(notices or [])

    def build(fit: Fit, keep: int | None = None) -> RenderableType:
        shown = told[-max(1, fit.log):] if keep is None else told[len(told) - keep:]
        parts: list[RenderableType] = [Text(_clean(n), style="magenta") for n in shown]
        parts.append(render_view(state, seat, lang, fit, spectator))
        log = render_log(state.log, seat, lang, state, fit=fit)
        if log is not None:
            parts.append(log)
        if moves:
            parts.append(render_moves(state, moves, lang, fit, width))
        if after is not None:
            parts.append(after(fit))
        return Group(*parts)

    # each level shows less than the one before: the first that fits, by bisection
    first = build(FITS[0])
    if screen_height(measure, first) <= height:
        return first
    lo, hi = 1, len(FITS) - 1
    best, best_level = first, -1
    while lo < hi:
        mid = (lo + hi) // 2
        screen = build(FITS[mid])
        if screen_height(measure, screen) <= height:
            hi, best, best_level = mid, screen, mid
        else:
            lo = mid + 1
    screen = best if best_level == lo else build(FITS[lo])
    if told and screen_height(measure, screen) > height:  # the notices give their lines
        for keep in range(min(len(told), max(1, FITS[-1].log)) - 1, -1, -1):
            screen = build(FITS[-1], keep)
            if screen_height(measure, screen) <= height:
                break
    return screen


def text_height(text: str, width: int) -> int:
    """How many lines a sentence takes ``width`` columns wide."""
    measure = Console(width=width, file=io.StringIO(), color_system=None)
    return screen_height(measure, Text(text))


def screen_height(console: Console, renderable: RenderableType) -> int:
    """How many lines ``renderable`` takes on ``console``."""
    return len(console.render_lines(renderable, console.options, pad=False))


def render_outcome(state: State, lang: str, humans: list[int], fit: Fit = FITS[0]
                   ) -> RenderableType:
    o = state.outcome
    assert o is not None
    lines = Text()
    colon = _colon(lang)
    sep = "\n" if fit.boxes else " "  # when space is short, who won and the scores share a line
    if state.players == 1 and 0 in humans:
        lines.append(t(lang, "you_won" if 0 in o.winners else "you_lost") + sep, style="bold")
        lines.append(f"{t(lang, 'score')}{colon}{o.scores[0]}\n", style="bold")
    elif state.players == 1:  # a bot played alone: it won or lost
        name = state.seat_name(0)
        lines.append(t(lang, "won" if o.winners else "lost", names=name) + sep, style="bold")
        lines.append(f"{t(lang, 'score')}{colon}{o.scores[0]}\n", style="bold")
    else:
        if o.winners:
            names = ", ".join(state.seat_name(w) for w in o.winners)
            key = "won" if len(o.winners) == 1 else "won_many"
            lines.append(t(lang, key, names=names) + sep, style="bold")
        else:
            lines.append(t(lang, "nobody_won") + sep, style="bold")
        lines.append(t(lang, "scores") + colon + ", ".join(
            f"{state.seat_name(s)} {o.scores[s]}" for s in range(state.players)) + "\n")
    lines.append(_clean(f"{t(lang, 'reason')}{colon}{o.reason_in(lang)}"))
    return _frame(lines, t(lang, "over"), "green", fit)


def _notation_lines(state: State, lang: str) -> list[str]:
    """Each move's notation with its holes named (<card>, <1|2>), and what it does."""
    return [f"{state.move_shape(ms, lang)}  - {text_of(ms.label, lang)}"
            for ms in state.spec.moves]


def card_example(state: State, seat: int | None, lang: str) -> str:
    """A card to name in an example: one ``seat`` sees (by its name in ``lang``), else the
    first card of the game."""
    codes = visible_codes(state, seat) or [c.code for c in state.spec.cards[:1]]
    if not codes:
        return "?"
    c = state.spec.card_by_code(codes[0])[0]
    return c.code if c.kind == "playing" else _clean(text_of(c.name, lang)).lower()


def render_help(state: State, seat: int | None, lang: str, width: int = 80,
                height: int = 23) -> RenderableType:
    """The table's help: the words it takes, each move's notation and the options in play,
    within ``height`` lines (the options' values, then the frame, give their room first)."""
    measure = Console(width=width, height=max(height, 1), file=io.StringIO(),
                      color_system=None, legacy_windows=False, force_terminal=False)
    colon = _colon(lang).rstrip()
    example = card_example(state, seat, lang)

    def build(options: bool, boxes: bool) -> RenderableType:
        rows: list[RenderableType] = [
            Text(t(lang, "help_body") + " " + t(lang, "help_card", example=example)),
            Text(t(lang, "notation", game=text_of(state.spec.name, lang)), style="bold")]
        rows += [Padding(Text(_clean(line)), (0, 0, 0, 2))  # a long one goes on under itself
                 for line in _notation_lines(state, lang)]
        if state.options:
            said = t(lang, "options_in_play", game=state.spec.id)
            rows.append(Text(said + colon if options else said, style="bold"))
            if options:
                rows.append(Padding(Text(options_in_play(state)), (0, 0, 0, 2)))
        return _frame(Group(*rows), t(lang, "help_title"), "cyan", Fit(boxes=boxes))

    screen = build(True, True)
    for options, boxes in ((True, True), (True, False), (False, True), (False, False)):
        screen = build(options, boxes)
        if screen_height(measure, screen) <= height:
            break
    return screen


def render_card(state: State, seat: int | None, lang: str, typed: str) -> Text:
    """A card's name and whole text in ``lang``, for ``card X``: only a card ``seat`` may see
    now (in its view, or on the moves it may make), else one sentence that reveals nothing."""
    spec = state.spec
    wanted = _key(typed)
    seen = visible_codes(state, seat)
    found = [c for code in seen for c in spec.card_by_code(code)[:1]
             if wanted in {_key(code), *map(_key, c.codes.values()),
                           *map(_key, c.name.values())}]
    if not wanted:
        return Text(t(lang, "card_which", example=card_example(state, seat, lang)),
                    style="yellow")
    if not found:
        return Text(t(lang, "card_unseen", card=typed), style="yellow")
    c = found[0]
    out = Text(_clean(text_of(c.name, lang)), style="bold cyan")
    if c.value is not None:
        out.append(f" ({c.value})", style="yellow")
    text = text_of(c.text, lang) if c.text else ""
    out.append(_colon(lang) + _clean(text) if text else _colon(lang) + t(lang, "card_no_text"))
    return out


def _key(word: str) -> str:
    """A card's code or name as typed: case, accents and spaces aside."""
    return "".join(ch for ch in fold_accents(word.casefold()) if ch.isalnum())


def visible_codes(state: State, seat: int | None) -> list[str]:
    """Every card code ``seat`` sees now: in its view (hands, piles' tops, laid cards, rows
    of any kind) and on its legal moves."""
    out: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, list | tuple):
            for v in value:
                walk(v)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, str) and state.spec.card_by_code(value):
            out.append(value)

    walk(state.view(seat))
    if seat is not None and state.current_player == seat:
        for m in state.legal_moves():
            walk([v for _, v in m.args])
            walk(m.text.split())
    return list(dict.fromkeys(out))


def names_unseen(state: State, events: list[Event], seen: set[str]) -> bool:
    """Whether ``events`` name a card (by its code or its name) that is not among ``seen``:
    what a seat was shown that it did not see before."""
    said = " ".join(e.text_in("en") for e in events)
    words = set(re.findall(r"[\w-]+", said))
    for c in state.spec.cards:
        if c.code in seen:
            continue
        if c.kind == "named" and text_of(c.name, "en") in said or (  # (a named card's code
                c.kind != "named" and c.code in words):                # may be a plain word)
            return True
    return False
