// Table Companion dashboard, the common part: the connection (SSE), banners, devices,
// the PIN, undo, the new-game dialog, earlier games and the wake lock. Each game draws
// its own page (hinkel-stein.js, stein-im-brett.js) and registers it in GAMES.
// No build step, no external assets: everything here works with no internet.
"use strict";

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "style") node.style.cssText = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
};
const SVG = "http://www.w3.org/2000/svg";
const svg = (tag, attrs = {}, text) => {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
};

// game name -> {title, render(snapshot), newGame: {help, min, max, options(names), body(names)}}
const GAMES = {};

// The new-game dialog's per-player choices: {player: [value, ...]} from its <select>s.
function choicesByPlayer(box) {
  const out = {};
  for (const s of box.querySelectorAll("select")) (out[s.dataset.player] ||= []).push(s.value);
  return out;
}

let snap = null;
let unlocked = false;
let wakeLock = null;

// ---- talking to the referee ------------------------------------------------------

async function post(url, body) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Companion": "1" },
    body: JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
  if (res.status === 401) { unlocked = false; openPin(); throw new Error(data.error); }
  if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
  return data;
}

// Post one action record; true when the rules accepted it (the refusal is shown).
async function act(record) {
  try {
    render(await post("/api/actions", record));
    return true;
  } catch (e) {
    showError(e.message);
    return false;
  }
}

async function undoLast() {
  if (!confirm("Undo the last action?")) return;
  try { render(await post("/api/undo", { count: 1 })); } catch (e) { showError(e.message); }
}

function showError(message) {
  const b = el("div", { class: "banner banner-bad", role: "alert" }, message);
  $("banners").append(b);
  setTimeout(() => b.remove(), 8000);
}

function connect() {
  const source = new EventSource("/api/events");
  source.addEventListener("snapshot", (ev) => {
    $("reconnecting").hidden = true;
    $("link").classList.remove("down");
    render(JSON.parse(ev.data));
  });
  source.onerror = () => {
    $("reconnecting").hidden = false;
    $("link").classList.add("down");
  };
}

// ---- rendering ----------------------------------------------------------------------

function showPage(name) {
  let shown = null;
  for (const page of document.querySelectorAll(".game-page")) {
    page.hidden = page.id !== `page-${name}`;
    if (!page.hidden) shown = page;
  }
  const slot = shown && shown.querySelector(".links-slot");
  if (slot && $("game-links").parentNode !== slot) slot.append($("game-links"));
  $("record-link").hidden = name === "none";
}

function render(s) {
  if (!s) return;
  // an older answer after a newer event; versions count from 0 again when the companion
  // restarts, so they are compared only within one instance (another instance: take it)
  if (snap && s.instance === snap.instance && s.version < snap.version) return;
  snap = s;
  if (typeof s.session === "boolean") unlocked = s.session;
  $("btn-pin").textContent = unlocked ? "Unlocked" : "Unlock";
  renderBanners(s);
  renderDevices(s.devices || {});
  const game = s.replay && s.game ? GAMES[s.game.name] : null;
  if (!game) {
    showPage("none");
    $("where").textContent = s.game ? s.game.title : "No game";
    $("awaiting").textContent = s.game ? "This game has no page on the dashboard yet" : "Start a new game";
    keepAwake(false);
    return;
  }
  showPage(s.game.name);
  game.render(s);
  keepAwake(!s.replay.finished);
}

const DEVICE_WORDS = { ok: "working", simulated: "simulated", fault: "FAULT", off: "off" };

function renderDevices(devices) {
  $("devices").replaceChildren(...Object.entries(devices).map(([name, d]) =>
    el("span", { class: `device ${d.state}`, title: d.detail }, `${name}: ${DEVICE_WORDS[d.state] || d.state}`)));
}

function renderBanners(s) {
  const box = $("banners");
  for (const node of [...box.querySelectorAll(".from-state")]) node.remove();
  const add = (cls, text) => box.append(el("div", { class: `banner ${cls} from-state` }, text));
  for (const n of s.notices) add("banner-warn", n);
  for (const w of s.warnings) add("banner-bad", w);
  if (s.warnings.length && s.game) {
    box.append(el("div", { class: "banner-actions from-state" },
      el("button", { id: "btn-accept", class: "tool-light", disabled: unlocked ? null : "",
        title: "The table is right as it is: the warnings go, and what the camera reads now is taken as it is",
        onclick: acceptTable }, "Accept the table as it is")));
  }
  if (s.undo_hints && s.undo_hints.length) add("banner-info", "Undone. " + s.undo_hints.join(". "));
}

