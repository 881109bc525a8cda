// The solver's state (over HTTP always ready; in the static site, loading
// until its worker has Python): shown beside the messages while it matters.

import { $, plural } from "../core/dom.js";
import { state } from "./session.js";

/** @param {{state: string, text: string, waiting?: number}} status as core/api.js's onStatus tells it */
export function showSolver(status) {
  const node = $("#solver");
  const quiet = status.state === "ready" || status.state === "starting";
  // A button pressed meanwhile says so here: its request waits, it does not fail.
  const waits = status.waiting ? ` ${plural(status.waiting, "request")} will run once it is ready.` : "";
  node.textContent = quiet ? "" : status.text + waits;
  state.solverLoading = status.state === "loading";
  node.className = `solver ${status.state}`;
  node.hidden = quiet;
  document.body.dataset.solver = status.state;
}
