/** The history view's elements, made through the DOM API: no markup is parsed on the page (test/i18n/catalogues.test.ts). */

import { icon } from '../../game-ui/icon';

export function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: Partial<Record<'className' | 'id' | 'textContent' | 'type' | 'value', string>> = {},
  ...children: Node[]
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

/** A labelled list of choices, showing `value`. */
export function select(
  doc: Document,
  label: string,
  options: readonly (readonly [string, string])[],
  value: string,
): { field: HTMLLabelElement; input: HTMLSelectElement } {
  const input = el(doc, 'select');
  for (const [v, text] of options) input.append(el(doc, 'option', { value: v, textContent: text }));
  input.value = value;
  const field = el(doc, 'label', { className: 'history-filter' }, el(doc, 'span', { textContent: label }), input);
  return { field, input };
}

/** The sheet's close button, with its cross icon. */
export function closeButton(doc: Document, label: string): HTMLButtonElement {
  const close = el(doc, 'button', { className: 'button icon-only ghost', value: '' });
  close.setAttribute('aria-label', label);
  close.append(icon(doc, 'M19.7 5.7 13.4 12l6.3 6.3-1.4 1.4-6.3-6.3-6.3 6.3-1.4-1.4 6.3-6.3-6.3-6.3 1.4-1.4 6.3 6.3 6.3-6.3z'));
  return close;
}
