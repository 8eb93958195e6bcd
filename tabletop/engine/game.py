"""A loaded game: its checked spec plus what the runtime precomputes from it."""

from __future__ import annotations

import _random
import random
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from tabletop.engine.base import shuffle
from tabletop.engine.compile.codegen import (
    OutcomeCode,
    derived_readers,
    end_rules,
    make_end_check,
    make_outcomes,
    make_runners,
    make_segments,
)
from tabletop.engine.compile.listing import Lister, make_listers, make_phase_lister
from tabletop.engine.context import make_readers
from tabletop.engine.effects import Effects
from tabletop.engine.moves import too_many_bindings
from tabletop.engine.state import BOX, Move, State, fold_accents
from tabletop.errors import ArgumentError, DeckError, OptionError, PlayerCountError
from tabletop.i18n.catalogue import text_of
from tabletop.i18n.messages import player_span
from tabletop.lang.cards import CardDef, ComboDef
from tabletop.lang.expr import Compiled, did_you_mean, reads
from tabletop.rules.spec import (
    RANK_WORDS,
    RESERVED_NAMES,
    SUIT_SYMBOL,
    GameSpec,
    MoveSpec,
    Requirement,
    local_names,
)
from tabletop.rules.steps import Advance, Block, Choose
from tabletop.rules.values import arg_error, make_event, message_error, phrase_words
from tabletop.safety.limits import MAX_SEED

_Random = random.Random
_new_random = _Random.__new__  # a generator not seeded yet (seeded in new_game)
_seed_random = _random.Random.seed  # what Random.seed does with a whole number

_SIMPLE_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_SUIT_SYMBOLS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H", "♤": "S", "♧": "C", "♢": "D", "♡": "H"}


# playing cards' ranks and suits as words, to type a card by its name (dame de pique)
_RANK_NAMES: dict[str, dict[str, tuple[str, ...]]] = {
    "fr": {"A": ("as",), "K": ("roi",), "Q": ("dame",), "J": ("valet",)},
    "en": {"A": ("ace",), "K": ("king",), "Q": ("queen",), "J": ("jack",)}}
_SUIT_NAMES: dict[str, dict[str, tuple[str, ...]]] = {
    "fr": {"S": ("pique", "piques"), "H": ("cœur", "cœurs", "coeur", "coeurs"),
           "D": ("carreau", "carreaux"), "C": ("trèfle", "trèfles")},
    "en": {"S": ("spade", "spades"), "H": ("heart", "hearts"), "D": ("diamond", "diamonds"),
           "C": ("club", "clubs")}}


def name_phrases(game: Game) -> dict[str, list[tuple[tuple[str, ...], str]]]:
    """The names of a game's cards and combos in every language, as a player may type them in
    place of the code: {first word: [(words, the card's code or the combo's id)]}, longest
    first. A name read two ways, or a one-word name that is another card's code or a word of
    some notation, is left out (the code still works)."""
    spec = game.spec
    notation_words = {w for m in spec.moves for n in (m.template, *m.notations.values())
                      for w in phrase_words(" ".join(n))}
    notation_words |= {w for n in game.answer_notations for w in phrase_words(" ".join(n))}
    found: dict[tuple[str, ...], set[str]] = {}
    items: list[tuple[dict[str, str], str, str]] = [(c.name, c.code, c.code) for c in spec.cards
                                                    if c.kind != "playing"]
    for c in spec.cards:  # a playing card by its name: dame de pique, 9 de trèfle, queen of spades
        if c.kind == "playing" and c.rank and c.suit:
            items += [({"fr": f"{rank} de {suit}"}, c.code, c.code)
                      for rank in _RANK_NAMES["fr"].get(c.rank, (c.rank,))
                      for suit in _SUIT_NAMES["fr"][c.suit]]
            items += [({"en": f"{rank} of {suit}"}, c.code, c.code)
                      for rank in _RANK_NAMES["en"].get(c.rank, (c.rank,))
                      for suit in _SUIT_NAMES["en"][c.suit]]
    items += [(c.name, c.code, c.code.lower()) for c in spec.combos.values()]
    for names, code, token in items:
        for name in names.values():
            words = phrase_words(name)
            if not words:
                continue
            if len(words) == 1:
                other = game.code_index.get(words[0].upper())
                if (other is not None and other != code) or words[0] in notation_words:
                    continue
            found.setdefault(words, set()).add(token)
    out: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for words, tokens in found.items():
        if len(tokens) == 1:
            out.setdefault(words[0], []).append((words, next(iter(tokens))))
    for entries in out.values():
        entries.sort(key=lambda e: -len(e[0]))
    return out


