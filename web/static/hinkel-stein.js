// Hinkel & Stein's page: the scale, the outcomes, the decisions, players and history.
// Uses the common helpers of app.js ($, el, svg, snap, unlocked, act, post, render).
"use strict";

(() => {
  function renderHinkelStein(s) {
    const r = s.replay;
    showWhere(s.game.title, t("pass {pass} · round {round}", { pass: r.pass, round: r.round }));
    showAwaiting(awaitingText(s), s.view.awaiting && s.view.awaiting.player);
    renderScale(s.view.scale);
    renderFacts(s, r);
    $("outcomes").hidden = r.finished;  // after the game there is no next tilt to weigh
    if (!r.finished) renderOutcomes(s.view.outcomes, s.view.round.condition);
    renderChoices(s.view, tiltByHand(s));
    renderPlayers(s, r);
    renderHistory(s.view, r.players);
  }

  // The scale settles by itself only when the load cells run; else the players say which
  // side is down (companion run --no-sensors, or load cells at fault).
  const tiltByHand = (s) => s.view.awaiting && s.view.awaiting.action === "tilt" && scaleRuns(s.devices) === false;

  function awaitingText(s) {
    if (!tiltByHand(s)) return s.view.awaiting_text;
    return s.devices["load cells"].state === "fault"
      ? t("Tap the side that is down (load cells at fault)") : t("Tap the side that is down (no scale is read)");
  }

  // A name shortened to fit a drawing: at most n characters.
  const short = (name, n) => (name.length > n ? `${name.slice(0, n - 1)}…` : name);

  function renderScale(scale) {
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
      beam.append(svg("text", { x: p.x_mm, y: -h - 2, "text-anchor": "middle", "font-size": 11 }, short(p.player, 10)));
    }
    // the Stone of Fate on its way (not recorded until it lies still): drawn where it lies, dashed
    const moving = scale.fate_moving_mm !== null && scale.fate_moving_mm !== undefined;
    const fateX = moving ? scale.fate_moving_mm : scale.fate_x_mm;
    beam.append(svg("circle", { cx: fateX, cy: -2, r: 9, fill: "#6d7f94", stroke: "#222",
      "stroke-dasharray": moving ? "3 2" : "none", class: moving ? "fate-moving" : "fate" }));
    beam.append(svg("text", { x: fateX, y: 2, "text-anchor": "middle", "font-size": 9, fill: "#fff" }, "F"));
    root.append(beam);
  }

  // The record's words, said in the page's language (the record keeps its own).
  const WORDS = {
    pillar: N_("pillar"), hinkelstein: N_("hinkelstein"), quartz: N_("quartz"), boulder: N_("boulder"),
    left: N_("left"), right: N_("right"), middle: N_("middle"),
  };
  const word = (w) => (WORDS[w] ? t(WORDS[w]) : w);

  function kindColour(kind) {
    return { pillar: "#c88f6f", hinkelstein: "#9fb38f", quartz: "#b9c8df", boulder: "#a89f94" }[kind] || "#ccc";
  }

  function renderFacts(s, r) {
    const v = s.view;
    const facts = [
      [t("Chieftain"), r.chieftain],
      [pt("which side wins", "Wins"), v.round.condition === "heavier" ? t("heavier side") : v.round.condition === "lighter" ? t("lighter side")
        : v.round.condition ? v.round.condition : t("not chosen yet")],
      [t("Pot"), r.pot],
      [t("Supply"), r.supply],
      [t("Notch"), word(v.scale.notch)],
    ];
    if (v.scale.margin_g !== null) {
      const g = t("{grams} g", { grams: v.scale.margin_g });
      facts.push([t("Tilt margin"), v.scale.source === "scale" ? g : t("{grams} g (model)", { grams: v.scale.margin_g })]);
    }
    if (v.round.partner) facts.push([t("Partner"), v.round.partner]);
    if (v.round.mandatory_kind) facts.push([t("Must play actively"), word(v.round.mandatory_kind)]);
    $("scale-facts").replaceChildren(...facts.map(([k, val]) => el("span", {}, t("{label}: ", { label: k }), el("b", {}, String(val)))));
  }

  function renderOutcomes(outcomes, condition) {
    const box = $("outcomes");
    box.replaceChildren();
    for (const side of ["left", "right"]) {
      const o = outcomes[side];
      const paid = Object.entries(o.paid).filter(([, n]) => n > 0).map(([p, n]) => `${p} +${n}`).join(", ");
      box.append(el("div", { class: "outcome" },
        el("b", {}, side === "left" ? t("If left goes down: ") : t("If right goes down: ")),
        o.winners.length ? tn("{names} wins", "{names} win", o.winners.length, { names: o.winners.join(" & ") }) : t("nobody wins"),
        el("br"), paid || t("no payout"), tn("; {n} stays in the pot", "; {n} stay in the pot", o.carried),
        o.next_chieftain ? el("span", {}, el("br"), t("next chieftain {name}", { name: o.next_chieftain })) : ""));
    }
    if (!condition) box.append(el("div", { class: "outcome" }, t("The chieftain has not chosen heavier or lighter yet.")));
  }

  const GROUPS = {
    condition: N_("Victory condition"), offer: N_("Partnership"), answer: N_("Partnership"), call: N_("Call who places next"),
    mode: N_("Kind and play"), stake: N_("Stake"), notch: N_("Hinkelstein notch"), place: N_("Place a stone"),
    boulder: N_("Boulder"), fate: N_("Stone of Fate"), tilt: N_("Scale settled (manual)"), keep: N_("Keep a boulder"), done: N_("Nothing more this round"),
  };

  function choiceButton(c) {
    return el("button", { class: "big", onclick: () => choose(c), disabled: unlocked ? null : "" }, c.label);
  }

  function renderChoices(view, byHand) {
    const box = $("choices");
    box.replaceChildren();
    const aw = view.awaiting;
    $("act-title").textContent = aw && aw.player ? t("{player} decides", { player: aw.player }) : t("Decisions");
    const primary = view.choices.filter((c) => (c.type !== "tilt" || byHand) && (!aw || c.type === aw.action || c.type === "done" || view.optional.some((o) => o.action === c.type)));
    let group = null;
    for (const c of primary) {
      const name = c.type === "tilt" && byHand ? t("Which side is down?") : GROUPS[c.type] ? t(GROUPS[c.type]) : c.type;
      if (name !== group) { group = name; box.append(el("div", { class: "choice-group" }, group)); }
      box.append(choiceButton(c));
    }
    if (snap.asks && snap.asks.length) {
      box.prepend(el("div", { class: "choice-group" }, t("The scale cannot tell: which stone is it?")),
        ...snap.asks.map((a) => choiceButton({ ...a, type: "place" })));
    }
    if (snap.hand_on_scale) box.append(el("div", { class: "choice-group" }, t("✋ A hand is on the scale")));
    if (!primary.length && aw && aw.action === "tilt" && !byHand) box.append(el("div", { class: "choice-group" }, t("Waiting for the scale to settle; use Manual entry if the sensor missed it.")));
    if (!aw) box.append(el("div", { class: "choice-group" }, t("The game is over; start the next with New game.")));
    else if (!unlocked) box.append(el("div", { class: "choice-group" }, t("Unlock with the table PIN to make decisions.")));
    const manual = $("manual");
    manual.replaceChildren(el("div", { class: "choice-group" }, t("Everything the rules allow now:")));
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
      el("td", {}, p, p === r.chieftain ? el("span", { class: "badge chief" }, t("chieftain")) : "",
        took.has(p) ? el("span", { class: "badge took" }, t("took 1")) : "",
        r.winners.includes(p) ? el("span", { class: "badge chief" }, t("winner")) : ""),
      el("td", {}, r.kinds[p].map(word).join(", ")),
      el("td", { class: "discs" }, String(r.discs[p]))));
    $("players").replaceChildren(el("tr", {}, el("th", {}, t("Player")), el("th", {}, t("Stones")), el("th", { class: "discs" }, t("Discs"))), ...rows);
  }

  const LINE_COLOURS = ["#2f6b3a", "#b5502f", "#2f5f9b", "#8a6d1f"];

  function renderHistory(view, players) {
    const list = $("history");
    list.replaceChildren(...view.history.slice().reverse().map((h) => el("li", {},
      t("Pass {pass} round {round}: {down} down, {side} won; ", { pass: h.pass, round: h.round, down: word(h.down), side: word(h.winning_side) }),
      h.winners.length ? `${h.winners.join(" & ")}` : t("no winner"),
      t("; paid {paid}", { paid: Object.entries(h.paid).filter(([, n]) => n).map(([p, n]) => `${p} ${n}`).join(", ") || t("nothing") }),
      t("; next chieftain {name}", { name: h.next_chieftain }))));
    $("history-none").hidden = view.history.length > 0;
    $("chart").style.display = $("chart-legend").style.display = view.history.length ? "" : "none";
    const chart = $("chart");
    chart.replaceChildren();
    const pts = view.chart;
    const max = Math.max(5, ...pts.flatMap((p) => Object.values(p.discs)));
    const x = (i) => 20 + (380 * (i + 1)) / Math.max(1, pts.length);
    const y = (v) => 140 - (120 * v) / max;
    chart.append(svg("line", { x1: 20, y1: 140, x2: 410, y2: 140, stroke: "#b9b19a", "vector-effect": "non-scaling-stroke" }));
    players.forEach((p, k) => {
      const d = [`M 20 ${y(0)}`, ...pts.map((pt, i) => `L ${x(i)} ${y(pt.discs[p])}`)].join(" ");
      chart.append(svg("path", { d, fill: "none", stroke: LINE_COLOURS[k], "stroke-width": 2.5, "vector-effect": "non-scaling-stroke" }));
    });
    $("chart-legend").replaceChildren(...players.map((p, k) => el("span", { title: p, style: `color:${LINE_COLOURS[k]}` },
      el("i", { style: `background:${LINE_COLOURS[k]}` }), p)));
  }

  // The slider's track as a gradient: green where the stone may lie, red on the spaces
  // (positions inset by half the thumb, 18 px, so that the colours lie under its centre).
  function fateTrack(spans, lo, hi) {
    const at = (x) => `calc(18px + (100% - 36px) * ${((x - lo) / (hi - lo)).toFixed(4)})`;
    const stops = ["#e3a6a3 0"];
    for (const [a, b] of spans) stops.push(`#e3a6a3 ${at(a)}`, `#9fd0a6 ${at(a)}`, `#9fd0a6 ${at(b)}`, `#e3a6a3 ${at(b)}`);
    return `linear-gradient(to right, ${stops.join(", ")})`;
  }

  // The Stone of Fate's new place: the slider starts where the stone lies now; Confirm
  // is offered only on a spot the rules allow, else the reason is shown.
  function openFate(choice) {
    const spans = choice.intervals_mm;
    const lo = Math.min(...spans.map(([a]) => a)), hi = Math.max(...spans.map(([, b]) => b));
    const input = $("fate-x");
    const ok = (x) => spans.some(([a, b]) => (x > a || x === lo) && (x < b || x === hi));
    const allowed = spans.map(([a, b]) => t("{from} to {to}", { from: a, to: b })).join(", ");
    const scale = snap.view.scale;
    const now = Math.round(scale.fate_moving_mm ?? scale.fate_x_mm);
    input.value = String(now);
    input.style.setProperty("--track", fateTrack(spans, lo, hi));
    const update = () => {
      const x = Number(input.value);
      const good = ok(x);
      $("fate-out").textContent = t("{x} mm", { x });
      $("fate-ok").textContent = good ? (x === now ? t("(where it lies now)") : "")
        : t("on a placement space: not allowed. Allowed: {allowed} mm (space edges excluded)", { allowed });
      $("fate-confirm").disabled = !good;
    };
    input.oninput = update;
    for (const b of $("fate-dialog").querySelectorAll("[data-step]")) {
      b.onclick = () => { input.value = String(Number(input.value) + Number(b.dataset.step)); update(); };
    }
    update();
    const dialog = $("fate-dialog");
    $("fate-form").onsubmit = (ev) => {
      if (ev.submitter && ev.submitter.value === "cancel") return;
      if (!ok(Number(input.value))) { ev.preventDefault(); return; }
      act({ ...choice.record, x: Number(input.value) });
    };
    dialog.showModal();
  }

  // ---- the new game's deal ----------------------------------------------------------

  const KINDS = ["pillar", "hinkelstein", "quartz", "boulder"];

  // One <select> per stone card, preset to a deal the rules allow (in seating order: each
  // kind once; with three players the quartz stays out); a card already chosen is kept.
  function dealInputs(names) {
    const box = $("new-deal");
    const cards = names.length === 2 ? 2 : 1;
    const kinds = names.length === 3 ? ["pillar", "hinkelstein", "boulder"] : KINDS;
    const before = [...box.querySelectorAll("select")].map((sel) => sel.value);
    const same = before.length === names.length * cards;
    let k = 0;
    box.replaceChildren(...names.map((n) => el("div", {}, el("span", { class: "deal-name" }, `${n}:`),
      ...Array.from({ length: cards }, () => {
        const pick = same && kinds.includes(before[k]) ? before[k] : kinds[k % kinds.length];
        k += 1;
        return el("select", { "data-player": n, "aria-label": t("{name}'s stone card", { name: n }) },
          ...kinds.map((kind) => el("option", { value: kind, selected: kind === pick ? "" : null }, word(kind))));
      }))));
  }

  $("new-enter-deal").addEventListener("change", (ev) => {
    $("new-deal").hidden = !ev.target.checked;
    dealInputs(newNames());
  });

  GAMES["hinkel-stein"] = {
    title: "Hinkel & Stein",
    render: renderHinkelStein,
    newGame: {
      help: N_("Names in clockwise seating order; 2, 3 or 4 players."),
      min: 2,
      max: 4,
      reset() { $("new-deal").hidden = true; $("new-enter-deal").checked = false; },
      options(names) { if (!$("new-deal").hidden) dealInputs(names); },
      body() {
        if (!$("new-enter-deal").checked) return {};
        return { deal: choicesByPlayer($("new-deal")) };
      },
    },
  };

  $("btn-manual").addEventListener("click", () => { $("manual").hidden = !$("manual").hidden; });
  $("btn-undo").addEventListener("click", undoLast);
})();
