/**
 * "Your games": the statistics (figures and two charts) and the list of kept games, each
 * replayable, shareable, exportable and deletable; the whole history exported, imported and
 * cleared. Loaded on first use. It reads every summary at once (10,000 fit in memory easily)
 * and draws the list a page at a time, so opening it costs the same however long the history.
 */
import type { GameMode, GameSummary, HistoryEntry } from '../../history/entry';
import { GAME_MODES, isWin, recordOfEntry, summaryOf } from '../../history/entry';
import { entryOf, startMeta } from '../../history/keep';
import { filterGames, statisticsOf } from '../../history/statistics';
import type { GroupStatistics } from '../../history/statistics';
import { MAX_ARCHIVE_CHARS, checkArchiveGame, encodeArchive, mergeEntries, openArchive } from '../../history/archive';
import type { GameRecord } from '../../replay/record';
import { encodeRecord, recordFromJson, recordToJson, verifyRecord } from '../../replay/record';
import type { ConfirmText } from '../../game-ui/dialogs';
import { ask } from '../../game-ui/dialogs';
import { downloadJson, recordFileName } from '../download';
import { scoreChart, tileChart } from './charts';
import type { Recorder } from '../../game-ui/history/recorder';
import type { Lang } from '../../i18n/core';
import { historyTexts } from '../../game-ui/history/texts';
import './history.css';

/** Rows drawn per page of the list. */
export const PAGE_SIZE = 50;
/** Games replayed between two paints while an import is checked. */
const IMPORT_SLICE = 100;

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

type Sort = 'newest' | 'oldest' | 'score';

