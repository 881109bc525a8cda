// One puzzle being played: position, undo/redo, selection, pencil mode,
// check, hints, rung views, timer and saved progress. Puzzle-independent:
// drawing and the meaning of keys come from the type's module (kinds/).

import * as api from "./api.js";
import { checkGame } from "./check.js";
import { clear } from "./dom.js";
import { hintRequest } from "./hints.js";
import { History } from "./history.js";
import { checkerGrid, moveWords, openCells, readyToCheck, serverGrid } from "./reading.js";
import { apply, cellMove, cellsOf, emptyPosition, isNoop } from "./moves.js";
import * as storage from "./storage.js";
import { Timer } from "./timer.js";
import { kindModule } from "../kinds/index.js";

const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

export class Game {
  /**
   * @param {object} options
   * @param {HTMLElement} options.boardHost where the board's <svg> goes
   * @param {(game: Game) => void} options.onChange the game's state changed (controls follow it)
   * @param {(text: string, kind?: string) => void} options.onMessage a line for the player
   * @param {(seconds: number) => void} options.onTick the timer's count, each second
   * @param {(text: string) => void} [options.onAnnounce] a move in words, for screen readers
   */
  constructor({ boardHost, onChange, onMessage, onTick, onAnnounce = () => {} }) {
    this.boardHost = boardHost;
    this.onChange = onChange;
    this.onMessage = onMessage;
    this.onAnnounce = onAnnounce; // a move in words, for screen readers
    this.timer = new Timer(onTick);
    this.payload = null;
    this.autoCheck = false;
    this.checkSerial = 0;
    this.rungCache = null; // { key, promise }
  }

  // -- opening -------------------------------------------------------------

  open(payload) {
    const kind = kindModule(payload.type);
    if (!kind) throw new Error(`this page cannot draw ${payload.type} puzzles yet`);
    this.payload = payload;
    this.kind = kind;
    this.model = kind.setup(payload);
    this.cellCount = this.model.rows * this.model.cols;
    const saved = storage.loadProgress(payload.type, payload.key);
    const fresh = emptyPosition(this.cellCount);
    this.position = saved && this.validPosition(saved.position) ? saved.position : fresh;
    this.history = History.fromJSON(saved && saved.history);
    this.solved = Boolean(saved && saved.solved);
    this.selected = this.firstEditable();
    this.pencil = false;
    this.canPencil = kind.pencil !== false;
    this.resetMarkup();
    this.rung = null;
    this.timer.reset(saved && Number.isFinite(saved.elapsed) ? saved.elapsed : 0);
    if (!this.solved) this.timer.start();
    this.render();
    this.changed();
    if (this.autoCheck) this.check({ quiet: true });
  }

  validPosition(position) {
    return (
      position &&
      Array.isArray(position.values) &&
      Array.isArray(position.marks) &&
      position.values.length === this.cellCount &&
      position.marks.length === this.cellCount
    );
  }

  firstEditable() {
    for (let cell = 0; cell < this.cellCount; cell += 1) if (this.kind.editable(this.model, cell)) return cell;
    return 0;
  }

  resetMarkup() {
    this.errors = new Set();
    this.hintCells = new Set();
    this.becauseCells = new Set();
    this.hintEdges = []; // a hint's move that is a mark between two cells: [cell, cell, mark] each
  }

  // -- saving --------------------------------------------------------------

  save() {
    if (!this.payload) return;
    storage.saveProgress(this.payload.type, this.payload.key, {
      position: this.position,
      history: this.history.toJSON(),
      elapsed: this.timer.seconds(),
      solved: this.solved,
    });
  }

  // -- input ---------------------------------------------------------------

  select(cell) {
    if (!this.payload || cell < 0 || cell >= this.cellCount) return;
    this.selected = cell;
    this.render();
  }

  moveSelection(dr, dc) {
    const { rows, cols } = this.model;
    const row = Math.min(rows - 1, Math.max(0, Math.floor(this.selected / cols) + dr));
    const col = Math.min(cols - 1, Math.max(0, (this.selected % cols) + dc));
    this.select(row * cols + col);
  }

  togglePencil() {
    if (!this.canPencil) return;
    this.pencil = !this.pencil;
    this.changed();
  }

