// The Hint button and the rung views: what Python says of the position
// (the next move and why, in tiers), and what one rung of the ladder
// settles alone.

import { $, clear, el, plural } from "../core/dom.js";
import { game, hints, refreshControls, state } from "./session.js";

export async function showHint() {
  if (state.hinting) return; // one hint at a time: the button is disabled meanwhile
  if (hints.advance()) return; // the same position: the hint's next tier
  const panel = clear($("#hint-panel"));
  const thinking = state.solverLoading ? "Waiting for the solver to load…" : "Thinking…";
  panel.append(el("p", { class: "status", text: thinking }));
  let result;
  state.hinting = true;
  refreshControls();
  try {
    result = await game.hint();
  } catch (error) {
    clear(panel).append(el("p", { class: "status", text: `Hint failed: ${error.message}` }));
    return;
  } finally {
    state.hinting = false;
    refreshControls();
  }
  hints.show(result); // its first tier; pressing Hint again shows the next
}

// The rung picker: show what the chosen rung settles, or play again ("").
export async function chooseRung() {
  const name = $("#rung-select").value;
  const note = $("#rung-note");
  if (!name) {
    game.showRung(null);
    note.textContent = "";
    return;
  }
  note.textContent = "Working…";
  try {
    const { rungs } = await game.rungViews();
    const view = rungs.find((r) => r.rung === name);
    game.showRung(view);
    $("#rung-select").value = name;
    if (view.contradiction) note.textContent = `${name} finds a contradiction: the puzzle has no solution.`;
    else {
      const end = view.finished ? "and finishes the puzzle" : "and then stops";
      // how to go back is the type's own wording (a digit, a tap, a cut)
      const back = game.kind.rungBack || 'Choose "Play" to go back.';
      note.textContent =
        `${name} alone settles ${plural(view.settled.length, "cell")}, ${view.new.length} of them beyond ` +
        `the start (shaded), ${end}. ${back}`;
    }
  } catch (error) {
    note.textContent = `rung view failed: ${error.message}`;
  }
}
