// Table Companion dashboard: renders the referee's snapshot, sends the table's decisions.
// No build step, no external assets: everything here works with no internet.
"use strict";

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
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

async function act(record) {
  try {
    render(await post("/api/actions", record));
  } catch (e) {
    showError(e.message);
  }
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

function render(s) {
  if (!s) return;
  if (snap && s.version < snap.version) return;  // an older answer after a newer event
  snap = s;
  if (typeof s.session === "boolean") unlocked = s.session;
  $("btn-pin").textContent = unlocked ? "Unlocked" : "Unlock";
  renderBanners(s);
  renderDevices(s.devices || {});
  const r = s.replay;
  if (!r) {
    $("where").textContent = "No game";
    $("awaiting").textContent = "Start a new game";
    $("choices").replaceChildren();
    return;
  }
  $("where").textContent = `${s.game.title} · pass ${r.pass} · round ${r.round}`;
  $("awaiting").textContent = s.view.awaiting_text;
  renderScale(s.view.scale, r);
  renderFacts(s, r);
  renderOutcomes(s.view.outcomes, s.view.round.condition);
  renderChoices(s.view);
  renderPlayers(s, r);
  renderHistory(s.view, r.players);
  keepAwake(!r.finished);
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
  if (s.undo_hints && s.undo_hints.length) add("banner-info", "Undone. " + s.undo_hints.join(". "));
}

function renderScale(scale, r) {
  const root = $("scale");
  root.replaceChildren();
  const pivot = { left: -20, middle: 0, right: 20 }[scale.notch];
  const angle = scale.down === "left" ? -6 : scale.down === "right" ? 6 : 0;
  root.append(svg("line", { x1: -225, y1: 60, x2: 225, y2: 60, stroke: "#b9b19a", "stroke-width": 2 }));
  root.append(svg("path", { d: `M ${pivot} 20 L ${pivot - 22} 60 L ${pivot + 22} 60 Z`, fill: "#8a7a55" }));
  const beam = svg("g", { transform: `rotate(${angle} ${pivot} 18)` });
  beam.append(svg("rect", { x: -210, y: 12, width: 420, height: 10, rx: 3, fill: "#c8b27a" }));
  for (const n of [-20, 0, 20]) {
    beam.append(svg("circle", { cx: n, cy: 24, r: 3, fill: n === pivot ? "#2f3b2f" : "#9a8a65" }));
  }
  const spaces = { L2: -180, L1: -110, R1: 110, R2: 180 };
  for (const [name, x] of Object.entries(spaces)) {
    beam.append(svg("rect", { x: x - 25, y: 6, width: 50, height: 6, fill: "#e9dfc2", stroke: "#9a8a65" }));
    beam.append(svg("text", { x, y: 40, "text-anchor": "middle", "font-size": 11, fill: "#5d665e" }, name));
  }
  for (const p of scale.placements) {
    const h = 14 + 10 * p.stones.length;
    beam.append(svg("rect", { x: p.x_mm - 20, y: 6 - h, width: 40, height: h, rx: 5,
      fill: kindColour(p.kind), opacity: p.passive ? 0.55 : 1, stroke: "#333" }));
    beam.append(svg("text", { x: p.x_mm, y: 6 - h / 2 + 4, "text-anchor": "middle", "font-size": 12,
      "font-weight": 700 }, p.stones.join("+")));
    beam.append(svg("text", { x: p.x_mm, y: -h - 2, "text-anchor": "middle", "font-size": 11 }, p.player));
  }
  beam.append(svg("circle", { cx: scale.fate_x_mm, cy: -2, r: 9, fill: "#6d7f94", stroke: "#222" }));
  beam.append(svg("text", { x: scale.fate_x_mm, y: 2, "text-anchor": "middle", "font-size": 9, fill: "#fff" }, "F"));
  root.append(beam);
}

function kindColour(kind) {
  return { pillar: "#c88f6f", hinkelstein: "#9fb38f", quartz: "#b9c8df", boulder: "#a89f94" }[kind] || "#ccc";
}

function renderFacts(s, r) {
  const v = s.view;
  const facts = [
    ["Chieftain", r.chieftain],
    ["Wins", v.round.condition ? `${v.round.condition} side` : "not chosen yet"],
    ["Pot", r.pot],
    ["Supply", r.supply],
    ["Notch", v.scale.notch],
  ];
  if (v.scale.margin_g !== null) facts.push(["Tilt margin", `${v.scale.margin_g} g` + (v.scale.source === "scale" ? "" : " (model)")]);
  if (v.round.partner) facts.push(["Partner", v.round.partner]);
  if (v.round.mandatory_kind) facts.push(["Must play actively", v.round.mandatory_kind]);
  $("scale-facts").replaceChildren(...facts.map(([k, val]) => el("span", {}, `${k}: `, el("b", {}, String(val)))));
}

function renderOutcomes(outcomes, condition) {
  const box = $("outcomes");
  box.replaceChildren();
  for (const side of ["left", "right"]) {
    const o = outcomes[side];
    const paid = Object.entries(o.paid).filter(([, n]) => n > 0).map(([p, n]) => `${p} +${n}`).join(", ");
    box.append(el("div", { class: "outcome" },
      el("b", {}, `If ${side} goes down: `),
      o.winners.length ? `${o.winners.join(" & ")} ${o.winners.length > 1 ? "win" : "wins"}` : "nobody wins",
      el("br"), paid || "no payout", `; ${o.carried} stay in the pot`,
      o.next_chieftain ? el("span", {}, el("br"), `next chieftain ${o.next_chieftain}`) : ""));
  }
  if (!condition) box.append(el("div", { class: "outcome" }, "The chieftain has not chosen heavier or lighter yet."));
}

const GROUPS = {
  condition: "Victory condition", offer: "Partnership", answer: "Partnership", call: "Call who places next",
  mode: "Kind and play", stake: "Stake", notch: "Hinkelstein notch", place: "Place a stone",
  boulder: "Boulder", fate: "Stone of Fate", tilt: "Scale settled (manual)", keep: "Keep a boulder", done: "Nothing more this round",
};

function choiceButton(c) {
  return el("button", { class: "big", onclick: () => choose(c), disabled: unlocked ? null : "" }, c.label);
}

function renderChoices(view) {
  const box = $("choices");
  box.replaceChildren();
  const aw = view.awaiting;
  $("act-title").textContent = aw && aw.player ? `${aw.player} decides` : "Decisions";
  const primary = view.choices.filter((c) => c.type !== "tilt" && (!aw || c.type === aw.action || c.type === "done" || view.optional.some((o) => o.action === c.type)));
  let group = null;
  for (const c of primary) {
    if (GROUPS[c.type] !== group) { group = GROUPS[c.type]; box.append(el("div", { class: "choice-group" }, group)); }
    box.append(choiceButton(c));
  }
  if (snap.asks && snap.asks.length) {
    box.prepend(el("div", { class: "choice-group" }, "The scale cannot tell: which stone is it?"),
      ...snap.asks.map((a) => choiceButton({ ...a, type: "place" })));
  }
  if (snap.hand_on_scale) box.append(el("div", { class: "choice-group" }, "✋ A hand is on the scale"));
  if (!primary.length && aw && aw.action === "tilt") box.append(el("div", { class: "choice-group" }, "Waiting for the scale to settle; use Manual entry if the sensor missed it."));
  if (!unlocked) box.append(el("div", { class: "choice-group" }, "Unlock with the table PIN to make decisions."));
  const manual = $("manual");
  manual.replaceChildren(el("div", { class: "choice-group" }, "Everything the rules allow now:"));
  for (const c of view.choices) manual.append(choiceButton(c));
}

async function choose(c) {
  if (c.type === "fate") return openFate(c);
  if (c.endpoint) {
    try { render(await post(c.endpoint, {})); } catch (e) { showError(e.message); }
    return;
  }
  act(c.record);
}

function renderPlayers(s, r) {
  const took = new Set(s.view.round.took);
  const rows = r.players.map((p) => el("tr", {},
    el("td", {}, p, p === r.chieftain ? el("span", { class: "badge chief" }, "chieftain") : "",
      took.has(p) ? el("span", { class: "badge took" }, "took 1") : "",
      r.winners.includes(p) ? el("span", { class: "badge chief" }, "winner") : ""),
    el("td", {}, r.kinds[p].join(", ")),
    el("td", { class: "discs" }, String(r.discs[p]))));
  $("players").replaceChildren(el("tr", {}, el("th", {}, "Player"), el("th", {}, "Stones"), el("th", { class: "discs" }, "Discs")), ...rows);
  $("ledger").replaceChildren(el("span", {}, "Pot ", el("b", {}, String(r.pot))), el("span", {}, "Supply ", el("b", {}, String(r.supply))));
}

const LINE_COLOURS = ["#2f6b3a", "#b5502f", "#2f5f9b", "#8a6d1f"];

function renderHistory(view, players) {
  const list = $("history");
  list.replaceChildren(...view.history.slice().reverse().map((h) => el("li", {},
    `Pass ${h.pass} round ${h.round}: ${h.down} down, ${h.winning_side} won; `,
    h.winners.length ? `${h.winners.join(" & ")}` : "no winner",
    `; paid ${Object.entries(h.paid).filter(([, n]) => n).map(([p, n]) => `${p} ${n}`).join(", ") || "nothing"}`,
    `; next chieftain ${h.next_chieftain}`)));
  const chart = $("chart");
  chart.replaceChildren();
  const pts = view.chart;
  const max = Math.max(5, ...pts.flatMap((p) => Object.values(p.discs)));
  const x = (i) => 20 + (380 * (i + 1)) / Math.max(1, pts.length);
  const y = (v) => 140 - (120 * v) / max;
  chart.append(svg("line", { x1: 20, y1: 140, x2: 410, y2: 140, stroke: "#b9b19a" }));
  players.forEach((p, k) => {
    const d = [`M 20 ${y(0)}`, ...pts.map((pt, i) => `L ${x(i)} ${y(pt.discs[p])}`)].join(" ");
    chart.append(svg("path", { d, fill: "none", stroke: LINE_COLOURS[k], "stroke-width": 2.5 }));
    chart.append(svg("text", { x: 24 + 90 * k, y: 14, fill: LINE_COLOURS[k], "font-size": 13 }, p));
  });
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

function openFate(choice) {
  const spans = choice.intervals_mm;
  const input = $("fate-x");
  const ok = (x) => spans.some(([lo, hi]) => x > lo && x < hi) || x === -210 || x === 210;
  const update = () => {
    $("fate-out").textContent = `${input.value} mm`;
    $("fate-ok").textContent = ok(Number(input.value)) ? "" : "(on a placement space: not allowed)";
  };
  input.oninput = update;
  update();
  const dialog = $("fate-dialog");
  $("fate-form").onsubmit = (ev) => {
    if (ev.submitter && ev.submitter.value === "cancel") return;
    act({ ...choice.record, x: Number(input.value) });
  };
  dialog.showModal();
}

const KINDS = ["pillar", "hinkelstein", "quartz", "boulder"];

function openNew() {
  const box = $("new-players");
  box.replaceChildren(...[0, 1, 2, 3].map((i) => el("input", { type: "text", placeholder: `Player ${i + 1}${i > 1 ? " (optional)" : ""}`, "data-seat": i })));
  $("new-error").textContent = "";
  $("new-deal").hidden = true;
  $("new-enter-deal").checked = false;
  $("new-dialog").showModal();
}

function dealInputs() {
  const names = [...$("new-players").querySelectorAll("input")].map((i) => i.value.trim()).filter(Boolean);
  const box = $("new-deal");
  const cards = names.length === 2 ? 2 : 1;
  const kinds = names.length === 3 ? ["pillar", "hinkelstein", "boulder"] : KINDS;
  box.replaceChildren(...names.map((n) => el("div", {}, `${n}: `, ...Array.from({ length: cards }, () =>
    el("select", { "data-player": n }, ...kinds.map((k) => el("option", { value: k }, k)))))));
}

$("new-enter-deal").addEventListener("change", (ev) => { $("new-deal").hidden = !ev.target.checked; dealInputs(); });
$("new-players").addEventListener("input", () => { if (!$("new-deal").hidden) dealInputs(); });

$("new-form").addEventListener("submit", async (ev) => {
  if (ev.submitter && ev.submitter.value === "cancel") return;
  ev.preventDefault();
  const players = [...$("new-players").querySelectorAll("input")].map((i) => i.value.trim()).filter(Boolean);
  const body = { players };
  if ($("new-enter-deal").checked) {
    body.deal = {};
    for (const s of $("new-deal").querySelectorAll("select")) (body.deal[s.dataset.player] ||= []).push(s.value);
  }
  try {
    render(await post("/api/games", body));
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
    const text = s.error ? `(unreadable: ${s.error})`
      : `${s.players.join(", ")}: ${s.finished ? `won by ${s.winners.join(" & ")}` : `pass ${s.pass}, round ${s.round}`}`;
    return el("li", {}, `${g.id}${g.current ? " (this game)" : ""} · ${text} · `,
      el("a", { href: `/api/games/${g.id}/record` }, "record"));
  }));
});

$("btn-new").addEventListener("click", () => (unlocked ? openNew() : openPin()));
$("btn-pin").addEventListener("click", openPin);
$("btn-manual").addEventListener("click", () => { $("manual").hidden = !$("manual").hidden; });
$("btn-undo").addEventListener("click", async () => {
  if (!confirm("Undo the last action?")) return;
  try { render(await post("/api/undo", { count: 1 })); } catch (e) { showError(e.message); }
});

fetch("/api/state").then((r) => r.json()).then(render).finally(connect);
