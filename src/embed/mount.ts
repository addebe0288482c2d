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
import { FALLBACK_SKIN } from '../skins/registry';
import type { SkinOptions } from '../skins/skin';
import { createGameStore } from '../store';
import type { GameStore } from '../store';
import type { GameView } from '../store/types';
import type { OverlayActions } from '../game-ui/overlays';
import { overlayDelay, startSession } from '../game-ui/session';
import { createSkinHost } from '../game-ui/skin-host';
import type { Extras } from './extras';
import { createHostEvents } from './host-events';
import { attachEmbedKeys } from './keys';
import type { GameHandle } from './handle';
import type { EmbedSkin, LiveName, LiveOptions, MountOptions, ResolvedOptions } from './options';
import { checkDirection, checkLiveOptions, checkSeed, checkSize, checkSkin, problemLine, quote, resolveOptions } from './options';
import { claimStorage } from './storage';
import { adoptStyles, buildView, howToText } from './view';

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
  if (!isElement(el))
    throw new TypeError(`cube2048: mountGame needs an element to draw in (for example document.querySelector('#game')), not ${quote(el)}`);
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
  if (game.size !== wanted || (seed !== undefined && game.seed !== seed)) store.getState().newGame({ size: wanted, seed });
}

/** Builds a game inside `shadow`; used by `mountGame`, `<cube-2048>` and the iframe page. */
export function startGame({ shadow, events, options, problems, onDestroy, onLang }: StartParams): GameHandle {
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
  // The options that change while the game runs (LIVE_OPTIONS), as they stand now.
  let live: Pick<ResolvedOptions, LiveName> = options;

  const motionReduced = (): boolean => live.reducedMotion ?? win.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const skinOptions = (): SkinOptions => ({ theme: live.theme === 'auto' ? undefined : live.theme, reducedMotion: live.reducedMotion });
  const paint = (): void => {
    view.root.dataset.theme = live.theme;
    view.root.dataset.motion = live.reducedMotion === undefined ? 'auto' : live.reducedMotion ? 'reduce' : 'full';
  };
  paint();
  // English until the player's language has loaded (a chunk of its own; English needs none).
  let lang: Lang = ENGLISH;
  const speaking = (): Lang => lang;

  // Notices, overlays and the new-game question load on first use (see extras.ts).
  let extras: Extras | null = null;
  let loadingExtras: Promise<Extras | null> | null = null;
  const needExtras = (): Promise<Extras | null> =>
    (loadingExtras ??= import('./extras').then(
      ({ mountExtras }) => {
        if (destroyed) return null;
        extras = mountExtras({ shadow, store, notices: view.notices, stage: view.stage, actions: overlayActions, lang: speaking });
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
  // Closing the overlays is part of destroy(); that answer must not change the saved game.
  const unlessDestroyed = (run: () => unknown) => (): void => {
    if (!destroyed) run();
  };
  const overlayActions: OverlayActions = {
    keepGoing: unlessDestroyed(() => act().keepGoing()),
    newGame: unlessDestroyed(() => act().newGame()),
    undo: unlessDestroyed(() => act().undo()),
    focusGame: () => focusGame(),
    delay: () => overlayDelay(motionReduced()),
  };
  if (extrasWanted(act())) void needExtras();
  if (options.history)
    void import('./history').then(({ keepHistory }) => {
      const history = keepHistory({ store, claim, extras: needExtras, lang: speaking });
      if (!history) return;
      // The game-over overlay waits for the finished game to be kept.
      overlayActions.kept = history.kept;
      if (destroyed) history.dispose();
      else cleanups.push(history.dispose);
    });

  let markReady: (skin: EmbedSkin) => void = () => undefined;
  const ready = new Promise<EmbedSkin>((resolve) => (markReady = resolve));
  const skins = createSkinHost(view.board, store, {
    options: skinOptions,
    onFallback: (reason) => void needExtras().then((x) => x?.add({ message: x.fallbackText(reason) })),
    onFirstBoard: () => markReady(skins.current ?? FALLBACK_SKIN),
    lang: speaking,
  });
  cleanups.push(() => skins.dispose());
  void skins.show(options.skin);

  /** Focus returns to the board only from inside the game (or from nowhere), never from the host page's controls. */
  const focusGame = (): void => {
    const active = doc.activeElement;
    if (!destroyed && (active === null || active === doc.body || active === shadow.host)) view.game.focus({ preventScroll: true });
  };

  const session = startSession(view, store, {
    // Moves wait while an overlay asks something inside the board.
    playable: () => !destroyed && !extras?.covering(),
    async confirm(question) {
      // Without the question (its module could not load), the game is kept rather than lost unasked.
      const ok = (await (await needExtras())?.confirm(question)) ?? false;
      if (!ok) focusGame();
      return ok && !destroyed;
    },
    reducedMotion: motionReduced,
    focusGame,
    lang: speaking,
  });
  cleanups.push(session.dispose);

  /** The `lang` option, else the browser's languages, matched to one we speak. */
  const wantedLocale = (): Lang['locale'] =>
    live.lang ?? chooseLocale(win.navigator.languages.length > 0 ? win.navigator.languages : [win.navigator.language]);
  /** The root's `lang` and `dir` (the board inside stays left to right), and the host hears of it. */
  const mark = (): void => {
    view.root.lang = lang.locale;
    view.root.dir = lang.dir;
    onLang?.(lang);
  };
  const changeLang = (): void => {
    const locale = wantedLocale();
    if (locale === lang.locale) return mark();
    import('./speak').then(
      async ({ loadLang, localize }) => {
        const loaded = await loadLang(locale);
        if (destroyed || wantedLocale() !== locale) return;
        lang = loaded;
        mark();
        localize(view.root, lang);
        view.howTo.textContent = howToText(lang);
        session.relabel();
        extras?.relabel();
      },
      (error: unknown) => console.warn('cube2048: no words but English could load', error),
    );
  };
  changeLang();

  const host = createHostEvents(win, events, options.on, act());
  cleanups.push(
    store.subscribe((next, previous) => {
      if (!loadingExtras && extrasWanted(next)) void needExtras();
      host.changed(next, previous, () => !destroyed);
    }),
  );

  // Keys on the game or on its page, and a gamepad only while the game may take input.
  const keys = attachEmbedKeys(win, view.root, session.commands, live.keyboard);
  cleanups.push(keys.detach);

  /** What a change of the live options does (see LIVE_OPTIONS): repaint, restyle the skin, rebind the keys. */
  const applyLive = (changed: readonly LiveName[]): void => {
    paint();
    skins.update(skinOptions());
    if (changed.includes('keyboard')) keys.rebind(live.keyboard);
    if (changed.includes('lang')) changeLang();
  };

  const complain = (call: string, issues: readonly string[]): boolean => {
    if (issues.length > 0) console.error(`cube2048: ${call}: ${issues.join('; ')}.`);
    return issues.length > 0;
  };

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
      const checked = checkDirection(dir);
      if (complain('move', checked.problems) || destroyed || checked.value === null) return false;
      return act().move(checked.value);
    },
    undo: () => !destroyed && act().undo(),
    newGame(request = {}) {
      const size = checkSize(request.size);
      const seed = checkSeed(request.seed);
      complain('newGame', [...size.problems, ...seed.problems]);
      // No size keeps the game's own; no seed is a random one.
      if (!destroyed) act().newGame({ ...(size.value !== undefined ? { size: size.value } : {}), seed: seed.value });
    },
    async setSkin(choice) {
      const checked = checkSkin(choice);
      const named = typeof checked.value === 'string' ? checked.value : FALLBACK_SKIN;
      if (complain('setSkin', checked.problems) || destroyed) return skins.current ?? named;
      return skins.show(checked.value);
    },
    setOptions(patch: LiveOptions) {
      const checked = checkLiveOptions(patch);
      complain('setOptions', checked.problems);
      if (destroyed) return;
      live = { ...live, ...checked.value };
      applyLive(Object.keys(checked.value) as LiveName[]);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      extras?.dispose();
      for (const cleanup of cleanups.reverse()) cleanup();
      host.clear();
      store.destroy();
      claim.release();
      view.root.remove();
      unadopt();
      onDestroy?.();
    },
  };
}
