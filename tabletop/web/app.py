"""The web table's HTTP side (Starlette): a seat's page, the table screen, the rules page, the
page's script and style, and a websocket per open page. Every path that touches the game
carries a secret (tabletop/web/table.py); without the right one the answer is a 403 and a
sentence, nothing of the game. Every message a page sends is size-limited and checked."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from tabletop.bots import decide
from tabletop.i18n.catalogue import LANGS
from tabletop.i18n.table import t
from tabletop.web.table import COLUMNS, TABLE, Screen, WebTable

MAX_MESSAGE = 1024  # bytes: the longest message a page may send (a move is a few dozen)
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",  # a seat's secret never leaves in a Referer
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": ("default-src 'none'; script-src 'self'; connect-src 'self'; "
                                "style-src 'self' 'unsafe-inline'; img-src 'self'; "
                                "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
}
STATIC = {"page.js": "text/javascript", "page.css": "text/css"}


def _static(name: str) -> str:
    return resources.files("tabletop.web").joinpath("static").joinpath(name).read_text("utf-8")


def _lang(request: Request, table: WebTable, seat: int) -> str:
    asked = request.query_params.get("lang")
    return asked if asked in LANGS else table.lang_of(seat)


def _forbidden(lang: str) -> Response:
    return PlainTextResponse(t(lang, "forbidden"), status_code=403, headers=HEADERS)


def make_app(table: WebTable, bot_pause: float = 0.0) -> Starlette:
    """The ASGI application serving ``table``; bots wait ``bot_pause`` seconds before each
    move (people can follow them, and a bot's thinking time says nothing of its cards)."""
    bots = BotRunner(table, bot_pause)

    async def page(request: Request) -> Response:
        seat = table.seat_of(request.path_params["secret"])
        if seat is None:
            return _forbidden(table.lang)
        html = _static("page.html").replace("{lang}", table.lang_of(seat))
        html = html.replace("{kind}", "table" if seat == TABLE else "seat")
        return HTMLResponse(html, headers=HEADERS)

    async def rules(request: Request) -> Response:
        seat = table.seat_of(request.path_params["secret"])
        if seat is None:
            return _forbidden(table.lang)
        lang = _lang(request, table, seat)
        asked = request.query_params.get("columns", "")
        columns = int(asked) if asked.isdecimal() and len(asked) < 4 else 80
        body = table.rules_html(lang, max(COLUMNS[0], min(COLUMNS[1], columns)))
        html = (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
                '<meta name="viewport" content="width=device-width, initial-scale=1">'
                '<link rel="stylesheet" href="/static/page.css"></head>'
                f'<body class="rules">{body}</body></html>')
        return HTMLResponse(html, headers=HEADERS)

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            return PlainTextResponse("", status_code=404, headers=HEADERS)
        return Response(_static(name), media_type=STATIC[name], headers=HEADERS)

    async def refuse(request: Request) -> Response:
        return _forbidden(table.lang)

    async def socket(ws: WebSocket) -> None:
        seat = table.seat_of(ws.path_params["secret"])
        if seat is None or not _same_origin(ws):
            await ws.close(code=1008)  # before accepting: the handshake is answered 403
            return
        await ws.accept()
        queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        screen = Screen(seat, queue.put_nowait, table.lang_of(seat))
        sender = asyncio.create_task(_send_all(ws, queue))
        table.attach(screen)
        bots.wake()
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                if raw is None:
                    raw = (message.get("bytes") or b"").decode("utf-8", "replace")
                if len(raw.encode("utf-8")) > MAX_MESSAGE:
                    screen.send({"type": "error",
                                 "text": t(screen.lang, "too_long", most=MAX_MESSAGE)})
                    continue
                try:
                    data = json.loads(raw)
                except ValueError:
                    data = None
                table.receive(screen, data)
                bots.wake()
        except WebSocketDisconnect:
            pass
        finally:
            table.detach(screen)
            queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await sender
            bots.wake()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        bots.wake()
        try:
            yield
        finally:
            await bots.stop()

    routes = [Route("/", refuse), Route("/seat/{secret}", page), Route("/table/{secret}", page),
              Route("/rules/{secret}", rules), Route("/static/{name}", static),
              WebSocketRoute("/ws/{secret}", socket)]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.bots = bots
    return app


def _same_origin(ws: WebSocket) -> bool:
    """A page of another site may not open a seat's socket (a browser sends its Origin)."""
    origin = ws.headers.get("origin")
    if origin is None:  # not a browser (a test client, a script that holds the secret)
        return True
    return urlsplit(origin).netloc == ws.headers.get("host", "")


async def _send_all(ws: WebSocket, queue: asyncio.Queue[dict[str, Any] | None]) -> None:
    while True:
        msg = await queue.get()
        if msg is None or ws.application_state != WebSocketState.CONNECTED:
            return
        try:
            await ws.send_text(json.dumps(msg, ensure_ascii=False))
        except Exception:  # the page went away: its reader ends the connection
            return


class BotRunner:
    """Plays the bots' seats: when it is a bot's decision, the bot chooses on a copy of the
    game in a worker thread (the server keeps answering), then its move is played if the
    table has not moved meanwhile."""

    def __init__(self, table: WebTable, pause: float) -> None:
        self.table = table
        self.pause = pause
        self.task: asyncio.Task[None] | None = None

    def wake(self) -> None:
        if (self.task is None or self.task.done()) and self.table.bot_to_move() is not None:
            self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        table = self.table
        while (turn := table.bot_to_move()) is not None:
            seat, bot = turn
            at = table.state.move_count
            world = table.state.copy()
            if self.pause:
                await asyncio.sleep(self.pause)
            move = await asyncio.to_thread(decide, bot, world, seat)
            if not table.play_bot(seat, move, at) and table.state.move_count == at:
                return  # the move failed (the ruleset's error is said): no retry forever

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(BaseException):
                await self.task
