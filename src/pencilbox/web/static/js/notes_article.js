// The notes article: a type's template (its package's notes.md, served at
// /api/notes/<type>) filled with the figures of its stats JSON. The template
// is prose only; every figure in it is a placeholder, so nothing is typed by
// hand and re-measuring rewrites the article. The template's language:
//
//   # Title                  the article's heading
//   ## Heading               a section
//   - item                   a list item; other lines join into paragraphs
//   {path|fmt}               a figure of the JSON (formats: notes_figures.js)
//   {wilson:kpath/npath}     the 95% Wilson interval of two counts, computed here
//   {ratio:kpath/npath|fmt}  their ratio
//   [w: 97%]                 the write-up's figure where the JSON lacks it,
//                            quoted from its text and marked as the write-up's
//   *words*                  emphasis
//
// and blocks between a line "::: <kind> <title>" and a line ":::":
//
//   compare, rates           rows "label | ours | n | write-up": a table, or a
//                            chart of rates with their intervals; ours is
//                            path|fmt (its interval is path_95) or kpath/npath,
//                            n a path, the write-up a path|fmt or "w: text"
//                            ("-" for none)
//   bars                     rows "label | path|fmt": values as bars
//   stack                    header "stack <title> | cat, cat | fmt", rows
//                            "label | path": shares of a whole, stacked

import { el } from "./core/dom.js";
import { barChart, rateChart, stackChart } from "./notes_charts.js";
import { NotesError, format, intervalFormat, measured, resolve, wilson } from "./notes_figures.js";

const QUOTE_TITLE = "the write-up's figure, quoted from its text (the stats do not hold it)";
const DERIVED_TITLE = "95% Wilson interval, computed here from the counts in the stats";

function missing(spec, error) {
  console.warn(error.message);
  return el("span", { class: "missing", title: error.message, text: `[${spec}?]` });
}

// One placeholder's element.
function placeholder(stats, spec) {
  try {
    const [expr, fmt = ""] = spec.split("|").map((part) => part.trim());
    const op = expr.match(/^(wilson|ratio):(.+)\/(.+)$/);
    if (op) {
      const [, name, kPath, nPath] = op;
      const [k, n] = [resolve(stats, kPath.trim()), resolve(stats, nPath.trim())];
      const tags = { "data-k": kPath.trim(), "data-n": nPath.trim(), "data-op": name };
      if (name === "wilson") return el("span", { class: "fig derived", title: DERIVED_TITLE, ...tags, text: format(wilson(k, n), "pct1") });
      return el("span", { class: "fig derived", ...tags, "data-fmt": fmt, text: format(n ? k / n : 0, fmt || "pct") });
    }
    const value = resolve(stats, expr);
    const classes = ["fig"];
    if (expr.split(".").includes("writeup")) classes.push("theirs");
    if (typeof value === "string") classes.push("text"); // a method's description: it wraps
    return el("span", { class: classes.join(" "), "data-path": expr, "data-fmt": fmt, text: format(value, fmt) });
  } catch (error) {
    if (error instanceof NotesError) return missing(spec, error);
    throw error;
  }
}

export function quote(content) {
  return el("span", { class: "writeup-quote", title: QUOTE_TITLE, text: content.trim() });
}

// A line of prose with its placeholders, quotes and emphasis as nodes.
export function inline(stats, line) {
  const nodes = [];
  const pattern = /\{([^{}]+)\}|\[w:([^\]]+)\]|\*([^*]+)\*/g;
  let last = 0;
  for (const match of line.matchAll(pattern)) {
    if (match.index > last) nodes.push(line.slice(last, match.index));
    if (match[1] !== undefined) nodes.push(placeholder(stats, match[1]));
    else if (match[2] !== undefined) nodes.push(quote(match[2]));
    else nodes.push(el("em", {}, inline(stats, match[3])));
    last = match.index + match[0].length;
  }
  if (last < line.length) nodes.push(line.slice(last));
  return nodes;
}

// The write-up's side of a row: a figure of the JSON, a quote, or none.
function theirs(stats, spec) {
  if (!spec || spec === "-") return null;
  if (spec.startsWith("w:")) {
    const content = spec.slice(2).trim();
    const value = parseFloat(content);
    return { text: content, value: Number.isNaN(value) ? null : value, fmt: content.endsWith("%") ? "%" : "", tags: { title: QUOTE_TITLE }, cls: "writeup-quote" };
  }
  const [path, fmt = ""] = spec.split("|").map((part) => part.trim());
  const value = resolve(stats, path);
  return { text: format(value, fmt), value, fmt, tags: { "data-path": path, "data-fmt": fmt }, cls: "fig theirs" };
}

function figureRows(stats, lines) {
  return lines.map((line) => {
    const [label, ours, n, writeup] = line.split(/\s+\|\s+/);
    return {
      label: label.trim(),
      ours: measured(stats, ours),
      n: n && n.trim() !== "-" ? { value: resolve(stats, n.trim()), path: n.trim() } : null,
      writeup: theirs(stats, writeup && writeup.trim()),
    };
  });
}