def _reads_only(fn: Compiled, avoid: set[str], derived: Mapping[str, Compiled],
                seen: set[str], pure: frozenset[str] | set[str]) -> bool:
    """Whether an expression surely reads none of the names ``avoid`` (through the derived
    values it reads too), calling only the engine functions ``pure``."""
    r = reads(fn)
    if r is None:
        return False
    names, calls = r
    if not calls <= pure or names & avoid:
        return False
    for n in sorted(names & derived.keys() - seen):
        seen.add(n)
        if not _reads_only(derived[n], avoid, derived, seen, pure):
            return False
    return True


def check_seed(seed: object, call: str) -> int:
    """A seed as the API takes it: a whole number from 0 to MAX_SEED, as ``--seed`` (a
    bool, a float, a text or a negative number is none).

    :raises ArgumentError: it is not one.
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        said = repr(seed) if not isinstance(seed, int) or seed.bit_length() < 200 else "?"
        raise message_error(ArgumentError, "arg_seed", call=call, seed=said[:40],
                            most=MAX_SEED)
    return seed


def _not_a_name(n: object) -> str:
    raise arg_error("new_game", "names", "names", n)


def _fails(only: tuple[dict[str, tuple[str, ...]], ...],
           opts: Mapping[str, str]) -> tuple[str, tuple[str, ...]] | None:
    """None when a card's ``only`` lets it into the game under ``opts`` (any of its mappings
    holds whole); else the first option that keeps it out, with the values it needs."""
    first: tuple[str, tuple[str, ...]] | None = None
    for alt in only:
        miss = next(((k, vs) for k, vs in alt.items() if opts.get(k) not in vs), None)
        if miss is None:
            return None
        first = first or miss
    return first


class Game:
    """A game ready to play: ``game.new_game(...)`` starts one."""

    def __init__(self, spec: GameSpec, source_ref: str | None = None) -> None:
        self.spec = spec
        self.id = spec.id
        self.source_ref = source_ref
        names: dict[str, str] = {}
        for z in spec.zones.values():
            names[z.name] = "seatzone" if z.per_seat else "zone"
        for v in spec.vars.values():
            names[v.name] = "seatvar" if v.per_seat else "var"
        for d in spec.derived:
            names[d] = "derived"
        self.names = names
        self._remember_reads(spec)
        self._compile_moves(spec)
        self._card_names(spec)
        self._answer_words(spec)
        self._compile_steps(spec)
        self._note_defaults(spec)

    def _remember_reads(self, spec: GameSpec) -> None:
        """Which derived values and card rules read only the state (remembered, or
        evaluated without binding ``this``: context.py)."""
        names = self.names
        # the derived values that read only the state and ``me`` (no other local, no card's
        # own expression): the same while nothing changes, so remembered then (context.py)
        bound = local_names(spec.raw) | {n for params, _b in spec.functions.values()
                                          for n in params} | {"it", "this"}
        table_pure = spec.function_table.pure()
        pure = set(table_pure)  # and the functions that run a card's own expressions, when
        for fn, exprs in (("calc", [f for d in spec.card_derived.values()  # those read only
                                    for f in d.values()]),                 # the state, me
                          ("allowed", [r.test for rs in spec.card_require.values()  # and this
                                       for r in rs])):
            if all(_reads_only(e, bound - {"this"}, spec.derived, set(), table_pure)
                   for e in exprs):
                pure.add(fn)
        # allowed(card) reads only the state, ``me`` and the card: the same while nothing
        # changes, so remembered then (context.py)
        self.allowed_memo = "allowed" in pure
        # the tests of each card's own ``require`` that none reads ``this`` (through the
        # derived values it reads too, calling no function that might): evaluated without
        # binding it (context.py)
        self.free_require: dict[str, tuple[Compiled, ...]] = {
            code: tuple(r.test for r in rs) for code, rs in spec.card_require.items()
            if all(_reads_only(r.test, {"this"}, spec.derived, set(), table_pure) for r in rs)}
        self.memo_derived: set[str] = {d for d in spec.derived
                                       if _reads_only(spec.derived[d], bound, spec.derived,
                                                      set(), pure)}
        # of those, the ones that read no seat's own name either (``me``, ``opp``, a per-seat
        # var or zone, ``others()``...), through the derived values they read: the same for
        # every seat, so remembered once for all seats (context.py)
        seat_names = {"me", "opp"} | {n for n, k in names.items() if k in ("seatvar",
                                                                             "seatzone")}
        self.seatless_derived: set[str] = {
            d for d in self.memo_derived
            if _reads_only(spec.derived[d], bound | seat_names, spec.derived, set(),
                           spec.function_table.pure(seatless=True))}

    def _compile_moves(self, spec: GameSpec) -> None:
        """How names read a state, and each move's requirements and listing."""
        names = self.names
        self.readers = make_readers(self)  # how each name reads a state (Ctx.lookup)
        # the zones and vars no local may hide, read directly by generated code (as spec.py)
        # every name some local may bind (a move's argument, a let, a function's parameter)
        self.local_names: set[str] = local_names(spec.raw) | {
            n for params, _b in spec.functions.values() for n in params}
        hidden = self.local_names | RESERVED_NAMES
        self.expr_kinds: dict[str, str] = {
            n: k for n, k in names.items() if k in ("zone", "seatzone", "var", "seatvar")
            and n not in hidden}
        # the cards of each zone as the engine last read them, by zone key (Ctx.cards)
        self.zone_cards: dict[str, tuple[list[int], list[Any]]] = {}
        # the seats that see the cards of one zone and not those of another, by (players,
        # from, to): who keeps knowing a card moved between them (StateBase.learn_moved)
        self.learners: dict[tuple[int, str, str], tuple[int, ...]] = {}
        # every name an attribute of some card has (a mark that names one is a fact)
        self.card_attr_names: frozenset[str] = frozenset().union(
            *(c.attr_table for c in spec.cards))
        # whether every seat sees the cards of a zone, by (players, zone key) (mask_line)
        self.seen_by_all: dict[tuple[int, str], bool] = {}
        # the card a masked log line shows for a hidden one (codegen._stand_in), made once
        self.hidden_stand_in: Any = None
        # combos(cards) by the codes of the cards (the same hand asks it again and again)
        self.combos_memo: dict[frozenset[tuple[str, int]], list[Any]] = {}
        # the answers to questions that are a card or a text, by their text and the card's
        # number or the text answered: one Move each (moves.py, _pending_moves)
        self.choice_moves: dict[Any, Move] = {}
        self.move_by_id: dict[str, MoveSpec] = {m.id: m for m in spec.moves}
        # each move's requirements split in two: those that read none of its arguments, tested
        # once before its arguments are listed, and the others, tested for each binding
        self.require_plan: dict[str, tuple[tuple[Requirement, ...], tuple[Requirement, ...]]]
        self.require_plan = {}
        # each move's notation word by word: (argument, "{argument}") for a hole, (None, word)
        self.notation_holes: dict[str, tuple[tuple[str | None, str], ...]] = {
            m.id: tuple((t[1:-1], t) if t[0] == "{" and t[-1] == "}" else (None, t)
                        for t in m.template) for m in spec.moves}
        table_pure = spec.function_table.pure()
        for m in spec.moves:
            avoid = {a.name for a in m.args} | {"it", "this"}
            first = tuple(r for r in m.require
                          if _reads_only(r.test, avoid, spec.derived, set(), table_pure))
            self.require_plan[m.id] = (first, tuple(r for r in m.require if r not in first))
        # each move's listing as one generated function (listing.py)
        self.listers: dict[str, Lister] = make_listers(self)
        # the listers of the moves of each phase met so far (by the value of the var phase)
        self.phase_listers: dict[Any, tuple[Lister, ...]] = {}
        # the one lister of each set of moves some phase allows (listing.make_phase_lister)
        self.phase_fns: dict[tuple[str, ...], Lister] = {}
        # the cards some option leaves out of the game (their `only`)

    def _card_names(self, spec: GameSpec) -> None:
        """The cards' codes and names as players type them, in every language."""
        self.only_cards: tuple[CardDef, ...] = tuple(c for c in spec.cards if c.only)
        self.cards_by_code: dict[str, list[CardDef]] = {}
        for c in spec.cards:
            self.cards_by_code.setdefault(c.code, []).append(c)
        # codes as typed: any case, accents optional
        self.code_index: dict[str, str] = {fold_accents(code.upper()): code
                                           for code in self.cards_by_code}
        # a card's code in each language where it differs (codes: {en: blade}), typed too
        self.card_words: dict[str, dict[str, str]] = {}
        for c in spec.cards:
            for lang, word in c.codes.items():
                self.code_index[fold_accents(word.upper())] = c.code
                self.card_words.setdefault(lang, {})[c.code] = word
        # playing cards in French: valet, dame, roi (V, D, R), shown with the suit's symbol
        # (D♠) and typed at any table (DS, D♠); the suit letters stay S C D H (C would be
        # trèfle or cœur)
        for c in spec.cards:
            if c.kind == "playing" and c.rank and c.suit:
                for lang, ranks in RANK_WORDS.items():
                    rank = ranks.get(c.rank, c.rank)
                    self.card_words.setdefault(lang, {})[c.code] = rank + SUIT_SYMBOL[c.suit]
                    self.code_index.setdefault(rank + c.suit, c.code)
        # in a ruleset that gives no card codes per language, named cards and combos are shown
        # by their name in each language the name is given in but English (Boule de feu)
        by_name = not any(c.codes for c in spec.cards)
        shown: list[CardDef | ComboDef] = [*spec.cards, *spec.combos.values()] if by_name else []
        for item in shown:
            if isinstance(item, CardDef) and item.kind == "playing":
                continue
            for lang, name in item.name.items():
                if lang != "en":
                    self.card_words.setdefault(lang, {})[item.code] = name

    def _answer_words(self, spec: GameSpec) -> None:
        """The words of the questions and notations, as players type them."""
        # the notations of every question (choose step) the ruleset may ask, in every language
        questions = [s for b in spec.blocks for s in b.steps if isinstance(s, Choose)]
        self.answer_notations: list[tuple[str, ...]] = [
            n for s in questions for n in (s.notation, *s.notations.values())]
        self.answer_notations += [  # and the words that decline an optional question
            n for s in questions if s.optional for n in (s.pass_notation, *s.passes.values())]
        # the names of cards and combos, in every language, typed as the card (jouer boule de
        # feu sur Ben): by their first word, longest first, each the word notation compares
        self.phrases: dict[str, list[tuple[tuple[str, ...], str]]] = name_phrases(self)
        # the languages in which some notation or card code differs from the canonical one
        self.notation_langs: tuple[str, ...] = tuple(sorted(
            {lang for m in spec.moves for lang in m.notations}
            | {lang for s in questions
               for lang in (*s.notations, *s.passes, *(x for w in s.words.values() for x in w))}
            | {lang for c in spec.cards for lang in c.codes} | set(self.card_words)))

    def _compile_steps(self, spec: GameSpec) -> None:
        """The blocks' steps, the end check and the outcomes, as generated code."""
        self.advance_block = Block(len(spec.blocks), (Advance("<end_turn>"),))
        self.all_blocks: tuple[Block, ...] = spec.blocks + (self.advance_block,)
        # each step made ready to run
        derived = derived_readers(self)
        self.runners = make_runners(self.all_blocks, spec, derived, frozenset(self.memo_derived))
        # each block's steps as generated code, by the index they start at (codegen.py)
        self.segments = make_segments(self.all_blocks, spec, self.runners, derived,
                                      frozenset(self.memo_derived))
        self.end_rules = end_rules(spec)  # (field path, test, outcome), for the end check
        # the end check: the rules' tests as one generated function (else one by one)
        self.end_check: Callable[[Any], None] = (make_end_check(self)
                                                 or Effects._check_end_rules)
        # each outcome's winners, scores and reasons as generated code (_finish_as)
        self.outcomes: dict[str, OutcomeCode] = make_outcomes(self)
        # whether an end rule may read a derived value (the end check then remembers them)
        self.end_memo = not all(_reads_only(r.test, set(spec.derived), {}, set(),
                                            spec.function_table.pure()) for r in spec.end)

    def _note_defaults(self, spec: GameSpec) -> None:
        """The default options, and the zones card arguments are drawn from."""
        # every option at its default (new_game copies it when given no options)
        self.default_options: dict[str, str] = self.check_options(None)
        # by number of players, what a new game starts from (new_game, _blank)
        self.blanks: dict[int, tuple[tuple[str, ...], dict[str, Any], str]] = {}
        # Where a card argument is drawn from a plain zone, name that zone in error messages.
        self.arg_zone: dict[int, dict[str, str]] = {}
        raw_moves = {r.get("id"): r for r in reversed(spec.raw["moves"]) if isinstance(r, dict)}
        for m in spec.moves:
            raw_args: dict[str, Any] = raw_moves.get(m.id, {}).get("args", {})
            for a in m.args:
                src = raw_args.get(a.name, {}).get("from") or raw_args.get(a.name, {}).get("cards")
                if isinstance(src, str) and _SIMPLE_NAME.match(src) and src in spec.zones:
                    self.arg_zone[id(a)] = spec.zones[src].label

    def __repr__(self) -> str:
        return f"<Game {self.id}>"

    @staticmethod
    def slow_lister(ms: MoveSpec) -> Lister:
        """A move's listing by the interpreter (MoveListing._list_move)."""
        def lister(st: Any, me: int, ctx: Any, out: list[Any], seen: set[str]) -> None:
            st._list_move(ms, me, out, seen)
        return lister

    def listers_of_phase(self, phase: Any) -> tuple[Lister, ...]:
        """The listers of the moves playable while the var ``phase`` has this value, in the
        ruleset's order (remembered for the next listing when the value can be a key)."""
        moves = [ms for ms in self.spec.moves if ms.phases is None or phase in ms.phases]
        ids = tuple(ms.id for ms in moves)  # one generated function per set of moves
        fn = self.phase_fns.get(ids)
        if fn is None:
            fn = self.phase_fns[ids] = make_phase_lister(self, moves)
        found = (fn,)
        try:
            if len(self.phase_listers) >= 256:
                self.phase_listers.clear()
            self.phase_listers[phase] = found
        except TypeError:  # a phase that is no key (a list): found again each time
            pass
        return found

    def too_many(self, ms: MoveSpec) -> Callable[[], None]:
        """What a generated lister calls when the move has too many bindings."""
        spec = self.spec
        return lambda: too_many_bindings(spec, ms)

    @property
    def name(self) -> str:
        return text_of(self.spec.name, "en")

    def check_options(self, options: Mapping[str, Any] | None,
                      saved: bool = False) -> dict[str, str]:
        """Every option with its value, defaults filled in. A ``retired`` option is taken
        at another value than its default only from a save (``saved``): a new game is
        refused it, as an unknown one (at its default, as every game's options hold it, it is
        taken: ``new_game(options=state.options)`` plays the same game again).

        :raises OptionError: an unknown option, or a value it does not allow.
        """
        if options is not None and not isinstance(options, Mapping):
            raise arg_error("check_options", "options", "options", options)
        spec = self.spec.options
        out = {name: o.default for name, o in spec.items()}
        for k, v in (options or {}).items():
            if k not in spec or (spec[k].retired and not saved
                                 and str(v).strip().lower() != spec[k].default.lower()):
                known = "; ".join(f"{n} ({'|'.join(o.values)})" for n, o in spec.items()
                                  if not o.retired)
                offered = [n for n, o in spec.items() if not o.retired]
                close = ({"en": " any more (it is kept for games saved with it)",
                          "fr": " (elle n'est gardée que pour les parties sauvegardées avec "
                                "elle)"} if k in spec else
                         {lang: did_you_mean(k, offered, lang) for lang in ("en", "fr")})
                raise message_error(OptionError, "no_option" if known else "no_options",
                                    game=self.id, name=k, close=close, known=known)
            by_lower = {x.lower(): x for x in spec[k].values}
            value = by_lower.get(str(v).strip().lower())
            if value is None:
                raise message_error(OptionError, "option_value", name=k, value=v,
                                    values=", ".join(spec[k].values))
            out[k] = value
        return out

    def left_out(self, opts: Mapping[str, str]) -> set[int]:
        """The cards (their numbers) that these options leave out of the game (a card's
        ``only``)."""
        return {c.uid for c in self.only_cards if _fails(c.only, opts) is not None}

    def parse_deck(self, deck: Iterable[Any], opts: Mapping[str, str] | None = None) -> list[int]:
        """Card numbers for a stacked draw pile given as codes, top first.

        :raises DeckError: an unknown code, more copies of a card than the game has, or a card
            the options ``opts`` leave out of the game.
        """
        if isinstance(deck, str) or not isinstance(deck, Iterable):
            raise message_error(DeckError, "deck_list")
        used: dict[str, int] = {}
        out: list[int] = []
        for raw in deck:
            if not isinstance(raw, str):
                raise message_error(DeckError, "deck_entry", raw=raw)
            code = self.card_code(raw)
            if code is None:
                raise message_error(DeckError, "deck_card", raw=raw, game=self.spec.name)
            copies = self.cards_by_code[code]
            if opts is not None and copies[0].only:
                failed = _fails(copies[0].only, opts)
                if failed is not None:
                    k, vs = failed
                    raise message_error(DeckError, "deck_option", code=code, name=k,
                                        value=opts.get(k), allowed="|".join(vs),
                                        game=self.spec.name)
            n = used.get(code, 0)
            if n >= len(copies):
                raise message_error(DeckError, "deck_copies", code=code, n=n + 1,
                                    game=self.spec.name, copies=len(copies))
            used[code] = n + 1
            out.append(copies[n].uid)
        return out

    def card_word(self, code: str, lang: str) -> str:
        """A card's code as a table in ``lang`` shows it."""
        return self.card_words.get(lang, {}).get(code, code)

    def card_code(self, raw: str) -> str | None:
        """The canonical code of a card as a person types it (any case, suit symbols ♠♣♦♥
        or ♤♧♢♡, T for 10), or None when it names no card of this game."""
        if not isinstance(raw, str):
            raise arg_error("card_code", "raw", "text", raw)
        t = raw.strip()
        for sym, letter in _SUIT_SYMBOLS.items():
            t = t.replace(sym, letter)
        up = fold_accents(t.upper())
        if up in self.code_index:
            return self.code_index[up]
        if len(up) >= 2 and up[0] == "T" and "10" + up[1:] in self.code_index:
            return self.code_index["10" + up[1:]]
        return None

    def _blank(self, players: int) -> tuple[tuple[str, ...], dict[str, Any], str]:
        """What every new game of ``players`` starts from, before its deck is laid: the keys
        of its zones (in the order the state lists them), its vars at their initial values
        (shared values, as the ruleset gives them) and the deck's zone."""
        spec = self.spec
        keys: list[str] = []
        for z in spec.zones.values():
            if z.per_seat:
                keys += [f"{z.name}/{s}" for s in range(players)]
            else:
                keys.append(z.name)
        keys.append(BOX)
        initial: dict[str, Any] = {}
        for v in spec.vars.values():
            if v.per_seat:
                for s in range(players):
                    initial[f"{v.name}/{s}"] = v.initial
            else:
                initial[v.name] = v.initial
        return tuple(dict.fromkeys(keys)), initial, spec.deck_zone

    def new_game(self, players: int = 1, seed: int | None = None,
                 options: Mapping[str, Any] | None = None, deck: Iterable[Any] | None = None,
                 names: Iterable[str] | None = None, first: int | None = None,
                 *, saved: bool = False) -> State:
        """Start a game.

        ``deck`` stacks the draw pile (codes, top first); cards it does not list stay out of
        the game, as do the cards the options leave out (a card's ``only``), which it may not
        list. ``first`` fixes the first seat where the ruleset draws it at random.
        ``seed`` is a whole number from 0 to 2**63-1 (as ``--seed``); None draws one.
        ``saved``: the game of a save, replayed (a ``retired`` option is taken).

        :raises PlayerCountError: ``players`` is outside the game's range.
        :raises OptionError: an unknown option or value.
        :raises DeckError: a malformed deck list, or one naming a card the options leave out.
        :raises ArgumentError: an argument of the wrong type, or a seed that is not one.
        """
        self._check_start(players, seed, options, names, first)
        if not options:  # every option at its default (a dict made once, copied)
            opts = self.default_options.copy()
        else:
            opts = self.check_options(options, saved)
        seat_names = self._seat_names(names, players)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        st = State(self)
        st.players = players
        st.names = seat_names or [f"P{i + 1}" for i in range(players)]
        st.options = opts
        st.seed = seed
        if type(seed) is int:  # random.Random(seed), without its two Python-level calls
            rng = _new_random(_Random)
            _seed_random(rng, seed)
            rng.gauss_next = None  # type: ignore[attr-defined]
            st.rng = rng
        else:
            st.rng = random.Random(seed)
        st.known = [set() for _ in range(players)]
        blank = self.blanks.get(players)
        if blank is None:
            blank = self.blanks[players] = self._blank(players)
        zone_keys, initial_vars, pile = blank
        st.zones = {k: [] for k in zone_keys}
        self._fill_pile(st, pile, deck, opts)
        st.vars = initial_vars.copy()
        if first is not None:
            if not 0 <= first < players:
                raise PlayerCountError(f"first seat {first + 1} is not a seat of this game")
            st.turn_seat = first
            st.forced_first = first
        elif self.spec.first_player == "random":
            st.turn_seat = st.rng.randrange(players)
        st.first_seat = st.turn_seat
        st.run_setup()
        return st

    def _check_start(self, players: Any, seed: Any, options: Any, names: Any,
                    first: Any) -> None:
        """new_game's arguments of the right types, and a number of players the game takes."""
        spec = self.spec
        if isinstance(players, bool) or not isinstance(players, int):
            raise PlayerCountError(f"players must be a whole number, got {players!r}")
        if seed is not None:
            check_seed(seed, "new_game")
        if options is not None and not isinstance(options, Mapping):
            raise arg_error("new_game", "options", "options", options)
        if names is not None and (isinstance(names, str) or not isinstance(names, Iterable)):
            raise arg_error("new_game", "names", "names", names)
        if first is not None and (isinstance(first, bool) or not isinstance(first, int)):
            raise arg_error("new_game", "first", "seat", first)
        if not spec.min_players <= players <= spec.max_players:
            raise message_error(PlayerCountError, "player_count", game=spec.name,
                                span=player_span(spec.min_players, spec.max_players),
                                n=players)

    @staticmethod
    def _seat_names(names: Iterable[str] | None, players: int) -> list[str]:
        """The seats' names new_game is given: one word each, one per seat, none twice
        (in any case); [] for none given."""
        seat_names = [n.strip() if isinstance(n, str) else _not_a_name(n)
                      for n in names] if names is not None else []
        if seat_names:
            if len(seat_names) != players:
                raise message_error(PlayerCountError, "names_count", n=len(seat_names),
                                    players=players)
            for n in seat_names:
                if not n or any(ch.isspace() for ch in n):
                    raise message_error(PlayerCountError, "name_word", name=n)
            if len({n.lower() for n in seat_names}) != len(seat_names):
                raise message_error(PlayerCountError, "same_name")
        return seat_names

    def _fill_pile(self, st: State, pile: str, deck: Iterable[Any] | None,
                  opts: dict[str, str]) -> None:
        """Every card in the pile, shuffled, or as ``deck`` stacks it; the cards left out
        of the game in the box."""
        spec = self.spec
        if deck is not None:
            order = self.parse_deck(deck, opts)
            st.deck = [spec.cards[i].code for i in order]
            chosen = set(order)
            st.zones[BOX] = [c.uid for c in spec.cards if c.uid not in chosen]
            where = [BOX] * len(spec.cards)
            for i in order:
                where[i] = pile
        else:
            order = list(range(len(spec.cards)))  # every card's uid (its index)
            shuffle(st.rng, order)
            # the opening shuffle is a chance event like any other (solvers enumerate these)
            st.log.append(make_event("shuffle", None, {"en": f"shuffled {pile}",
                                                       "fr": f"{pile} mélangé"},
                                     {"zone": pile}, None))
            where = [pile] * len(spec.cards)  # every card is in the pile
            if self.only_cards:  # the cards the options leave out stay in the box
                out = self.left_out(opts)
                if out:
                    order = [i for i in order if i not in out]
                    st.zones[BOX] = sorted(out)
                    for i in out:
                        where[i] = BOX
        st.where = where
        st.zones[pile] = order
