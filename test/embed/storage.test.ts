import { describe, expect, it } from 'vitest';
import { problemLine } from '../../src/embed/problems';
import { claimStorage } from '../../src/embed/storage';

/** A window whose localStorage is a Map, enough for the storage wrapper. */
function fakeWindow(): Window {
  const items = new Map<string, string>();
  const localStorage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
  return { localStorage } as unknown as Window;
}

describe('storage for embedded games', () => {
  it('gives each live game its own key prefix; a second game asking for a taken one plays in memory and says why', () => {
    const win = fakeWindow();
    const first = claimStorage(win, 'cube2048:left');
    const second = claimStorage(win, 'cube2048:left');
    expect(first.storage).not.toBeNull();
    expect(first.problem).toBeNull();
    expect(second.storage).toBeNull();
    expect(problemLine(second.problem ? [second.problem] : [])).toBe(
      'cube2048: another game on this page already saves under "cube2048:left", so this one is not saved. Give each game its own storage key.',
    );
    first.release();
    expect(claimStorage(win, 'cube2048:left').storage).not.toBeNull();
  });

  it('keeps nothing when saving is off', () => {
    const claim = claimStorage(fakeWindow(), null);
    expect([claim.storage, claim.problem]).toEqual([null, null]);
  });

  it('reads and writes the window’s localStorage', () => {
    const win = fakeWindow();
    const claim = claimStorage(win, 'cube2048:rw');
    claim.storage?.setItem('cube2048:rw:game:v1', 'x');
    expect(win.localStorage.getItem('cube2048:rw:game:v1')).toBe('x');
    claim.release();
  });
});
