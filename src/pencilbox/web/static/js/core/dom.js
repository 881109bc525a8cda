// Small helpers for building HTML and SVG without a framework.

const SVG_NS = "http://www.w3.org/2000/svg";

export function $(selector, root = document) {
  return root.querySelector(selector);
}

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "class") node.setAttribute("class", value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children || []) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function el(tag, attrs = {}, children = []) {
  return fill(document.createElement(tag), attrs, children);
}

export function svg(tag, attrs = {}, children = []) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

export function option(value, label, selected = false) {
  const node = el("option", { value, text: label });
  node.selected = selected;
  return node;
}

// "1 cell", "2 cells".
export function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
