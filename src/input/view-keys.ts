/**
 * The game page's keys that turn the 3D view (VIEW_KEYS in keymap.ts). Apart from the game's
 * keys, so that it loads with the page's turning (page/turning.ts), never with an embed.
 */
import type { Detach } from './commands';
import { belongsToAnotherControl } from './keyboard';
import type { ViewKeyCommand } from './keymap';
import { VIEW_KEYS, commandFor } from './keymap';

/** Calls `turn` for each view key pressed anywhere on `doc` that no other control takes (as the game's keys); returns a function that stops. */
export function attachViewKeys(doc: Document, turn: (command: ViewKeyCommand) => void): Detach {
  const onKeyDown = (event: KeyboardEvent): void => {
    const command = !event.defaultPrevented && !belongsToAnotherControl(event.target) && commandFor(VIEW_KEYS, event);
    if (!command) return;
    event.preventDefault();
    turn(command);
  };
  doc.addEventListener('keydown', onKeyDown);
  return () => doc.removeEventListener('keydown', onKeyDown);
}
