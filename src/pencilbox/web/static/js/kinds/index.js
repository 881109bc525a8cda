// The puzzle types the page can draw. A type's module exports:
//   setup(payload) -> model, editable(model, cell), fullGrid(model, values),
//   keyAction(model, cell, key, values), draw(model, view), keysHelp, and
//   either incompleteRules (a Set of rule names) or pending(model, violation, values);
// optionally click(model, data, button, values), checkGrid(model, values),
// readyToCheck(model, values) and pencil (false: no pencil marks).

import * as heteromino from "./heteromino.js";
import * as lits from "./lits.js";
import * as suguru from "./suguru.js";

const KINDS = { suguru, lits, heteromino };

export function kindModule(name) {
  return KINDS[name] || null;
}
