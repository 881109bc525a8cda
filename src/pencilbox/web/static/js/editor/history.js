// Undo and redo over whole drafts: a draft is small (a few hundred cells at
// most), so each edit keeps a snapshot instead of a move to run backwards.

export class Snapshots {
  constructor(first) {
    this.states = [first];
    this.index = 0;
  }

  get current() {
    return this.states[this.index];
  }

  push(state) {
    this.states = this.states.slice(0, this.index + 1);
    this.states.push(state);
    this.index = this.states.length - 1;
  }

  canUndo() {
    return this.index > 0;
  }

  canRedo() {
    return this.index + 1 < this.states.length;
  }

  undo() {
    if (this.canUndo()) this.index -= 1;
    return this.current;
  }

  redo() {
    if (this.canRedo()) this.index += 1;
    return this.current;
  }
}
