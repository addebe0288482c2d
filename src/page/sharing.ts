/**
 * Replays and sharing on the game page, loaded on first use: the replay viewer when a replay
 * is opened (from a link, a file, the history or the share sheet), and sharing, seeds and the
 * More sheet when Share or More is clicked or the address holds a `#g=` link. The click (or
 * the address) waits for the code.
 */
import { FALLBACK_SKIN } from '../skins/registry';
import { createLifetime } from '../game-ui/lifetime';
import { byId } from './by-id';
import { onDemand } from './on-demand';
import type { ReplayViewer, ReplayViewerOptions } from './replay-viewer';
import type { Share, ShareOptions } from './share';

export interface SharingOptions extends Omit<ReplayViewerOptions, 'dialog' | 'skinName'>, Omit<ShareOptions, 'viewer'> {
  /** The skin the page shows now, once one is mounted. */
  readonly skin: () => string | null;
}

export interface Sharing {
  /** The replay viewer, loaded on first use. */
  readonly viewer: () => Promise<ReplayViewer>;
  dispose(): void;
}

export function sharingOnDemand({ skin, ...options }: SharingOptions): Sharing {
  const { doc } = options;
  const win = doc.defaultView as Window;
  const life = createLifetime();
  const viewer = onDemand(life, () =>
    import('./replay-viewer').then((code) =>
      code.createReplayViewer({ dialog: byId(doc, 'replay-dialog'), skinName: () => skin() ?? FALLBACK_SKIN, ...options }),
    ),
  );
  const sharing = onDemand(life, () => import('./share').then((code) => code.createShare({ viewer, ...options })));
  const on = (target: EventTarget, type: string, run: (share: Share) => Promise<void>): void =>
    life.listen(target, type, () => void sharing().then(run));
  on(byId(doc, 'share'), 'click', (share) => share.share());
  on(byId(doc, 'open-more'), 'click', (share) => share.openMore());
  on(win, 'hashchange', (share) => share.openFromHash());
  if (new URLSearchParams(win.location.hash.slice(1)).has('g')) void sharing().then((share) => share.openFromHash());
  return { viewer, dispose: () => life.end() };
}
