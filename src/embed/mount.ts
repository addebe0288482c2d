/**
 * An embedded game: its own store, skin, score bar, overlays and input, all inside one
 * shadow root, wired from the same parts as the game page (src/ui, src/input, src/skins).
 * A good guest: no global styles, nothing on <body>, no document or window listeners in
 * "focus" mode beyond a gamepad while the game has focus, and `destroy()` takes everything
 * back (DOM, listeners, observers, frames, the WebGL context).
 */
import type { Direction } from '../engine';
import type { Detach } from '../input';
import { attachGamepadOnDemand, attachKeyboard, attachSwipe, queueCommands } from '../input';
import { loadSkin } from '../skins/load';
import type { SkinOptions } from '../skins/skin';
import { createGameStore } from '../store';
import type { GameStore } from '../store';
import type { GameView } from '../store/types';
import { mountA11yGrid } from '../ui/a11y-grid';
import { createAnnouncer, describeChange } from '../ui/announce';
import { gameAtStake, gameEndsLine } from '../ui/at-stake';
import { mountHud } from '../ui/hud';
import { createSkinHost } from '../ui/skin-host';
import type { EmbedSkin, GameEventMap, GameEventName, GameSnapshot, KeyboardScope, LiveOptions, MountOptions, ResolvedOptions, ThemeChoice } from './options';
import { checkDirection, checkKeyboard, checkSeed, checkSize, checkSkin, checkTheme, problemLine, quote, resolveOptions } from './options';
import type { Extras } from './extras';
import { snapshotOf } from './snapshot';
import { claimStorage } from './storage';
import { adoptStyles, buildView } from './view';

/** What `mountGame` returns: the game, driven and observed from the host page. */
export interface GameHandle {
  /** Resolves with the skin shown once the first board is drawn (flat when cubes cannot run here). */
  readonly ready: Promise<EmbedSkin>;
  /** The skin showing now; null until the first one is mounted. */
  readonly skin: EmbedSkin | null;
  /** The game now, as plain frozen data. */
  getState(): GameSnapshot;
  /** Calls `listener` after every change of the game, best score or undo; returns an unsubscribe function. */
  subscribe(listener: (state: GameSnapshot) => void): () => void;
  /** Plays a move; returns whether it changed the board. */
  move(dir: Direction): boolean;
  /** Takes back the last move; false when there is nothing to undo. */
  undo(): boolean;
  /** Starts a new game at once (no question asked), optionally with another size or a seed. */
  newGame(options?: { readonly size?: number; readonly seed?: number }): void;
  /** Switches the board's look; the game goes on. Resolves with the skin shown. */
  setSkin(name: EmbedSkin): Promise<EmbedSkin>;
  /** Changes the theme, reduced motion or keyboard scope of the running game. */
  setOptions(options: LiveOptions): void;
  /** Removes the game and everything it made; the handle then does nothing. */
  destroy(): void;
}

export interface StartParams {
  /** The shadow root the game fills. */
  readonly shadow: ShadowRoot;
  /** Where `cube2048:*` events are dispatched (the host element). */
  readonly events: EventTarget;
  readonly options: ResolvedOptions;
  /** What was wrong with the options, told in one console line. */
  readonly problems: readonly string[];
  /** Runs last in `destroy()`, to remove what the caller made. */
  readonly onDestroy?: () => void;
}

const isElement = (el: unknown): el is HTMLElement =>
  typeof el === 'object' && el !== null && (el as Node).nodeType === 1 && typeof (el as HTMLElement).attachShadow === 'function';

/**
 * Mounts a game in `el`: a `<div data-cube2048>` with a shadow root is appended to it, and
 * `destroy()` removes it again. Bad options are reported in one console line and replaced
 * by their defaults.
 */
export function mountGame(el: HTMLElement, options?: MountOptions): GameHandle {
  if (!isElement(el)) throw new TypeError(`cube2048: mountGame needs an element to draw in (for example document.querySelector('#game')), not ${quote(el)}`);
  const checked = resolveOptions(options);
  const wrapper = el.ownerDocument.createElement('div');
  wrapper.setAttribute('data-cube2048', '');
  const shadow = wrapper.attachShadow({ mode: 'open' });
  el.append(wrapper);
  return startGame({ shadow, events: el, options: checked.value, problems: checked.problems, onDestroy: () => wrapper.remove() });
}

