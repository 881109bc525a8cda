// Check: which rules the player's grid breaks, as the server's checker reads
// it (/api/check), plus the edge marks no answer allows (Game.wrongMoves: a
// cut inside a piece, which the server compares with the unique answer).
// Marks the broken cells through the Game and notices a solve.

import * as api from "./api.js";
import { plural } from "./dom.js";

// Ask the server which rules the grid breaks; mark them and notice a solve.
// quiet: no message unless something is broken or the puzzle is solved.
/**
 * @param {import("./game.js").Game} game
 * @param {{quiet?: boolean}} [options]
 */
export async function checkGame(game, { quiet = false } = {}) {
  if (!game.payload) return;
  const serial = ++game.checkSerial;
  let result;
  let wrong;
  try {
    [result, wrong] = await Promise.all([
      api.post("/api/check", { puzzle: game.payload.json, grid: game.checkGrid() }),
      game.wrongMoves(),
    ]);
  } catch (error) {
    game.onMessage(`check failed: ${error.message}`, "error");
    return;
  }
  if (serial !== game.checkSerial) return; // a later position was checked meanwhile
  // Violations that only mean "not finished yet" are not shown as errors.
  const values = game.position.values;
  const pending = (v) =>
    game.kind.pending ? game.kind.pending(game.model, v, values) : game.kind.incompleteRules.has(v.rule);
  const broken = [...wrong, ...result.violations.filter((v) => !pending(v))];
  game.errors = new Set(broken.flatMap((v) => v.cells));
  if (result.solved) {
    game.solved = true;
    game.timer.stop();
    game.save();
    game.onMessage("Solved! Every rule holds.", "success");
  } else if (broken.length) {
    const first = broken.slice(0, 3).map((v) => v.message).join("; ");
    const more = broken.length > 3 ? ` (and ${broken.length - 3} more)` : "";
    game.onMessage(`${broken.length} broken: ${first}${more}`, "error");
  } else if (!quiet) {
    const open = game.openCells();
    game.onMessage(`No broken rules so far; ${plural(open, "cell")} still open.`, "info");
  }
  game.render();
  game.changed();
}
