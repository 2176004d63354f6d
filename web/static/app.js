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

// Undo names the action shown (its journal row): if another tablet took it back already,
// or a newer action came, the server refuses with the reason instead of taking back more.
async function undoLast() {
  if (!snap || !snap.game) return;
  const row = snap.game.row;
  if (!confirm(t("Undo the last action?"))) return;
  try { render(await post("/api/undo", { row })); } catch (e) { showError(e.message); }
}

// A refusal, shown for 8 s at the foot of the screen (where the page is scrolled to
// does not matter); a tap puts it away sooner.
function showError(message) {
  const b = el("div", { class: "banner banner-bad", title: t("tap to close") }, message);
  b.addEventListener("click", () => b.remove());
  $("toasts").append(b);
  setTimeout(() => b.remove(), 8000);
}

// The live updates. The server may refuse them (too many pages from this address or in
// all; another paired tablet took this one's place): say why and try again later.
let events = null;  // the live stream now (opened again when this tablet's language changes)

function connect() {
  const source = new EventSource("/api/events");
  events = source;
  const lost = t("Connection lost: reconnecting…");
  const down = (text) => {
    $("reconnecting").textContent = text;
    $("reconnecting").hidden = false;
    $("link").classList.add("down");
  };
  const later = (data) => {
    const wait = Math.min(Math.max(Number(data.retry_after_s) || 20, 5), 120);
    const why = data.error || t("refused");
    down(t("No live updates: {why}. Trying again in {wait} s.", { why, wait }));
    setTimeout(connect, (wait + 3 * Math.random()) * 1000);
  };
  source.addEventListener("snapshot", (ev) => {
    $("reconnecting").hidden = true;
    $("reconnecting").textContent = lost;
    $("link").classList.remove("down");
    render(JSON.parse(ev.data));
  });
  source.addEventListener("refused", (ev) => { // a newer paired tablet took this place
    source.close();
    later(JSON.parse(ev.data));
  });
  source.onerror = () => {
    if (source.readyState !== EventSource.CLOSED) { down(lost); return; }
    // An HTTP refusal ends an EventSource for good: ask why without opening a stream.
    fetch("/api/events?check")
      .then((r) => r.json())
      .then((data) => (data.ok ? connect() : later(data)))
      .catch(() => later({ error: t("the companion does not answer"), retry_after_s: 5 }));
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
  $("btn-pin").textContent = unlocked ? t("Lock") : t("Unlock");
  $("btn-pin").title = unlocked ? t("Lock this tablet: unlock again with the button or the PIN") : t("Unlock this tablet to make decisions");
  $("welcome-unlock").hidden = unlocked;
  renderBanners(s);
  renderDevices(s.devices || {});
  const game = s.replay && s.game ? GAMES[s.game.name] : null;
  if (!game) {
    showPage("none");
    $("where").textContent = s.game ? s.game.title : t("No game");
    showAwaiting(s.game ? t("This game has no page on the dashboard yet") : t("Start a new game"));
    keepAwake(false);
    return;
  }
  showPage(s.game.name);
  game.render(s);
  keepAwake(!s.replay.finished);
}

// Who must act and what he may do, in the top bar: the player's name apart (it may be
// shortened with an ellipsis; what he may do never is, where the line has room).
function showAwaiting(text, player = null) {
  const box = $("awaiting");
  box.title = text;
  if (player && text.startsWith(`${player} `)) {
    box.replaceChildren(el("span", { class: "who" }, player), el("span", { class: "what" }, text.slice(player.length)));
  } else {
    box.replaceChildren(el("span", { class: "what" }, text));
  }
}

// Which game and where in it, in the top bar (on a phone the game's name gives way).
function showWhere(title, where) {
  $("where").title = `${title} · ${where}`;
  $("where").replaceChildren(el("span", { class: "game-title" }, `${title} · `), where);
}

// Whether the load cells run (a scale that settles by itself): false when the snapshot's
// devices say they are off or faulty (``companion run --no-sensors``), null when unknown.
function scaleRuns(devices) {
  const d = devices && devices["load cells"];
  if (!d) return null;
  return d.state === "ok" || d.state === "simulated";
}

const DEVICE_WORDS = { ok: N_("working"), simulated: N_("simulated"), fault: N_("FAULT"), off: N_("off") };

const DEVICE_NAMES = { "load cells": N_("load cells"), camera: N_("camera") };

function renderDevices(devices) {
  $("devices").replaceChildren(...Object.entries(devices).map(([key, d]) => [DEVICE_NAMES[key] ? t(DEVICE_NAMES[key]) : key, d])
    .map(([name, d]) => el("span", { class: `device ${d.state}`, title: `${name}: ${d.detail || d.state}` },
      name, el("span", { class: "state" }, `: ${DEVICE_WORDS[d.state] ? t(DEVICE_WORDS[d.state]) : d.state}`))));
}

function renderBanners(s) {
  const box = $("banners");
  for (const node of [...box.querySelectorAll(".from-state")]) node.remove();
  const add = (cls, text) => box.append(el("div", { class: `banner ${cls} from-state` }, text));
  for (const n of s.notices) add("banner-warn", n);
  for (const a of s.pairing_requests || []) {  // named so that an unexpected request is noticed
    add("banner-warn", t("A device at {address} asks to pair with this table. Hold the confirm button only if it is your tablet.", { address: a }));
  }
  for (const w of s.warnings) add("banner-bad", w);
  if (s.warnings.length && s.game) {
    box.append(el("div", { class: "banner-actions from-state" },
      el("button", { id: "btn-accept", class: "tool-light", disabled: unlocked ? null : "",
        title: t("The table is right as it is: the warnings go, and what the camera reads now is taken as it is"),
        onclick: acceptTable }, t("Accept the table as it is"))));
  }
  if (s.undo_hints && s.undo_hints.length) add("banner-info", t("Undone. {hints}", { hints: s.undo_hints.join(". ") }));
}

async function acceptTable() {
  if (!confirm(t("Accept the table as it is? The warnings go; where the camera reads a stone differently, its reading is kept."))) return;
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

// ---- unlocking and locking this tablet (docs/api.md, Sessions) ------------------------
// The dialog offers pairing by holding the table's confirm button (when the table has one;
// for hold_s seconds, as the server says: a short press stays the game's) and the table PIN. A lock-out (429) counts down the seconds the server gives (Retry-After).
// afterUnlock: what asked for the PIN (e.g. the New-game dialog), opened once unlocked.

let afterUnlock = null;
let pinLockedUntil = 0;  // Date.now() ms until which the server refuses PINs
let pinCountdown = null;
let pairPoll = null;
let holdS = 3;  // seconds the table's confirm button must be held to pair (the server says)

async function openPin(then = null) {
  afterUnlock = then;
  $("pin-error").textContent = "";
  $("pin-input").value = "";
  $("pair-status").textContent = "";
  $("pair-button").disabled = false;
  showPairHelp();
  showPinLockout();
  if (!$("pin-dialog").open) $("pin-dialog").showModal();
  try {
    const { button, hold_s } = await (await fetch("/api/session")).json();
    $("pair-box").hidden = !button;
    if (hold_s) { holdS = hold_s; showPairHelp(); }
  } catch (_) { $("pair-box").hidden = true; }
}

// How to pair: tap the button, then hold the table's confirm button for holdS seconds.
function showPairHelp() {
  $("pair-help").replaceChildren(t("Tap "), el("b", {}, t("Pair with the button")), t(", then "),
    el("b", {}, tn("hold the confirm button on the table for {n} second", "hold the confirm button on the table for {n} seconds", holdS)),
    t(" within a minute (a short press does not pair)."));
}

function closePin() {
  stopPairing();
  if ($("pin-dialog").open) $("pin-dialog").close();
}

async function unlockedNow() {
  unlocked = true;
  closePin();
  const then = afterUnlock;
  afterUnlock = null;
  try { render(await (await fetch("/api/state")).json()); } catch (_) { /* the next event redraws */ }
  if (then) then();
}

// The PIN field and its button stay disabled while the server refuses PINs.
function showPinLockout() {
  clearInterval(pinCountdown);
  const tick = () => {
    const left = Math.ceil((pinLockedUntil - Date.now()) / 1000);
    const locked = left > 0;
    $("pin-input").disabled = locked;
    $("pin-ok").disabled = locked;
    if (locked) {
      $("pin-error").textContent = $("pair-box").hidden
        ? t("Too many wrong PINs were tried on this table. Try again in {left} s.", { left })
        : t("Too many wrong PINs were tried on this table. Try again in {left} s, or pair with the button.", { left });
    } else {
      clearInterval(pinCountdown);
      if ($("pin-error").dataset.lockout) $("pin-error").textContent = "";
    }
    $("pin-error").dataset.lockout = locked ? "1" : "";
  };
  tick();
  if (pinLockedUntil > Date.now()) pinCountdown = setInterval(tick, 1000);
}

async function sendPin() {
  const res = await fetch("/api/session", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Companion": "1" },
    body: JSON.stringify({ pin: $("pin-input").value }),
  });
  const data = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
  if (res.ok) return unlockedNow();
  $("pin-input").value = "";
  if (res.status === 429) {
    const seconds = Number(res.headers.get("Retry-After")) || data.retry_after_s || 30;
    pinLockedUntil = Date.now() + seconds * 1000;
    showPinLockout();
    return;
  }
  $("pin-error").textContent = data.error || `HTTP ${res.status}`;
  $("pin-input").focus();
}

$("pin-form").addEventListener("submit", (ev) => {
  if (ev.submitter && ev.submitter.value === "cancel") { stopPairing(); afterUnlock = null; return; }
  ev.preventDefault();
  sendPin().catch((e) => { $("pin-error").textContent = e.message; });
});
$("pin-dialog").addEventListener("close", stopPairing);

function stopPairing() {
  clearTimeout(pairPoll);
  pairPoll = null;
  $("pair-button").disabled = false;
}

// Ask to pair, then follow the request (once a second, for as long as it may wait).
async function pairByButton() {
  stopPairing();
  $("pair-button").disabled = true;
  const status = $("pair-status");
  try {
    const res = await fetch("/api/pairing", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Companion": "1" },
      body: "{}",
    });
    const data = await res.json();
    if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
    const id = data.request;
    if (data.hold_s) holdS = data.hold_s;
    const holdIt = () => tn("Hold the table's confirm button for {n} second now", "Hold the table's confirm button for {n} seconds now", holdS);
    const until = Date.now() + (data.wait_s + 5) * 1000;
    const follow = async () => {
      pairPoll = null;
      if (Date.now() > until) { status.textContent = t("Nobody held the button in time: ask again."); stopPairing(); return; }
      const r = await fetch(`/api/pairing/${encodeURIComponent(id)}`);
      const s = await r.json().catch(() => ({}));
      if (r.ok && s.state === "granted") return unlockedNow();
      if (r.ok && s.state === "waiting") {
        status.textContent = t("{hold} ({left} s left to do it).", { hold: holdIt(), left: Math.ceil(s.left_s) });
        pairPoll = setTimeout(() => follow().catch(failed), 1000);
        return;
      }
      status.textContent = s.reason || s.error || t("The request ended: ask again.");
      stopPairing();
    };
    const failed = (e) => { status.textContent = e.message; stopPairing(); };
    status.textContent = `${holdIt()}.`;
    await follow();
  } catch (e) {
    status.textContent = e.message;
    stopPairing();
  }
}

