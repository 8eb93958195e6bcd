"""How a game is put in numbers for learning agents: its fixed table of actions (every move
text the rules can produce, in a stable order) and the encoding of a seat's view as one flat
vector of the same shape at every step.

Both are worked out once per game, player count and options (``coding_for``, kept while the
process lives), from two sources:

* the ruleset: its moves' notations and the questions of its ``choose`` steps, each hole filled
  with every value its kind can take (every card code of the game, every seat, every combo,
  the words an argument or a question lists);
* a survey: a fixed number of seeded random games, which tells the kind of each question's
  answers (cards, words, numbers, a sequence of cards), which words and numbers the rules give,
  where a card is named by its place (a card its chooser may not see), and what each key of
  the view holds (numbers, flags, cards, a few words, one row per seat). The same survey seeds
  give the same table and the same encoding: nothing in either depends on the clock.

Nothing here reads a state but through ``legal_moves()``, ``view(seat)`` and the pending
question's notation: what the vector holds is what the seat's view holds, no more.
"""

from __future__ import annotations

import abc
import itertools
import math
import random
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from tabletop.engine.game import Game
from tabletop.engine.state import Move, State
from tabletop.errors import RulesetError
from tabletop.lang.cards import CardDef
from tabletop.rules.steps import Choose

# the random games of a survey: at least the first, at most the second, and no new game once
# the moves played reach the third (games of a thousand moves are seen often enough in a few);
# a game that runs past SURVEY_MOVES moves is cut
SURVEY_GAMES = (8, 40, 8000)
SURVEY_MOVES = 2000
VIEW_EVERY = 5  # the view of the seat to move is read at every fifth move
# more actions than this and a flat action space stops being useful to an agent: one sentence
MAX_ACTIONS = 50_000
# a text key of the view that took more values than this in the survey is free text: only the
# cards its words name are read from it (by their codes: "1:O5  2:I4")
MAX_WORDS = 32
MAX_TOKENS = 4096
_WORD = re.compile(r"[^\s:;,.()\[\]/|]+")


class EnvError(RulesetError):
    """A game that cannot be put in numbers for an agent (too many actions, or a move its table
    does not hold): the message names the game and what to do."""


# --- the survey ----------------------------------------------------------------------------


@attrs.define
class Stat:
    """What one value of a view took over the survey: its kinds, the range of its numbers, the
    texts it held (up to MAX_WORDS + 1), and for a list, the same of its items."""

    null: bool = False
    bools: bool = False
    low: float = math.inf
    high: float = -math.inf
    texts: set[str] = attrs.field(factory=set)
    many_texts: bool = False
    # the words of its texts (up to MAX_TOKENS): a card's code among them is a card it names
    tokens: set[str] = attrs.field(factory=set)
    lists: bool = False
    longest: int = 0
    items: Stat | None = None  # a mapping, or anything else, is left out

    def add(self, v: Any) -> None:
        if v is None:
            self.null = True
        elif isinstance(v, bool):
            self.bools = True
        elif isinstance(v, int | float):
            self.low = min(self.low, float(v))
            self.high = max(self.high, float(v))
        elif isinstance(v, str):
            if len(self.tokens) < MAX_TOKENS:
                self.tokens.update(_WORD.findall(v))
            if not self.many_texts:
                self.texts.add(v)
                if len(self.texts) > 4 * MAX_WORDS:
                    self.many_texts = True
                    self.texts.clear()
        elif isinstance(v, list):
            self.lists = True
            self.longest = max(self.longest, len(v))
            if self.items is None:
                self.items = Stat()
            for x in v:
                self.items.add(x)


