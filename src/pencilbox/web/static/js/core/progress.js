// "Correct so far?": the player's entries compared with the unique answer
// (/api/progress). The first press says only how many entries are wrong;
// a second press on the same position lights them (cross-hatched, and named
// in the message, never colour alone). Neither says what the answer holds.
// Puzzle-independent: cells are lit through the Game like Check's.

import * as api from "./api.js";

// The same position: the same values and marks of the same puzzle.
/** @param {import("./game.js").Game} game */
function positionKey(game) {
  return JSON.stringify([game.payload.key, game.position.values, game.position.marks]);
}

// "1 entry is wrong", "3 entries are wrong".
/** @param {number} count */
export function wrongWords(count) {
  return count === 1 ? "1 entry is wrong" : `${count} entries are wrong`;
}

export class Progress {
  /**
   * @param {import("./game.js").Game} game
   * @param {(text: string, kind?: string) => void} onMessage
   */
  constructor(game, onMessage) {
    this.game = game;
    this.onMessage = onMessage;
    this.pending = false; // a request is on its way (the button is disabled)
    this.last = null; // { key, mistakes } of the latest answer
  }

  // The server's mistakes in the entries and in the edge marks (a cut inside
  // a piece, say), if the type's position has them.
  async ask() {
    const game = this.game;
    const body = game.withEdges({ puzzle: game.payload.json, grid: game.grid(), which: true });
    const result = await api.post("/api/progress", body);
    if (result.status === "no-unique-solution") return null;
    return result.mistakes || [];
  }

  async press() {
    const game = this.game;
    if (!game.payload || this.pending) return;
    const key = positionKey(game);
    if (this.last && this.last.key === key && this.last.mistakes.length) {
      this.light(this.last.mistakes); // the second press on the same position
      return;
    }
    this.pending = true;
    game.changed();
    let mistakes;
    try {
      mistakes = await this.ask();
    } catch (error) {
      this.onMessage(`correct-so-far check failed: ${error.message}`, "error");
      return;
    } finally {
      this.pending = false;
      game.changed();
    }
    if (positionKey(game) !== key) return; // a move was made meanwhile: it would mislead
    this.last = mistakes ? { key, mistakes } : null;
    if (mistakes === null) this.onMessage("The puzzle has no unique solution to compare with.", "warn");
    else if (!mistakes.length) this.onMessage("Correct so far.", "success");
    else this.onMessage(`${wrongWords(mistakes.length)}. Press again to see which.`, "warn");
  }

  light(mistakes) {
    const game = this.game;
    game.resetMarkup();
    game.errors = new Set(mistakes.flatMap((m) => m.cells));
    game.render();
    const first = mistakes.slice(0, 3).map((m) => m.message).join("; ");
    const more = mistakes.length > 3 ? ` (and ${mistakes.length - 3} more)` : "";
    this.onMessage(`${wrongWords(mistakes.length)}: ${first}${more}`, "error");
  }
}
