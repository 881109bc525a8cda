// The page's buttons and pickers, wired to what they do.

import { $ } from "../core/dom.js";
import * as storage from "../core/storage.js";
import { generate } from "../generate.js";
import { loadBank, openBank } from "./bank.js";
import { chooseRung, showHint } from "./hint_and_rungs.js";
import { importPuzzle } from "./import_and_link.js";
import { offerPan, setPan } from "./layout.js";
import { openPayload } from "./opening.js";
import { game, progress, state } from "./session.js";
import { selectType } from "./types.js";

export function wireControls() {
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
}
