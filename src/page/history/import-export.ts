/**
 * The whole history at once, from the footer of "Your games": exported to a file, imported
 * from one (an exported history or a single game file, each game replayed before it is taken),
 * and cleared once the player agrees.
 */
import type { HistoryEntry } from '../../history/entry';
import { summaryOf } from '../../history/entry';
import { entryOf, startMeta } from '../../history/keep';
import { MAX_ARCHIVE_CHARS, checkArchiveGame, encodeArchive, mergeEntries, openArchive } from '../../history/archive';
import type { GameRecord } from '../../replay/record';
import { recordFromJson, verifyRecord } from '../../replay/record';
import { downloadJson } from '../download';
import type { HistoryContext } from './context';

/** Games replayed between two paints while an import is checked. */
const IMPORT_SLICE = 100;

export interface ArchiveControls {
  readonly exportAll: HTMLButtonElement;
  readonly importButton: HTMLButtonElement;
  readonly clearButton: HTMLButtonElement;
  readonly fileInput: HTMLInputElement;
}

/** A single game file (the More sheet's export) imported into the history: an imported game, ending now. */
const entryOfRecord = (record: GameRecord, now: number): HistoryEntry => {
  const final = verifyRecord(record).final;
  return entryOf(final, final.status === 'over' ? 'over' : 'left', startMeta(final, 'imported', now), now);
};

/** The games in a file's text, each checked, or why none can be taken. */
async function gamesIn(ctx: HistoryContext, text: string): Promise<{ incoming: HistoryEntry[]; skipped: { reason: string }[] } | string> {
  const { T, status } = ctx;
  // A single game file (the More sheet's export) is welcome too.
  const single = recordFromJson(text);
  if (single.ok) {
    const problem = verifyRecord(single.value).problem;
    if (problem) return problem;
    return { incoming: [entryOfRecord(single.value, (ctx.options.now ?? Date.now)())], skipped: [] };
  }
  const list = openArchive(text);
  if (!list.ok) return list.error;
  // Each game is replayed before it is taken: in slices, so 10,000 games keep the page responsive and show progress.
  const incoming: HistoryEntry[] = [];
  const skipped: { index: number; reason: string }[] = [];
  for (let i = 0; i < list.value.length; i++) {
    if (i % IMPORT_SLICE === 0 && i > 0) {
      status.textContent = T.checking(i, list.value.length);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const one = checkArchiveGame(list.value[i], i);
    if (one.ok) incoming.push(one.value);
    else skipped.push({ index: i, reason: one.error });
  }
  return { incoming, skipped };
}

/** Imports `file` in one transaction: the whole file goes in, or nothing does; games already kept are skipped. */
const importFile = (ctx: HistoryContext, file: File): Promise<void> =>
  ctx.withDb(async (db) => {
    const { T, status } = ctx;
    if (file.size > MAX_ARCHIVE_CHARS) return void (status.textContent = T.importFailed(T.tooBig));
    let text: string;
    try {
      text = await file.text();
    } catch {
      return void (status.textContent = T.importFailed(T.unreadableFile));
    }
    const read = await gamesIn(ctx, text);
    if (typeof read === 'string') return void (status.textContent = T.importFailed(read));
    // Each game once, and none already kept (the same game has the same id).
    const added = mergeEntries(new Set(ctx.games.map((g) => g.id)), read.incoming);
    const known = new Set(read.incoming.map((e) => e.id)).size - added.length;
    await db.put(added);
    ctx.games = [...ctx.games, ...added.map(summaryOf)];
    const first = read.skipped[0];
    status.textContent = [T.imported(added.length, known), first ? T.importSkipped(read.skipped.length, first.reason) : '']
      .filter(Boolean)
      .join(' ');
    ctx.render();
  });

/** Wires the footer's buttons; `cleared` runs once the history is empty (focus goes back to the statistics). */
export function wireArchive(ctx: HistoryContext, controls: ArchiveControls, cleared: () => void): void {
  const { life, T, status } = ctx;
  const { exportAll, importButton, clearButton, fileInput } = controls;
  life.listen(
    exportAll,
    'click',
    () =>
      void ctx.withDb(async (db) => {
        const all = await db.entries();
        downloadJson(ctx.doc, `cube2048-history-${ctx.options.today()}.json`, encodeArchive(all.entries));
        status.textContent = T.exported(all.entries.length);
      }),
  );
  life.listen(importButton, 'click', () => fileInput.click());
  life.listen(fileInput, 'change', () => {
    const file = fileInput.files?.[0];
    fileInput.value = '';
    if (file) void importFile(ctx, file);
  });
  life.listen(clearButton, 'click', async () => {
    if (!(await ctx.options.confirm(T.confirmClear(ctx.games.length)))) return clearButton.focus();
    await ctx.withDb(async (db) => {
      await db.clear();
      ctx.games = [];
      status.textContent = T.cleared;
      ctx.render();
      cleared();
    });
  });
}
