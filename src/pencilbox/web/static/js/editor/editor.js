// The setter's editor: a draft board of any type, its tools, undo and redo.
// The type's module (kinds/<type>.js) says what its tools are and what an
// edit does (editTools, blankDraft, openDraft, draftJson, applyEdit,
// draftKey, drawDraft); this file knows no puzzle's rules.

import { clear, el } from "../core/dom.js";
import { Snapshots } from "./history.js";
import { followStrokes } from "./strokes.js";

const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

export class Editor {
  // host: the board's box; pad: the box for a tool's on-screen keys;
  // onChange(editor): after every edit, undo or redo (the verdict listens);
  // onMessage(text, kind): a refused edit in words.
  constructor({ host, pad, onChange, onMessage }) {
    this.host = host;
    this.pad = pad;
    this.onChange = onChange;
    this.onMessage = onMessage;
    this.kind = null;
    this.type = null;
    this.history = null;
    this.tool = null;
    this.selected = null;
    this.marks = new Map(); // cell -> classes the verdict lights
    this.solution = null; // an answer to show (flat, one value per cell), or null
    followStrokes(host, () => this.size(), (stroke) => this.stroke(stroke));
  }

  get active() {
    return this.kind !== null;
  }

  get draft() {
    return this.history.current;
  }

  size() {
    const { rows, cols } = this.kind.draftJson(this.draft);
    return { rows, cols };
  }

  json() {
    return this.kind.draftJson(this.draft);
  }

  open(type, kind, draft) {
    this.type = type;
    this.kind = kind;
    this.history = new Snapshots(draft);
    this.selected = null;
    this.setTool(kind.editTools[0].id);
    this.changed();
  }

  close() {
    this.kind = null;
    clear(this.host);
    clear(this.pad).hidden = true;
  }

  toolSpec() {
    return this.kind.editTools.find((tool) => tool.id === this.tool);
  }

  setTool(id) {
    this.tool = id;
    const spec = this.toolSpec();
    const pad = clear(this.pad);
    pad.hidden = !spec.pad;
    for (const { key, label, name } of spec.pad || []) {
      pad.append(el("button", { type: "button", "data-key": key, "aria-label": name, text: label }));
    }
    this.draw();
  }

  // A new draft from an edit (or a refusal in words).
  commit(next) {
    if (!next) return;
    if (next.refused) {
      this.onMessage(next.refused, "warn");
      return;
    }
    this.history.push(next);
    this.changed();
  }

  changed() {
    this.marks = new Map();
    this.solution = null;
    this.draw();
    this.onChange(this);
  }

  stroke(stroke) {
    if (!this.active) return;
    const spec = this.toolSpec();
    if (spec.input === "digits") {
      if (stroke.tap && stroke.tap.cell !== null) this.select(stroke.tap.cell);
      return;
    }
    if (spec.input === "edges" && !stroke.edges.length && stroke.tap && stroke.tap.edge) stroke.edges = [stroke.tap.edge];
    this.commit(this.kind.applyEdit(this.draft, this.tool, stroke));
  }

  select(cell) {
    this.selected = cell;
    this.draw();
    this.host.focus();
  }

  // A key on the board: undo / redo, arrows, and the tool's own keys. True if used.
  key(event) {
    if (!this.active) return false;
    const ctrl = event.ctrlKey || event.metaKey;
    if (ctrl && (event.key === "z" || event.key === "Z")) {
      if (event.shiftKey) this.redo();
      else this.undo();
      return true;
    }
    if (ctrl && (event.key === "y" || event.key === "Y")) return this.redo(), true;
    if (ctrl || event.altKey) return false;
    const { rows, cols } = this.size();
    if (ARROWS[event.key]) {
      const [dr, dc] = ARROWS[event.key];
      const cell = this.selected ?? 0;
      const row = Math.min(rows - 1, Math.max(0, Math.floor(cell / cols) + dr));
      const col = Math.min(cols - 1, Math.max(0, (cell % cols) + dc));
      this.select(row * cols + col);
      return true;
    }
    return this.press(event.key);
  }

  // A tool key (typed, or from the pad) at the selected cell.
  press(key) {
    if (!this.active || this.selected === null || !this.kind.draftKey) return false;
    const next = this.kind.draftKey(this.draft, this.tool, this.selected, key);
    if (next === null) return false;
    this.commit(next);
    return true;
  }

  // Whether a tool types values into cells (givens), for a suggested given.
  canGive() {
    return Boolean(this.kind.draftKey) && this.kind.editTools.some((tool) => tool.input === "digits");
  }

  give(cell, value) {
    const tool = this.kind.editTools.find((spec) => spec.input === "digits");
    this.commit(this.kind.draftKey(this.draft, tool.id, cell, String(value)));
  }

  undo() {
    if (!this.history.canUndo()) return;
    this.history.undo();
    this.changed();
  }

  redo() {
    if (!this.history.canRedo()) return;
    this.history.redo();
    this.changed();
  }

  // What the verdict shows on the board: classes per cell, and an answer.
  show(marks, solution = null) {
    this.marks = marks;
    this.solution = solution;
    this.draw();
  }

  draw() {
    if (!this.active) return;
    const view = {
      tool: this.tool,
      selected: this.toolSpec().input === "digits" ? this.selected : null,
      solution: this.solution,
      marks: (cell) => [...(this.marks.get(cell) || []), ...(cell === this.selected && this.toolSpec().input === "digits" ? ["selected"] : [])],
    };
    const root = this.kind.drawDraft(this.draft, view);
    root.classList.add("draft", "drag"); // strokes draw: the page must not scroll under them
    clear(this.host).append(root);
  }
}