  // Handle a key press; true if the page should not act on it further.
  key(event) {
    if (!this.payload) return false;
    const ctrl = event.ctrlKey || event.metaKey;
    const key = event.key;
    if (ctrl && (key === "z" || key === "Z")) {
      if (event.shiftKey) this.redo();
      else this.undo();
      return true;
    }
    if (ctrl && (key === "y" || key === "Y")) {
      this.redo();
      return true;
    }
    if (ctrl || event.altKey) return false;
    if (ARROWS[key]) {
      this.moveSelection(...ARROWS[key]);
      return true;
    }
    if (this.canPencil && (key === "p" || key === "P")) {
      this.togglePencil();
      return true;
    }
    const how = { keyboard: true, pencil: this.pencil && this.canPencil };
    const action = this.kind.keyAction(this.model, this.selected, key, this.position.values, how);
    if (!action) return false;
    if (action.refused) {
      this.onMessage(action.refused, "warn");
      return true;
    }
    this.act(action);
    return true;
  }

  // A click (button 0) or right-click (button 2) on the board. `data` is the
  // dataset of the element hit; a type may turn it into an action with its
  // `click` function, otherwise a click on a cell selects it.
  click(data, button = 0) {
    if (!this.payload) return;
    const action = this.kind.click
      ? this.kind.click(this.model, data, button, this.position.values)
      : data.cell !== undefined
        ? { select: Number(data.cell) }
        : null;
    if (!action) return;
    if (action.select !== undefined) this.select(action.select);
    if (action.refused) this.onMessage(action.refused, "warn");
    else if (action.value !== undefined || action.clear || action.batch) this.act(action);
  }

  // A key from the on-screen pad: the same as typing it on the board.
  press(key) {
    if (!this.payload) return;
    const action = this.kind.keyAction(this.model, this.selected, key, this.position.values);
    if (!action) return;
    if (action.refused) this.onMessage(action.refused, "warn");
    else this.act(action);
  }

  // A drag across cells (in the order entered); the type may turn it into
  // an action (a piece drawn in one stroke, say) with its `drag` function.
  drag(cells) {
    if (!this.payload || !this.kind.drag) return false;
    const action = this.kind.drag(this.model, cells, this.position.values);
    if (!action) return false;
    if (action.refused) this.onMessage(action.refused, "warn");
    else this.act(action);
    return true;
  }

  // Turn a kind's action ({value} or {clear}, on action.cell or else the
  // selected cell; or {batch: [{cell, value}]}, whole values set as one
  // undoable step) into a move. A type whose cell value packs more than its
  // digit (marks on the cell's edges beside it) says with `kept(model, value)`
  // what of a value a digit typed or erased leaves in place (by default nothing).
  act(action) {
    if (action.batch) {
      if (this.rung) this.showRung(null);
      const moves = action.batch
        .filter(({ cell }) => this.kind.editable(this.model, cell))
        .map(({ cell, value }) => cellMove(this.position, cell, value, this.position.marks[cell]));
      this.play({ batch: moves });
      return;
    }
    const cell = action.cell !== undefined ? action.cell : this.selected;
    if (this.rung) this.showRung(null);
    if (!this.kind.editable(this.model, cell)) {
      this.onMessage("that cell is fixed", "warn");
      return;
    }
    const value = this.position.values[cell];
    const marks = this.position.marks[cell];
    const kept = this.kind.kept ? this.kind.kept(this.model, value) : 0;
    let move;
    if (action.clear) {
      // the digit goes first, the pencil marks with a second clear
      move = value !== kept ? cellMove(this.position, cell, kept, marks) : cellMove(this.position, cell, kept, 0);
    } else if (this.pencil && this.canPencil) {
      move = cellMove(this.position, cell, value, marks ^ (1 << (action.value - 1)));
    } else {
      move = cellMove(this.position, cell, kept | action.value, marks);
    }
    this.play(move);
  }

  play(move) {
    if (isNoop(move)) return;
    this.history.push(move);
    this.position = apply(this.position, move);
    this.afterMove(move);
  }

  undo() {
    const move = this.history.undo();
    if (!move) return;
    this.position = apply(this.position, move, true);
    this.afterMove(move, "Undone: ");
  }

  redo() {
    const move = this.history.redo();
    if (!move) return;
    this.position = apply(this.position, move);
    this.afterMove(move, "Redone: ");
  }

  // Clear every entry and mark, as one undoable step.
  restart() {
    const batch = [];
    for (let cell = 0; cell < this.cellCount; cell += 1) {
      if (this.position.values[cell] || this.position.marks[cell]) batch.push(cellMove(this.position, cell, 0, 0));
    }
    if (batch.length) this.play({ batch });
  }

