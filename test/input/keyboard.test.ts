import { describe, expect, it } from 'vitest';
import { GAME_KEYS, attachKeyboard, commandFor, describeKeys } from '../../src/input';
import { FakeElement, fire, key, recorder } from './fakes';

const press = (k: string, extra: Record<string, unknown> = {}) => commandFor(GAME_KEYS, key(k, extra) as never);

describe('keyboard', () => {
  it('moves with the arrow keys, WASD and vim keys', () => {
    expect(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].map((k) => press(k))).toEqual(['left', 'right', 'up', 'down']);
    expect(['a', 'd', 'w', 's'].map((k) => press(k))).toEqual(['left', 'right', 'up', 'down']);
    expect(['h', 'l', 'k', 'j'].map((k) => press(k))).toEqual(['left', 'right', 'up', 'down']);
  });

  it('reads WASD by key position, so an AZERTY player uses Z Q S D', () => {
    expect(press('z', { code: 'KeyW' })).toEqual('up');
    expect(press('q', { code: 'KeyA' })).toEqual('left');
    expect(press('a', { code: 'KeyQ' })).toBeNull();
  });

  it('undoes with U, Ctrl+Z and Cmd+Z, and starts a new game with N, in either case', () => {
    expect(press('u')).toEqual('undo');
    expect(press('U')).toEqual('undo');
    expect(press('z', { ctrlKey: true })).toEqual('undo');
    expect(press('z', { metaKey: true })).toEqual('undo');
    expect(press('n')).toEqual('newGame');
  });

  it('leaves keys with other modifiers, other shortcuts and composition to the browser', () => {
    expect(press('ArrowLeft', { shiftKey: true })).toBeNull();
    expect(press('ArrowLeft', { altKey: true })).toBeNull();
    expect(press('ArrowLeft', { ctrlKey: true })).toBeNull();
    expect(press('z', { ctrlKey: true, shiftKey: true })).toBeNull();
    expect(press('z', { ctrlKey: true, metaKey: true })).toBeNull();
    expect(press('n', { metaKey: true })).toBeNull();
    expect(press('a', { isComposing: true })).toBeNull();
    expect(press('Enter')).toBeNull();
    expect(press(' ')).toBeNull();
  });

  it('in page scope takes keys anywhere on the document and stops arrows scrolling the page', () => {
    const doc = new EventTarget();
    const game = new FakeElement('DIV', doc);
    const { log, commands } = recorder();
    attachKeyboard(game.asHtml(), commands as never, { scope: 'page' });
    const arrow = fire(doc, 'keydown', key('ArrowDown'), new FakeElement('BUTTON', doc));
    const tab = fire(doc, 'keydown', key('Tab'));
    expect(log).toEqual(['down']);
    expect(arrow.defaultPrevented).toBe(true);
    expect(tab.defaultPrevented).toBe(false);
  });

  it('never takes keys typed into a text field, a list, editable text or an open dialog', () => {
    const doc = new EventTarget();
    const game = new FakeElement('DIV', doc);
    const { log, commands } = recorder();
    attachKeyboard(game.asHtml(), commands as never, { scope: 'page' });
    const editable = Object.assign(new FakeElement('P', doc), { isContentEditable: true });
    for (const from of [
      new FakeElement('INPUT', doc),
      new FakeElement('TEXTAREA', doc),
      new FakeElement('SELECT', doc),
      editable,
      new FakeElement('BUTTON', doc, ['dialog']),
    ]) {
      const event = fire(doc, 'keydown', key('a'), from);
      expect(event.defaultPrevented).toBe(false);
    }
    expect(log).toEqual([]);
  });

  it('in focus scope hears only keys sent to the game element', () => {
    const doc = new EventTarget();
    const game = new FakeElement('DIV', doc);
    const { log, commands } = recorder();
    attachKeyboard(game.asHtml(), commands as never, { scope: 'focus' });
    fire(doc, 'keydown', key('ArrowLeft'));
    fire(game, 'keydown', key('ArrowRight'));
    expect(log).toEqual(['right']);
  });

  it('skips a key another handler already took, and hears nothing once detached', () => {
    const doc = new EventTarget();
    const { log, commands } = recorder();
    const takeEverything = (e: Event): void => e.preventDefault();
    doc.addEventListener('keydown', takeEverything);
    const detach = attachKeyboard(new FakeElement('DIV', doc).asHtml(), commands as never, { scope: 'page' });
    fire(doc, 'keydown', key('ArrowLeft'));
    doc.removeEventListener('keydown', takeEverything);
    detach();
    fire(doc, 'keydown', key('ArrowLeft'));
    expect(log).toEqual([]);
  });

  it('writes the page’s key help from the keymap: each data-keys button’s shortcuts, and the how-to with each key in a kbd', () => {
    class Node {
      readonly attributes: Record<string, string> = {};
      children: unknown[] = [];
      textContent = '';
      constructor(
        readonly tagName: string,
        readonly dataset: Record<string, string> = {},
      ) {}
      setAttribute(name: string, value: string): void {
        this.attributes[name] = value;
      }
      replaceChildren(...nodes: unknown[]): void {
        this.children = nodes;
      }
    }
    const undo = new Node('BUTTON', { keys: 'undo' });
    const play = new Node('BUTTON', { keys: 'playPause' });
    const howTo = new Node('P');
    const doc = {
      ownerDocument: null,
      createElement: (tag: string) => new Node(tag.toUpperCase()),
      querySelectorAll: (selector: string) => (selector === '[data-keys]' ? [undo, play] : selector === '[data-how-to]' ? [howTo] : []),
    };
    describeKeys(doc as never);
    expect([undo.attributes['aria-keyshortcuts'], play.attributes['aria-keyshortcuts']]).toEqual(['U Control+Z Meta+Z', 'Space K']);
    const shown = howTo.children.map((c) => (typeof c === 'string' ? c : `[${(c as Node).tagName}:${(c as Node).textContent}]`)).join('');
    expect(shown).toBe(
      'Slide the tiles with [KBD:←][KBD:↑][KBD:→][KBD:↓], [KBD:WASD], [KBD:HJKL] or a swipe. Equal tiles merge. [KBD:U] or [KBD:Ctrl+Z] undoes, [KBD:N] starts a new game.',
    );
  });
});
