/**
 * Sharing and seeds on the game page: the Share button (copies a `#g=` replay link), the
 * "More" sheet (export/import a game file, a new game with a chosen seed, the daily
 * challenge), and opening `#g=` links in the replay viewer. The page loads this module on
 * first use (a click on Share or More, or a `#g=` address) and hands it the click.
 */
import { isValidSeed } from '../engine';
import type { GameStore } from '../store';
import { byId } from './by-id';
import { downloadJson, recordFileName } from './download';
import { dailyHref } from './daily';
import { ask } from '../game-ui/dialogs';
import type { Lang } from '../i18n/core';
import { ENGLISH, speaker } from '../i18n/core';
import { EN_SHARE } from '../i18n/en/share';
import type { PageNotice } from '../game-ui/notices';
import type { ReplayViewer } from './replay-viewer';
import type { Lifetime } from '../game-ui/lifetime';
import { createLifetime } from '../game-ui/lifetime';

export interface ShareOptions {
  readonly doc: Document;
  readonly store: GameStore;
  /** The replay viewer, loaded on first use with the record code. */
  readonly viewer: () => Promise<ReplayViewer>;
  /** Asks before a game at stake ends (see session.ts), then starts the new one. */
  readonly requestNewGame: (request: { readonly seed: number }) => Promise<boolean>;
  readonly notify: (notice: PageNotice) => void;
  readonly say: (text: string) => void;
  readonly focusGame: () => void;
  /** The UTC day of the daily challenge being played, or null for the normal game. */
  readonly dailyDay: string | null;
  /** The page's language now (English when absent). */
  readonly lang?: () => Lang;
}

const words = speaker(EN_SHARE);

/** Larger than any record file (200,000 moves is about 200 kB): refuse before reading it. */
const MAX_IMPORT_BYTES = 1_000_000;

/** The address of a replay on this page, from its link code: `…/index.html#g=CODE`. */
export function shareLink(href: string, code: string): string {
  const url = new URL(href);
  url.search = '';
  url.hash = `g=${code}`;
  return url.href;
}

/** Records and links are needed only when a game is shared, exported or opened: loaded then. */
const records = (): Promise<typeof import('../replay/record')> => import('../replay/record');

/** Parses what a player typed as a seed; a message when it is not one. */
export function parseSeed(text: string, lang: Lang = ENGLISH): { ok: true; seed: number } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: words(lang)('seed.empty') };
  const n = /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!isValidSeed(n)) return { ok: false, error: words(lang)('seed.bad') };
  return { ok: true, seed: n };
}

export interface Share {
  /** Copies a link to this game (or shows it to copy by hand). */
  share(): Promise<void>;
  /** Opens the More sheet. */
  openMore(): Promise<void>;
  /** Opens the replay in the address's `#g=`, if there is one. */
  openFromHash(): Promise<void>;
  dispose(): void;
}

type Words = ReturnType<typeof words>;

/** The Share button: copies a link to this game, says so on the button for a moment, or shows the link to copy by hand. */
function linkSharing(life: Lifetime, { doc, store, say, focusGame }: ShareOptions, t: Words): () => Promise<void> {
  const win = doc.defaultView as Window;
  const shareButton = byId<HTMLButtonElement>(doc, 'share');
  const shareDialog = byId<HTMLDialogElement>(doc, 'share-dialog');
  const shareField = byId<HTMLInputElement>(doc, 'share-link');
  let resetLabel: (() => void) | null = null;
  // A bubble by the button says so for a moment (the button may show only its icon); the live region says it in words.
  const showCopied = (): void => {
    shareButton.dataset.copied = t('share.copied');
    resetLabel?.();
    resetLabel = life.timeout(() => {
      delete shareButton.dataset.copied;
      resetLabel = null;
    }, 2000);
  };
  life.listen(shareField, 'focus', () => shareField.select());
  return async () => {
    const { game } = store.getState();
    const { encodeRecord, recordOf } = await records();
    const link = shareLink(win.location.href, encodeRecord(recordOf(game)));
    try {
      await win.navigator.clipboard.writeText(link);
      showCopied();
      say(t('share.saidCopied', { n: game.record.length, score: game.score }));
    } catch {
      // No clipboard (insecure page, permission refused): let the player copy it by hand.
      shareField.value = link;
      const shown = ask(shareDialog, { lightDismiss: true });
      shareField.focus();
      shareField.select();
      await shown;
      focusGame();
    }
  };
}

/** A game file: this game exported, or one chosen with the file input opened in the replay viewer. */
function gameFiles(life: Lifetime, { doc, store, viewer, notify, say }: ShareOptions, t: Words) {
  const fileInput = byId<HTMLInputElement>(doc, 'import-file');
  const importFile = async (): Promise<void> => {
    const file = fileInput.files?.[0];
    fileInput.value = '';
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) return notify({ message: t('share.tooLarge') });
    let text: string;
    try {
      text = await file.text();
    } catch {
      return notify({ message: t('share.unreadable') });
    }
    const parsed = (await records()).recordFromJson(text);
    if (!parsed.ok) return notify({ message: t('share.cannotOpen', { why: parsed.error }) });
    await (await viewer()).open(parsed.value);
  };
  life.listen(fileInput, 'change', () => void importFile());
  return {
    async exportGame(): Promise<void> {
      const { recordOf, recordToJson } = await records();
      const record = recordOf(store.getState().game);
      downloadJson(doc, recordFileName(record), recordToJson(record));
      say(t('share.exported', { n: record.moves.length }));
    },
    chooseFile: () => fileInput.click(),
  };
}