@attrs.define
class Survey:
    """What the survey's random games showed (see the module's text)."""

    # by the path of a choose step: the kinds of its answers (card, seat, word, number, combo,
    # cards) and, for a sequence of cards, its lengths and the types of its cards
    kinds: dict[str, set[str]] = attrs.field(factory=dict)
    words: dict[str, set[str]] = attrs.field(factory=dict)
    numbers: dict[str, set[int]] = attrs.field(factory=dict)
    lengths: dict[str, set[int]] = attrs.field(factory=dict)
    types: dict[str, set[str]] = attrs.field(factory=dict)
    # the holes (a move's argument "move:ID:ARG", a question "choose:PATH") where a card was
    # named by its place
    places: set[str] = attrs.field(factory=set)
    # a move's word argument ("move:ID:ARG"): the words it took
    move_words: dict[str, set[str]] = attrs.field(factory=dict)
    views: dict[str, Stat] = attrs.field(factory=dict)
    per_seat: dict[str, bool] = attrs.field(factory=dict)


def _kind(v: Any) -> str:
    if isinstance(v, CardDef):
        return "card"
    if isinstance(v, list | tuple):
        return "cards"
    if isinstance(v, bool):
        return "word"
    if isinstance(v, int):
        return "number"
    if isinstance(v, str):
        return "word"
    return "combo"


def _record_views(sv: Survey, st: State, seats: Iterable[int]) -> None:
    for seat in seats:
        for k, v in st.view(seat).items():
            stat = sv.views.get(k)
            if stat is None:
                stat = sv.views[k] = Stat()
                sv.per_seat[k] = st.players > 1
            stat.add(v)
            if not (isinstance(v, list) and len(v) == st.players) and v is not None:
                sv.per_seat[k] = False


def _record_moves(sv: Survey, st: State, legal: Sequence[Move]) -> None:
    p = st.pending
    if p is not None:
        step = st.question_step()
        path = step.path if step is not None else "?"
        kinds = sv.kinds.setdefault(path, set())
        for v in p.options:
            k = "seat" if p.seats else _kind(v)
            kinds.add(k)
            if k == "card":
                if not st.sees(p.seat, v):
                    sv.places.add("choose:" + path)
            elif k == "word":
                sv.words.setdefault(path, set()).add("yes" if v is True else "no"
                                                     if v is False else v)
            elif k == "number":
                sv.numbers.setdefault(path, set()).add(v)
            elif k == "cards":
                sv.lengths.setdefault(path, set()).add(len(v))
                sv.types.setdefault(path, set()).update(
                    str(c.type) for c in v if isinstance(c, CardDef))
        return
    me = st.turn_seat
    for m in legal:
        for name, v in m.args:
            hole = f"move:{m.move_id}:{name}"
            for c in (v if isinstance(v, list) else [v]):
                if isinstance(c, CardDef) and not st.sees(me, c):
                    sv.places.add(hole)
            if isinstance(v, str):
                sv.move_words.setdefault(hole, set()).add(v)


def survey(game: Game, players: int, options: Mapping[str, Any],
           games: tuple[int, int, int] = SURVEY_GAMES) -> Survey:
    """Play seeded random games (``games``: see SURVEY_GAMES) and keep what they showed (see
    the module's text)."""
    sv = Survey()
    least, most, enough = games
    played = 0
    for g in range(most):
        if g >= least and played >= enough:
            break
        rng = random.Random(g)
        st = game.new_game(players=players, seed=g, options=options)
        _record_views(sv, st, range(players))
        n = 0
        while not st.is_over and n < SURVEY_MOVES:
            legal = st.legal_moves()
            _record_moves(sv, st, legal)
            seat = st.current_player
            if seat is not None and n % VIEW_EVERY == 0:
                _record_views(sv, st, [seat])
            st.play(rng.choice(legal))
            n += 1
        played += n
        _record_views(sv, st, range(players))
    return sv


# --- the table of actions ------------------------------------------------------------------


def _raw_at(raw: Any, path: str) -> Any:
    """The ruleset's own text at a step's field path (``moves.2.effects.0``), or None."""
    node = raw
    for part in path.split("."):
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            return None
    return node


_QUOTED = re.compile(r"""(?:"([^"\\]*)"|'([^'\\]*)')""")
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?![\w.])")


