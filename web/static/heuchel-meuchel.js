// Heuchel & Meuchel's page: the board as it lies (each column in its player's colour,
// every stack's top card and how many cards it holds, flipped cards as backs), the
// discards, the turn, legal moves highlighted when a square is tapped, the choices and
// the seat codes. Nothing under a top card is ever shown here while the game runs.
// Uses the common helpers of app.js ($, el, snap, unlocked, act, undoLast, post).
"use strict";

(() => {
  const CLASS = { F: N_("Fire-Eater"), M: N_("Minstrel"), Q: N_("Quack"), L: N_("Lady"), B: N_("Bishop"), P: N_("Prince") };
  const cardName = (c) => `${CLASS[c[0]] ? t(CLASS[c[0]]) : c[0]} ${c.slice(1)}`;
  let view = null;
  let picked = null;  // the tapped square: {seat, row}
  let codes = null;  // {player: seat code}, fetched on this (paired) tablet only

  const choicesOf = (type) => (view ? view.choices.filter((c) => c.type === type) : []);

  function cardFace(unit) {
    if (!unit) return [];
    if (unit.flipped && !unit.top) {
      return [el("span", { class: "hm-back", title: t("flipped at its goal") }, "▮"),
        unit.count > 1 ? el("span", { class: "hm-count" }, `×${unit.count}`) : ""];
    }
    return [el("span", { class: `hm-card hm-${unit.top[0]}${unit.flipped ? " is-flipped" : ""}`,
      title: unit.flipped ? t("{card}, flipped at its goal", { card: cardName(unit.top) }) : cardName(unit.top) },
      el("b", {}, unit.top[0]), unit.top.slice(1)),
    unit.count > 1 ? el("span", { class: "hm-count", title: tn("{n} card in the stack", "{n} cards in the stack", unit.count) }, `×${unit.count}`) : "",
    unit.flipped ? el("span", { class: "hm-flipped", title: t("flipped at its goal") }, "↻") : ""];
  }

  // ---- the board ------------------------------------------------------------------------

  function targetsOf(seat, row) {
    const me = view.players[seat];
    return choicesOf("move").filter((c) => c.player === me.name && c.row === row);
  }

  function drawBoard() {
    const grid = $("hm-board");
    const n = view.players.length;
    grid.style.setProperty("--cols", n);
    const moves = picked ? targetsOf(picked.seat, picked.row) : [];
    const targets = new Set(moves.map((m) => m.to));
    const takes = choicesOf("take");
    const at = view.awaiting ? view.awaiting.at : null;
    const cells = [el("div", { class: "hm-corner" }, t("row"))];
    for (const p of view.players) {
      cells.push(el("div", { class: `hm-head${p.on_turn ? " on-turn" : ""}`, style: `--pc:${p.colour}` }, p.name));
    }
    for (let r = 13; r >= 1; r--) {
      const info = view.rows[r - 1];
      const mark = [info.start ? t("{who} start", { who: t(info.start) }) : "", info.goal ? t("{who} goal", { who: t(info.goal) }) : ""].filter(Boolean).join(" · ");
      cells.push(el("div", { class: `hm-rowhead${info.goal ? " goal" : ""}${info.start ? " start" : ""}`, title: mark },
        el("b", {}, String(r)), el("small", {}, info.goal ? `${t(info.goal)} ★` : info.start ? t(info.start) : "")));
      view.players.forEach((p, seat) => {
        const sq = p.squares[r - 1];
        const isPicked = picked && picked.seat === seat && picked.row === r;
        const tappableMove = p.on_turn && targetsOf(seat, r).length > 0;
        const isTarget = picked && picked.seat === seat && targets.has(r);
        const takeHere = at === r && takes.some((c) => c.column === p.name);
        const seenOther = sq.seen !== undefined && sq.seen !== null && sq.seen !== expectedLabel(sq.unit);
        const cls = ["hm-square",
          info.goal ? "goal" : "", info.start ? "start" : "",
          tappableMove ? "movable" : "", isPicked ? "picked" : "", isTarget ? "target" : "",
          takeHere ? "takeable" : "", seenOther ? "camera-differs" : ""].filter(Boolean).join(" ");
        // a square that can be tapped now is a button; the others only show what lies there
        const tappable = unlocked && (tappableMove || isTarget || takeHere || isPicked);
        const node = el(tappable ? "button" : "div", {
          class: cls, style: `--pc:${p.colour}`, "data-cell": sq.cell, "data-row": r, "data-seat": seat,
          title: seenOther ? t("the camera sees {what} here", { what: sq.seen }) : t("{name}, row {row}", { name: p.name, row: r }),
          onclick: tappable ? () => tapSquare(seat, r) : null,
        }, ...cardFace(sq.unit));
        cells.push(node);
      });
    }
    grid.replaceChildren(...cells);
    renderPick(moves);
  }

  function expectedLabel(unit) {
    if (!unit) return "empty";
    return unit.flipped ? "back" : unit.top;
  }

  function tapSquare(seat, row) {
    if (!unlocked) return;
    const p = view.players[seat];
    if (picked && picked.seat === seat && picked.row === row) { picked = null; drawBoard(); return; }
    if (picked && picked.seat === seat && targetsOf(picked.seat, picked.row).some((m) => m.to === row)) {
      const ms = targetsOf(picked.seat, picked.row).filter((m) => m.to === row);
      if (ms.length === 1) { picked = null; act(ms[0].record); return; }
      $("hm-pick").replaceChildren(el("div", { class: "choice-group" }, t("How many cards from the top go to row {row}?", { row })),
        ...ms.map((m) => el("button", { class: "big choice", onclick: () => { picked = null; act(m.record); } }, tn("the top card", "the top {n}", m.cards))));
      return;
    }
    const takes = choicesOf("take").filter((c) => c.column === p.name);
    if (view.awaiting && view.awaiting.at === row && takes.length) {
      picked = null;
      drawBoard();
      $("hm-pick").replaceChildren(el("div", { class: "choice-group" }, t("Favour: how many cards from the top of {name}'s stack on row {row}?", { name: p.name, row })),
        ...takes.map((c) => el("button", { class: "big choice", onclick: () => act(c.record) }, tn("the top card", "the top {n}", c.cards))));
      return;
    }
    picked = targetsOf(seat, row).length ? { seat, row } : null;
    drawBoard();
  }

  function renderPick(moves) {
    const box = $("hm-pick");
    if (!picked) { box.replaceChildren(); return; }
    const rows = [...new Set(moves.map((m) => m.to))];
    box.replaceChildren(el("div", { class: "choice-group" },
      t("Row {row}: may go to row {rows} (highlighted). Tap the target.", { row: picked.row, rows: rows.join(", ") })));
  }

  // ---- decisions ---------------------------------------------------------------------

  function choiceButton(c, cls = "big choice") {
    return el("button", { class: cls, disabled: unlocked ? null : "", onclick: () => act(c.record) }, c.label);
  }

  function renderDecisions(s) {
    const box = $("hm-choices");
    const parts = [];
    if (s.asks && s.asks.length) {
      parts.push(el("div", { class: "choice-group ask" }, t("The camera cannot tell: which was it?")),
        ...s.asks.map((a) => choiceButton(a, "big choice ask")));
    }
    const direct = view.choices.filter((c) => c.type !== "move" && c.type !== "take");
    if (direct.length) parts.push(...direct.map((c) => choiceButton(c)));
    if (choicesOf("move").length) parts.push(el("div", { class: "choice-group" }, t("To move: tap a highlighted card, then its target.")));
    if (choicesOf("take").length) parts.push(el("div", { class: "choice-group" }, t("Favours: tap a highlighted square on row {row}.", { row: view.awaiting.at })));
    box.replaceChildren(...parts);
    $("hm-lock").hidden = unlocked || view.finished;
    $("hm-undo").disabled = !unlocked || s.game.actions <= 1;
    const manual = $("hm-manual");
    manual.replaceChildren(...view.choices.map((c) => el("li", {}, choiceButton({ ...c, label: `${c.player}: ${c.label}` }, "tool-light"))));
    $("hm-codes-btn").hidden = !unlocked || view.finished;
    renderCodes();
  }

  function renderCodes() {
    const box = $("hm-codes");
    const names = view.players.map((p) => p.name);
    box.hidden = !(codes && unlocked && !view.finished && names.every((n) => codes[n]));
    if (box.hidden) return;
    box.replaceChildren(el("p", {}, t("Each player opens {address} on his phone and enters his code (his own cards only):", { address: `${location.origin}/seat` })),
      ...names.map((n) => el("div", { class: "hm-code" }, el("span", {}, n), el("code", {}, codes[n]))));
  }

  async function showCodes() {
    try {
      codes = (await post("/api/seat-codes", {})).codes;
      renderCodes();
    } catch (e) { showError(e.message); }
  }

  // ---- players, scores, history ------------------------------------------------------------

  function renderPlayers() {
    const rows = view.players.map((p) => el("tr", { class: p.on_turn ? "on-turn" : null },
      el("td", {}, el("span", { class: "hm-swatch", style: `background:${p.colour}` }), p.name,
        p.on_turn ? el("span", { class: "badge turn" }, t("on turn")) : "",
        p.winner ? el("span", { class: "badge chief" }, t("winner")) : ""),
      el("td", { class: "hm-discards" }, ...(p.discards.length ? p.discards.map((c) => el("span", { class: `hm-card small hm-${c[0]}`, title: cardName(c) }, el("b", {}, c[0]), c.slice(1))) : ["—"])),
      el("td", { class: "discs" }, p.score !== null ? String(p.score)
        : el("span", { title: t("the cards in sight only; the hidden cards count at the end") }, String(p.shown.points),
          p.shown.hidden ? el("span", { class: "hm-hidden" }, t("+{n} hidden", { n: p.shown.hidden })) : ""))));
    $("hm-players").replaceChildren(el("tr", {}, el("th", {}, t("Player")), el("th", {}, t("Discards")),
      el("th", { class: "discs" }, view.finished ? t("Score") : t("In sight"))), ...rows);
    const tally = $("hm-tally");
    tally.hidden = !view.finished;
    if (view.finished) {
      tally.replaceChildren(el("h2", { class: "sub" }, t("Final tally")), ...view.players.map((p) => el("div", { class: "hm-tally-row" },
        el("b", {}, `${p.name}: ${p.score}`), " = ",
        ...p.tally.map((x) => el("span", { class: `hm-t ${x.where}`, title: x.where === "discard" ? t("discarded")
          : x.where === "goal" ? t("row {row}: reached its goal", { row: x.row }) : t("row {row}: short of its goal", { row: x.row }) },
          `${x.points > 0 ? "+" : ""}${x.points} ${x.card}`)))));
    }
    $("hm-turns").replaceChildren(...view.turns.slice().reverse().map((t) => el("li", {}, t)));
  }

  function renderHeuchelMeuchel(s) {
    view = s.view;
    if (picked && !targetsOf(picked.seat, picked.row).length) picked = null;
    showWhere(s.game.title, view.finished ? t("game over") : view.dice ? t("turn {n} · dice", { n: view.turn_no }) : t("turn {n}", { n: view.turn_no }));
    showAwaiting(view.awaiting_text, view.awaiting ? view.awaiting.player : null);
    drawBoard();
    renderDecisions(s);
    renderPlayers();
    $("record-link").hidden = !view.finished;  // the record lists the hidden cards: at the end
  }

  $("hm-undo").addEventListener("click", () => undoLast());
  $("hm-codes-btn").addEventListener("click", showCodes);

  GAMES["heuchel-meuchel"] = {
    title: "Heuchel & Meuchel",
    render: renderHeuchelMeuchel,
    newGame: {
      help: N_("Names in clockwise seating order, the start player first; 2 to 6 players. The cards are dealt here: lay them out as the board then shows."),
      min: 2,
      max: 6,
      reset() { $("new-hm-dice").checked = false; },
      options() {},
      body() { return { dice: $("new-hm-dice").checked }; },
    },
  };
})();
