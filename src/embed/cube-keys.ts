/**
 * An embed's keys for a cube (input/cube-keys.ts: `in`, `out` and the key held to spread the
 * layers), loaded with the first cube it plays (mount.ts) so the flat embed core carries none of
 * them. They listen where the game's keys do (its keyboard scope), and act while a cube is played:
 * a square's Page Up and Page Down stay the page's.
 */
import type { SkinHost } from '../game-ui/skin-host';
import type { Detach } from '../input';
import { attachCubeKeys } from '../input/cube-keys';
import { attachKeyboard } from '../input/keyboard';
import type { GameView, ReadonlyStore } from '../store/types';

/** Attaches the game's keys and a cube's as attachKeyboard attaches the game's alone (keys.ts `attachWith`). */
export const withCubeKeys =
  (store: ReadonlyStore<GameView>, skins: Pick<SkinHost, 'skin'>): typeof attachKeyboard =>
  (root, commands, options): Detach => {
    const game = attachKeyboard(root, commands, options);
    const cube = attachCubeKeys(options.scope === 'page' ? root.ownerDocument : root, {
      move: (dir) => commands.move(dir),
      spread: (on) => skins.skin()?.spreadLayers?.(on),
      active: () => store.getState().game.board.dimensions > 2,
    });
    return () => {
      game();
      cube();
    };
  };
