// The editor's part of the page: entering and leaving edit mode, the tool
// buttons, undo and redo, the live verdict, the ambiguity view and the
// exports. main.js hands over what it owns (the open game, opening a
// puzzle to play, the message line); nothing here names a puzzle type.

import { $, clear, el } from "../core/dom.js";
import { kindModule } from "../kinds/index.js";
import { Editor } from "./editor.js";
import { showExports } from "./exports.js";
import { showAmbiguity, showVerdict, VerdictWatch } from "./verdict.js";

export function wireEditor({ state, game, openPayload, message }) {
  let last = null; // the latest verdict answer
  const editor = new Editor({
    host: $("#edit-board"),
    pad: $("#edit-pad"),
    onChange: () => {
      refresh();
      watch.ask(editor.json());
    },
    onMessage: message,
  });
  const watch = new VerdictWatch(
    (answer) => {
      last = answer;
      $("#verdict-busy").textContent = "";
      const marks = showVerdict($("#verdict"), answer);
      clear($("#ambiguity"));
      if (answer.verdict === "several") {
        const differ = new Map(answer.differing.map((cell) => [cell, ["differ"]]));
        showAmbiguity($("#ambiguity"), answer, (index) => {
          const shown = index < 0 ? null : answer.solutions[index].flat();
          editor.show(differ, shown);
        });
      } else {
        editor.show(marks, null);
      }
      showExports($("#edit-exports"), answer.payload || null, message);
      $("#edit-play").disabled = !answer.payload;
    },
    () => {
      $("#verdict").dataset.verdict = "pending";
      $("#verdict-busy").textContent = "Checking…";
    },
  );

  function refresh() {
    $("#edit-undo").disabled = !editor.active || !editor.history.canUndo();
    $("#edit-redo").disabled = !editor.active || !editor.history.canRedo();
    for (const button of $("#edit-tools").querySelectorAll("button")) {
      button.setAttribute("aria-pressed", button.dataset.tool === editor.tool ? "true" : "false");
    }
    const spec = editor.active ? editor.toolSpec() : null;
    $("#edit-help").textContent = spec ? spec.help : "";
  }

  function enter(type, draft) {
    const kind = kindModule(type);
    if (!kind || !kind.editTools) {
      message(`this page has no editor for ${type} boards yet`, "warn");
      return;
    }
    document.body.classList.add("editing");
    for (const id of ["#board", "#pad", "#keys", ".play"]) $(id).hidden = true;
    for (const id of ["#edit-board", "#editor"]) $(id).hidden = false;
    last = null;
    clear($("#ambiguity"));
    clear($("#verdict"));
    const tools = clear($("#edit-tools"));
    for (const tool of kind.editTools) {
      const button = el("button", { type: "button", "data-tool": tool.id, text: tool.label, "aria-pressed": "false" });
      button.addEventListener("click", () => {
        editor.setTool(tool.id);
        refresh();
      });
      tools.append(button);
    }
    editor.open(type, kind, draft);
    // narrow screens: the choosing sections fold away, as when a puzzle opens
    if (window.matchMedia("(max-width: 999px)").matches) {
      for (const id of ["#fold-bank", "#fold-generate", "#fold-import", "#fold-export"]) $(id).open = false;
    }
    const { rows, cols } = editor.size();
    $("#title").textContent = `Editing ${type} ${rows}x${cols}`;
    $("#edit-board").focus();
  }

  function leave() {
    watch.stop();
    editor.close();
    document.body.classList.remove("editing");
    for (const id of ["#board", "#keys", ".play"]) $(id).hidden = false;
    $("#pad").hidden = $("#pad").childElementCount === 0;
    for (const id of ["#edit-board", "#editor"]) $(id).hidden = true;
    $("#title").textContent = game.payload ? `${game.payload.type} ${game.payload.rows}x${game.payload.cols}` : "No puzzle open";
  }

  $("#edit-new").addEventListener("click", () => {
    const side = (id) => Number($(id).value);
    const [rows, cols] = [side("#edit-rows"), side("#edit-cols")];
    const max = state.limits ? state.limits.max_side : 30;
    if (!(rows >= 1 && cols >= 1 && rows <= max && cols <= max)) {
      message(`a board has 1 to ${max} rows and columns`, "warn");
      return;
    }
    enter(state.type.name, kindModule(state.type.name).blankDraft(rows, cols));
  });
  $("#edit-open").addEventListener("click", () => {
    if (!game.payload) {
      message("open a puzzle first, or start a blank board", "warn");
      return;
    }
    enter(game.payload.type, kindModule(game.payload.type).openDraft(game.payload));
  });
  $("#edit-undo").addEventListener("click", () => editor.undo());
  $("#edit-redo").addEventListener("click", () => editor.redo());
  $("#edit-leave").addEventListener("click", leave);
  $("#edit-play").addEventListener("click", () => {
    if (!last || !last.payload) return;
    const payload = last.payload;
    leave();
    openPayload(payload, { kind: "edited", label: "from the editor" });
  });
  $("#edit-board").addEventListener("keydown", (event) => {
    if (editor.key(event)) event.preventDefault();
  });
  $("#edit-pad").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-key]");
    if (button) editor.press(button.dataset.key);
  });
  refresh();
  return editor;
}
