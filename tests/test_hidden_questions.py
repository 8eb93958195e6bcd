"""Nothing tells a seat what it cannot see, at any step of a game: in random games of every
shipped game, two deals that a seat cannot tell apart (the cards it never sees exchanged among
their places) give that seat the same game, move after move: whose decision it is, its view,
its legal moves and the question's prompt when it decides, and the log lines it is shown.

tests/test_views_hidden.py compares views at one moment (a world dealt anew from a view); this
test follows both deals through the same moves, so it also catches a question asked of some
seats only (Le Coffre et la Clé asked only the Treasure holder "designate or wait?": their turn
stayed open, the table saw one more prompt, the round counter and the locks lagged behind).

How the second deal is made: play game A to its end at random. For a seat S, the cards S never
sees until a late step K (neither in a zone it sees nor known to it, nor a card of that face
named in a line it reads: a card may be turned up and shuffled back within one move) are
exchanged among their places at the start, everything about a card going with its face (who
knows it, the effects that hold it), which gives deal B. A and B then play A's moves up to
step K; B stops earlier only when a move of A is not legal in B, a seat's own choice that its
hidden card allows (a Treasure holder's designation): the seat that makes it knows its card,
and what the others see of it is then the move itself.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import tabletop
from tabletop import registry
from tabletop.engine.state import Event, State
from tabletop.engine.views import place_cards
from tabletop.i18n.catalogue import text_of

GAMES = registry.games()


def seen_by(st: State, seat: int) -> set[int]:
    """The cards ``seat`` sees now: in the zones it sees, and those it knows."""
    out = set(st.known[seat])
    for key, ids in st.zones.items():
        if ids and st.visible(key, seat):
            out.update(ids)
    return out


def named_faces(game: tabletop.Game, events: list[Event], seat: int) -> set[str]:
    """The faces (card codes) that the lines of ``events`` shown to ``seat`` name, besides the
    cards revealed to it (which it knows, unless a shuffle in the same move made it forget)."""
    names = sorted({(text_of(c.name, "en"), c.code) for c in game.spec.cards},
                   key=lambda nc: -len(nc[0]))
    shuffled = any(e.kind == "shuffle" for e in events)
    out: set[str] = set()
    for e in events:
        if not e.visible_to(seat) or e.kind == "shuffle":
            continue
        if e.kind == "reveal" and not shuffled:
            continue
        out.update((e.data or {}).get("cards", []))
        text = e.text_in("en")
        for name, code in names:  # the longest first: "Fake Key" is not also a "Key"
            if name and re.search(rf"\b{re.escape(name)}\b", text):
                out.add(code)
                text = re.sub(rf"\b{re.escape(name)}\b", "", text)
    return out


def exchanged(st: State, cards: list[int], rng: random.Random) -> State | None:
    """A copy of ``st`` with the faces of ``cards`` exchanged among their places (each card's
    knowledge and the effects' hold on it going with its face); None if no face changes."""
    faces = [st.spec.cards[u].code for u in cards]
    for _ in range(20):
        new = cards[:]
        rng.shuffle(new)
        if any(st.spec.cards[u].code != f for u, f in zip(new, faces, strict=True)):
            break
    else:
        return None
    swap = dict(zip(cards, new, strict=True))
    b = st.copy()
    places = [(key, i) for key, ids in b.zones.items() for i, u in enumerate(ids) if u in swap]
    place_cards(b, places, [swap[b.zones[key][i]] for key, i in places])
    b.known = [{swap.get(u, u) for u in k} for k in st.known]
    b._legal = None
    return b


def shown(st: State, seat: int) -> dict[str, Any]:
    """Everything the table shows ``seat`` now: whose decision it is, its view, and when it
    decides its moves and the question's prompt, in English and French."""
    out: dict[str, Any] = {"over": st.is_over, "deciding": st.current_player,
                           "view": st.view(seat)}
    if st.current_player == seat:
        out["moves"] = [(st.move_text(m, "en"), st.move_text(m, "fr"))
                        for m in st.legal_moves()]
        out["prompt"] = (st.prompt("en"), st.prompt("fr"))
    return out


def lines(events: list[Event], seat: int) -> list[tuple[Any, ...]]:
    """The log lines of ``events`` that ``seat`` is shown."""
    return [(e.kind, e.seat, e.text_in("en"), e.text_in("fr")) for e in events
            if e.visible_to(seat)]


def deals_a_seat_cannot_tell_apart(game: tabletop.Game, seed: int, players: int,
                                   options: dict[str, str] | None = None
                                   ) -> list[tuple[int, State, State, list[str]]]:
    """Play one random game; for each seat S, the start of that game, a deal S cannot tell
    apart from it, and the moves to follow both through (up to the latest step at which two
    cards S has not seen differ in face): (S, start, other deal, moves)."""
    rng = random.Random(seed)
    start = game.new_game(players=players, seed=seed, options=options)
    a = start.copy()
    moves: list[str] = []
    seen: list[list[set[int]]] = [[seen_by(a, s)] for s in range(players)]
    faces: list[set[str]] = [set() for _ in range(players)]
    while not a.is_over:
        m = rng.choice(a.legal_moves())
        moves.append(m.text)
        events = a.play(m)
        for s in range(players):
            faces[s] |= named_faces(game, events, s)
            seen[s].append(seen[s][-1] | seen_by(a, s) | {
                c.uid for c in game.spec.cards if c.code in faces[s]})
    out = []
    hidden_at_start = [{u for ids in start.zones.values() for u in ids} - seen[s][0]
                       for s in range(players)]
    for s in range(players):
        # the latest step before the end at which two unseen cards differ in face
        for k in range(len(moves) - 1, 0, -1):
            unseen = sorted(hidden_at_start[s] - seen[s][k])
            if len({start.spec.cards[u].code for u in unseen}) > 1:
                break
        else:
            continue
        b = exchanged(start, unseen, random.Random(seed * 100 + s))
        if b is not None:
            out.append((s, start, b, moves[:k]))
    return out


def same_game_for_each_seat(game: tabletop.Game, seed: int, players: int,
                            options: dict[str, str] | None = None) -> int:
    """Play one random game, then for each seat follow a deal it cannot tell apart through the
    same moves, comparing what it is shown. Returns the number of steps compared."""
    compared = 0
    for s, start, b, moves in deals_a_seat_cannot_tell_apart(game, seed, players, options):
        a = start.copy()
        where = f"{game.id}, {players} players, seed {seed}, seat {s + 1}"
        for i, text in enumerate(moves):
            sa, sb = shown(a, s), shown(b, s)
            assert sa == sb, (
                f"{where}: after {moves[:i]}, seat {s + 1} is shown something else when the "
                f"cards it cannot see are dealt otherwise:\n{_diff(sa, sb)}")
            if text not in {m.text for m in b.legal_moves()}:
                break  # the mover's own choice, which its hidden card allows
            ea, eb = a.play(text), b.play(text)
            assert lines(ea, s) == lines(eb, s), (
                f"{where}: after {moves[:i + 1]}, seat {s + 1} reads other log lines when the "
                f"cards it cannot see are dealt otherwise:\n{lines(ea, s)}\n{lines(eb, s)}")
            compared += 1
    return compared


def _diff(a: dict[str, Any], b: dict[str, Any]) -> str:
    out = []
    for k in a:
        if a[k] != b.get(k):
            if isinstance(a[k], dict):
                out += [f"  {k}.{x}: {a[k][x]!r} / {b[k].get(x)!r}" for x in a[k]
                        if a[k][x] != b[k].get(x)]
            else:
                out.append(f"  {k}: {a[k]!r} / {b.get(k)!r}")
    return "\n".join(out)


@pytest.mark.parametrize("gid", GAMES)
def test_deals_a_seat_cannot_tell_apart_play_the_same_for_it(gid: str) -> None:
    game = registry.load(gid)
    low, high = game.spec.min_players, min(game.spec.max_players, 5)
    compared = 0
    for seed in range(4):
        players = low + seed % (high - low + 1)
        compared += same_game_for_each_seat(game, seed, players)
    assert compared > 0


def test_coffre_et_cle_over_many_games() -> None:
    # the game whose question was asked of one seat only: more games, every table size
    game = registry.load("coffre-et-cle")
    options = [{}, {"look": "never"}, {"force_pick": "forced", "forced_lock": "yes"},
               {"neutrals": "spare", "final_win": "neutrals"}]
    compared = 0
    for seed in range(40):
        compared += same_game_for_each_seat(game, seed, 4 + seed % 5, options[seed % 4])
    assert compared > 1000
