/**
 * "Your games": the statistics (figures and two charts, statistics-tab.ts) and the list of kept
 * games (games-list.ts), each replayable, shareable, exportable and deletable; the whole history
 * exported, imported and cleared (import-export.ts). Loaded on first use. It reads every summary
 * at once (10,000 fit in memory easily) and draws the list a page at a time, so opening it costs
 * the same however long the history.
 */
import type { GameRecord } from '../../replay/record';
import type { ConfirmText } from '../../game-ui/dialogs';
import { ask } from '../../game-ui/dialogs';
import type { Recorder } from '../../game-ui/history/recorder';
import type { Lifetime } from '../../game-ui/lifetime';
import { createLifetime } from '../../game-ui/lifetime';
import type { Lang } from '../../i18n/core';
import type { HistoryTexts } from '../../game-ui/history/texts';
import { historyTexts } from '../../game-ui/history/texts';
import type { HistoryContext } from './context';
import { closeButton, el } from './elements';
import { PAGE_SIZE, gamesList } from './games-list';
import { wireArchive } from './import-export';
import { statisticsTab } from './statistics-tab';
import './history.css';

export { PAGE_SIZE };

export interface HistoryViewOptions {
  readonly doc: Document;
  readonly recorder: Recorder;
  /** Shows a kept game in the replay viewer. */
  readonly openReplay: (record: GameRecord) => Promise<void>;
  /** The address that replays a game, from its link code. */
  readonly linkFor: (code: string) => string;
  readonly confirm: (text: ConfirmText) => Promise<boolean>;
  readonly notify: (message: string) => void;
  readonly say: (text: string) => void;
  readonly focusGame: () => void;
  /** The UTC day, for the daily-challenge streak. */
  readonly today: () => string;
  readonly now?: () => number;
  /** The language it speaks, read when each text is shown (the page's, which the player may change); English when absent. */
  readonly lang?: () => Lang;
}

export interface HistoryView {
  /** Opens the dialog on the statistics (or the list); resolves when it closes. */
  open(tab?: 'stats' | 'games'): Promise<void>;
  dispose(): void;
}

type Tab = 'stats' | 'games';

/** The sheet: its title, the two tabs and their panels, the status line and the footer's actions. */
function historySheet(doc: Document, T: HistoryTexts) {
  const dialog = el(doc, 'dialog', { className: 'sheet history-sheet', id: 'history-dialog' });
  dialog.setAttribute('aria-labelledby', 'history-title');
  const form = el(doc, 'form');
  form.method = 'dialog';
  const head = el(
    doc,
    'div',
    { className: 'sheet-head' },
    el(doc, 'h2', { id: 'history-title', textContent: T.title }),
    closeButton(doc, T.close),
  );
  form.append(head);
  // Tabs: Statistics | Games.
  const tabs = el(doc, 'div', { className: 'history-tabs' });
  tabs.setAttribute('role', 'tablist');
  const tab = (name: Tab, label: string): { button: HTMLButtonElement; panel: HTMLElement } => {
    const button = el(doc, 'button', { type: 'button', id: `history-tab-${name}`, textContent: label, className: 'history-tab' });
    button.setAttribute('role', 'tab');
    button.setAttribute('aria-controls', `history-${name}`);
    const panel = el(doc, 'div', { id: `history-${name}`, className: 'history-panel' });
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', button.id);
    panel.tabIndex = 0;
    tabs.append(button);
    return { button, panel };
  };
  const stats = tab('stats', T.tabStats);
  const games = tab('games', T.tabGames);
  const status = el(doc, 'p', { className: 'history-status' });
  status.setAttribute('role', 'status');
  const fileInput = el(doc, 'input', { type: 'file', id: 'history-import-file' });
  fileInput.accept = '.json,application/json';
  fileInput.hidden = true;
  const exportAll = el(doc, 'button', { type: 'button', className: 'button small', textContent: T.exportAll });
  const importButton = el(doc, 'button', { type: 'button', className: 'button small', textContent: T.importFile });
  const clearButton = el(doc, 'button', { type: 'button', className: 'button small danger', textContent: T.clear });
  const footer = el(doc, 'div', { className: 'history-actions' }, exportAll, importButton, clearButton, fileInput);
  form.append(tabs, status, stats.panel, games.panel, footer);
  dialog.append(form);
  doc.body.append(dialog);
  return { dialog, tabs, stats, games, status, archive: { exportAll, importButton, clearButton, fileInput } };
}