def _literals(text: Any) -> tuple[set[str], set[int]]:
    """The quoted words and the whole numbers written in an expression's text."""
    if not isinstance(text, str):
        return set(), set()
    words = {a or b for a, b in _QUOTED.findall(text)}
    bare = _QUOTED.sub(" ", text)
    return words, {int(n) for n in _NUMBER.findall(bare)}


class ActionTable:
    """Every move text a game's rules can produce at a player count, in a stable order: the
    free moves in the ruleset's order, then each question's answers and its pass; inside a
    notation, its holes filled in the order of the game's cards, seats, combos, words.

    ``index(state, move)`` is a legal move's action; ``text(i)`` an action's move text (as
    ``State.play`` takes it)."""

    def __init__(self, texts: Sequence[str], sorted_tail: Mapping[str, int],
                 codes: Sequence[str]) -> None:
        self.texts = tuple(texts)
        self._index = {t: i for i, t in enumerate(self.texts)}
        # a move whose last holes are a set of cards (kind ``cards``): its text with those
        # cards in the order of the game's cards (``codes``), by the number of fixed words
        # before them
        self._sorted_tail = dict(sorted_tail)
        self._order = {c: i for i, c in enumerate(codes)}

    def __len__(self) -> int:
        return len(self.texts)

    def text(self, i: int) -> str:
        return self.texts[i]

    def key(self, move: Move) -> str:
        fixed = self._sorted_tail.get(move.move_id)
        if fixed is None:
            return move.text
        words = move.text.split(" ")
        tail = sorted(words[fixed:], key=lambda w: self._order.get(w, len(self._order)))
        return " ".join(words[:fixed] + tail)

    def lookup(self, move: Move) -> int | None:
        return self._index.get(self.key(move))


def _product(template: Sequence[str], fillers: Mapping[str, Sequence[str]]) -> Iterator[str]:
    parts: list[Sequence[str]] = []
    for w in template:
        if w[:1] == "{" and w[-1:] == "}":
            parts.append(fillers.get(w[1:-1], ()))
        else:
            parts.append((w,))
    for combo in itertools.product(*parts):
        yield " ".join(x for x in combo if x)


def _choose_steps(game: Game) -> list[Choose]:
    out: list[Choose] = []
    seen: set[str] = set()
    for block in game.spec.blocks:
        for step in block.steps:
            if isinstance(step, Choose) and step.path not in seen:
                seen.add(step.path)
                out.append(step)
    return out


_NAME = re.compile(r"[A-Za-z_]\w*")


def _names_unseen_zone(spec: Any, source: Any) -> bool:
    """Whether an expression's text names a zone whose cards a seat may not see although they
    lie before it (a face-down pile, a hand held facing the table): a card it gives may be
    named by its place."""
    unseen = {z for z, v in spec.zones.items() if v.visibility in ("hidden", "others")}
    return isinstance(source, str) and bool(unseen & set(_NAME.findall(source)))


