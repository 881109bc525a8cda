// The notes page's appendix: every figure of the type's measured-statistics
// JSON (/api/stats/<type>) as tables, and a chart for every rate that comes
// with its 95% interval, folded away under the article. Nothing is typed in
// by hand: it only reshapes what the JSON holds, whatever its sections, so a
// reader can look up any figure the article does not mention.

import { el, svg } from "./core/dom.js";

const COLORS = ["#1f5fbf", "#c2571a", "#1a7f37", "#8e3aa8", "#b3261e", "#5b6b00"];
const INTERVAL = "_95"; // a field X_95 = [low, high] is the interval of the rate X

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

// A record is one row of figures: mostly plain values, not further groups.
function isRecord(value) {
  if (!isObject(value)) return false;
  const values = Object.values(value);
  return values.filter((v) => !isObject(v)).length > values.length / 2;
}

function formatValue(value) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return `[${value.map(formatValue).join(", ")}]`;
  if (isObject(value)) return Object.entries(value).map(([k, v]) => `${k}: ${formatValue(v)}`).join("; ");
  return String(value);
}

// A record's fields as columns; a nested group becomes "group field" columns.
function flatten(record, prefix = "") {
  const out = {};
  for (const [key, value] of Object.entries(record)) {
    if (isObject(value)) Object.assign(out, flatten(value, `${prefix}${key} `));
    else out[prefix + key] = value;
  }
  return out;
}

// The rows of a group of groups: the path of keys down to each record, and
// its fields, with the plain values met on the way down as extra columns.
function rowsOf(group, path = [], inherited = {}) {
  const rows = [];
  const plain = { ...inherited };
  for (const [key, value] of Object.entries(group)) if (!isObject(value)) plain[key] = value;
  for (const [key, value] of Object.entries(group)) {
    if (!isObject(value)) continue;
    if (isRecord(value)) rows.push({ path: [...path, key], fields: { ...plain, ...flatten(value) } });
    else rows.push(...rowsOf(value, [...path, key], plain));
  }
  return rows;
}

function table(caption, head, body) {
  return el("div", { class: "table-wrap" }, [
    el("table", { class: "figures" }, [
      el("caption", { text: caption }),
      el("thead", {}, [el("tr", {}, head.map(([text, cls]) => el("th", { class: cls, text })))]),
      el("tbody", {}, body.map((cells) => el("tr", {}, cells.map(([text, cls]) => el("td", { class: cls, text }))))),
    ]),
  ]);
}

function recordTable(name, record) {
  const fields = flatten(record);
  return table(
    name,
    [["figure", "key"], ["value", ""]],
    Object.entries(fields).map(([key, value]) => [[key, "key"], [formatValue(value), ""]]),
  );
}

function groupTable(name, group) {
  const rows = rowsOf(group);
  const depth = Math.max(...rows.map((row) => row.path.length));
  const columns = [];
  for (const row of rows) for (const key of Object.keys(row.fields)) if (!columns.includes(key)) columns.push(key);
  const head = [];
  for (let level = 0; level < depth; level += 1) head.push([level === 0 ? name : "", "key"]);
  for (const column of columns) head.push([column, ""]);
  const body = rows.map((row) => [
    ...Array.from({ length: depth }, (_, level) => [row.path[level] || "", "key"]),
    ...columns.map((column) => [formatValue(row.fields[column]), ""]),
  ]);
  const parts = [table(name, head, body)];
  const charts = intervalCharts(name, rows, columns);
  if (charts.length) parts.push(el("div", { class: "charts" }, charts));
  return parts;
}

// One chart per column X that has an interval column X_95: X across the first
// path key (e.g. board size), one line per rest of the path (e.g. variant).
function intervalCharts(name, rows, columns) {
  const charts = [];
  for (const column of columns) {
    if (!columns.includes(column + INTERVAL)) continue;
    const points = rows
      .map((row) => ({
        x: row.path[0],
        series: row.path.slice(1).join(" / ") || column,
        y: row.fields[column],
        range: row.fields[column + INTERVAL],
      }))
      .filter((p) => typeof p.y === "number");
    if (points.length) charts.push(chart(`${name}: ${column} (bars: 95% interval)`, points));
  }
  return charts;
}