type Sheet = ReturnType<typeof historySheet>;

/** The tabs: a click, or an arrow, Home or End key, shows the other one; `shown` draws the tab chosen. */
function tabSwitching(life: Lifetime, sheet: Sheet, shown: () => void): { current(): Tab; select(name: Tab, focus?: boolean): void } {
  let current: Tab = 'stats';
  const select = (name: Tab, focus = false): void => {
    current = name;
    for (const [n, t] of [
      ['stats', sheet.stats],
      ['games', sheet.games],
    ] as const) {
      t.button.setAttribute('aria-selected', String(n === name));
      t.button.tabIndex = n === name ? 0 : -1;
      t.panel.hidden = n !== name;
    }
    if (focus) sheet[name].button.focus();
    shown();
  };
  life.listen<KeyboardEvent>(sheet.tabs, 'keydown', (event) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    select(current === 'stats' ? 'games' : 'stats', true);
  });
  life.listen(sheet.stats.button, 'click', () => select('stats'));
  life.listen(sheet.games.button, 'click', () => select('games'));
  return { current: () => current, select };
}

/** Reads every kept game's summary into `ctx.games`, once the games finished meanwhile are kept. */
async function readGames(ctx: HistoryContext): Promise<void> {
  const { recorder } = ctx.options;
  ctx.status.textContent = ctx.T.loading;
  const db = await recorder.db();
  if (!db) {
    ctx.status.textContent = recorder.problem() ?? '';
    ctx.games = [];
    return;
  }
  await recorder.settled();
  const read = await db.summaries();
  ctx.games = read.games;
  ctx.status.textContent = read.unreadable.length > 0 ? ctx.T.unreadable(read.unreadable.length) : '';
}

export function createHistoryView(options: HistoryViewOptions): HistoryView {
  const { doc, recorder } = options;
  const T = historyTexts(options.lang);
  const life = createLifetime();
  const sheet = historySheet(doc, T);
  const { dialog, status } = sheet;
  life.own(() => {
    if (dialog.open) dialog.close('');
    dialog.remove();
  });
  /** True while the games are read: nothing is drawn from what an earlier opening read. */
  let loading = false;
  const ctx: HistoryContext = {
    doc,
    options,
    T,
    life,
    status,
    games: [],
    render() {
      if (loading) return;
      sheet.archive.clearButton.disabled = ctx.games.length === 0;
      sheet.archive.exportAll.disabled = ctx.games.length === 0;
      if (tabs.current() === 'stats') stats.render();
      else list.render();
    },
    async withDb(run) {
      const db = await recorder.db();
      if (!db) return options.notify(recorder.problem() ?? '');
      try {
        await run(db);
      } catch (error) {
        status.textContent = T.failed(error instanceof Error ? error.message : String(error));
      }
    },
  };
  const stats = statisticsTab(ctx, sheet.stats.panel);
  const list = gamesList(ctx, sheet.games.panel, dialog);
  const tabs = tabSwitching(life, sheet, () => ctx.render());
  wireArchive(ctx, sheet.archive, () => sheet.stats.button.focus());

  return {
    async open(which = 'stats') {
      list.reset();
      loading = true;
      sheet.stats.panel.replaceChildren();
      sheet.games.panel.replaceChildren();
      const shown = ask(dialog);
      tabs.select(which);
      const started = performance.now();
      try {
        await readGames(ctx);
      } finally {
        loading = false;
      }
      ctx.render();
      performance.measure('cube2048:history-open', { start: started });
      options.say(T.title);
      const answer = await shown;
      if (answer !== 'replay') options.focusGame();
    },
    dispose: () => life.end(),
  };
}
