/**
 * The Games tab of "Your games": the kept games, filtered by size and mode and sorted, drawn a
 * page at a time, each replayable, shareable, exportable and deletable.
 */
import type { GameMode, GameSummary } from '../../history/entry';
import { GAME_MODES, isAssisted, isWin, recordOfEntry, shapeOf } from '../../history/entry';
import { filterGames } from '../../history/statistics';
import { encodeRecord, recordToJson } from '../../replay/record';
import { downloadJson, recordFileName } from '../download';
import type { HistoryContext } from './context';
import { boardOf, sizeOptions } from './context';
import { el, select } from './elements';

/** Rows drawn per page of the list. */
export const PAGE_SIZE = 50;

type Sort = 'newest' | 'oldest' | 'score';

const ORDERS: Readonly<Record<Sort, (a: GameSummary, b: GameSummary) => number>> = {
  score: (a, b) => b.score - a.score || b.endedAt - a.endedAt,
  oldest: (a, b) => a.endedAt - b.endedAt,
  newest: (a, b) => b.endedAt - a.endedAt,
};

function rowOf({ doc, T }: HistoryContext, g: GameSummary): HTMLLIElement {
  const date = T.formatDate(g.endedAt);
  const described = T.rowActions(g.score, date);
  const action = (label: string, name: string): HTMLButtonElement => {
    const b = el(doc, 'button', { type: 'button', className: 'button small', textContent: label });
    b.dataset.action = name;
    b.dataset.id = g.id;
    b.setAttribute('aria-label', `${label}: ${described}`);
    return b;
  };
  const outcome = isWin(g) ? T.won : g.end === 'over' ? T.over : T.left;
  const badge = el(doc, 'span', { className: `history-badge${isWin(g) ? ' won' : ''}`, textContent: outcome });
  // A game the AI helped with says so beside its outcome, and how much in its details: it is not the player's own.
  const helped = isAssisted(g);
  const marks = helped ? [badge, el(doc, 'span', { className: 'history-badge assisted', textContent: T.assisted })] : [badge];
  const title = el(doc, 'p', { className: 'history-row-title' }, el(doc, 'strong', { textContent: T.row(g.score, g.maxTile) }), ...marks);
  const mode = helped && g.mode === 'daily' ? T.dailyNotCounted : T.modeName(g.mode);
  const details = el(doc, 'p', {
    className: 'history-row-details',
    textContent: [
      T.rowDetails(g.size, g.moveCount, g.playedMs, shapeOf(g)),
      mode,
      ...(helped ? [T.assistedDetails(g.aiMoves ?? 0, g.hints ?? 0)] : []),
    ].join(' · '),
  });
  const when = el(doc, 'time', { textContent: date });
  when.dateTime = new Date(g.endedAt).toISOString();
  const actions = el(
    doc,
    'div',
    { className: 'history-row-actions' },
    action(T.replay, 'replay'),
    action(T.share, 'share'),
    action(T.exportOne, 'export'),
    action(T.remove, 'delete'),
  );
  const row = el(doc, 'li', { className: 'history-row' }, title, details, when, actions);
  if (helped) row.dataset.assisted = '';
  return row;
}

/** What a row's button does: replay, share or export the game, or delete it once the player agrees. */
async function rowAction(
  ctx: HistoryContext,
  button: HTMLButtonElement,
  id: string,
  where: { dialog: HTMLDialogElement; panel: HTMLElement },
): Promise<void> {
  const { options, T, status } = ctx;
  if (button.dataset.action === 'delete') {
    if (!(await options.confirm(T.confirmDelete))) return button.focus();
    return ctx.withDb(async (db) => {
      await db.remove([id]);
      ctx.games = ctx.games.filter((g) => g.id !== id);
      status.textContent = T.deleted;
      ctx.render();
      where.panel.querySelector<HTMLElement>('.history-row button, select')?.focus();
    });
  }
  const db = await options.recorder.db();
  const entry = db ? await db.entry(id) : null;
  if (!entry) return void (status.textContent = T.unreadable(1));
  const record = recordOfEntry(entry);
  if (button.dataset.action === 'replay') {
    where.dialog.close('replay');
    await options.openReplay(record);
  } else if (button.dataset.action === 'share') {
    const link = options.linkFor(encodeRecord(record));
    try {
      await ctx.doc.defaultView?.navigator.clipboard.writeText(link);
      status.textContent = T.copied;
    } catch {
      status.textContent = T.copyBy(link);
    }
  } else if (button.dataset.action === 'export') {
    downloadJson(ctx.doc, recordFileName(record), recordToJson(record));
  }
}

