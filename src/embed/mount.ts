/**
 * An embedded game: its own store, skin, score bar, overlays and input, all inside one
 * shadow root, wired from the same parts as the game page (src/game-ui, src/input, src/skins).
 * A good guest: no global styles, nothing on <body>, no document or window listeners in
 * "focus" mode beyond a gamepad while the game has focus, and `destroy()` takes everything
 * back (DOM, listeners, observers, frames, the WebGL context).
 */
import { chooseLocale } from '../i18n/choose';
import type { Lang } from '../i18n/core';
import { ENGLISH } from '../i18n/core';
import { boardDirection } from '../input/view-direction';
import type { ViewName } from '../skins/looks';
import { NAMED_VIEWS, VIEW_COMMANDS } from '../skins/looks';
import { FALLBACK_SKIN } from '../skins/registry';
import type { SkinOptions } from '../skins/skin';
import { createGameStore } from '../store';
import type { GameStore, GameStoreState } from '../store';
import type { NotedChanges } from '../game-ui/history/noting';
import type { Lifetime } from '../game-ui/lifetime';
import { createLifetime } from '../game-ui/lifetime';
import { noteChanges } from '../game-ui/history/noting';
import { replaceGame } from '../game-ui/replace';
import { overlayDelay, startSession } from '../game-ui/session';
import type { SkinHost } from '../game-ui/skin-host';
import { createSkinHost } from '../game-ui/skin-host';
import { loadWhenWanted } from '../game-ui/when-wanted';
import type { Extras, ExtrasParams } from './extras';
import type { HostEvents } from './host-events';
import { createHostEvents } from './host-events';
import { attachEmbedKeys } from './keys';
import type { GameHandle } from './handle';
import type { EmbedSkin, LiveName, LiveOptions, MountOptions, ResolvedOptions } from './options';
import type { Problem } from './options';
import { checkDimensions, checkDirection, checkLiveOptions, checkSeed, checkSize, checkSkin, quote, resolveOptions } from './options';
import type { StorageClaim } from './storage';
import { claimStorage } from './storage';
import { tell } from './tell';
import type { EmbedView } from './view';
import { adoptStyles, buildView } from './view';

export interface StartParams {
  /** The shadow root the game fills. */
  readonly shadow: ShadowRoot;
  /** Where `cube2048:*` events are dispatched (the host element). */
  readonly events: EventTarget;
  readonly options: ResolvedOptions;
  /** What was wrong with the options, told in one console line. */
  readonly problems: readonly Problem[];
  /** Runs last in `destroy()`, to remove what the caller made. */
  readonly onDestroy?: () => void;
  /** Hears each language the game starts to speak (the iframe page marks its `<html>`). */
  readonly onLang?: (lang: Lang) => void;
}

const isElement = (el: unknown): el is HTMLElement =>
  typeof el === 'object' && el !== null && (el as Node).nodeType === 1 && typeof (el as HTMLElement).attachShadow === 'function';

/**
 * Mounts a game in `el`: a `<div data-cube2048>` with a shadow root is appended to it, and
 * `destroy()` removes it again. Bad options are reported in one console line and replaced
 * by their defaults.
 */
export function mountGame(el: HTMLElement, options?: MountOptions): GameHandle {
  if (!isElement(el)) throw new TypeError(`cube2048: mountGame needs an element, not ${quote(el)}`);
  const checked = resolveOptions(options);
  const wrapper = el.ownerDocument.createElement('div');
  wrapper.setAttribute('data-cube2048', '');
  const shadow = wrapper.attachShadow({ mode: 'open' });
  el.append(wrapper);
  return startGame({ shadow, events: el, options: checked.value, problems: checked.problems, onDestroy: () => wrapper.remove() });
}

/** The options that change while the game runs (LIVE_OPTIONS), as they stand now. */
type Live = Pick<ResolvedOptions, LiveName>;

/**
 * The store, saving under the storage key this game claimed, with the game the host asked for:
 * a saved game is resumed unless the host asked for another size or seed. With `history`, its
 * changes are noted from the start for the recorder (which loads later), so a saved game this
 * replaces is kept; the function returned hands them over.
 */
function openStore(
  claim: StorageClaim,
  { size, dimensions, seed, history }: ResolvedOptions,
  life: Lifetime,
): [GameStore, NotedChanges | null] {
  const store = createGameStore({ storage: claim.storage, keyPrefix: claim.prefix, size, dimensions, seed });
  life.own(store.destroy);
  const noted = history ? noteChanges(store, life) : null;
  const { game } = store.getState();
  const wanted = size ?? game.size;
  const shape = dimensions ?? game.board.dimensions;
  if (game.size !== wanted || game.board.dimensions !== shape || (seed !== undefined && game.seed !== seed))
    void replaceGame(store, { size: wanted, dimensions: shape, seed }, null);
  return [store, noted];
}

