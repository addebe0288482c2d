/** An element the page's markup (index.html) must have; a missing one is a bug in the page, said by name. */
export function byId<T extends HTMLElement>(doc: Document, id: string): T {
  const el = doc.getElementById(id);
  if (!el) throw new Error(`the page is missing #${id}`);
  return el as T;
}

/** An element inside `root` that the markup must have; a missing one is a bug in the page, said with `where` it was looked for. */
export function partOf<T extends Element>(root: ParentNode, selector: string, where: string): T {
  const el = root.querySelector<T>(selector);
  if (!el) throw new Error(`${where} is missing ${selector}`);
  return el;
}
