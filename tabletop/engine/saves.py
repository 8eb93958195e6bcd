"""The save format: a game as JSON text (``to_json``) and back (``from_data``). Saves written by
earlier versions load: a field added since is read with a default when absent. A save is
believed only when its moves replay to it (``registry.restore``); the file on disk is
savefiles.py's."""

from __future__ import annotations

import json
from typing import Any, TypeVar

from tabletop.engine.base import StateBase
from tabletop.errors import SaveFileError
from tabletop.lang.cards import CardDef, ComboDef
from tabletop.rules.values import (
    SAVE_FORMAT,
    SAVE_VERSION,
    Event,
    Frame,
    Outcome,
    Pending,
    message_error,
)

_S = TypeVar("_S", bound=StateBase)


def _encode(v: Any) -> Any:
    """A local or var value as save-file data."""
    if isinstance(v, CardDef):
        return {"$card": v.uid}
    if isinstance(v, ComboDef):
        return {"$combo": v.code}
    if isinstance(v, list | tuple):
        return [_encode(x) for x in v]
    return v


def _answer_words(v: Any) -> dict[str, dict[str, tuple[str, ...]]]:
    """A waiting question's words as a save holds them: a list of texts per language (a save
    made before an answer had several words holds one text)."""
    return {k: {lang: (t,) if isinstance(t, str) else tuple(t) for lang, t in w.items()}
            for k, w in v.items()}


def _decode(v: Any, cards: tuple[CardDef, ...],
            combos: dict[str, ComboDef] | None = None) -> Any:
    if isinstance(v, dict) and "$card" in v:
        return cards[v["$card"]]
    if isinstance(v, dict) and "$combo" in v:
        return (combos or {})[v["$combo"]]
    if isinstance(v, list):
        return [_decode(x, cards, combos) for x in v]
    return v



class Saving(StateBase):
    """The part of State that saves and restores it."""

    def to_json(self) -> str:
        """The whole game as JSON text; tabletop.restore() gives it back exactly."""
        local_tables: list[dict[str, Any]] = []
        index: dict[int, int] = {}
        frames = []
        for f in self.frames:
            if id(f.locals) not in index:
                index[id(f.locals)] = len(local_tables)
                local_tables.append(f.locals)
            frames.append([f.block.id, f.index, index[id(f.locals)]])
        rng = self.rng.getstate()
        data = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.spec.id,
            "source": self.game.source_ref,
            "players": self.players,
            "names": self.names,
            "options": self.options,
            "seed": self.seed,
            "deck": self.deck,
            "first": self.forced_first,
            "moves": self.history,
            "meta": self.meta,
            "state": {
                "zones": self.zones,
                "vars": {k: _encode(v) for k, v in self.vars.items()},
                "known": [sorted(k) for k in self.known],
                **({"marks": [[s, uid, {k: _encode(v) for k, v in m.items()}]
                              for (s, uid), m in sorted(self.marks.items())]}
                   if self.marks else {}),
                "out": sorted(self.out),
                "turn_seat": self.turn_seat,
                "first_seat": self.first_seat,
                "turn": self.turn,
                "round": self.round,
                "pending": None if self.pending is None else {
                    "seat": self.pending.seat, "var": self.pending.var,
                    "options": _encode(self.pending.options),
                    "notation": list(self.pending.notation),
                    "pass": list(self.pending.pass_notation),
                    "optional": self.pending.optional, "prompt": self.pending.prompt,
                    "seats": self.pending.seats,
                    "notations": {k: list(v) for k, v in self.pending.notations.items()},
                    "passes": {k: list(v) for k, v in self.pending.passes.items()},
                    "words": {k: {lang: list(t) for lang, t in w.items()}
                              for k, w in self.pending.words.items()}},
                "frames": frames,
                "locals": [{k: _encode(v) for k, v in t.items()} for t in local_tables],
                "turn_log": [list(t) for t in self.turn_log],
                "log": [e.to_dict() for e in self.log],
                "outcome": None if self.outcome is None else {
                    "winners": list(self.outcome.winners), "scores": list(self.outcome.scores),
                    "reason": self.outcome.reason, "name": self.outcome.name,
                    "reasons": self.outcome.reasons},
                "rng": [rng[0], list(rng[1]), rng[2]],
            },
        }
        return json.dumps(data, ensure_ascii=False)

    @classmethod
    def from_data(cls: type[_S], game: Any, data: dict[str, Any]) -> _S:
        """Rebuild a state from to_json() data.

        :raises SaveFileError: the data is not a tabletop save of this game.
        """
        try:
            st = cls(game)
            st.players = int(data["players"])
            st.names = list(data["names"])
            st.options = dict(data["options"])
            st.seed = data["seed"]
            st.deck = data["deck"]
            st.forced_first = data.get("first")
            st.history = list(data["moves"])
            st.meta = dict(data.get("meta") or {})
            s = data["state"]
            cards = game.spec.cards
            st.zones = {k: list(v) for k, v in s["zones"].items()}
            st.where = [""] * len(cards)
            for k, ids in st.zones.items():
                for i in ids:
                    st.where[i] = k
            combos = game.spec.combos
            st.vars = {k: _decode(v, cards, combos) for k, v in s["vars"].items()}
            st.known = [set(k) for k in s["known"]]
            st.marks = {(int(seat), int(uid)): {k: _decode(v, cards, combos) for k, v in m.items()}
                        for seat, uid, m in s.get("marks", [])}
            st.out = set(s["out"])
            st.turn_seat = s["turn_seat"]
            st.first_seat = s["first_seat"]
            st.turn = s["turn"]
            st.round = s["round"]
            p = s["pending"]
            if p is not None:
                st.pending = Pending(p["seat"], p["var"], _decode(p["options"], cards, combos),
                                     tuple(p["notation"]), tuple(p["pass"]), p["optional"],
                                     p["prompt"], bool(p.get("seats", False)),
                                     {k: tuple(v) for k, v in p.get("notations", {}).items()},
                                     {k: tuple(v) for k, v in p.get("passes", {}).items()},
                                     _answer_words(p.get("words", {})))
            tables = [{k: _decode(v, cards, combos) for k, v in t.items()}
                      for t in s["locals"]]
            blocks = game.all_blocks
            st.frames = [Frame(blocks[b], i, tables[t]) for b, i, t in s["frames"]]
            st.turn_log = [(int(a), str(b), int(c), int(d)) for a, b, c, d in s["turn_log"]]
            st.log = [Event.from_dict(e) for e in s["log"]]
            o = s["outcome"]
            if o is not None:
                st.outcome = Outcome(tuple(o["winners"]), tuple(o["scores"]), o["reason"],
                                     o.get("name", ""), o.get("reasons", {}))
            r = s["rng"]
            st.rng.setstate((r[0], tuple(r[1]), r[2]))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError,
                RecursionError) as e:
            why = "nested too deeply" if isinstance(e, RecursionError) else repr(e)[:120]
            raise message_error(SaveFileError, "save_damaged", why=why) from None
        return st

