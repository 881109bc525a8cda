// The page's Generate section: ask the server for a new puzzle of the
// selected type, show the time it is taking, and let the player cancel.

import * as api from "./core/api.js";
import { $ } from "./core/dom.js";

// `state` is the page's (its selected type, and the running request's
// AbortController); `open(payload, origin)` puts the new puzzle on the board.
export async function generate(state, open) {
  if (state.generating) return;
  const rows = Number($("#gen-rows").value);
  const cols = Number($("#gen-cols").value);
  const mode = $("#gen-mode").value;
  const controller = new AbortController();
  state.generating = controller;
  const started = Date.now();
  const status = $("#gen-status");
  const tick = () => {
    status.textContent = `Generating ${rows}x${cols} (${mode})… ${((Date.now() - started) / 1000).toFixed(0)} s`;
  };
  tick();
  const ticker = window.setInterval(tick, 500);
  $("#gen-go").disabled = true;
  $("#gen-cancel").hidden = false;
  status.classList.add("busy");
  try {
    const payload = await api.post(
      "/api/generate",
      { type: state.type.name, rows, cols, mode },
      { signal: controller.signal },
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    status.textContent = `Made in ${seconds} s: grade ${payload.grade.label}, seed ${payload.seed}.`;
    open(payload, { kind: "generated", label: `generated, ${payload.grade.label}` });
  } catch (error) {
    status.textContent = error.name === "AbortError" ? "Cancelled." : `Failed: ${error.message}`;
  } finally {
    window.clearInterval(ticker);
    state.generating = null;
    $("#gen-go").disabled = false;
    $("#gen-cancel").hidden = true;
    status.classList.remove("busy");
  }
}
