/**
 * Terminal input: turns the bytes a terminal sends in raw mode into named keys.
 * Arrow keys come as escape sequences (ESC [ A, or ESC O A in application mode, with
 * optional modifiers such as ESC [ 1 ; 5 A), Page Up and Down as ESC [ 5 ~ and ESC [ 6 ~;
 * every other byte is a key of its own.
 */

export type Key =
  | { readonly name: 'up' | 'down' | 'left' | 'right' | 'pageUp' | 'pageDown' | 'enter' | 'escape' | 'interrupt' | 'eof' | 'backspace' }
  | { readonly name: 'char'; readonly char: string }
  /** An escape sequence this game has no use for (function keys, mouse…). */
  | { readonly name: 'unknown'; readonly sequence: string };

const ARROWS: Readonly<Record<string, 'up' | 'down' | 'right' | 'left'>> = { A: 'up', B: 'down', C: 'right', D: 'left' };
/** The keys whose sequence ends in ~, by their first parameter. */
const TILDE_KEYS: Readonly<Record<string, 'pageUp' | 'pageDown'>> = { '5': 'pageUp', '6': 'pageDown' };

/** The keys in one chunk of terminal input; a chunk may hold several (fast typing, paste). */
export function decodeKeys(input: string): Key[] {
  const keys: Key[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i] as string;
    if (ch === '\x1b') {
      const next = input[i + 1];
      if (next === '[' || next === 'O') {
        // CSI/SS3: parameter bytes, then one final byte in @–~.
        let j = i + 2;
        while (j < input.length && /[0-9;:<=>?]/.test(input[j] as string)) j++;
        const final = input[j];
        if (final !== undefined) {
          const named = final === '~' ? TILDE_KEYS[input.slice(i + 2, j).split(';')[0] ?? ''] : ARROWS[final];
          keys.push(named ? { name: named } : { name: 'unknown', sequence: input.slice(i, j + 1) });
          i = j + 1;
          continue;
        }
        keys.push({ name: 'unknown', sequence: input.slice(i) });
        break;
      }
      keys.push({ name: 'escape' });
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') keys.push({ name: 'enter' });
    else if (ch === '\x03') keys.push({ name: 'interrupt' });
    else if (ch === '\x04') keys.push({ name: 'eof' });
    else if (ch === '\x7f' || ch === '\b') keys.push({ name: 'backspace' });
    else keys.push({ name: 'char', char: ch });
    i++;
  }
  return keys;
}
