// The Bank section: the selected type's installed puzzles, filtered by size
// and grade, and opening one of them.

import * as api from "../core/api.js";
import { $, clear, option } from "../core/dom.js";
import { openPayload } from "./opening.js";
import { message, state } from "./session.js";

/**
 * List the selected type's bank in the picker; `resetFilters` (a new type)
 * lists them all and offers that bank's sizes and grades as the filters.
 * @param {boolean} resetFilters
 */
export async function loadBank(resetFilters) {
  const type = state.type.name;
  const params = new URLSearchParams();
  if (!resetFilters) {
    if ($("#bank-size").value) params.set("size", $("#bank-size").value);
    if ($("#bank-grade").value) params.set("grade", $("#bank-grade").value);
  }
  // Listings can arrive out of order (switching types while one loads): only
  // the latest request may fill the picker, or a stale type's sizes win.
  const serial = ++state.bankRequest;
  let listing;
  try {
    listing = await api.get(`/api/bank/${type}?${params}`);
  } catch (error) {
    if (serial === state.bankRequest) $("#bank-note").textContent = `bank: ${error.message}`;
    return;
  }
  if (serial !== state.bankRequest) return;
  if (resetFilters) {
    clear($("#bank-size")).append(option("", "any"), ...listing.sizes.map((s) => option(s, s)));
    clear($("#bank-grade")).append(option("", "any"), ...listing.grades.map((g) => option(g, g)));
  }
  const list = clear($("#bank-list"));
  for (const entry of listing.puzzles) {
    list.append(option(entry.id, `${entry.id} · ${entry.label} · ${entry.mode}`));
  }
  if (list.options.length) list.selectedIndex = 0;
  $("#bank-open").disabled = $("#bank-random").disabled = listing.puzzles.length === 0;
  $("#bank-note").textContent =
    listing.total === 0
      ? `No ${type} bank is installed: generate or import a puzzle.`
      : `${listing.puzzles.length} of ${listing.total} puzzles match.`;
}

/** @param {string} id a board of the selected type's bank; none: nothing happens */
export async function openBank(id) {
  if (!id) return;
  try {
    const payload = await api.get(`/api/bank/${state.type.name}/${encodeURIComponent(id)}`);
    const grade = payload.bank ? ` (${payload.bank.label})` : "";
    openPayload(payload, { kind: "bank", id, label: `bank ${id}${grade}` });
  } catch (error) {
    message(`could not open ${id}: ${error.message}`, "error");
  }
}
