// The notes page of one puzzle type (notes.html?type=<type>): an article, the type's
// template (/api/notes/<type>) with every figure filled in from its measured
// statistics (/api/stats/<type>) as the page loads, each beside the
// write-up's; and, folded away under it, every figure of the JSON as tables.
// The page names no type: what is said about one lives in its package.

import * as api from "./core/api.js";
import { $, clear, el } from "./core/dom.js";
import { drawCharts, renderArticle } from "./notes_article.js";
import { renderStats } from "./notes_tables.js";

function message(host, text) {
  clear(host);
  host.append(el("p", { class: "note status", text }));
}

function redrawOnResize() {
  let pending = 0;
  window.addEventListener("resize", () => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(drawCharts);
  });
}

async function start() {
  const article = $("#article");
  const tables = $("#notes");
  const type = new URLSearchParams(window.location.search).get("type") || "";
  const path = encodeURIComponent(type);
  const [stats, notes, types] = await Promise.allSettled([
    api.get(`/api/stats/${path}`),
    api.get(`/api/notes/${path}`),
    api.get("/api/types"),
  ]);
  // The type's name as people write it (an acronym in capitals, say), as its face declares it.
  const info = types.status === "fulfilled" ? types.value.types.find((t) => t.name === type) : null;
  const name = info ? info.display_name : type;
  $("#notes-title").textContent = `Notes on ${name}`;
  document.title = `pencilbox · ${name} notes`;
  if (stats.status === "rejected") {
    const error = stats.reason;
    const text = error.status === 404 && /no statistics/.test(error.message)
      ? `${name}: not measured yet.`
      : `Cannot show the notes: ${error.message}`;
    message(article, text);
    message(tables, text);
  } else {
    clear(tables);
    renderStats(tables, stats.value);
    clear(article);
    if (notes.status === "fulfilled") {
      renderArticle(article, notes.value.template, stats.value);
      drawCharts();
      redrawOnResize();
    } else {
      message(article, `No article is written for ${type} yet: its figures are below.`);
      $("#appendix").open = true;
    }
  }
  document.body.dataset.ready = "true";
}

start();
