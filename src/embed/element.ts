/**
 * `<cube-2048 size="4" seed="42" skin="cubes" storage-key="daily">`: the game as a custom
 * element. Importing this module registers it (once). It plays while it is in the document
 * and is taken down without a trace when removed; its attributes apply live.
 */
import type { Direction } from '../engine';
import type { GameHandle } from './mount';
import { startGame } from './mount';
import type { AttributeName, EmbedSkin, GameEventMap, GameSnapshot, KeyboardScope, ThemeChoice } from './options';
import { ATTRIBUTES, checkAttribute, optionsFromStrings, problemLine } from './options';

export const ELEMENT_NAME = 'cube-2048';

const BaseElement: typeof HTMLElement = typeof HTMLElement === 'function' ? HTMLElement : (class {} as typeof HTMLElement);

export class Cube2048Element extends BaseElement {
  static get observedAttributes(): readonly AttributeName[] {
    return ATTRIBUTES;
  }

  #game: GameHandle | null = null;

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
  }

  /** The running game, while the element is in a document. */
  get game(): GameHandle | null {
    return this.#game;
  }

  connectedCallback(): void {
    if (!this.#game) this.#mount();
  }

  disconnectedCallback(): void {
    // Moving the element (removed and inserted in one task) keeps the game; only a real removal ends it.
    queueMicrotask(() => {
      if (!this.isConnected) this.#unmount();
    });
  }

  attributeChangedCallback(name: AttributeName, old: string | null, value: string | null): void {
    const game = this.#game;
    if (!game || old === value) return;
    const checked = checkAttribute(name, value);
    const line = problemLine(checked.problems);
    if (line) {
      console.error(line);
      return;
    }
    const next = checked.value;
    const state = game.getState();
    switch (name) {
      case 'size':
        if (next.size !== undefined && next.size !== state.size) game.newGame({ size: next.size, ...this.#seedOption() });
        break;
      case 'seed':
        if (next.seed !== undefined && next.seed !== state.seed) game.newGame({ seed: next.seed });
        break;
      case 'skin':
        if (next.skin) void game.setSkin(next.skin);
        break;
      case 'storage-key':
        // Another save slot is another game: start over from what that slot holds.
        this.#unmount();
        this.#mount();
        break;
      case 'keyboard':
      case 'theme':
      case 'reduced-motion':
        game.setOptions({ keyboard: next.keyboard, theme: next.theme, ...('reducedMotion' in next ? { reducedMotion: next.reducedMotion } : {}) });
        break;
    }
  }

  #seedOption(): { seed?: number } {
    const seed = checkAttribute('seed', this.getAttribute('seed')).value.seed;
    return seed === undefined ? {} : { seed };
  }

  #mount(): void {
    const shadow = this.shadowRoot;
    if (!shadow) return;
    const checked = optionsFromStrings((name) => this.getAttribute(name));
    this.#game = startGame({ shadow, events: this, options: checked.value, problems: checked.problems });
  }

  #unmount(): void {
    this.#game?.destroy();
    this.#game = null;
  }

  // Properties reflect the attributes, so `el.size = 5` and `size="5"` are the same thing.
  get size(): number | null {
    return checkAttribute('size', this.getAttribute('size')).value.size ?? null;
  }
  set size(value: number | null) {
    this.#reflect('size', value);
  }
  get seed(): number | null {
    return checkAttribute('seed', this.getAttribute('seed')).value.seed ?? null;
  }
  set seed(value: number | null) {
    this.#reflect('seed', value);
  }
  get skin(): EmbedSkin {
    return checkAttribute('skin', this.getAttribute('skin')).value.skin ?? 'cubes';
  }
  set skin(value: EmbedSkin | null) {
    this.#reflect('skin', value);
  }
  /** The storage key prefix; "none" saves nothing. */
  get storageKey(): string | null {
    return this.getAttribute('storage-key');
  }
  set storageKey(value: string | null) {
    this.#reflect('storage-key', value);
  }
  get keyboard(): KeyboardScope {
    return checkAttribute('keyboard', this.getAttribute('keyboard')).value.keyboard ?? 'focus';
  }
  set keyboard(value: KeyboardScope | null) {
    this.#reflect('keyboard', value);
  }
  get theme(): ThemeChoice {
    return checkAttribute('theme', this.getAttribute('theme')).value.theme ?? 'auto';
  }
  set theme(value: ThemeChoice | null) {
    this.#reflect('theme', value);
  }
  /** null follows the system. */
  get reducedMotion(): boolean | null {
    return checkAttribute('reduced-motion', this.getAttribute('reduced-motion')).value.reducedMotion ?? null;
  }
  set reducedMotion(value: boolean | null) {
    this.#reflect('reduced-motion', value);
  }

  #reflect(name: AttributeName, value: string | number | boolean | null): void {
    if (value === null || value === undefined) this.removeAttribute(name);
    else this.setAttribute(name, String(value));
  }

  /** The game now; null while the element is not in a document. */
  getState(): GameSnapshot | null {
    return this.#game?.getState() ?? null;
  }
  subscribe(listener: (state: GameSnapshot) => void): () => void {
    if (!this.#game) throw new Error('cube2048: the element plays only while it is in a document; subscribe after adding it');
    return this.#game.subscribe(listener);
  }
  move(dir: Direction): boolean {
    return this.#game?.move(dir) ?? false;
  }
  undo(): boolean {
    return this.#game?.undo() ?? false;
  }
  newGame(options?: { readonly size?: number; readonly seed?: number }): void {
    this.#game?.newGame(options);
  }
  setSkin(name: EmbedSkin): Promise<EmbedSkin> {
    if (this.#game) return this.#game.setSkin(name);
    this.skin = name;
    return Promise.resolve(this.skin);
  }
}

/** Registers `<cube-2048>` unless a definition (this one, or another copy of the package) is already there. */
export function defineCube2048Element(registry: CustomElementRegistry | undefined = globalThis.customElements): void {
  if (registry && !registry.get(ELEMENT_NAME)) registry.define(ELEMENT_NAME, Cube2048Element);
}

defineCube2048Element();

type Cube2048Events = { [K in keyof GameEventMap as `cube2048:${K}`]: CustomEvent<GameEventMap[K]> };

declare global {
  interface HTMLElementTagNameMap {
    'cube-2048': Cube2048Element;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementEventMap extends Cube2048Events {}
}
