"""Moves: listing the legal moves (bindings of a move's arguments, its requirements), their
notation in each language, and reading a typed move back (with the sentence that says why a
move is not legal now)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

from tabletop.engine.base import StateBase
from tabletop.engine.context import _SUIT_LETTERS, Ctx
from tabletop.errors import (
    ExpressionError,
    GameOverError,
    IllegalMoveError,
    NotationError,
    RulesetError,
)
from tabletop.i18n.catalogue import text_of
from tabletop.i18n.messages import ruleset_error
from tabletop.lang.cards import CardDef, ComboDef
from tabletop.lang.expr import Work
from tabletop.rules.spec import ArgSpec, GameSpec, MoveSpec
from tabletop.rules.steps import Choose
from tabletop.rules.values import (
    CHOICE,
    RULESET_BUGS,
    Move,
    arg_error,
    fold_accents,
    make_move,
    message_error,
    message_texts,
    phrase_words,
)
from tabletop.safety.limits import MAX_BINDINGS, MAX_WORK


def arg_path(spec: GameSpec, a: ArgSpec) -> str:
    """The field path of a move's argument, for error messages."""
    for i, ms in enumerate(spec.moves):
        if any(x is a for x in ms.args):
            return f"moves.{i}.args.{a.name}"
    return "moves"


def too_many_bindings(spec: GameSpec, ms: MoveSpec) -> None:
    """A move whose arguments could be filled in more than MAX_BINDINGS ways: one sentence
    naming its field."""
    path = arg_path(spec, ms.args[-1]).rpartition(".args")[0]
    raise RulesetError.of("bindings_limit", file=spec.source, line=spec.line_of(path),
                          field=path, id=ms.id, limit=MAX_BINDINGS)


_new = object.__new__

# by a question's notation: the texts before and after its one hole ``{choice}``, or None
# for any other shape (_pending_moves), worked out once per notation
_CHOICE_PLANS: dict[tuple[str, ...], tuple[str, str] | None] = {}


def _is_hole(word: str) -> bool:
    return word[:1] == "{" and word[-1:] == "}"


def _filler(template: Sequence[str], i: int) -> bool:
    """Whether word ``i`` of a notation stands between two holes (and may be left out)."""
    return (0 < i < len(template) - 1 and not _is_hole(template[i])
            and _is_hole(template[i - 1]) and _is_hole(template[i + 1]))


def _templates(ms: MoveSpec) -> list[tuple[str, ...]]:
    """A move's notations, then each without the words between two holes (if it has some)."""
    out = [ms.template, *ms.notations.values()]
    for t in list(out):
        short = tuple(w for i, w in enumerate(t) if not _filler(t, i))
        if short != t and short not in out:
            out.append(short)
    return out


# what goes in a move's hole, as move_shape says it
_HOLES: dict[str, dict[str, str]] = {
    "card": {"en": "card", "fr": "carte"}, "cards": {"en": "cards", "fr": "cartes"},
    "seat": {"en": "player", "fr": "joueur"}, "word": {"en": "word", "fr": "mot"},
    "combo": {"en": "combo", "fr": "combinaison"}}


def _choice_plan(notation: tuple[str, ...]) -> tuple[str, str] | None:
    plan = None
    if notation.count("{choice}") == 1 and not any(
            t[0] == "{" and t[-1] == "}" and t != "{choice}" for t in notation):
        at = notation.index("{choice}")
        before = " ".join(notation[:at] + ("",)) if at else ""
        after = " ".join(("",) + notation[at + 1:]) if at + 1 < len(notation) else ""
        plan = (before, after)
    if len(_CHOICE_PLANS) < 4096:
        _CHOICE_PLANS[notation] = plan
    return plan


def _same(answer: Any, wanted: Any) -> bool:
    """Whether a question's answer is the value a bot hint gives (a card as itself)."""
    if isinstance(answer, CardDef) or isinstance(wanted, CardDef):
        return answer is wanted
    return bool(answer == wanted) and type(answer) is type(wanted)


