/**
 * `cube2048 play`: the game in a terminal. Wires the store (unchanged, saving to files
 * under the XDG state directory), the terminal skin and the keyboard, and owns the
 * terminal's modes: whatever way the game ends, the terminal is given back as it was.
 */
import { DEFAULT_SIZE, MAX_SEED, MAX_SIZE, MIN_SIZE, seedFromText } from '../engine';
import type { GameState } from '../engine';
import type { GameEnd, GameMode } from '../history/entry';
import { entryId } from '../history/entry';
import type { GameMeta } from '../history/keep';
import { entryOf, historyEffect, metaFits, startMeta, tickMeta } from '../history/keep';
import { terminalLocale } from '../i18n/choose';
import type { Lang, Speak } from '../i18n/core';
import { speaker } from '../i18n/core';
import { EN_TERMINAL } from '../i18n/en/terminal';
import { loadLang } from '../i18n/load';
import { noticeText } from '../i18n/notice';
import type { GameStore, GameView, Notice, ReadonlyStore, StorageLike } from '../store';
import { createGameStore, DEFAULT_KEY_PREFIX, storageKeysFor } from '../store';
import type { StorageKeys } from '../store/persistence';
import { decodeSave } from '../store/persistence';
import type { TerminalScreen, TerminalSkin } from '../skins/terminal';
import { createTerminalSkin, detectColorMode } from '../skins/terminal';
import { intOption, noPositionals, parseArgs } from './args';
import type { Command, CommandIO } from './command';
import { EXIT, UsageError } from './command';
import { createFileStorage, fileForKey, stateDirectory } from './file-storage';
import type { HistoryFile } from './history-file';
import { openHistoryFile } from './history-file';
import type { Key } from './keys';
import { decodeKeys } from './keys';
import { FRAME_KEYS, answerOf, commandOfKey, keysHelp } from './play-keys';

const HELP = `Usage: cube2048 play [--size N] [--seed S] [--new]

Plays 2048 in this terminal. The game in progress and the best score are saved after
every move in $XDG_STATE_HOME/cube2048/ (by default ~/.local/state/cube2048/), so the
next "cube2048 play" continues where you left off. Each finished game (and each game of
10 moves or more, or a won one, left for a new one) is kept in history.jsonl there:
"cube2048 stats" shows what they add up to.

Keys:
${keysHelp()}

Options:
  --size N   board size, ${MIN_SIZE} to ${MAX_SIZE} (starts a new game; default ${DEFAULT_SIZE})
  --seed S   start a new game from seed S: a number from 0 to ${MAX_SEED}, or any word
  --new      start a new game instead of continuing the saved one
  -h, --help show this help

Colours follow the terminal: 24-bit with COLORTERM=truecolor, 256 colours with a
TERM ending in 256color, none with NO_COLOR set or TERM=dumb.
`;

const OPTIONS = [{ name: 'size', value: 'N' }, { name: 'seed', value: 'S' }, { name: 'new' }];

/** ESC sequences the game sets and resets: alternate screen, hidden cursor, no line wrap. */
const ENTER_SCREEN = '\x1b[?1049h\x1b[?25l\x1b[?7l\x1b[2J';
const LEAVE_SCREEN = '\x1b[0m\x1b[?7h\x1b[?25h\x1b[?1049l';

/** Without a home directory there is nowhere to save: the store reports it and plays on in memory. */
const NO_HOME_STORAGE: StorageLike = {
  getItem: () => {
    throw new Error('no home directory');
  },
  setItem: () => {
    throw new Error('no home directory');
  },
  removeItem: () => {
    throw new Error('no home directory');
  },
};

function seedOption(raw: string | true | undefined): number | undefined {
  if (raw === undefined || raw === true) return undefined;
  if (/^\d+$/.test(raw)) {
    const n = Number(raw);
    if (n > MAX_SEED) throw new UsageError(`--seed must be at most ${MAX_SEED} (or a word), got "${raw}"`);
    return n;
  }
  return seedFromText(raw);
}

