// The hint panel: a hint told in tiers, and a supposition's chain stepped
// through on the board. Puzzle-independent: it shows the server's answer
// (/api/hint: steps, mistakes, tiers) and lights cells through the Game.
//
// Press Hint once: where to look (cells lit, the rules' names, how many
// steps). Again on the same position: the reason (and where the rules stall,
// the case split: each value and how far it gets). Again: the whole chain,
// where each step that rests on a supposition can be stepped through with
// Previous / Next, lighting each sub-step's cells (striped) and the supposed
// cells (dotted). Every lit cell is also named in words, never colour alone.

import { clear, el, plural } from "./dom.js";

// What the hint request says besides the puzzle: the position, the cell of
// the player's last move (a hint prefers that area) and the pencil marks
// (per cell a bitset, as the position keeps them), both as rows like the grid.
/** @param {import("./game.js").Game} game */
export function hintRequest(game) {
  const { cols } = game.model;
  const marks = [];
  for (let at = 0; at < game.cellCount; at += cols) marks.push(game.position.marks.slice(at, at + cols));
  return { puzzle: game.payload.json, grid: game.grid(), last: lastCell(game.history), marks };
}

/**
 * @param {import("./history.js").History} history
 * @returns {number | null}
 */
function lastCell(history) {
  const move = history.index > 0 ? history.moves[history.index - 1] : null;
  if (!move) return null;
  const steps = move.batch || [move];
  return steps.length ? steps[steps.length - 1].cell : null;
}

// The same position: the same values and marks of the same puzzle.
/** @param {import("./game.js").Game} game */
function positionKey(game) {
  return JSON.stringify([game.payload.key, game.position.values, game.position.marks]);
}

export class HintPanel {
  /**
   * @param {HTMLElement} host where the hint is told
   * @param {import("./game.js").Game} game
   */
  constructor(host, game) {
    this.host = host;
    this.game = game;
    this.reset();
  }

  reset() {
    this.result = null;
    this.key = null;
    this.tier = 0;
    this.stepping = null; // { step: index in result.steps, at: sub-step index }
  }

  // Press Hint on a hint already shown: its next tier, if the position is
  // unchanged and there is one (true); otherwise a new hint is needed (false).
  advance() {
    const tiers = this.result && this.result.tiers ? this.result.tiers.length : 0;
    if (!this.game.payload || this.key !== positionKey(this.game) || this.tier >= tiers) return false;
    this.tier += 1;
    this.draw();
    return true;
  }

  // A new answer from the server (or the page's own mistakes): its first tier.
  show(result) {
    this.reset();
    if (!result) return;
    this.result = result;
    this.key = positionKey(this.game);
    this.tier = result.tiers && result.tiers.length ? 1 : 0;
    this.draw();
  }

  draw() {
    const panel = clear(this.host);
    const result = this.result;
    if (result.status === "mistake") {
      panel.append(status("Something on the board is wrong:"));
      panel.append(el("ol", {}, result.mistakes.map((m) => el("li", {}, [rule(m.rule), ` ${m.message}`]))));
      return;
    }
    if (result.status === "solved") return void panel.append(status("Nothing left to deduce: the board is full."));
    if (result.status === "stuck") {
      return void panel.append(status("No rule of the ladder applies here; it needs search."));
    }
    if (result.status === "narrowed") {
      panel.append(status("These steps rule out candidates (pencil them in) but settle no cell:"));
      panel.append(stepList(result.steps, null));
      return;
    }
    const [look, reason] = result.tiers;
    if (result.status === "guess") {
      panel.append(status("No rule decides this position: the hint below is a guess, not a deduction."));
    }
    panel.append(el("p", { class: "tier tier-1", text: look.text }));
    if (result.split && this.tier >= 2) panel.append(splitBox(result.split));
    if (this.tier < 3) {
      panel.append(el("p", { class: "note", text: `${plural(result.steps.length, "step")}, by rule:` }));
      panel.append(el("ol", { class: "brief" }, result.steps.map((s) => el("li", {}, [rule(s.rule)]))));
    }
    if (this.tier >= 2) panel.append(el("p", { class: "tier tier-2", text: reason.text }));
    if (this.tier >= 3) panel.append(stepList(result.steps, (index) => this.stepThrough(index)));
    if (this.stepping) panel.append(this.stepper());
    if (this.tier < 3) {
      const more = this.tier === 1 ? "the reason" : "the whole chain";
      panel.append(el("p", { class: "note", text: `Press Hint again for ${more}.` }));
    }
    this.light();
  }

