import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchPixelRatio } from '../../src/skins/three/pixel-ratio';
import { fakeScreen } from './stubs';

describe('following the device pixel ratio', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports each new ratio and re-arms for it, listening to one query at a time', () => {
    const screen = fakeScreen(1);
    const seen: number[] = [];
    const watch = watchPixelRatio((ratio) => seen.push(ratio));
    expect(screen.listening()).toEqual(['(resolution: 1dppx)']);
    screen.setRatio(2);
    expect(seen).toEqual([2]);
    expect(screen.listening()).toEqual(['(resolution: 2dppx)']);
    screen.setRatio(1.25);
    screen.setRatio(3);
    expect(seen).toEqual([2, 1.25, 3]);
    expect(screen.listening()).toEqual(['(resolution: 3dppx)']);
    watch.stop();
    expect(screen.listening()).toEqual([]);
    screen.setRatio(1);
    expect(seen).toEqual([2, 1.25, 3]);
  });

  it('does nothing where there are no media queries', () => {
    vi.stubGlobal('window', undefined);
    vi.stubGlobal('matchMedia', undefined);
    const onChange = vi.fn();
    const watch = watchPixelRatio(onChange);
    watch.stop();
    expect(onChange).not.toHaveBeenCalled();
  });
});
