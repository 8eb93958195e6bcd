"""One game served to several screens: who sits where (a secret per seat, one for the table
screen), what each screen is sent, a move from a seat checked and played, the bots' moves, the
game saved after every move. It knows nothing of HTTP (tabletop/web/app.py serves it).

Each screen is sent what the terminal would show that seat, drawn by the terminal's own
renderer (ui/render.py) from the seat's view and the ruleset's display hints: the board, the
last moves, and when the seat decides, the question and its legal moves. Nothing else of the
game reaches a screen: no move count, no other seat's view, no event it may not read.
"""

from __future__ import annotations

import io
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.markdown import Markdown
from rich.terminal_theme import MONOKAI

from tabletop import registry
from tabletop.bots import Bot, make_bot
from tabletop.engine import savefiles
from tabletop.engine.state import Move, State
from tabletop.errors import RulesetError, TabletopError
from tabletop.i18n.catalogue import LANGS, text_of
from tabletop.i18n.messages import os_why
from tabletop.i18n.table import bot_name, t
from tabletop.safety.files import MAX_PAGE_BYTES, read_text
from tabletop.ui.render import FITS, move_label, render_log, render_outcome, render_view
from tabletop.ui.terminal import replay_command, typed_text

TABLE = -1  # the table screen's place among the screens (the seats are 0, 1, ...)
COLUMNS = (30, 100)  # the widths (in characters) a screen may ask its board drawn at
MAX_TEXT = 200  # the longest move notation a seat may type
REPLACEMENT_BOT = "greedy"  # the bot given a seat that left, from the table screen


class Screen:
    """One open page: which seat it is (TABLE for the table screen), how it wants the board
    drawn, and how to send it a message (``send`` takes the message as a dict)."""

    def __init__(self, seat: int, send: Callable[[dict[str, Any]], None],
                 lang: str, columns: int = 42) -> None:
        self.seat = seat
        self.send = send
        self.lang = lang
        self.columns = columns
        self.last: dict[str, Any] | None = None  # the last screen sent (not sent twice)


def draw_html(parts: list[RenderableType], columns: int) -> str:
    """Rich renderables as the HTML of a preformatted block, ``columns`` characters wide
    (rich escapes every text: a player's name cannot be markup)."""
    console = Console(record=True, width=columns, file=io.StringIO(), color_system="truecolor",
                      force_terminal=True, legacy_windows=False)
    for part in parts:
        console.print(part)
    return console.export_html(theme=MONOKAI, inline_styles=True,
                               code_format="<pre>{code}</pre>")


