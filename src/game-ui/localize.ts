/**
 * Puts a locale's words into markup written in English: `data-i18n="key"` names an
 * element's text, `data-i18n-label="key"` its `aria-label`. The English is the markup itself
 * (read the first time, so going back to English needs no catalogue), and `{name}` in a
 * message places the element's child with `data-fill="name"` (a number filled in later).
 * Text only: every message becomes text nodes or an attribute, never markup.
 */
import type { Lang } from '../i18n/core';

interface English {
  text?: string;
  label?: string;
}
const english = new WeakMap<Element, English>();

const SLOT = /\{([^{}]+)\}/;

/** The element's English as a message: its text, with `{name}` for each `data-fill` child. */
function templateOf(el: Element): string {
  let out = '';
  for (const node of el.childNodes) {
    if (node.nodeType === 3) out += node.textContent ?? '';
    else if (node.nodeType === 1) {
      const name = (node as Element).getAttribute('data-fill');
      out += name === null ? (node.textContent ?? '') : `{${name}}`;
    }
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** Writes `message` into `el`: text, with its `data-fill` children kept and placed where their `{name}` is. */
export function write(el: Element, message: string): void {
  const slots = new Map<string, Element>();
  for (const child of el.children) {
    const name = child.getAttribute('data-fill');
    if (name !== null) slots.set(name, child);
  }
  if (slots.size === 0) {
    if (el.textContent !== message) el.textContent = message;
    return;
  }
  const doc = el.ownerDocument;
  const parts = message.split(SLOT);
  el.replaceChildren(
    ...parts
      .map((part, i) => (i % 2 === 1 ? (slots.get(part) ?? doc.createTextNode(`{${part}}`)) : doc.createTextNode(part)))
      .filter((n) => n.textContent !== '' || n.nodeType === 1),
  );
}

/** Every `data-i18n` text and `data-i18n-label` label under `root` in `lang` (English where it has no word). */
export function localize(root: ParentNode, lang: Lang): void {
  for (const el of root.querySelectorAll('[data-i18n], [data-i18n-label]')) {
    let known = english.get(el);
    if (!known) {
      known = {};
      if (el.hasAttribute('data-i18n')) known.text = templateOf(el);
      if (el.hasAttribute('data-i18n-label')) known.label = el.getAttribute('aria-label') ?? '';
      english.set(el, known);
    }
    const textKey = el.getAttribute('data-i18n');
    if (textKey !== null && known.text !== undefined) {
      const message = lang.messages[textKey];
      write(el, typeof message === 'string' ? message : known.text);
    }
    const labelKey = el.getAttribute('data-i18n-label');
    if (labelKey !== null && known.label !== undefined) {
      const message = lang.messages[labelKey];
      el.setAttribute('aria-label', typeof message === 'string' ? message : known.label);
    }
  }
}

/** The language and writing direction of the element's text (the page's `<html>`, an embed's root). */
export function markLang(el: Element, lang: Lang): void {
  el.setAttribute('lang', lang.locale);
  el.setAttribute('dir', lang.dir);
}
