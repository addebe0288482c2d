/**
 * What a host notes for the history before the recorder's code arrives (the page loads it when
 * it has work: page/history-on-demand.ts; an embed with `history` just after its game shows),
 * and the storage keys it looks at meanwhile. The store's changes are noted from the start with
 * their time (and the AI's help then), so the recorder takes them up as if it had been there: a
 * game replaced or finished in the first instant is kept, dated and timed as it was played.
 * Its own small module, so noting costs the first board nothing of the recorder.
 */
import type { GameView, ReadonlyStore } from '../../store/types';
import type { Lifetime } from '../lifetime';

/** What the history keeps in storage beside a game's save (`prefix` is the store's): the game in progress's meta, and kept games waiting for the database. */
export const historyKeys = (prefix: string): { readonly meta: string; readonly waiting: string } => ({
  meta: `${prefix}:history-meta:v1`,
  waiting: `${prefix}:history-pending:v1`,
});

/** The help an AI gives the player, as the history reads it at each change of the store: the one way it learns of it. */
export interface Assistance {
  /** Whether the store's change with this number is a move the AI made. */
  made(seq: number): boolean;
  /** How many hints were shown so far; those shown since the last change count for the game in progress (the one they were shown for). */
  hints(): number;
}

/** The AI's help as it stood at one change: whether the change is its move, and how many hints it had shown by then. */
export interface HelpAt {
  readonly aiMove: boolean;
  readonly hints: number;
}

export const helpAt = (assistance: Assistance | undefined, view: GameView): HelpAt | undefined =>
  assistance && { aiMove: assistance.made(view.change.seq), hints: assistance.hints() };

/** A change of the store noted before the recorder came: with its time (`Date.now()`) and the AI's help as they were then. */
export type MissedChange = readonly [view: GameView, previous: GameView, at?: number, help?: HelpAt];

/** Stops noting, and hands the changes noted so far over, oldest first. */
export type NotedChanges = () => MissedChange[];

/** Notes `store`'s changes while `life` lasts, until they are handed over. */
export function noteChanges(store: ReadonlyStore<GameView>, life: Lifetime, assistance?: Assistance): NotedChanges {
  const missed: MissedChange[] = [];
  const stop = life.own(store.subscribe((view, previous) => void missed.push([view, previous, Date.now(), helpAt(assistance, view)])));
  return () => (stop(), missed);
}
