// The editor of a board that is only regions (a shading puzzle's): a draft
// is the board's regions, kept as drawn borders, and, for a type with holes,
// the cells the regions skip (its hole region number in the JSON form).
//
// A type's module builds its editor exports from regionEditor(options);
// nothing here names a type.

import { drawShade, newBoard } from "../core/board.js";
import { SHADED, drawHatch } from "../core/shading.js";
import { drawDraftCells } from "./draw.js";
import { blankRegions, drawRegionEdges, paintCells, regionLabels, regionsFrom, skipCells, toRows, toggleEdges } from "./regions.js";

const REGION_TOOLS = [
  {
    id: "borders",
    label: "Borders",
    input: "edges",
    help: "Drag along the lines between cells to draw region borders; a stroke that starts on a border erases. Tap a line to toggle it.",
  },
  {
    id: "paint",
    label: "Paint a region",
    input: "cells",
    help: "Drag across cells to make them one region of their own.",
  },
];

const HOLE_TOOL = {
  id: "holes",
  label: "Hole",
  input: "cells",
  help: "Tap or drag across cells to make them holes (in no region, never shaded); a stroke that starts on a hole makes its cells a region of their own again.",
};

/**
 * @param {object} options
 * @param {string} options.name the type's name in the JSON form
 * @param {string} options.label the draft's name for screen readers ("Foo draft")
 * @param {number} [options.hole] the JSON region number of a hole; none: the type has none
 */
export function regionEditor({ name, label, hole }) {
  const holes = hole !== undefined;
  const wrap = (regions) => regions && { regions };

  // The first cell of a hole stroke decides, as the borders' first edge does:
  // from a hole the stroke gives its cells back (as one region), else makes holes.
  function holeStroke(regions, cells) {
    if (!cells.length) return null;
    return regions.skip.has(cells[0]) ? paintCells(regions, cells) : skipCells(regions, cells);
  }

  return {
    editTools: holes ? [...REGION_TOOLS, HOLE_TOOL] : REGION_TOOLS,
    blankDraft: (rows, cols) => ({ regions: blankRegions(rows, cols) }),
    openDraft: (payload) => ({
      regions: regionsFrom(payload.rows, payload.cols, payload.cells.layers.regions, holes ? hole : null),
    }),
    draftJson(draft) {
      const { rows, cols } = draft.regions;
      // (regionLabels's own default for a skipped cell serves a type with no holes: it has none)
      return { puzzle: name, rows, cols, regions: toRows(regionLabels(draft.regions, hole), cols) };
    },
    applyEdit(draft, tool, stroke) {
      if (tool === "borders") return wrap(toggleEdges(draft.regions, stroke.edges));
      if (tool === "holes" && holes) return wrap(holeStroke(draft.regions, stroke.cells));
      return wrap(paintCells(draft.regions, stroke.cells));
    },
    // view: { marks(cell), solution (flat: 1 shaded) or null }
    drawDraft(draft, view) {
      const { rows, cols } = draft.regions;
      const board = newBoard(rows, cols, label);
      const isHole = (cell) => draft.regions.skip.has(cell);
      const words = (cell) => (isHole(cell) ? "hole" : view.solution && view.solution[cell] === SHADED ? "shaded" : "");
      drawDraftCells(board, view, (cell) => (isHole(cell) ? ["hole"] : []), words);
      if (view.solution) {
        view.solution.forEach((value, cell) => {
          if (value === SHADED) drawShade(board, cell, "ink answer");
        });
      }
      for (const cell of draft.regions.skip) drawHatch(board, cell);
      drawRegionEdges(board, draft.regions);
      return board.root;
    },
  };
}