  stepThrough(index) {
    this.stepping = { step: index, at: 0 };
    this.draw();
  }

  // The sub-steps of a supposition: the supposition, its forced steps, its end.
  subSteps(step) {
    return [
      { text: `Suppose ${step.supposes}.`, cells: step.supposed, labels: step.supposed_labels },
      ...step.chain.map((c) => ({ text: `${c.rule}: ${c.reason}`, cells: c.cells, labels: c.labels })),
      {
        text: `Then ${step.contradiction}. So ${step.supposes} is impossible.`,
        cells: step.because.length ? step.because : step.supposed,
        labels: step.because.length ? step.because_labels : step.supposed_labels,
      },
    ];
  }

  stepper() {
    const step = this.result.steps[this.stepping.step];
    const subs = this.subSteps(step);
    const at = this.stepping.at;
    const sub = subs[at];
    const go = (delta) => {
      this.stepping.at = Math.max(0, Math.min(subs.length - 1, at + delta));
      this.draw();
    };
    const number = this.stepping.step + 1;
    return el("div", { class: "stepper", role: "group", "aria-label": `Supposition of step ${number}` }, [
      el("p", { class: "status", text: `Step ${number}, part ${at + 1} of ${subs.length}:` }),
      el("p", { class: "sub-step", text: sub.text }),
      el("p", { class: "note", text: `Lit: ${sub.labels.join(" ") || "none"}; supposed: ${step.supposed_labels.join(" ")}` }),
      el("div", { class: "row" }, [
        button("Previous", `Previous part of step ${number}`, at === 0, () => go(-1)),
        button("Next", `Next part of step ${number}`, at === subs.length - 1, () => go(1)),
        button("Close", `Stop stepping through step ${number}`, false, () => {
          this.stepping = null;
          this.draw();
        }),
      ]),
    ]);
  }

  // The board's highlights for what the panel shows now: the cells to look at
  // (and from the second tier what the reason rests on), or the sub-step's.
  light() {
    const game = this.game;
    const steps = this.result.steps;
    const final = steps[steps.length - 1];
    let hint = final.cells;
    let because = this.tier >= 2 ? steps.flatMap((s) => s.because) : [];
    // a move that draws marks between cells (a border, say) lights those lines too
    let edges = final.edges || [];
    if (this.stepping) {
      const step = steps[this.stepping.step];
      hint = this.subSteps(step)[this.stepping.at].cells;
      because = step.supposed;
      edges = [];
    }
    game.hintCells = new Set(hint);
    game.becauseCells = new Set(because.filter((c) => !game.hintCells.has(c)));
    game.hintEdges = edges;
    game.render();
  }
}

// Where the rules stall: the case split, each value and how far the ladder
// gets from it; a guess says plainly that it may have to be undone.
function splitBox(split) {
  const items = split.branches.map((b) => {
    const fails = b.steps ? `fails in ${plural(b.steps, "step")}` : "fails at once";
    const how = b.fails ? fails : `leads on (settles ${b.settled} more)`;
    return el("li", {}, [`${b.option}: ${how}`]);
  });
  const parts = [el("p", { class: "status", text: `Case split: ${split.options}.` }), el("ul", {}, items)];
  if (split.guess) {
    parts.push(el("p", { class: "note guess", text: `Try ${split.chosen}: a guess you can undo (Undo) if it leads to a mistake.` }));
  }
  return el("div", { class: "split", role: "group", "aria-label": "Case split" }, parts);
}

function status(text) {
  return el("p", { class: "status", text });
}

function rule(name) {
  return el("span", { class: "rule", text: name });
}

function button(text, label, disabled, onclick) {
  return el("button", { type: "button", text, "aria-label": label, disabled, onclick });
}

// Every step, "rule: reason"; a supposition's step gets a button that steps through it.
function stepList(steps, stepThrough) {
  const items = steps.map((s, index) => {
    const parts = [rule(s.rule), `: ${s.reason}`];
    if (stepThrough && s.supposes) {
      const label = `Step through the supposition of step ${index + 1}`;
      parts.push(" ", button("Step through", label, false, () => stepThrough(index)));
    }
    return el("li", {}, parts);
  });
  return el("ol", { class: "steps" }, items);
}
