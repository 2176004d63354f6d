// The black box's switch: "Record this session" (off by default), in the header's tools.
// Talks to GET/POST /api/settings only (docs/api.md, docs/blackbox.md); nothing else on
// the page depends on it, and a companion that cannot record shows no switch.
(function recordingSwitch() {
  "use strict";

  async function setRecording(box) {
    const res = await fetch("/api/settings", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Companion": "1" },
      body: JSON.stringify({ record: box.checked }),
    });
    const body = await res.json().catch(() => ({}));
    if (!res.ok) {
      box.checked = !box.checked;
      window.alert(body.error || t("the recording could not be switched"));
      return;
    }
    show(box, body.recording);
  }

  let shown = null;  // the last state shown, said again on a language switch
  function show(box, recording) {
    shown = recording;
    box.checked = recording.record;
    box.parentElement.title = recording.record
      ? t("recording the session {session} in {store}", { session: recording.session, store: recording.store })
      : t("keep the raw load-cell samples, camera frames and tablet inputs (docs/blackbox.md)");
  }

  async function init() {
    const tools = document.querySelector(".tools");
    if (!tools) return;
    const res = await fetch("/api/settings").catch(() => null);
    const body = res && res.ok ? await res.json() : null;
    if (!body || !body.recording) return;
    const label = document.createElement("label");
    label.className = "tool record-switch";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.id = "record-session";
    const words = document.createElement("span");
    words.dataset.t = "Record this session";  // translated again on a language switch
    words.textContent = t("Record this session");
    label.append(box, " ", words);
    tools.append(label);
    show(box, body.recording);
    onLanguage(() => show(box, shown));
    box.addEventListener("change", () => setRecording(box));
  }

  init();
})();
