// The club page: one card per table (offline greyed, warnings and faults highlighted),
// the league and the games, live from /api/club/events. Read only; every text from a
// table goes in as text (textContent), never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
let view = null;
let skewMs = 0; // the club's clock minus this browser's

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v);
  }
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}

function ago(iso) {
  if (!iso) return "";
  const s = Math.max(0, Math.round((Date.now() + skewMs - Date.parse(iso)) / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

function leaders(game) {
  if (game.finished && game.winners.length) return game.winners;
  const scores = Object.values(game.scores || {});
  if (!scores.length) return [];
  const best = Math.max(...scores);
  return Object.entries(game.scores).filter(([, v]) => v === best).map(([p]) => p);
}

// the devices a table reports, in the page's language (the detail comes said already)
const DEVICE_NAMES = { "load cells": N_("load cells"), camera: N_("camera") };

function card(table) {
  const s = table.summary || {};
  const g = s.game;
  const offline = table.state !== "online";
  const faults = Object.entries(s.devices || {}).filter(([, d]) => d.state === "fault");
  const warnings = s.warnings || [];
  const cls = ["card"];
  if (offline) cls.push("offline");
  if (!offline && (warnings.length || faults.length)) cls.push("warn");
  const state = offline ? (table.why === "connection lost" ? t("offline (lost)") : t("offline")) : t("online");
  const c = el("article", { class: cls.join(" "), "data-table": table.table },
    el("h3", {}, el("span", { text: table.table }), el("span", { class: "state", text: state })));
  if (!g) {
    c.append(el("div", { class: "game", text: t("no game under way") }));
  } else {
    const round = g.round !== null && g.round !== undefined ? ` · ${t("round {round}", { round: g.round })}` : "";
    const done = g.finished ? ` · ${t("finished")}` : "";
    c.append(el("div", { class: "game", text: `${g.title}${round}${done}` }));
    const lead = leaders(g);
    const list = el("ol");
    for (const p of g.players) {
      const li = el("li", {}, el("span", { text: p }),
        el("span", { text: p in (g.scores || {}) ? String(g.scores[p]) : "" }));
      if (lead.includes(p)) li.classList.add("leader");
      if (p === g.to_act) li.classList.add("acts");
      list.append(li);
    }
    c.append(list);
    const acts = g.to_act ? `${t("{player} to act", { player: g.to_act })} · ` : "";
    c.append(el("div", { class: "act", "data-moved": table.moved || "", "data-acts": acts,
      text: acts + t("last move {ago} ago", { ago: ago(table.moved) }) }));
  }
  const problems = el("ul", { class: "problems" });
  for (const w of warnings) problems.append(el("li", { text: w }));
  for (const [name, d] of faults) {
    const device = DEVICE_NAMES[name] ? t(DEVICE_NAMES[name]) : name;
    problems.append(el("li", { class: "fault", text: `${device}: ${d.detail}` }));
  }
  if (problems.childElementCount) c.append(problems);
  return c;
}

function tableOf(rows, head, line) {
  const t = el("tbody");
  for (const r of rows) t.append(line(r));
  return [el("thead", {}, head), t];
}

function render() {
  if (!view) return;
  skewMs = Date.parse(view.now) - Date.now();
  const online = view.tables.filter((t) => t.state === "online").length;
  const rejected = view.rejected ? ` · ${tn("{n} message ignored", "{n} messages ignored", view.rejected)}` : "";
  const broker = view.connected ? t("broker connected") : view.broker ? t("broker not connected") : t("no broker set");
  $("facts").textContent = `${t("{online} of {n} tables online", { online, n: view.tables.length })} · ${broker}${rejected}`;
  showLink();
  $("cards").replaceChildren(...(view.tables.length ? view.tables.map(card)
    : [el("p", { class: "empty", text: t("No table has reported yet.") })]));
  renderLeague();
  const ghead = el("tr", {}, el("th", { text: t("Table") }), el("th", { text: t("Game") }), el("th", { text: t("Result") }));
  $("games").replaceChildren(...tableOf(view.games, ghead, (g) => {
    const result = g.error ? g.error : g.finished ? t("won by {winners}", { winners: g.winners.join(", ") })
      : tn("under way ({n} row)", "under way ({n} rows)", g.rows);
    const link = el("a", { href: `/api/club/games/${encodeURIComponent(g.table)}/${encodeURIComponent(g.game_id)}.jsonl`, text: g.game });
    return el("tr", {}, el("td", { text: g.table }), el("td", { class: "name" }, link), el("td", { text: result }));
  }));
}

const TITLES = { "hinkel-stein": "Hinkel & Stein", "stein-im-brett": "Stein im Brett",
  "heuchel-meuchel": "Heuchel & Meuchel", "stein-auf-stein": "Stein auf Stein", hilo: "HiLo" };

// A day as the club keeps it (YYYY-MM-DD) in the page's language: 01.12.2026 in German
// (Intl, built into the browser); English keeps the ISO date.
function day(iso) {
  if (I18N.lang === "en" || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const format = { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" };
  return new Intl.DateTimeFormat(I18N.lang, format).format(new Date(`${iso}T00:00:00Z`));
}

function scopeName(s) {
  const when = s.evening ? t("evening of {date}", { date: day(s.evening) }) : t("overall");
  return `${s.game ? TITLES[s.game] || s.game : t("all games")}, ${when}`;
}

// the scope chosen stays chosen across updates (by its name), else the first one
function renderLeague() {
  const select = $("league-scope");
  const chosen = select.value;
  const scopes = view.leagues;
  select.parentElement.hidden = !scopes.length; // no game yet: no empty chooser
  select.replaceChildren(...scopes.map((s) => el("option", { value: scopeName(s), text: scopeName(s) })));
  const scope = scopes.find((s) => scopeName(s) === chosen) || scopes[0];
  if (scope) select.value = scopeName(scope);
  const head = el("tr", {}, el("th", { text: t("Player") }), el("th", { class: "n", text: t("Played") }),
    el("th", { class: "n", text: t("Wins") }), el("th", { class: "n", text: t("Points") }));
  $("league").replaceChildren(...tableOf(scope ? scope.lines : [], head, (r) => el("tr", {},
    el("td", { text: r.player }), el("td", { class: "n", text: r.played }),
    el("td", { class: "n", text: r.wins }), el("td", { class: "n", text: r.points }))));
}

function tick() {
  for (const e of document.querySelectorAll("[data-moved]")) {
    e.textContent = (e.dataset.acts || "") + t("last move {ago} ago", { ago: ago(e.dataset.moved) });
  }
}

let pageLinked = false; // whether this page hears the club server

// the dot is green only while the page hears the club and the club hears its broker; the
// red line under the bar says plainly what is wrong and what happens next
function showLink() {
  let problem = null;
  if (!pageLinked) {
    problem = t("This page lost the club server: it reconnects by itself. If it stays red, check that `companion club serve` runs.");
  } else if (view && view.broker && !view.connected) {
    problem = view.broker_problem ? t("Club: {problem}.", { problem: view.broker_problem })
      : t("Connecting to the broker {broker}…", { broker: view.broker });
  }
  const ok = problem === null;
  const link = $("link");
  link.classList.toggle("down", !ok);
  const words = ok ? (view && view.broker ? t("connected to the club and its broker") : t("connected to the club")) : problem;
  link.title = words;
  link.setAttribute("aria-label", words);
  const alert = $("alert");
  alert.hidden = ok;
  alert.textContent = ok ? "" : problem;
}

let stream = null; // the club's event stream, in the page's language (?lang=)

function connect() {
  if (stream) stream.close();
  const es = new EventSource("/api/club/events");
  stream = es;
  es.addEventListener("club", (ev) => {
    view = JSON.parse(ev.data);
    pageLinked = true;
    render();
  });
  es.onerror = () => {
    pageLinked = false;
    showLink();
  };
}

$("league-scope").addEventListener("change", () => view && renderLeague());
// the tables' warnings come said in the page's language: a switch opens a new stream
onLanguage(() => { showLink(); render(); connect(); });
i18nReady.then(connect);
setInterval(tick, 1000);
