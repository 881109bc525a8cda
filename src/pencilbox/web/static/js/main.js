// The page: wires the controls to the shared Game and to Python (the server,
// or the static site's worker: core/api.js hides which).
// Nothing here knows a puzzle's rules; types come from /api/types and the
// drawing from kinds/<type>.js.

import * as api from "./core/api.js";
import { $, clear, el, option, plural } from "./core/dom.js";
import { puzzleLink, showBoardExports } from "./core/exports.js";
import { Game } from "./core/game.js";
import { HintPanel } from "./core/hints.js";
import { Progress } from "./core/progress.js";
import * as storage from "./core/storage.js";
import { formatSeconds } from "./core/timer.js";
import { followType, generate } from "./generate.js";
import { kindModule, loadKinds } from "./kinds/index.js";
import { buildPad, wireStrokes } from "./core/touch.js";
import { wireEditor } from "./editor/page.js";

const state = {
  types: [],
  type: null, // the selected type's info from /api/types
  settings: storage.loadSettings(),
  origin: null, // where the open puzzle came from, for the title
  generating: null, // AbortController of a running generate request
  bankRequest: 0, // serial of the latest bank listing asked for
  hinting: false, // a hint request is on its way
  opened: 0, // serial of the board opened last
};

// Narrow screens (phones, tablets held upright) fold the choosing sections
// away once a puzzle is open; touch screens get the touch wording of the help.
const narrow = () => window.matchMedia("(max-width: 999px)").matches;
const touch = () => window.matchMedia("(pointer: coarse)").matches;

function message(text, kind = "info") {
  const node = $("#message");
  node.textContent = text;
  node.className = `message ${kind}`;
}

const game = new Game({
  boardHost: $("#board"),
  onChange: refreshControls,
  onMessage: message,
  onAnnounce: (text) => {
    $("#announce").textContent = text;
  },
  onTick: (seconds) => {
    $("#timer").textContent = game.payload ? formatSeconds(seconds) : "";
  },
});
const hints = new HintPanel($("#hint-panel"), game);
const progress = new Progress(game, message);

// -- controls that follow the game's state -----------------------------------

function refreshControls() {
  const open = Boolean(game.payload);
  $("#undo").disabled = !open || !game.history.canUndo();
  $("#redo").disabled = !open || !game.history.canRedo();
  for (const id of ["#restart", "#check", "#hint", "#pencil", "#rung-select", "#print"]) $(id).disabled = !open;
  $("#hint").disabled = !open || state.hinting;
  $("#progress").disabled = !open || progress.pending;
  $("#pencil").disabled = !open || !game.canPencil;
  $("#pencil").setAttribute("aria-pressed", open && game.pencil ? "true" : "false");
  $("#pad").classList.toggle("pencil", open && game.pencil);
  $("#solved-banner").hidden = !(open && game.solved);
  if (open && !game.rung) $("#rung-select").value = "";
}

// A type's name as people write it (an acronym in capitals, say), as its face declares it.
function displayName(type) {
  const info = (state.types || []).find((t) => t.name === type);
  return info ? info.display_name : type;
}

function titleOf(payload, origin) {
  const name = payload.display_name || displayName(payload.type);
  const where = origin && origin.label ? ` · ${origin.label}` : "";
  return `${name} ${payload.rows}x${payload.cols}${where}`;
}

function openPayload(payload, origin) {
  try {
    game.open(payload);
  } catch (error) {
    message(error.message, "error");
    return;
  }
  state.origin = origin;
  storage.saveCurrent({ payload, origin, version: state.version });
  showAddress(payload);
  $("#title").textContent = titleOf(payload, origin);
  document.title = `pencilbox · ${titleOf(payload, null)}`;
  const fileName = `${payload.type}-${payload.rows}x${payload.cols}`;
  const serial = (state.opened += 1); // a later board's exports win over this one's
  showBoardExports($("#export-forms"), payload, { prefix: "export", fileName, message }, () => state.opened === serial);
  $("#keys").textContent = helpOf(game.kind);
  buildPad($("#pad"), game);
  setPan(false);
  offerPan();
  clear($("#hint-panel"));
  $("#rung-note").textContent = "";
  if (game.solved) message("Solved! (progress restored)", "success");
  else message(`Opened ${titleOf(payload, origin)}.`, "info");
  if (narrow()) for (const id of ["#fold-bank", "#fold-generate", "#fold-import", "#fold-export"]) $(id).open = false;
  $("#board").focus();
}

