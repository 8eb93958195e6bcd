"""The table in a terminal: one state, seats held by people or bots, a prompt for each person.

Every input is answered: a number or notation plays, anything else gets one sentence and the
prompt again. The game is saved after every move, so nothing is lost on Ctrl-D, Ctrl-C or quit.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console, RenderableType
from rich.markdown import Markdown
from rich.panel import Panel

from ..bots import Bot, decide
from ..errors import RulesetError, TabletopError
from ..registry import doc_path
from ..spec import text_of
from ..state import State
from .i18n import t
from .render import render_log, render_moves, render_outcome, render_view

CLEAR_ALL = "\033[2J\033[3J\033[H"  # clear the screen and the terminal's scroll-back
LOG_LINES = 6  # the last moves shown above the prompt (fewer when the screen is short)


class Table:
    """Runs one game in the terminal until it ends or the people leave."""

    def __init__(self, state: State, bots: dict[int, Bot], lang: str, console: Console,
                 read: Callable[[str], str], save_path: Path, watch: bool = False,
                 delay: float = 0.0) -> None:
        self.state = state
        self.bots = bots
        self.lang = lang
        self.console = console
        self.read = read
        self.save_path = save_path
        self.watch = watch
        self.delay = delay
        self.humans = [s for s in range(state.players) if s not in bots]
        self.curtain = state.spec.secret and len(self.humans) > 1
        self.last_human: int | None = None

    # ---------------------------------------------------------------- helpers
    def say(self, text: str, style: str = "") -> None:
        self.console.print(text, style=style, markup=False, highlight=False)

    def save(self, quiet: bool = False) -> bool:
        try:
            self.save_path.parent.mkdir(parents=True, exist_ok=True)
            # write beside, then rename: a save cut short never replaces a good one
            partial = self.save_path.with_name(self.save_path.name + ".partial")
            partial.write_text(self.state.to_json(), encoding="utf-8")
            partial.replace(self.save_path)
        except OSError as e:
            self.say(t(self.lang, "save_failed", path=self.save_path, error=e), "bold red")
            return False
        if not quiet:
            self.say(t(self.lang, "saved", path=self.save_path), "green")
        return True

    def show_rules(self) -> None:
        page = doc_path(self.state.spec.id)
        if page is None:
            self.say(t(self.lang, "no_rules", game=text_of(self.state.spec.name, self.lang)))
            return
        self.console.print(Markdown(page.read_text(encoding="utf-8")))
        note = t(self.lang, "rules_in_english")
        if note:
            self.say(note, "yellow")

    def show_help(self) -> None:
        st = self.state
        lines = [t(self.lang, "help_body"), ""]
        lines.append(t(self.lang, "notation", game=text_of(st.spec.name, self.lang)) + ":")
        for ms in st.spec.moves:
            lines.append(f"  {' '.join(ms.template)}  - {text_of(ms.label, self.lang)}")
        self.console.print(Panel("\n".join(lines), title=t(self.lang, "help_title")),
                           markup=False, highlight=False)

    def draw(self, seat: int | None, ask: bool = False) -> None:
        """The table as ``seat`` sees it and the last moves; with ``ask`` (the moves and the
        prompt follow), the log gives up lines so that the whole turn fits the screen."""
        st = self.state
        view = render_view(st, seat, self.lang)
        self.console.print(view)
        log = render_log(st.log, seat, self.lang, st, limit=LOG_LINES)
        if ask and log is not None:
            options = self.console.options

            def height(r: RenderableType) -> int:
                return len(self.console.render_lines(r, options))

            room = self.console.size.height - height(view) - 1 - height(
                render_moves(st, st.legal_moves(), self.lang))  # 1: the prompt
            limit = LOG_LINES
            while log is not None and height(log) > room:
                limit -= 1
                log = render_log(st.log, seat, self.lang, st, limit=limit) if limit else None
        if log is not None:
            self.console.print(log)

    def show_curtain(self, seat: int) -> bool:
        """Clear everything and wait for the next person; False when input has ended."""
        self.console.file.write(CLEAR_ALL)
        self.console.file.flush()
        try:
            self.read(t(self.lang, "curtain", name=self.state.seat_name(seat)) + " ")
        except EOFError:
            return False
        self.console.file.write(CLEAR_ALL)
        self.console.file.flush()
        return True

    # ---------------------------------------------------------------- the loop
    def run(self) -> int:
        """Play until the end or until the people leave; Ctrl-C anywhere saves first."""
        try:
            return self._run()
        except KeyboardInterrupt:
            self.say("")
            self.save()
            self.say(t(self.lang, "bye"))
            return 130

    def _run(self) -> int:
        st = self.state
        rng = random.Random(st.seed)
        if not self.humans:
            self.draw(None)
        while not st.is_over:
            seat = st.current_player
            assert seat is not None
            bot = self.bots.get(seat)
            if bot is not None:
                try:
                    move = decide(bot, st, seat)
                    events = st.play(move)
                except RulesetError as e:
                    self.say(t(self.lang, "ruleset_bug", error=e.in_lang(self.lang)), "bold red")
                    self.save()
                    return 1
                self.save(quiet=True)
                if self.humans or self.watch:
                    # in a game with secrets the move's text may name hidden cards: people
                    # see only its public events
                    public = [e.text_in(self.lang) for e in events
                              if e.private_to is None and e.kind == "log"]
                    shown = "; ".join(public) if st.spec.secret else move.text
                    # in a game with secrets, a decision that tells the table nothing prints
                    # nothing: a line for it would say that a question was asked (a hidden
                    # Treasure holder's answer, in Le Coffre et la Clé)
                    if shown or not st.spec.secret:
                        self.say(t(self.lang, "bot_moved", name=st.seat_name(seat),
                                   bot=bot.name, move=shown or "…"), "magenta")
                if self.watch and not self.humans:
                    self.draw(None)
                if self.delay:
                    time.sleep(self.delay)
                continue
            if self.curtain and seat != self.last_human:
                if not self.show_curtain(seat):
                    self.say("")
                    self.save()
                    return 0
            self.last_human = seat
            self.draw(seat, ask=True)
            outcome = self.ask(seat, rng)
            if outcome is not None:
                return outcome
        self.save(quiet=True)
        # the last screen is seen by the whole table: in a game with secrets and several
        # people (or only bots) it shows what everyone may see, no one's hand
        if self.humans and (len(self.humans) == 1 or not st.spec.secret):
            self.draw(self.humans[0])
        else:
            if self.curtain:
                self.console.file.write(CLEAR_ALL)
            self.draw(None)
        self.console.print(render_outcome(st, self.lang, self.humans))
        self.say(t(self.lang, "replay", command=replay_command(st)))
        return 0

    def ask(self, seat: int, rng: random.Random) -> int | None:
        """Prompt until the person plays a move (None) or leaves (an exit code)."""
        st = self.state
        legal = st.legal_moves()
        if not legal:  # a ruleset that leaves nobody a move: say so rather than wait forever
            self.say(t(self.lang, "stuck"), "bold red")
            self.save()
            return 1
        self.console.print(render_moves(st, legal, self.lang))
        while True:
            try:
                line = self.read(f"{st.seat_name(seat)} > " if st.players > 1 else "> ")
            except EOFError:
                self.say("")
                self.save()
                self.say(t(self.lang, "bye"))
                return 0
            except KeyboardInterrupt:
                self.say("")
                self.save()
                self.say(t(self.lang, "bye"))
                return 130
            text = line.strip()
            word = text.lower()
            if not text:
                self.say(t(self.lang, "empty", n=len(legal), example=legal[0].text), "yellow")
                continue
            if word in ("help", "?", "aide"):
                self.show_help()
                self.console.print(render_moves(st, legal, self.lang))
                continue
            if word in ("rules", "règles", "regles"):
                self.show_rules()
                self.draw(seat, ask=True)
                self.console.print(render_moves(st, legal, self.lang))
                continue
            if word in ("save", "sauver"):
                self.save()
                continue
            if word in ("quit", "exit", "quitter"):
                self.save()
                self.say(t(self.lang, "bye"))
                return 0
            if text.isdigit():
                n = int(text)
                if not 1 <= n <= len(legal):
                    self.say(t(self.lang, "bad_number", n=n, count=len(legal)), "yellow")
                    continue
            try:
                st.play(legal[int(text) - 1] if text.isdigit() else text, seat=seat)
            except RulesetError as e:  # not the player's doing: the move was undone
                self.say(t(self.lang, "ruleset_bug", error=e.in_lang(self.lang)), "bold red")
                continue
            except TabletopError as e:
                self.say(e.in_lang(self.lang), "yellow")
                continue
            self.save(quiet=True)
            return None


def replay_command(st: State) -> str:
    """The command line that plays this same game again."""
    parts = ["tabletop", "play", st.game.source_ref or st.spec.id, "--seed", str(st.seed)]
    for k, v in st.options.items():
        if st.spec.options[k].default != v:
            parts += ["--option", f"{k}={v}"]
    if st.players == 1 and st.spec.max_players > 1:
        parts.append("--solo")
    elif st.players > 1:
        default = [f"P{i + 1}" for i in range(st.players)]
        parts += ["--players", str(st.players) if st.names == default else ",".join(st.names)]
    for spec in st.meta.get("seats", []):
        parts += ["--seat", spec]
    if st.meta.get("watch"):
        parts.append("--watch")
    return " ".join(parts)
