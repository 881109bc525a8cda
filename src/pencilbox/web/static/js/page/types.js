// Selecting a puzzle type: the sections that depend on it (the help, the
// Generate section's modes and grades, the rung views, the notes link, the
// bank) follow, and the choice is kept for the next visit.

import { $, clear, el, option } from "../core/dom.js";
import * as storage from "../core/storage.js";
import { followType } from "../generate.js";
import { kindModule } from "../kinds/index.js";
import { loadBank } from "./bank.js";
import { helpOf } from "./layout.js";
import { state } from "./session.js";

/** @param {string} name a type /api/types lists (an unknown one selects the first) */
export function selectType(name) {
  state.type = state.types.find((t) => t.name === name) || state.types[0];
  state.settings.type = state.type.name;
  $("#keys").textContent = helpOf(kindModule(state.type.name));
  storage.saveSettings(state.settings);
  clear($("#gen-mode")).append(...state.type.generate_modes.map((m) => option(m, m)));
  $("#gen-go").disabled = state.type.generate_modes.length === 0;
  followType(state.type);
  // Aim at a grade as `generate --grade` does: any, a rung of the ladder, or search.
  const grades = [...state.type.ladder.map((rung) => rung.name), "search"];
  clear($("#gen-grade")).append(option("", "any"), ...grades.map((g) => option(g, g)));
  const rungs = clear($("#rung-select"));
  rungs.append(option("", "Play (your grid)"));
  for (const rung of state.type.ladder) rungs.append(option(rung.name, `${rung.name}: ${rung.summary}`));
  const notes = clear($("#notes-link"));
  const via = state.transport;
  notes.append(el("a", { href: via.notesHref(state.type.name), text: `Notes on ${state.type.display_name}` }));
  const figures = via.dataHref(`/api/stats/${state.type.name}`);
  if (state.type.has_stats && figures) {
    notes.append(" · ", el("a", { href: figures, text: "measured figures (JSON)" }));
  } else if (!state.type.has_stats) {
    notes.append(": figures not measured yet.");
  }
  loadBank(true);
}

/**
 * Select the type of a board read from outside (pasted, or linked), if it
 * is not the selected one.
 * @param {{type: string}} payload
 */
export function selectTypeOf(payload) {
  if (payload.type !== state.type.name) {
    $("#type").value = payload.type;
    selectType(payload.type);
  }
}
