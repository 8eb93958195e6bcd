// The page of one seat (or of the table screen): it draws what the server sends and sends
// back the player's choices. It decides nothing: the server checks every move.
"use strict";
(function () {
  const secret = location.pathname.split("/").pop();
  const kind = document.body.dataset.kind;
  const $ = (id) => document.getElementById(id);
  let socket = null;
  let retry = 500;
  let at = null;
  let texts = {};

  function columns() {
    const w = Math.max(document.documentElement.clientWidth, 300);
    return w >= 700 ? Math.min(100, Math.floor((w - 20) / 9.2)) : 42;
  }

  function send(obj) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(obj));
  }

  function show(el, on) { el.hidden = !on; }

  function draw(m) {
    texts = m.texts;
    document.documentElement.lang = m.lang;
    document.title = m.game + " - " + m.me;
    $("me").textContent = m.me;
    $("status").textContent = m.status;
    $("lang").value = m.lang;
    $("rules").textContent = texts.rules;
    $("rules").href = "/rules/" + secret + "?lang=" + m.lang + "&columns=" + columns();
    $("send").textContent = texts.play;
    $("text").placeholder = texts.type_move;
    document.body.style.setProperty("--cols", String(columns()));
    $("board").innerHTML = m.board;  // rich's HTML: every text in it is escaped
    const mine = Array.isArray(m.moves);
    document.body.classList.toggle("mine", mine);
    show($("ask"), mine);
    const moves = $("moves");
    moves.textContent = "";
    document.body.dataset.at = mine ? String(m.at) : "";
    if (mine) {
      at = m.at;
      $("prompt").textContent = m.prompt || "";
      show($("prompt"), !!m.prompt);
      m.moves.forEach((label, i) => {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = label;
        b.dataset.n = String(i + 1);
        b.addEventListener("click", () => { clearError(); send({move: [i + 1, at]}); });
        moves.appendChild(b);
      });
    }
    const seats = $("seats");
    seats.textContent = "";
    show(seats, Array.isArray(m.seats));
    (m.seats || []).forEach((s, i) => {
      const row = document.createElement("div");
      const name = document.createElement("b");
      name.textContent = s.name;
      const state = document.createElement("span");
      state.textContent = s.state;
      row.append(name, state);
      if (s.away) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = texts.replace_bot;
        b.dataset.seat = String(i);
        b.addEventListener("click", () => send({bot: i}));
        row.appendChild(b);
      }
      seats.appendChild(row);
    });
    show($("bot"), !!m.bot);
    $("bottext").textContent = m.bot || "";
    $("back").textContent = texts.take_back;
    show($("replay"), !!m.replay);
    $("replay").textContent = m.replay || "";
  }

  function clearError() { show($("error"), false); }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws/" + secret);
    socket.onopen = () => {
      retry = 500;
      show($("notice"), false);
      send({columns: columns()});
    };
    socket.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === "screen") { draw(m); }
      else if (m.type === "error") { $("error").textContent = m.text; show($("error"), true); }
    };
    socket.onclose = () => {
      $("notice").textContent = texts.reconnecting || "…";
      show($("notice"), true);
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  $("typed").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = $("text").value;
    clearError();
    send({text: text});
    $("text").value = "";
  });
  $("lang").addEventListener("change", () => send({lang: $("lang").value}));
  $("back").addEventListener("click", () => send({back: true}));
  if (kind === "table") document.body.classList.add("table");
  connect();
})();