class WebTable:
    """A game and the screens that play it."""

    def __init__(self, state: State, bots: dict[int, Bot], lang: str, save_path: Path,
                 file_name: str | None = None) -> None:
        self.state = state
        self.bots = dict(bots)
        self.lang = lang  # the table's language: the server's lines, the first pages
        self.seat_lang = [lang] * state.players
        self.secrets = [secrets.token_urlsafe(16) for _ in range(state.players)]
        self.table_secret = secrets.token_urlsafe(16)
        self.screens: list[Screen] = []
        self.save_path = save_path
        self.file_name = file_name or savefiles.default_name(state.spec.id, None, False)
        self.lock = savefiles.SaveLock()
        self.unsaved: str | None = None  # why the last save failed, in the table's language
        self.said: Callable[[str], None] = lambda text: None  # the server's console
        self.humans = [s for s in range(state.players) if s not in bots]
        self._drawn: dict[tuple[int, str, int], str] = {}  # board() of the move _drawn_at
        self._drawn_at = -1
        # a reaction window's answers given ahead by the people it asks later (each sees the
        # question at once): the place of the answer in the listing by seat, played when
        # that seat's turn to answer comes; for the window opened at move _early_at
        self.early: dict[int, int] = {}
        self._early_at = -1

    # ------------------------------------------------------------ who is who
    def seat_of(self, secret: str) -> int | None:
        """The seat whose secret this is (TABLE for the table screen's), else None. Every
        secret is compared in constant time."""
        found = None
        if secrets.compare_digest(secret.encode(), self.table_secret.encode()):
            found = TABLE
        for s, mine in enumerate(self.secrets):
            if secrets.compare_digest(secret.encode(), mine.encode()):
                found = s
        return found

    def connected(self, seat: int) -> bool:
        return any(sc.seat == seat for sc in self.screens)

    def lang_of(self, seat: int) -> str:
        return self.lang if seat == TABLE else self.seat_lang[seat]

    # ------------------------------------------------------------ saving
    def save(self) -> bool:
        """Save the game (after every move, as the terminal does); a failure is said once on
        the server's console and the game goes on (it is saved again after the next move)."""
        st = self.state
        try:
            if self.save_path.is_dir():
                self.save_path = savefiles.free_path(self.save_path / self.file_name)
            if not self.lock.acquire(self.save_path):
                why = t(self.lang, "save_in_use", path=self.save_path)
                self.save_path = savefiles.free_path(self.save_path)
                if not self.lock.acquire(self.save_path):
                    raise savefiles.SaveRefused("save_in_use", self.save_path)
                self.said(why)
            savefiles.write(self.save_path, st.to_json())
        except savefiles.SaveRefused as e:
            return self._failed(t(self.lang, e.key, path=self.save_path))
        except OSError as e:
            return self._failed(t(self.lang, "save_failed", path=self.save_path,
                                  error=os_why(e)[self.lang]))
        self.unsaved = None
        return True

    def _failed(self, reason: str) -> bool:
        if self.unsaved is None:
            self.said(t(self.lang, "serve_save_failed", reason=reason))
        self.unsaved = reason
        return False

    def close(self) -> None:
        self.lock.release()

    # ------------------------------------------------------------ what a screen sees
    def screen(self, seat: int, lang: str, columns: int = 42) -> dict[str, Any]:
        """The message a screen is sent now: for a seat, what the terminal shows it (its
        board, the last moves, and its question and moves when it decides); for the table
        screen, the public view (and everything at the end)."""
        st = self.state
        over = st.is_over
        deciding = st.current_player
        out: dict[str, Any] = {
            "type": "screen", "lang": lang,
            "game": text_of(st.spec.name, lang),
            "me": st.seat_name(seat) if seat != TABLE else t(lang, "table_screen"),
            "board": self.board(seat, lang, columns),
            "over": over,
            "status": (t(lang, "serve_over") if over else
                       t(lang, "your_turn") if deciding == seat else
                       t(lang, "waiting", name=st.seat_name(deciding))),
            "texts": {k: t(lang, k) for k in ("play", "type_move", "rules", "language",
                                              "reconnecting", "seats", "replace_bot",
                                              "take_back")},
        }
        if over:
            out["replay"] = t(lang, "replay", command=replay_command(st))
        if seat != TABLE and seat in self.bots:
            out["bot"] = t(lang, "bot_seat")
        if seat != TABLE and deciding == seat and not over and seat not in self.bots:
            legal = st.legal_moves()
            out["prompt"] = st.prompt(lang)
            out["moves"] = [move_label(st, m, lang).plain for m in legal]
            out["at"] = st.move_count
        elif seat != TABLE and not over and self.may_answer_early(seat):
            legal = st.legal_moves()  # (the same answers for every seat of the window)
            out["status"] = t(lang, "your_turn")
            out["prompt"] = st.prompt(lang)
            out["moves"] = [move_label(st, m, lang).plain for m in legal]
            out["at"] = st.move_count
        if seat == TABLE:
            out["seats"] = [self._seat_line(s, lang) for s in range(st.players)]
        return out

    # ------------------------------------------------------------ reaction windows
    def window_start(self) -> int | None:
        """The move count when the open reaction window opened, else None."""
        w = self.state.window
        return None if w is None else self.state.move_count - w.at

    def may_answer_early(self, seat: int) -> bool:
        """Whether ``seat``, a person the open window asks after the seat asked now, may
        answer it now on its page (and has not yet)."""
        w = self.state.window
        if w is None or seat in self.bots or seat not in w.seats[w.at + 1:]:
            return False
        return self._early_at != self.window_start() or seat not in self.early

    def _answer_early(self, screen: Screen, move: int | str, at: int | None) -> None:
        """A window's answer given ahead: checked against the question's answers, kept
        (secret: nothing changes on any other page) until the seat's turn to answer."""
        st, lang = self.state, screen.lang
        legal = st.legal_moves()
        start = self.window_start()
        assert start is not None
        if isinstance(move, int):
            if at is None or not start <= at <= st.move_count:
                self._error(screen, t(lang, "stale"))
                return self.refresh(force=screen)
            if not 1 <= move <= len(legal):
                key = "bad_number_one" if len(legal) == 1 else "bad_number"
                return self._error(screen, t(lang, key, n=move, count=len(legal)))
            index = move - 1
        else:
            text = typed_text(move).strip()
            if text.isdecimal() and text.isascii():
                if not 1 <= int(text) <= len(legal):
                    return self._error(screen, t(lang, "bad_number", n=int(text),
                                                 count=len(legal)))
                index = int(text) - 1
            elif not text:
                return self._error(screen, t(lang, "empty", n=len(legal),
                                             example=st.move_text(legal[0], lang)))
            else:
                try:
                    index = legal.index(st.parse_move(text))
                except TabletopError as e:
                    return self._error(screen, e.in_lang(lang))
        if self._early_at != start:
            self.early, self._early_at = {}, start
        self.early[screen.seat] = index
        self.refresh()

    def play_early(self) -> None:
        """The answers given ahead to the open window, each played when its seat's turn to
        answer comes (in play order, as the engine asks them)."""
        st = self.state
        while not st.is_over and self.early:
            start = self.window_start()
            seat = st.current_player
            if start is None or start != self._early_at:
                self.early = {}
                return
            if seat not in self.early:
                return
            index = self.early.pop(seat)
            try:
                st.play(st.legal_moves()[index], seat=seat)
            except RulesetError as e:
                self.said(t(self.lang, "ruleset_bug", error=e.in_lang(self.lang)))
                return
            self.save()

    def board(self, seat: int, lang: str, columns: int) -> str:
        """The board and the last moves as ``seat`` sees them (TABLE: the public view), and
        the end when the game is over, drawn once per move for each way it is asked."""
        st = self.state
        if self._drawn_at != st.move_count:
            self._drawn.clear()
            self._drawn_at = st.move_count
        key = (seat, lang, columns)
        html = self._drawn.get(key)
        if html is None:
            viewer = None if seat == TABLE else seat
            parts: list[RenderableType] = [render_view(st, viewer, lang, FITS[0],
                                                       spectator=st.is_over)]
            log = render_log(st.log, viewer, lang, st, limit=6)
            if log is not None:
                parts.append(log)
            if st.is_over:
                parts.append(render_outcome(st, lang, self.humans))
            html = self._drawn[key] = draw_html(parts, columns)
        return html

    def _seat_line(self, s: int, lang: str) -> dict[str, Any]:
        bot = self.bots.get(s)
        state = (t(lang, "seat_bot", bot=bot_name(lang, bot.name)) if bot is not None
                 else t(lang, "seat_here") if self.connected(s) else t(lang, "seat_away"))
        return {"name": self.state.seat_name(s), "state": state,
                "away": bot is None and not self.connected(s) and not self.state.is_over}

    def rules_html(self, lang: str, columns: int = 80) -> str:
        """The game's rules page as the terminal shows it, in ``lang`` (else in English)."""
        st = self.state
        page = registry.doc_path(st.spec.id, lang)
        text = (read_text(page, MAX_PAGE_BYTES, "page") if page is not None
                else registry.own_rules(st.game, lang))
        if text is None:
            return draw_html([t(lang, "no_rules", game=text_of(st.spec.name, lang))], columns)
        parts: list[RenderableType] = []
        if page is not None and registry.page_lang(page) != lang and t(lang, "page_in_english"):
            parts.append(t(lang, "page_in_english"))
        parts.append(Markdown(text))
        return draw_html(parts, columns)

    # ------------------------------------------------------------ sending
    def attach(self, screen: Screen) -> None:
        self.screens.append(screen)
        self.refresh(force=screen)

    def detach(self, screen: Screen) -> None:
        if screen in self.screens:
            self.screens.remove(screen)
        self.refresh()

    def refresh(self, force: Screen | None = None) -> None:
        """Send each screen its message when it changed (``force``: that screen anyway)."""
        drawn: dict[tuple[int, str, int], dict[str, Any]] = {}  # two pages of one seat
        for sc in list(self.screens):
            key = (sc.seat, sc.lang, sc.columns)
            if key not in drawn:
                drawn[key] = self.screen(*key)
            msg = drawn[key]
            if sc is force or msg != sc.last:
                sc.last = msg
                sc.send(msg)

    # ------------------------------------------------------------ a screen's message
    def receive(self, screen: Screen, data: Any) -> None:
        """A message from a page, checked: a language, a move (by its number in the list
        the seat was sent, or typed), from the table screen a seat given to a bot. Anything
        else, or a move out of turn, is answered with one sentence."""
        lang = screen.lang
        if not isinstance(data, dict) or len(data) != 1:
            return self._error(screen, t(lang, "bad_message"))
        (key, value), = data.items()
        if key == "lang" and value in LANGS:
            screen.lang = value
            if screen.seat != TABLE:
                self.seat_lang[screen.seat] = value
                for sc in self.screens:
                    if sc.seat == screen.seat:
                        sc.lang = value
            return self.refresh(force=screen)
        if key == "columns" and isinstance(value, int) and not isinstance(value, bool):
            screen.columns = max(COLUMNS[0], min(COLUMNS[1], value))
            return self.refresh(force=screen)
        if key == "bot" and screen.seat == TABLE and isinstance(value, int) \
                and not isinstance(value, bool) and 0 <= value < self.state.players:
            return self._give_to_bot(screen, value)
        if key == "back" and value is True and screen.seat != TABLE:
            if screen.seat in self.bots and screen.seat in self.humans:
                del self.bots[screen.seat]
                self._seats_meta()
            return self.refresh(force=screen)
        if screen.seat == TABLE:
            return self._error(screen, t(lang, "bad_message"))
        if key == "move" and isinstance(value, list) and len(value) == 2 \
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return self._play(screen, value[0], value[1])
        if key == "text" and isinstance(value, str) and len(value) <= MAX_TEXT:
            return self._play(screen, value, None)
        if key == "text" and isinstance(value, str):
            return self._error(screen, t(lang, "too_long", most=MAX_TEXT))
        return self._error(screen, t(lang, "bad_message"))

    def _error(self, screen: Screen, text: str) -> None:
        screen.send({"type": "error", "text": text})

    def _play(self, screen: Screen, move: int | str, at: int | None) -> None:
        st, seat, lang = self.state, screen.seat, screen.lang
        if st.is_over:
            return self._error(screen, t(lang, "game_over_no_moves"))
        if st.current_player != seat and self.may_answer_early(seat):
            return self._answer_early(screen, move, at)
        if st.current_player != seat or seat in self.bots:
            return self._error(screen, t(lang, "not_your_turn",
                                         name=st.seat_name(st.current_player)))
        legal = st.legal_moves()
        chosen: Move | str
        if isinstance(move, int):
            if at != st.move_count:  # a button of a list that is no longer the table's
                self._error(screen, t(lang, "stale"))
                return self.refresh(force=screen)
            if not 1 <= move <= len(legal):
                key = "bad_number_one" if len(legal) == 1 else "bad_number"
                return self._error(screen, t(lang, key, n=move, count=len(legal)))
            chosen = legal[move - 1]
        else:
            text = typed_text(move).strip()
            if text.isdecimal() and text.isascii():  # a number typed: as at the terminal
                if not 1 <= int(text) <= len(legal):
                    return self._error(screen, t(lang, "bad_number", n=int(text),
                                                 count=len(legal)))
                chosen = legal[int(text) - 1]
            elif not text:
                return self._error(screen, t(lang, "empty", n=len(legal),
                                             example=st.move_text(legal[0], lang)))
            else:
                chosen = text
        try:
            st.play(chosen, seat=seat)
        except RulesetError as e:  # not the player's doing: the move was undone
            return self._error(screen, t(lang, "ruleset_bug", error=e.in_lang(lang)))
        except TabletopError as e:  # the table's sentence for a move that is not legal
            return self._error(screen, e.in_lang(lang))
        self.save()
        self.play_early()
        self.refresh()

    def _give_to_bot(self, screen: Screen, seat: int) -> None:
        lang = screen.lang
        if self.connected(seat) or seat in self.bots or self.state.is_over:
            return self._error(screen, t(lang, "not_away", name=self.state.seat_name(seat)))
        self.bots[seat] = make_bot(REPLACEMENT_BOT)
        self._seats_meta()
        self.said(t(self.lang, "replaced", name=self.state.seat_name(seat),
                    bot=bot_name(self.lang, REPLACEMENT_BOT)))
        self.refresh(force=screen)

    def _seats_meta(self) -> None:
        """The seats' bots kept in the save, as ``--seat`` writes them: a resumed game has
        the same bots (those given a seat that left included)."""
        old = {item.partition("=")[0]: item for item in self.state.meta.get("seats", [])
               if isinstance(item, str)}
        specs = []
        for s in sorted(self.bots):
            specs.append(old.get(str(s + 1), f"{s + 1}=bot:{self.bots[s].name}"))
        self.state.meta["seats"] = specs

    # ------------------------------------------------------------ bots
    def bot_to_move(self) -> tuple[int, Bot] | None:
        st = self.state
        seat = st.current_player
        if st.is_over or seat is None or seat not in self.bots:
            return None
        return seat, self.bots[seat]

    def play_bot(self, seat: int, move: Move, at: int) -> bool:
        """Play the bot's ``move`` (chosen on a copy of the state at move ``at``) if the
        table has not moved since; save and send every screen what changed."""
        st = self.state
        if st.move_count != at or st.current_player != seat or seat not in self.bots:
            return False
        try:
            st.play(move)
        except RulesetError as e:
            self.said(t(self.lang, "ruleset_bug", error=e.in_lang(self.lang)))
            return False
        self.save()
        self.play_early()
        self.refresh()
        return True