class MoveListing(StateBase):
    """The part of State that lists, shows and reads moves."""

    def legal_moves(self) -> list[Move]:
        """Every move the current player may make now, in a stable order; [] once over."""
        if self.outcome is not None:
            return []
        legal = self._legal
        if legal is None:
            Work.left = MAX_WORK  # Work.reset(), written out
            saved = self._derived_memo
            self._derived_memo = saved or {}
            try:
                if self.pending:
                    legal = self._pending_moves()
                else:  # _free_moves, written out
                    legal = []
                    phase = self.vars.get("phase")
                    try:  # the moves of this phase, listed by one function (listing.py)
                        listers = self.game.phase_listers[phase]
                    except (KeyError, TypeError):
                        listers = self.game.listers_of_phase(phase)
                    ctx = _new(Ctx)  # Ctx(self, {}), its slots set in place
                    ctx.state = self
                    ctx.locals = {}
                    ctx.viewer = None
                    seen: set[str] = set()
                    me = self.turn_seat
                    for lister in listers:
                        lister(self, me, ctx, legal, seen)
            except RULESET_BUGS as e:
                raise self._bug(e, "doing_listing", "moves") from None
            finally:
                self._derived_memo = saved
            self._legal = legal
        return list(legal)

    def bot_moves(self, seat: int) -> list[Move]:
        """The legal moves a bot of ``seat`` weighs: all of them, but while a question whose
        step declares ``bot:`` waits for ``seat``, the answers that expression gives,
        worked out as a view is (over what the seat sees), or else the pass when the
        question may be declined (else all of them)."""
        legal = self.legal_moves()
        p = self.pending
        if p is None or p.seat != seat:
            return legal
        step = self.question_step()
        if step is None or step.bot is None:
            return legal
        hint = step.bot
        ctx = Ctx(self, {"me": seat}, viewer=seat)
        Work.reset()
        saved, self._derived_memo = self._derived_memo, {}
        try:
            wanted = hint(ctx)
        except RULESET_BUGS as e:
            raise self._bug(e, "doing_bot", step.path + ".bot") from None
        finally:
            self._derived_memo = saved
        wanted = [] if wanted is None else wanted if isinstance(wanted, list) else [wanted]
        chosen = [m for m in legal if m.args and m.args[0][1] is not None
                  and any(_same(m.args[0][1], w) for w in wanted)]
        if chosen:
            return chosen
        if p.optional:
            return [m for m in legal if m.args and m.args[0][1] is None]
        return legal

    def question_step(self) -> Choose | None:
        """The ``choose`` step whose question waits now (its frame is at the step after it);
        None for a free move, or a question the engine itself asks."""
        if self.pending is None or not self.frames:
            return None
        f = self.frames[-1]
        if not 0 < f.index <= len(f.block.steps):
            return None
        step = f.block.steps[f.index - 1]
        return step if isinstance(step, Choose) else None

    def parse_move(self, text: str) -> Move:
        """The legal move this text names.

        :raises NotationError: the text does not parse as a move of this game.
        :raises IllegalMoveError: it parses but is not legal now; the message says why.
        :raises ArgumentError: ``text`` is not text.
        """
        if not isinstance(text, str):
            raise arg_error("parse_move", "text", "text", text)
        if self.outcome is not None:
            raise GameOverError(f"the game is over ({self.outcome.reason}); no more moves")
        tokens = self._key(str(text))
        if not tokens:
            raise NotationError("empty move: type one of the legal moves, e.g. "
                                f"{self._example()!r}")
        legal = self.legal_moves()
        for m in legal:
            if self._key(m.text) == tokens:
                return m
        for m in legal:  # the cards of a `cards` argument (always last) may come in any order
            ms = self.game.move_by_id.get(m.move_id)
            if ms is None or not any(a.kind == "cards" for a in ms.args):
                continue
            mt = self._key(m.text)
            fixed = len(ms.template) - 1
            if (len(mt) == len(tokens) and mt[:fixed] == tokens[:fixed]
                    and sorted(mt[fixed:]) == sorted(tokens[fixed:])):
                return m
        for lang in self.game.notation_langs:  # a move typed in another language's notation
            for m in legal:
                mt = self._key(self.move_text(m, lang))
                if mt == tokens:
                    return m
                ms = self.game.move_by_id.get(m.move_id)
                if ms is None or not any(a.kind == "cards" for a in ms.args):
                    continue
                fixed = len(ms.notations.get(lang, ms.template)) - 1
                if (len(mt) == len(tokens) and mt[:fixed] == tokens[:fixed]
                        and sorted(mt[fixed:]) == sorted(tokens[fixed:])):
                    return m
        short = self._without_fillers(legal, tokens)
        if short is not None:
            return short
        other = self._other_words(legal, tokens)
        if other is not None:
            return other
        raise self._diagnose(text, tokens)

    def _other_words(self, legal: Sequence[Move], tokens: tuple[str, ...]) -> Move | None:
        """The answer to the question now that ``tokens`` name by one of its other words in
        some language (``annoncer carreau`` where ``carreaux`` is shown); None if none."""
        p = self.pending
        if p is None or not p.words:
            return None
        for m in legal:
            value = m.args[0][1] if m.move_id == CHOICE and m.args else None
            if not isinstance(value, str):
                continue
            for lang, texts in p.words.get(value, {}).items():
                notation = p.notations.get(lang, p.notation)
                for word in texts[1:]:
                    said = self._render(notation, {"choice": word}, seats=p.seats, lang=lang)
                    if self._key(said) == tokens:
                        return m
        return None

    def _without_fillers(self, legal: Sequence[Move], tokens: tuple[str, ...]) -> Move | None:
        """The one legal move that ``tokens`` name with the words between two holes left out
        (``play fireball Ben`` for ``play fireball at Ben``), in any language's notation; None
        when no move, or more than one, reads so."""
        found: list[Move] = []
        for m in legal:
            ms = self.game.move_by_id.get(m.move_id)
            if ms is None or any(a.kind == "cards" for a in ms.args):
                continue
            for lang in ("", *self.game.notation_langs):
                template = ms.notations.get(lang, ms.template) if lang else ms.template
                # (a card's name of several words is one word of the notation: boule de feu)
                words = self._key(self.move_text(m, lang) if lang else m.text)
                if len(words) != len(template) or len(template) - len(tokens) < 1:
                    continue
                kept = tuple(w for i, w in enumerate(words) if not _filler(template, i))
                if kept == tokens:
                    if m not in found:
                        found.append(m)
                    break
        return found[0] if len(found) == 1 else None

    def move_hint(self, move: Move, lang: str) -> str | None:
        """The note the ruleset shows beside a legal move (its ``hint`` whose ``if`` holds
        now, with the move's arguments bound), in ``lang``; None when there is none."""
        if not isinstance(move, Move) or not isinstance(lang, str):
            raise (arg_error("move_hint", "move", "legal", move) if not isinstance(move, Move)
                   else arg_error("move_hint", "lang", "lang", lang))
        ms = self.game.move_by_id.get(move.move_id)
        if ms is None or not ms.hints:
            return None
        me = self.turn_seat
        for _name, v in move.args:  # a hint over a card the mover may not see could tell it
            for c in (v if isinstance(v, list) else [v]):
                if type(c) is CardDef and not self.sees(me, c):
                    return None
        ctx = Ctx(self, {"me": me, **dict(move.args)})
        try:
            for h in ms.hints:
                if h.test(ctx):
                    return text_of({k: f(ctx) for k, f in h.why.items()}, lang)
        except RULESET_BUGS as e:
            raise self._bug(e, "doing_hints", f"moves.{ms.id}.hint"
                            ) from None
        return None

    def move_text(self, move: Move, lang: str, short: bool = False) -> str:
        """A legal move as a table in ``lang`` shows it: the ruleset's notation in that
        language (where it gives one) with the cards' words in that language; ``short``: a
        card or combo whose word there is longer than its code by its code (a screen short of
        room; both are typed)."""
        if move.__class__ is not Move or lang.__class__ is not str:
            if not isinstance(move, Move):
                raise arg_error("move_text", "move", "legal", move)
            if not isinstance(lang, str):
                raise arg_error("move_text", "lang", "lang", lang)
        if move.move_id == CHOICE:
            p = self.pending
            if p is None:
                return move.text
            value = move.args[0][1]
            if value is None:
                return " ".join(p.passes.get(lang, p.pass_notation))
            if isinstance(value, str) and lang in p.words.get(value, {}):
                value = p.words[value][lang][0]  # the first of the answer's words is shown
            return self._render(p.notations.get(lang, p.notation), {"choice": value},
                                seats=p.seats, lang=lang, short=short, who=p.seat)
        ms = self.game.move_by_id.get(move.move_id)
        if ms is None:
            return move.text
        return self._render(ms.notations.get(lang, ms.template), dict(move.args), lang=lang,
                            short=short, who=self.turn_seat)

    def move_shape(self, ms: MoveSpec, lang: str) -> str:
        """How a move is typed, in ``lang``: its notation with each hole said as what goes
        there (``fight <card>``, ``combattre <carte>``; a word among a few as its words,
        ``<1|2>``), never a ``{hole}`` as the ruleset writes it."""
        kinds = {"{" + a.name + "}": text_of(_HOLES[a.kind], lang) for a in ms.args}
        for a in ms.args:  # a word among a few is shown as its words: <1|2>
            if a.kind == "word":
                ctx = Ctx(self, {"me": self.turn_seat})
                listed = [w for w in a.domain(ctx) if a.where is None
                          or a.where(Ctx(self, {"me": self.turn_seat, "it": w}))]
                if 2 <= len(listed) <= 4:
                    kinds["{" + a.name + "}"] = "|".join(str(w) for w in listed)
        return " ".join(f"<{kinds[w]}>" if w in kinds else w
                        for w in ms.notations.get(lang, ms.template))

    def _free_moves(self) -> list[Move]:
        out: list[Move] = []
        seen: set[str] = set()
        phase = self.vars.get("phase")
        me = self.turn_seat
        game = self.game
        try:  # the moves of this phase, listed by one function (listing.py)
            listers = game.phase_listers[phase]
        except (KeyError, TypeError):
            listers = game.listers_of_phase(phase)
        ctx = Ctx(self, {})
        for lister in listers:
            lister(self, me, ctx, out, seen)
        return out

    def _free_moves_interpreted(self) -> list[Move]:
        """The legal moves as the interpreter lists them (the generated listers' reference)."""
        out: list[Move] = []
        seen: set[str] = set()
        phase = self.vars.get("phase")
        me = self.turn_seat
        for ms in self.spec.moves:
            if ms.phases is not None and phase not in ms.phases:
                continue
            self._list_move(ms, me, out, seen)
        return out

    def _list_move(self, ms: MoveSpec, me: int, out: list[Move], seen: set[str]) -> None:
        """Append to ``out`` the legal bindings of one move whose phase is now, interpreting
        its arguments and requirements (listing.py generates the same loop as code)."""
        plans = self.game.require_plan
        notation = self.game.notation_holes
        locals_: dict[str, Any] = {"me": me}
        ctx = Ctx(self, locals_)
        require = ms.require
        if ms.args:
            first, rest = plans[ms.id]
            if first:
                try:
                    ok = True
                    for r in first:
                        if not r.test(ctx):
                            ok = False
                            break
                    if not ok:
                        return  # fails whatever the arguments: list none of them
                    require = rest
                except RULESET_BUGS:
                    pass  # raised again below, in the order the requirements are written
        if len(ms.args) == 1:  # as below, without a dict per binding
            name = ms.args[0].name
            for x in self._domain(ms.args[0], ctx):
                locals_[name] = x
                for r in require:
                    if not r.test(ctx):
                        break
                else:
                    words = []
                    for hole, word in notation[ms.id]:
                        if hole is None:
                            words.append(word)
                        else:
                            v = x if hole == name else {name: x}[hole]
                            words.append(self._token(v, who=me))
                    text = " ".join(words)
                    if text not in seen:
                        seen.add(text)
                        out.append(Move(ms.id, ((name, x),), text))
            return
        for binding in self._bindings(ms, ctx):
            locals_.update(binding)
            for r in require:
                if not r.test(ctx):
                    break
            else:
                words = []  # as _render, with the notation's holes found at load
                for hole, word in notation[ms.id]:
                    if hole is None:
                        words.append(word)
                    else:
                        words.append(self._token(binding[hole], who=me))
                text = " ".join(words)
                if text not in seen:
                    seen.add(text)
                    out.append(Move(ms.id, tuple(binding.items()), text))

    def _bindings(self, ms: MoveSpec, ctx: Ctx) -> list[dict[str, Any]]:
        """Every binding of the move's arguments, each argument's domain (and its ``where``)
        evaluated with the earlier arguments bound, as when a typed move is checked."""
        if not ms.args:
            return [{}]
        if len(ms.args) == 1:
            a = ms.args[0]
            return [{a.name: x} for x in self._domain(a, ctx)]
        out: list[dict[str, Any]] = []

        def extend(i: int, partial: dict[str, Any]) -> None:
            if i == len(ms.args):
                out.append(dict(partial))
                if len(out) > MAX_BINDINGS:
                    too_many_bindings(self.spec, ms)
                return
            a = ms.args[i]
            ctx.locals.update(partial)
            for x in self._domain(a, ctx):
                partial[a.name] = x
                extend(i + 1, partial)
            partial.pop(a.name, None)

        extend(0, {})
        return out

    def _domain(self, a: ArgSpec, ctx: Ctx) -> list[Any]:
        items = a.domain(ctx)
        if items is None:
            return []
        if not isinstance(items, list):
            items = [items]
        if a.kind in ("card", "cards"):
            items = [x for x in items if x is not None]
            for x in items:
                if not isinstance(x, CardDef):
                    raise ruleset_error(ExpressionError, "argument_not_card", name=a.name,
                                        x=x)
        if a.where is not None:
            saved = ctx.locals.get("it")
            kept = []
            for x in items:
                ctx.locals["it"] = x
                if a.where(ctx):
                    kept.append(x)
            ctx.locals["it"] = saved
            items = kept
        if a.kind == "cards":
            ways = sum(math.comb(len(items), k) for k in range(max(a.min, 0),
                                                                min(a.max, len(items)) + 1))
            if ways > MAX_BINDINGS:
                raise RulesetError.of(
                    "card_sets_limit", file=self.spec.source,
                    line=self.spec.line_of(self._arg_path(a)), field=self._arg_path(a),
                    name=a.name, ways=ways, lo=a.min, hi=a.max, n=len(items),
                    limit=MAX_BINDINGS)
            subsets: list[Any] = []
            seen: set[tuple[str, ...]] = set()
            for k in range(a.min, min(a.max, len(items)) + 1):
                for combo in itertools.combinations(items, k):
                    key = tuple(sorted(c.code for c in combo))
                    if key not in seen:
                        seen.add(key)
                        subsets.append(list(combo))
            return subsets
        return items

    def _arg_path(self, a: ArgSpec) -> str:
        """The field path of a move's argument, for error messages."""
        return arg_path(self.spec, a)

    def _render(self, template: tuple[str, ...], binding: dict[str, Any],
                seats: bool = True, lang: str | None = None, short: bool = False,
                who: int | None = None) -> str:
        parts = []
        for t in template:
            if t[0] == "{" and t[-1] == "}":
                parts.append(self._token(binding[t[1:-1]], seats, lang, short, who))
            else:
                parts.append(t)
        return " ".join(parts)

    def _token(self, v: Any, seats: bool = True, lang: str | None = None,
               short: bool = False, who: int | None = None) -> str:
        """A value as a move's text shows it; whole numbers are seats unless ``seats`` is
        False (a choice among numbers). Cards by their code (their word in ``lang`` when
        given, unless ``short`` and that word is longer); a card that ``who`` (the seat
        deciding) may not see, by its place in its zone (hidden_word), in any language."""
        if isinstance(v, CardDef | ComboDef):
            if who is not None and type(v) is CardDef and not self.sees(who, v):
                return self.hidden_word(v)
            if lang is None:
                return v.code
            word = self.game.card_word(v.code, lang)
            return v.code if short and len(word) > len(v.code) else word
        if isinstance(v, list | tuple):
            return " ".join(self._token(x, seats, lang, short, who) for x in v)
        if isinstance(v, bool):
            return "yes" if v else "no"
        if isinstance(v, int):
            return self.seat_name(v) if seats else str(v)
        return str(v)

    def _pending_moves(self) -> list[Move]:
        p = self.pending
        assert p is not None
        out = []
        seen: set[str] = set()
        notation = p.notation
        try:
            plan = _CHOICE_PLANS[notation]
        except KeyError:
            plan = _choice_plan(notation)
        if plan is not None:  # the common shape: one hole
            before, after = plan
            seats = p.seats
            who = p.seat
            made = self.game.choice_moves  # an answer that is a card or a text: one Move
            if len(made) > 4096:           # by text and value, kept by the game (moves are
                made.clear()               # immutable)
            for v in p.options:  # as _render and _token, cards and texts without a call
                t = type(v)
                if t is CardDef:
                    text = before + (v.code if self.sees(who, v) else self.hidden_word(v)
                                     ) + after
                    key: Any = (text, v.uid)
                elif t is str:
                    text = before + v + after
                    key = (text, v)
                else:
                    word = self._token(v, seats, who=who)
                    text = before + word + after
                    if text not in seen:
                        seen.add(text)
                        out.append(make_move(CHOICE, (("choice", v),), text))
                    continue
                if text not in seen:
                    seen.add(text)
                    m = made.get(key)
                    if m is None:
                        m = made[key] = make_move(CHOICE, (("choice", v),), text)
                    out.append(m)
            if p.optional:  # the pass, kept as the answers are (by its text)
                text = " ".join(p.pass_notation)
                m = made.get((text, None))
                if m is None:
                    m = made[(text, None)] = Move(CHOICE, (("choice", None),), text)
                out.append(m)
            return out
        for v in p.options:
            text = self._render(p.notation, {"choice": v}, seats=p.seats, who=p.seat)
            if text not in seen:
                seen.add(text)
                out.append(Move(CHOICE, (("choice", v),), text))
        if p.optional:
            out.append(Move(CHOICE, (("choice", None),), " ".join(p.pass_notation)))
        return out

    def _check_move(self, move: Move) -> Move:
        legal = self._legal if self._legal is not None else self.legal_moves()
        text = move.text
        for m in legal:
            if m is move or m.text == text:
                return m
        return self.parse_move(text)

    def _norm(self, token: str) -> str:
        """A typed word as notation compares it: a card's code, ``#seatN``, or lower case."""
        code = self.game.card_code(token)
        if code is not None:
            return code
        low = fold_accents(token.strip().lower())
        if len(low) == 1 and low in _SUIT_LETTERS:  # a suit typed as its symbol: ♣ is c
            low = _SUIT_LETTERS[low]
        names = {fold_accents(n.lower()): i for i, n in enumerate(self.names)}
        if low in names:
            return f"#seat{names[low]}"
        if low.startswith("p") and low[1:].isdigit():
            return f"#seat{int(low[1:]) - 1}"
        return low

    def _split(self, text: str) -> list[tuple[str, str]]:
        """A typed (or listed) move word by word: each word as typed and as notation compares
        it, a card's or combo's name of several words read as one (boule de feu)."""
        raw = text.split()
        phrases = self.game.phrases
        if not phrases:
            return [(w, self._norm(w)) for w in raw]
        folded = phrase_words(text)
        out: list[tuple[str, str]] = []
        i = 0
        while i < len(raw):
            for words, token in phrases.get(folded[i], ()):
                if tuple(folded[i:i + len(words)]) == words:
                    out.append((" ".join(raw[i:i + len(words)]), self._norm(token)))
                    i += len(words)
                    break
            else:
                out.append((raw[i], self._norm(raw[i])))
                i += 1
        return out

    def _key(self, text: str) -> tuple[str, ...]:
        """A move's text as notation compares it (see _split)."""
        return tuple(n for _, n in self._split(text))

    def _example(self) -> str:
        legal = self.legal_moves()
        return legal[0].text if legal else "?"

    def _listing(self) -> dict[str, str]:
        """The legal moves as an error sentence lists them (the first twelve), per language."""
        legal = self.legal_moves()
        return {lang: ", ".join(self.move_text(m, lang) for m in legal[:12])
                + (", ..." if len(legal) > 12 else "") for lang in ("en", "fr")}

    def _diagnose(self, text: str, tokens: tuple[str, ...]) -> Exception:
        langs = ("en", "fr")
        listing = self._listing()
        typed = text.strip()
        game = self.spec.name
        p = self.pending
        if p is not None:
            # an answer to this question with a value it does not allow ("announce hearts"
            # where hearts was announced before): said so, with the values it allows
            asked = [p.notation, *p.notations.values()]
            fixed = {self._key(" ".join(w for w in shape if "{" not in w)) for shape in asked}
            if any(f and tuple(tokens[:len(f)]) == f and len(tokens) > len(f) for f in fixed):
                return message_error(IllegalMoveError, "answer_not_allowed", text=typed,
                                     listing=listing)
            return message_error(IllegalMoveError, "not_an_answer", text=typed, listing=listing)
        for ms in self.spec.moves:
            for template in _templates(ms):
                binding = self._match(ms, tokens, template)
                if binding is None:
                    continue
                why = self._why_not(ms, binding)
                return message_error(IllegalMoveError, "not_legal", text=typed, why=why)
        for ms in self.spec.moves:
            for template in _templates(ms):
                if tokens[0] != self._norm(template[0]) or len(tokens) < len(template):
                    continue
                for i, tok in enumerate(template):
                    arg = next((a for a in ms.args if "{" + a.name + "}" == tok), None)
                    if arg is not None and arg.kind in ("card", "cards"):
                        raw = [w for w, _ in self._split(text)]
                        for j in range(i, i + 1 if arg.kind == "card" else len(tokens)):
                            if tokens[j] not in self.game.cards_by_code and tokens[j].isdigit():
                                # a hidden card's place that no legal move names
                                return message_error(IllegalMoveError, "no_place",
                                                     place=raw[j], listing=listing)
                            if tokens[j] not in self.game.cards_by_code:
                                sample = {lang: ", ".join(self.game.card_word(c, lang) for c
                                                          in list(self.game.cards_by_code)[:3])
                                          for lang in langs}
                                return message_error(NotationError, "not_a_card", word=raw[j],
                                              game=game, sample=sample)
                    if (arg is not None and arg.kind == "seat" and len(tokens) == len(template)
                            and not tokens[i].startswith("#seat")
                            and all(tokens[k] == self._norm(w) for k, w in enumerate(template)
                                    if not (w[0] == "{" and w[-1] == "}"))):
                        raw = [w for w, _ in self._split(text)]
                        return message_error(NotationError, "not_a_player", word=raw[i],
                                             names=", ".join(self.names))
        for ms in self.spec.moves:  # the ruleset says how this move is typed
            if ms.usage is not None and any(tokens[0] == self._norm(tpl[0]) for tpl in
                                            (ms.template, *ms.notations.values())):
                word = {lang: ms.notations.get(lang, ms.template)[0] for lang in langs}
                return message_error(NotationError, "bad_usage", text=typed, word=word,
                              usage=ms.usage, listing=listing)
        shapes = {lang: " | ".join(self.move_shape(ms, lang) for ms in self.spec.moves
                                   if any(tokens[0] == self._norm(tpl[0]) for tpl in
                                          (ms.template, *ms.notations.values())))
                  for lang in langs}
        if shapes["en"]:
            return message_error(NotationError, "bad_shape", text=typed, shapes=shapes,
                          listing=listing)
        answers = {self._norm(n[0]) for n in self.game.answer_notations}
        if tokens[0] in answers:
            return message_error(NotationError, "not_asked", text=typed, listing=listing)
        words = {lang: ", ".join(sorted({ms.notations.get(lang, ms.template)[0]
                                         for ms in self.spec.moves})) for lang in langs}
        return message_error(NotationError, "not_a_move", text=typed, game=game, words=words,
                      listing=listing)

    def _match(self, ms: MoveSpec, tokens: tuple[str, ...],
               template: tuple[str, ...] | None = None) -> dict[str, Any] | None:
        template = ms.template if template is None else template
        args = {a.name: a for a in ms.args}
        has_cards = any(a.kind == "cards" for a in ms.args)
        if len(tokens) != len(template) and not (has_cards and len(tokens) >= len(template)):
            return None
        binding: dict[str, Any] = {}
        for i, t in enumerate(template):
            if t[0] == "{" and t[-1] == "}":
                a = args[t[1:-1]]
                if a.kind == "cards":
                    codes = tokens[i:]
                    found = [self.game.cards_by_code.get(c) for c in codes]
                    if any(f is None for f in found):
                        return None
                    binding[a.name] = codes
                    return binding
                tok = tokens[i]
                if a.kind == "card":
                    if tok not in self.game.cards_by_code:
                        return None
                    binding[a.name] = tok
                elif a.kind == "seat":
                    if not tok.startswith("#seat"):
                        return None
                    binding[a.name] = int(tok[5:])
                else:
                    binding[a.name] = tok
            elif self._norm(t) != tokens[i]:
                return None
        return binding

    def _card_words(self, code: str) -> dict[str, str]:
        return {lang: self.game.card_word(code, lang) for lang in ("en", "fr")}

    @staticmethod
    def _first_words(ms: MoveSpec) -> dict[str, str]:
        return {lang: ms.notations.get(lang, ms.template)[0] for lang in ("en", "fr")}

    def _why_not(self, ms: MoveSpec, parsed: dict[str, Any]) -> dict[str, str]:
        """Why a parsed move is not legal now, in each language."""
        locals_: dict[str, Any] = {"me": self.turn_seat}
        ctx = Ctx(self, locals_)
        phase = self.vars.get("phase")
        if ms.phases is not None and phase not in ms.phases:
            return message_texts("wrong_phase", move=self._first_words(ms))
        for a in ms.args:
            want = parsed[a.name]
            raw = a.domain(ctx)
            raw = raw if isinstance(raw, list) else ([] if raw is None else [raw])
            if a.kind in ("card", "cards"):
                codes = [want] if a.kind == "card" else list(want)
                chosen = []
                me = self.turn_seat
                pool = [c for c in raw if not isinstance(c, CardDef) or self.sees(me, c)]
                if len(pool) < len(raw):  # typed by a code where some cards are hidden: one
                    return message_texts("by_place", listing=self._listing())  # sentence
                    # whether the card is there or not
                for code in codes:
                    hit = next((c for c in pool if isinstance(c, CardDef) and c.code == code),
                               None)
                    if hit is None:
                        zone = self.game.arg_zone.get(id(a))
                        if zone:
                            return message_texts("not_in_zone", card=self._card_words(code),
                                          zone=zone)
                        return message_texts("not_available", card=self._card_words(code))
                    pool.remove(hit)
                    chosen.append(hit)
                if a.kind == "cards" and not a.min <= len(chosen) <= a.max:
                    return message_texts("card_count", lo=a.min, hi=a.max)
                value: Any = chosen[0] if a.kind == "card" else chosen
                items = chosen
            else:
                if a.kind == "word":  # words are typed in any case
                    want = next((w for w in raw if str(w).lower() == str(want).lower()), want)
                if a.kind == "combo":  # a combo is typed by its id, in any case
                    want = next((c for c in raw if isinstance(c, ComboDef)
                                 and c.code.lower() == str(want).lower()), want)
                if want not in raw:
                    combo = next((c for c in self.spec.combos.values()
                                  if c.code.lower() == str(want).lower()), None)
                    if a.kind == "combo" and combo is not None:  # its cards are not all there
                        return message_texts("combo_missing", value=combo.code,
                                      cards=", ".join(combo.cards))
                    return message_texts("cannot_choose", value=self._token(want), arg=a.name)
                value = want
                items = [want]
            if a.where is not None:
                for x in items:
                    locals_["it"] = x
                    if not a.where(ctx):
                        if a.why:
                            return {k: f(ctx) for k, f in a.why.items()}
                        return message_texts("cannot_use", value=self._token(x),
                                      move=self._first_words(ms))
                locals_.pop("it", None)
            locals_[a.name] = value
        for r in ms.require:
            if not r.test(ctx):
                return {k: f(ctx) for k, f in r.why.items()}
        return message_texts("not_listed")