/** A saved game is resumed unless the host asked for another size or seed. */
function startAsAsked(store: GameStore, size: number | undefined, seed: number | undefined): void {
  if (size === undefined && seed === undefined) return;
  const { game } = store.getState();
  const wanted = size ?? game.size;
  if (game.size !== wanted || (seed !== undefined && game.seed !== seed)) store.getState().newGame({ size: wanted, ...(seed !== undefined ? { seed } : {}) });
}

type Emitted = { [K in GameEventName]: readonly [K, GameEventMap[K]] }[GameEventName];

/** The events one change of the store gives rise to. */
function eventsFor(next: GameView, previous: GameView, state: GameSnapshot): Emitted[] {
  const { change } = next;
  if (change === previous.change || change.kind !== 'move' || !change.report) return [];
  const { dir, gained } = change.report;
  const out: Emitted[] = [['move', { state, dir, gained }]];
  if (gained > 0) out.push(['score', { state, gained }]);
  if (next.game.status === 'won' && previous.game.status !== 'won') out.push(['won', { state }]);
  if (next.game.status === 'over' && previous.game.status !== 'over') out.push(['over', { state }]);
  return out;
}

const narrowSkin = (name: string | null): EmbedSkin | null => (name === 'cubes' || name === 'flat' ? name : null);

