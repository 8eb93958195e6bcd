"""Running a web table: the socket opened first (a port in use is one sentence), a line and a
QR code per seat, uvicorn until Ctrl-C, then the game saved and how to resume it said."""

from __future__ import annotations

import contextlib
import errno
import io
import ipaddress
import socket
from collections.abc import Callable
from pathlib import Path

import segno
import uvicorn

from tabletop.bots import Bot
from tabletop.engine.state import State
from tabletop.errors import TabletopError
from tabletop.i18n.messages import os_why
from tabletop.i18n.table import TABLE_MESSAGES, bot_name, in_every_lang, t
from tabletop.web.app import make_app
from tabletop.web.table import WebTable

BOT_PAUSE = 0.6  # seconds before each bot's move: people follow it, its timing tells nothing


def open_socket(host: str, port: int) -> socket.socket:
    """The listening socket, or a TabletopError saying why not (a port in use, a host that
    is not this computer's) and what to type instead."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, kind, proto, _, address = infos[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(address)
            sock.listen(128)
        except OSError:
            sock.close()
            raise
    except OSError as e:
        why = (os_why(e) if e.errno is not None and e.errno > 0 else  # else: no such name
               TABLE_MESSAGES.said("serve_no_address"))
        key = ("serve_port_busy" if e.errno in (errno.EADDRINUSE, errno.EACCES)
               else "serve_bad_host")
        texts = in_every_lang(key, host=host, port=port, why=why)
        raise TabletopError(texts["en"], texts=texts) from None
    sock.set_inheritable(True)
    return sock


def lan_address() -> str:
    """This computer's address on its network (no packet is sent), else 127.0.0.1."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.255.255.255", 1))
        return str(s.getsockname()[0])
    return "127.0.0.1"


def base_url(host: str, port: int) -> str:
    """The address people type: the network address when the table listens on every one."""
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    with contextlib.suppress(ValueError):
        if ipaddress.ip_address(shown).version == 6:
            shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def links(table: WebTable, url: str) -> list[tuple[str, str | None]]:
    """Each seat's name and link (None for a bot's seat), then the table screen's."""
    out: list[tuple[str, str | None]] = []
    for s in range(table.state.players):
        out.append((table.state.seat_name(s),
                    None if s in table.bots else f"{url}/seat/{table.secrets[s]}"))
    out.append(("table", f"{url}/table/{table.table_secret}"))
    return out


def qr_text(url: str) -> str:
    """A QR code of ``url`` drawn with characters for a terminal."""
    buf = io.StringIO()
    segno.make(url, error="l").terminal(out=buf, compact=True, border=2)
    return buf.getvalue()


def serve(state: State, bots: dict[int, Bot], lang: str, save_path: Path,
          file_name: str | None, host: str, port: int, say: Callable[[str], None],
          qr: bool = True) -> int:
    """Serve ``state`` until Ctrl-C; the game is saved after every move and at the end."""
    table = WebTable(state, bots, lang, save_path, file_name)
    if not table.humans:
        raise TabletopError(t("en", "serve_no_humans"), texts=in_every_lang("serve_no_humans"))
    sock = open_socket(host, port)
    port = sock.getsockname()[1]
    table.said = say
    url = base_url(host, port)
    table.save()
    for s, (name, link) in enumerate(links(table, url)):
        if link is None:
            bot = bot_name(lang, table.bots[s].name)
            say(t(lang, "serve_bot_seat", name=name, bot=bot))
        elif s == state.players:
            say(t(lang, "serve_table", url=link))
        else:
            say(t(lang, "serve_seat", name=name, url=link))
    if qr:
        for name, link in links(table, url):
            if link is not None:
                say(name)
                say(qr_text(link))
    say(t(lang, "serve_listening", host=host, port=port))
    if host not in ("127.0.0.1", "localhost", "::1"):
        say(t(lang, "serve_lan"))
    app = make_app(table, bot_pause=BOT_PAUSE)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                            ws_max_size=16 * 1024, timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        saved = table.save()
        table.close()
        sock.close()
    if saved:
        say(t(lang, "serve_saved", path=table.save_path))
    return 0 if state.is_over else 130
