// The draft's export forms, each with a copy button: the URL (and a link
// that opens it in puzz.link), the text form and JSON always; pzprv3 and an
// SVG picture when the server offers them (fields of the puzzle's payload),
// so the page works with servers that have them and ones that do not.

import { clear, el } from "../core/dom.js";

// [label, text] for every form the payload carries.
export function exportForms(payload) {
  const more = payload.exports || {};
  const forms = [
    ["URL", payload.url],
    ["Text", payload.text],
    ["JSON", JSON.stringify(payload.json)],
    ["pzprv3", more.pzprv3 ?? payload.pzprv3],
    ["SVG", more.svg ?? payload.svg],
  ];
  for (const [name, text] of Object.entries(more)) {
    if (!forms.some(([label]) => label.toLowerCase() === name.toLowerCase())) forms.push([name, text]);
  }
  return forms.filter(([, text]) => typeof text === "string" && text !== "");
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

export function showExports(host, payload, message) {
  const box = clear(host);
  if (!payload) {
    box.append(el("p", { class: "note", text: "Exports appear once the board reads as a puzzle." }));
    return;
  }
  if (payload.url) {
    box.append(el("p", {}, [el("a", { id: "open-puzzlink", href: payload.url, target: "_blank", rel: "noopener noreferrer", text: "Open in puzz.link" })]));
  } else {
    box.append(el("p", { class: "note", text: "This board has no puzz.link URL form." }));
  }
  for (const [label, text] of exportForms(payload)) {
    const slug = label.toLowerCase();
    const field = label === "URL"
      ? el("input", { type: "text", readonly: true, id: `edit-export-${slug}`, value: text })
      : el("textarea", { rows: 3, readonly: true, spellcheck: "false", id: `edit-export-${slug}` });
    if (field.tagName === "TEXTAREA") field.value = text;
    const button = el("button", { type: "button", class: "copy", "data-form": slug, text: `Copy ${label}` });
    button.addEventListener("click", () => copy(text, field, message));
    box.append(el("label", { text: label }, [field]), button);
  }
}