$("pair-button").addEventListener("click", () => { pairByButton(); });

// Lock: this tablet's session ends on the server (a kept cookie is worth nothing after).
async function lockTablet() {
  try {
    await fetch("/api/session", { method: "DELETE", headers: { "X-Companion": "1" } });
  } catch (e) { showError(e.message); return; }
  unlocked = false;
  try { render(await (await fetch("/api/state")).json()); } catch (_) { /* the next event redraws */ }
}

// The new-game dialog: the game chosen, the names, then the game's own options
// (each game's newGame: help, max players, options(box, names), body(names)).
const newGameName = () => document.querySelector("input[name=new-game]:checked").value;
const newNames = () => [...$("new-players").querySelectorAll("input")].map((i) => i.value.trim()).filter(Boolean);

function newGameChanged() {
  const name = newGameName();
  const spec = GAMES[name].newGame;
  $("new-title").textContent = t("New game of {game}", { game: GAMES[name].title });
  $("new-help").textContent = t(spec.help);
  const old = [...$("new-players").querySelectorAll("input")].map((i) => i.value);
  $("new-players").replaceChildren(...Array.from({ length: spec.max }, (_, i) => el("input", {
    type: "text", placeholder: i >= spec.min ? t("Player {n} (optional)", { n: i + 1 }) : t("Player {n}", { n: i + 1 }), "data-seat": i,
  })));
  $("new-players").querySelectorAll("input").forEach((input, i) => { input.value = old[i] || ""; });
  const optionBoxes = { "hinkel-stein": "new-hs-options", "stein-im-brett": "new-sib-options", "heuchel-meuchel": "new-hm-options", "stein-auf-stein": "new-sas-options" };
  for (const [game, box] of Object.entries(optionBoxes)) {
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

// One line of the history: the game, where it stands or who won, and its record.
function gameLine(g) {
  const s = g.summary;
  const title = s.game && GAMES[s.game] ? `${GAMES[s.game].title}: ` : "";
  const where = s.pass !== undefined ? t("pass {pass}, round {round}", { pass: s.pass, round: s.round }) : t("round {round}", { round: s.round });
  const text = s.error ? t("(unreadable: {error})", { error: s.error })
    : `${title}${s.players.join(", ")}: ${s.finished ? t("won by {winners}", { winners: s.winners.join(" & ") }) : where}`;
  return el("li", {}, `${g.id}${g.current ? ` ${t("(this game)")}` : ""} · ${text} · `,
    el("a", { href: `/api/games/${g.id}/record` }, t("record")));
}

// The history, a page at a time (newest first): "Older games" fetches the next page.
async function showGames(before) {
  const query = before ? `?before=${encodeURIComponent(before)}` : "";
  const { games, next } = await (await fetch(`/api/games${query}`)).json();
  const lines = games.map(gameLine);
  if (before) $("games").querySelector(".older")?.remove();
  else $("games").replaceChildren();
  $("games").append(...lines);
  if (next) {
    const more = el("button", { class: "older" }, t("Older games"));
    more.addEventListener("click", () => showGames(next));
    $("games").append(el("li", { class: "older" }, more));
  }
}

$("games-box").addEventListener("toggle", (ev) => { if (ev.target.open) showGames(null); });

$("btn-new").addEventListener("click", () => (unlocked ? openNew() : openPin(openNew)));
$("btn-pin").addEventListener("click", () => (unlocked ? lockTablet() : openPin()));
$("welcome-new").addEventListener("click", () => $("btn-new").click());

// Start once every game's script has registered itself.
// A language switched: everything drawn again from the snapshot (nothing reloaded).
window.addEventListener("DOMContentLoaded", () => {
  i18nReady.then(() => fetch("/api/state")).then((r) => r.json()).then(render).finally(connect);
  onLanguage(() => {
    if (snap) { const s = snap; snap = null; render(s); }
    // the server's texts in the snapshot follow the page's language (?lang= on the stream)
    if (events && events.readyState !== EventSource.CLOSED) { events.close(); connect(); }
    if ($("new-dialog").open) newGameChanged();
    if ($("pin-dialog").open) showPairHelp();
  });
});
