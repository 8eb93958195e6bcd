"""The web table in a real browser: headless Chromium (Debian's chromium and chromium-driver,
which .ci/run installs) driven by Selenium. Three pages play Deck menteur to its end (someone
accuses, someone is caught lying); an Arcane Arena defense is asked on the attacked player's
page while the attacker's page waits, a reload in the middle of the question comes back to it,
and it is answered there; a forged secret is refused; a 360x640 phone shows the whole board."""

from __future__ import annotations

import random
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("selenium")
pytest.importorskip("uvicorn")
import uvicorn  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

from tabletop import registry  # noqa: E402
from tabletop.web.app import make_app  # noqa: E402
from tabletop.web.table import WebTable  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="no chromium and chromedriver on this machine (Debian: apt-get install chromium "
           "chromium-driver; .ci/run installs them)")


class Live:
    """A web table served by uvicorn on a free loopback port, in a thread."""

    def __init__(self, table: WebTable) -> None:
        self.table = table
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        sock.listen(16)
        self.url = f"http://127.0.0.1:{sock.getsockname()[1]}"
        config = uvicorn.Config(make_app(table), log_level="warning", access_log=False)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]},
                                       daemon=True)
        self.thread.start()
        while not self.server.started:
            time.sleep(0.02)

    def seat(self, s: int) -> str:
        return f"{self.url}/seat/{self.table.secrets[s]}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(5)
        self.table.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-timer-throttling", "--disable-renderer-backgrounding"):
        options.add_argument(arg)
    assert CHROMIUM is not None
    options.binary_location = CHROMIUM
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    driver.set_window_size(420, 900)
    yield driver
    driver.quit()


def wait(pred: Callable[[], Any], seconds: float = 15.0) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got = pred()
        if got:
            return got
        time.sleep(0.03)
    raise AssertionError("the page never showed what was awaited")


def serve(tmp_path: Path, gid: str, names: list[str], seed: int) -> Live:
    st = registry.load(gid).new_game(players=len(names), seed=seed, names=names)
    return Live(WebTable(st, {}, "en", tmp_path / "game.json"))


def open_seats(driver: webdriver.Chrome, live: Live) -> list[str]:
    """A window per seat, each on its seat's page; their handles."""
    handles = []
    for s in range(live.table.state.players):
        if s:
            driver.switch_to.new_window("window")
        driver.get(live.seat(s))
        handles.append(driver.current_window_handle)
    return handles


def buttons(driver: webdriver.Chrome, at: int | None = None) -> list[str]:
    """The labels of the moves the page offers (those of the table's move ``at`` only)."""
    labels: list[str] = driver.execute_script(
        "const at = arguments[0]; const b = document.body;"
        "if (document.getElementById('ask').hidden || (at !== null && b.dataset.at !== String(at)))"
        " return [];"
        "return Array.from(document.querySelectorAll('#moves button'), x => x.textContent);",
        at)
    return labels


def click(driver: webdriver.Chrome, label: str) -> None:
    """Press the move button of that label (found and pressed at once: the list may be drawn
    again at any moment)."""
    assert driver.execute_script(
        "const b = Array.from(document.querySelectorAll('#moves button'))"
        ".find(x => x.textContent === arguments[0]); if (b) b.click(); return !!b;", label)


def play_on_the_deciders_page(driver: webdriver.Chrome, live: Live, handles: list[str],
                              choose: Callable[[list[str]], str]) -> None:
    """On the page of the seat deciding now, press the button ``choose`` picks among the
    moves it offers, and wait until the table has played it."""
    st = live.table.state
    seat = st.current_player
    assert seat is not None
    driver.switch_to.window(handles[seat])
    before = st.move_count
    click(driver, choose(wait(lambda: buttons(driver, before))))
    wait(lambda: st.move_count > before)


def close_others(driver: webdriver.Chrome, handles: list[str]) -> None:
    for h in handles[1:]:
        driver.switch_to.window(h)
        driver.close()
    driver.switch_to.window(handles[0])