function chart(title, points) {
  const width = 480;
  const height = 260;
  const pad = { left: 46, right: 12, top: 14, bottom: 56 };
  const xs = [...new Set(points.map((p) => p.x))];
  const names = [...new Set(points.map((p) => p.series))];
  const top = Math.max(...points.map((p) => (Array.isArray(p.range) ? Math.max(p.y, ...p.range) : p.y)));
  const yMax = top <= 1 ? 1 : top * 1.1;
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const xAt = (x) => pad.left + ((xs.indexOf(x) + 0.5) * plotW) / xs.length;
  const yAt = (y) => pad.top + plotH - (y / yMax) * plotH;
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img", "aria-label": title });
  for (let i = 0; i <= 4; i += 1) {
    const value = (yMax * i) / 4;
    const y = yAt(value);
    root.append(svg("line", { x1: pad.left, x2: width - pad.right, y1: y, y2: y, class: "gridline" }));
    root.append(svg("text", { x: pad.left - 6, y: y + 4, "text-anchor": "end", text: String(+value.toPrecision(3)) }));
  }
  root.append(svg("line", { x1: pad.left, x2: pad.left, y1: pad.top, y2: pad.top + plotH, class: "axis" }));
  root.append(svg("line", { x1: pad.left, x2: width - pad.right, y1: pad.top + plotH, y2: pad.top + plotH, class: "axis" }));
  for (const x of xs) {
    root.append(svg("text", { x: xAt(x), y: pad.top + plotH + 16, "text-anchor": "middle", text: x }));
  }
  names.forEach((series, index) => {
    const color = COLORS[index % COLORS.length];
    const mine = points.filter((p) => p.series === series);
    const offset = (index - (names.length - 1) / 2) * 5; // keep whiskers apart
    root.append(
      svg("polyline", {
        points: mine.map((p) => `${xAt(p.x) + offset},${yAt(p.y)}`).join(" "),
        class: "series",
        stroke: color,
        "data-series": series,
      }),
    );
    for (const p of mine) {
      const x = xAt(p.x) + offset;
      if (Array.isArray(p.range) && p.range.length === 2) {
        root.append(svg("line", { x1: x, x2: x, y1: yAt(p.range[0]), y2: yAt(p.range[1]), class: "whisker", stroke: color }));
      }
      root.append(svg("circle", { cx: x, cy: yAt(p.y), r: 3.5, fill: color, class: "point" }, [svg("title", { text: `${series} ${p.x}: ${p.y}` })]));
    }
    const lx = pad.left + (index % 3) * 150;
    const ly = height - 22 + Math.floor(index / 3) * 14;
    root.append(svg("rect", { x: lx, y: ly - 8, width: 10, height: 10, fill: color }));
    root.append(svg("text", { x: lx + 14, y: ly + 1, text: series }));
  });
  return el("figure", {}, [root, el("figcaption", { text: title })]);
}

function plainList(entries) {
  return el("dl", {}, entries.flatMap(([key, value]) => [el("dt", { text: key }), el("dd", { text: formatValue(value) })]));
}

// A section: its plain values as a list, then each group as a table (records,
// or groups of records) or as a subsection.
function section(name, group, level) {
  /** @type {HTMLElement[]} */
  const parts = [el(level === 2 ? "h2" : "h3", { text: name })];
  const plain = Object.entries(group).filter(([, value]) => !isObject(value));
  if (plain.length) parts.push(plainList(plain));
  for (const [key, value] of Object.entries(group)) {
    if (!isObject(value)) continue;
    if (isRecord(value)) parts.push(recordTable(key, value));
    else if (Object.values(value).every(isObject)) parts.push(...groupTable(key, value));
    else parts.push(...section(key, value, 3));
  }
  return parts;
}

export function renderStats(host, stats) {
  const plain = Object.entries(stats).filter(([, value]) => !isObject(value));
  host.append(el("section", {}, [el("h2", { text: "About these figures" }), plainList(plain)]));
  for (const [key, value] of Object.entries(stats)) {
    if (isObject(value)) host.append(el("section", { "data-section": key }, section(key, value, 2)));
  }
}
