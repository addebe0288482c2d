/**
 * `cube2048 play`: the game in a terminal. Wires the store (unchanged, saving to files
 * under the XDG state directory), the terminal skin and the keyboard, and owns the
 * terminal's modes: whatever way the game ends, the terminal is given back as it was.
 */
import type { Dimensions } from '../engine';
import { DEFAULT_SIZE, MAX_CUBE_SIZE, MAX_SEED, MAX_SIZE, MIN_SIZE, seedFromText } from '../engine';
import type { GameMode } from '../history/entry';
import type { GameMeta } from '../history/keep';
import { entryOf, historyEffect, idOfGame, metaFits, startMeta, tickMeta } from '../history/keep';
import { terminalLocale } from '../i18n/choose';
import type { Lang, Speak } from '../i18n/core';
import { speaker } from '../i18n/core';
import { EN_TERMINAL } from '../i18n/en/terminal';
import { loadLang } from '../i18n/load';
import { noticeText } from '../i18n/notice';
import type { GameStore, GameView, Notice, ReadonlyStore, StorageLike } from '../store';
import { createGameStore, DEFAULT_KEY_PREFIX, storageKeysFor } from '../store';
import type { StorageKeys } from '../store/persistence';
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
import type { Replacement } from '../game-ui/replace';
import { replaceGame } from '../game-ui/replace';

const HELP = `Usage: cube2048 play [--size N] [--dimensions 3] [--seed S] [--new]

Plays 2048 in this terminal. The game in progress and the best score are saved after
every move in $XDG_STATE_HOME/cube2048/ (by default ~/.local/state/cube2048/), so the
next "cube2048 play" continues where you left off. Each finished game (and each game of
10 moves or more, or a won one, left for a new one) is kept in history.jsonl there:
"cube2048 stats" shows what they add up to.

Keys:
${keysHelp()}

Options:
  --size N        board size, ${MIN_SIZE} to ${MAX_SIZE}, a cube's ${MIN_SIZE} to ${MAX_CUBE_SIZE} (starts a new game; default ${DEFAULT_SIZE})
  --dimensions D  3 plays on a cube: N×N×N, its layers side by side, with keys for in and
                  out; 2 on a square (starts a new game; default 2)
  --seed S        start a new game from seed S: a number from 0 to ${MAX_SEED}, or any word
  --new           start a new game instead of continuing the saved one
  -h, --help      show this help

A new game over a saved one with moves to lose (--size, --dimensions, --seed or --new)
asks first.

Colours follow the terminal: 24-bit with COLORTERM=truecolor, 256 colours with a
TERM ending in 256color, none with NO_COLOR set or TERM=dumb.
`;

const OPTIONS = [{ name: 'size', value: 'N' }, { name: 'dimensions', value: 'D' }, { name: 'seed', value: 'S' }, { name: 'new' }];

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

interface PlayOptions {
  readonly size: number | undefined;
  readonly dimensions: Dimensions | undefined;
  readonly seed: number | undefined;
  readonly fresh: boolean;
}

/** What the command line asks for; any of --size, --dimensions, --seed or --new starts a fresh game. */
function playOptions(args: readonly string[]): PlayOptions {
  const parsed = parseArgs(args, OPTIONS);
  noPositionals(parsed);
  const dimensions = intOption(parsed, 'dimensions', 2, 3) as Dimensions | undefined;
  const size = intOption(parsed, 'size', MIN_SIZE, dimensions === 3 ? MAX_CUBE_SIZE : MAX_SIZE);
  const seed = seedOption(parsed.options.get('seed'));
  const fresh = Boolean(parsed.options.get('new')) || size !== undefined || dimensions !== undefined || seed !== undefined;
  return { size, dimensions, seed, fresh };
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
    const { size, dimensions, seed, fresh } = playOptions(args);
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

    // The saved game is read first: a fresh start replaces it like the new-game key does, asking first when it is at stake.
    const store: GameStore = createGameStore({
      storage,
      ...(size !== undefined ? { size } : {}),
      ...(dimensions !== undefined ? { dimensions } : {}),
      ...(seed !== undefined ? { seed } : {}),
    });
    const historyFile = directory ? openHistoryFile(directory) : null;
    const recorder = historyFile
      ? recordHistory(
          store,
          historyFile,
          fresh && seed !== undefined ? 'seeded' : 'normal',
          t('term.cannotKeepHistory', { file: historyFile.path }),
        )
      : null;
    const describeNotice = noticeWords(t, lang, directory, keys, recorder?.notices ?? []);

    const terminal = takeTerminal(io);
    const skin = createTerminalSkin({ mode: detectColorMode(io.env), keys: FRAME_KEYS, describeNotice, lang });
    const whereSaved = (): string => (unsaved() ? t('term.unsaved') : t('term.saved', { directory: directory ?? '' }));
    // A fresh start without --size or --dimensions is of the default size and a square, whatever the saved game's.
    const start = fresh ? { size: size ?? DEFAULT_SIZE, dimensions: dimensions ?? 2, seed } : null;
    return play({ io, store, skin, terminal, recorder, t, whereSaved }, start);
  },
};

