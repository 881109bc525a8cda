// LITS: drawing and input, as every shading puzzle's (../core/shading.js):
// regions get thick borders; a cell is unknown (0), shaded (1) or dotted (2).
// Four shaded cells a region. A hole (region -1: a cell in no region) is
// drawn hatched, takes no input and is never shaded.
//
// The web app serves this file at /static/js/kinds/lits.js, beside the page's
// loader, so the imports below reach the page's shared code in ../core/.

import { shadingPlayer } from "../core/shading.js";
import { regionEditor } from "../editor/region_editor.js";

const HOLE = -1; // the region number of a cell in no region

// A split mass (or a region's split tetromino) only means "not finished"
// while some region is short: the missing cells may join it.
const player = shadingPlayer({ label: "LITS board", piece: 4, hole: HOLE, waiting: ["disconnected", "region-split"] });

export const { setup, keysHelp, touchHelp, rungBack, pencil, editable, fullGrid, checkGrid } = player;
export const { keyAction, click, readyToCheck, pending, cellWords, draw } = player;

export const { editTools, blankDraft, openDraft, draftJson, applyEdit, drawDraft } = regionEditor({
  name: "lits",
  label: "LITS draft",
  hole: HOLE,
});
