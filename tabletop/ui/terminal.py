"""The table in a terminal: one state, seats held by people or bots, a prompt for each person.

Every input is answered: a number or notation plays, anything else gets one sentence and the
prompt again. The game is saved after every move, so nothing is lost on Ctrl-D, Ctrl-C or quit.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console, RenderableType
from rich.markdown import Markdown

from tabletop.bots import Bot, decide
from tabletop.bots.expert import ExpertBot
from tabletop.engine import savefiles
from tabletop.engine.state import Event, Move, State
from tabletop.errors import BotError, RulesetError, TabletopError
from tabletop.i18n.catalogue import text_of
from tabletop.i18n.messages import os_why
from tabletop.i18n.table import bot_name, t
from tabletop.registry import doc_path, page_lang
from tabletop.rules.values import fold_accents
from tabletop.safety.files import MAX_PAGE_BYTES, read_text
from tabletop.ui.output import clean
from tabletop.ui.render import (
    Fit,
    event_line,
    names_unseen,
    render_card,
    render_help,
    render_outcome,
    render_screen,
    text_height,
    visible_codes,
)

CLEAR_ALL = "\033[2J\033[3J\033[H"  # clear the screen and the terminal's scroll-back
THINKING = 0.5  # a bot thinking longer than this (seconds) shows it
HINT_SECONDS = 1.5  # a hint's search (the exact solver, where it serves, may take longer once)
ECHO = 60  # the most characters of a typed line said back in a message
SINCE = 6  # the most events a "since your last turn" line names (the latest)
# the table's own words, at the move prompt and at a window's shared prompt
SAVE_WORDS = ("save", "sauver")
QUIT_WORDS = ("quit", "exit", "quitter")
RULES_WORDS = ("rules", "règles", "regles")


class Table:
    """Runs one game in the terminal until it ends or the people leave."""

    def __init__(self, state: State, bots: dict[int, Bot], lang: str, console: Console,
                 read: Callable[[str], str], save_path: Path, watch: bool = False,
                 delay: float = 0.0, flush: Callable[[], None] | None = None,
                 hints: bool = False, file_name: str | None = None) -> None:
        self.state = state
        self.hints = hints  # show the expert's move at each prompt (--hints)
        self.hint_bot: ExpertBot | None = None
        self.bots = bots
        self.lang = lang
        self.console = console
        self._read = read
        self.save_path = save_path
        # the file's name when save_path is a folder (savefiles.default_name)
        self.file_name = file_name or savefiles.default_name(state.spec.id, None, False)
        self.lock = savefiles.SaveLock()  # held on the save file while the table plays
        self.in_use = False  # the last save found its file held by another table
        self.watch = watch
        self.delay = delay
        self.humans = [s for s in range(state.players) if s not in bots]
        self.curtain = state.spec.secret and len(self.humans) > 1
        self.last_human: int | None = None
        self.flush = flush  # drops what was typed ahead (while a bot was thinking)
        self.bot_moved = False  # since a person last typed
        self.unsaved = False  # the last save failed
        self.failure_told = False  # and the people were told (once)
        self.notices: list[str] = []  # said above the next screen drawn (what bots did...)
        self.seen: dict[int, int] = {}  # each person's place in the log after their move
        # a person's move's consequences, and whether they showed it cards it had not seen
        self.learned: tuple[int, list[str], bool] | None = None
        self.sep = " ; " if lang == "fr" else "; "  # between events said on one line
        self.typed: str | None = None  # a line typed at a "press Enter" prompt: a move

    # ---------------------------------------------------------------- helpers
    def read(self, prompt: str) -> str:
        """What is typed after ``prompt`` (a name in it cleaned of control characters)."""
        return self._read(clean(prompt))

    def say(self, text: str, style: str = "") -> None:
        self.console.print(text, style=style, markup=False, highlight=False)

    def _write(self) -> str | None:
        """Save the game to ``save_path``; None when it worked, else why not (a sentence).
        The table holds the file's lock from its first save on: a file another table plays
        on is refused."""
        try:
            if self.save_path.is_dir():  # --save naming a folder: the game's file inside it
                self.save_path = savefiles.free_path(self.save_path / self.file_name)
            if not self.lock.acquire(self.save_path):
                self.in_use = True
                return t(self.lang, "save_in_use", path=self.save_path)
            self.in_use = False
            savefiles.write(self.save_path, self.state.to_json())
        except savefiles.SaveRefused as e:
            return t(self.lang, e.key, path=self.save_path)
        except OSError as e:
            return t(self.lang, "save_failed", path=self.save_path, error=os_why(e)[self.lang])
        return None

    def save(self, quiet: bool = False) -> bool:
        """Save the game; when that fails, say so once and ask a person for another file
        (a table of bots only takes the next free name when its file is in use)."""
        failed = self._write()
        if failed is not None and not self.humans and self.in_use:
            self.save_path = savefiles.free_path(self.save_path)  # in use: the next name
            failed = self._write()
        if failed is not None:
            self.unsaved = True
            if not self.failure_told:
                self.failure_told = True
                self.say(failed, "bold red")
                if self.humans:
                    self.ask_save_path()
            return not self.unsaved
        self.unsaved = False
        self.failure_told = False
        if not quiet:
            self.say(t(self.lang, "saved", path=self.save_path), "green")
        return True

    def ask_save_path(self) -> None:
        """Ask for files to save to until one works, or the person plays on without saving."""
        while True:
            try:
                answer = self.read(t(self.lang, "save_where") + " ")
                answer = typed_text(answer).strip()
            except (EOFError, KeyboardInterrupt):
                answer = ""
            if not answer:
                self.say(t(self.lang, "save_skipped"), "yellow")
                return
            if self.save_to(answer):
                return

    def save_to(self, answer: str) -> bool:
        """Save to the path the person typed; True when it worked (they are told either way)."""
        self.save_path = Path(answer).expanduser()
        failed = self._write()
        if failed is not None:
            self.say(failed, "bold red")
            return False
        self.unsaved = False
        self.say(t(self.lang, "saved", path=self.save_path), "green")
        return True

    def may_leave(self) -> bool:
        """True when the game is saved, or the person agrees to leave it unsaved."""
        if not self.unsaved:
            return True
        while True:
            try:
                answer = self.read(t(self.lang, "leave_unsaved") + " ")
                answer = typed_text(answer).strip()
            except (EOFError, KeyboardInterrupt):
                return True
            word = answer.lower()
            if word in ("y", "yes", "o", "oui"):
                return True
            if word in ("n", "no", "non", ""):
                return False
            if self.save_to(answer):
                return True

    def show_rules(self) -> None:
        """The game's rules page in the table's language (else in English, saying so), paged
        when it is taller than the terminal."""
        page = doc_path(self.state.spec.id, self.lang)
        if page is None:
            self.say(t(self.lang, "no_rules", game=text_of(self.state.spec.name, self.lang)))
            return
        with self.console.capture() as capture:
            if page_lang(page) != self.lang:
                self.say(t(self.lang, "page_in_english"), "yellow")
            self.console.print(Markdown(read_text(page, MAX_PAGE_BYTES, "page")))
        self.page(capture.get().splitlines())

    def page(self, lines: list[str]) -> None:
        """Show ``lines`` a screen at a time when they do not fit the terminal."""
        height = max(3, self.console.size.height - 1)
        out = self.console.file
        for start in range(0, len(lines), height):
            out.write("\n".join(lines[start:start + height]) + "\n")
            out.flush()
            if start + height >= len(lines):
                return
            try:
                answer = self.read(t(self.lang, "more") + " ")
            except EOFError:
                return
            if answer.strip().lower() in ("q", "quit", "quitter"):
                return

    def show_help(self, seat: int) -> None:
        """The help, fitted to the terminal with a line left for the prompt below it."""
        width, height = self.console.size
        with self.console.capture() as capture:  # (a terminal too small for it: paged)
            self.console.print(render_help(self.state, seat, self.lang, width, height - 1))
        self.page(capture.get().splitlines())

    def hint(self, seat: int) -> None:
        """The move bot:expert would make, with its estimated chance to win, computed from
        what the seat sees only (the worlds it searches are dealt from the seat's view)."""
        st = self.state
        if st.players != 1:
            self.say(t(self.lang, "hint_solo"), "yellow")
            return
        if self.hint_bot is None:
            self.hint_bot = ExpertBot(seed=0, seconds=HINT_SECONDS)
        self.hint_bot.rng.seed(len(st.history))  # the same position gives the same hint
        try:
            ranked = self.hint_bot.rank(seat, st.legal_moves(),
                                        lambda rng: st.determinize(seat, rng))
        except BotError as e:
            self.say(t(self.lang, "hint_none", error=str(e)), "yellow")
            return
        p, move = ranked[0]
        said = st.move_text(move, self.lang)
        if p is None:
            self.say(t(self.lang, "hint_unsure", move=said), "cyan")
        else:
            self.say(t(self.lang, "hint", move=said, chance=f"{100 * p:.0f}"), "cyan")

    def draw(self, seat: int | None, legal: list[Move] | None = None, below: int = 1,
             after: Callable[[Fit], RenderableType] | None = None) -> None:
        """The board, the last moves and ``legal`` (the moves listed), fitted to the terminal
        with ``below`` lines left for what follows (the prompt)."""
        width, height = self.console.size
        spectator = (self.watch and not self.humans) or self.state.is_over
        notices, self.notices = self.notices, []
        self.console.print(render_screen(self.state, seat, self.lang, legal, width,
                                         height - below, spectator=spectator, after=after,
                                         notices=notices))

    def bot_labels(self) -> dict[int, str]:
        return {s: bot_name(self.lang, b.name) for s, b in self.bots.items()}

    def lines(self, events: list[Event], seat: int | None) -> list[str]:
        """The events ``seat`` may see, as the log says them."""
        labels = self.bot_labels()
        shown = [e for e in events if e.kind != "shuffle" and e.visible_to(seat)]
        # a seat is named once for the events it caused in a row
        return [event_line(self.state, e, self.lang, labels,
                           named=i == 0 or e.seat != shown[i - 1].seat)
                for i, e in enumerate(shown)]

    def since(self, seat: int) -> str | None:
        """What happened since ``seat``'s last move that it may see (the latest events)."""
        if seat not in self.seen:
            return None
        said = self.lines(self.state.log[self.seen[seat]:], seat)
        if not said:
            return t(self.lang, "since_none")
        return t(self.lang, "since", events=self.sep.join(
            (["…"] if len(said) > SINCE else []) + said[-SINCE:]))

    def show_learned(self, seat: int) -> bool:
        """Before the curtain falls: what ``seat``'s last move showed it; False when input
        has ended."""
        learned, self.learned = self.learned, None
        if learned is None or learned[0] != seat or not learned[2]:
            return True
        self.say(t(self.lang, "learned", events=self.sep.join(learned[1])), "bold cyan")
        try:
            self.read(t(self.lang, "learned_ok") + " ")
        except EOFError:
            return False
        return True

    def think(self, bot: Bot, seat: int) -> Move:
        """The bot's move; when it takes longer than half a second, people see it thinking."""
        self.bot_moved = True
        if not (self.humans or self.watch):
            return decide(bot, self.state, seat)
        message = t(self.lang, "thinking", name=self.state.seat_name(seat),
                    bot=bot_name(self.lang, bot.name))
        timer = threading.Timer(THINKING, self.say, (message, "dim"))
        timer.daemon = True
        timer.start()
        try:
            return decide(bot, self.state, seat)
        finally:
            timer.cancel()

    def typed_ahead(self) -> None:
        """Drop the keys typed while bots played: they were not meant for this prompt."""
        if self.bot_moved and self.flush is not None:
            self.flush()
        self.bot_moved = False

    def show_curtain(self, seat: int, text: str | None = None) -> bool:
        """Clear everything and wait for the next person (or the people ``text`` names);
        False when input has ended."""
        if self.last_human is not None and not self.show_learned(self.last_human):
            return False
        self.console.file.write(CLEAR_ALL)
        self.console.file.flush()
        self.typed_ahead()
        try:
            self.read((text or t(self.lang, "curtain", name=self.state.seat_name(seat))) + " ")
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
        except Exception:  # a bug of ours: keep the game, then let the command say so
            self.save(quiet=True)
            raise
        finally:
            self.lock.release()

    def _run(self) -> int:
        st = self.state
        rng = random.Random(st.seed)
        self.save(quiet=True)  # the save path is tried before the first move
        if not self.humans:
            self.draw(None, below=2)
        while not st.is_over:
            seat = st.current_player
            assert seat is not None
            window = st.window
            if window is not None and window.mode == "first":
                rest = window.seats[window.at:]
                people = [s for s in rest if s not in self.bots]
                if len(people) > 1:  # one prompt on the shared screen for all of them
                    outcome = self.ask_window(rest, people)
                    if outcome is not None:
                        return outcome
                    continue
            bot = self.bots.get(seat)
            if bot is not None:
                try:
                    move = self.think(bot, seat)
                    said = st.move_text(move, self.lang)
                    # an answer to a question (another seat's, or a step of its own move) is
                    # said as answered, in the question's words; a move as played
                    answered = st.pending is not None
                    in_window = window is not None  # (its answer secret until it closes)
                    events = st.play(move)
                except RulesetError as e:
                    self.say(t(self.lang, "ruleset_bug", error=e.in_lang(self.lang)), "bold red")
                    self.save()
                    return 1
                self.save(quiet=True)
                if self.humans or self.watch:
                    # in a game with secrets the move's text may name hidden cards: people
                    # see only its public events, each said with the seat that caused it
                    hidden = (st.spec.secret or in_window) and (self.humans or not self.watch)
                    if hidden:
                        public = [e for e in events if e.private_to is None and e.kind == "log"]
                        shown = self.sep.join(self.lines(public, None))
                    else:
                        shown = t(self.lang, "bot_answered" if answered else "bot_moved",
                                  name=st.seat_name(seat),
                                  bot=bot_name(self.lang, bot.name), move=said)
                    # in a game with secrets, a decision that tells the table nothing prints
                    # nothing: a line for it would say that a question was asked (a hidden
                    # Treasure holder's answer, in Le Coffre et la Clé)
                    if shown:
                        self.notices.append(shown)
                if self.watch and not self.humans:
                    self.draw(None, below=2)
                if self.delay:
                    time.sleep(self.delay)
                continue
            if self.curtain and seat != self.last_human:
                if not self.show_curtain(seat):
                    self.say("")
                    self.save()
                    return 0
                # behind the curtain: what this seat may see of what happened meanwhile
                since = self.since(seat)
                self.notices = [since] if since else []
            elif self.learned is not None:  # no curtain: the move's consequences, on screen
                self.notices.insert(0, self.sep.join(self.learned[1]))
            self.learned = None
            self.last_human = seat
            outcome = self.ask(seat, rng)
            if outcome is not None:
                return outcome
        self.save(quiet=True)
        if self.learned is not None and not self.curtain:
            self.notices.insert(0, self.sep.join(self.learned[1]))
        self.learned = None
        # the last screen is seen by the whole table: in a game with secrets and several
        # people (or only bots) it shows what everyone may see, no one's hand
        def ending(fit: Fit) -> RenderableType:
            return render_outcome(st, self.lang, self.humans, fit)

        replay = t(self.lang, "replay", command=replay_command(st))
        below = text_height(replay, self.console.size.width)
        if self.humans and (len(self.humans) == 1 or not st.spec.secret):
            self.draw(self.humans[0], below=below, after=ending)
        else:
            if self.curtain:
                self.console.file.write(CLEAR_ALL)
                self.notices = []  # (what the last person's move showed them stays theirs)
            self.draw(None, below=below, after=ending)
        self.say(replay)
        return 0

    def ask(self, seat: int, rng: random.Random) -> int | None:
        """Prompt until the person plays a move (None) or leaves (an exit code)."""
        st = self.state
        legal = st.legal_moves()
        if not legal:  # a ruleset that leaves nobody a move: say so rather than wait forever
            self.say(t(self.lang, "stuck"), "bold red")
            self.save()
            return 1
        self.draw(seat, legal, below=2 if self.hints else 1)
        if self.hints:
            self.hint(seat)
        self.typed_ahead()
        while True:
            try:
                if self.typed is not None:  # typed at a "press Enter" prompt: taken here
                    line, self.typed = self.typed, None
                else:
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
            text = typed_text(line).strip()
            if not text and len(legal) == 1 and st.pending is not None and st.pending.optional:
                text = legal[0].text  # a question you can only decline: Enter declines it
            word = text.lower()
            if word in ("", "board", "plateau"):  # an empty line redraws the board
                self.draw(seat, legal)
                continue
            if word in ("help", "?", "aide"):
                self.show_help(seat)
                try:
                    typed = typed_text(self.read(t(self.lang, "back_to_board") + " ")).strip()
                except EOFError:
                    typed = ""
                if typed:  # a move typed instead of Enter is that move
                    self.typed = typed
                    continue
                self.draw(seat, legal)
                continue
            first = word.split(" ", 1)[0]
            if first in ("card", "carte"):
                self.console.print(render_card(st, seat, self.lang, text[len(first):].strip()))
                continue
            if word in ("hint", "indice"):
                self.hint(seat)
                continue
            if word in RULES_WORDS:
                self.show_rules()
                self.draw(seat, legal)
                continue
            if word in SAVE_WORDS:
                self.save()
                continue
            if word in QUIT_WORDS:
                self.save()
                if not self.may_leave():
                    continue
                self.say(t(self.lang, "bye"))
                return 0
            if text.isdecimal() and text.isascii():
                n = int(text)
                if not 1 <= n <= len(legal):
                    key = "bad_number_one" if len(legal) == 1 else "bad_number"
                    self.say(t(self.lang, key, n=echo(self.lang, text), count=len(legal)),
                             "yellow")
                    continue
            start, before = len(st.log), set(visible_codes(st, seat))
            try:
                st.play(legal[int(text) - 1] if text.isdecimal() and text.isascii() else text,
                        seat=seat)
            except RulesetError as e:  # not the player's doing: the move was undone
                self.say(t(self.lang, "ruleset_bug", error=e.in_lang(self.lang)), "bold red")
                continue
            except TabletopError as e:
                said = e.in_lang(self.lang)
                if len(text) > ECHO:  # a long line is not said back whole
                    said = said.replace(text, echo(self.lang, text))
                self.say(said, "yellow")
                continue
            self.save(quiet=True)
            # what the move showed this seat beyond the move itself (a reveal, a card seen,
            # who won the round): said before a curtain falls, else above the next screen
            shown = [e for e in st.log[start:] if e.kind != "shuffle" and e.visible_to(seat)]
            if (any(e.private_to is not None for e in shown)
                    or names_unseen(st, shown, before)):
                self.learned = (seat, self.lines(shown, seat), True)
            elif len(shown) > 1:
                self.learned = (seat, self.lines(shown, seat), False)
            self.seen[seat] = len(st.log)
            return None


    # ---------------------------------------------------------------- reaction windows
    def ask_window(self, rest: tuple[int, ...], people: list[int]) -> int | None:
        """A reaction window that goes to the first taker (``window: first``) with several
        people in it: one curtain and one prompt on the shared screen for all of them, who
        say who takes it (the named person's answer is theirs, every other person passes);
        then every seat left answers in play order, the bots with their own decision (a
        bot's take counts by its place in that order). None when it was played, else the
        exit code (the people left)."""
        st = self.state
        names = ", ".join(st.seat_name(s) for s in people)
        if self.curtain and not self.show_curtain(people[0], t(self.lang, "curtain_window",
                                                               names=names)):
            self.say("")
            self.save()
            return 0
        if self.learned is not None and not self.curtain:  # (no curtain: on screen)
            self.notices.insert(0, self.sep.join(self.learned[1]))
        self.learned = None
        self.last_human = None  # the next person's own screen comes after a curtain
        start = len(st.log)
        chosen = self.window_prompt(people, names)
        if not isinstance(chosen, tuple):
            return chosen  # (the people left)
        taker, index = chosen
        for seat in rest:
            if st.is_over or st.current_player != seat:
                break  # (the game ended: the move limit)
            bot = self.bots.get(seat)
            legal = st.legal_moves()
            try:
                if bot is not None:
                    move = self.think(bot, seat)
                elif seat == taker and index is not None:
                    move = legal[index]
                else:  # every other person of the window passes
                    move = next(m for m in legal if m.args and m.args[0][1] is None)
                st.play(move, seat=seat)
            except RulesetError as e:
                self.say(t(self.lang, "ruleset_bug", error=e.in_lang(self.lang)), "bold red")
                self.save()
                return 1
            self.save(quiet=True)
        # what the window's close told the table, above the next screen
        public = [e for e in st.log[start:] if e.private_to is None]
        said = self.lines(public, None)
        if said:
            self.notices.append(self.sep.join(said))
        for s in people:
            self.seen[s] = start
        return None

    def window_prompt(self, people: list[int], names: str
                      ) -> tuple[int, int] | tuple[None, None] | int:
        """The shared prompt of a window: (the seat named, the place of its answer in the
        listing) or (None, None) for nobody; an exit code when the people left. A line
        that names nobody of the window, or an answer it does not offer, gets one sentence
        and the prompt again."""
        st = self.state
        legal = st.legal_moves()  # (the same answers for every seat of the window)
        takes = [i for i, m in enumerate(legal) if m.args and m.args[0][1] is not None]
        answers = ", ".join(st.move_text(legal[i], self.lang) for i in takes)
        question = st.prompt(self.lang) or t(self.lang, "window_question")
        key = "window_ask" if len(takes) == 1 else "window_ask_which"
        self.draw(None, below=3)
        self.say(t(self.lang, key, q=question, names=names, answers=answers), "bold")
        self.typed_ahead()
        while True:
            try:
                line = self.read("> ")
            except (EOFError, KeyboardInterrupt) as e:
                self.say("")
                self.save()
                self.say(t(self.lang, "bye"))
                return 130 if isinstance(e, KeyboardInterrupt) else 0
            text = typed_text(line).strip()
            word = fold_accents(text.lower())
            if not word:
                self.say(t(self.lang, "window_nobody"))
                return None, None
            if word in SAVE_WORDS:
                self.save()
                continue
            if word in ("help", "?", "aide", "board", "plateau"):  # the question again
                self.draw(None, below=3)
                self.say(t(self.lang, key, q=question, names=names, answers=answers), "bold")
                continue
            if word in RULES_WORDS:
                self.show_rules()
                self.draw(None, below=3)
                self.say(t(self.lang, key, q=question, names=names, answers=answers), "bold")
                continue
            if word in QUIT_WORDS:
                self.save()
                if not self.may_leave():
                    continue
                self.say(t(self.lang, "bye"))
                return 0
            seat, rest = self.named(word, people)
            if seat is None:
                self.say(t(self.lang, "window_not_named", text=echo(self.lang, text),
                           names=names), "yellow")
                continue
            name = st.seat_name(seat)
            if not rest:
                if len(takes) != 1:
                    self.say(t(self.lang, "window_which", name=name, answers=answers),
                             "yellow")
                    continue
                index = takes[0]
            else:
                answer = text[len(text) - len(rest):]
                try:
                    index = legal.index(legal[int(answer) - 1] if answer.isdecimal()
                                        and 1 <= int(answer) <= len(legal)
                                        else st.parse_move(answer))
                except TabletopError as e:
                    self.say(e.in_lang(self.lang), "yellow")
                    continue
            self.say(t(self.lang, "window_named", name=name,
                       answer=st.move_text(legal[index], self.lang)))
            return seat, index

    def named(self, word: str, people: list[int]) -> tuple[int | None, str]:
        """The person of ``people`` a folded line starts with (by name, or p1, p2...), and
        the rest of the line; (None, "") when it names none of them."""
        st = self.state
        for seat in sorted(people, key=lambda s: -len(st.seat_name(s))):  # longest first
            for said in (fold_accents(st.seat_name(seat).lower()), f"p{seat + 1}"):
                if word == said or word.startswith(said + " "):
                    return seat, word[len(said):].strip()
        return None, ""


def echo(lang: str, text: str) -> str:
    """A typed line as a message says it back: a long one cut, with its length."""
    if len(text) <= ECHO:
        return text
    return t(lang, "typed_cut", text=text[:ECHO], n=len(text))


def typed_text(line: str) -> str:
    """What a person typed, as text the table may show back: bytes that were not text are
    replaced, control characters (escape sequences) left out."""
    text = line.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return "".join(ch for ch in text if ch.isprintable() or ch == " ")


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