// The address bar names the open board (?TYPE/COLS/ROWS/BODY), so a reload, a
// bookmark or a shared address opens it again; a board with no URL form
// leaves the address bare.
function showAddress(payload) {
  const address = payload.url ? puzzleLink(payload.url) : `${window.location.origin}${window.location.pathname}`;
  if (address !== window.location.href) window.history.replaceState(null, "", address);
}

// The puzzle an address names: `?<puzz.link query>` or `?url=<a whole URL>`; null for none.
function linkedInput() {
  const query = window.location.search.slice(1);
  if (!query) return null;
  const params = new URLSearchParams(query);
  if (params.has("url")) return params.get("url");
  return `https://puzz.link/p?${decodeURIComponent(query)}`;
}

// Pan mode: one finger moves a board wider than the screen instead of
// drawing on it (the board host's class lets the browser pan, see app.css).
function setPan(on) {
  $("#board").classList.toggle("pan", on);
  $("#pan").setAttribute("aria-pressed", on ? "true" : "false");
}

// Strokes draw on some types' boards (a piece dragged across its cells), so a touch
// screen that shows only part of the board offers pan mode; a board that
// fits needs none (and leaves pan mode when it comes to fit).
function offerPan() {
  const host = $("#board");
  const wide = host.scrollWidth > host.clientWidth + 1 || host.scrollHeight > host.clientHeight + 1;
  const offer = Boolean(game.payload && game.kind.drag && touch() && wide);
  $("#pan").hidden = !offer;
  if (!offer) setPan(false);
}

function helpOf(kind) {
  return touch() && kind.touchHelp ? kind.touchHelp : kind.keysHelp;
}

// -- puzzle types ------------------------------------------------------------

