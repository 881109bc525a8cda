// Norinori: drawing and input, as every shading puzzle's (../core/shading.js):
// regions get thick borders; a cell is unknown (0), shaded (1) or dotted (2).
// Two shaded cells a region; no holes.
//
// The web app serves this file at /static/js/kinds/norinori.js, beside the page's
// loader, so the imports below reach the page's shared code in ../core/.

import { shadingPlayer } from "../core/shading.js";
import { regionEditor } from "../editor/region_editor.js";

// A lone shaded cell only means "not finished" while some region is short:
// its partner may still come.
const player = shadingPlayer({ label: "Norinori board", piece: 2, waiting: ["lone"] });

export const { setup, keysHelp, touchHelp, rungBack, pencil, editable, fullGrid, checkGrid } = player;
export const { keyAction, click, readyToCheck, pending, cellWords, draw } = player;

export const { editTools, blankDraft, openDraft, draftJson, applyEdit, drawDraft } = regionEditor({
  name: "norinori",
  label: "Norinori draft",
});