/** Puts the terminal in game mode; `restore` puts it back (once, whatever calls it). */
function takeTerminal(io: CommandIO): { restore: () => void } {
  io.stdin.setRawMode?.(true);
  io.stdout.write(ENTER_SCREEN);
  let restored = false;
  return {
    restore() {
      if (restored) return;
      restored = true;
      try {
        io.stdout.write(LEAVE_SCREEN);
      } catch {
        // The terminal may be gone (SIGHUP); there is nothing left to restore on it.
      }
      try {
        io.stdin.setRawMode?.(false);
      } catch {
        // Same: a hung-up terminal cannot take modes.
      }
      io.stdin.pause();
    },
  };
}

function screenOf(io: CommandIO): TerminalScreen {
  const out = io.stdout;
  return {
    get columns() {
      return out.columns || 80;
    },
    get rows() {
      return out.rows || 24;
    },
    write: (text) => void out.write(text),
    onResize(listener) {
      // Node turns SIGWINCH into 'resize' on a terminal stream. Clear first: the old frame
      // may sit where the re-centred one leaves blank cells.
      const onResize = (): void => {
        out.write('\x1b[2J');
        listener();
      };
      out.on('resize', onResize);
      return () => void out.removeListener('resize', onResize);
    },
  };
}

/** What the command line asks for; any of --size, --seed or --new starts a fresh game. */
function playOptions(args: readonly string[]): { size: number | undefined; seed: number | undefined; fresh: boolean } {
  const parsed = parseArgs(args, OPTIONS);
  noPositionals(parsed);
  const size = intOption(parsed, 'size', MIN_SIZE, MAX_SIZE);
  const seed = seedOption(parsed.options.get('seed'));
  const fresh = Boolean(parsed.options.get('new')) || size !== undefined || seed !== undefined;
  return { size, seed, fresh };
}

/** `files` as the store uses them, remembering a failure (the store then plays on in memory), so the goodbye never claims a save. */
function noteFailures(files: StorageLike): { storage: StorageLike; unsaved: () => boolean } {
  let unsaved = false;
  const noting = <T>(action: () => T): T => {
    try {
      return action();
    } catch (error) {
      unsaved = true;
      throw error;
    }
  };
  return {
    storage: {
      getItem: (key) => noting(() => files.getItem(key)),
      setItem: (key, value) => noting(() => files.setItem(key, value)),
      removeItem: (key) => noting(() => files.removeItem(key)),
    },
    unsaved: () => unsaved,
  };
}

type Say = Speak<typeof EN_TERMINAL>;

/** The words for a notice: the history's own as they are, the store's naming the files in `directory`. */
function noticeWords(t: Say, lang: Lang, directory: string | null, keys: StorageKeys, own: readonly Notice[]): (notice: Notice) => string {
  return (notice) => {
    if (own.includes(notice)) return notice.message;
    if (!directory) return notice.kind === 'storage-unavailable' ? t('term.noHome') : noticeText(notice, lang);
    const file = (key: string): string => fileForKey(directory, key);
    switch (notice.kind) {
      case 'corrupt-save':
        return t('term.corruptSave', { file: file(keys.game), kept: file(`${keys.game}:unreadable`) });
      case 'corrupt-best':
        return t('term.corruptBest', { file: file(keys.best), kept: file(`${keys.best}:unreadable`) });
      case 'storage-unavailable':
        return t('term.cannotSave', { directory });
      default:
        return noticeText(notice, lang);
    }
  };
}

/** One game in the terminal: what `run` set up, for the steps that play it and end it. */
interface Session {
  readonly io: CommandIO;
  readonly store: GameStore;
  readonly skin: TerminalSkin;
  readonly terminal: { restore(): void };
  readonly recorder: { readonly notices: Notice[]; stop(): void } | null;
  readonly t: Say;
  /** The goodbye's last words: where the game was saved, or that it was not. */
  readonly whereSaved: () => string;
}

