// ESLint for the front end (`make lint` runs it): the recommended rules, with
// the globals of where each file runs: the page, the static site's Web Worker,
// its service worker, or Node (the build's bytecode compiler, this file).

import js from "@eslint/js";
import globals from "globals";

const JS = "src/pencilbox/web/static/js";

export default [
  { ignores: ["node_modules/", ".venv/", "build/", "site/", "dist/"] },
  js.configs.recommended,
  {
    // The page's modules, and each type's drawing module (served beside them).
    files: [`${JS}/**/*.js`, "src/pencilbox/puzzles/*/front.js"],
    ignores: [`${JS}/runtime/pyworker.js`],
    languageOptions: { sourceType: "module", globals: globals.browser },
  },
  {
    // Started by runtime/workers.js as a module worker.
    files: [`${JS}/runtime/pyworker.js`],
    languageOptions: { sourceType: "module", globals: globals.worker },
  },
  {
    // A classic script; the site build writes `const VERSION = "...";` above it.
    files: ["src/pencilbox/web/static/site/sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker, VERSION: "readonly" } },
  },
  {
    files: ["**/*.mjs"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
];
