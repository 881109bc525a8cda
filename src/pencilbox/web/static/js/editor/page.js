// The editor's part of the page: entering and leaving edit mode, the tool
// buttons, undo and redo, the live verdict, the ambiguity view and the
// exports. main.js hands over what it owns (the open game, opening a
// puzzle to play, the message line); nothing here names a puzzle type.

import { $, clear, el } from "../core/dom.js";
import { kindModule } from "../kinds/index.js";
import { Editor } from "./editor.js";
import { showExports } from "../core/exports.js";
import { showAmbiguity, showVerdict, VerdictWatch } from "./verdict.js";

const FOLDS = ["#fold-bank", "#fold-generate", "#fold-import", "#fold-export"];

// What the page's editor parts share: set up once by wireEditor.
const page = { state: null, game: null, openPayload: null, message: null, editor: null, watch: null, last: null };

// The verdict's answer: words, lit cells, the ambiguity view, the exports.
function answered(answer) {
  const { editor } = page;
  page.last = answer;
  $("#verdict-busy").textContent = "";
  const marks = showVerdict($("#verdict"), answer);
  clear($("#ambiguity"));
  if (answer.verdict === "several") {
    const differ = new Map(answer.differing.map((cell) => [cell, ["differ"]]));
    const show = (index) => editor.show(differ, index < 0 ? null : answer.solutions[index].flat());
    const give = editor.canGive() ? (suggestion) => editor.give(suggestion.cell, suggestion.value) : null;
    showAmbiguity($("#ambiguity"), answer, show, give);
  } else {
    editor.show(marks, null);
  }
  const exports = answer.payload ? answer.payload.exports : null;
  showExports($("#edit-exports"), exports, { prefix: "edit-export", fileName: "draft", message: page.message });
  $("#edit-play").disabled = !answer.payload;
}

function refresh() {
  const { editor } = page;
  $("#edit-undo").disabled = !editor.active || !editor.history.canUndo();
  $("#edit-redo").disabled = !editor.active || !editor.history.canRedo();
  for (const button of $("#edit-tools").querySelectorAll("button")) {
    button.setAttribute("aria-pressed", button.dataset.tool === editor.tool ? "true" : "false");
  }
  $("#edit-help").textContent = editor.active ? editor.toolSpec().help : "";
}

function toolButtons(kind) {
  const tools = clear($("#edit-tools"));
  for (const tool of kind.editTools) {
    const button = el("button", { type: "button", "data-tool": tool.id, text: tool.label, "aria-pressed": "false" });
    button.addEventListener("click", () => {
      page.editor.setTool(tool.id);
      refresh();
    });
    tools.append(button);
  }
}

function enter(type, draft) {
  const kind = kindModule(type);
  if (!kind || !kind.editTools) {
    page.message(`this page has no editor for ${type} boards yet`, "warn");
    return;
  }
  document.body.classList.add("editing");
  for (const id of ["#board", "#pad", "#keys", ".play"]) $(id).hidden = true;
  for (const id of ["#edit-board", "#editor"]) $(id).hidden = false;
  page.last = null;
  clear($("#ambiguity"));
  clear($("#verdict"));
  toolButtons(kind);
  page.editor.open(type, kind, draft);
  const { rows, cols } = page.editor.size();
  const info = (page.state.types || []).find((t) => t.name === type);
  $("#title").textContent = `Editing ${info ? info.display_name : type} ${rows}x${cols}`;
  // narrow screens: the choosing sections fold away, as when a puzzle opens
  if (window.matchMedia("(max-width: 999px)").matches) for (const id of FOLDS) $(id).open = false;
  $("#edit-board").focus();
}

function leave() {
  const { game } = page;
  page.watch.stop();
  page.editor.close();
  document.body.classList.remove("editing");
  for (const id of ["#board", "#keys", ".play"]) $(id).hidden = false;
  $("#pad").hidden = $("#pad").childElementCount === 0;
  for (const id of ["#edit-board", "#editor"]) $(id).hidden = true;
  $("#title").textContent = game.payload ? `${game.payload.type} ${game.payload.rows}x${game.payload.cols}` : "No puzzle open";
}

function newBlank() {
  const [rows, cols] = [Number($("#edit-rows").value), Number($("#edit-cols").value)];
  const max = page.state.limits ? page.state.limits.max_side : 30;
  if (!(rows >= 1 && cols >= 1 && rows <= max && cols <= max)) {
    page.message(`a board has 1 to ${max} rows and columns`, "warn");
    return;
  }
  enter(page.state.type.name, kindModule(page.state.type.name).blankDraft(rows, cols));
}

function editOpen() {
  const { game } = page;
  if (!game.payload) {
    page.message("open a puzzle first, or start a blank board", "warn");
    return;
  }
  enter(game.payload.type, kindModule(game.payload.type).openDraft(game.payload));
}

function play() {
  if (!page.last || !page.last.payload) return;
  const { payload } = page.last;
  leave();
  page.openPayload(payload, { kind: "edited", label: "from the editor" });
}

export function wireEditor({ state, game, openPayload, message }) {
  Object.assign(page, { state, game, openPayload, message });
  page.watch = new VerdictWatch(answered, () => {
    $("#verdict").dataset.verdict = "pending";
    $("#verdict-busy").textContent = "Checking…";
  });
  page.editor = new Editor({
    host: $("#edit-board"),
    pad: $("#edit-pad"),
    onChange: (editor) => {
      refresh();
      page.watch.ask(editor.json());
    },
    onMessage: message,
  });
  $("#edit-new").addEventListener("click", newBlank);
  $("#edit-open").addEventListener("click", editOpen);
  $("#edit-undo").addEventListener("click", () => page.editor.undo());
  $("#edit-redo").addEventListener("click", () => page.editor.redo());
  $("#edit-leave").addEventListener("click", leave);
  $("#edit-play").addEventListener("click", play);
  $("#edit-board").addEventListener("keydown", (event) => {
    if (page.editor.key(event)) event.preventDefault();
  });
  $("#edit-pad").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-key]");
    if (button) page.editor.press(button.dataset.key);
  });
  refresh();
  return page.editor;
}
