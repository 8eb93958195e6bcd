"""`tabletop simulate`: many seeded games of one game, and what they say.

Each game's seed comes from the master seed and the game's index alone, and every tally is a
whole-number sum (counts, totals, {value: count}), so the figures are the same whether the
games are played in this process, over ``workers`` processes or on a Dask cluster, in any
order. The screen, the progress bar and the plot are the UI's (tabletop/ui/report.py).
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import importlib
import importlib.util
import io
import json
import multiprocessing
import os
import signal
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop import registry
from tabletop.analysis import stats
from tabletop.bots import RandomBot, decide, make_bot
from tabletop.engine.context import ENGINE_FUNCTIONS
from tabletop.engine.game import Game
from tabletop.errors import TabletopError
from tabletop.i18n.messages import ruleset_texts
from tabletop.lang.cards import CardDef
from tabletop.rules.spec import load_spec_text
from tabletop.rules.values import message_error
from tabletop.safety.limits import GAME_MOVES

MAX_GAMES = 100_000_000
MAX_WORKERS = 256
CLUSTER_TIMEOUT = 10.0  # seconds to reach a Dask scheduler before saying it cannot be reached
CHUNK_MAX = 100  # games a worker plays before it reports (the progress bar moves with them)
GAME_SECONDS = 120.0  # a game still playing after this long is stopped and reported
TRIES = 2  # a chunk whose worker dies is played again, up to this many times in all
TICK_SECONDS = 0.5  # how often a worker says how many games of its chunk it has played
STUCK_SHOWN = 5  # the games past their bound that the report names (the lowest indexes)


class SimulateError(TabletopError):
    """A simulation that cannot run: the message says why, in one sentence."""


@dataclass(frozen=True)
class Setup:
    """One run's games, as plain data a worker process or a cluster can be sent.

    ``game`` is a shipped game's id or a ruleset's path; ``text`` the ruleset's YAML when it is
    not shipped (a cluster's workers may not have the file). ``seats`` holds each seat's bot
    kind and settings.
    """

    game: str
    text: str | None
    players: int
    names: tuple[str, ...] | None
    options: tuple[tuple[str, str], ...]
    seats: tuple[tuple[str, tuple[tuple[str, float], ...]], ...]
    seed: int


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded ``master``: a hash of both, so it
    depends on nothing else (not on the worker, nor on the order games are played in)."""
    digest = hashlib.blake2b(f"{master}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def bot_seed(seed: int, seat: int) -> int:
    digest = hashlib.blake2b(f"{seed}/seat{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


class _Use:
    """A move kind's or a card's tally: plays, seat-games that played it, and their wins."""

    __slots__ = ("plays", "users", "wins")

    def __init__(self, plays: int = 0, users: int = 0, wins: int = 0) -> None:
        self.plays, self.users, self.wins = plays, users, wins

    def add(self, other: _Use) -> None:
        self.plays += other.plays
        self.users += other.users
        self.wins += other.wins


@dataclass
class Tally:
    """Whole-number sums over games; ``merge`` is order-free."""

    players: int
    games: int = 0
    wins: list[int] = field(default_factory=list)
    wins_by_place: list[int] = field(default_factory=list)
    draws: int = 0
    shared: int = 0
    turns: Counter[int] = field(default_factory=Counter)
    moves: Counter[int] = field(default_factory=Counter)
    scores: list[Counter[int]] = field(default_factory=list)
    outcomes: Counter[str] = field(default_factory=Counter)
    # outcome name -> (the lowest game index that ended so, its reason in en and fr)
    examples: dict[str, tuple[int, str, str]] = field(default_factory=dict)
    kinds: dict[str, _Use] = field(default_factory=dict)
    cards: dict[str, _Use] = field(default_factory=dict)
    # games stopped past their bound (GAME_MOVES moves or GAME_SECONDS), not in the figures
    # above: how many, and the first few as (index, seed, moves played, "moves" or "time")
    unfinished: int = 0
    stuck: list[tuple[int, int, int, str]] = field(default_factory=list)
    # how an answer to a question reads in the moves table, in English and French, by its
    # row: "VAR" (answers that are cards, seats or numbers: the first word of the question's
    # notation), "VAR=VALUE" (a named answer) and "VAR:pass" (a pass: as they are typed)
    answers: dict[str, tuple[str, str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0] * self.players
            self.wins_by_place = [0] * self.players
            self.scores = [Counter() for _ in range(self.players)]

    def merge(self, o: Tally) -> None:
        self.games += o.games
        for s in range(self.players):
            self.wins[s] += o.wins[s]
            self.wins_by_place[s] += o.wins_by_place[s]
            self.scores[s].update(o.scores[s])
        self.draws += o.draws
        self.shared += o.shared
        self.turns.update(o.turns)
        self.moves.update(o.moves)
        self.outcomes.update(o.outcomes)
        for name, ex in o.examples.items():
            if name not in self.examples or ex[0] < self.examples[name][0]:
                self.examples[name] = ex
        for mine, theirs in ((self.kinds, o.kinds), (self.cards, o.cards)):
            for k, u in theirs.items():
                mine.setdefault(k, _Use()).add(u)
        self.unfinished += o.unfinished
        self.stuck = sorted([*self.stuck, *o.stuck])[:STUCK_SHOWN]
        for var, words in o.answers.items():
            self.answers[var] = min(words, self.answers.get(var, words))


_GAMES: dict[tuple[str, str | None], Game] = {}


def _game(setup: Setup) -> Game:
    key = (setup.game, setup.text)
    g = _GAMES.get(key)
    if g is None:
        if setup.text is None:
            g = registry.load(setup.game)
        else:
            g = Game(load_spec_text(setup.text, setup.game, table=ENGINE_FUNCTIONS), setup.game)
        _GAMES[key] = g
    return g


def _cards_in(value: Any) -> Iterator[str]:
    if isinstance(value, CardDef):
        yield value.code
    elif isinstance(value, list | tuple):
        for v in value:
            if isinstance(v, CardDef):
                yield v.code


def play_game(game: Game, setup: Setup, index: int, tally: Tally) -> None:
    """Play game ``index`` of ``setup`` to its end and add it to ``tally``."""
    seed = game_seed(setup.seed, index)
    players = setup.players
    st = game.new_game(players=players, seed=seed, options=dict(setup.options),
                       names=setup.names)
    bots = [make_bot(kind, seed=bot_seed(seed, s), **dict(settings))
            for s, (kind, settings) in enumerate(setup.seats)]
    kinds: list[Counter[str]] = [Counter() for _ in range(players)]
    cards: list[Counter[str]] = [Counter() for _ in range(players)]
    deadline = time.monotonic() + GAME_SECONDS
    asker = ""  # the move that asks the questions answered next
    while not st.is_over:
        over = ("moves" if st.move_count >= GAME_MOVES else
                "time" if time.monotonic() > deadline else None)
        if over is not None:  # a game that does not end: stopped, named, not in the figures
            tally.unfinished += 1
            tally.stuck = sorted([*tally.stuck, (index, seed, st.move_count, over)]
                                 )[:STUCK_SHOWN]
            return
        seat = st.current_player
        assert seat is not None
        bot = bots[seat]
        if type(bot) is RandomBot:  # what decide() would do, without computing a view
            move = bot.rng.choice(st.legal_moves())
        else:
            move = decide(bot, st, seat)
        pending = st.pending
        if pending is None:
            asker = move.move_id
            kind = move.move_id
        else:
            answer = _answer_key(pending, move)
            if answer not in tally.answers:
                tally.answers[answer] = (
                    _answer_words(game, pending, asker) if answer == pending.var else
                    (st.move_text(move, "en"), st.move_text(move, "fr")))
            kind = f"choose {answer}"
        kinds[seat][kind] += 1
        for _name, value in move.args:
            for code in _cards_in(value):
                cards[seat][code] += 1
        st.play(move)
    o = st.outcome
    assert o is not None
    winners = set(o.winners)
    tally.games += 1
    for w in winners:
        tally.wins[w] += 1
        tally.wins_by_place[(w - st.first_seat) % players] += 1
    if not winners:
        tally.draws += 1
    elif len(winners) > 1:
        tally.shared += 1
    tally.turns[st.turn] += 1
    tally.moves[st.move_count] += 1
    for s in range(players):
        tally.scores[s][o.scores[s]] += 1
    name = o.name or "end"
    tally.outcomes[name] += 1
    if name not in tally.examples or index < tally.examples[name][0]:
        tally.examples[name] = (index, o.reason_in("en"), o.reason_in("fr"))
    for table, per_seat in ((tally.kinds, kinds), (tally.cards, cards)):
        for s in range(players):
            won = s in winners
            for k, n in per_seat[s].items():
                u = table.get(k)
                if u is None:
                    u = table[k] = _Use()
                u.plays += n
                u.users += 1
                u.wins += won


def _answer_key(pending: Any, move: Any) -> str:
    """The row of the moves table an answer to ``pending`` is counted in, after ``choose ``:
    ``VAR=VALUE`` for an answer that is a named value (a text such as ``clubs`` or
    ``allow``: each its own row), ``VAR:pass`` for the pass of an optional question, ``VAR``
    for answers that are cards, seats or numbers (one row for them all)."""
    value = move.args[0][1] if move.args else None
    if value is None:
        return f"{pending.var}:pass"
    if isinstance(value, str) and not pending.seats and not _numeric(value):
        return f"{pending.var}={value}"
    return str(pending.var)


def _numeric(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _answer_words(game: Game, pending: Any, asker: str) -> tuple[str, str]:
    """How an answer to ``pending`` reads in the moves table, in English and French: the
    first word of its notation ("announce", "annoncer"); an answer typed as a name or a
    value alone is said by the move that asks it ("force: whom", "forcer : qui")."""
    out = []
    for lang in ("en", "fr"):
        words = pending.notations.get(lang) or pending.notation
        word = next((w for w in words if "{" not in w), "")
        if not word:
            ms = next((m for m in game.spec.moves if m.id == asker), None)
            said = ms.notations.get(lang, ms.template)[0] if ms is not None else asker
            word = ruleset_texts("simulate_answer_seat" if pending.seats else
                                 "simulate_answer_value", move=said)[lang]
        out.append(word)
    return out[0], out[1]


def run_chunk(setup: Setup, start: int, stop: int,
              tick: Callable[[int], None] | None = None) -> Tally | dict[str, str]:
    """Games ``start`` to ``stop - 1`` of ``setup``: their tally, or the one sentence that
    says why a game could not be played, in each language (an exception may not cross a
    process unchanged). ``tick(n)`` is told the games of the chunk played so far, at most
    every TICK_SECONDS."""
    tally = Tally(setup.players)
    try:
        game = _game(setup)
        told = time.monotonic()
        for i in range(start, stop):
            play_game(game, setup, i, tally)
            if tick is not None and time.monotonic() - told > TICK_SECONDS:
                told = time.monotonic()
                tick(i + 1 - start)
    except TabletopError as e:
        return {"en": str(e), **e.texts}
    except (MemoryError, RecursionError) as e:
        return ruleset_texts("simulate_memory" if isinstance(e, MemoryError)
                             else "simulate_depth")
    return tally


def parse_compare(text: str, game: Game, given: Mapping[str, str]) -> tuple[str, list[str]]:
    """``--compare NAME=A,B[,...]``: the option and its values, each checked."""
    name, sep, rest = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise message_error(SimulateError, "compare_shape", text=text)
    known = game.spec.options
    if name not in known:
        listed = "; ".join(f"{n} ({'|'.join(o.values)})" for n, o in known.items()
                           if not o.retired)
        raise message_error(SimulateError, "compare_option" if listed else "compare_no_options",
                            text=text, game=game.id, name=name, known=listed)
    if name in given:
        raise message_error(SimulateError, "compare_given", text=text, name=name)
    values = []
    for raw in rest.split(","):
        v = raw.strip().lower()
        match = [x for x in known[name].values if x.lower() == v]
        if not match:
            raise message_error(SimulateError, "compare_value", text=text, name=name,
                                value=raw.strip(), values=", ".join(known[name].values))
        if match[0] in values:
            raise message_error(SimulateError, "compare_twice", text=text, value=match[0])
        values.append(match[0])
    if len(values) < 2:
        raise message_error(SimulateError, "compare_few", text=text,
                            example=f"{name}={','.join(known[name].values[:2])}")
    return name, values


def check_output(text: str, flag: str) -> Path:
    """The file a report goes to, checked before any game is played: its folder exists and
    can be written in."""
    p = Path(text).expanduser()
    if p.is_dir():
        raise message_error(SimulateError, "out_folder", flag=flag, text=text)
    if not p.parent.is_dir():
        raise message_error(SimulateError, "out_no_folder", flag=flag, text=text,
                            folder=p.parent)
    if not os.access(p.parent, os.W_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise message_error(SimulateError, "out_permission", flag=flag, text=text)
    return p


def chunk_size(games: int, workers: int) -> int:
    return max(1, min(CHUNK_MAX, games // (max(1, workers) * 40)))


def _tasks(runs: int, games: int, size: int) -> list[tuple[int, int, int]]:
    """(run, start, stop) for every chunk, the runs interleaved: a simulation stopped early
    has played about as many games of each run."""
    out = []
    for start in range(0, games, size):
        for r in range(runs):
            out.append((r, start, min(games, start + size)))
    return out


@dataclass
class Result:
    """The tallies of the runs (one per option value compared), whether it was stopped, and
    the games that could not be played: (run, first game, last game + 1, why in each
    language), a chunk whose worker died each of the TRIES times it was played."""

    tallies: list[Tally]
    interrupted: bool = False
    missing: list[tuple[int, int, int, dict[str, str]]] = field(default_factory=list)

    @property
    def games(self) -> int:
        return sum(t.games for t in self.tallies)

    @property
    def unfinished(self) -> int:
        return sum(t.unfinished for t in self.tallies)


def _quiet_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle


def _exit_with(parent: int) -> None:
    """End this worker as soon as the process that started it is gone (killed with -9, it
    could not tell its workers): a thread looks every second."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def _worker(conn: Any, parent: int) -> None:
    """A worker process: plays the chunks it is sent, one at a time, telling how far each
    goes; ends when sent None or when its parent is gone."""
    _quiet_worker()
    _exit_with(parent)
    try:
        while True:
            job = conn.recv()
            if job is None:
                return
            tid, setup, a, b = job
            def tick(n: int, tid: int = tid) -> None:
                conn.send(("tick", tid, n))

            out = run_chunk(setup, a, b, tick)
            conn.send(("done", tid, out))
    except (EOFError, OSError, KeyboardInterrupt):  # the parent is gone, or stops
        return


def _died(exitcode: int | None) -> dict[str, str]:
    """Why a worker ended, in each language."""
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = str(-exitcode)
        return ruleset_texts("simulate_worker_signal", signal=name)
    return ruleset_texts("simulate_worker_exit", code=exitcode)


def _run_workers(workers: int, setups: Sequence[Setup], tasks: list[tuple[int, int, int]],
                 take: Callable[[int, Tally | dict[str, str]], None],
                 tick: Callable[[int], None], result: Result) -> None:
    """Play ``tasks`` over ``workers`` processes. A worker that dies (killed, out of memory)
    has its chunk played again by a new one, up to TRIES times; then the chunk is missing
    from ``result``, with why. ``tick(n)`` is told the games played in unfinished chunks."""
    from multiprocessing.connection import wait

    ctx = multiprocessing.get_context("spawn")
    queue = list(range(len(tasks)))[::-1]  # task ids, the next one last
    tries = [0] * len(tasks)
    busy: dict[Any, tuple[Any, int | None]] = {}  # connection -> (process, task id)
    partial: dict[int, int] = {}  # task id -> games played of it so far

    def start() -> None:
        here, there = ctx.Pipe()
        # workers start with Ctrl-C ignored (an ignored signal stays so across their start),
        # so a Ctrl-C while one is still importing cannot print its traceback
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            proc = ctx.Process(target=_worker, args=(there, os.getpid()), daemon=True)
            proc.start()
        finally:
            signal.signal(signal.SIGINT, previous)
        there.close()
        busy[here] = (proc, None)

    def give(conn: Any) -> None:
        proc, _ = busy[conn]
        tid = queue.pop()
        r, a, b = tasks[tid]
        try:
            conn.send((tid, setups[r], a, b))
        except OSError:  # the worker is gone: its end is seen below
            queue.append(tid)
            return
        tries[tid] += 1
        busy[conn] = (proc, tid)

    def lost(conn: Any) -> None:
        """The worker of ``conn`` died: its chunk is played again, or is missing."""
        proc, tid = busy.pop(conn)
        proc.join()
        conn.close()
        if tid is None:
            return
        partial.pop(tid, None)
        tick(sum(partial.values()))
        if tries[tid] < TRIES:
            queue.append(tid)
        else:
            r, a, b = tasks[tid]
            result.missing.append((r, a, b, _died(proc.exitcode)))

    try:
        while True:
            for idle, (_proc, tid) in list(busy.items()):
                if tid is None and queue:
                    give(idle)
            while queue and len(busy) < min(workers, len(tasks)):
                start()
                give(next(reversed(busy)))
            if not any(tid is not None for _p, tid in busy.values()):
                break
            sentinels = {p.sentinel: c for c, (p, _t) in busy.items()}
            ready: list[Any] = wait([*busy, *sentinels])
            for item in ready:
                conn: Any = item if item in busy else sentinels.get(item)
                if conn is None or conn not in busy:
                    continue
                proc, tid = busy[conn]
                msg: Any = None
                if item is conn:
                    try:
                        msg = conn.recv()
                    except (EOFError, OSError):
                        msg = None
                if msg is None:
                    if not proc.is_alive():
                        lost(conn)
                    elif item is conn:  # its end of the pipe closed: it is ending
                        proc.join(timeout=5)
                        lost(conn)
                elif msg[0] == "tick":
                    partial[msg[1]] = msg[2]
                    tick(sum(partial.values()))
                else:
                    partial.pop(msg[1], None)
                    busy[conn] = (proc, None)
                    take(tasks[msg[1]][0], msg[2])
                    tick(sum(partial.values()))
    finally:
        for conn, (proc, _tid) in busy.items():
            with contextlib.suppress(OSError, ValueError):
                conn.send(None)
            proc.terminate()
        for _conn, (proc, _tid) in busy.items():
            proc.join(timeout=5)
            if proc.is_alive():
                proc.kill()


def install_command(extra: str) -> str:
    """The command that installs an extra (plot, cluster) the way tabletop was installed:
    from a checkout (``pip install -e '.[plot]'``, the checkout's folder named when it is not
    the current one), else from the package index (``pip install 'tabletop[plot]'``)."""
    root = Path(registry.__file__).resolve().parent.parent
    if (root / "pyproject.toml").is_file() and (root / "tabletop" / "__init__.py").is_file():
        try:
            here = Path.cwd().resolve() == root
        except OSError:
            here = False
        return f"pip install -e '{'.' if here else root}[{extra}]'"
    return f"pip install 'tabletop[{extra}]'"


def cluster_available() -> bool:
    """Whether Dask's distributed scheduler client can be imported."""
    return importlib.util.find_spec("distributed") is not None


def run(setups: Sequence[Setup], games: int, workers: int = 1, cluster: str | None = None,
        progress: Callable[[int], None] | None = None) -> Result:
    """Play ``games`` games of each setup and tally them. ``progress(done)`` is called with
    the number of games played so far, as they are played. Ctrl-C stops the games and
    returns the tallies of the chunks finished (``interrupted`` is then True). A worker that
    dies has its games played again (``Result.missing`` names those that could not be); a
    game past its bound (GAME_MOVES moves, GAME_SECONDS) is counted apart, with its seed.

    :raises SimulateError: a game could not be played, or the cluster cannot be reached.
    """
    tallies = [Tally(s.players) for s in setups]
    result = Result(tallies)
    # a cluster gets bigger chunks: a thousand or so a run keeps its scheduler light
    size = (chunk_size(games, workers) if cluster is None else
            max(1, min(10_000, games // 1000)))
    tasks = _tasks(len(setups), games, size)
    done = 0

    def take(r: int, out: Tally | dict[str, str]) -> None:
        nonlocal done
        if isinstance(out, dict):
            raise SimulateError(out["en"], texts=out)
        tallies[r].merge(out)
        done += out.games + out.unfinished
        if progress is not None:
            progress(done)

    def tick(more: int) -> None:  # games played in chunks not finished yet
        if progress is not None and more:
            progress(done + more)

    try:
        if cluster is not None:
            _run_cluster(cluster, setups, tasks, take)
        elif workers <= 1:
            for r, a, b in tasks:
                take(r, run_chunk(setups[r], a, b, tick))
        else:
            _run_workers(workers, setups, tasks, take, tick, result)
    except KeyboardInterrupt:
        result.interrupted = True
    return result


def _run_task(task: tuple[Setup, int, int, int]) -> tuple[int, Tally | dict[str, str]]:
    setup, r, a, b = task
    return r, run_chunk(setup, a, b)


def _probe(address: str) -> None:
    """For a plain TCP address, whether what answers there speaks Dask's protocol: a Dask
    scheduler sends its handshake (a framed message naming its compression) as soon as it is
    reached; a web server waits for a request, another server says something else.

    :raises SimulateError: nothing, or not Dask's handshake, within CLUSTER_TIMEOUT.
    """
    import socket
    import struct
    from urllib.parse import urlsplit

    if "://" in address and not address.startswith("tcp://"):
        return  # tls://, ucx://, inproc://: the client says what is wrong
    where = urlsplit(address if "://" in address else f"tcp://{address}")
    try:
        host, port = where.hostname, where.port
    except ValueError:
        return
    if host is None or port is None:
        return
    deadline = time.monotonic() + CLUSTER_TIMEOUT
    got = b""
    try:
        with socket.create_connection((host, port), timeout=CLUSTER_TIMEOUT) as sock:
            while len(got) < 64 and time.monotonic() < deadline:
                sock.settimeout(max(0.01, deadline - time.monotonic()))
                chunk = sock.recv(64 - len(got))
                if not chunk:
                    break
                got += chunk
    except TimeoutError:
        pass
    except OSError as e:
        raise message_error(SimulateError, "no_scheduler", address=address, why=e) from None
    if not got:
        raise message_error(SimulateError, "no_scheduler_silent", address=address,
                            seconds=f"{CLUSTER_TIMEOUT:g}")
    total = struct.unpack("<Q", got[:8])[0] if len(got) >= 8 else 0
    if not 0 < total < 1_000_000 or b"compression" not in got:
        raise message_error(SimulateError, "no_scheduler_speech", address=address,
                            why=_first_words(got))


def _first_words(data: bytes) -> str:
    """The first bytes a server sent, as they can be shown (printable ASCII, cut short)."""
    text = "".join(c if c.isprintable() else " " for c in data[:24].decode("ascii", "replace"))
    return repr(" ".join(text.split()) or f"{len(data)} bytes")


def _connect(distributed: Any, address: str) -> Any:
    """A Dask client of the scheduler at ``address``, within CLUSTER_TIMEOUT (and a little):
    an address that does not speak Dask's protocol (a web server such as the dashboard's
    port 8787, a server that speaks first) is one sentence, never a wait for good.

    :raises SimulateError: no scheduler answers there in time, or not as one.
    """
    _probe(address)
    box: dict[str, Any] = {}

    def connect() -> None:
        try:
            box["client"] = distributed.Client(address, timeout=CLUSTER_TIMEOUT)
        except BaseException as e:  # noqa: BLE001 (a stranger's bytes: anything may break)
            box["error"] = e

    thread = threading.Thread(target=connect, daemon=True)
    thread.start()
    thread.join(CLUSTER_TIMEOUT + 2.0)
    if thread.is_alive():
        raise message_error(SimulateError, "no_scheduler_silent", address=address,
                            seconds=f"{CLUSTER_TIMEOUT:g}")
    e = box.get("error")
    if isinstance(e, OSError | TimeoutError | ValueError | TypeError):
        raise message_error(SimulateError, "no_scheduler", address=address, why=e)
    if e is not None:  # garbage read as a message: a huge length, a bad encoding
        raise message_error(SimulateError, "no_scheduler_speech", address=address,
                            why=type(e).__name__)
    return box["client"]


def _run_cluster(address: str, setups: Sequence[Setup], tasks: list[tuple[int, int, int]],
                 take: Callable[[int, Tally | dict[str, str]], None]) -> None:
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise message_error(SimulateError, "needs_cluster",
                            command=install_command("cluster")) from None
    client = _connect(distributed, address)
    futures = []
    try:
        futures = [client.submit(_run_task, (setups[r], r, a, b), pure=False)
                   for r, a, b in tasks]
        for fut in distributed.as_completed(futures):
            r, out = fut.result()
            take(r, out)
    finally:
        client.cancel(futures)
        client.close()


# ----------------------------------------------------------------------------- the figures


def _r(x: float) -> float:
    return round(x, 6)


def _rate(k: int, n: int, z: float = stats.Z95) -> dict[str, Any]:
    lo, hi = stats.wilson(k, n, z)
    return {"count": k, "of": n, "rate": _r(k / n if n else 0.0), "low": _r(lo),
            "high": _r(hi)}


def _spread(counts: Mapping[int, int]) -> dict[str, Any]:
    mean, sd = stats.mean_sd(counts)
    return {"mean": _r(mean), "sd": _r(sd), "min": min(counts, default=0),
            "median": stats.quantile(counts, 0.5), "p95": stats.quantile(counts, 0.95),
            "max": max(counts, default=0),
            "histogram": {str(v): counts[v] for v in sorted(counts)}}


def _uses(table: Mapping[str, _Use], t: Tally) -> list[dict[str, Any]]:
    seat_games = t.games * t.players
    seat_wins = sum(t.wins)
    out = []
    for key, u in sorted(table.items(), key=lambda kv: (-kv[1].plays, kv[0])):
        others = seat_games - u.users
        out.append({"name": key, "plays": u.plays,
                    "per_game": _r(u.plays / t.games if t.games else 0.0),
                    "used_by": _rate(u.users, seat_games),
                    "won": _rate(u.wins, u.users),
                    "won_without": _rate(seat_wins - u.wins, others)})
    return out


def figures(t: Tally, names: Sequence[str]) -> dict[str, Any]:
    """Everything the report says about one run, as JSON data."""
    n = t.games
    return {
        "games": n,
        "seats": [{"seat": s + 1, "name": names[s], **_rate(t.wins[s], n)}
                  for s in range(t.players)],
        "by_place": [{"place": s + 1, **_rate(t.wins_by_place[s], n)}
                     for s in range(t.players)],
        "draws": _rate(t.draws, n),
        "shared_wins": _rate(t.shared, n),
        "turns": _spread(t.turns),
        "moves": _spread(t.moves),
        "scores": [{"seat": s + 1, **_spread(t.scores[s])} for s in range(t.players)],
        "outcomes": [{"name": k, **_rate(c, n), "example": t.examples[k][1],
                      "example_fr": t.examples[k][2]}
                     for k, c in sorted(t.outcomes.items(), key=lambda kv: (-kv[1], kv[0]))],
        "move_kinds": _uses(t.kinds, t),
        "cards": _uses(t.cards, t),
        # games stopped past their bound, not in the figures above
        "unfinished": {"count": t.unfinished, "moves": GAME_MOVES, "seconds": GAME_SECONDS,
                       "first": [{"game": i, "seed": sd, "moves": m, "bound": b}
                                 for i, sd, m, b in t.stuck]},
    }


def comparisons(option: str, values: Sequence[str], tallies: Sequence[Tally],
                names: Sequence[str], level: float = stats.LEVEL) -> dict[str, Any]:
    """Each value's figures against the first value's: the difference of each seat's win
    rate (by seat, and by place in the order of play), the draw rate, the mean length and
    each seat's mean score, with simultaneous intervals (Bonferroni over every difference
    shown) at ``level``; a difference is significant when its interval leaves out 0."""
    base = tallies[0]
    out_rows: list[dict[str, Any]] = []
    # (value, figure key, seat from 1 or None, "rate" or "mean", the two tallies' data)
    pending: list[tuple[str, str, int | None, str, Any]] = []
    for i in range(1, len(values)):
        other = tallies[i]
        for s in range(base.players):
            pending.append((values[i], "wins", s + 1, "rate",
                            (base.wins[s], base.games, other.wins[s], other.games)))
        for s in range(base.players if base.players > 1 else 0):
            pending.append((values[i], "place", s + 1, "rate",
                            (base.wins_by_place[s], base.games, other.wins_by_place[s],
                             other.games)))
        if base.draws or other.draws:
            pending.append((values[i], "draws", None, "rate",
                            (base.draws, base.games, other.draws, other.games)))
        pending.append((values[i], "turns", None, "mean", (base.turns, other.turns)))
        pending.append((values[i], "moves", None, "mean", (base.moves, other.moves)))
        for s in range(base.players):
            pending.append((values[i], "score", s + 1, "mean",
                            (base.scores[s], other.scores[s])))
    z = stats.z_for(level, len(pending))
    labels = {"wins": "seat {seat} ({name}) wins", "draws": "no winner",
              "place": "place {seat} in the order of play wins",
              "turns": "turns (mean)", "moves": "moves (mean)",
              "score": "seat {seat} ({name}) score (mean)"}
    for value, key, seat, kind, data in pending:
        if kind == "rate":
            k1, n1, k2, n2 = data
            d, lo, hi = stats.rate_difference(k1, n1, k2, n2, z)
            a, b = (k1 / n1 if n1 else 0.0), (k2 / n2 if n2 else 0.0)
        else:
            d, lo, hi = stats.mean_difference(data[0], data[1], z)
            a, b = stats.mean_sd(data[0])[0], stats.mean_sd(data[1])[0]
        label = labels[key].format(seat=seat, name=names[seat - 1] if seat else "")
        out_rows.append({"value": value, "figure": label, "key": key, "seat": seat,
                         "kind": kind, "base": _r(a), "other": _r(b), "difference": _r(d),
                         "low": _r(lo), "high": _r(hi), "significant": bool(lo > 0 or hi < 0)})
    return {"option": option, "base": values[0], "values": list(values), "level": level,
            "tests": len(pending), "rows": out_rows}


def report(setups: Sequence[Setup], result: Result, game: Game, games_asked: int,
           compare: tuple[str, list[str]] | None, options: Mapping[str, str],
           names: Sequence[str]) -> dict[str, Any]:
    """The whole report as JSON data: what was played, and the figures of each run. It holds
    no time and no worker count, so the same seed gives the same report anywhere."""
    first = setups[0]
    runs = []
    for i, (s, t) in enumerate(zip(setups, result.tallies, strict=True)):
        runs.append({"options": dict(s.options),
                     "value": compare[1][i] if compare else None,
                     "figures": figures(t, names)})
    out: dict[str, Any] = {
        "game": game.id, "name": game.name, "players": first.players, "names": list(names),
        "seats": [kind if not settings else
                  f"{kind}:{','.join(f'{k}={v:g}' for k, v in settings)}"
                  for kind, settings in first.seats],
        "seed": first.seed, "games_asked": games_asked, "games": result.games,
        "options": dict(options), "interrupted": result.interrupted, "runs": runs,
        "compare_option": compare[0] if compare else None, "compare": None,
        # games that could not be played (a worker that died each time it played them)
        "missing": [{"run": r, "from": a, "to": b, "why": why["en"], "why_fr": why["fr"]}
                    for r, a, b, why in sorted(result.missing, key=lambda m: m[:3])],
        # how each answer to a question reads in the moves table, in each language
        "answer_words": {var: {"en": w[0], "fr": w[1]} for t in result.tallies
                         for var, w in sorted(t.answers.items())},
        # how each kind of move is typed in each language (its first word), for the report
        "move_words": {ms.id: {lang: ms.notations.get(lang, ms.template)[0]
                               for lang in ("en", "fr")} for ms in game.spec.moves},
        # how each outcome is named in each language (its label, else its id)
        "outcome_words": {o.name: {lang: o.label.get(lang, o.label.get("en", o.name))
                                   for lang in ("en", "fr")}
                          for o in game.spec.outcomes.values()}}
    if compare and all(t.games for t in result.tallies):
        out["compare"] = comparisons(compare[0], compare[1], result.tallies, names)
    return out


def to_json(rep: Mapping[str, Any]) -> str:
    return json.dumps(rep, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


CSV_FIELDS = ["run", "section", "item", "count", "of", "value", "low", "high"]


def csv_rows(rep: Mapping[str, Any]) -> Iterable[list[Any]]:
    """The report as one row a figure: run (the compared value, or 'all'), section, item,
    count, out of, value (a rate or a mean), and its interval."""
    yield CSV_FIELDS
    for run_ in rep["runs"]:
        label = run_["value"] if run_["value"] is not None else "all"
        f = run_["figures"]
        for s in f["seats"]:
            yield [label, "wins", f"seat {s['seat']} {s['name']}", s["count"], s["of"],
                   s["rate"], s["low"], s["high"]]
        for s in f["by_place"]:
            yield [label, "wins by place", f"place {s['place']}", s["count"], s["of"],
                   s["rate"], s["low"], s["high"]]
        for key in ("draws", "shared_wins"):
            r = f[key]
            yield [label, key.replace("_", " "), key.replace("_", " "), r["count"], r["of"],
                   r["rate"], r["low"], r["high"]]
        for key in ("turns", "moves"):
            sp = f[key]
            for stat in ("mean", "sd", "min", "median", "p95", "max"):
                yield [label, key, stat, "", f["games"], sp[stat], "", ""]
        for sc in f["scores"]:
            for stat in ("mean", "sd", "min", "median", "p95", "max"):
                yield [label, "score", f"seat {sc['seat']} {stat}", "", f["games"], sc[stat],
                       "", ""]
        for o in f["outcomes"]:
            yield [label, "outcome", o["name"], o["count"], o["of"], o["rate"], o["low"],
                   o["high"]]
        for section, key in (("move", "move_kinds"), ("card", "cards")):
            for u in f[key]:
                yield [label, f"{section} plays", u["name"], u["plays"], f["games"],
                       u["per_game"], "", ""]
                w = u["won"]
                yield [label, f"{section} players won", u["name"], w["count"], w["of"],
                       w["rate"], w["low"], w["high"]]
    cmp_ = rep.get("compare")
    if cmp_:
        for row in cmp_["rows"]:
            yield [f"{row['value']} - {cmp_['base']}", "difference", row["figure"], "", "",
                   row["difference"], row["low"], row["high"]]


def to_csv(rep: Mapping[str, Any]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    for row in csv_rows(rep):
        w.writerow(row)
    return buf.getvalue()