/** Builds a game inside `shadow`; used by `mountGame`, `<cube-2048>` and the iframe page. */
export function startGame({ shadow, events, options, problems, onDestroy }: StartParams): GameHandle {
  const doc = shadow.ownerDocument;
  const win = doc.defaultView;
  if (!win) throw new Error('cube2048: the game can only be mounted in a document shown in a window');
  const line = problemLine(problems);
  if (line) console.error(line);

  const claim = claimStorage(win, options.storage);
  if (claim.problem) console.warn(claim.problem);
  const store = createGameStore({ storage: claim.storage, keyPrefix: claim.prefix, size: options.size, seed: options.seed });
  startAsAsked(store, options.size, options.seed);
  const act = (): ReturnType<GameStore['getState']> => store.getState();

  const view = buildView(doc);
  const unadopt = adoptStyles(shadow);
  shadow.append(view.root);
  const cleanups: (() => void)[] = [];
  let destroyed = false;
  let theme: ThemeChoice = options.theme;
  let reducedMotion = options.reducedMotion;
  let keyboard: KeyboardScope = options.keyboard;

  const motionReduced = (): boolean => reducedMotion ?? win.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const skinOptions = (): SkinOptions => ({ theme: theme === 'auto' ? undefined : theme, reducedMotion });
  const paint = (): void => {
    view.root.dataset.theme = theme;
    view.root.dataset.motion = reducedMotion === undefined ? 'auto' : reducedMotion ? 'reduce' : 'full';
  };
  paint();

  // Notices, overlays and the new-game question load on first use (see extras.ts).
  let extras: Extras | null = null;
  let loadingExtras: Promise<Extras | null> | null = null;
  const needExtras = (): Promise<Extras | null> =>
    (loadingExtras ??= import('./extras').then(
      ({ mountExtras }) => {
        if (destroyed) return null;
        extras = mountExtras({ shadow, store, notices: view.notices, stage: view.stage, actions: overlayActions });
        return extras;
      },
      (error: unknown) => {
        // A host offline since the page loaded: say so once, and try again next time.
        console.warn('cube2048: could not load the game’s dialogs and notices', error);
        loadingExtras = null;
        return null;
      },
    ));
  const extrasWanted = ({ game, notices }: GameView): boolean => game.status === 'won' || game.status === 'over' || notices.length > 0;
  const overlayActions = {
    // Closing the overlays is part of destroy(); that answer must not change the saved game.
    keepGoing: () => {
      if (!destroyed) act().keepGoing();
    },
    newGame: () => {
      if (!destroyed) act().newGame();
    },
    undo: () => {
      if (!destroyed) act().undo();
    },
    focusGame: () => focusGame(),
    // The final move's slide and pop play before the board is covered (as on the game page).
    delay: () => (motionReduced() ? 0 : 350),
  };
  if (extrasWanted(act())) void needExtras();

  let markReady: (skin: EmbedSkin) => void = () => undefined;
  const ready = new Promise<EmbedSkin>((resolve) => (markReady = resolve));
  const skins = createSkinHost(view.board, store, {
    load: loadSkin,
    options: skinOptions,
    onFallback: (reason) => void needExtras().then((x) => x?.add({ message: reason })),
    onFirstBoard: () => markReady(narrowSkin(skins.current) ?? 'flat'),
  });
  cleanups.push(() => skins.dispose());
  void skins.show(options.skin);

  /** Focus returns to the board only from inside the game (or from nowhere), never from the host page's controls. */
  const focusGame = (): void => {
    const active = doc.activeElement;
    if (!destroyed && (active === null || active === doc.body || active === shadow.host)) view.game.focus({ preventScroll: true });
  };
  const playable = (): boolean => !destroyed && !extras?.covering();

  async function requestNewGame(): Promise<void> {
    if (gameAtStake(act())) {
      const text = { title: 'Start a new game?', message: gameEndsLine(act().game.score), confirm: 'New game', cancel: 'Keep playing' };
      const asked = await needExtras();
      // Without the question (its module could not load), the game is kept rather than lost unasked.
      const ok = (await asked?.confirm(text)) ?? false;
      if (destroyed) return;
      if (!ok) return focusGame();
    }
    act().newGame();
    focusGame();
  }

  // What the keyboard, swipes, gamepads and buttons drive: paced, and held while an overlay asks something.
  const commands = queueCommands({
    move: (dir) => {
      if (playable()) act().move(dir);
    },
    undo: () => {
      if (playable()) act().undo();
    },
    newGame: () => {
      if (playable()) void requestNewGame();
    },
  });
  cleanups.push(commands.dispose);

  cleanups.push(mountHud({ score: view.score, best: view.best, moves: view.moves, scoreCard: view.scoreCard, undo: view.undo }, store, { reducedMotion: motionReduced }));
  cleanups.push(mountA11yGrid(view.game, store));
  // Screen readers hear each change; listeners and the host hear about it once the store is done.
  const announcer = createAnnouncer(view.live);
  const label = (size: number): void => view.game.setAttribute('aria-label', `Game board, ${size} by ${size}`);
  label(act().game.size);
  let snapshot = snapshotOf(act());
  const listeners = new Set<(state: GameSnapshot) => void>();
  const safely = (run: () => void): void => {
    try {
      run();
    } catch (error) {
      // A host's listener that throws is its bug: reported like any uncaught error, and the game goes on.
      win.reportError(error);
    }
  };
  const emit = ([name, detail]: Emitted): void => {
    const callback = options.on[name] as ((d: typeof detail) => void) | undefined;
    if (callback) safely(() => callback(detail));
    events.dispatchEvent(new CustomEvent(`cube2048:${name}`, { detail, bubbles: true, composed: true }));
  };
  cleanups.push(
    store.subscribe((next, previous) => {
      if (!loadingExtras && extrasWanted(next)) void needExtras();
      const words = describeChange(next, previous);
      if (words) announcer.say(words);
      if (next.game.size !== previous.game.size) label(next.game.size);
      if (next.game === previous.game && next.best === previous.best && next.canUndo === previous.canUndo) return;
      const state = snapshotOf(next);
      snapshot = state;
      const fired = eventsFor(next, previous, state);
      // After the store's own listeners (skins) have seen the change: a host that moves from a listener never reorders frames.
      queueMicrotask(() => {
        if (destroyed) return;
        for (const listener of [...listeners]) safely(() => listener(state));
        for (const event of fired) emit(event);
      });
    }),
  );

  // Keys: on the game itself ("focus") or on its document ("page"); a gamepad only while the game may take input.
  let detachKeys: Detach = () => undefined;
  let detachPad: Detach | null = null;
  const padOn = (): void => {
    detachPad ??= attachGamepadOnDemand(win, commands);
  };
  const padOff = (): void => {
    detachPad?.();
    detachPad = null;
  };
  const onFocusIn = (): void => padOn();
  const onFocusOut = (event: FocusEvent): void => {
    if (keyboard === 'focus' && !view.root.contains(event.relatedTarget as Node | null)) padOff();
  };
  const bindKeys = (): void => {
    detachKeys();
    padOff();
    detachKeys = attachKeyboard(view.root, commands, { scope: keyboard });
    if (keyboard === 'page' || view.root.matches(':focus-within')) padOn();
  };
  bindKeys();
  view.root.addEventListener('focusin', onFocusIn);
  view.root.addEventListener('focusout', onFocusOut);
  cleanups.push(() => {
    detachKeys();
    padOff();
    view.root.removeEventListener('focusin', onFocusIn);
    view.root.removeEventListener('focusout', onFocusOut);
  });
  cleanups.push(attachSwipe(view.board, commands));

  const onNewGameClick = (): void => commands.newGame();
  const onUndoClick = (): void => commands.undo();
  view.newGame.addEventListener('click', onNewGameClick);
  view.undo.addEventListener('click', onUndoClick);
  cleanups.push(() => {
    view.newGame.removeEventListener('click', onNewGameClick);
    view.undo.removeEventListener('click', onUndoClick);
  });

  const complain = (call: string, issues: readonly string[]): boolean => {
    if (issues.length > 0) console.error(`cube2048: ${call}: ${issues.join('; ')}.`);
    return issues.length > 0;
  };

  return {
    ready,
    get skin() {
      return narrowSkin(skins.current);
    },
    getState: () => snapshot,
    subscribe(listener) {
      if (typeof listener !== 'function') throw new TypeError(`cube2048: subscribe needs a function, not ${quote(listener)}`);
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    move(dir) {
      const checked = checkDirection(dir);
      if (complain('move', checked.problems) || destroyed || checked.value === null) return false;
      return act().move(checked.value);
    },
    undo: () => !destroyed && act().undo(),
    newGame(request = {}) {
      const size = request.size === undefined ? { value: undefined, problems: [] } : checkSize(request.size);
      const seed = request.seed === undefined ? { value: undefined, problems: [] } : checkSeed(request.seed);
      complain('newGame', [...size.problems, ...seed.problems]);
      if (destroyed) return;
      act().newGame({ ...(size.value !== undefined ? { size: size.value } : {}), ...(seed.value !== undefined ? { seed: seed.value } : {}) });
    },
    async setSkin(name) {
      const checked = checkSkin(name);
      if (complain('setSkin', checked.problems) || destroyed) return narrowSkin(skins.current) ?? checked.value;
      return narrowSkin(await skins.show(checked.value)) ?? checked.value;
    },
    setOptions(patch) {
      const issues: string[] = [];
      if (patch.theme !== undefined) {
        const checked = checkTheme(patch.theme);
        issues.push(...checked.problems);
        if (checked.problems.length === 0) theme = checked.value;
      }
      if ('reducedMotion' in patch) {
        if (patch.reducedMotion === undefined || typeof patch.reducedMotion === 'boolean') reducedMotion = patch.reducedMotion;
        else issues.push(`option reducedMotion ${quote(patch.reducedMotion)} is not true, false or undefined`);
      }
      const keysBefore = keyboard;
      if (patch.keyboard !== undefined) {
        const checked = checkKeyboard(patch.keyboard);
        issues.push(...checked.problems);
        if (checked.problems.length === 0) keyboard = checked.value;
      }
      complain('setOptions', issues);
      if (destroyed) return;
      paint();
      skins.update(skinOptions());
      if (keyboard !== keysBefore) bindKeys();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      extras?.dispose();
      for (const cleanup of cleanups.reverse()) cleanup();
      listeners.clear();
      store.destroy();
      claim.release();
      view.root.remove();
      unadopt();
      onDestroy?.();
    },
  };
}
