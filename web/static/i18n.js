// The pages' languages (docs/i18n.md): t(), tn(), num() and the language switch.
// Loaded before every other script of a page. The catalogue comes from the companion
// (GET /api/messages?lang=de, the "pages" gettext domain): nothing from the internet.
//   t("{player} decides", { player })           a text, its {fields} filled in
//   tn("{n} disc", "{n} discs", n, { ... })     a plural, by the language's plural rule
//   pt("which side wins", "Wins")               a text with a context (gettext's msgctxt)
//   N_("working")                               marked only: translated where shown, t(x)
//   num(1.5, { maximumFractionDigits: 1 })      "1,5" in German (Intl, built into browsers)
// Template elements with data-t have their text translated, data-t-attrs="title
// aria-label placeholder" the attributes named.
"use strict";

const I18N = {
  lang: "en",          // the page's language now
  table: "en",         // the table's (GET /api/language)
  languages: [{ code: "en", name: "English" }],
  messages: {},
  plural: ["one", "other"],
  listeners: [],       // called after each switch (the pages redraw)
};
const LANG_KEY = "companion.lang";  // this tablet's own choice, in localStorage

function N_(text) { return text; }

// A stone's or block's colour in the page's language (records keep "red").
const COLOUR_WORDS = {
  red: N_("red"), yellow: N_("yellow"), green: N_("green"), blue: N_("blue"), white: N_("white"),
  black: N_("black"), orange: N_("orange"), purple: N_("purple"),
  // colours a registered Stein auf Stein catalogue may give its blocks (games/stein_auf_stein/text.py)
  pink: N_("pink"), brown: N_("brown"), grey: N_("grey"), gray: N_("gray"), turquoise: N_("turquoise"),
  teal: N_("teal"), cyan: N_("cyan"), magenta: N_("magenta"), violet: N_("violet"), lime: N_("lime"),
  beige: N_("beige"), gold: N_("gold"), silver: N_("silver"), natural: N_("natural"),
  "light-blue": N_("light-blue"), "dark-blue": N_("dark-blue"), "light-green": N_("light-green"),
  "dark-green": N_("dark-green"),
};
function colourWord(c) { return COLOUR_WORDS[c] ? t(COLOUR_WORDS[c]) : c; }

// A number in the page's language; a field given as a number is formatted the same way.
function num(x, options = { maximumFractionDigits: 2 }) {
  return new Intl.NumberFormat(I18N.lang, options).format(x);
}

function fill(text, fields) {
  if (!fields) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in fields)) return whole;
    const v = fields[name];
    return typeof v === "number" ? num(v) : String(v);
  });
}

function t(text, fields) {
  const got = I18N.messages[text];
  return fill(typeof got === "string" && got ? got : text, fields);
}

// The catalogue keeps a text with a context under "context\u0004text" (gettext's way).
function pt(context, text, fields) {
  const got = I18N.messages[`${context}\u0004${text}`];
  return fill(typeof got === "string" && got ? got : text, fields);
}

function tn(one, other, n, fields) {
  const all = { n, ...fields };
  const forms = I18N.messages[one];
  if (Array.isArray(forms)) {
    const category = new Intl.PluralRules(I18N.lang).select(n);
    const i = I18N.plural.indexOf(category);
    return fill(forms[i >= 0 ? i : forms.length - 1], all);
  }
  return fill(n === 1 ? one : other, all);
}

// The page's language on every API request (fetch and EventSource): the server's own
// messages (refusals) follow it. Only this companion's /api/ addresses are touched.
function withLang(url) {
  if (typeof url !== "string" || !url.startsWith("/api/") || /[?&]lang=/.test(url)) return url;
  return `${url}${url.includes("?") ? "&" : "?"}lang=${encodeURIComponent(I18N.lang)}`;
}
{
  const plainFetch = window.fetch.bind(window);
  window.fetch = (url, options) => plainFetch(withLang(url), options);
  const PlainEventSource = window.EventSource;
  if (PlainEventSource) {
    window.EventSource = class extends PlainEventSource {
      constructor(url, options) { super(withLang(url), options); }
    };
  }
}

// The template's texts in the page's language (the English kept in data-t / data-t-*).
function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-t]")) {
    if (!node.dataset.t) node.dataset.t = node.textContent.trim().replace(/\s+/g, " ");
    node.textContent = t(node.dataset.t);
  }
  for (const node of root.querySelectorAll("[data-t-attrs]")) {
    for (const attr of node.dataset.tAttrs.split(/\s+/).filter(Boolean)) {
      const keep = `data-t-en-${attr}`;
      if (!node.hasAttribute(keep)) node.setAttribute(keep, node.getAttribute(attr) || "");
      node.setAttribute(attr, t(node.getAttribute(keep)));
    }
  }
  document.documentElement.lang = I18N.lang;
}

async function loadMessages(lang) {
  const res = await fetch(`/api/messages?lang=${encodeURIComponent(lang)}`);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const data = await res.json();
  I18N.lang = data.lang;
  I18N.messages = data.messages;
  I18N.plural = data.plural;
}

// Switch this page's language (null: follow the table's) without a reload: the
// catalogue is fetched, the template translated, and each listener redraws its part.
async function setLanguage(lang) {
  if (lang) localStorage.setItem(LANG_KEY, lang); else localStorage.removeItem(LANG_KEY);
  await loadMessages(lang || I18N.table);
  translatePage();
  renderLanguageSwitch();
  for (const f of I18N.listeners) f();
}

function onLanguage(f) { I18N.listeners.push(f); }

// The switch: a small <select> in each page's top bar (#lang-switch), always there; it
// shows the language's code (EN, DE) to keep the bar short, each option its own name.
function renderLanguageSwitch() {
  const box = document.getElementById("lang-switch");
  if (!box) return;
  const options = I18N.languages.map((l) => {
    const o = document.createElement("option");
    o.value = l.code;
    o.textContent = l.code.toUpperCase();
    o.title = l.code === I18N.table ? `${l.name} ${t("(table)")}` : l.name;
    o.selected = l.code === I18N.lang;
    return o;
  });
  box.replaceChildren(...options);
  const name = (I18N.languages.find((l) => l.code === I18N.lang) || { name: I18N.lang }).name;
  box.title = `${t("Language of this tablet")}: ${name}`;
  box.setAttribute("aria-label", box.title);
}

// Ready once the page's language and catalogue are in: the other scripts wait for it.
const i18nReady = (async () => {
  const chosen = localStorage.getItem(LANG_KEY);
  try {
    const info = await (await fetch(`/api/language${chosen ? `?lang=${encodeURIComponent(chosen)}` : ""}`)).json();
    I18N.table = info.table;
    I18N.languages = info.languages;
    const wanted = chosen && info.languages.some((l) => l.code === chosen) ? chosen : info.table;
    await loadMessages(wanted);
  } catch (_) { /* the companion does not answer: the page stays English until it does */ }
  const ready = () => {
    translatePage();
    renderLanguageSwitch();
    const box = document.getElementById("lang-switch");
    if (box) {
      box.addEventListener("change", () => {
        const lang = box.value === I18N.table ? null : box.value;
        setLanguage(lang).catch(() => { /* kept as it was */ });
      });
    }
  };
  if (document.readyState === "loading") {
    await new Promise((resolve) => window.addEventListener("DOMContentLoaded", resolve, { once: true }));
  }
  ready();
})();
