/** A 24-unit icon drawn by one path `d`, as every button of the game draws its own; hidden from screen readers (its button has the words). */
export function icon(doc: Document, d: string): SVGSVGElement {
  const SVG = 'http://www.w3.org/2000/svg';
  const svg = doc.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = doc.createElementNS(SVG, 'path');
  path.setAttribute('d', d);
  svg.append(path);
  return svg;
}