function oursCells(row) {
  const { ours } = row;
  const value = el("td", {}, [el("span", { class: "fig", ...ours.tags, "data-fmt": ours.fmt, text: format(ours.value, ours.fmt) })]);
  let interval = el("td", { class: "none", text: "—" });
  if (ours.interval) {
    const tags = ours.derived ? { ...ours.tags, "data-op": "wilson", title: DERIVED_TITLE } : { "data-path": `${ours.path}_95` };
    interval = el("td", {}, [el("span", { class: "fig interval", ...tags, "data-fmt": intervalFormat(ours.fmt), text: format(ours.interval, intervalFormat(ours.fmt)) })]);
  }
  return [value, interval];
}

function compareTable(stats, caption, lines) {
  const rows = figureRows(stats, lines);
  const head = ["", "ours", "95% interval", "n", "write-up"].map((text) => el("th", { scope: "col", text }));
  const body = rows.map((row) =>
    el("tr", {}, [
      el("th", { scope: "row", text: row.label }),
      ...oursCells(row),
      row.n ? el("td", {}, [el("span", { class: "fig", "data-path": row.n.path, text: format(row.n.value) })]) : el("td", { class: "none", text: "—" }),
      row.writeup ? el("td", {}, [el("span", { class: row.writeup.cls, ...row.writeup.tags, text: row.writeup.text })]) : el("td", { class: "none", text: "—" }),
    ]),
  );
  return el("div", { class: "table-wrap" }, [
    el("table", { class: "compare" }, [el("caption", { text: caption }), el("thead", {}, [el("tr", {}, head)]), el("tbody", {}, body)]),
  ]);
}

// A chart is drawn now and again whenever its width changes.
const charts = [];

function chartFigure(caption, draw) {
  const figure = el("figure", { class: "chart-figure" }, [el("figcaption", { text: caption })]);
  charts.push({ figure, draw });
  return figure;
}

export function drawCharts() {
  for (const { figure, draw } of charts) {
    const width = Math.max(260, Math.min(720, Math.floor(figure.clientWidth || 600)));
    if (figure.dataset.width === String(width)) continue;
    figure.dataset.width = String(width);
    figure.querySelector("svg")?.remove();
    figure.prepend(draw(width));
  }
}

function block(stats, header, lines) {
  const [kind, ...rest] = header.split(" ");
  const title = rest.join(" ");
  if (kind === "compare") return compareTable(stats, title, lines);
  if (kind === "rates") {
    const rows = figureRows(stats, lines);
    return chartFigure(title, (width) => rateChart(title, rows, width));
  }
  if (kind === "bars") {
    const rows = lines.map((line) => {
      const [label, spec] = line.split(/\s+\|\s+/);
      const figure = measured(stats, spec);
      return { label: label.trim(), value: figure.value, fmt: figure.fmt, tags: { ...figure.tags, "data-fmt": figure.fmt } };
    });
    return chartFigure(title, (width) => barChart(title, rows, width));
  }
  if (kind === "stack") {
    const [name, cats, fmt = ""] = title.split("|").map((part) => part.trim());
    const keys = cats.split(",").map((key) => key.trim());
    const categories = keys.map((key) => ({ key, name: key.replace(/_share$/, "").replace(/_/g, " ") }));
    const rows = lines.map((line) => {
      const [label, path] = line.split(/\s+\|\s+/).map((part) => part.trim());
      const parts = keys.map((key) => ({ value: resolve(stats, `${path}.${key}`), fmt, tags: { "data-path": `${path}.${key}`, "data-fmt": fmt } }));
      return { label, parts };
    });
    return chartFigure(name, (width) => stackChart(name, categories, rows, width));
  }
  throw new NotesError(`the template has an unknown block: ${kind}`);
}

function guarded(build, what) {
  try {
    return build();
  } catch (error) {
    if (error instanceof NotesError) return el("p", {}, [missing(what, error)]);
    throw error;
  }
}

// The whole article into ``host``, from the template's text and the stats.
export function renderArticle(host, template, stats) {
  let section = host;
  let paragraph = [];
  let list = null;
  const flush = () => {
    if (paragraph.length) section.append(el("p", {}, inline(stats, paragraph.join(" "))));
    paragraph = [];
    list = null;
  };
  const lines = template.split("\n");
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i].trim();
    if (line.startsWith(":::")) {
      flush();
      const body = [];
      for (i += 1; i < lines.length && lines[i].trim() !== ":::"; i += 1) if (lines[i].trim()) body.push(lines[i].trim());
      const header = line.slice(3).trim();
      section.append(guarded(() => block(stats, header, body), header));
    } else if (line.startsWith("## ")) {
      flush();
      section = el("section", {}, [el("h2", {}, inline(stats, line.slice(3)))]);
      host.append(section);
    } else if (line.startsWith("# ")) {
      flush();
      host.append(el("h1", {}, inline(stats, line.slice(2))));
    } else if (line.startsWith("- ")) {
      if (paragraph.length) flush();
      if (!list) section.append((list = el("ul")));
      list.append(el("li", {}, inline(stats, line.slice(2))));
    } else if (!line) {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
}
