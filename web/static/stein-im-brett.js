// Stein im Brett's page: the hex board with the stones in their real colours, the turn's
// entry by tapping fields and colours, players, the bag, scores, advice and the turns.
// Uses the common helpers of app.js ($, el, svg, snap, unlocked, act, undoLast).
"use strict";

(() => {
  const R = 40;  // a field's radius in the picture's units (the view gives field radii)
  const COLOURS = ["red", "yellow", "green", "blue", "white", "black"];
  const COLOUR_NAMES = new Set(COLOURS);
  const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
  const colour = colourWord;  // in the page's language (the record keeps "red")

  // The turn being composed on this tablet: reset whenever the game moves on.
  let entry = { key: null, stones: [], field: null };
  let view = null;

  function ink(hex) {  // black or white text on a stone of this colour
    const n = parseInt(hex.slice(1), 16);
    const lum = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
    return lum > 150 ? "#1f2620" : "#ffffff";
  }

  const hexOf = (c) => (view && view.colours[c] ? view.colours[c].hex : "#888888");

  function swatch(c) {
    return el("span", { class: `swatch sw-${c}`, style: `background:${hexOf(c)}`, title: colour(c) });
  }

  function hexPoints(x, y, r) {
    const pts = [];
    for (let k = 0; k < 6; k++) {
      const a = (Math.PI / 180) * (60 * k - 90);
      pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
    }
    return pts.join(" ");
  }

  // ---- the board ----------------------------------------------------------------------

  // Draw `fields` into `root`. opts: scored (ids ringed; default: the fields' `scores`),
  // camera (mark what the camera sees otherwise), tap (free ids that may be tapped),
  // pending [[field, colour]], selected (id), advice (the last turn's).
  function drawBoard(root, fields, opts = {}) {
    root.replaceChildren();
    const at = {};
    for (const f of fields) at[f.id] = { x: f.x * R, y: f.y * R, f };
    const scored = opts.scored ? new Set(opts.scored) : null;
    const pending = new Map((opts.pending || []).map(([fid, c], i) => [fid, { c, n: i + 1 }]));
    const tap = opts.tap || new Set();
    const links = svg("g", { class: "links" });
    for (const f of fields) {
      const { x, y } = at[f.id];
      // a stone the camera sees on a free field: this turn's, not yet recorded (not a fault)
      const seenNew = opts.camera && !f.stone && !f.set_aside && COLOUR_NAMES.has(f.seen) && !pending.has(f.id);
      const seenOther = opts.camera && !seenNew && f.seen !== null && f.seen !== undefined && f.seen !== (f.stone || "empty");
      const g = svg("g", {
        class: `field${tap.has(f.id) ? " tappable" : ""}${f.id === opts.selected ? " selected" : ""}${seenOther ? " camera-differs" : ""}`,
        "data-field": f.id,
        "data-stone": opts.was ? "" : f.stone || (pending.has(f.id) ? `pending-${pending.get(f.id).c}` : ""),
      });
      g.append(svg("polygon", { class: "hex", points: hexPoints(x, y, R - 1.5) }));
      g.append(svg("text", { class: "field-id", x, y: y - 27, "text-anchor": "middle" }, f.id));
      if (f.stone) {
        g.append(svg("circle", { class: `stone${opts.was ? " was" : ""}`, cx: x, cy: y + 2, r: 22, fill: hexOf(f.stone), "data-colour": f.stone }));
        const scores = scored ? scored.has(f.id) : f.scores;
        if (scores) {
          g.classList.add("scores");
          g.append(svg("circle", { class: "score-ring", cx: x, cy: y + 2, r: 28 }));
          g.append(svg("text", { class: "score-star", x: x + 24, y: y - 14, "text-anchor": "middle" }, "★"));
        } else if (scored) {
          g.classList.add("not-scored");
        }
      } else if (pending.has(f.id)) {
        const p = pending.get(f.id);
        g.append(svg("circle", { class: "stone pending", cx: x, cy: y + 2, r: 22, fill: hexOf(p.c), "data-colour": p.c }));
        g.append(svg("text", { class: "pending-n", x, y: y + 9, "text-anchor": "middle", fill: ink(hexOf(p.c)) }, String(p.n)));
      }
      if (seenNew) {
        g.classList.add("camera-new");
        g.append(svg("circle", { class: "stone seen-new", cx: x, cy: y + 2, r: 22, fill: hexOf(f.seen), "data-colour": f.seen }));
        g.append(svg("text", { class: "camera-label new", x, y: y + 36, "text-anchor": "middle" }, t("new")));
        g.append(svg("title", {}, t("{field}: the camera sees a new {colour} stone (recorded with the turn)", { field: f.id, colour: colour(f.seen) })));
      }
      if (seenOther) {
        const what = f.seen === "unknown" ? t("cannot tell") : t("sees {colour}", { colour: colour(f.seen) });
        g.append(svg("polygon", { class: "camera-mark", points: hexPoints(x, y, R - 5) }));
        g.append(svg("text", { class: "camera-label", x, y: y + 36, "text-anchor": "middle" }, f.seen === "unknown" ? t("cam ?") : t("cam: {colour}", { colour: colour(f.seen) })));
        const stone = f.stone ? colour(f.stone) : t("no stone");
        g.append(svg("title", {}, t("{field}: the record has {stone}, the camera {what}", { field: f.id, stone, what })));
      }
      if (tap.has(f.id) || pending.has(f.id)) g.addEventListener("click", () => tapField(f.id));
      root.append(g);
    }
    const a = opts.advice;
    if (a && a.placed.every(([fid, c]) => at[fid] && at[fid].f.stone === c)) {
      for (const [p, q] of a.together) {
        if (!at[p] || !at[q]) continue;
        links.append(svg("line", { class: "together", x1: at[p].x, y1: at[p].y + 2, x2: at[q].x, y2: at[q].y + 2 }));
      }
      const placed = new Map(a.placed.map(([fid, c]) => [fid, c]));
      for (const [fid, c] of a.instead) {
        if (placed.get(fid) === c || !at[fid] || at[fid].f.stone) continue;
        const { x, y } = at[fid];
        links.append(svg("circle", { class: "ghost", cx: x, cy: y + 2, r: 22, fill: hexOf(c), "data-field": fid, "data-colour": c }));
      }
      root.append(links);
    }
  }

  // ---- entering a turn ------------------------------------------------------------------

  const placeChoice = () => (view ? view.choices.find((c) => c.type === "place") : null);

  function tapField(fid) {
    const choice = placeChoice();
    if (!unlocked || !choice) return;
    const i = entry.stones.findIndex(([f]) => f === fid);
    if (i >= 0) entry.stones.splice(i, 1);  // tapping a chosen stone takes it back
    else if (entry.field === fid) entry.field = null;
    else if (entry.stones.length < choice.stones) entry.field = fid;
    renderBoardAndEntry();
    if (entry.field) bringIntoView($("sib-colours"));  // on a phone they lie below the board
  }

  function pickColour(c) {
    if (!entry.field) return;
    entry.stones.push([entry.field, c]);
    entry.field = null;
    renderBoardAndEntry();
    const choice = placeChoice();
    if (choice && entry.stones.length < choice.stones) bringIntoView($("sib-board"));  // the next field
  }

  // Scroll just enough that `node` is on screen (nothing moves when it already is).
  function bringIntoView(node) {
    const r = node.getBoundingClientRect();
    const top = document.querySelector(".topbar").getBoundingClientRect().bottom;
    if (r.top >= top && r.bottom <= innerHeight) return;
    node.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }

  async function enterTurn() {
    const choice = placeChoice();
    if (!choice || !entry.stones.length) return;
    await act({ type: "place", player: choice.player, stones: entry.stones.map(([f, c]) => [f, c]) });
  }

  function renderEntry() {
    const choice = placeChoice();
    $("sib-entry").hidden = !choice;
    if (!choice) return;
    const n = entry.stones.length;
    const of = { k: n + 1, n: choice.stones, field: entry.field };
    const help = !unlocked ? t("Unlock to enter the turn.")
      : n >= choice.stones ? t("All {n} chosen: enter the turn (or tap a stone to take it back).", of)
        : entry.field ? t("{field}: which colour? (stone {k} of {n})", of)
          : t("Tap a free field on the board, then its colour (stone {k} of {n}).", of);
    $("sib-entry-help").textContent = help;
    $("sib-pending").replaceChildren(...entry.stones.map(([f, c], i) => el("li", {},
      swatch(c), ` ${t("{colour} on {field}", { colour: cap(colour(c)), field: f })} `,
      el("button", { class: "remove", title: t("take the {colour} stone off {field}", { colour: colour(c), field: f }), "aria-label": t("remove {colour} on {field}", { colour: colour(c), field: f }),
        onclick: () => { entry.stones.splice(i, 1); renderBoardAndEntry(); } }, "✕"))));
    const used = {};
    for (const [, c] of entry.stones) used[c] = (used[c] || 0) + 1;
    $("sib-colours").replaceChildren(...COLOURS.filter((c) => (choice.bag[c] || 0) > 0).map((c) => {
      const left = choice.bag[c] - (used[c] || 0);
      return el("button", {
        class: "big colour", "data-colour": c, style: `background:${hexOf(c)};color:${ink(hexOf(c))}`,
        disabled: !unlocked || !entry.field || left <= 0 ? "" : null, onclick: () => pickColour(c),
      }, `${cap(colour(c))} · ${left}`);
    }));
    $("sib-enter").textContent = t("Enter turn ({k} of {n})", { k: n, n: choice.stones });
    $("sib-enter").disabled = !unlocked || n === 0;
    $("sib-clear").disabled = !unlocked || (n === 0 && !entry.field);
  }

  function renderBoardAndEntry() {
    const choice = placeChoice();
    const chosen = new Set(entry.stones.map(([f]) => f));
    const tap = new Set(unlocked && choice && entry.stones.length < choice.stones
      ? choice.free.filter((f) => !chosen.has(f)) : []);
    // Between rounds, until the first stone is chosen, the board shows the round just
    // scored (faded, the scoring stones ringed); the fields can be tapped all the same.
    const last = view.last_scoring;
    const was = last && view.board.every((f) => !f.stone) && !entry.stones.length && !entry.field;
    if (was) {
      const seen = new Map(view.board.map((f) => [f.id, f.seen]));
      drawBoard($("sib-board"), last.board.map((f) => ({ ...f, seen: seen.get(f.id) })), {
        scored: last.scored, was: true, tap,
      });
    } else {
      drawBoard($("sib-board"), view.board, {
        camera: true, tap, pending: entry.stones, selected: entry.field, advice: view.advice,
      });
    }
    $("sib-board-caption").hidden = !was;
    if (was) {
      // what comes next: a turn to tap in, the PIN first, or nothing (the game is over)
      const next = !choice ? "" : unlocked ? ` ${t("Tap a field to enter the next turn.")}` : ` ${t("Unlock to enter the next turn.")}`;
      $("sib-board-caption").textContent = view.awaiting
        ? t("The board is empty: this is round {round} as it was scored (ringed stones scored).", { round: last.round }) + next
        : t("The game is over: round {round} as it was scored (ringed stones scored).", { round: last.round });
    }
    renderEntry();
  }

  $("sib-enter").addEventListener("click", enterTurn);
  $("sib-clear").addEventListener("click", () => { entry.stones = []; entry.field = null; renderBoardAndEntry(); });
  $("sib-undo").addEventListener("click", undoLast);

  // ---- the rest of the page -------------------------------------------------------------

  function renderSteinImBrett(s) {
    view = s.view;
    const key = `${s.game.id}:${s.game.actions}:${s.game.row}`;
    if (entry.key !== key) entry = { key, stones: [], field: null };
    const choice = placeChoice();
    if (choice) {  // the camera may have filled a field meanwhile
      const free = new Set(choice.free);
      entry.stones = entry.stones.filter(([f]) => free.has(f));
      if (entry.field && !free.has(entry.field)) entry.field = null;
    }
    const starter = view.players.find((p) => p.starts);
    showWhere(s.game.title, t("round {round} of {rounds}", { round: view.round, rounds: view.rounds }));
    showAwaiting(view.awaiting_text, view.awaiting && view.awaiting.player);
    $("sib-round").textContent = t("Round {round} of {rounds}", { round: view.round, rounds: view.rounds })
      + (starter ? ` · ${t("{name} starts", { name: starter.name })}` : "");
    renderBoardAndEntry();
    renderFacts(s);
    renderChoices();
    renderAdvice();
    renderPlayers();
    renderBag();
    renderScores();
    renderLast();
    renderTurns();
  }

  function renderFacts() {
    const free = view.board.filter((f) => !f.stone).length;
    const aw = view.awaiting;
    const facts = [
      [t("On turn"), aw && aw.action === "place" ? tn("{player} ({n} stone)", "{player} ({n} stones)", aw.stones, { player: aw.player }) : "—"],
      [t("Free fields"), String(free)],
      [t("In the bag"), String(Object.values(view.bag).reduce((a, b) => a + b, 0))],
    ];
    $("sib-board-facts").replaceChildren(...facts.map(([k, v]) => el("span", {}, t("{label}: ", { label: k }), el("b", {}, v))),
      el("span", { class: "legend" }, el("span", { class: "legend-ring" }), ` ${t("would score now")}`));
    const known = (f) => f.seen !== null && f.seen !== undefined;
    const fresh = view.board.filter((f) => known(f) && !f.stone && !f.set_aside && COLOUR_NAMES.has(f.seen));
    const differs = view.board.filter((f) => known(f) && !fresh.includes(f) && f.seen !== (f.stone || "empty"));
    const lines = [];
    if (fresh.length) {
      const seen = aw && aw.action === "place" ? t("The camera sees new stones ({k} of {n}): ", { k: fresh.length, n: aw.stones })
        : t("The camera sees new stones: ");
      lines.push(el("div", { class: "camera-new-line" }, el("b", {}, seen),
        fresh.map((f) => t("{colour} on {field}", { colour: colour(f.seen), field: f.id })).join(", ")));
    }
    if (differs.length) {
      const unclear = t("unclear"), empty = t("empty");
      lines.push(el("div", {}, el("b", {}, t("The camera sees otherwise: ")), differs.map((f) =>
        t("{field} {seen} (recorded {stone})", { field: f.id, seen: f.seen === "unknown" ? unclear : colour(f.seen), stone: f.stone ? colour(f.stone) : empty })).join(", ")));
    }
    $("sib-camera").hidden = !lines.length;
    $("sib-camera").replaceChildren(...lines);
  }

  function renderChoices() {
    const box = $("sib-choices");
    const aw = view.awaiting;
    $("sib-act-title").textContent = !aw ? t("Game over") : aw.action === "draw" ? t("Who starts?") : t("{player} places {n}", { player: aw.player, n: aw.stones });
    const draws = view.choices.filter((c) => c.type === "draw");
    box.replaceChildren(...(draws.length ? [el("div", { class: "choice-group" }, t("Draw one stone from the bag and tap its colour:"))] : []),
      ...draws.map((c) => el("button", {
        class: "big colour", "data-colour": c.record.colour, style: `background:${c.colour};color:${ink(c.colour)}`,
        disabled: unlocked ? null : "", onclick: () => act(c.record),
      }, c.label)));
    if (!aw) {
      const winners = view.players.filter((p) => p.winner).map((p) => p.name);
      box.append(el("div", { class: "choice-group" }, tn("Game over: {names} won.", "Game over: {names} won.", winners.length, { names: winners.join(" & ") })));
    }
    $("sib-lock").hidden = unlocked;
    $("sib-undo").disabled = !unlocked;
  }

  const colourAt = (fid, a) => {
    const p = a.placed.find(([f]) => f === fid);
    if (p) return p[1];
    const f = view.board.find((x) => x.id === fid);
    return f && f.stone ? f.stone : "?";
  };

  function adviceText(a) {
    const pairs = a.together.map(([p, q]) => t("{colour} together on {from}–{to}", { colour: colour(colourAt(p, a)), from: p, to: q })).join("; ");
    // only the stones that would go elsewhere: "green on b1 rather than a1"
    const key = ([f, c]) => `${f}:${c}`;
    const was = new Set(a.placed.map(key)), now = new Set(a.instead.map(key));
    const to = a.instead.filter((s) => !was.has(key(s))).map(([f, c]) => t("{colour} on {field}", { colour: colour(c), field: f }));
    const from = a.placed.filter((s) => !now.has(key(s))).map(([f]) => f);
    const instead = t("{to} rather than {from}", { to: to.join(", "), from: from.join(", ") });
    const left = a.instead_together ? tn("({n} pair together)", "({n} pairs together)", a.instead_together) : t("(none together)");
    return t("{player} put {pairs}; instead: {instead} {left}", { player: a.player, pairs, instead, left });
  }

  function renderAdvice() {
    const a = view.advice;
    $("sib-advice").hidden = !a;
    if (!a) return;
    $("sib-advice").replaceChildren(el("h3", {}, t("Advice on the last turn")), el("p", { class: "advice-text" }, adviceText(a)),
      el("p", { class: "advice-key" }, t("On the board: a red bar joins the stones put together; faint stones show where they could have gone.")));
  }

  function renderPlayers() {
    const rows = view.players.map((p) => el("tr", { class: p.on_turn ? "on-turn" : null },
      el("td", {}, p.name,
        p.on_turn ? el("span", { class: "badge turn" }, t("on turn")) : "",
        p.starts ? el("span", { class: "badge" }, t("starts")) : "",
        p.winner ? el("span", { class: "badge chief" }, t("winner")) : ""),
      el("td", {}, ...p.colours.map(swatch)),
      el("td", { class: "discs" }, String(p.round)),
      el("td", { class: "discs" }, String(p.total))));
    $("sib-players").replaceChildren(el("tr", {}, el("th", {}, t("Player")), el("th", {}, t("Colours")),
      el("th", { class: "discs" }, t("Round")), el("th", { class: "discs" }, t("Total"))), ...rows);
  }

  function renderBag() {
    $("sib-bag").replaceChildren(...COLOURS.map((c) => {
      const owner = view.colours[c] && view.colours[c].owner;
      return el("span", { class: "bag-colour", "data-colour": c, title: owner ? `${colour(c)}: ${owner}` : t("{colour}: nobody's", { colour: colour(c) }) },
        swatch(c), el("b", {}, String(view.bag[c] || 0)), el("small", {}, owner || "—"));
    }));
  }

  function renderScores() {
    const names = view.players.map((p) => p.name);
    const rows = view.scores.map((s) => el("tr", {}, el("td", {}, t("Round {round}", { round: s.round })),
      ...names.map((n) => el("td", { class: "discs" }, String(s.points[n])))));
    $("sib-scores").replaceChildren(el("tr", {}, el("th", {}, ""), ...names.map((n) => el("th", { class: "discs" }, n))),
      ...rows, el("tr", { class: "total" }, el("td", {}, t("Total")),
        ...view.players.map((p) => el("td", { class: "discs" }, String(p.total)))));
  }

  function renderLast() {
    const last = view.last_scoring;
    $("sib-last").hidden = !last;
    if (!last) return;
    const empty = view.board.every((f) => !f.stone);
    $("sib-last").classList.toggle("emphasis", empty);
    $("sib-last-title").textContent = t("Round {round} as it was scored: the ringed stones scored ({n})", { round: last.round, n: last.scored.length });
    drawBoard($("sib-last-board"), last.board, { scored: last.scored });
  }

  function renderTurns() {
    $("sib-turns").replaceChildren(...view.turns.slice().reverse().map((turn) => el("li", {},
      t("Round {round} · {player}: ", { round: turn.round, player: turn.player }), ...turn.stones.flatMap(([f, c], i) => [i ? ", " : "", swatch(c), ` ${f}`]),
      turn.advice ? el("span", { class: "badge took", title: adviceText(turn.advice) },
        t("together: {pairs}", { pairs: turn.advice.together.map(([p, q]) => `${p}–${q}`).join(", ") })) : "",
      turn.scored ? el("span", { class: "badge chief" }, t("round scored")) : "")));
  }

  // ---- the new game's colours -----------------------------------------------------------

  function colourInputs(names) {
    const each = names.length === 2 ? 3 : names.length === 3 ? 2 : 1;
    let k = 0;
    $("new-colours").replaceChildren(...names.map((n) => el("div", {}, el("span", { class: "deal-name" }, `${n}:`), ...Array.from({ length: each }, () => {
      const pick = COLOURS[k++ % COLOURS.length];
      return el("select", { "data-player": n }, ...COLOURS.map((c) => el("option", { value: c, selected: c === pick ? "" : null }, colour(c))));
    }))));
  }

  $("new-enter-colours").addEventListener("change", (ev) => {
    $("new-colours").hidden = !ev.target.checked;
    colourInputs(newNames());
  });

  GAMES["stein-im-brett"] = {
    title: "Stein im Brett",
    render: renderSteinImBrett,
    newGame: {
      help: N_("Names in clockwise seating order; 2 to 6 players (2: three colours each, 3: two, 4 to 6: one)."),
      min: 2,
      max: 6,
      reset() { $("new-colours").hidden = true; $("new-enter-colours").checked = false; },
      options(names) { if (!$("new-colours").hidden) colourInputs(names); },
      body() {
        if (!$("new-enter-colours").checked) return {};
        return { colours: choicesByPlayer($("new-colours")) };
      },
    },
  };
})();
