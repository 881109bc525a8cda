// The puzzle types the page can draw. A new type adds one module here with
// the same exports as suguru.js: setup, editable, fullGrid, keyAction,
// incompleteRules, draw.

import * as suguru from "./suguru.js";

const KINDS = { suguru };

export function kindModule(name) {
  return KINDS[name] || null;
}