def build_actions(game: Game, players: int, sv: Survey) -> ActionTable:
    """The table of actions (see ActionTable) from the ruleset and the survey. A card hole
    also takes the places 1 to the number of cards where the survey met a card named by its
    place there, or where the hole's ``from:`` names a zone of unseen cards."""
    spec = game.spec
    codes = list(dict.fromkeys(c.code for c in spec.cards))
    types = {c.code: str(c.type) for c in spec.cards}
    places = [str(i) for i in range(1, len(spec.cards) + 1)]
    seats = [f"P{i + 1}" for i in range(players)]
    combos = list(spec.combos)
    texts: dict[str, None] = {}
    sorted_tail: dict[str, int] = {}

    def add(items: Iterable[str]) -> None:
        for t in items:
            texts[t] = None
            if len(texts) > MAX_ACTIONS:
                raise EnvError(
                    f"{spec.id} has more than {MAX_ACTIONS} move texts at {players} players: "
                    "too many for a flat action space; give its questions fewer answers "
                    "(a shorter list, or words instead of sequences of cards)")

    for ms in spec.moves:
        fillers: dict[str, Sequence[str]] = {}
        raw_args = _raw_at(spec.raw, f"moves.{spec.moves.index(ms)}.args") or {}
        for a in ms.args:
            hole = f"move:{ms.id}:{a.name}"
            if a.kind == "card":
                raw = raw_args.get(a.name) if isinstance(raw_args, dict) else None
                source = raw.get("from") if isinstance(raw, dict) else raw
                by_place = hole in sv.places or _names_unseen_zone(spec, source)
                fillers[a.name] = codes + (places if by_place else [])
            elif a.kind == "seat":
                fillers[a.name] = seats
            elif a.kind == "combo":
                fillers[a.name] = combos
            elif a.kind == "word":
                raw = raw_args.get(a.name) if isinstance(raw_args, dict) else None
                listed = raw.get("word") if isinstance(raw, dict) else None
                words = [str(w) for w in listed] if isinstance(listed, list) else []
                words += sorted(sv.move_words.get(hole, set()) - set(words))
                fillers[a.name] = words
            else:  # cards: every set of them, in the game's order, of the sizes it allows
                top = min(a.max, len(codes))
                sets = [" ".join(c) for n in range(max(a.min, 1), top + 1)
                        for c in itertools.combinations(codes, n)]
                if len(sets) > MAX_ACTIONS:
                    raise EnvError(
                        f"{spec.id}: move {ms.id} takes up to {a.max} cards at once, more "
                        f"sets than a flat action space of {MAX_ACTIONS} holds")
                fillers[a.name] = sets
                sorted_tail[ms.id] = len(ms.template) - 1
        add(_product(ms.template, fillers))

    for step in _choose_steps(game):
        kinds = set(sv.kinds.get(step.path, set()))
        raw = _raw_at(spec.raw, step.path)
        source = raw.get("choose", {}).get("from") if isinstance(raw, dict) else None
        said, numbers = _literals(source)
        if step.seats:
            kinds = {"seat"}
        elif step.words:
            kinds = {"word"}
        elif not kinds:  # a question the survey never met: read from its text
            kinds = {"word"} if said else {"card"}
        fill: list[str] = []
        if "seat" in kinds:
            fill += seats
        if "card" in kinds:
            by_place = ("choose:" + step.path in sv.places
                        or _names_unseen_zone(spec, source))
            fill += codes + (places if by_place else [])
        if "combo" in kinds:
            fill += combos
        if "word" in kinds:
            words = list(step.words) or sorted(said)
            fill += words + sorted(sv.words.get(step.path, set()) - set(words))
        if "number" in kinds:
            got = sv.numbers.get(step.path, set()) | numbers
            if got:
                fill += [str(n) for n in range(min(got), max(got) + 1)]
        if "cards" in kinds:
            wanted = sv.types.get(step.path, set())
            pool = [c for c in codes if types[c] in wanted] if wanted else codes
            # every length up to the longest seen: the pile may hold fewer cards than asked
            for n in range(1, max(sv.lengths.get(step.path, {0})) + 1):
                if math.perm(len(pool), n) > MAX_ACTIONS:
                    raise EnvError(
                        f"{spec.id}: the question at {step.path} answers with {n} cards in "
                        f"order, more sequences than a flat action space of {MAX_ACTIONS} "
                        "holds")
                fill += [" ".join(p) for p in itertools.permutations(pool, n)]
        fill = list(dict.fromkeys(fill))
        add(_product(step.notation, {"choice": fill}))
        if step.optional:
            add([" ".join(step.pass_notation)])
    return ActionTable(list(texts), sorted_tail, codes)


# --- the observation -----------------------------------------------------------------------


class Feature(abc.ABC):
    """One part of a view's key as numbers: ``size`` floats, named by ``names``."""

    names: list[str]

    @property
    def size(self) -> int:
        return len(self.names)

    @abc.abstractmethod
    def write(self, v: Any, out: list[float], at: int) -> None:
        """Write value ``v`` as this feature's floats into ``out`` from ``at`` (left at 0
        where ``v`` is not of its kind)."""