/** The game's markup and styles in the shadow root, until the game ends. */
function showView(shadow: ShadowRoot, life: Lifetime): EmbedView {
  const view = buildView(shadow.ownerDocument);
  life.own(adoptStyles(shadow));
  shadow.append(view.root);
  life.own(() => view.root.remove());
  return view;
}

/** What a skin is told of the live options; the view only as it starts (a running one is turned: `turnTo`). */
const skinOptionsOf = (live: Live): SkinOptions => ({
  theme: live.theme === 'auto' ? undefined : live.theme,
  reducedMotion: live.reducedMotion,
  look: live.look,
  turnable: live.turnable,
});

/** Turns the skin shown to a named view, and starts a skin shown later in it. */
function turnTo(skins: SkinHost, view: ViewName): void {
  skins.update({ view: NAMED_VIEWS[view] });
  skins.skin()?.turn?.(VIEW_COMMANDS[view]);
}

/** The theme and motion the stylesheet follows. */
function paint(root: HTMLElement, live: Live): void {
  root.dataset.theme = live.theme;
  root.dataset.motion = live.reducedMotion === undefined ? 'auto' : live.reducedMotion ? 'reduce' : 'full';
}

/** Notices, overlays and the new-game question (see extras.ts) load when first wanted (game-ui/when-wanted.ts). */
function extrasOnDemand(params: ExtrasParams, life: Lifetime): [need: () => Promise<Extras | null>, loaded: () => Extras | null] {
  let extras: Extras | null = null;
  const need = loadWhenWanted(params.store, () => import('./extras').then(({ mountExtras }) => (extras = mountExtras(params))), life);
  return [need, () => extras];
}

/**
 * The game's language: the `lang` option (`wanted`), else the browser's languages, matched to
 * one we speak; English until it has loaded (a chunk of its own; English needs none). Each
 * language it starts to speak marks the root's `lang` and `dir` (the board inside stays left
 * to right), rewrites the markup's words (`relabel` the rest) and is told to `onLang`. A
 * change resolves once its language is spoken (or has failed to load, or was asked away).
 */
function speaking(
  win: Window,
  view: EmbedView,
  life: Lifetime,
  wanted: () => Lang['locale'] | undefined,
  relabel: () => void,
  onLang?: (lang: Lang) => void,
): [lang: () => Lang, change: () => Promise<void>] {
  let spoken = ENGLISH;
  const locale = (): Lang['locale'] =>
    wanted() ?? chooseLocale(win.navigator.languages.length > 0 ? win.navigator.languages : [win.navigator.language]);
  const mark = (): void => {
    view.root.lang = spoken.locale;
    view.root.dir = spoken.dir;
    onLang?.(spoken);
  };
  const change = (): Promise<void> => {
    const asked = locale();
    if (asked === spoken.locale) return Promise.resolve(mark());
    return import('./speak')
      .then(({ speakIn }) => speakIn(asked, view, () => !life.ended && locale() === asked))
      .then(
        (loaded) => {
          if (!loaded) return;
          spoken = loaded;
          mark();
          relabel();
        },
        (error: unknown) => console.warn('cube2048: only English words', error),
      );
  };
  return [() => spoken, change];
}

/** The handle the host drives the game with: every call is checked, and does nothing once the game is destroyed. */
function handleOf(
  life: Lifetime,
  store: GameStore,
  skins: SkinHost,
  host: HostEvents,
  ready: Promise<EmbedSkin>,
  setLive: (patch: Partial<Live>) => void,
): GameHandle {
  return {
    ready,
    get skin() {
      return skins.current;
    },
    getState: host.snapshot,
    subscribe(listener) {
      if (typeof listener !== 'function') throw new TypeError(`cube2048: subscribe needs a function, not ${quote(listener)}`);
      return host.subscribe(listener);
    },
    move(dir) {
      // `in` and `out` on a cube alone. (Not the engine's `directionsFor`: with it the bundler splits the script-tag file in five.)
      const depth = store.getState().game.board.dimensions === 3 && (dir === 'in' || dir === 'out');
      const checked = depth ? { value: dir, problems: [] } : checkDirection(dir);
      if (tell(checked.problems, 'move') || life.ended || checked.value === null) return false;
      return store.getState().move(checked.value);
    },
    undo: () => !life.ended && store.getState().undo(),
    newGame(request = {}) {
      const size = checkSize(request.size);
      const seed = checkSeed(request.seed);
      const dimensions = checkDimensions(request.dimensions);
      tell([...size.problems, ...seed.problems, ...dimensions.problems], 'newGame');
      // No size or shape keeps the game's own; no seed is a random one. A host's code is not asked: the game is replaced at once, and kept with `history`.
      if (!life.ended) void replaceGame(store, { size: size.value, dimensions: dimensions.value, seed: seed.value }, null);
    },
    async setSkin(choice) {
      const checked = checkSkin(choice);
      const named = typeof checked.value === 'string' ? checked.value : FALLBACK_SKIN;
      if (tell(checked.problems, 'setSkin') || life.ended) return skins.current ?? named;
      return skins.show(checked.value);
    },
    setOptions(patch: LiveOptions) {
      const checked = checkLiveOptions(patch);
      tell(checked.problems, 'setOptions');
      if (!life.ended) setLive(checked.value);
    },
    destroy: life.end,
  };
}

