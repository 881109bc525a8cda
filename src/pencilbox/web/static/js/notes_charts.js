// The notes article's charts, drawn as inline SVG at the width they are shown
// at (so that their text stays the page's size on a phone and on a desktop;
// the page redraws them when the width changes). Every number in a chart is
// a tagged figure (see notes_figures.js); the scale's ticks carry class tick.
// Ours and the write-up's differ in shape as well as colour (a filled dot, a
// hollow diamond), so no reading rests on colour alone.

import { svg } from "./core/dom.js";
import { asFraction, format, intervalFormat } from "./notes_figures.js";

// Okabe-Ito: told apart by colour-blind readers too.
export const PALETTE = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00"];
const PAD = 8;
const LINE = 16; // a text line

function text(x, y, content, attrs = {}) {
  return svg("text", { x, y, ...attrs }, [content]);
}

// A tagged figure as a tspan, so that the test can find where it came from.
function figureSpan(content, tags, cls = "fig") {
  return svg("tspan", { class: cls, ...tags }, [content]);
}

function root(width, height, title) {
  return svg("svg", {
    class: "chart",
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    role: "img",
    "aria-label": title,
  });
}

function ticks(node, x0, x1, y, bottom) {
  for (let i = 0; i <= 4; i += 1) {
    const x = x0 + ((x1 - x0) * i) / 4;
    node.append(svg("line", { x1: x, x2: x, y1: y + 4, y2: bottom, class: "gridline" }));
    node.append(text(x, y, `${i * 25}%`, { class: "tick", "text-anchor": i === 0 ? "start" : i === 4 ? "end" : "middle" }));
  }
}

// The value line of a rate row: ours, its interval and n, and the write-up's.
function rateCaption(row, x, y) {
  const { ours, writeup } = row;
  /** @type {Array<Node | string>} */
  const parts = [figureSpan(format(ours.value, ours.fmt), ours.tags)];
  if (ours.interval) {
    const tags = ours.derived ? { ...ours.tags, "data-op": "wilson" } : { "data-path": `${ours.path}_95` };
    tags["data-fmt"] = intervalFormat(ours.fmt);
    parts.push(" [", figureSpan(format(ours.interval, intervalFormat(ours.fmt)), tags, "fig interval"), "]");
  }
  if (writeup) parts.push(" · write-up ", figureSpan(writeup.text, writeup.tags, writeup.cls));
  return svg("text", { x, y, "text-anchor": "end", class: "values" }, parts);
}

function diamond(x, y, size) {
  return `${x},${y - size} ${x + size},${y} ${x},${y + size} ${x - size},${y}`;
}

// Rates with their 95% intervals, one row per figure: the label and the
// values above, a strip from 0 to 100% below (dot and whisker: ours;
// diamond: the write-up's).
export function rateChart(title, rows, width) {
  const rowH = 2 * LINE + 10;
  const height = PAD + LINE + rows.length * rowH + PAD;
  const node = root(width, height, title);
  const [x0, x1] = [PAD + 4, width - PAD - 4];
  const at = (fraction) => x0 + (x1 - x0) * Math.max(0, Math.min(1, fraction));
  ticks(node, x0, x1, PAD + 10, height - PAD);
  rows.forEach((row, index) => {
    const top = PAD + LINE + index * rowH;
    node.append(text(x0, top + LINE - 3, row.label, { class: "label" }));
    node.append(rateCaption(row, x1, top + LINE - 3));
    const y = top + LINE + 10;
    node.append(svg("line", { x1: x0, x2: x1, y1: y, y2: y, class: "strip" }));
    const { ours, writeup } = row;
    if (ours.interval) {
      const [lo, hi] = ours.interval.map((v) => at(asFraction(v, ours.fmt)));
      node.append(svg("line", { x1: lo, x2: hi, y1: y, y2: y, class: "whisker", stroke: PALETTE[0] }));
      for (const end of [lo, hi]) node.append(svg("line", { x1: end, x2: end, y1: y - 5, y2: y + 5, class: "whisker", stroke: PALETTE[0] }));
    }
    node.append(svg("circle", { cx: at(asFraction(ours.value, ours.fmt)), cy: y, r: 5, fill: PALETTE[0], class: "point" }));
    if (writeup && typeof writeup.value === "number") {
      const x = at(asFraction(writeup.value, writeup.fmt));
      node.append(svg("polygon", { points: diamond(x, y, 6), class: "theirs-mark", stroke: PALETTE[5] }));
    }
  });
  return node;
}

// Plain values as horizontal bars, scaled to the largest (each labelled).
export function barChart(title, rows, width) {
  const rowH = LINE + 10;
  const labelW = Math.min(150, Math.round(width * 0.32));
  const valueW = 64;
  const height = PAD * 2 + rows.length * rowH;
  const node = root(width, height, title);
  const top = Math.max(...rows.map((row) => asFraction(row.value, row.fmt)), 0) || 1;
  const [x0, x1] = [PAD + labelW, width - PAD - valueW];
  rows.forEach((row, index) => {
    const y = PAD + index * rowH;
    const length = ((x1 - x0) * asFraction(row.value, row.fmt)) / top;
    node.append(text(x0 - 6, y + LINE - 2, row.label, { class: "label", "text-anchor": "end" }));
    node.append(svg("rect", { x: x0, y: y + 3, width: Math.max(length, 1), height: LINE - 2, fill: PALETTE[0], class: "bar" }));
    node.append(svg("text", { x: x0 + length + 6, y: y + LINE - 2, class: "values" }, [figureSpan(format(row.value, row.fmt), row.tags)]));
  });
  return node;
}

// Shares of a whole as one stacked bar per row, with a legend above; a
// segment wide enough carries its value, and every value is in its title row.
export function stackChart(title, categories, rows, width) {
  const rowH = 2 * LINE + 12;
  const legendH = LINE + 6;
  const height = PAD + legendH + rows.length * rowH + PAD;
  const node = root(width, height, title);
  const [x0, x1] = [PAD, width - PAD];
  let lx = x0;
  categories.forEach((category, index) => {
    node.append(svg("rect", { x: lx, y: PAD + 2, width: 11, height: 11, fill: PALETTE[index], class: "swatch" }));
    node.append(text(lx + 15, PAD + 12, category.name, { class: "legend" }));
    lx += 24 + category.name.length * 7;
  });
  rows.forEach((row, index) => {
    const top = PAD + legendH + index * rowH;
    const total = row.parts.reduce((sum, part) => sum + part.value, 0) || 1;
    const values = [];
    row.parts.forEach((part, i) => {
      if (i) values.push(" / ");
      values.push(figureSpan(format(part.value, part.fmt), part.tags));
    });
    node.append(text(x0, top + LINE - 3, row.label, { class: "label" }));
    node.append(svg("text", { x: x1, y: top + LINE - 3, "text-anchor": "end", class: "values" }, values));
    let x = x0;
    row.parts.forEach((part, i) => {
      const w = ((x1 - x0) * part.value) / total;
      node.append(svg("rect", { x, y: top + LINE + 2, width: w, height: LINE + 2, fill: PALETTE[i], class: "segment" }));
      x += w;
    });
  });
  return node;
}