class Number(Feature):
    """A number, scaled into [-1, 1] by the largest size its bounds allow."""

    def __init__(self, name: str, low: float, high: float) -> None:
        self.names = [name]
        self.scale = max(abs(low), abs(high), 1.0)

    def write(self, v: Any, out: list[float], at: int) -> None:
        if isinstance(v, int | float) and not isinstance(v, bool):
            out[at] = max(-1.0, min(1.0, v / self.scale))


class Flag(Feature):
    """True as 1 (a value that is set, for ``set``: not null)."""

    def __init__(self, name: str, is_set: bool = False) -> None:
        self.names = [name]
        self.is_set = is_set

    def write(self, v: Any, out: list[float], at: int) -> None:
        if (v is not None) if self.is_set else (v is True):
            out[at] = 1.0


class Counts(Feature):
    """Which of a list of words (cards' codes, or a few texts) a value holds: each word's count
    (a word, or a list of words), divided by ``per``, the most it can be."""

    def __init__(self, name: str, words: Sequence[str], per: Mapping[str, int] | None = None,
                 sep: str = ":") -> None:
        self.names = [f"{name}{sep}{w}" for w in words]
        self.slot = {w: i for i, w in enumerate(words)}
        self.per = {w: 1.0 / max(1, (per or {}).get(w, 1)) for w in words}

    def write(self, v: Any, out: list[float], at: int) -> None:
        slot, per = self.slot, self.per
        for w in (v if isinstance(v, list) else [v]):
            if isinstance(w, str):
                i = slot.get(w)
                if i is not None:
                    out[at + i] = min(1.0, out[at + i] + per[w])


class Named(Counts):
    """The cards a free text names by their codes (``1:O5  2:I4``), counted as Counts does."""

    def __init__(self, name: str, codes: Sequence[str], per: Mapping[str, int]) -> None:
        super().__init__(name, codes, per, sep="~")

    def write(self, v: Any, out: list[float], at: int) -> None:
        for text in (v if isinstance(v, list) else [v]):
            if isinstance(text, str):
                super().write(_WORD.findall(text), out, at)


class Length(Feature):
    """How long a list is, over the longest it can be."""

    def __init__(self, name: str, longest: int) -> None:
        self.names = [name]
        self.longest = max(1, longest)

    def write(self, v: Any, out: list[float], at: int) -> None:
        if isinstance(v, list):
            out[at] = min(1.0, len(v) / self.longest)


def _features(name: str, stat: Stat, codes: Sequence[str], copies: Mapping[str, int],
              bounds: tuple[int | None, int | None] | None, total: int) -> list[Feature]:
    """The features of one value of the view (a key, or a seat's entry of a key)."""
    out: list[Feature] = []
    if stat.low <= stat.high:
        lo, hi = stat.low, stat.high
        if bounds is not None:
            lo = bounds[0] if bounds[0] is not None else lo
            hi = bounds[1] if bounds[1] is not None else hi
        out.append(Number(name, lo, hi))
    if stat.bools:
        out.append(Flag(name))
    texts = set(stat.texts)
    if stat.items is not None:
        texts |= stat.items.texts
    cards = [c for c in codes if c in texts]
    words = sorted(texts - set(codes))
    if cards:
        out.append(Counts(name, codes, copies))
    elif stat.many_texts or (stat.items is not None and stat.items.many_texts):
        tokens = stat.tokens | (stat.items.tokens if stat.items is not None else set())
        if any(c in tokens for c in codes):  # free text that names cards by their codes
            out.append(Named(name, codes, copies))
    if words and not stat.many_texts and not (stat.items and stat.items.many_texts) \
            and len(words) <= MAX_WORDS:
        out.append(Counts(name, words, sep="="))
    if stat.lists:
        longest = total if cards else stat.longest
        out.append(Length(f"{name}#", longest))
        items = stat.items
        if items is not None and items.low <= items.high and not cards:
            out.append(_Sum(f"{name}+", items.low, items.high, stat.longest))
    if stat.null and out:
        out.append(Flag(f"{name}?", is_set=True))
    return out


