/** Hands the player a JSON file to save, as a download (game records, the history export). */
export function downloadJson(doc: Document, name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = name;
  doc.body.append(a);
  a.click();
  a.remove();
  // Some browsers read the address only after this turn: keep it a while.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name of one game's record: its seed and length. */
export const recordFileName = (record: { readonly seed: number; readonly moves: string }): string =>
  `cube2048-seed${record.seed}-${record.moves.length}moves.json`;
