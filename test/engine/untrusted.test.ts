import { describe, expect, it } from 'vitest';
import { fail, isRecord, own, parseJson } from '../../src/engine/untrusted';

describe('the helpers every parser of untrusted data uses', () => {
  it('take plain objects only', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord(JSON.parse('{"v":1}'))).toBe(true);
    for (const x of [null, undefined, [], [1], 'text', 1, true]) expect(isRecord(x)).toBe(false);
  });

  it('read a field only when it is the object’s own, never an inherited one', () => {
    const o = JSON.parse('{"v":1,"__proto__":{"size":4}}') as Record<string, unknown>;
    expect(own(o, 'v')).toBe(1);
    expect(own(o, 'constructor')).toBeUndefined();
    expect(own(o, 'toString')).toBeUndefined();
    expect(own(Object.create({ size: 4 }) as Record<string, unknown>, 'size')).toBeUndefined();
  });

  it('parse JSON without throwing, and refuse with a reason', () => {
    expect(parseJson('{"a":[1,null]}')).toEqual({ a: [1, null] });
    expect(parseJson('null')).toBeNull();
    expect(parseJson('{')).toBeUndefined();
    expect(parseJson('')).toBeUndefined();
    expect(fail('why')).toEqual({ ok: false, error: 'why' });
  });
});