class _Sum(Feature):
    """A list of numbers: their sum, scaled by the most it can be."""

    def __init__(self, name: str, low: float, high: float, longest: int) -> None:
        self.names = [name]
        self.scale = max(abs(low), abs(high), 1.0) * max(1, longest)

    def write(self, v: Any, out: list[float], at: int) -> None:
        if isinstance(v, list):
            s = sum(x for x in v if isinstance(x, int | float) and not isinstance(x, bool))
            out[at] = max(-1.0, min(1.0, s / self.scale))


@attrs.define
class _Key:
    key: str
    per_seat: bool
    features: list[Feature]
    at: int  # where its first float goes


class Observation:
    """A seat's view as one flat vector of floats in [-1, 1] (see ``names``). Per-seat rows
    come in play order from the seat that looks: ``packs[me]``, ``packs[+1]``, ..."""

    def __init__(self, game: Game, players: int, sv: Survey) -> None:
        spec = game.spec
        codes = list(dict.fromkeys(c.code for c in spec.cards))
        copies: dict[str, int] = {}
        for c in spec.cards:
            copies[c.code] = copies.get(c.code, 0) + 1
        self.players = players
        self.keys: list[_Key] = []
        self.left_out: list[str] = []
        names: list[str] = ["to_move"]
        at = 1
        for key in spec.view:
            stat = sv.views.get(key)
            if stat is None:
                self.left_out.append(key)
                continue
            var = spec.vars.get(key)
            bounds = (var.min, var.max) if var is not None else None
            per_seat = sv.per_seat.get(key, False) and stat.items is not None
            if per_seat:
                assert stat.items is not None
                feats = _features(key, stat.items, codes, copies, bounds, len(spec.cards))
            else:
                feats = _features(key, stat, codes, copies, bounds, len(spec.cards))
            if not feats:
                self.left_out.append(key)
                continue
            k = _Key(key, per_seat, feats, at)
            rows = ["me", *(f"+{r}" for r in range(1, players))] if per_seat else [""]
            for row in rows:
                for f in feats:
                    names += [n.replace(key, f"{key}[{row}]", 1) if row else n
                              for n in f.names]
                    at += f.size
            self.keys.append(k)
        self.names = names
        self.size = at

    def encode(self, view: Mapping[str, Any], seat: int, to_move: bool) -> list[float]:
        out = [0.0] * self.size
        if to_move:
            out[0] = 1.0
        players = self.players
        for k in self.keys:
            v = view.get(k.key)
            at = k.at
            if k.per_seat:
                rows = v if isinstance(v, list) and len(v) == players else [None] * players
                for r in range(players):
                    x = rows[(seat + r) % players]
                    for f in k.features:
                        f.write(x, out, at)
                        at += f.size
            else:
                for f in k.features:
                    f.write(v, out, at)
                    at += f.size
        return out


# --- both, for a game ----------------------------------------------------------------------


@attrs.frozen
class Coding:
    """A game's table of actions and its encoding of views, at one player count and options."""

    game: Game
    players: int
    options: dict[str, Any]
    actions: ActionTable
    observation: Observation


_CODINGS: dict[tuple[int, int, tuple[tuple[str, str], ...]], Coding] = {}


def coding_for(game: Game, players: int, options: Mapping[str, Any]) -> Coding:
    """The coding of ``game`` at ``players`` with ``options`` (their defaults filled in), made
    once by a survey and kept."""
    opts = dict(game.new_game(players=players, seed=0, options=options).options)
    key = (id(game), players, tuple(sorted((k, str(v)) for k, v in opts.items())))
    got = _CODINGS.get(key)
    if got is None:
        sv = survey(game, players, opts)
        got = Coding(game, players, opts, build_actions(game, players, sv),
                     Observation(game, players, sv))
        if len(_CODINGS) > 64:
            _CODINGS.clear()
        _CODINGS[key] = got
    return got


__all__ = ["MAX_ACTIONS", "SURVEY_GAMES", "ActionTable", "Coding", "EnvError",
           "Observation", "Survey", "build_actions", "coding_for", "survey"]
