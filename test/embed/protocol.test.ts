import { describe, expect, it } from 'vitest';
import { parseCommand, parseOrigins } from '../../src/embed/frame-commands';

describe('commands posted to the iframe page', () => {
  it('are ignored unless addressed to cube2048', () => {
    for (const data of [null, 'move', { type: 'move', dir: 'left' }, { target: 'other', type: 'move' }, ['cube2048']])
      expect(parseCommand(data)).toBeNull();
  });

  it('are read with their id, which the answer echoes', () => {
    expect(parseCommand({ target: 'cube2048', type: 'move', dir: 'up', id: 7 })).toEqual({
      ok: true,
      command: { target: 'cube2048', type: 'move', dir: 'up', id: 7 },
    });
    expect(parseCommand({ target: 'cube2048', type: 'undo' })).toEqual({ ok: true, command: { target: 'cube2048', type: 'undo' } });
    expect(parseCommand({ target: 'cube2048', type: 'newGame', size: 5, seed: 9 })).toEqual({
      ok: true,
      command: { target: 'cube2048', type: 'newGame', size: 5, seed: 9 },
    });
    expect(parseCommand({ target: 'cube2048', type: 'newGame', size: 4, dimensions: 3 })).toEqual({
      ok: true,
      command: { target: 'cube2048', type: 'newGame', size: 4, dimensions: 3 },
    });
    expect(parseCommand({ target: 'cube2048', type: 'setSkin', skin: 'flat' })).toMatchObject({ ok: true, command: { skin: 'flat' } });
    expect(parseCommand({ target: 'cube2048', type: 'setOptions', theme: 'dark', reducedMotion: false })).toMatchObject({
      ok: true,
      command: { theme: 'dark', reducedMotion: false },
    });
    expect(parseCommand({ target: 'cube2048', type: 'setOptions', view: 'top', look: 'glass', turnable: true })).toMatchObject({
      ok: true,
      command: { view: 'top', look: 'glass', turnable: true },
    });
  });

  it('are refused with a reason when malformed, keeping the id', () => {
    expect(parseCommand({ target: 'cube2048', type: 'move', dir: 'sideways', id: 'x' })).toEqual({
      ok: false,
      id: 'x',
      error: 'move: "sideways" is not a direction; use one of left, right, up, down, in, out',
    });
    expect(parseCommand({ target: 'cube2048', type: 'newGame', size: 12 })).toMatchObject({
      ok: false,
      error: expect.stringContaining('size 12 is not a board size'),
    });
    expect(parseCommand({ target: 'cube2048', type: 'newGame', dimensions: 4, id: 2 })).toMatchObject({
      ok: false,
      id: 2,
      error: expect.stringMatching(/^newGame: .*dimensions 4/),
    });
    expect(parseCommand({ target: 'cube2048', type: 'explode' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('"explode" is not a command'),
    });
    expect(parseCommand({ target: 'cube2048', type: 'undo', id: { nested: true } })).toMatchObject({
      ok: false,
      error: expect.stringContaining('id an object'),
    });
    expect(parseCommand({ target: 'cube2048', type: 'setOptions', reducedMotion: 'yes' })).toMatchObject({ ok: false });
    expect(parseCommand({ target: 'cube2048', type: 'setOptions', look: 'wood' })).toMatchObject({
      ok: false,
      error: 'setOptions: option look "wood" is not one of clay, glossy, glass, neon, so clay is used',
    });
  });
});

describe('allowed origins from the address', () => {
  it('are exact http(s) origins, listed one by one or separated by commas', () => {
    expect(parseOrigins(['https://a.example', 'http://localhost:8080,https://b.example/'])).toEqual({
      value: ['https://a.example', 'http://localhost:8080', 'https://b.example'],
      problems: [],
    });
  });

  it('never include a wildcard, a path or another scheme', () => {
    const { value, problems } = parseOrigins(['*', 'https://a.example/game', 'javascript:alert(1)', 'null']);
    expect(value).toEqual([]);
    expect(problems).toHaveLength(4);
    expect(problems[0]).toBe('origin="*" is not an origin like https://example.com, so it is not allowed to send commands');
  });
});
