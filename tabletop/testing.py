"""Checks every game shares: random-play invariants and golden playthroughs.

Regenerate a golden file after a deliberate rule change::

    python -m tabletop.testing golden scoundrel --seed 1 > tests/golden/scoundrel.txt
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Mapping
from typing import Any

from tabletop.engine.game import Game
from tabletop.engine.state import State
from tabletop.registry import load, restore


class InvariantError(AssertionError):
    """A random game broke one of the engine's promises."""


def check_cards(state: State) -> None:
    """Every card of the game is in exactly one zone."""
    seen: list[int] = []
    for ids in state.zones.values():
        seen.extend(ids)
    total = len(state.spec.cards)
    if sorted(seen) != list(range(total)):
        raise InvariantError(f"{state.spec.id}: {len(seen)} cards in zones, expected each of "
                             f"{total} exactly once")


def check_views(state: State) -> None:
    """Every seat's view, and the public one, is JSON."""
    for seat in [None, *range(state.players)]:
        json.dumps(state.view(seat))


def check_roundtrip(state: State) -> None:
    """Save -> restore gives the same legal moves, views and outcome."""
    again = restore(state.to_json())
    if [m.text for m in again.legal_moves()] != [m.text for m in state.legal_moves()]:
        raise InvariantError(f"{state.spec.id}: legal moves differ after restore")
    for seat in range(state.players):
        if again.view(seat) != state.view(seat):
            raise InvariantError(f"{state.spec.id}: view of seat {seat} differs after restore")
    if again.outcome != state.outcome or again.current_player != state.current_player:
        raise InvariantError(f"{state.spec.id}: outcome or seat to move differs after restore")


def check_every_step(game: Game | str, seed: int, players: int = 1,
                     options: Mapping[str, Any] | None = None) -> State:
    """One random game checked at every step: save -> restore gives the same position, and a
    copy given the same move by its notation stays equal to the original."""
    g = load(game) if isinstance(game, str) else game
    rng = random.Random(seed)
    st = g.new_game(players=players, seed=seed, options=options)
    while not st.is_over:
        check_roundtrip(st)
        twin = st.copy()
        move = rng.choice(st.legal_moves())
        st.play(move)
        twin.play(move.text)
        for seat in range(players):
            if twin.view(seat) != st.view(seat):
                raise InvariantError(f"{g.id} seed {seed}: a copy differs after {move.text}")
        if twin.outcome != st.outcome:
            raise InvariantError(f"{g.id} seed {seed}: a copy ends differently")
    return st


def replay(state: State) -> State:
    """The same game played again from its seed, options, deck and move list."""
    fresh = state.game.new_game(players=state.players, seed=state.seed, options=state.options,
                                deck=state.deck, names=state.names, first=state.forced_first)
    for text in state.history:
        fresh.play(text)
    return fresh


def random_game(game: Game | str, seed: int, players: int = 1,
                options: Mapping[str, Any] | None = None,
                check: Callable[[State], None] | None = None,
                roundtrip_every: int = 0) -> State:
    """Play one game with uniformly random legal moves, checking the engine's invariants
    after every move (and ``check``, the game's own invariants, if given)."""
    g = load(game) if isinstance(game, str) else game
    rng = random.Random(seed)
    state = g.new_game(players=players, seed=seed, options=options)
    steps = 0
    while True:
        legal = state.legal_moves()
        if state.is_over:
            if legal:
                raise InvariantError(f"{g.id} seed {seed}: legal moves after the end")
            if state.current_player is not None:
                raise InvariantError(f"{g.id} seed {seed}: a seat to move after the end")
            break
        if not legal:
            raise InvariantError(f"{g.id} seed {seed}: no legal move but the game is not over")
        if state.current_player is None:
            raise InvariantError(f"{g.id} seed {seed}: nobody to move in a live game")
        if roundtrip_every and steps % roundtrip_every == 0:
            check_roundtrip(state)
        move = rng.choice(legal)
        state.play(move)
        steps += 1
        if steps > g.spec.max_moves + 1:
            raise InvariantError(f"{g.id} seed {seed}: more than {g.spec.max_moves} moves")
        check_cards(state)
        if check is not None:
            check(state)
    outcome = state.outcome
    assert outcome is not None
    bounds = g.spec.score_bounds
    if bounds is not None:
        for s in outcome.scores:
            if not bounds[0] <= s <= bounds[1]:
                raise InvariantError(f"{g.id} seed {seed}: score {s} outside {bounds}")
    if outcome.name == "limit":
        raise InvariantError(f"{g.id} seed {seed}: hit the move limit {g.spec.max_moves}")
    outcome.reason_in("en")  # written when first read (effects._reasons_later): shows a mistake
    check_views(state)
    return state


def playthrough(game: Game | str, seed: int, players: int = 1,
                options: Mapping[str, Any] | None = None) -> str:
    """A readable record of one seeded random game: each view, the seat to move, the legal
    moves, the move played and its events. Golden files hold this text."""
    g = load(game) if isinstance(game, str) else game
    rng = random.Random(seed)
    state = g.new_game(players=players, seed=seed, options=options)
    out = [f"game: {g.id}", f"seed: {seed}", f"players: {players}",
           f"options: {json.dumps(state.options, sort_keys=True)}", ""]
    n = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_moves()
        move = rng.choice(legal)
        out.append(f"# {n}  seat {seat + 1} to move")
        out.append(f"view: {json.dumps(state.view(seat), ensure_ascii=False, sort_keys=True)}")
        out.append(f"legal: {' | '.join(m.text for m in legal)}")
        out.append(f"play: {move.text}")
        for e in state.play(move):
            if e.private_to is None:
                out.append(f"  {e.kind}: {e.text_in('en')}")
        n += 1
    o = state.outcome
    assert o is not None
    out.append(f"end: {o.name}; winners {[w + 1 for w in o.winners]}; scores {list(o.scores)}; "
               f"{o.reason}")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tabletop.testing")
    sub = p.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("golden", help="print a golden playthrough")
    g.add_argument("game")
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--players", type=int, default=1)
    g.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    a = p.parse_args(argv)
    opts = dict(o.split("=", 1) for o in a.option)
    sys.stdout.write(playthrough(a.game, a.seed, a.players, opts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
