// The Export sections (the player's and the editor's): every form the
// server writes for a board -- the URL (and a link that opens it in
// puzz.link), the text form, JSON, a pzprv3 file and an SVG picture --
// each with a copy button, and the picture also as a download and a
// preview. A form the board has none of (a URL for a board with holes,
// say) shows the server's one line of why in its place. The forms come
// from POST /api/export ({forms, errors}); the verdict's payload carries
// the same object for the editor.

import * as api from "./api.js";
import { clear, el } from "./dom.js";

const LABELS = { url: "URL", link: "Link to this puzzle", text: "Text", json: "JSON", pzprv3: "pzprv3", svg: "SVG" };

// The address of this page opening the board of a puzz.link URL: the URL's
// query (`TYPE/COLS/ROWS/BODY`) after this page's own address. The link carries
// the board only; whoever opens it keeps their own progress on that board.
/**
 * @param {string} url
 * @returns {string}
 */
export function puzzleLink(url) {
  const body = url.slice(url.indexOf("?") + 1);
  return `${window.location.origin}${window.location.pathname}?${body}`;
}

// The forms with the page's link beside the URL it is made from.
function withLink(exports) {
  const forms = { ...exports.forms };
  const errors = { ...exports.errors };
  if (forms.url) forms.link = puzzleLink(forms.url);
  else errors.link = errors.url || "no URL form";
  return { forms, errors };
}

/**
 * Every form of a board the server wrote, by name, and why a form is missing.
 * @typedef {{forms: Record<string, string>, errors: Record<string, string>}} Exports
 */

// What a puzzle's payload already holds, shown until the server's full list arrives.
/**
 * @param {any} payload
 * @returns {Exports}
 */
export function payloadExports(payload) {
  /** @type {Record<string, string>} */
  const forms = { text: payload.text, json: JSON.stringify(payload.json) };
  /** @type {Record<string, string>} */
  const errors = {};
  if (payload.url) forms.url = payload.url;
  else errors.url = payload.url_note || "no URL form";
  return { forms, errors };
}

// Every form the server writes for the payload's board ({forms, errors}).
/**
 * @param {any} payload
 * @returns {Promise<Exports>}
 */
export function fetchExports(payload) {
  return api.post("/api/export", { puzzle: payload.json });
}

// The form names in the order shown: the known ones first, then any other the server sends.
function names(exports) {
  const all = new Set([...Object.keys(exports.forms), ...Object.keys(exports.errors)]);
  const known = Object.keys(LABELS).filter((name) => all.has(name));
  return [...known, ...[...all].filter((name) => !(name in LABELS))];
}

async function copy(text, field, message) {
  try {
    await navigator.clipboard.writeText(text);
    message("Copied.", "info");
  } catch {
    field.select();
    message("Selected: press Ctrl-C to copy.", "info");
  }
}

function svgParts(prefix, text, fileName) {
  const href = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  const link = el("a", { id: `${prefix}-svg-download`, href, download: `${fileName}.svg`, text: "Download the SVG" });
  const preview = el("img", { id: `${prefix}-svg-preview`, class: "svg-preview", src: href, alt: "The board as an SVG picture" });
  return [el("p", {}, [link]), preview];
}

// One form: its label and field, its copy button, and its note when the board has no such form.
function formParts(prefix, name, text, error, message) {
  const label = LABELS[name] || name;
  const id = `${prefix}-${name}`;
  const field = name === "url" || name === "link"
    ? el("input", { type: "text", readonly: true, id })
    : el("textarea", { rows: 3, readonly: true, spellcheck: "false", id });
  field.value = text ?? "";
  if (error) field.placeholder = error;
  const button = el("button", { type: "button", class: "copy", id: `${prefix}-copy-${name}`, "data-form": name, text: `Copy ${label}` });
  button.disabled = typeof text !== "string";
  button.addEventListener("click", () => copy(field.value, field, message));
  /** @type {HTMLElement[]} */
  const parts = [el("label", { text: label }, [field])];
  if (error) parts.push(el("p", { class: "note export-note", id: `${prefix}-note-${name}`, text: error }));
  parts.push(button);
  return parts;
}

/**
 * @typedef {object} ExportOptions
 * @property {string} prefix the ids' prefix (the player's and the editor's sections differ)
 * @property {string} [fileName] the SVG download's name, without .svg
 * @property {(text: string, kind?: string) => void} message
 */

// exports: {forms, errors} or null (no board yet); options: {prefix, fileName, message}.
/**
 * @param {HTMLElement} host
 * @param {Exports | null} exports
 * @param {ExportOptions} options
 */
export function showExports(host, exports, { prefix, fileName = "board", message }) {
  const box = clear(host);
  if (!exports) {
    box.append(el("p", { class: "note", text: "Exports appear once the board reads as a puzzle." }));
    return;
  }
  const { forms, errors } = withLink(exports);
  if (forms.url) {
    box.append(el("p", {}, [el("a", { id: `${prefix}-puzzlink`, href: forms.url, target: "_blank", rel: "noopener noreferrer", text: "Open in puzz.link" })]));
  }
  for (const name of names({ forms, errors })) {
    box.append(...formParts(prefix, name, forms[name], errors[name], message));
    if (name === "svg" && typeof forms.svg === "string") box.append(...svgParts(prefix, forms.svg, fileName));
  }
}

// The player's section for an opened board: the payload's forms at once,
// then the server's full list, unless another board was opened meanwhile
// (isCurrent says).
/**
 * @param {HTMLElement} host
 * @param {any} payload
 * @param {ExportOptions} options
 * @param {() => boolean} isCurrent
 */
export async function showBoardExports(host, payload, options, isCurrent) {
  showExports(host, payloadExports(payload), options);
  try {
    const exports = await fetchExports(payload);
    if (isCurrent()) showExports(host, exports, options);
  } catch (error) {
    if (isCurrent()) options.message(`the other export forms: ${error.message}`, "warn");
  }
}
