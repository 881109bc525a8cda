// The puzzle types' drawing modules. Each type's package ships its own; the
// server serves it beside this file as ./<name>.js, so its imports of
// ../core/*.js reach the page's shared code. A type's module exports:
//   setup(payload) -> model, editable(model, cell), fullGrid(model, values),
//   keyAction(model, cell, key, values), draw(model, view), keysHelp, and
//   either incompleteRules (a Set of rule names) or pending(model, violation, values);
// optionally click(model, data, button, values), checkGrid(model, values),
// readyToCheck(model, values), pencil (false: no pencil marks), and for
// touch screens and messages: pad(model) (the on-screen keys, [{key, label,
// name}]), drag(model, cells, values) (a stroke across cells), touchHelp,
// rungBack (how to leave a rung view, in the type's words),
// openCells(model, values) and wrongMoves(model, values, answer) (moves no
// answer allows that the server's grid cannot show); kept(model, value), for a
// type whose cell value packs marks beside its digit (what a digit typed or
// erased leaves), and edgeMarks(model, values) (the marks between cells its
// position sends beside the grid). draw's view carries `hintEdges`, the marks a
// hint's move draws ([cell, cell, mark] each; empty for a value), for a type
// whose hints may be such a move (see drawHintEdges in core/board.js).

/**
 * A type's drawing module, as the comment above lists its exports (the
 * optional ones may be missing; `model` is whatever its setup returns, a
 * `draft` whatever its editor's blankDraft or openDraft does), and for a
 * type with an editor (editor/editor.js) its editTools and draft functions.
 * @typedef {object} KindModule
 * @property {(payload: any) => any} setup
 * @property {(model: any, cell: number) => boolean} editable
 * @property {(model: any, values: number[]) => number[]} fullGrid
 * @property {(model: any, cell: number, key: string, values: number[], how?: {keyboard?: boolean, pencil?: boolean}) => any} keyAction
 *   how: typed on the keyboard (not pressed on the pad), and in pencil mode
 * @property {(model: any, view: any) => SVGSVGElement} draw
 * @property {string} keysHelp
 * @property {Set<string>} [incompleteRules]
 * @property {(model: any, violation: any, values: number[]) => boolean} [pending]
 * @property {(model: any, data: Record<string, string>, button: number, values: number[]) => any} [click]
 * @property {(model: any, values: number[]) => number[]} [checkGrid]
 * @property {(model: any, values: number[]) => boolean} [readyToCheck]
 * @property {boolean} [pencil]
 * @property {(model: any) => Array<{key: string, label: string, name: string}>} [pad]
 * @property {(model: any, cells: number[], values: number[]) => any} [drag]
 * @property {string} [touchHelp]
 * @property {string} [rungBack]
 * @property {(model: any, values: number[]) => number} [openCells]
 * @property {(model: any, values: number[], answer: any) => any} [wrongMoves]
 * @property {(model: any, value: number) => number} [kept]
 * @property {(model: any, values: number[]) => any} [edgeMarks]
 * @property {(model: any, cell: number, view: any) => string} [cellWords]
 * @property {Array<{id: string, label: string, input: string, help: string}>} [editTools]
 * @property {(rows: number, cols: number) => any} [blankDraft]
 * @property {(payload: any) => any} [openDraft]
 * @property {(draft: any) => any} [draftJson] the draft in the JSON form
 * @property {(draft: any, tool: string, stroke: any) => any} [applyEdit] the new draft, or null
 * @property {(draft: any, tool: string, cell: number, key: string) => any} [draftKey]
 * @property {(draft: any, view: any) => SVGSVGElement} [drawDraft]
 */

/** @type {Map<string, KindModule>} */
const loaded = new Map();

// Load the modules of the named types (the names /api/types lists), once,
// before the page draws anything, so that kindModule can answer at once.
// A type whose module does not load stays undrawable (kindModule: null) and
// the page offers it disabled, as before; the others still work.
/** @param {string[]} names */
export async function loadKinds(names) {
  const wanted = names.filter((name) => !loaded.has(name));
  const modules = await Promise.all(
    wanted.map((name) =>
      import(`./${encodeURIComponent(name)}.js`).catch((error) => {
        console.warn(`no drawing module for ${name}: ${error.message}`);
        return null;
      }),
    ),
  );
  wanted.forEach((name, i) => {
    if (modules[i]) loaded.set(name, modules[i]);
  });
}

// The drawing module of a loaded type, or null.
/**
 * @param {string} name
 * @returns {KindModule | null}
 */
export function kindModule(name) {
  return loaded.get(name) || null;
}
