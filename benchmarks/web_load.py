"""Many web tables at once, on loopback only: TABLES tables (served by a
process of their own) of Le Coffre et la Clé, each seat
played by its own websocket client choosing random legal moves from the buttons its page is
sent, until every game ends or the time is up. Prints moves per second, the latency of a move
(from sending it to the page's next screen) at the median and the 95th percentile, and checks
that nothing was lost: every move sent was played, and each game's save holds every move.

    python benchmarks/web_load.py                      # 20 tables x 6 clients, 60 s at most
    python benchmarks/web_load.py --tables 5 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import uvicorn  # noqa: E402
import websockets  # noqa: E402

import tabletop  # noqa: E402
from tabletop.web.app import make_app  # noqa: E402
from tabletop.web.table import WebTable  # noqa: E402


def serve_tables(tables: int, clients: int, folder: Path) -> None:
    """The server's side, in its own process: the tables, each on its own loopback port, all
    on one event loop; their addresses and secrets printed as JSON; served until stdin ends."""
    game = tabletop.load("coffre-et-cle")
    made = [WebTable(game.new_game(players=clients, seed=i), {}, "en", folder / f"t{i}.json")
            for i in range(tables)]
    socks, servers = [], []
    for table in made:
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        s.listen(64)
        socks.append(s)
        servers.append(uvicorn.Server(uvicorn.Config(make_app(table), log_level="warning",
                                                     access_log=False)))

    async def run() -> None:
        pairs = zip(servers, socks, strict=True)
        await asyncio.gather(*(srv.serve(sockets=[s]) for srv, s in pairs))

    threading.Thread(target=asyncio.run, args=(run(),), daemon=True).start()
    while not all(srv.started for srv in servers):
        time.sleep(0.05)
    print(json.dumps([[f"ws://127.0.0.1:{s.getsockname()[1]}", t.secrets]
                      for s, t in zip(socks, made, strict=True)]), flush=True)
    sys.stdin.read()  # until the benchmark closes it
    for srv in servers:
        srv.should_exit = True


async def client(url: str, secret: str, rng: random.Random, deadline: float,
                 latencies: list[float], sent: list[int]) -> None:
    async with websockets.connect(f"{url}/ws/{secret}", max_size=2**20) as ws:
        waiting: tuple[int, float] | None = None
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.01, deadline - time.monotonic()))
            except asyncio.TimeoutError:
                return
            msg = json.loads(raw)
            if msg["type"] != "screen":
                continue
            if waiting is not None and msg.get("at") != waiting[0]:
                latencies.append(time.monotonic() - waiting[1])
                waiting = None
            if msg["over"]:
                return
            if "moves" in msg and waiting is None:
                await ws.send(json.dumps({"move": [rng.randint(1, len(msg["moves"])),
                                                   msg["at"]]}))
                waiting = (msg["at"], time.monotonic())
                sent[0] += 1


async def main_async(args: argparse.Namespace) -> int:
    folder = Path(tempfile.mkdtemp(prefix="web-load-"))
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(folder),
                               "--tables", str(args.tables), "--clients", str(args.clients)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None and server.stdin is not None
    tables = json.loads(server.stdout.readline())
    latencies: list[float] = []
    sent = [0]
    start = time.monotonic()
    deadline = start + args.seconds
    try:
        await asyncio.gather(*(client(url, secrets[s], random.Random(i * 100 + s), deadline,
                                      latencies, sent)
                               for i, (url, secrets) in enumerate(tables)
                               for s in range(args.clients)))
    finally:
        elapsed = time.monotonic() - start
        server.stdin.close()
        server.wait(30)
    saves = [tabletop.restore((folder / f"t{i}.json").read_text()) for i in range(args.tables)]
    played = sum(st.move_count for st in saves)
    over = sum(st.is_over for st in saves)
    latencies.sort()

    def pct(p: float) -> float:
        return 1000 * latencies[min(len(latencies) - 1, int(p * len(latencies)))] \
            if latencies else float("nan")

    print(f"{args.tables} tables x {args.clients} clients, {elapsed:.1f} s: {played} moves "
          f"({played / elapsed:.0f} moves/s), {over} games ended; latency median "
          f"{pct(0.5):.1f} ms, p95 {pct(0.95):.1f} ms")
    # every move a client saw answered is in its game's save; none played that was not sent
    lost = played < len(latencies) or played > sent[0]
    print("nothing lost" if not lost else
          f"LOST: {sent[0]} moves sent, {len(latencies)} answered, {played} in the saves")
    return 1 if lost else 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.partition("\n\n")[0])
    p.add_argument("--tables", type=int, default=20)
    p.add_argument("--clients", type=int, default=6, help="seats (and clients) per table, 4-8")
    p.add_argument("--seconds", type=float, default=60.0, help="the most it runs")
    p.add_argument("--serve", help=argparse.SUPPRESS)  # the server's process
    args = p.parse_args()
    args.tables = max(1, min(args.tables, 100))
    args.clients = max(4, min(args.clients, 8))
    args.seconds = max(1.0, min(args.seconds, 300.0))
    if args.serve:
        serve_tables(args.tables, args.clients, Path(args.serve))
        return 0
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
