// The live verdict on a draft: asked a moment after the last edit, with the
// request before it aborted (the server then stops its job), and shown as
// words beside the board and as lit cells on it. Several answers open the
// ambiguity view: what every answer found shares, where they differ, one
// answer at a time, and a given that would cut them.

import * as api from "../core/api.js";
import { clear, el, plural } from "../core/dom.js";

const WAIT_MS = 300; // typing and dragging settle first: one request per pause

export class VerdictWatch {
  // onAnswer(answer, json): the server's answer for the draft `json`;
  // onPending(): a new request is on its way.
  constructor(onAnswer, onPending) {
    this.onAnswer = onAnswer;
    this.onPending = onPending;
    this.timer = null;
    this.controller = null;
  }

  ask(json) {
    this.stop();
    this.onPending();
    this.timer = setTimeout(() => this.run(json), WAIT_MS);
  }

  stop() {
    clearTimeout(this.timer);
    if (this.controller) this.controller.abort();
    this.controller = null;
  }

  async run(json) {
    const controller = new AbortController();
    this.controller = controller;
    let answer;
    try {
      answer = await api.post("/api/verdict", { draft: json }, { signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted) return; // a newer edit took over
      answer = { verdict: "error", message: error.message };
    }
    if (this.controller !== controller) return;
    this.controller = null;
    this.onAnswer(answer, json);
  }
}

const marked = (cells, cls) => new Map(cells.map((cell) => [cell, [cls]]));

function cellList(labels) {
  const shown = labels.slice(0, 8).join(", ");
  return labels.length > 8 ? `${shown} and ${labels.length - 8} more` : shown;
}

// The verdict in words in `host`, and what to light on the board; returns
// the marks (cell -> classes) for the editor to show.
export function showVerdict(host, answer) {
  const box = clear(host);
  box.dataset.verdict = answer.verdict;
  const line = (text, cls = "verdict-line") => box.append(el("p", { class: cls, text }));
  if (answer.verdict === "problem") {
    line("This board breaks a rule of its type:");
    const list = el("ul", { class: "problems" });
    for (const problem of answer.problems) {
      const where = problem.labels.length ? ` (${cellList(problem.labels)})` : "";
      list.append(el("li", { text: `${problem.message}${where}` }));
    }
    box.append(list);
    return marked(answer.problems.flatMap((p) => p.cells), "error");
  }
  if (answer.verdict === "error") {
    line(`No verdict: ${answer.message}`);
    return new Map();
  }
  if (answer.verdict === "none") {
    const problem = answer.problem || { message: "the rules reach a contradiction", cells: [], labels: [] };
    line("No solution.");
    const where = problem.labels && problem.labels.length ? ` (${cellList(problem.labels)})` : "";
    line(`The first contradiction on the untouched board: ${problem.message}${where}`, "note");
    return marked(problem.cells || [], "error");
  }
  if (answer.verdict === "unique") {
    const grade = answer.grade ? `grade ${answer.grade}` : "ungraded";
    const time = answer.seconds < 1 ? `${Math.max(1, Math.round(answer.seconds * 1000))} ms` : `${answer.seconds.toFixed(1)} s`;
    line(`Unique: one solution · ${grade} · ${time}`);
    return new Map();
  }
  const count = answer.exhaustive ? `exactly ${answer.count}` : `${answer.count} or more (stopped at ${answer.limit})`;
  line(`Several solutions: ${count}.`);
  return new Map();
}

// The ambiguity view of a "several" answer in `host`: the counts, a solution
// browser (show(index) draws answer `index` on the board, or none with -1),
// the places where the answers differ, and the suggested given (with a
// button that adds it, when addGiven(suggestion) is given).
export function showAmbiguity(host, answer, show, addGiven = null) {
  const box = clear(host);
  const found = answer.solutions.length;
  const decided = answer.decided.flat().filter((value) => value !== null).length;
  box.append(
    el("p", {
      class: "note",
      text: `${plural(found, "solution")} found: ${plural(decided, "cell")} the same in all of them, ` +
        `${plural(answer.differing.length, "cell")} that differ (marked on the board).`,
    }),
  );
  let index = -1;
  const status = el("span", { class: "browse-status", "aria-live": "polite" });
  const go = (next) => {
    index = next;
    status.textContent = index < 0 ? "differences" : `solution ${index + 1} of ${found}`;
    show(index);
  };
  const prev = el("button", { type: "button", id: "solution-prev", text: "◀", "aria-label": "Previous solution" });
  const next = el("button", { type: "button", id: "solution-next", text: "▶", "aria-label": "Next solution" });
  const diff = el("button", { type: "button", id: "solution-diff", text: "Differences" });
  prev.addEventListener("click", () => go(index <= 0 ? found - 1 : index - 1));
  next.addEventListener("click", () => go(index + 1 >= found ? 0 : index + 1));
  diff.addEventListener("click", () => go(-1));
  box.append(el("div", { class: "row" }, [prev, status, next, diff]));
  if (answer.suggestion) {
    const words = answer.suggestion.message ||
      `a ${answer.suggestion.value} at ${answer.suggestion.label} leaves ${plural(answer.suggestion.leaves, "solution")}`;
    const line = el("p", { class: "suggestion", text: `Suggested given: ${words}. ` });
    if (addGiven) {
      const add = el("button", { type: "button", id: "add-suggestion", text: "Add it" });
      add.addEventListener("click", () => addGiven(answer.suggestion));
      line.append(add);
    }
    box.append(line);
  }
  if (answer.places && answer.places.length) {
    box.append(el("p", { class: "note", text: "Where the answers differ:" }));
    const list = el("ul", { class: "places" });
    for (const place of answer.places.slice(0, 12)) list.append(el("li", { text: place.words }));
    if (answer.places.length > 12) list.append(el("li", { text: `and ${answer.places.length - 12} more` }));
    box.append(list);
  }
  go(-1);
}