  afterMove(move, said = "") {
    // Whatever the top line said was about the position before this move
    // (a clash that undo took back, say): it goes, and a check may say anew.
    this.onMessage("", "info");
    this.resetMarkup();
    const wasSolved = this.solved;
    this.solved = false;
    if (wasSolved) this.timer.start();
    this.render();
    this.onAnnounce(said + moveWords(this.kind, this.model, this.position, cellsOf(move)));
    this.save();
    this.changed();
    if (this.autoCheck || this.readyToCheck()) this.check({ quiet: !this.autoCheck });
  }

  // Worth asking the server whether it is solved (see reading.js).
  readyToCheck() {
    return readyToCheck(this.kind, this.model, this.position.values);
  }

  openCells() {
    return openCells(this.kind, this.model, this.position.values);
  }

  // The position as int rows, as the server's hint reads it (givens included).
  grid() {
    return serverGrid(this.kind, this.model, this.position.values);
  }

  // The grid the checker reads (see reading.js).
  checkGrid() {
    return checkerGrid(this.kind, this.model, this.position.values);
  }

  // -- check, hint, rung view ------------------------------------------------

  // Ask the server which rules the grid breaks (see check.js).
  check(options) {
    return checkGame(this, options);
  }

  async hint() {
    if (!this.payload) return null;
    if (this.rung) this.showRung(null);
    // the server reports a wrong entry or edge mark first, before any next step
    const result = await api.post("/api/hint", this.withEdges(hintRequest(this)));
    this.resetMarkup();
    if (result.status === "mistake") {
      this.errors = new Set(result.mistakes.flatMap((m) => m.cells));
    } else if (result.steps.length) {
      const last = result.steps[result.steps.length - 1];
      this.hintCells = new Set(last.cells);
      this.becauseCells = new Set(result.steps.flatMap((s) => s.because).filter((c) => !this.hintCells.has(c)));
      this.hintEdges = last.edges || [];
    }
    this.render();
    return result;
  }

  // The player's marks between cells, for a type whose position holds them
  // beside its grid (its `edgeMarks`: [cell, cell, mark] each, e.g. a cut);
  // null for a type without any.
  edges() {
    return this.kind.edgeMarks ? this.kind.edgeMarks(this.model, this.position.values) : null;
  }

  // A request body about the position, with its edge marks when it has any.
  withEdges(body) {
    const edges = this.edges();
    return edges && edges.length ? { ...body, edges } : body;
  }

  // Edge marks the unique answer contradicts (a cut inside a piece, say),
  // which the checker's grid cannot show: the server's correct-so-far
  // mistakes about edges (none when there are no marks, or no unique answer).
  async wrongMoves() {
    const edges = this.edges();
    if (!edges || !edges.length) return [];
    try {
      const body = { puzzle: this.payload.json, grid: this.grid(), edges, which: true };
      const result = await api.post("/api/progress", body);
      return (result.mistakes || []).filter((m) => m.edge);
    } catch {
      return []; // Check still reports the broken rules
    }
  }

  // Rung views are computed once per puzzle (they look at the untouched board).
  rungViews() {
    const key = this.payload.key;
    if (!this.rungCache || this.rungCache.key !== key) {
      const promise = api.post("/api/rungs", { puzzle: this.payload.json });
      promise.catch(() => {
        if (this.rungCache && this.rungCache.promise === promise) this.rungCache = null;
      });
      this.rungCache = { key, promise };
    }
    return this.rungCache.promise;
  }

  // Show what `view` (one entry of /api/rungs) settles; null returns to play.
  showRung(view) {
    this.rung = view
      ? { name: view.rung, settled: new Map(view.settled), fresh: new Set(view.new) }
      : null;
    this.onMessage("", "info"); // it spoke of the player's grid, not of this view
    this.resetMarkup();
    this.render();
    this.changed();
  }

  // -- drawing ---------------------------------------------------------------

  render() {
    if (!this.payload) return;
    const node = this.kind.draw(this.model, {
      values: this.position.values,
      marks: this.position.marks,
      selected: this.selected,
      errors: this.errors,
      hint: this.hintCells,
      because: this.becauseCells,
      hintEdges: this.hintEdges,
      rung: this.rung,
      solved: this.solved,
    });
    if (this.solved) node.classList.add("solved");
    clear(this.boardHost).append(node);
  }

  changed() {
    this.onChange(this);
  }
}
