// Figures of the notes article: looking a value up in the type's stats JSON
// by its path, and writing it out. Every number the article shows goes
// through here and is tagged with where it came from (data-path, or data-k
// and data-n for an interval computed from two counts), so a test can check
// each one against the JSON.

export class NotesError extends Error {}

// A path is keys joined by dots (a key that holds dots itself, such as
// "uniform 1..5", is found by joining parts until a key matches); in a list,
// "key=value" picks the item whose key has that value (census.boards.size=3x4)
// and a number picks by index.
export function resolve(stats, path) {
  const parts = path.split(".");
  let node = stats;
  for (let i = 0; i < parts.length && node !== undefined; i += 1) {
    if (node === null || typeof node !== "object") {
      node = undefined;
    } else if (Array.isArray(node)) {
      const eq = parts[i].indexOf("=");
      const [key, value] = [parts[i].slice(0, eq), parts[i].slice(eq + 1)];
      node = eq >= 0 ? node.find((item) => item && String(item[key]) === value) : node[Number(parts[i])];
    } else {
      let key = parts[i];
      while (!(key in node) && i + 1 < parts.length) key += `.${parts[(i += 1)]}`;
      node = node[key];
    }
  }
  if (node === undefined) throw new NotesError(`the stats hold no figure at ${path}`);
  return node;
}

// Formats: pct and pct1 turn a fraction into a percentage (0 or 1 decimal);
// "%" marks a value that already is a percentage; d0..d4 fix the decimals;
// none writes the value as the JSON has it (large counts grouped by commas).
const DECIMALS = { pct: 0, pct1: 1, "%": null, d0: 0, d1: 1, d2: 2, d3: 3, d4: 4 };

export const isPercent = (fmt) => fmt === "pct" || fmt === "pct1" || fmt === "%";

function number(value, fmt) {
  const scaled = fmt === "pct" || fmt === "pct1" ? value * 100 : value;
  const places = DECIMALS[fmt];
  if (places !== undefined && places !== null) return scaled.toFixed(places);
  if (Number.isInteger(scaled) && Math.abs(scaled) >= 10000) return scaled.toLocaleString("en");
  return String(+scaled.toPrecision(12));
}

export function format(value, fmt = "") {
  if (Array.isArray(value)) {
    const parts = value.map((item) => (typeof item === "number" ? number(item, fmt) : String(item)));
    return parts.join("–") + (isPercent(fmt) ? "%" : "");
  }
  if (typeof value === "number") return number(value, fmt) + (isPercent(fmt) ? "%" : "");
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

// The 95% Wilson score interval of k successes in n, as the stats scripts
// compute it (for the figures whose JSON gives the counts but no interval).
export function wilson(k, n) {
  if (!n) return [0, 0];
  const z = 1.96;
  const p = k / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

// An "ours" figure of a row: "path|fmt" (its interval, if the JSON has one,
// is the sibling path_95) or "kpath/npath" (a rate from two counts, with its
// Wilson interval computed here). Returns the value, interval and the tags.
export function measured(stats, spec) {
  const [expr, fmtGiven] = spec.split("|").map((part) => part.trim());
  if (expr.includes("/")) {
    const [kPath, nPath] = expr.split("/").map((part) => part.trim());
    const k = resolve(stats, kPath);
    const n = resolve(stats, nPath);
    const fmt = fmtGiven || "pct";
    return {
      value: n ? k / n : 0,
      interval: wilson(k, n),
      fmt,
      tags: { "data-k": kPath, "data-n": nPath, "data-op": "ratio", "data-fmt": fmt },
      derived: true,
    };
  }
  const value = resolve(stats, expr);
  let interval;
  try {
    interval = resolve(stats, `${expr}_95`);
  } catch {
    interval = null;
  }
  const fmt = fmtGiven || "";
  return { value, interval, fmt, tags: { "data-path": expr, "data-fmt": fmt }, path: expr, derived: false };
}

// The format of a measured figure's interval: a percentage gets one decimal.
export const intervalFormat = (fmt) => (fmt === "pct" || fmt === "pct1" ? "pct1" : fmt);

// A chart or table scale: a value as a fraction of the whole (for "%", of 100).
export const asFraction = (value, fmt) => (fmt === "%" ? value / 100 : value);