function selectType(name) {
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

// -- bank ----------------------------------------------------------------------

async function loadBank(resetFilters) {
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

async function openBank(id) {
  if (!id) return;
  try {
    const payload = await api.get(`/api/bank/${state.type.name}/${encodeURIComponent(id)}`);
    const grade = payload.bank ? ` (${payload.bank.label})` : "";
    openPayload(payload, { kind: "bank", id, label: `bank ${id}${grade}` });
  } catch (error) {
    message(`could not open ${id}: ${error.message}`, "error");
  }
}

// -- import / export -----------------------------------------------------------------

async function importPuzzle() {
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
    if (payload.type !== state.type.name) {
      $("#type").value = payload.type;
      selectType(payload.type);
    }
    openPayload(payload, { kind: "imported", label: "imported" });
  } catch (error) {
    message(`import failed: ${error.message}`, "error");
  }
}

// -- hints and rung views ----------------------------------------------------------

async function showHint() {
  if (state.hinting) return; // one hint at a time: the button is disabled meanwhile
  if (hints.advance()) return; // the same position: the hint's next tier
  const panel = clear($("#hint-panel"));
  const thinking = state.solverLoading ? "Waiting for the solver to load…" : "Thinking…";
  panel.append(el("p", { class: "status", text: thinking }));
  let result;
  state.hinting = true;
  refreshControls();
  try {
    result = await game.hint();
  } catch (error) {
    clear(panel).append(el("p", { class: "status", text: `Hint failed: ${error.message}` }));
    return;
  } finally {
    state.hinting = false;
    refreshControls();
  }
  hints.show(result); // its first tier; pressing Hint again shows the next
}

async function chooseRung() {
  const name = $("#rung-select").value;
  const note = $("#rung-note");
  if (!name) {
    game.showRung(null);
    note.textContent = "";
    return;
  }
  note.textContent = "Working…";
  try {
    const { rungs } = await game.rungViews();
    const view = rungs.find((r) => r.rung === name);
    game.showRung(view);
    $("#rung-select").value = name;
    if (view.contradiction) note.textContent = `${name} finds a contradiction: the puzzle has no solution.`;
    else {
      const end = view.finished ? "and finishes the puzzle" : "and then stops";
      // how to go back is the type's own wording (a digit, a tap, a cut)
      const back = game.kind.rungBack || 'Choose "Play" to go back.';
      note.textContent =
        `${name} alone settles ${plural(view.settled.length, "cell")}, ${view.new.length} of them beyond ` +
        `the start (shaded), ${end}. ${back}`;
    }
  } catch (error) {
    note.textContent = `rung view failed: ${error.message}`;
  }
}

// -- wiring ------------------------------------------------------------------------

function typing(target) {
  return target instanceof HTMLElement && target.matches("input, textarea, select, [contenteditable]");
}

function wire() {
  $("#type").addEventListener("change", (e) => selectType(e.target.value));
  $("#bank-size").addEventListener("change", () => loadBank(false));
  $("#bank-grade").addEventListener("change", () => loadBank(false));
  $("#bank-open").addEventListener("click", () => openBank($("#bank-list").value));
  $("#bank-list").addEventListener("dblclick", () => openBank($("#bank-list").value));
  $("#bank-random").addEventListener("click", () => {
    const options = $("#bank-list").options;
    if (options.length) openBank(options[Math.floor(Math.random() * options.length)].value);
  });
  $("#gen-go").addEventListener("click", () => generate(state, openPayload));
  $("#gen-cancel").addEventListener("click", () => state.generating && state.generating.abort());
  $("#import-go").addEventListener("click", importPuzzle);
  $("#pencil").addEventListener("click", () => game.togglePencil());
  $("#undo").addEventListener("click", () => game.undo());
  $("#redo").addEventListener("click", () => game.redo());
  $("#restart").addEventListener("click", () => game.restart());
  $("#check").addEventListener("click", () => game.check());
  $("#progress").addEventListener("click", () => progress.press());
  $("#auto-check").checked = state.settings.autoCheck;
  game.autoCheck = state.settings.autoCheck;
  $("#auto-check").addEventListener("change", (e) => {
    game.autoCheck = state.settings.autoCheck = e.target.checked;
    storage.saveSettings(state.settings);
    if (game.autoCheck) game.check({ quiet: true });
  });
  $("#hint").addEventListener("click", showHint);
  $("#rung-select").addEventListener("change", chooseRung);
  const applyTimerSetting = () => {
    $("#timer").classList.toggle("hidden", state.settings.timerHidden);
    $("#timer-toggle").textContent = state.settings.timerHidden ? "Show timer" : "Hide timer";
  };
  applyTimerSetting();
  $("#timer-toggle").addEventListener("click", () => {
    state.settings.timerHidden = !state.settings.timerHidden;
    storage.saveSettings(state.settings);
    applyTimerSetting();
  });
  $("#print").addEventListener("click", () => window.print());
  $("#pan").addEventListener("click", () => setPan(!$("#board").classList.contains("pan")));
  window.addEventListener("resize", offerPan);
  // Clicks go to the game with the dataset of what was hit (a cell, or an
  // edge target); the type decides what a click or right-click does.
  const strokes = wireStrokes($("#board"), game);
  const boardClick = (event, button) => {
    if (strokes.endedDrag()) return; // the click that ends a drag is not a tap
    const target = event.target.closest("[data-edge], [data-cell]");
    if (target) game.click({ ...target.dataset }, button);
    $("#board").focus();
  };
  $("#board").addEventListener("click", (event) => boardClick(event, 0));
  $("#board").addEventListener("contextmenu", (event) => {
    if (!event.target.closest("svg.board")) return;
    event.preventDefault();
    boardClick(event, 2);
  });
  // Keys act on the board only while it has focus (Enter on a focused
  // button presses the button and nothing else). A control clicked with the
  // mouse or a finger hands focus back to the board, so the arrows go on
  // working; one reached with the keyboard keeps it, for Tab to go on from.
  $("#board").addEventListener("keydown", (event) => {
    if (typing(event.target)) return;
    if (game.key(event)) event.preventDefault();
  });
  $(".play").addEventListener("click", (event) => {
    const control = event.target.closest("button, label.inline, input[type=checkbox]");
    if (control && event.detail > 0 && game.payload) $("#board").focus();
  });
  $("#pad").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-key]");
    if (!button) return;
    game.press(button.dataset.key);
    if (event.detail > 0) $("#board").focus();
  });

  // Keep the timer's count across reloads and tab closes.
  window.addEventListener("pagehide", () => game.save());
  document.addEventListener("visibilitychange", () => game.save());
}