export function gamesList(ctx: HistoryContext, panel: HTMLElement, dialog: HTMLDialogElement): { render(): void; reset(): void } {
  const { doc, T } = ctx;
  let size = 'all';
  let mode = 'all';
  let sort: Sort = 'newest';
  let shownRows = PAGE_SIZE;

  const listed = (): GameSummary[] =>
    filterGames(ctx.games, {
      ...(size !== 'all' ? boardOf(size) : {}),
      ...(mode !== 'all' ? { mode: mode as GameMode } : {}),
    }).sort(ORDERS[sort]);

  const render = (): void => {
    panel.replaceChildren();
    if (ctx.games.length === 0) return void panel.append(el(doc, 'p', { className: 'history-empty', textContent: T.empty }));
    const modes = GAME_MODES.filter((m) => ctx.games.some((g) => g.mode === m)).map((m): [string, string] => [m, T.modeName(m)]);
    const filters = [
      select(doc, T.sizeLabel, sizeOptions(ctx), size),
      select(doc, T.modeLabel, [['all', T.allModes], ...modes], mode),
      select(
        doc,
        T.sortLabel,
        [
          ['newest', T.sortNewest],
          ['oldest', T.sortOldest],
          ['score', T.sortScore],
        ],
        sort,
      ),
    ];
    const all = listed();
    const list = el(doc, 'ol', { className: 'history-list' }, ...all.slice(0, shownRows).map((g) => rowOf(ctx, g)));
    const count = el(doc, 'p', { className: 'history-count', textContent: T.showing(Math.min(shownRows, all.length), all.length) });
    panel.append(el(doc, 'div', { className: 'history-filters' }, ...filters.map((f) => f.field)), count, list);
    if (all.length > shownRows) {
      const more = Math.min(PAGE_SIZE, all.length - shownRows);
      panel.append(el(doc, 'button', { type: 'button', className: 'button small history-more', textContent: T.more(more) }));
    }
  };

  // The filters, rows and More button are drawn again with the list; listeners on the panel hear each new one.
  ctx.life.listen(panel, 'change', (event) => {
    const which = [...panel.querySelectorAll('select')].indexOf(event.target as HTMLSelectElement);
    const value = (event.target as HTMLSelectElement).value;
    if (which === 0) size = value;
    else if (which === 1) mode = value;
    else if (which === 2) sort = value as Sort;
    else return;
    shownRows = PAGE_SIZE;
    render();
    panel.querySelectorAll('select')[which]?.focus();
  });
  ctx.life.listen(panel, 'click', (event) => {
    const target = event.target as Element;
    if (target.closest('.history-more')) {
      const first = shownRows;
      shownRows += PAGE_SIZE;
      render();
      // Focus the first new row's first button, so a keyboard player carries on from where they were.
      panel.querySelectorAll<HTMLElement>('.history-row')[first]?.querySelector('button')?.focus();
      return;
    }
    const button = target.closest<HTMLButtonElement>('button[data-action]');
    const id = button?.dataset.id;
    if (button && id) void rowAction(ctx, button, id, { dialog, panel });
  });
  return {
    render,
    reset() {
      shownRows = PAGE_SIZE;
    },
  };
}