async function acceptTable() {
  if (!confirm("Accept the table as it is? The warnings go; where the camera reads a stone differently, its reading is kept.")) return;
  try { render(await post("/api/confirm", {})); } catch (e) { showError(e.message); }
}

async function keepAwake(on) {
  try {
    if (on && !wakeLock && "wakeLock" in navigator) {
      wakeLock = await navigator.wakeLock.request("screen");
      wakeLock.addEventListener("release", () => { wakeLock = null; });
    } else if (!on && wakeLock) {
      await wakeLock.release();
    }
  } catch (_) { /* not allowed right now (e.g. tab hidden); tried again on the next update */ }
}

// ---- dialogs ------------------------------------------------------------------------

function openPin() {
  $("pin-error").textContent = "";
  $("pin-input").value = "";
  $("pin-dialog").showModal();
}

$("pin-form").addEventListener("submit", async (ev) => {
  if (ev.submitter && ev.submitter.value === "cancel") return;
  ev.preventDefault();
  try {
    await post("/api/session", { pin: $("pin-input").value });
    unlocked = true;
    $("pin-dialog").close();
    render(await (await fetch("/api/state")).json());
  } catch (e) {
    $("pin-error").textContent = e.message;
  }
});

// The new-game dialog: the game chosen, the names, then the game's own options
// (each game's newGame: help, max players, options(box, names), body(names)).
const newGameName = () => document.querySelector("input[name=new-game]:checked").value;
const newNames = () => [...$("new-players").querySelectorAll("input")].map((i) => i.value.trim()).filter(Boolean);

function newGameChanged() {
  const name = newGameName();
  const spec = GAMES[name].newGame;
  $("new-title").textContent = `New game of ${GAMES[name].title}`;
  $("new-help").textContent = spec.help;
  const old = [...$("new-players").querySelectorAll("input")].map((i) => i.value);
  $("new-players").replaceChildren(...Array.from({ length: spec.max }, (_, i) => el("input", {
    type: "text", placeholder: `Player ${i + 1}${i >= spec.min ? " (optional)" : ""}`, "data-seat": i,
  })));
  $("new-players").querySelectorAll("input").forEach((input, i) => { input.value = old[i] || ""; });
  for (const [game, box] of Object.entries({ "hinkel-stein": "new-hs-options", "stein-im-brett": "new-sib-options" })) {
    $(box).hidden = game !== name;
  }
  spec.options(newNames());
}

function openNew() {
  $("new-players").replaceChildren();
  $("new-error").textContent = "";
  const current = snap && snap.game && GAMES[snap.game.name] ? snap.game.name : "hinkel-stein";
  document.querySelector(`input[name=new-game][value=${current}]`).checked = true;
  for (const spec of Object.values(GAMES)) spec.newGame.reset();
  newGameChanged();
  $("new-dialog").showModal();
}

for (const radio of document.querySelectorAll("input[name=new-game]")) radio.addEventListener("change", newGameChanged);
$("new-players").addEventListener("input", () => GAMES[newGameName()].newGame.options(newNames()));

$("new-form").addEventListener("submit", async (ev) => {
  if (ev.submitter && ev.submitter.value === "cancel") return;
  ev.preventDefault();
  const name = newGameName();
  const players = newNames();
  try {
    render(await post("/api/games", { game: name, players, ...GAMES[name].newGame.body(players) }));
    $("new-dialog").close();
  } catch (e) {
    $("new-error").textContent = e.message;
  }
});

$("games-box").addEventListener("toggle", async (ev) => {
  if (!ev.target.open) return;
  const { games } = await (await fetch("/api/games")).json();
  $("games").replaceChildren(...games.map((g) => {
    const s = g.summary;
    const title = s.game && GAMES[s.game] ? `${GAMES[s.game].title}: ` : "";
    const where = s.pass !== undefined ? `pass ${s.pass}, round ${s.round}` : `round ${s.round}`;
    const text = s.error ? `(unreadable: ${s.error})`
      : `${title}${s.players.join(", ")}: ${s.finished ? `won by ${s.winners.join(" & ")}` : where}`;
    return el("li", {}, `${g.id}${g.current ? " (this game)" : ""} · ${text} · `,
      el("a", { href: `/api/games/${g.id}/record` }, "record"));
  }));
});

$("btn-new").addEventListener("click", () => (unlocked ? openNew() : openPin()));
$("btn-pin").addEventListener("click", openPin);

// Start once every game's script has registered itself.
window.addEventListener("DOMContentLoaded", () => {
  fetch("/api/state").then((r) => r.json()).then(render).finally(connect);
});
