// Stein auf Stein's page, for children: pictures, not words. The die's colour large, whose
// turn it is (the child's picture and name), each child's blocks as coloured bars laid end
// to end (a row growing, or a tower), the blocks left on the building site, and at the end
// every row on one ruler with the winner crowned. A short sound when a block is won (a
// switch turns it off). The grown-up's entry (roll, lift, pile, measure) sits beside it.
// Uses the common helpers of app.js ($, el, svg, snap, unlocked, act, undoLast, showError).
"use strict";

(() => {
  // Pictures are drawn (SVG in a 100 x 100 box), not emoji: they look the same on every
  // tablet, with no font to install and no internet.
  const PICTURES = ["star", "heart", "sun", "moon", "flower", "fish", "cat", "house"];
  const INK = "#1f2620";
  const ICONS = {
    star: [["polygon", { points: "50,6 62,38 96,38 68,58 79,92 50,72 21,92 32,58 4,38 38,38", fill: "#ffd23f" }]],
    heart: [["path", { d: "M50 88 C20 66 6 50 6 32 C6 16 18 8 30 8 C40 8 46 14 50 22 C54 14 60 8 70 8 C82 8 94 16 94 32 C94 50 80 66 50 88 Z", fill: "#e63946" }]],
    sun: [["circle", { cx: 50, cy: 50, r: 24, fill: "#ffb703" }],
      ...[0, 45, 90, 135, 180, 225, 270, 315].map((a) => ["line", { x1: 50, y1: 16, x2: 50, y2: 4, stroke: "#ffb703", "stroke-width": 8, "stroke-linecap": "round", transform: `rotate(${a} 50 50)` }])],
    moon: [["path", { d: "M62 8 A42 42 0 1 0 92 66 A34 34 0 1 1 62 8 Z", fill: "#f1e3a0" }]],
    flower: [...[0, 72, 144, 216, 288].map((a) => ["circle", { cx: 50, cy: 24, r: 18, fill: "#f28bb3", transform: `rotate(${a} 50 50)` }]),
      ["circle", { cx: 50, cy: 50, r: 14, fill: "#ffd23f" }]],
    fish: [["polygon", { points: "70,50 96,28 96,72", fill: "#3a86ff" }], ["ellipse", { cx: 44, cy: 50, rx: 38, ry: 24, fill: "#3a86ff" }],
      ["circle", { cx: 24, cy: 44, r: 5, fill: "#fff" }]],
    cat: [["polygon", { points: "14,40 20,6 44,26", fill: "#f4a259" }], ["polygon", { points: "86,40 80,6 56,26", fill: "#f4a259" }],
      ["circle", { cx: 50, cy: 56, r: 36, fill: "#f4a259" }], ["circle", { cx: 37, cy: 50, r: 5, fill: INK }],
      ["circle", { cx: 63, cy: 50, r: 5, fill: INK }], ["polygon", { points: "44,64 56,64 50,71", fill: INK }]],
    house: [["polygon", { points: "50,6 94,46 6,46", fill: "#c1121f" }], ["rect", { x: 16, y: 46, width: 68, height: 46, fill: "#f6bd60" }],
      ["rect", { x: 42, y: 62, width: 16, height: 30, fill: "#6b3e26" }]],
    die: [["rect", { x: 6, y: 6, width: 88, height: 88, rx: 16, fill: "#fff", stroke: INK, "stroke-width": 6 }],
      ...[[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]].map(([cx, cy]) => ["circle", { cx, cy, r: 8, fill: INK }])],
    crane: [["line", { x1: 24, y1: 94, x2: 24, y2: 10, stroke: "#f3a712", "stroke-width": 9 }],
      ["line", { x1: 10, y1: 14, x2: 90, y2: 14, stroke: "#f3a712", "stroke-width": 9 }],
      ["line", { x1: 78, y1: 14, x2: 78, y2: 56, stroke: INK, "stroke-width": 3 }],
      ["path", { d: "M78 56 q10 0 10 10 q0 10 -10 10", fill: "none", stroke: INK, "stroke-width": 5 }],
      ["rect", { x: 8, y: 86, width: 34, height: 10, fill: INK }]],
    block: [["rect", { x: 8, y: 30, width: 84, height: 44, rx: 6, fill: "#e07020", stroke: INK, "stroke-width": 5 }],
      ["circle", { cx: 50, cy: 30, r: 8, fill: "#b8b8b8", stroke: INK, "stroke-width": 3 }]],
    ruler: [["rect", { x: 4, y: 34, width: 92, height: 32, rx: 4, fill: "#f6d36b", stroke: INK, "stroke-width": 4 }],
      ...[16, 28, 40, 52, 64, 76, 88].map((x, i) => ["line", { x1: x, y1: 34, x2: x, y2: i % 2 ? 46 : 54, stroke: INK, "stroke-width": 3 }])],
    crown: [["polygon", { points: "8,80 14,26 34,52 50,16 66,52 86,26 92,80", fill: "#ffd23f", stroke: "#b8860b", "stroke-width": 4 }]],
    fall: [["rect", { x: 10, y: 60, width: 40, height: 26, fill: "#999", stroke: INK, "stroke-width": 4, transform: "rotate(-20 30 73)" }],
      ["rect", { x: 50, y: 62, width: 40, height: 26, fill: "#bbb", stroke: INK, "stroke-width": 4, transform: "rotate(25 70 75)" }],
      ["polygon", { points: "50,8 58,30 80,22 64,40 84,50 58,50 50,70 42,50 16,50 36,40 20,22 42,30", fill: "#e63946" }]],
    "sound-on": [["polygon", { points: "10,36 30,36 54,14 54,86 30,64 10,64", fill: INK }],
      ["path", { d: "M66 30 q14 20 0 40 M78 18 q26 32 0 64", fill: "none", stroke: INK, "stroke-width": 7, "stroke-linecap": "round" }]],
    "sound-off": [["polygon", { points: "10,36 30,36 54,14 54,86 30,64 10,64", fill: INK }],
      ["path", { d: "M66 34 l26 32 M92 34 l-26 32", stroke: "#d9534f", "stroke-width": 8, "stroke-linecap": "round" }]],
  };

  // An icon as an <svg> of `size` px (HTML), or placed at x, y in an SVG picture.
  function icon(name, size = 40, place = null) {
    const root = svg("svg", { viewBox: "0 0 100 100", width: size, height: size, class: `sas-icon icon-${name}`, "aria-hidden": "true" });
    if (place) { root.setAttribute("x", place[0]); root.setAttribute("y", place[1]); }
    for (const [tag, attrs] of ICONS[name] || []) root.append(svg(tag, attrs));
    return root;
  }
  const LOOK_COLOURS = ["#e4572e", "#29a0b1", "#f3a712", "#8e5cc9", "#4caf50", "#ef7ab0"];
  const SOUND_KEY = "sas-sound";
  let view = null;
  let gameId = null;
  let picked = new Set();  // the blocks ticked for the lift being entered
  let pickedKey = null;
  let keptBefore = null;  // blocks kept per player at the last render (for the sound)

  // ---- each child's picture and colour (chosen at New game; kept on this tablet) -----------

  const looksKey = (id) => `sas-looks:${id}`;
  function looks(id, names) {
    let stored = {};
    try { stored = JSON.parse(localStorage.getItem(looksKey(id)) || "{}"); } catch (_) { stored = {}; }
    if (!Object.keys(stored).length) {  // the New-game dialog's choice, for this game's names
      try {
        const pending = JSON.parse(localStorage.getItem("sas-looks:new") || "{}");
        if (names.every((n) => pending[n])) {
          stored = pending;
          localStorage.setItem(looksKey(id), JSON.stringify(stored));
          localStorage.removeItem("sas-looks:new");
        }
      } catch (_) { /* no choice stored */ }
    }
    const out = {};
    names.forEach((n, i) => {
      out[n] = stored[n] || { picture: PICTURES[i % PICTURES.length], colour: LOOK_COLOURS[i % LOOK_COLOURS.length] };
    });
    return out;
  }

  function nextPicture(name) {  // a tap on a child's picture: the next picture
    const all = looks(gameId, view.players.map((p) => p.name));
    const cur = PICTURES.indexOf(all[name].picture);
    all[name] = { ...all[name], picture: PICTURES[(cur + 1) % PICTURES.length] };
    localStorage.setItem(looksKey(gameId), JSON.stringify(all));
    renderSteinAufStein(snap);
  }

  // ---- the sound when a block is won (WebAudio: no file, works offline) -------------------

  let audio = null;
  const soundOn = () => localStorage.getItem(SOUND_KEY) !== "off";
  document.addEventListener("pointerdown", () => {  // browsers start audio only after a tap
    if (!audio && window.AudioContext) audio = new AudioContext();
  }, { once: true });

  function chirp() {
    if (!soundOn() || !audio) return;
    const t = audio.currentTime;
    [523.25, 659.25, 783.99].forEach((f, i) => {  // C5 E5 G5, a short rising arpeggio
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "triangle";
      osc.frequency.value = f;
      gain.gain.setValueAtTime(0.0001, t + i * 0.09);
      gain.gain.exponentialRampToValueAtTime(0.25, t + i * 0.09 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.09 + 0.2);
      osc.connect(gain).connect(audio.destination);
      osc.start(t + i * 0.09);
      osc.stop(t + i * 0.09 + 0.22);
    });
    document.body.dataset.sasChirps = String(Number(document.body.dataset.sasChirps || 0) + 1);
  }

  function renderSound() {
    const on = soundOn();
    $("sas-sound").replaceChildren(icon(on ? "sound-on" : "sound-off", 32));
    $("sas-sound").dataset.on = on ? "1" : "0";
    $("sas-sound").setAttribute("aria-pressed", on ? "true" : "false");
    $("sas-sound").title = on ? t("Sound on: a short tune when a block is won (tap: off)") : t("Sound off (tap: on)");
  }
  $("sas-sound").addEventListener("click", () => {
    localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
    if (!audio && window.AudioContext) audio = new AudioContext();
    renderSound();
  });

  // ---- the die, the turn, the building site -------------------------------------------------

  function renderDie() {
    const die = $("sas-die");
    const colour = view.rolled;
    const camera = view.die.camera;
    die.style.background = colour ? view.rolled_hex : "#f1ede2";
    die.dataset.colour = colour || "";
    die.classList.toggle("waiting", !colour);
    die.replaceChildren(...(colour ? [] : [icon("die", 72)]));
    die.title = colour ? t("the die shows {colour}", { colour: colourWord(colour) }) : t("roll the die");
    $("sas-die-cam").hidden = !!colour || !camera;
    if (camera && !colour) $("sas-die-cam").style.background = view.colours[camera] || "#888";
  }

  function pic(look) {  // a child's picture on the child's colour
    return el("span", { class: "sas-pic", style: `background:${look.colour}`, "data-picture": look.picture }, icon(look.picture, 48));
  }

  function renderTurn(all) {
    const aw = view.awaiting;
    const box = $("sas-turn");
    if (!aw) {
      const crowned = view.players.filter((p) => p.winner);
      box.replaceChildren(...(crowned.length ? crowned : [{ name: "", seat: -1 }]).map((p) => el("div", { class: "sas-turn-card winner" },
        el("span", { class: "sas-crown" }, icon("crown", 56)),
        p.name ? pic(all[p.name]) : "",
        el("span", { class: "sas-turn-name" }, p.name || "—"))));
      return;
    }
    const action = { roll: "die", lift: "crane", pile: "block", measure: "ruler" }[aw.action];
    box.replaceChildren(el("div", { class: "sas-turn-card", "data-player": aw.player },
      pic(all[aw.player]),
      el("span", { class: "sas-turn-name" }, aw.player),
      el("span", { class: "sas-turn-action", title: view.awaiting_text, "data-action": aw.action }, icon(action, 56))));
  }

  // The building site: each block a coloured rectangle as big as its footprint; a block the
  // camera sees knocked over is marked with ↻ (turn it back), one it misses is faded.
  function renderSite() {
    const lift = view.choices.find((c) => c.type === "lift" && !c.nothing);
    const tappable = unlocked && lift;
    $("sas-site").replaceChildren(...view.site.map((b) => {
      const w = Math.round(Math.max(48, b.row_mm * 1.6)), h = Math.round(Math.max(48, b.tower_mm * 1.6));
      const cls = `sas-block${b.seen === "turned" ? " turned" : ""}${b.seen === "off" ? " off" : ""}${picked.has(b.id) ? " picked" : ""}`;
      const attrs = {
        class: cls, style: `background:${b.hex};width:${w}px;height:${h}px`, "data-block": b.id, "data-colour": b.colour,
        title: b.seen === "turned" ? t("{colour} {block}: knocked over, turn it back (button up)", { colour: colourWord(b.colour), block: b.id })
          : `${colourWord(b.colour)} ${b.id}`,
        "aria-label": t("{colour} block {block}", { colour: colourWord(b.colour), block: b.id }),
      };
      const mark = b.seen === "turned" ? "↻" : "";
      if (!tappable) return el("span", attrs, mark);  // a picture, not a control
      return el("button", { ...attrs, onclick: () => {
        if (picked.has(b.id)) picked.delete(b.id); else picked.add(b.id);
        renderSteinAufStein(snap);
      } }, mark);
    }));
    $("sas-site-empty").hidden = view.site.length > 0;
  }

  // ---- the rows (or towers) on one ruler ---------------------------------------------------

  function drawBuilds(all) {
    const root = $("sas-rows");
    root.replaceChildren();
    const tower = view.build === "tower";
    const entries = view.players.map((p) => ({
      name: p.name, blocks: p.building.map((id) => p.blocks.find((b) => b.id === id)).filter(Boolean),
      mm: p.counted_mm, fallen: p.fallen, winner: p.winner, aside: p.set_aside.length,
    }));
    if (view.solo && view.remaining_mm) {
      entries.push({ name: "", remaining: true, blocks: view.site, mm: view.remaining_measured_mm || view.remaining_mm });
    }
    const ruler = Math.max(view.ruler_mm, 100);
    const W = 600, lane = tower ? W / Math.max(entries.length, 2) : 52, left = tower ? 40 : 70;
    const H = tower ? 330 : 30 + entries.length * lane;
    root.setAttribute("viewBox", `0 0 ${W} ${H}`);
    const scale = tower ? (H - 80) / ruler : (W - left - 44) / ruler;  // room for the crown
    // the ruler: a tick every 10 mm, a number every 50 mm
    const ticks = svg("g", { class: "sas-ruler" });
    for (let mm = 0; mm <= ruler + 0.1; mm += 10) {
      const big = mm % 50 === 0;
      if (tower) {
        const y = H - 30 - mm * scale;
        ticks.append(svg("line", { x1: 10, x2: big ? 30 : 22, y1: y, y2: y }));
        if (big && mm) ticks.append(svg("text", { x: 2, y: y - 2 }, String(mm / 10)));
      } else {
        const x = left + mm * scale;
        ticks.append(svg("line", { x1: x, x2: x, y1: 4, y2: big ? 22 : 14 }));
        if (big && mm) ticks.append(svg("text", { x: x + 2, y: 30 }, String(mm / 10)));
      }
    }
    root.append(ticks);
    entries.forEach((e, i) => {
      const g = svg("g", { class: `sas-build${e.winner ? " winner" : ""}${e.fallen ? " fallen" : ""}${e.remaining ? " remaining" : ""}`, "data-player": e.name });
      const look = e.remaining ? { picture: "crane", colour: "#bbb" } : all[e.name];
      let at = 0;
      if (tower) {
        const x = i * lane + lane / 2 + 10;
        g.append(svg("circle", { cx: x, cy: H - 14, r: 14, fill: look.colour }));
        g.append(icon(look.picture, 22, [x - 11, H - 25]));
        for (const b of e.blocks) {
          const h = b.tower_mm * scale, w = Math.min(lane - 14, b.row_mm * 0.9);
          g.append(svg("rect", { class: "sas-bar", x: x - w / 2, y: H - 30 - (at + b.tower_mm) * scale, width: w, height: h, fill: b.hex, "data-block": b.id }));
          at += b.tower_mm;
        }
        if (e.winner) g.append(Object.assign(icon("crown", 34, [x - 17, H - 66 - at * scale]), {}));
        if (e.fallen) g.append(icon("fall", 40, [x - 20, H - 72]));
      } else {
        const y = 36 + i * lane;
        g.append(svg("circle", { cx: 22, cy: y + lane / 2 - 6, r: 20, fill: look.colour }));
        g.append(icon(look.picture, 28, [8, y + lane / 2 - 20]));
        for (const b of e.blocks) {
          const w = (e.remaining ? b.row_mm : b.row_mm) * scale;
          g.append(svg("rect", { class: "sas-bar", x: left + at * scale, y: y + 4, width: Math.max(w - 1.5, 1), height: lane - 20, fill: b.hex, "data-block": b.id }));
          at += b.row_mm;
        }
        if (e.winner) g.append(icon("crown", 34, [left + at * scale + 4, y]));
      }
      g.append(svg("title", {}, t("{who}: {mm} mm", { who: e.remaining ? t("the blocks left") : e.name, mm: Math.round(e.mm || 0) })));
      root.append(g);
    });
  }

  // ---- the grown-up's entry ------------------------------------------------------------------

  function colourButton(c, onclick, label = "") {
    return el("button", { class: "big colour sas-colour", "data-colour": c.colour, style: `background:${c.hex}`,
      title: colourWord(c.colour), "aria-label": colourWord(c.colour), disabled: unlocked ? null : "", onclick }, label);
  }

  function renderEntry() {
    const box = $("sas-choices");
    const parts = [];
    const rolls = view.choices.filter((c) => c.type === "roll");
    if (rolls.length) {
      parts.push(el("div", { class: "choice-group" }, t("The camera cannot see the die? Tap its colour:")));
      parts.push(el("div", { class: "sas-die-faces" }, ...rolls.map((c) => colourButton(c, () => act(c.record)))));
    }
    const lift = view.choices.find((c) => c.type === "lift" && !c.nothing);
    const nothing = view.choices.find((c) => c.type === "lift" && c.nothing);
    if (lift) {
      const key = `${gameId}:${snap.game.row}`;
      if (pickedKey !== key) { picked = new Set(); pickedKey = key; }
      parts.push(el("div", { class: "choice-group" }, t("Tap the blocks the crane lifted on the building site, then ✓.")));
      parts.push(el("div", { class: "row" },
        el("button", { id: "sas-lift", class: "big", disabled: unlocked && picked.size ? null : "",
          onclick: () => act({ type: "lift", player: lift.player, blocks: [...picked] }) }, `✓ ${picked.size ? [...picked].join(" ") : ""}`),
        el("button", { id: "sas-nothing", class: "big secondary", disabled: unlocked ? null : "", title: t("the crane hooked nothing"),
          onclick: () => act(nothing.record) }, `✗ ${t("nothing")}`)));
    }
    const piles = view.choices.filter((x) => x.type === "pile");
    const measures = view.choices.filter((x) => x.type === "measure");
    if (piles.length || view.choices.some((x) => x.type === "stop" || x.type === "fall")) {
      parts.push(el("p", { class: "choice-group sas-tapped", id: "sas-tapped-pile" },
        t("The camera looks from above: it cannot see which block goes on a tower, a stop or a fall. Tap them here.")));
    }
    if (measures.some((c) => view.build === "tower" || c.of === "remaining")) {
      parts.push(el("p", { class: "choice-group sas-tapped", id: "sas-tapped-height" },
        t("The camera cannot see a tower's height from above. Measure it and type it here.")));
    }
    for (const c of piles) {
      parts.push(colourButton({ colour: c.block, hex: c.hex }, () => act(c.record), c.block));
    }
    for (const c of view.choices.filter((x) => x.type === "stop")) {
      parts.push(el("button", { class: "big secondary", disabled: unlocked ? null : "", onclick: () => act(c.record),
        title: t("the next block cannot be placed: stop building") }, t("stop")));
    }
    for (const c of view.choices.filter((x) => x.type === "fall")) {
      parts.push(el("button", { class: "big secondary sas-fall", "data-player": c.player, disabled: unlocked ? null : "",
        onclick: () => { if (confirm(t("{player}'s tower fell over?", { player: c.player }))) act(c.record); } }, icon("fall", 32), ` ${c.player}`));
    }
    for (const c of measures) {
      const input = el("input", { type: "number", min: "1", step: "0.1", value: String(c.computed_mm), class: "sas-mm",
        "aria-label": c.of === "remaining" ? t("the remaining tower in mm") : t("{player} in mm", { player: c.player }), disabled: unlocked ? null : "" });
      parts.push(el("div", { class: "sas-measure", "data-player": c.player },
        icon("ruler", 36), el("span", {}, c.of === "remaining" ? t("the blocks left") : c.player), input, el("span", {}, t("mm")),
        el("button", { class: "big", disabled: unlocked ? null : "",
          onclick: () => act({ type: "measure", player: c.player, mm: Number(input.value), ...(c.of === "remaining" ? { of: "remaining" } : {}) }) }, "✓")));
    }
    box.replaceChildren(...parts);
    $("sas-lock").hidden = unlocked;
    $("sas-undo").disabled = !unlocked;
  }
  $("sas-undo").addEventListener("click", undoLast);

  function renderTurns() {
    $("sas-turns").replaceChildren(...view.turns.slice().reverse().map((t) => el("li", {},
      el("span", { class: "swatch", style: `background:${t.hex}` }), ` ${t.player}: `,
      t.kept.length ? el("b", {}, `✓ ${t.kept.map((b) => b.id).join(" ")}`) : "",
      t.returned.length ? ` ↩ ${t.returned.map((b) => b.id).join(" ")}` : "",
      !t.kept.length && !t.returned.length ? "✗" : "")));
  }

  function renderSteinAufStein(s) {
    view = s.view;
    gameId = s.game.id;
    const names = view.players.map((p) => p.name);
    const all = looks(gameId, names);
    const kept = view.players.map((p) => p.blocks.length);
    if (keptBefore && keptBefore.id === gameId && kept.some((n, i) => n > (keptBefore.kept[i] || 0))) chirp();
    keptBefore = { id: gameId, kept };
    showWhere(s.game.title, view.variant_title);
    showAwaiting(view.awaiting_text, view.awaiting && view.awaiting.player);
    renderDie();
    renderTurn(all);
    renderSite();
    drawBuilds(all);
    $("sas-players").replaceChildren(...view.players.map((p) => el("button", {
      class: `sas-player${p.on_turn ? " on-turn" : ""}${p.winner ? " winner" : ""}`, "data-player": p.name,
      title: t("tap: another picture"), onclick: () => nextPicture(p.name),
    }, pic(all[p.name]), el("span", { class: "sas-player-name" }, p.name),
    el("span", { class: "sas-count" }, ...p.blocks.map((b) => el("i", { class: "sas-mini", style: `background:${b.hex}`, title: b.id }))))));
    renderEntry();
    renderTurns();
    renderSound();
  }

  // ---- the New-game dialog: variant, and each child's picture -------------------------------

  function lookInputs(names) {
    $("new-sas-looks").replaceChildren(...names.map((n, i) => el("div", {},
      el("span", { class: "deal-name" }, `${n}:`),
      el("select", { "data-player": n, "aria-label": t("{name}'s picture", { name: n }) }, ...PICTURES.map((p, k) => el("option", { value: p, selected: k === i % PICTURES.length ? "" : null }, p))))));
  }

  GAMES["stein-auf-stein"] = {
    title: "Stein auf Stein",
    render: renderSteinAufStein,
    newGame: {
      help: N_("Names in clockwise order: 2 to 4 children, or one for the solo builder. Pick the variant and each child's picture."),
      min: 1,
      max: 4,
      reset() { $("new-sas-variant").value = "basic"; },
      options(names) { lookInputs(names); },
      body(names) {
        const pics = {};
        for (const s of $("new-sas-looks").querySelectorAll("select")) {
          const i = names.indexOf(s.dataset.player);
          pics[s.dataset.player] = { picture: s.value, colour: LOOK_COLOURS[i % LOOK_COLOURS.length] };
        }
        localStorage.setItem("sas-looks:new", JSON.stringify(pics));
        const variant = names.length === 1 ? "solo" : $("new-sas-variant").value;
        return { variant };
      },
    },
  };
})();