export const playCommand: Command = {
  name: 'play',
  summary: 'play 2048 in this terminal (the game is saved between runs)',
  help: HELP,
  async run(args: readonly string[], io: CommandIO): Promise<number> {
    const { size, seed, fresh } = playOptions(args);
    if (!io.isTTY) {
      io.stderr.write('cube2048 play: needs an interactive terminal (standard input and output must both be a terminal).\n');
      return EXIT.usage;
    }

    const directory = stateDirectory(io.env);
    const keys = storageKeysFor(DEFAULT_KEY_PREFIX);
    const files = directory ? createFileStorage(directory) : NO_HOME_STORAGE;
    const { storage, unsaved } = noteFailures(files);
    // LC_ALL, LC_MESSAGES or LANG name the language; its words load before the first frame.
    const lang = await loadLang(terminalLocale(io.env));
    const t = speaker(EN_TERMINAL)(lang);

    // The game a fresh start replaces, read before the store overwrites it, so it can be kept as left.
    const replaced = fresh ? savedGame(files, keys.game) : null;
    const store: GameStore = createGameStore({
      storage,
      fresh,
      ...(size !== undefined ? { size } : {}),
      ...(seed !== undefined ? { seed } : {}),
    });
    const historyFile = directory ? openHistoryFile(directory) : null;
    const recorder = historyFile
      ? recordHistory(
          store,
          historyFile,
          { fresh, mode: seed !== undefined ? 'seeded' : 'normal', replaced },
          t('term.cannotKeepHistory', { file: historyFile.path }),
        )
      : null;
    const describeNotice = noticeWords(t, lang, directory, keys, recorder?.notices ?? []);

    const terminal = takeTerminal(io);
    const skin = createTerminalSkin({ mode: detectColorMode(io.env), keys: FRAME_KEYS, describeNotice, lang });
    const whereSaved = (): string => (unsaved() ? t('term.unsaved') : t('term.saved', { directory: directory ?? '' }));
    return play({ io, store, skin, terminal, recorder, t, whereSaved });
  },
};

/** Plays until a quit key, the end of input, a signal or a crash; resolves with the exit code. */
function play(session: Session): Promise<number> {
  const { io, store, skin, recorder } = session;
  return new Promise<number>((resolve) => {
    const stops: (() => void)[] = [];
    let finished = false;
    /** Ends the game: everything let go, the terminal restored, then a goodbye. */
    const finish = (code: number, farewell: boolean): void => {
      if (finished) return;
      finished = true;
      for (const stop of stops) stop();
      recorder?.stop();
      skin.dispose();
      store.destroy();
      session.terminal.restore();
      if (farewell) io.stdout.write(goodbye(session));
      resolve(code);
    };
    stops.push(onEndings(io, finish));
    const press = keyHandler(session, () => finish(EXIT.ok, true));
    const onData = (chunk: Buffer | string): void => {
      for (const key of decodeKeys(typeof chunk === 'string' ? chunk : chunk.toString('utf8'))) {
        if (finished) return;
        press(key);
      }
    };
    const onEnd = (): void => finish(EXIT.ok, true);
    io.stdin.on('data', onData);
    io.stdin.on('end', onEnd);
    stops.push(() => {
      io.stdin.removeListener('data', onData);
      io.stdin.removeListener('end', onEnd);
    });
    io.stdin.resume();

    skin.mount(screenOf(io), recorder ? withNotices(store, recorder.notices) : store);
  });
}

/** The line printed after the terminal is restored: the score, the best, and where the game was saved. */
function goodbye({ store, t, whereSaved }: Session): string {
  const { game, best } = store.getState();
  return `${t('term.bye', { score: game.score, best, n: game.record.length })} ${whereSaved()}\n`;
}

