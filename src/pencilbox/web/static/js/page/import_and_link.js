// Boards read from outside the page: pasted in the Import section, or named
// by the address (a shared link); Python reads them (/api/load).

import * as api from "../core/api.js";
import { $ } from "../core/dom.js";
import { kindModule } from "../kinds/index.js";
import { bareAddress } from "./address.js";
import { openPayload } from "./opening.js";
import { message } from "./session.js";
import { selectTypeOf } from "./types.js";

// The Import section's button: read what was pasted and play it.
export async function importPuzzle() {
  const input = $("#import-text").value;
  if (!input.trim()) {
    message("paste a puzz.link URL, the text form or JSON first", "warn");
    return;
  }
  try {
    const payload = await api.post("/api/load", { input });
    if (kindModule(payload.type) === null) {
      message(`read a ${payload.type} puzzle, but this page cannot draw ${payload.type} boards yet`, "warn");
      return;
    }
    selectTypeOf(payload);
    openPayload(payload, { kind: "imported", label: "imported" });
  } catch (error) {
    message(`import failed: ${error.message}`, "error");
  }
}

/**
 * Play the board the address names; one that cannot be read is said, and
 * the address left bare.
 * @param {string} input a puzz.link URL
 * @returns {Promise<boolean>} whether the board opened
 */
export async function openLink(input) {
  message("Opening the linked puzzle…", "info");
  try {
    const payload = await api.post("/api/load", { input });
    if (kindModule(payload.type) === null) throw new Error(`this page cannot draw ${payload.type} boards`);
    selectTypeOf(payload);
    openPayload(payload, { kind: "link", label: "from a link" });
    return true;
  } catch (error) {
    message(`link: ${error.message}`, "error");
    window.history.replaceState(null, "", bareAddress());
    return false;
  }
}
