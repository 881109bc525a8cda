// Small helpers for building HTML and SVG without a framework.

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * The first element `selector` matches; the page asks for its own elements,
 * each a different kind (an input, a select, a <details>), hence `any`.
 * @param {string} selector
 * @param {ParentNode} [root]
 * @returns {any}
 */
export function $(selector, root = document) {
  return root.querySelector(selector);
}

/**
 * @typedef {Record<string, any>} Attributes `text` sets the text, `class` the
 *   class, `on<event>` adds a listener, any other an attribute (true: present;
 *   false, null or undefined: left out)
 */
/** @typedef {Array<Node | string | number | null | undefined>} Children */

/**
 * @template {Element} N
 * @param {N} node
 * @param {Attributes} attrs
 * @param {Children} children
 * @returns {N}
 */
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

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attributes} [attrs]
 * @param {Children} [children]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, children = []) {
  return fill(document.createElement(tag), attrs, children);
}

/**
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Attributes} [attrs]
 * @param {Children} [children]
 * @returns {SVGElementTagNameMap[K]}
 */
export function svg(tag, attrs = {}, children = []) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/**
 * @template {Node} N
 * @param {N} node
 * @returns {N} the node, emptied
 */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/**
 * @param {string} value
 * @param {string} label
 * @param {boolean} [selected]
 */
export function option(value, label, selected = false) {
  const node = el("option", { value, text: label });
  node.selected = selected;
  return node;
}

// "1 cell", "2 cells".
/**
 * @param {number} count
 * @param {string} noun
 */
export function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