/** A signal or a crash restores the terminal before the process ends; returns a function that stops listening. */
function onEndings(io: CommandIO, finish: (code: number, farewell: boolean) => void): () => void {
  const onSignal = (code: number) => (): void => {
    finish(code, false);
    io.exit(code);
  };
  const stops = [
    io.onSignal('SIGTERM', onSignal(143)),
    io.onSignal('SIGHUP', onSignal(129)),
    io.onSignal('SIGINT', onSignal(130)),
    io.onFatal(() => finish(EXIT.failure, false)),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/** What each key does; `quit` ends the game. A new game while one is under way asks first. */
function keyHandler({ io, store, skin, recorder, t }: Session, quit: () => void): (key: Key) => void {
  let asking = false;
  const ask = (on: boolean): void => {
    asking = on;
    skin.setPrompt(on ? t('term.askNew') : null);
  };
  return (key) => {
    const state = store.getState();
    const command = commandOfKey(key);
    if (command === 'quit') return quit();
    // Notices are read once: the next key dismisses them.
    for (const notice of state.notices) state.dismissNotice(notice.id);
    if (recorder) recorder.notices.length = 0;
    if (asking) {
      if (answerOf(key) === 'yes') {
        skin.finish();
        state.newGame();
      }
      return ask(false);
    }
    switch (command) {
      case 'left':
      case 'right':
      case 'up':
      case 'down':
        skin.finish();
        state.move(command);
        break;
      case 'undo':
        skin.finish();
        state.undo();
        break;
      case 'newGame':
        // Nothing to lose at game over or before the first move: no question then.
        if (state.game.status === 'over' || state.game.record.length === 0) state.newGame();
        else ask(true);
        break;
      case 'keepGoing':
        if (state.game.status === 'won') state.keepGoing();
        break;
      case 'finish':
        skin.finish();
        break;
      case 'redraw':
        // Clear and draw again, for a screen another program scribbled on.
        io.stdout.write('\x1b[2J');
        skin.redraw();
        break;
    }
  };
}

/** The game saved by an earlier run, or null when there is none (or it cannot be read: the store reports that). */
function savedGame(files: StorageLike, key: string): GameState | null {
  try {
    const text = files.getItem(key);
    const loaded = text === null ? null : decodeSave(text);
    return loaded?.ok ? loaded.value.game : null;
  } catch {
    return null;
  }
}

/** The store as the skin sees it, with the history's own notices after the store's (the store takes none from outside). */
function withNotices(store: GameStore, extra: readonly Notice[]): ReadonlyStore<GameView> {
  const view = (state: GameView): GameView => (extra.length === 0 ? state : { ...state, notices: [...state.notices, ...extra] });
  return {
    getState: () => view(store.getState()),
    subscribe: (listener) => store.subscribe((state, previous) => listener(view(state), view(previous))),
  };
}

/**
 * Keeps the games of this run in the history file, by the rule every front end shares
 * (historyEffect), and the game in progress's meta beside it so a later run continues its
 * clock. Subscribed before the skin, so a notice it raises is in the frame drawn for the
 * same change. A failed write is told once and the game plays on.
 */
function recordHistory(
  store: GameStore,
  file: HistoryFile,
  start: { fresh: boolean; mode: GameMode; replaced: GameState | null },
  unwritable: string,
): { notices: Notice[]; stop: () => void } {
  const notices: Notice[] = [];
  let told = false;
  const write = (action: () => void): void => {
    try {
      action();
    } catch {
      if (told) return;
      told = true;
      notices.push({ id: -1, kind: 'storage-unavailable', message: unwritable });
    }
  };
  const keep = (game: GameState, end: GameEnd, meta: GameMeta, now: number): void =>
    write(() => file.append(entryOf(game, end, meta, now)));

  const first = store.getState().game;
  const saved = file.readMeta();
  const now = Date.now();
  if (start.replaced) {
    const effect = historyEffect(start.replaced, first, 'new');
    // Without its meta (a save from before the history), the game is kept as a normal one ending now.
    if (effect?.kind === 'keep') keep(effect.game, effect.end, saved ?? startMeta(effect.game, 'normal', now), now);
  }
  // A continued game keeps its start and time played; the time between runs is not play.
  let meta: GameMeta =
    !start.fresh && saved && metaFits(saved, first)
      ? { ...saved, lastAt: now }
      : startMeta(first, start.fresh ? start.mode : 'normal', now);
  write(() => file.writeMeta(meta));

  const stop = store.subscribe((state, previous) => {
    if (state.change.seq === previous.change.seq) return;
    const at = Date.now();
    const { kind } = state.change;
    if (kind === 'move') meta = tickMeta(meta, at);
    const effect = historyEffect(previous.game, state.game, kind);
    if (effect?.kind === 'keep') keep(effect.game, effect.end, meta, at);
    if (effect?.kind === 'retract') write(() => file.retract(entryId({ ...effect.game, moves: effect.game.record })));
    // A new game from the keys is a normal one: its seed was not chosen.
    if (kind === 'new' || kind === 'start' || !metaFits(meta, state.game)) meta = startMeta(state.game, 'normal', at);
    write(() => file.writeMeta(meta));
  });
  return { notices, stop };
}