/** Plays until a quit key, the end of input, a signal or a crash; resolves with the exit code. `start`: the game the command line asks for. */
function play(session: Session, start: Replacement | null): Promise<number> {
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
    const [press, replace] = keyHandler(session, () => finish(EXIT.ok, true));
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
    if (start) replace(start);
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

/**
 * What each key does; `quit` ends the game. Also returns what replaces the game (the new-game
 * key, a fresh start from the command line): through replace.ts, asking first on the prompt
 * line when the game is at stake; the next key answers.
 */
function keyHandler(
  { io, store, skin, recorder, t }: Session,
  quit: () => void,
): [press: (key: Key) => void, replace: (replacement: Replacement) => void] {
  let answer: ((yes: boolean) => void) | null = null;
  const confirm = (): Promise<boolean> =>
    new Promise((resolve) => {
      answer = resolve;
      skin.setPrompt(t('term.askNew'));
    });
  const replace = (replacement: Replacement): void => {
    skin.finish();
    void replaceGame(store, replacement, confirm);
  };
  const press = (key: Key): void => {
    const state = store.getState();
    const command = commandOfKey(key);
    if (command === 'quit') return quit();
    // Notices are read once: the next key dismisses them.
    for (const notice of state.notices) state.dismissNotice(notice.id);
    if (recorder) recorder.notices.length = 0;
    if (answer) {
      const answered = answer;
      answer = null;
      skin.setPrompt(null);
      return answered(answerOf(key) === 'yes');
    }
    switch (command) {
      case 'left':
      case 'right':
      case 'up':
      case 'down':
      case 'in':
      case 'out':
        skin.finish();
        state.move(command);
        break;
      case 'undo':
        skin.finish();
        state.undo();
        break;
      case 'newGame':
        replace({});
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
  return [press, replace];
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
function recordHistory(store: GameStore, file: HistoryFile, chosen: GameMode, unwritable: string): { notices: Notice[]; stop: () => void } {
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
  const first = store.getState().game;
  const saved = file.readMeta();
  const now = Date.now();
  // A continued game keeps its start and time played; the time between runs is not play. Without its meta (a save from before the history), it is a normal one starting now.
  let meta: GameMeta = saved && metaFits(saved, first) ? { ...saved, lastAt: now } : startMeta(first, 'normal', now);
  write(() => file.writeMeta(meta));
  /** The mode of the next new game: the command line's seed makes it 'seeded'; a new game from the keys is a normal one. */
  let nextMode = chosen;

  const stop = store.subscribe((state, previous) => {
    if (state.change.seq === previous.change.seq) return;
    const at = Date.now();
    const { kind } = state.change;
    if (kind === 'move') meta = tickMeta(meta, at);
    const effect = historyEffect(previous.game, state.game, kind);
    if (effect?.kind === 'keep') write(() => file.append(entryOf(effect.game, effect.end, meta, at)));
    if (effect?.kind === 'retract') write(() => file.retract(idOfGame(effect.game)));
    if (kind === 'new' || !metaFits(meta, state.game)) {
      meta = startMeta(state.game, kind === 'new' ? nextMode : 'normal', at);
      if (kind === 'new') nextMode = 'normal';
    }
    write(() => file.writeMeta(meta));
  });
  return { notices, stop };
}