/** The seed dialog: a new game with a chosen seed, asked for (and checked) in a form whose Enter means Start. */
function seedAsking(life: Lifetime, options: ShareOptions, t: Words, lang: () => Lang): () => Promise<void> {
  const { doc, store } = options;
  const seedDialog = byId<HTMLDialogElement>(doc, 'seed-dialog');
  const seedInput = byId<HTMLInputElement>(doc, 'seed-input');
  const seedError = byId<HTMLElement>(doc, 'seed-error');
  const seedForm = seedDialog.querySelector('form') as HTMLFormElement;
  const startButton = seedDialog.querySelector<HTMLButtonElement>('button[value="start"]') as HTMLButtonElement;
  const showSeedError = (error: string): void => {
    seedError.textContent = error;
    seedInput.setAttribute('aria-invalid', String(error !== ''));
  };
  life.listen<SubmitEvent>(seedForm, 'submit', (event) => {
    if (event.submitter !== startButton) return;
    const parsed = parseSeed(seedInput.value, lang());
    if (!parsed.ok) {
      event.preventDefault();
      showSeedError(parsed.error);
      seedInput.focus();
    }
  });
  // Enter in the field means Start (the form's first button is Cancel).
  life.listen<KeyboardEvent>(seedInput, 'keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    seedForm.requestSubmit(startButton);
  });
  life.listen(seedInput, 'input', () => showSeedError(''));
  return async () => {
    showSeedError('');
    seedInput.value = String(store.getState().game.seed);
    const answer = await ask(seedDialog);
    const parsed = parseSeed(seedInput.value);
    if (answer !== 'start' || !parsed.ok || !(await options.requestNewGame({ seed: parsed.seed }))) return options.focusGame();
    options.say(t('seed.said', { seed: String(parsed.seed) }));
  };
}

/** The "More" sheet: this game's seed, export and import, a chosen seed, and the way to (or back from) the daily challenge. */
function moreSheet(
  { doc, store, dailyDay, focusGame }: ShareOptions,
  t: Words,
  choices: { askSeed: () => Promise<void>; exportGame: () => Promise<void>; chooseFile: () => void },
): () => Promise<void> {
  const win = doc.defaultView as Window;
  const moreDialog = byId<HTMLDialogElement>(doc, 'more-dialog');
  const dailyEntry = moreDialog.querySelector<HTMLButtonElement>('[data-menu="daily"]');
  if (dailyEntry) dailyEntry.textContent = t(dailyDay ? 'more.back' : 'more.daily');
  // Today's challenge is today's seed only: a chosen seed belongs to the normal game.
  const seedEntry = moreDialog.querySelector<HTMLButtonElement>('button[value="seed"]');
  if (seedEntry) seedEntry.hidden = dailyDay !== null;
  return async () => {
    const { game } = store.getState();
    const seedNote = moreDialog.querySelector<HTMLElement>('[data-fill="seed"]');
    if (seedNote) seedNote.textContent = t('more.this', { size: game.size, seed: String(game.seed), n: game.record.length });
    if (dailyEntry) dailyEntry.textContent = t(dailyDay ? 'more.back' : 'more.daily');
    const answer = await ask(moreDialog, { lightDismiss: true });
    if (answer === 'seed') return choices.askSeed();
    if (answer === 'export') await choices.exportGame();
    else if (answer === 'import') choices.chooseFile();
    else if (answer === 'daily') return win.location.assign(dailyHref(win.location.href, dailyDay === null));
    focusGame();
  };
}

/** Opens the replay in the address's `#g=` link, then clears the address; a bad link is only described. */
function hashOpening({ doc, viewer, notify, focusGame }: ShareOptions, lang: () => Lang): () => Promise<void> {
  const win = doc.defaultView as Window;
  const clearHash = (): void => win.history.replaceState(win.history.state, '', `${win.location.pathname}${win.location.search}`);
  return async () => {
    const hash = win.location.hash.slice(1);
    if (!new URLSearchParams(hash).has('g')) return;
    const [{ codeFromLink }, { openReplayCode }, shown] = await Promise.all([records(), import('./replay-viewer'), viewer()]);
    const outcome = openReplayCode(shown, codeFromLink(hash), lang());
    if (!outcome.ok) {
      clearHash();
      notify({ message: outcome.error });
      return;
    }
    void outcome.shown.then(() => {
      clearHash();
      if (!doc.querySelector('dialog[open]')) focusGame();
    });
  };
}

export function createShare(options: ShareOptions): Share {
  const lang = options.lang ?? ((): Lang => ENGLISH);
  const t: Words = (key, ...params) => words(lang())(key, ...params);
  const life = createLifetime();
  const files = gameFiles(life, options, t);
  return {
    share: linkSharing(life, options, t),
    openMore: moreSheet(options, t, { askSeed: seedAsking(life, options, t, lang), ...files }),
    openFromHash: hashOpening(options, lang),
    dispose: () => life.end(),
  };
}
