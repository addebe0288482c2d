/**
 * Autoplay on the game page: the AI plays move after move at the chosen speed until the
 * player takes the game back, the game ends or a dialog opens. Each search runs in the AI
 * worker; the next one starts while the last move is drawn and the pause runs.
 */
import type { AiClient, Suggestion } from '../ai/client';
import { isCancelled } from '../ai/client';
import type { PresetName } from '../ai/presets';
import type { CubeDirection } from '../engine';
import { acceptsMoves } from '../engine';
import type { GameStore } from '../store';
import { anyModalOpen } from '../game-ui/modal';
import type { Lifetime } from '../game-ui/lifetime';
import { createLifetime } from '../game-ui/lifetime';
import type { SkinHost } from '../game-ui/skin-host';

export type AutoplaySpeed = 'slow' | 'normal' | 'fast' | 'max';

interface SpeedPlan {
  /** Pause after each move, so a player can follow (the slide takes about 150 ms). */
  readonly delayMs: number;
  /** Slow play can afford the stronger search; it ends well inside the pause. */
  readonly preset: PresetName;
  /** Jump the running animation to its end before each move, so the board keeps up. */
  readonly skipAnimation: boolean;
}

const SPEEDS: Readonly<Record<AutoplaySpeed, SpeedPlan>> = {
  slow: { delayMs: 700, preset: 'strong', skipAnimation: false },
  normal: { delayMs: 300, preset: 'strong', skipAnimation: false },
  fast: { delayMs: 90, preset: 'fast', skipAnimation: false },
  max: { delayMs: 0, preset: 'fast', skipAnimation: true },
};

const isSpeed = (value: string): value is AutoplaySpeed => value in SPEEDS;

/** Why autoplay stopped (or cannot start). */
export type Stop = 'stopped' | 'stoppedOver' | 'stoppedWon' | 'stoppedStuck';

export interface AutoplayOptions {
  readonly store: GameStore;
  readonly skins: SkinHost;
  readonly client: AiClient;
  /** The speed list, read before each move: a new pace applies from the next move. */
  readonly speed: HTMLSelectElement;
  /** Shows the search's values for the move about to be made. */
  readonly showAnalysis: (suggestion: Suggestion) => void;
  /** Autoplay has stopped: why (null when no one need be told) and whether it made a move. */
  readonly stopped: (why: Stop | null, played: boolean) => void;
  /** The search failed (autoplay has stopped). */
  readonly failed: (error: unknown) => void;
}

export interface Autoplay {
  readonly running: boolean;
  /** Why autoplay cannot make its next move, or null when it can. */
  blocked(): Stop | null;
  /** Starts playing (the caller has checked `blocked()`). */
  start(): void;
  stop(why: Stop | null): void;
  /** Whether the change with this number is autoplay's own latest move; any other change is the player's. */
  made(seq: number): boolean;
  dispose(): void;
}

/** A running loop: ending its lifetime ends its pause. Only the newest loop may act. */
interface Loop {
  readonly life: Lifetime;
  moves: number;
}

/** The search for the position after autoplay's last move, started before the pause. */
interface Ahead {
  readonly seq: number;
  readonly preset: PresetName;
  readonly answer: Promise<Suggestion>;
}

/** Waits `ms` after a move, or until the loop stops. At full speed one frame between moves keeps the page drawing and responsive. */
const pause = (loop: Loop, ms: number): Promise<void> =>
  new Promise<void>((resolve) => {
    const wait = loop.life.child();
    wait.own(resolve);
    const done = (): void => wait.end();
    if (ms > 0) wait.timeout(done, ms);
    else {
      wait.frame(done);
      wait.timeout(done, 50);
    }
  });

export function createAutoplay(options: AutoplayOptions): Autoplay {
  const { store, skins, client } = options;
  const doc = options.speed.ownerDocument;
  let loop: Loop | null = null;
  /** The change number of autoplay's own latest move. */
  let ownSeq: number | null = null;

  const blocked = (): Stop | null => {
    const { game } = store.getState();
    if (game.status === 'over') return 'stoppedOver';
    if (game.status === 'won') return 'stoppedWon';
    if (!acceptsMoves(game)) return 'stopped';
    if (anyModalOpen(doc)) return 'stopped';
    return null;
  };

  const stop = (why: Stop | null): void => {
    if (!loop) return;
    const ending = loop;
    loop = null;
    ownSeq = null;
    ending.life.end();
    client.cancel();
    options.stopped(why, ending.moves > 0);
  };

  /** Makes the move, then starts the search for the next position while this one is drawn and the pause runs. */
  const move = (token: Loop, dir: CubeDirection, plan: SpeedPlan, seq: number): Ahead | null => {
    if (plan.skipAnimation) skins.skin()?.finish();
    ownSeq = seq + 1;
    if (store.getState().move(dir)) token.moves++;
    const after = store.getState();
    ownSeq = after.change.seq;
    if (!acceptsMoves(after.game)) return null;
    const answer = client.suggest(after.game, { preset: plan.preset });
    // Stopping cancels it; nobody may be left waiting for that rejection.
    answer.catch(() => undefined);
    return { seq: after.change.seq, preset: plan.preset, answer };
  };

  async function run(token: Loop): Promise<void> {
    let ahead: Ahead | null = null;
    while (loop === token) {
      const reason = blocked();
      if (reason) return stop(reason);
      const plan = SPEEDS[isSpeed(options.speed.value) ? options.speed.value : 'normal'];
      const view = store.getState();
      const early = ahead && ahead.seq === view.change.seq && ahead.preset === plan.preset ? ahead.answer : null;
      ahead = null;
      let suggestion: Suggestion;
      try {
        suggestion = await (early ?? client.suggest(view.game, { preset: plan.preset }));
      } catch (error) {
        if (loop !== token) return;
        if (isCancelled(error)) continue;
        stop(null);
        return options.failed(error);
      }
      if (loop !== token) return;
      // The position changed while the AI thought (another tab): think again.
      if (store.getState().change.seq !== view.change.seq) continue;
      if (!suggestion.dir) return stop('stoppedStuck');
      const late = blocked();
      if (late) return stop(late);
      options.showAnalysis(suggestion);
      ahead = move(token, suggestion.dir, plan, view.change.seq);
      await pause(token, plan.delayMs);
    }
  }

  return {
    get running() {
      return loop !== null;
    },
    blocked,
    start() {
      if (loop) return;
      loop = { life: createLifetime(), moves: 0 };
      void run(loop);
    },
    stop,
    made: (seq) => seq === ownSeq,
    dispose: () => stop(null),
  };
}