function el<K extends keyof HTMLElementTagNameMap>(
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

function select(
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

/** A single game file (the More sheet's export) imported into the history: an imported game, ending now. */
const entryOfRecord = (record: GameRecord, now: number): HistoryEntry => {
  const final = verifyRecord(record).final;
  return entryOf(final, final.status === 'over' ? 'over' : 'left', startMeta(final, 'imported', now), now);
};

export function createHistoryView(options: HistoryViewOptions): HistoryView {
  const { doc, recorder } = options;
  const now = options.now ?? Date.now;
  const T = historyTexts(options.lang);
  const dialog = el(doc, 'dialog', { className: 'sheet history-sheet', id: 'history-dialog' });
  dialog.setAttribute('aria-labelledby', 'history-title');
  const form = el(doc, 'form');
  form.method = 'dialog';
  const close = el(doc, 'button', { className: 'button icon-only ghost', value: '' });
  close.setAttribute('aria-label', T.close);
  // The close icon through the DOM API: no markup is parsed on the page (test/i18n/catalogues.test.ts).
  const svg = doc.createElementNS('http://www.w3.org/2000/svg', 'svg');
  for (const [name, value] of [
    ['viewBox', '0 0 24 24'],
    ['aria-hidden', 'true'],
    ['focusable', 'false'],
  ])
    svg.setAttribute(name as string, value as string);
  const cross = doc.createElementNS('http://www.w3.org/2000/svg', 'path');
  cross.setAttribute('d', 'M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7l-1.4-1.4L9.2 12 2.9 5.7l1.4-1.4 6.3 6.3 6.3-6.3z');
  cross.setAttribute('transform', 'translate(1.4 0)');
  svg.append(cross);
  close.append(svg);
  const head = el(doc, 'div', { className: 'sheet-head' }, el(doc, 'h2', { id: 'history-title', textContent: T.title }), close);
  form.append(head);

  // Tabs: Statistics | Games.
  const tabs = el(doc, 'div', { className: 'history-tabs' });
  tabs.setAttribute('role', 'tablist');
  const tab = (name: 'stats' | 'games', label: string): { button: HTMLButtonElement; panel: HTMLElement } => {
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
  const statsTab = tab('stats', T.tabStats);
  const gamesTab = tab('games', T.tabGames);
  const status = el(doc, 'p', { className: 'history-status' });
  status.setAttribute('role', 'status');

  const fileInput = el(doc, 'input', { type: 'file', id: 'history-import-file' });
  fileInput.accept = '.json,application/json';
  fileInput.hidden = true;
  const exportAll = el(doc, 'button', { type: 'button', className: 'button small', textContent: T.exportAll });
  const importButton = el(doc, 'button', { type: 'button', className: 'button small', textContent: T.importFile });
  const clearButton = el(doc, 'button', { type: 'button', className: 'button small danger', textContent: T.clear });
  const footer = el(doc, 'div', { className: 'history-actions' }, exportAll, importButton, clearButton, fileInput);
  form.append(tabs, status, statsTab.panel, gamesTab.panel, footer);
  dialog.append(form);
  doc.body.append(dialog);

  let games: GameSummary[] = [];
  let current: 'stats' | 'games' = 'stats';
  let statsSize = 'all';
  let listSize = 'all';
  let listMode = 'all';
  let sort: Sort = 'newest';
  let shownRows = PAGE_SIZE;

  const selectTab = (name: 'stats' | 'games', focus = false): void => {
    current = name;
    for (const [n, t] of [
      ['stats', statsTab],
      ['games', gamesTab],
    ] as const) {
      t.button.setAttribute('aria-selected', String(n === name));
      t.button.tabIndex = n === name ? 0 : -1;
      t.panel.hidden = n !== name;
    }
    if (focus) (name === 'stats' ? statsTab : gamesTab).button.focus();
    render();
  };
  const onTabKey = (event: KeyboardEvent): void => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    selectTab(current === 'stats' ? 'games' : 'stats', true);
  };
  tabs.addEventListener('keydown', onTabKey);
  statsTab.button.addEventListener('click', () => selectTab('stats'));
  gamesTab.button.addEventListener('click', () => selectTab('games'));

  const sizesPlayed = (): number[] => [...new Set(games.map((g) => g.size))].sort((a, b) => a - b);
  const sizeOptions = (): [string, string][] => [
    ['all', T.allSizes],
    ...sizesPlayed().map((n): [string, string] => [String(n), T.size(n)]),
  ];

  // --- statistics ---------------------------------------------------------------------------
  const figure = (label: string, value: string): HTMLElement =>
    el(doc, 'div', { className: 'stat' }, el(doc, 'dt', { textContent: label }), el(doc, 'dd', { textContent: value }));
  const figures = (s: GroupStatistics): HTMLElement =>
    el(
      doc,
      'dl',
      { className: 'stats-grid' },
      figure(T.played, T.number(s.played)),
      figure(T.wins, T.number(s.wins)),
      figure(T.winRate, T.percent(s.winRate)),
      figure(T.bestScore, T.number(s.bestScore)),
      figure(T.bestTile, T.number(s.bestTile)),
      figure(T.meanScore, T.number(Math.round(s.meanScore))),
      figure(T.medianScore, T.number(Math.round(s.medianScore))),
      figure(T.longestGame, T.moves(s.longestGame?.moves ?? 0)),
      figure(T.currentStreak, T.number(s.winStreak.current)),
      figure(T.bestStreak, T.number(s.winStreak.best)),
      figure(T.totalMoves, T.number(s.totalMoves)),
      figure(T.timePlayed, T.formatDuration(s.totalPlayedMs)),
      figure(T.dailyStreak, T.streakDays(s.dailyStreak.current, s.dailyStreak.best)),
    );

  const renderStats = (): void => {
    const panel = statsTab.panel;
    panel.replaceChildren();
    if (games.length === 0) return void panel.append(el(doc, 'p', { className: 'history-empty', textContent: T.empty }));
    const sizes = sizeOptions();
    if (!sizes.some(([v]) => v === statsSize)) statsSize = 'all';
    const { field, input } = select(doc, T.sizeLabel, sizes, statsSize);
    input.addEventListener('change', () => {
      statsSize = input.value;
      renderStats();
      panel.querySelector('select')?.focus();
    });
    const stats = statisticsOf(games, options.today());
    const group = statsSize === 'all' ? stats.overall : (stats.bySize.find((s) => String(s.size) === statsSize) ?? stats.overall);
    const charts = el(doc, 'div', { className: 'charts' }, tileChart(doc, T, group.tileHistogram), scoreChart(doc, T, group.scores));
    panel.append(el(doc, 'div', { className: 'history-filters' }, field), figures(group), charts);
  };

  // --- the list -----------------------------------------------------------------------------
  const listed = (): GameSummary[] => {
    const filtered = filterGames(games, {
      ...(listSize !== 'all' ? { size: Number(listSize) } : {}),
      ...(listMode !== 'all' ? { mode: listMode as GameMode } : {}),
    });
    const order =
      sort === 'score'
        ? (a: GameSummary, b: GameSummary) => b.score - a.score || b.endedAt - a.endedAt
        : sort === 'oldest'
          ? (a: GameSummary, b: GameSummary) => a.endedAt - b.endedAt
          : (a: GameSummary, b: GameSummary) => b.endedAt - a.endedAt;
    return filtered.sort(order);
  };

  const action = (label: string, name: string, id: string, described: string): HTMLButtonElement => {
    const b = el(doc, 'button', { type: 'button', className: 'button small', textContent: label });
    b.dataset.action = name;
    b.dataset.id = id;
    b.setAttribute('aria-label', `${label}: ${described}`);
    return b;
  };
  const rowOf = (g: GameSummary): HTMLLIElement => {
    const date = T.formatDate(g.endedAt);
    const described = T.rowActions(g.score, date);
    const outcome = isWin(g) ? T.won : g.end === 'over' ? T.over : T.left;
    const badge = el(doc, 'span', { className: `history-badge${isWin(g) ? ' won' : ''}`, textContent: outcome });
    const title = el(doc, 'p', { className: 'history-row-title' }, el(doc, 'strong', { textContent: T.row(g.score, g.maxTile) }), badge);
    const details = el(doc, 'p', {
      className: 'history-row-details',
      textContent: `${T.rowDetails(g.size, g.moveCount, g.playedMs)} · ${T.modeName(g.mode)}`,
    });
    const when = el(doc, 'time', { textContent: date });
    when.dateTime = new Date(g.endedAt).toISOString();
    const actions = el(
      doc,
      'div',
      { className: 'history-row-actions' },
      action(T.replay, 'replay', g.id, described),
      action(T.share, 'share', g.id, described),
      action(T.exportOne, 'export', g.id, described),
      action(T.remove, 'delete', g.id, described),
    );
    return el(doc, 'li', { className: 'history-row' }, title, details, when, actions);
  };

  const renderGames = (): void => {
    const panel = gamesTab.panel;
    panel.replaceChildren();
    if (games.length === 0) return void panel.append(el(doc, 'p', { className: 'history-empty', textContent: T.empty }));
    const size = select(doc, T.sizeLabel, sizeOptions(), listSize);
    const mode = select(
      doc,
      T.modeLabel,
      [['all', T.allModes], ...GAME_MODES.filter((m) => games.some((g) => g.mode === m)).map((m): [string, string] => [m, T.modeName(m)])],
      listMode,
    );
    const order = select(
      doc,
      T.sortLabel,
      [
        ['newest', T.sortNewest],
        ['oldest', T.sortOldest],
        ['score', T.sortScore],
      ],
      sort,
    );
    const refilter = (which: HTMLSelectElement, apply: () => void): void =>
      which.addEventListener('change', () => {
        apply();
        shownRows = PAGE_SIZE;
        renderGames();
        panel.querySelectorAll('select')[[size.input, mode.input, order.input].indexOf(which)]?.focus();
      });
    refilter(size.input, () => (listSize = size.input.value));
    refilter(mode.input, () => (listMode = mode.input.value));
    refilter(order.input, () => (sort = order.input.value as Sort));
    const all = listed();
    const list = el(doc, 'ol', { className: 'history-list' }, ...all.slice(0, shownRows).map(rowOf));
    const count = el(doc, 'p', { className: 'history-count', textContent: T.showing(Math.min(shownRows, all.length), all.length) });
    panel.append(el(doc, 'div', { className: 'history-filters' }, size.field, mode.field, order.field), count, list);
    if (all.length > shownRows) {
      const more = el(doc, 'button', {
        type: 'button',
        className: 'button small history-more',
        textContent: T.more(Math.min(PAGE_SIZE, all.length - shownRows)),
      });
      more.addEventListener('click', () => {
        const first = shownRows;
        shownRows += PAGE_SIZE;
        renderGames();
        // Focus the first new row's first button, so a keyboard player carries on from where they were.
        gamesTab.panel.querySelectorAll<HTMLElement>('.history-row')[first]?.querySelector('button')?.focus();
      });
      panel.append(more);
    }
  };

  /** True while the games are read: nothing is drawn from what an earlier opening read. */
  let loading = false;
  function render(): void {
    if (loading) return;
    clearButton.disabled = games.length === 0;
    exportAll.disabled = games.length === 0;
    if (current === 'stats') renderStats();
    else renderGames();
  }

  const load = async (): Promise<boolean> => {
    status.textContent = T.loading;
    const db = await recorder.db();
    if (!db) {
      status.textContent = recorder.problem() ?? '';
      games = [];
      return false;
    }
    await recorder.settled();
    const read = await db.summaries();
    games = read.games;
    status.textContent = read.unreadable.length > 0 ? T.unreadable(read.unreadable.length) : '';
    return true;
  };

  const withDb = async (run: (db: NonNullable<Awaited<ReturnType<Recorder['db']>>>) => Promise<void>): Promise<void> => {
    const db = await recorder.db();
    if (!db) return options.notify(recorder.problem() ?? '');
    try {
      await run(db);
    } catch (error) {
      status.textContent = T.failed(error instanceof Error ? error.message : String(error));
    }
  };

  const entryFor = async (id: string): Promise<HistoryEntry | null> => {
    const db = await recorder.db();
    return db ? db.entry(id) : null;
  };

  const onListClick = (event: MouseEvent): void => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-action]');
    const id = button?.dataset.id;
    if (!button || !id) return;
    void (async () => {
      if (button.dataset.action === 'delete') {
        if (!(await options.confirm(T.confirmDelete))) return button.focus();
        return withDb(async (db) => {
          await db.remove([id]);
          games = games.filter((g) => g.id !== id);
          status.textContent = T.deleted;
          render();
          gamesTab.panel.querySelector<HTMLElement>('.history-row button, select')?.focus();
        });
      }
      const entry = await entryFor(id);
      if (!entry) return void (status.textContent = T.unreadable(1));
      const record = recordOfEntry(entry);
      if (button.dataset.action === 'replay') {
        dialog.close('replay');
        await options.openReplay(record);
      } else if (button.dataset.action === 'share') {
        const link = options.linkFor(encodeRecord(record));
        try {
          await doc.defaultView?.navigator.clipboard.writeText(link);
          status.textContent = T.copied;
        } catch {
          status.textContent = T.copyBy(link);
        }
      } else if (button.dataset.action === 'export') {
        downloadJson(doc, recordFileName(record), recordToJson(record));
      }
    })();
  };
  gamesTab.panel.addEventListener('click', onListClick);

  exportAll.addEventListener(
    'click',
    () =>
      void withDb(async (db) => {
        const all = await db.entries();
        downloadJson(doc, `cube2048-history-${options.today()}.json`, encodeArchive(all.entries));
        status.textContent = T.exported(all.entries.length);
      }),
  );

  importButton.addEventListener('click', () => fileInput.click());
  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    fileInput.value = '';
    if (!file) return;
    void withDb(async (db) => {
      if (file.size > MAX_ARCHIVE_CHARS) return void (status.textContent = T.importFailed(T.tooBig));
      let text: string;
      try {
        text = await file.text();
      } catch {
        return void (status.textContent = T.importFailed(T.unreadableFile));
      }
      // A single game file (the More sheet's export) is welcome too.
      const single = recordFromJson(text);
      let incoming: HistoryEntry[];
      let skipped: readonly { index: number; reason: string }[] = [];
      if (single.ok) {
        const problem = verifyRecord(single.value).problem;
        if (problem) return void (status.textContent = T.importFailed(problem));
        incoming = [entryOfRecord(single.value, now())];
      } else {
        const list = openArchive(text);
        if (!list.ok) return void (status.textContent = T.importFailed(list.error));
        // Each game is replayed before it is taken: in slices, so 10,000 games keep the page responsive and show progress.
        const checked: HistoryEntry[] = [];
        const problems: { index: number; reason: string }[] = [];
        for (let i = 0; i < list.value.length; i++) {
          if (i % IMPORT_SLICE === 0 && i > 0) {
            status.textContent = T.checking(i, list.value.length);
            await new Promise((resolve) => setTimeout(resolve, 0));
          }
          const one = checkArchiveGame(list.value[i], i);
          if (one.ok) checked.push(one.value);
          else problems.push({ index: i, reason: one.error });
        }
        incoming = checked;
        skipped = problems;
      }
      // Each game once, and none already kept (the same game has the same id).
      const added = mergeEntries(new Set(games.map((g) => g.id)), incoming);
      const known = new Set(incoming.map((e) => e.id)).size - added.length;
      // One transaction: the whole file goes in, or nothing does.
      await db.put(added);
      games = [...games, ...added.map(summaryOf)];
      const first = skipped[0];
      status.textContent = [T.imported(added.length, known), first ? T.importSkipped(skipped.length, first.reason) : '']
        .filter(Boolean)
        .join(' ');
      render();
    });
  });

  clearButton.addEventListener(
    'click',
    () =>
      void (async () => {
        if (!(await options.confirm(T.confirmClear(games.length)))) return clearButton.focus();
        await withDb(async (db) => {
          await db.clear();
          games = [];
          status.textContent = T.cleared;
          render();
          statsTab.button.focus();
        });
      })(),
  );

  return {
    async open(which = 'stats') {
      shownRows = PAGE_SIZE;
      loading = true;
      statsTab.panel.replaceChildren();
      gamesTab.panel.replaceChildren();
      const shown = ask(dialog);
      selectTab(which);
      const started = performance.now();
      try {
        await load();
      } finally {
        loading = false;
      }
      render();
      performance.measure('cube2048:history-open', { start: started });
      options.say(T.title);
      const answer = await shown;
      if (answer !== 'replay') options.focusGame();
    },
    dispose() {
      if (dialog.open) dialog.close('');
      dialog.remove();
    },
  };
}
