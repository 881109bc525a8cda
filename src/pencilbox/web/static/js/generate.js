// The page's Generate section: ask for a new puzzle of the selected type at
// any size its generator accepts, show how long it is taking against the
// type's measured times, and let the player cancel.
//
// Each type's sides and measured times come from /api/types (the face's
// `generate_sides`, and the `generation` section of its stats.json): the
// inputs' bounds follow the selected type, and a size out of them is refused
// here in one line, as the server would refuse it.

import * as api from "./core/api.js";
import { $ } from "./core/dom.js";

// The inputs' bounds for `type` (an entry of /api/types), and their values
// moved inside them; the page calls this whenever a type is selected.
export function followType(type) {
  if (!type || !type.generate_sides) return;
  const [low, high] = type.generate_sides;
  for (const input of [$("#gen-rows"), $("#gen-cols")]) {
    input.min = String(low);
    input.max = String(high);
    const value = Number(input.value);
    if (!Number.isInteger(value) || value < low) input.value = String(low);
    else if (value > high) input.value = String(high);
  }
}

// Why a size cannot be generated for `type`, in one line; null when it can.
function refusal(type, rows, cols) {
  if (!type.generate_sides) return null;
  const [low, high] = type.generate_sides;
  const bad = [["Rows", rows], ["Cols", cols]].find(([, v]) => !Number.isInteger(v) || v < low || v > high);
  if (!bad) return null;
  return `${bad[0]} must be a whole number from ${low} to ${high}: ${type.display_name} boards are generated from ${low}x${low} to ${high}x${high}.`;
}

const seconds = (value) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

// What the elapsed time is set against: the measured median and slowest for
// this size and mode, or, with no figure for them, what the server is doing.
function against(type, rows, cols, mode, elapsed, transport) {
  const times = type.generate_times;
  const measured = times && times.mode === mode ? times.by_size[`${rows}x${cols}`] : null;
  if (!measured) {
    return `no time measured for ${rows}x${cols}: trying boards until one has a single answer, then grading it`;
  }
  const timed = measured.samples ? `${measured.samples} timed` : "those timed";
  const where = transport === "worker" ? ", outside the browser" : "";
  if (elapsed <= measured.max) {
    return `usually ${seconds(measured.median)} s (median of ${timed}${where}; slowest ${seconds(measured.max)} s)`;
  }
  return `longer than the slowest of ${timed}${where} (${seconds(measured.max)} s); still trying`;
}

// `state` is the page's (its selected type, its limits, and the running
// request's AbortController); `open(payload, origin)` puts the new puzzle on the board.
export async function generate(state, open) {
  if (state.generating) return;
  const type = state.type;
  const rows = Number($("#gen-rows").value);
  const cols = Number($("#gen-cols").value);
  const mode = $("#gen-mode").value;
  const grade = $("#gen-grade").value;
  const status = $("#gen-status");
  const refused = refusal(type, rows, cols);
  if (refused) {
    status.textContent = refused;
    return;
  }
  const controller = new AbortController();
  state.generating = controller;
  const started = Date.now();
  const budget = state.limits && state.limits.time_budget ? state.limits.time_budget.generate : null;
  const transport = state.transport ? state.transport.kind : null;
  const times = type.generate_times;
  status.title = times && times.method ? `Measured: ${times.method}` : "";
  const tick = () => {
    const elapsed = (Date.now() - started) / 1000;
    const stop = budget ? `; the limit is ${budget} s` : "";
    const aim = grade ? `, grade ${grade}` : "";
    status.textContent =
      `Generating ${rows}x${cols} ${type.display_name} (${mode}${aim})… ${elapsed.toFixed(0)} s; ` +
      `${against(type, rows, cols, mode, elapsed, transport)}${stop}.`;
  };
  tick();
  const ticker = window.setInterval(tick, 500);
  $("#gen-go").disabled = true;
  $("#gen-cancel").hidden = false;
  status.classList.add("busy");
  try {
    const asked = { type: type.name, rows, cols, mode };
    if (grade) asked.grade = grade;
    const payload = await api.post("/api/generate", asked, { signal: controller.signal });
    const took = ((Date.now() - started) / 1000).toFixed(1);
    const tries = payload.attempts > 1 ? ` after ${payload.attempts} tries` : "";
    status.textContent = `Made in ${took} s${tries}: grade ${payload.grade.label}, seed ${payload.seed}.`;
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