/** What puts focus back on the board: only from inside the game (or from nowhere), never from the host page's controls. */
const focuser = (shadow: ShadowRoot, view: EmbedView, life: Lifetime) => (): void => {
  const active = shadow.ownerDocument.activeElement;
  if (!life.ended && (active === null || active === shadow.ownerDocument.body || active === shadow.host))
    view.game.focus({ preventScroll: true });
};

/** Builds a game inside `shadow`; used by `mountGame`, `<cube-2048>` and the iframe page. Its parts end with it, newest first. */
export function startGame({ shadow, events, options, problems, onDestroy, onLang }: StartParams): GameHandle {
  const doc = shadow.ownerDocument;
  const win = doc.defaultView;
  if (!win) throw new Error('cube2048: the game needs a document in a window');
  tell(problems);

  const life = createLifetime();
  if (onDestroy) life.own(onDestroy);
  const claim = claimStorage(win, options.storage);
  life.own(claim.release);
  if (claim.problem) tell([claim.problem], undefined, 'warn');
  const [store, noted] = openStore(claim, options, life);
  const actions = (): GameStoreState => store.getState();
  const view = showView(shadow, life);
  let live: Live = options;
  paint(view.root, live);
  const motionReduced = (): boolean => live.reducedMotion ?? win.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const skinOptions = (): SkinOptions => skinOptionsOf(live);
  const relabel = (): void => {
    session.relabel();
    extras()?.relabel();
  };
  const [lang, changeLang] = speaking(win, view, life, () => live.lang, relabel, onLang);

  const focusGame = focuser(shadow, view, life);
  const extrasParams: ExtrasParams = {
    shadow,
    store,
    notices: view.notices,
    stage: view.stage,
    lang,
    game: life,
    focusGame,
    delay: () => overlayDelay(motionReduced()),
    celebration: () => skins.skin()?.winCelebrationMs ?? 0,
  };
  const [needExtras, extras] = extrasOnDemand(extrasParams, life);
  let markReady: (skin: EmbedSkin) => void = () => undefined;
  const ready = new Promise<EmbedSkin>((resolve) => (markReady = resolve));
  const skins = life.own(
    createSkinHost(view.board, store, {
      options: () => ({ ...skinOptions(), view: NAMED_VIEWS[live.view] }),
      onFallback: (reason) => void needExtras().then((x) => x?.add({ message: x.fallbackText(reason) })),
      onFirstBoard: () => markReady(skins.current ?? FALLBACK_SKIN),
      lang,
    }),
  );
  void skins.show(options.skin);

  const session = life.own(
    startSession(view, store, {
      // Moves wait while an overlay asks something inside the board.
      playable: () => !life.ended && !extras()?.covering(),
      async confirm(question) {
        // Without the question (its module could not load), the game is kept rather than lost unasked.
        const ok = (await (await needExtras())?.confirm(question)) ?? false;
        if (!ok) focusGame();
        return ok && !life.ended;
      },
      reducedMotion: motionReduced,
      focusGame,
      lang,
      // A board the player turned moves toward the side of the screen a key or swipe names.
      onBoard: (dir) => boardDirection(skins.skin()?.azimuth?.() ?? 0, dir),
    }),
  );
  const spoken = changeLang();
  if (noted)
    // The history's notices are worded as they are said: it starts once the game speaks its language.
    void Promise.all([import('./history'), spoken]).then(
      // The game-over overlay waits for the finished game to be kept.
      ([{ keepHistory }]) => keepHistory(extrasParams, claim, needExtras, noted()),
      // Offline before the code was cached: no history this time, and nothing more noted for it.
      noted,
    );

  const host = createHostEvents(win, events, options.on, actions());
  life.own(host.clear);
  life.own(store.subscribe((next, previous) => host.changed(next, previous, () => !life.ended)));
  // Keys on the game or on its page, and a gamepad only while the game may take input.
  const keys = life.own(attachEmbedKeys(win, view.root, session.commands, live.keyboard, { store, skins }));

  /** A change of the live options (see LIVE_OPTIONS): repaint, restyle the skin, turn it, rebind the keys, speak. */
  const setLive = (patch: Partial<Live>): void => {
    live = { ...live, ...patch };
    paint(view.root, live);
    skins.update(skinOptions());
    if ('view' in patch) turnTo(skins, live.view);
    if ('keyboard' in patch) keys.rebind(live.keyboard);
    if ('lang' in patch) void changeLang();
  };
  return handleOf(life, store, skins, host, ready, setLive);
}
