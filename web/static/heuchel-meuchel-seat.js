// One player's own view of a Heuchel & Meuchel game (/seat): his seat code opens his
// stacks in full and his live score; nothing of other players' hidden cards ever comes.
// Polls the view every 3 s while the page is open (bounded: it stops after 2 hours).
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const el = (tag, attrs = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, v);
    for (const c of children) node.append(c);
    return node;
  };
  const CLASS = { F: N_("Fire-Eater"), M: N_("Minstrel"), Q: N_("Quack"), L: N_("Lady"), B: N_("Bishop"), P: N_("Prince") };
  const card = (c) => el("span", { class: `hm-card hm-${c[0]}`, title: `${CLASS[c[0]] ? t(CLASS[c[0]]) : c[0]} ${c.slice(1)}` }, el("b", {}, c[0]), c.slice(1));
  let last = null;  // the view shown, drawn again on a language switch
  const POLL_MS = 3000;
  const MAX_POLLS = 2400;  // 2 hours
  let code = sessionStorage.getItem("seat-code") || "";
  let polls = 0;
  let timer = null;

  async function load() {
    const res = await fetch(`/api/seat/${encodeURIComponent(code)}`, { cache: "no-store" });
    const data = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
    if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
    return data;
  }

  function render(v) {
    last = v;
    const me = v.players.find((p) => p.name === v.viewer);
    $("seat-ask").hidden = true;
    $("seat-board").hidden = false;
    $("seat-leave").hidden = false;
    $("seat-title").textContent = t("{name}'s stacks", { name: v.viewer });
    $("seat-awaiting").textContent = v.awaiting_text;
    const rows = [];
    for (let r = 13; r >= 1; r--) {
      const sq = me.squares[r - 1];
      if (!sq.unit) continue;
      rows.push(el("div", { class: "hm-rowhead" }, el("b", {}, t("row {row}", { row: r }))),
        el("div", { class: "hm-stack" }, ...sq.unit.cards.map(card), sq.unit.flipped ? el("span", { class: "hm-flipped" }, `↻ ${t("flipped")}`) : ""));
    }
    $("seat-mine").replaceChildren(...(rows.length ? rows : [el("p", {}, t("No cards on the board."))]));
    $("seat-score").textContent = me.discards.length
      ? t("Your score if the game ended now: {score} (discards: {discards})", { score: me.score, discards: me.discards.join(", ") })
      : t("Your score if the game ended now: {score}", { score: me.score });
    $("seat-others").replaceChildren(el("h2", {}, t("The others' top cards")), el("p", {},
      ...v.players.filter((p) => p !== me).map((p) => el("span", {}, ` ${p.name}: `,
        ...p.squares.filter((s) => s.unit).map((s) => s.unit.top ? card(s.unit.top) : el("span", { class: "hm-back" }))))));
  }

  async function tick() {
    try {
      render(await load());
      $("seat-error").textContent = "";
    } catch (e) {
      $("seat-error").textContent = e.message;
      $("seat-ask").hidden = false;
      $("seat-board").hidden = true;
    }
    if (++polls < MAX_POLLS && code) timer = setTimeout(tick, POLL_MS);
  }

  $("seat-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    code = $("seat-code").value.trim().toUpperCase();
    sessionStorage.setItem("seat-code", code);
    clearTimeout(timer);
    polls = 0;
    tick();
  });
  $("seat-leave").addEventListener("click", () => {
    sessionStorage.removeItem("seat-code");
    code = "";
    clearTimeout(timer);
    $("seat-ask").hidden = false;
    $("seat-board").hidden = true;
    $("seat-leave").hidden = true;
  });
  onLanguage(() => { if (last && !$("seat-board").hidden) render(last); });
  if (code) i18nReady.then(tick);
})();
