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
      window.alert(body.error || "the recording could not be switched");
      return;
    }
    show(box, body.recording);
  }

  function show(box, recording) {
    box.checked = recording.record;
    box.parentElement.title = recording.record
      ? `recording the session ${recording.session} in ${recording.store}`
      : "keep the raw load-cell samples, camera frames and tablet inputs (docs/blackbox.md)";
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
    label.append(box, " Record this session");
    tools.append(label);
    show(box, body.recording);
    box.addEventListener("change", () => setRecording(box));
  }

  init();
})();
