"""Many web tables at once, on loopback only: TABLES tables of Le Coffre et la Clé, each seat
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


def start_servers(tables: list[WebTable]) -> tuple[list[str], list[uvicorn.Server]]:
    """Every table served on its own loopback port, all on one event loop in a thread."""
    socks, servers = [], []
    for table in tables:
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
    return [f"ws://127.0.0.1:{s.getsockname()[1]}" for s in socks], servers


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
    game = tabletop.load("coffre-et-cle")
    tables = [WebTable(game.new_game(players=args.clients, seed=i), {}, "en",
                       folder / f"t{i}.json") for i in range(args.tables)]
    urls, servers = start_servers(tables)
    latencies: list[float] = []
    sent = [0]
    start = time.monotonic()
    deadline = start + args.seconds
    await asyncio.gather(*(client(url, table.secrets[s], random.Random(i * 100 + s), deadline,
                                  latencies, sent)
                           for i, (url, table) in enumerate(zip(urls, tables, strict=True))
                           for s in range(args.clients)))
    elapsed = time.monotonic() - start
    for srv in servers:
        srv.should_exit = True
    played = sum(t.state.move_count for t in tables)
    over = sum(t.state.is_over for t in tables)
    saved = sum(tabletop.restore(Path(t.save_path).read_text()).move_count for t in tables)
    latencies.sort()

    def pct(p: float) -> float:
        return 1000 * latencies[min(len(latencies) - 1, int(p * len(latencies)))] \
            if latencies else float("nan")

    print(f"{args.tables} tables x {args.clients} clients, {elapsed:.1f} s: {played} moves "
          f"({played / elapsed:.0f} moves/s), {over} games ended; latency median "
          f"{pct(0.5):.1f} ms, p95 {pct(0.95):.1f} ms")
    lost = played != saved or sent[0] < played
    print("nothing lost" if not lost else
          f"LOST: {sent[0]} moves sent, {played} played, {saved} in the saves")
    return 1 if lost else 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.partition("\n\n")[0])
    p.add_argument("--tables", type=int, default=20)
    p.add_argument("--clients", type=int, default=6, help="seats (and clients) per table, 4-8")
    p.add_argument("--seconds", type=float, default=60.0, help="the most it runs")
    args = p.parse_args()
    args.tables = max(1, min(args.tables, 100))
    args.clients = max(4, min(args.clients, 8))
    args.seconds = max(1.0, min(args.seconds, 300.0))
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