def test_three_pages_play_deck_menteur_to_its_end(browser: webdriver.Chrome,
                                                  tmp_path: Path) -> None:
    live = serve(tmp_path, "deck-menteur", ["Ana", "Ben", "Chloé"], seed=0)
    st = live.table.state
    rng = random.Random(0)
    try:
        handles = open_seats(browser, live)
        def choose(listed: list[str]) -> str:
            accuse = [b for b in listed if b.startswith("accuse")]
            other = [b for b in listed if not b.startswith("accuse")]
            return accuse[0] if accuse and (rng.random() < 0.5 or not other) else \
                rng.choice(other)

        while not st.is_over:
            play_on_the_deciders_page(browser, live, handles, choose)
        log = " ".join(e.text_in("en") for e in st.log)
        assert "accuses" in log and ": a lie" in log  # someone accused, someone was caught
        for h in handles:  # every page sees the end and who won
            browser.switch_to.window(h)
            wait(lambda: "is the last player in" in browser.find_element(By.ID, "board").text)
        close_others(browser, handles)
    finally:
        live.stop()


def test_a_defense_is_asked_on_the_attacked_page_and_survives_a_reload(
        browser: webdriver.Chrome, tmp_path: Path) -> None:
    live = serve(tmp_path, "arcane-arena", ["Ana", "Ben", "Chloé"], seed=4)
    st = live.table.state
    rng = random.Random(4)
    try:
        handles = open_seats(browser, live)
        for _ in range(300):  # random moves until a question is asked of another seat
            if st.current_player != st.turn_seat and st.pending is not None:
                break
            play_on_the_deciders_page(browser, live, handles, lambda listed: rng.choice(
                [b for b in listed if " at " in b] or listed))
        else:
            raise AssertionError("no defense was asked in 300 moves")
        defender, attacker = st.current_player, st.turn_seat
        assert defender is not None and attacker is not None
        prompt = st.prompt("en")
        browser.switch_to.window(handles[attacker])  # the attacker's page waits
        wait(lambda: browser.find_element(By.ID, "status").text
             == f"Waiting for {st.seat_name(defender)}")
        assert buttons(browser) == []
        browser.switch_to.window(handles[defender])  # the question is on the defender's page
        before = st.move_count
        asked = wait(lambda b=before: buttons(browser, b))
        assert browser.find_element(By.ID, "prompt").text == prompt
        browser.refresh()  # a reload in the middle of the question comes back to it
        wait(lambda: buttons(browser, before) == asked)
        assert browser.find_element(By.ID, "prompt").text == prompt
        click(browser, asked[-1])
        wait(lambda b=before: st.move_count > b)
        close_others(browser, handles)
    finally:
        live.stop()


def test_a_forged_secret_is_refused_and_a_phone_shows_the_whole_board(
        browser: webdriver.Chrome, tmp_path: Path) -> None:
    live = serve(tmp_path, "deck-menteur", ["Ana", "Ben", "Chloé"], seed=1)
    try:
        browser.get(f"{live.url}/seat/{live.table.secrets[0][:-2]}xy")
        body = browser.find_element(By.TAG_NAME, "body").text
        assert body.startswith("This link is not a seat of this table")
        assert "Ana" not in body
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 360, "height": 640, "deviceScaleFactor": 1, "mobile": True})
        try:
            me = live.table.state.current_player
            assert me is not None
            browser.get(live.seat(me))
            wait(lambda: buttons(browser))
            board = browser.find_element(By.ID, "board").rect
            moves = browser.find_element(By.ID, "typed").rect
            width = browser.execute_script("return document.documentElement.scrollWidth")
            assert width <= 360 and board["x"] + board["width"] <= 360
            assert moves["y"] + moves["height"] <= 640  # the board, the moves and the field
            browser.save_screenshot(str(tmp_path / "phone.png"))  # looked at by hand, too
            assert (tmp_path / "phone.png").stat().st_size > 1000
        finally:
            browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    finally:
        live.stop()
