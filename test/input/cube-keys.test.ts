import { describe, expect, it } from 'vitest';
import { attachCubeKeys } from '../../src/input/cube-keys';
import { FakeElement, fire, key } from './fakes';

/** A document and window as cube-keys reads them: the keys on one, focus leaving on the other. */
function setup() {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { defaultView: win });
  const log: string[] = [];
  const detach = attachCubeKeys(doc as unknown as Document, {
    move: (dir) => log.push(dir),
    spread: (on) => log.push(on ? 'spread' : 'together'),
  });
  const body = new FakeElement('BODY', doc);
  const down = (k: string, extra: Record<string, unknown> = {}, from: EventTarget = body): Event =>
    fire(doc, 'keydown', key(k, extra), from);
  const up = (k: string, extra: Record<string, unknown> = {}): Event => fire(doc, 'keyup', key(k, extra), body);
  return { win, doc, log, detach, down, up };
}

describe('a cube’s keys', () => {
  it('slide in with F and Page Down, out with B and Page Up, and keep those keys from scrolling the page', () => {
    const k = setup();
    const events = ['f', 'PageDown', 'b', 'PageUp'].map((name) => k.down(name));
    expect(k.log).toEqual(['in', 'in', 'out', 'out']);
    expect(events.every((e) => e.defaultPrevented)).toBe(true);
  });

  it('spread the layers while X is held (once, however long the key repeats) and bring them together when it is let go', () => {
    const k = setup();
    k.down('x');
    k.down('x', { repeat: true });
    k.up('x');
    k.down('X', { shiftKey: true });
    expect(k.log).toEqual(['spread', 'together']);
  });

  it('bring the layers together when focus leaves the page mid-hold, or when the keys are detached', () => {
    const k = setup();
    k.down('x');
    k.win.dispatchEvent(new Event('blur'));
    k.down('x');
    k.detach();
    k.down('f');
    expect(k.log).toEqual(['spread', 'together', 'spread', 'together']);
  });

  it('leave keys typed into a field, and keys already taken, to them', () => {
    const k = setup();
    expect(k.down('f', {}, new FakeElement('INPUT', k.doc)).defaultPrevented).toBe(false);
    const taken = Object.assign(new Event('keydown', { cancelable: true }), key('b'));
    taken.preventDefault();
    k.doc.dispatchEvent(taken);
    expect(k.down('f', { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(k.log).toEqual([]);
  });

  it('act only while a cube is played, leaving the keys to the page otherwise', () => {
    const doc = Object.assign(new EventTarget(), { defaultView: new EventTarget() });
    const log: string[] = [];
    let cube = false;
    attachCubeKeys(doc as unknown as Document, { move: (dir) => log.push(dir), spread: () => log.push('spread'), active: () => cube });
    const body = new FakeElement('BODY', doc);
    expect(fire(doc, 'keydown', key('PageDown'), body).defaultPrevented).toBe(false);
    fire(doc, 'keydown', key('x'), body);
    cube = true;
    expect(fire(doc, 'keydown', key('PageDown'), body).defaultPrevented).toBe(true);
    expect(log).toEqual(['in']);
  });

  it('on an element (an embed’s "focus" scope), listen there alone and bring the layers together when focus leaves it', () => {
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { defaultView: win });
    const root = Object.assign(new EventTarget(), { ownerDocument: doc });
    const log: string[] = [];
    attachCubeKeys(root as unknown as HTMLElement, { move: (dir) => log.push(dir), spread: (on) => log.push(on ? 'spread' : 'together') });
    const body = new FakeElement('BODY', doc);
    fire(doc, 'keydown', key('f'), body);
    fire(root, 'keydown', key('b'), body);
    fire(root, 'keydown', key('x'), body);
    win.dispatchEvent(new Event('blur'));
    root.dispatchEvent(new Event('focusout'));
    expect(log).toEqual(['out', 'spread', 'together']);
  });
});