// The solver's state (over HTTP always ready; in the static site, loading
// until its worker has Python): shown beside the messages while it matters.
function showSolver(status) {
  const node = $("#solver");
  const quiet = status.state === "ready" || status.state === "starting";
  // A button pressed meanwhile says so here: its request waits, it does not fail.
  const waits = status.waiting ? ` ${plural(status.waiting, "request")} will run once it is ready.` : "";
  node.textContent = quiet ? "" : status.text + waits;
  state.solverLoading = status.state === "loading";
  node.className = `solver ${status.state}`;
  node.hidden = quiet;
  document.body.dataset.solver = status.state;
}

async function openLink(input) {
  message("Opening the linked puzzle…", "info");
  try {
    const payload = await api.post("/api/load", { input });
    if (kindModule(payload.type) === null) throw new Error(`this page cannot draw ${payload.type} boards`);
    if (payload.type !== state.type.name) {
      $("#type").value = payload.type;
      selectType(payload.type);
    }
    openPayload(payload, { kind: "link", label: "from a link" });
    return true;
  } catch (error) {
    message(`link: ${error.message}`, "error");
    window.history.replaceState(null, "", `${window.location.origin}${window.location.pathname}`);
    return false;
  }
}

// The board saved at the last visit. A payload this same build wrote is
// drawn at once (the solver may still be loading); an older one is read
// again first, as it may predate fields the page now draws from (its key, and
// so the saved progress, stays the same).
async function reopen(current) {
  if (current.version && current.version === state.version) {
    openPayload(current.payload, current.origin);
    return;
  }
  try {
    const payload = { ...(await api.post("/api/load", { input: current.payload.json })), bank: current.payload.bank };
    openPayload(payload, current.origin);
  } catch (error) {
    message(`could not re-open the last puzzle: ${error.message}`, "warn");
  }
}

async function start() {
  wire();
  refreshControls();
  api.onStatus(showSolver);
  try {
    state.transport = await api.transport();
    state.version = state.transport.version || null;
    ({ types: state.types, limits: state.limits } = await api.get("/api/types"));
    await loadKinds(state.types.map((t) => t.name));
  } catch (error) {
    message(`cannot reach the server: ${error.message}`, "error");
    return;
  }
  // Only types this page can draw are offered; the others are listed, disabled.
  const typeSelect = $("#type");
  for (const info of state.types) {
    const drawable = kindModule(info.name) !== null;
    const label = info.display_name;
    const node = option(info.name, drawable ? label : `${label} (board not drawn yet)`);
    node.disabled = !drawable;
    typeSelect.append(node);
  }
  state.types = state.types.filter((t) => kindModule(t.name) !== null);
  if (!state.types.length) {
    message("this page cannot draw any of the server's puzzle types", "error");
    return;
  }
  const current = storage.loadCurrent();
  const names = state.types.map((t) => t.name);
  const candidates = [current && current.payload && current.payload.type, state.settings.type, names[0]];
  typeSelect.value = candidates.find((name) => names.includes(name));
  selectType(typeSelect.value);
  wireEditor({ state, game, openPayload, message });
  const linked = linkedInput();
  const saved = current && current.payload;
  const sameBoard = saved && linked && saved.url && puzzleLink(saved.url) === window.location.href;
  if (linked && !sameBoard) {
    api.startSolver(); // the link is read by Python
    await openLink(linked);
  } else if (saved) await reopen(current);
  document.body.dataset.ready = "true";
  // Python starts once the first board is drawn (or there is none), so its
  // start does not slow the first draw; in the server's page this does nothing.
  window.requestAnimationFrame(() => window.setTimeout(() => api.startSolver(), 0));
}

start();
