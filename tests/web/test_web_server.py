"""The web table over HTTP and its websocket (Starlette's test client): every shipped game
played to its end by a person on their page against bots; a wrong secret gets a 403 and
nothing of the game; a seat plays only as itself and when it is asked; messages are
size-limited and checked; a move that is not legal gets the table's sentence; a reload comes
back to the same seat; the table screen gives a seat that left to a bot; Ctrl-C's save
resumes with play --load."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

import tabletop  # noqa: E402
from tabletop import registry  # noqa: E402
from tabletop.bots import make_bot  # noqa: E402
from tabletop.web.app import MAX_MESSAGE, make_app  # noqa: E402
from tabletop.web.table import WebTable  # noqa: E402


def make_table(tmp_path: Path, game: str = "deck-menteur", players: int = 3,
               bots: dict[int, str] | None = None, seed: int = 1, lang: str = "en",
               names: list[str] | None = None) -> WebTable:
    st = registry.load(game).new_game(players=players, seed=seed, names=names)
    made = {s: make_bot(kind, seed=s) for s, kind in (bots or {}).items()}
    st.meta["seats"] = [f"{s + 1}=bot:{kind}" for s, kind in sorted((bots or {}).items())]
    return WebTable(st, made, lang, tmp_path / "game.json")


def until(ws: Any, pred: Any, most: int = 500) -> dict[str, Any]:
    for _ in range(most):
        msg: dict[str, Any] = ws.receive_json()
        if pred(msg):
            return msg
    raise AssertionError("the page never got the message awaited")


def screen(msg: dict[str, Any]) -> bool:
    return msg["type"] == "screen"


@pytest.mark.parametrize("gid", registry.games())
def test_a_whole_game_over_the_websocket_against_bots(gid: str, tmp_path: Path) -> None:
    game = registry.load(gid)
    players = max(game.spec.min_players, min(2, game.spec.max_players))
    table = make_table(tmp_path, gid, players, {s: "random" for s in range(1, players)}, seed=3)
    rng = random.Random(3)
    moves = 0
    with TestClient(make_app(table)) as client, \
            client.websocket_connect(f"/ws/{table.secrets[0]}") as ws:
        while True:
            msg = until(ws, lambda m: screen(m) and (m["over"] or "moves" in m))
            if msg["over"]:
                break
            ws.send_json({"move": [rng.randint(1, len(msg["moves"])), msg["at"]]})
            moves += 1
            assert moves < 3000
    assert table.state.is_over and moves > 0
    assert msg["replay"].count("tabletop play")  # the end says how to play it again
    saved = tabletop.restore((tmp_path / "game.json").read_text())
    assert saved.is_over and saved.history == table.state.history  # saved after every move


def test_a_missing_or_wrong_secret_gets_403_and_nothing_of_the_game(tmp_path: Path) -> None:
    table = make_table(tmp_path, names=["Ana", "Ben", "Zoé"])
    with TestClient(make_app(table)) as client:
        for path in ("/", "/seat/", "/seat/nope", f"/seat/{table.secrets[0]}x",
                     f"/table/{table.secrets[0][:-1]}", "/rules/nope", "/ws/nope"):
            r = client.get(path)
            assert r.status_code in (403, 404), path
            assert "Ana" not in r.text and "Deck" not in r.text
        with pytest.raises(WebSocketDisconnect) as e, client.websocket_connect("/ws/forged"):
            pass
        assert e.value.code == 1008
        assert client.get(f"/seat/{table.secrets[1]}").status_code == 200
        assert client.get(f"/rules/{table.table_secret}?lang=fr").status_code == 200
        # another site's page may not open a seat's socket, even with the secret
        with pytest.raises(WebSocketDisconnect), client.websocket_connect(
                f"/ws/{table.secrets[0]}", headers={"origin": "http://evil.example"}):
            pass


def test_a_seat_plays_only_as_itself_and_when_asked(tmp_path: Path) -> None:
    table = make_table(tmp_path, names=["Ana", "Ben", "Zoé"])
    first = table.state.current_player
    other = (first + 1) % 3
    with TestClient(make_app(table)) as client, \
            client.websocket_connect(f"/ws/{table.secrets[other]}") as ws, \
            client.websocket_connect(f"/ws/{table.table_secret}") as tv:
        msg = until(ws, screen)
        assert "moves" not in msg and msg["status"] == f"Waiting for {table.state.seat_name(first)}"
        legal = table.state.legal_moves()
        ws.send_json({"text": legal[0].text})
        err = until(ws, lambda m: m["type"] == "error")
        name = table.state.seat_name(first)
        assert err["text"] == f"It is not your decision now: {name} decides."
        ws.send_json({"move": [1, table.state.move_count]})
        assert until(ws, lambda m: m["type"] == "error")["text"].startswith("It is not your")
        until(tv, screen)
        tv.send_json({"move": [1, table.state.move_count]})  # the table screen plays no seat
        assert until(tv, lambda m: m["type"] == "error")["text"].startswith("That message")
        assert table.state.move_count == 0


def test_messages_are_checked_and_an_illegal_move_gets_the_tables_sentence(
        tmp_path: Path) -> None:
    table = make_table(tmp_path, names=["Ana", "Ben", "Zoé"], lang="fr")
    me = table.state.current_player
    with TestClient(make_app(table)) as client, \
            client.websocket_connect(f"/ws/{table.secrets[me]}") as ws:
        msg = until(ws, screen)
        assert msg["lang"] == "fr" and msg["moves"]
        errors = []
        for bad in ("not json", json.dumps([1, 2]), json.dumps({"move": "1"}),
                    json.dumps({"move": [True, 0]}), json.dumps({"lang": "de"}),
                    json.dumps({"text": "x" * 300}), "x" * (MAX_MESSAGE + 1),
                    json.dumps({"move": [99, msg["at"]]}), json.dumps({"text": "poser 2Z"}),
                    json.dumps({"text": " \x1b "}), json.dumps({"text": "\x1b[31m"})):
            ws.send_text(bad)
            errors.append(until(ws, lambda m: m["type"] == "error")["text"])
        assert errors[0].startswith("Ce message n'a pas été compris")
        assert errors[5] == "Ce message est trop long (200 caractères au plus)."
        assert errors[6].startswith("Ce message est trop long")
        assert errors[7].startswith("Il n'y a pas de coup 99")
        try:
            table.state.copy().play("poser 2Z")
        except tabletop.TabletopError as e:
            assert errors[8] == e.in_lang("fr")  # the very sentence of the terminal
        assert errors[9].startswith("Tapez un coup")
        assert "\x1b" not in errors[10]  # what was typed is shown back without control codes
        assert table.state.move_count == 0
        ws.send_json({"lang": "en"})  # each seat picks its language
        assert until(ws, screen)["status"] == "Your decision"
        ws.send_json({"move": [1, msg["at"] + 5]})  # a list that is no longer the table's
        assert until(ws, lambda m: m["type"] == "error")["text"].startswith("The table changed")
        ws.send_json({"text": "1"})
        until(ws, lambda m: screen(m) and m.get("at") != msg["at"])
        assert table.state.move_count == 1


def test_a_reload_comes_back_to_the_same_seat_and_question(tmp_path: Path) -> None:
    table = make_table(tmp_path, "arcane-arena", 3, names=["Ana", "Ben", "Zoé"], seed=2)
    with TestClient(make_app(table)) as client:
        me = table.state.current_player
        with client.websocket_connect(f"/ws/{table.secrets[me]}") as ws:
            first = until(ws, lambda m: screen(m) and "moves" in m)
            ws.send_json({"lang": "fr"})
            until(ws, screen)
        with client.websocket_connect(f"/ws/{table.secrets[me]}") as ws:  # the page reloaded
            again = until(ws, screen)
        assert again["lang"] == "fr" and again["me"] == first["me"]
        assert len(again["moves"]) == len(first["moves"]) and again["at"] == first["at"]


def test_the_table_screen_gives_a_seat_that_left_to_a_bot(tmp_path: Path) -> None:
    table = make_table(tmp_path, names=["Ana", "Ben", "Zoé"])
    first = table.state.current_player
    with TestClient(make_app(table)) as client, \
            client.websocket_connect(f"/ws/{table.table_secret}") as tv:
        with client.websocket_connect(f"/ws/{table.secrets[first]}"):
            tv_msg = until(tv, lambda m: screen(m) and not m["seats"][first]["away"])
            tv.send_json({"bot": first})  # connected: not given away
            assert until(tv, lambda m: m["type"] == "error")["text"].endswith("given to a bot.")
        until(tv, lambda m: screen(m) and m["seats"][first]["away"])
        tv.send_json({"bot": first})
        tv_msg = until(tv, lambda m: screen(m) and m["seats"][first]["state"].startswith("a bot"))
        assert "moves" not in tv_msg  # the table screen is never asked a move
        until(tv, lambda m: table.state.move_count > 0)
        assert f"{first + 1}=bot:greedy" in table.state.meta["seats"]
        with client.websocket_connect(f"/ws/{table.secrets[first]}") as ws:  # back again
            assert until(ws, screen)["bot"] == "A bot plays this seat now."
            ws.send_json({"back": True})
            until(ws, lambda m: screen(m) and "bot" not in m)
        assert first not in table.bots and table.state.meta["seats"] == []


def test_the_save_resumes_with_play_load(tmp_path: Path) -> None:
    table = make_table(tmp_path, names=["Ana", "Ben", "Zoé"], bots={2: "random"})
    me = table.state.current_player
    with TestClient(make_app(table)) as client, \
            client.websocket_connect(f"/ws/{table.secrets[me]}") as ws:
        msg = until(ws, lambda m: screen(m) and "moves" in m)
        ws.send_json({"move": [1, msg["at"]]})
        until(ws, lambda m: screen(m) and m.get("at") != msg["at"])
    back = tabletop.restore((tmp_path / "game.json").read_text())
    assert back.history == table.state.history and back.meta["seats"] == ["3=bot:random"]


def test_serve_prints_a_link_per_seat_and_ctrl_c_saves(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys

    import httpx

    env = {**os.environ, "TABLETOP_SAVE_DIR": str(tmp_path), "PYTHONUNBUFFERED": "1"}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parent.parent.parent)
    proc = subprocess.Popen(
        [sys.executable, "-m", "tabletop", "serve", "deck-menteur", "--players", "Ana,Ben,Zoé",
         "--seat", "3=bot:random", "--port", "0", "--lang", "fr"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    assert proc.stdout is not None
    lines = []
    try:
        while not lines or not lines[-1].startswith("La table est ouverte"):
            line = proc.stdout.readline()
            assert line, "".join(lines)
            lines.append(line.rstrip("\n"))
        ana, ben, zoe, table = lines[:4]
        assert ana.startswith("Ana http://127.0.0.1:") and "/seat/" in ana
        assert ben.startswith("Ben http://127.0.0.1:") and ana.split()[1] != ben.split()[1]
        assert zoe == "Zoé robot au hasard" and table.startswith("table http://127.0.0.1:")
        assert any("▀" in x or "█" in x for x in lines)  # the QR codes
        url = ana.split()[1]
        assert httpx.get(url).status_code == 200
        assert httpx.get(url[:-3] + "abc").status_code == 403
        port = int(url.split(":")[2].split("/")[0])
        out = subprocess.run(  # the same port again: one sentence
            [sys.executable, "-m", "tabletop", "serve", "deck-menteur", "--port", str(port),
             "--no-qr"], capture_output=True, text=True, env=env, timeout=60)
        assert out.returncode == 2 and f"Cannot open the table on 127.0.0.1:{port}" in out.stdout
        assert "Traceback" not in out.stdout + out.stderr
    finally:
        proc.send_signal(signal.SIGINT)
        rest = proc.communicate(timeout=30)[0]
    assert "Partie sauvegardée dans" in rest and "tabletop serve --load" in rest
    saved = next(tmp_path.glob("deck-menteur-*.json"))
    back = tabletop.restore(saved.read_text())
    assert list(back.names) == ["Ana", "Ben", "Zoé"] and back.meta["seats"] == ["3=bot:random"]


def test_a_host_that_is_not_this_computers_is_one_sentence(tmp_path: Path,
                                                           capsys: Any) -> None:
    from tabletop.cli import main

    code = main(["serve", "deck-menteur", "--host", "nowhere.invalid", "--no-qr", "--lang", "fr",
                 "--save", str(tmp_path / "x.json")])
    out = " ".join(capsys.readouterr().out.split())
    assert code == 2 and "Impossible d'ouvrir la table sur nowhere.invalid" in out
    assert "--host 127.0.0.1" in out and not (tmp_path / "x.json").exists()
