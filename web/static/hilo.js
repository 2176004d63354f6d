// HiLo: Dein Königreich's page: each player's kingdom as it lies (backs for face-down
// cards), the Sterntaler each makes now (completed ones drawn across the touching edges,
// Keepers linked to their animals), the piles, whose turn and what he may do, the
// questions the camera asks, manual entry of every action, and the end tally with what
// the Magicians cancelled greyed out.
// Uses the common helpers of app.js ($, el, svg, unlocked, act, undoLast, showWhere, showAwaiting).
"use strict";

(() => {
  const W = 40, H = 60, GAP = 5;  // a card and the gap between cards, in the picture's units
  // A kind of card: its short label on the picture (in the page's language) and colour.
  const KIND = {
    "dragon-keeper": [N_("DK"), "#d9b36c"], "unicorn-keeper": [N_("UK"), "#d9b36c"], "wolf-keeper": [N_("WK"), "#d9b36c"],
    dragon: [N_("Dra"), "#e8a48f"], unicorn: [N_("Uni"), "#d8c8f0"], wolf: [N_("Wolf"), "#b9cbd3"],
    magician: [N_("Mag"), "#9b7fc4"], phoenix: [N_("Phx"), "#f0a040"], plain: ["", "#f2e6c8"],
  };
  // A card's name in the page's language: records keep the catalogue's id ("plain-03").
  const CARD_WORDS = {
    "dragon-keeper": N_("dragon-keeper"), "unicorn-keeper": N_("unicorn-keeper"), "wolf-keeper": N_("wolf-keeper"),
    dragon: N_("dragon"), unicorn: N_("unicorn"), wolf: N_("wolf"),
    magician: N_("magician"), phoenix: N_("phoenix"), plain: N_("plain"),
  };
  const cardName = (id) => {
    if (!id) return id;
    if (CARD_WORDS[id]) return t(CARD_WORDS[id]);
    const m = /^(.+)-([^-]+)$/.exec(id);
    return m && CARD_WORDS[m[1]] ? t("{kind}-{design}", { kind: t(CARD_WORDS[m[1]]), design: m[2] }) : id;
  };
  let view = null;
  let entry = { key: null, choice: null };

  const cardLabel = (c) => {
    const short = KIND[c.kind] && KIND[c.kind][0] ? t(KIND[c.kind][0]) : KIND[c.kind] ? "" : "?";
    if (c.kind === "plain") return c.id.replace(/^plain-/, "");
    const variant = c.id.startsWith(c.kind + "-") ? c.id.slice(c.kind.length + 1) : "";
    return variant && variant !== "keeper" ? `${short} ${variant}` : short;
  };

  // One card at (x, y): a back, or its face with the half Sterntaler on its edges.
  function drawCard(g, x, y, card, opts = {}) {
    const node = svg("g", { class: `card${card ? "" : " back"}${opts.ignored ? " ignored" : ""}${opts.differs ? " differs" : ""}`,
      "data-slot": opts.slot || "", "data-card": card ? card.id : "" });
    node.append(svg("rect", { x, y, width: W, height: H, rx: 4, class: "card-body",
      fill: card ? (KIND[card.kind] || ["", "#eee"])[1] : "#1d3f7a" }));
    if (!card) {
      node.append(svg("rect", { x: x + 5, y: y + 5, width: W - 10, height: H - 10, rx: 3, class: "back-inner" }));
    } else {
      const [t, r, b, l] = card.edges;
      const half = (cx, cy) => node.append(svg("circle", { cx, cy, r: 4.5, class: "half" }));
      if (t) half(x + W / 2, y);
      if (r) half(x + W, y + H / 2);
      if (b) half(x + W / 2, y + H);
      if (l) half(x, y + H / 2);
      node.append(svg("text", { x: x + W / 2, y: y + 24, class: "card-label", "text-anchor": "middle" }, cardLabel(card)));
      if (card.whole) node.append(svg("text", { x: x + W / 2, y: y + 48, class: "whole", "text-anchor": "middle" }, "★".repeat(card.whole)));
      if (opts.ignored) node.append(svg("line", { x1: x + 3, y1: y + 3, x2: x + W - 3, y2: y + H - 3, class: "strike" }));
    }
    if (opts.title) node.append(svg("title", {}, opts.title));
    g.append(node);
  }

  const at = (slot) => {  // a slot's card's top-left corner in a kingdom's picture
    const col = Number(slot.slice(1)) - 1;
    return [GAP + col * (W + GAP), GAP + (slot[0] === "T" ? 0 : H + GAP)];
  };

  function seenDiffers(cell) {
    if (!cell.seen) return false;
    const [label, card] = cell.seen;
    if (label === "unknown" || label === "empty") return false;  // a hand, or a card moving
    if (cell.empty) return false;
    if (cell.face_up) return !(label === "face" && card === cell.card.id) && !(cell.ignored && label === "back");
    return label !== "back";
  }

  function drawKingdom(root, p) {
    root.replaceChildren();
    for (const cell of p.cells) {
      const [x, y] = at(cell.slot);
      if (cell.empty) {
        root.append(svg("rect", { x, y, width: W, height: H, rx: 4, class: "card-gone" }));
        continue;
      }
      const differs = seenDiffers(cell);
      const back = t("a back");
      const title = t("{slot} (camera {camera}): {card}", { slot: cell.slot, camera: cell.camera, card: cell.card ? cardName(cell.card.id) : t("face down") }) +
        (cell.ignored ? t(", beside a Magician: not scored") : "") +
        (differs ? t("; the camera sees {what}", { what: cell.seen[0] === "face" ? cell.seen[1] : back }) : "");
      drawCard(root, x, y, cell.card, { slot: cell.slot, ignored: cell.ignored, differs, title });
    }
    for (const k of p.keepers) {  // Keepers linked to the animals they guard
      const [kx, ky] = at(k.keeper);
      for (const a of k.animals) {
        const [ax, ay] = at(a);
        root.append(svg("line", { x1: kx + W / 2, y1: ky + H / 2 + 8, x2: ax + W / 2, y2: ay + H / 2 + 8, class: "keeper-link" }));
      }
    }
    for (const [a, b] of p.joined) {  // a completed Sterntaler across the touching edge
      const [ax, ay] = at(a), [bx, by] = at(b);
      const cx = a[0] === b[0] ? (ax + W + bx) / 2 : ax + W / 2;
      const cy = a[0] === b[0] ? ay + H / 2 : (ay + H + by) / 2;
      root.append(svg("circle", { cx, cy, r: 7.5, class: "joined", "data-between": `${a}-${b}` }));
      root.append(svg("text", { x: cx, y: cy + 4, class: "joined-star", "text-anchor": "middle" }, "★"));
    }
  }

  // ---- the page -----------------------------------------------------------------------

  function renderHilo(s) {
    view = s.view;
    const key = `${s.game.id}:${s.game.actions}:${s.game.row}`;
    if (entry.key !== key) entry = { key, choice: null };
    showWhere(s.game.title, view.finished ? t("game over") : view.turn ? t("turn {n}", { n: view.turn }) : t("setup"));
    showAwaiting(view.awaiting_text, view.awaiting && view.awaiting.player);
    renderKingdoms();
    renderPiles();
    renderAct(s);
    renderTally();
    $("hilo-turns").replaceChildren(...view.turns.map((t) => el("li", {}, t)));
  }

  function renderKingdoms() {
    const box = $("hilo-kingdoms");
    box.dataset.players = String(view.players.length);
    box.replaceChildren(...view.players.map((p) => {
      const pic = svg("svg", { class: "kingdom-pic", viewBox: `0 0 ${6 * (W + GAP) + GAP} ${2 * (H + GAP) + GAP}`,
        role: "img", "aria-label": t("{name}'s kingdom", { name: p.name }) });
      drawKingdom(pic, p);
      const score = view.finished ? `${p.final} ★` : t("{n} ★ now", { n: p.score.total });
      return el("div", { class: `kingdom${p.on_turn ? " on-turn" : ""}`, "data-player": p.name },
        el("div", { class: "kingdom-head" },
          el("span", { class: "kingdom-name" }, `${p.letter} · ${p.name}`),
          p.on_turn ? el("span", { class: "badge turn" }, t("on turn")) : "",
          p.ended ? el("span", { class: "badge" }, t("all face up")) : "",
          p.winner ? el("span", { class: "badge chief" }, t("winner")) : "",
          el("span", { class: "kingdom-score" }, score)),
        pic);
    }));
  }

  function renderPiles() {
    const draw = $("hilo-draw");
    draw.replaceChildren();
    if (view.draw_pile) drawCard(draw, 2, 2, null, { title: tn("draw pile: {n} card", "draw pile: {n} cards", view.draw_pile) });
    else draw.append(svg("rect", { x: 2, y: 2, width: W, height: H, rx: 4, class: "card-gone" }));
    draw.append(svg("text", { x: 22, y: 38, class: "pile-count", "text-anchor": "middle" }, String(view.draw_pile)));
    const pic = $("hilo-discard");
    pic.replaceChildren();
    const top = view.discard.top;
    if (top) drawCard(pic, 2, 2, top, { title: t("discard pile: {card}", { card: cardName(top.id) }) });
    else pic.append(svg("rect", { x: 2, y: 2, width: W, height: H, rx: 4, class: "card-gone" }));
    const facts = [
      [t("Discard pile"), top ? tn("{n} card, top {card}", "{n} cards, top {card}", view.discard.cards, { card: cardName(top.id) }) : tn("{n} card", "{n} cards", view.discard.cards)],
      [t("Draw pile"), tn("{n} card", "{n} cards", view.draw_pile)],
    ];
    if (view.holds_drawn) facts.push([t("In the hand"), t("the drawn card")]);
    if (view.reshuffles) facts.push([t("Reshuffled"), String(view.reshuffles)]);
    $("hilo-pile-facts").replaceChildren(...facts.map(([k, v]) => el("span", {}, t("{label}: ", { label: k }), el("b", {}, v))));
  }

  // ---- deciding: the camera's questions, manual entry ------------------------------------

  const ASKS_SHOWN = 5;
  let asksKey = "";
  let asksOpen = false;

  async function answer(ask) {
    for (const record of ask.records) if (!(await act(record))) return;
  }

  // The phase awaited (the record's word), said in the page's language.
  const PHASES = {
    upturn: N_("upturn"), setup: N_("setup"), redraw: N_("redraw"), turn: N_("turn"),
    decide: N_("decide"), reveal: N_("reveal"), spell: N_("spell"), uncover: N_("uncover"),
  };

  function renderAct(s) {
    const aw = view.awaiting;
    const phase = PHASES[aw && aw.action] ? t(PHASES[aw.action]) : aw && aw.action;
    $("hilo-act-title").textContent = !aw ? t("Game over") : aw.player ? `${aw.player}: ${phase}` : phase;
    const asks = s.asks || [];
    // the camera's best guess comes first; beyond ASKS_SHOWN readings the rest wait behind
    // one button, so that a question never buries the page (shown again for a new question)
    const key = asks.map((a) => a.label).join("\n");
    if (key !== asksKey) { asksKey = key; asksOpen = false; }
    const shown = asksOpen || asks.length <= ASKS_SHOWN + 1 ? asks : asks.slice(0, ASKS_SHOWN);
    const more = shown.length < asks.length ? [el("button", {
      class: "big secondary ask-more", onclick: () => { asksOpen = true; renderAct(snap); },
    }, tn("{n} more reading…", "{n} more readings…", asks.length - shown.length))] : [];
    $("hilo-asks").replaceChildren(...(asks.length ? [el("div", { class: "choice-group" }, t("The camera cannot tell: tap what happened"))] : []),
      ...shown.map((a) => el("button", { class: "big ask", disabled: unlocked ? null : "", onclick: () => answer(a) }, a.label)),
      ...more);
    const box = $("hilo-choices");
    box.replaceChildren(...view.choices.map((c, i) => el("button", {
      class: `big secondary${entry.choice === i ? " chosen" : ""}`, "data-type": c.type, disabled: unlocked ? null : "",
      onclick: () => (c.record ? act(c.record) : pick(i)),
    }, c.label)));
    if (!aw) box.append(el("div", { class: "choice-group" }, view.awaiting_text));
    $("hilo-lock").hidden = unlocked;
    $("hilo-undo").disabled = !unlocked;
    renderEntry();
  }

  function pick(i) {
    entry.choice = entry.choice === i ? null : i;
    renderAct(snap);
  }

  const select = (name, options, labelOf = (o) => o) => el("select", { name, "aria-label": name },
    ...options.map((o) => el("option", { value: typeof o === "string" ? o : o.value }, labelOf(o))));

  function field(label, node) {
    return el("label", { class: "entry-field" }, el("span", {}, label), node);
  }

  function renderEntry() {
    const form = $("hilo-entry");
    const c = entry.choice !== null ? view.choices[entry.choice] : null;
    form.hidden = !c || !unlocked;
    if (!c || !unlocked) { form.replaceChildren(); return; }
    const parts = [el("div", { class: "choice-group" }, t("{choice}: pick, then Enter", { choice: c.label }))];
    const slotOf = (s) => ({ value: s.slot, text: `${s.slot} · ${s.card ? cardName(s.card) : t("face down")}` });
    if (c.type === "uncover") {
      for (const s of c.slots) parts.push(field(t("{slot} shows", { slot: s.slot }), select(`card-${s.slot}`, c.cards, cardName)));
    } else {
      if (c.slots) parts.push(field(t("Slot"), select("slot", c.slots.map(slotOf), (o) => o.text)));
      if (c.type === "spell") {
        const others = Object.keys(c.targets);
        const withSel = select("with", others);
        const atSel = select("at", c.targets[others[0]]);
        withSel.addEventListener("change", () => atSel.replaceChildren(...c.targets[withSel.value].map((s) => el("option", { value: s }, s))));
        parts.push(field(t("With"), withSel), field(t("Their slot"), atSel));
      } else if (["take", "exchange"].includes(c.type)) {
        parts.push(field(t("Card from a face-down slot"), select("discards", c.cards, cardName)));
      } else if (c.cards) {
        parts.push(field(t("Card"), select("card", c.cards, cardName)));
      }
    }
    parts.push(el("div", { class: "row" }, el("button", { class: "big", type: "button", onclick: () => enter(c) }, t("Enter")),
      el("button", { class: "big secondary", type: "button", onclick: () => pick(entry.choice) }, t("Cancel"))));
    form.replaceChildren(...parts);
  }

  function enter(c) {
    const form = $("hilo-entry");
    const value = (name) => { const s = form.querySelector(`select[name="${name}"]`); return s ? s.value : null; };
    const record = { type: c.type };
    if (c.player) record.player = c.player;
    if (c.type === "uncover") {
      record.cards = Object.fromEntries(c.slots.map((s) => [s.slot, value(`card-${s.slot}`)]));
    } else {
      if (c.slots) record.slot = value("slot");
      if (c.type === "spell") { record.with = value("with"); record.at = value("at"); }
      else if (["take", "exchange"].includes(c.type)) {
        const s = c.slots.find((x) => x.slot === record.slot);
        record.discards = s && s.card ? s.card : value("discards");  // a face-up card is known
      } else if (c.cards) record.card = value("card");
    }
    act(record);
  }

  // ---- the end tally ---------------------------------------------------------------------

  function renderTally() {
    const rows = view.players.map((p) => el("tr", { class: p.winner ? "winner" : null, "data-player": p.name },
      el("td", {}, p.name, p.winner ? el("span", { class: "badge chief" }, t("winner")) : ""),
      el("td", { class: "discs" }, String(p.score.joined)),
      el("td", { class: "discs" }, String(p.score.whole)),
      el("td", { class: "discs" }, String(p.score.keepers)),
      el("td", { class: "discs total" }, String(view.finished ? p.final : p.score.total)),
      el("td", { class: "cancelled" }, p.ignored.length ? p.ignored.join(", ") : "—")));
    $("hilo-tally").replaceChildren(el("tr", {}, el("th", {}, t("Player")), el("th", { class: "discs", title: t("completed across touching edges") }, t("Edges")),
      el("th", { class: "discs", title: t("whole Sterntaler printed on cards") }, t("Whole")),
      el("th", { class: "discs", title: t("Keepers with their animals") }, t("Keep.")), el("th", { class: "discs" }, t("Total")),
      el("th", { title: t("cards beside a Magician: not scored") }, t("Not scored"))), ...rows);
    $("hilo-tally-title").textContent = view.finished ? t("Final tally") : view.ending ? t("Tally (uncovering)") : t("Sterntaler now (face-up cards)");
  }

  $("hilo-undo").addEventListener("click", undoLast);

  GAMES.hilo = {
    title: "HiLo",
    render: renderHilo,
    newGame: {
      help: N_("Names in clockwise seating order, the starting player first; 2 to 5 players."),
      min: 2,
      max: 5,
      reset() {},
      options() {},
      body() { return {}; },
    },
  };
})();
