/**
 * One game session: what the game page, `mountGame`, `<cube-2048>` and embed.html wire the
 * same way. It connects a store to the player's commands (paced by the move queue), asks
 * before a new game throws play away, and keeps the HUD, the accessible grid, the live
 * region, the board's label, swipes and the New game / Undo buttons in step with the game.
 * Each caller keeps only what differs: where the elements are, how a question is asked,
 * when input must wait, and its own extras (settings, AI, host events).
 */
import type { CubeDirection } from '../engine';
import type { QueuedCommands } from '../input';
import { attachSwipe, queueCommands } from '../input';
import type { Lang } from '../i18n/core';
import { ENGLISH } from '../i18n/core';
import { MOVE_MS } from '../skins/timeline';
import type { GameStore } from '../store';
import type { GameView } from '../store/types';
import { mountA11yGrid } from './a11y-grid';
import type { describeChange } from './announce';
import type { Confirm, Replacement } from './replace';
import { replaceGame } from './replace';
import type { HudElements } from './hud';
import { mountHud } from './hud';
import { createAnnouncer } from './live-region';
import type { Lifetime } from './lifetime';
import { createLifetime } from './lifetime';

/** A beat to see the final board before a win or game-over overlay covers it. */
const OVERLAY_PAUSE_MS = 100;

/** How long the final move plays before an overlay covers the board: its slide and pop, then a beat (0 with reduced motion). */
export const overlayDelay = (reducedMotion: boolean): number => (reducedMotion ? 0 : MOVE_MS + OVERLAY_PAUSE_MS);

export interface SessionElements extends HudElements {
  /** The focusable game container: the accessible grid fills it, and it is labelled with the board size. */
  readonly game: HTMLElement;
  /** Where the skin draws; swipes start here. */
  readonly board: HTMLElement;
  /** The live region that reads each change aloud. */
  readonly live: HTMLElement;
  readonly newGame: HTMLElement;
}

export interface SessionHooks {
  /** Whether the player's input may act now (false while a dialog or overlay asks something, or once taken down). */
  readonly playable: () => boolean;
  /** Asks the question about ending the game (worded by game-ui/question.ts); resolves true to go ahead (false, too, once the game is taken down). */
  readonly confirm: Confirm;
  readonly reducedMotion: () => boolean;
  /** Puts focus back on the game, where keys play. */
  readonly focusGame: () => void;
  /** Runs before each command the player gives (the page's autoplay gives the game back). */
  readonly onPlayerInput?: () => void;
  /** While true, changes are not read aloud one by one (autoplay). */
  readonly quiet?: () => boolean;
  /** The player's language, as it stands now (English when absent). */
  readonly lang?: () => Lang;
  /** The board's direction for a move toward `screen`, where the board is seen turned (the page's 3D view); as it is when absent. */
  readonly onBoard?: (screen: CubeDirection) => CubeDirection;
}

export interface GameSession {
  /** What keyboard, swipes, gamepads and the buttons drive: paced, and held while `playable()` is false. */
  readonly commands: QueuedCommands;
  /**
   * Replaces the game (a new one, of that size or seed when given, or a position to play on
   * from) through replace.ts, asking first when play is at stake; focus then goes back to the
   * board. Resolves whether it was replaced.
   */
  requestNewGame(replacement?: Replacement): Promise<boolean>;
  /** Says something in the live region. */
  say(words: string): void;
  /** Writes what the session shows in words again, in the language `hooks.lang` now gives. */
  relabel(): void;
  dispose(): void;
}

type Actions = () => ReturnType<GameStore['getState']>;

/** A replacement of the game, asked about first when play is at stake; then focus goes back to the board. */
const newGameAsking =
  (store: GameStore, hooks: SessionHooks) =>
  (replacement: Replacement = {}): Promise<boolean> =>
    replaceGame(store, replacement, hooks.confirm).then((replaced) => {
      if (replaced) hooks.focusGame();
      return replaced;
    });

/** The player's commands, paced by the move queue, acting only while the game is playable. */
function playerCommands(actions: Actions, hooks: SessionHooks, requestNewGame: () => Promise<boolean>): QueuedCommands {
  const asPlayer = (run: () => void): void => {
    if (!hooks.playable()) return;
    hooks.onPlayerInput?.();
    run();
  };
  return queueCommands({
    move: (dir) => asPlayer(() => actions().move(hooks.onBoard?.(dir) ?? dir)),
    undo: () => asPlayer(() => actions().undo()),
    newGame: () => asPlayer(() => void requestNewGame()),
  });
}

/**
 * Reads each change aloud while `life` lasts. The words for each change load right after the
 * game shows; a change made before they have come waits for them. Returns what says anything else.
 */
function tellChanges(store: GameStore, live: HTMLElement, hooks: SessionHooks, lang: () => Lang, life: Lifetime): (words: string) => void {
  const announcer = createAnnouncer(live);
  let describe: typeof describeChange | null = null;
  const words = import('./announce').then(
    (loaded) => (describe = loaded.describeChange),
    (error: unknown) => void console.warn('cube2048: no words for the live region', error),
  );
  const tell = (view: GameView, previous: GameView): void => {
    const said = describe?.(view, previous, lang());
    if (said && !hooks.quiet?.()) announcer.say(said);
  };
  life.own(
    store.subscribe((view, previous) => {
      if (describe) tell(view, previous);
      else void words.then(() => tell(view, previous));
    }),
  );
  return announcer.say;
}

export function startSession(el: SessionElements, store: GameStore, hooks: SessionHooks): GameSession {
  const life = createLifetime();
  const actions: Actions = () => store.getState();
  const lang = hooks.lang ?? ((): Lang => ENGLISH);
  const requestNewGame = newGameAsking(store, hooks);
  const commands = life.own(playerCommands(actions, hooks, requestNewGame));
  const hud = life.own(mountHud(el, store, { reducedMotion: hooks.reducedMotion, lang }));
  // The grid names the board with its size ("Game board, 4 by 4"; a cube's "Game cube, 4 by 4 by 4").
  const grid = life.own(mountA11yGrid(el.game, store, lang, true));
  life.own(attachSwipe(el.board, commands));
  const say = tellChanges(store, el.live, hooks, lang, life);
  life.listen(el.newGame, 'click', () => commands.newGame());
  life.listen(el.undo, 'click', () => commands.undo());
  return {
    commands,
    requestNewGame,
    say,
    relabel() {
      hud.refresh();
      grid.refresh();
    },
    dispose: life.end,
  };
}
