/**
 * `<cube-2048 size="4" seed="42" skin="cubes" storage-key="daily">`: the game as a custom
 * element. Importing this module registers it (once). It plays while it is in the document
 * and is taken down without a trace when removed; its attributes apply live.
 */
import type { CubeDirection } from '../engine';
import type { SkinFactory } from '../skins/skin';
import type { GameHandle } from './handle';
import { startGame } from './mount';
import { tell } from './tell';
import type { AttributeName, AttributeProperties, EmbedSkin, GameEventMap, GameSnapshot } from './options';
import {
  ATTRIBUTES,
  PROPERTY_ATTRIBUTES,
  checkAttribute,
  checkSkinAttribute,
  effectOf,
  optionsFromStrings,
  propertyOf,
  propertyValue,
} from './options';

export const ELEMENT_NAME = 'cube-2048';

const BaseElement: typeof HTMLElement = typeof HTMLElement === 'function' ? HTMLElement : (class {} as typeof HTMLElement);

/** One property per attribute, reflecting it (`AttributeProperties`, from the `OPTIONS` table in options.ts); `lang` is every element's own. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface Cube2048Element extends AttributeProperties {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
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

  attributeChangedCallback(attribute: AttributeName, old: string | null, text: string | null): void {
    const game = this.#game;
    if (!game || old === text) return;
    const checked = checkAttribute(attribute, text);
    if (tell(checked.problems)) return;
    const { name, effect } = effectOf(attribute);
    const value = checked.value[name];
    switch (effect) {
      case 'live':
        game.setOptions({ [name]: value });
        break;
      case 'skin': {
        // The page has had its chance to register the skin: an unknown name is named as the attribute it is.
        const known = checkSkinAttribute(text ?? '');
        if (!tell(text === null ? [] : known.problems)) void game.setSkin(value as EmbedSkin);
        break;
      }
      case 'newGame': {
        // A new game as the attributes now say, when the one changed differs from the game shown.
        const state = game.getState();
        if (value !== undefined && value !== state[name as 'size' | 'dimensions' | 'seed']) game.newGame(this.#options().value);
        break;
      }
      case 'restart':
        // Another save slot is another game: start over from what that slot holds.
        this.#unmount();
        this.#mount();
        break;
      case 'mount':
        break;
    }
  }

  /** The options the attributes give now (a new game reads their size and seed). */
  #options(): ReturnType<typeof optionsFromStrings> {
    return optionsFromStrings((name) => this.getAttribute(name));
  }

  #mount(): void {
    const shadow = this.shadowRoot;
    if (!shadow) return;
    const checked = this.#options();
    this.#game = startGame({ shadow, events: this, options: checked.value, problems: checked.problems });
  }

  #unmount(): void {
    this.#game?.destroy();
    this.#game = null;
  }

  /** The game now; null while the element is not in a document. */
  getState(): GameSnapshot | null {
    return this.#game?.getState() ?? null;
  }
  subscribe(listener: (state: GameSnapshot) => void): () => void {
    if (!this.#game) throw new Error('cube2048: subscribe once the element is in a document');
    return this.#game.subscribe(listener);
  }
  move(dir: CubeDirection): boolean {
    return this.#game?.move(dir) ?? false;
  }
  undo(): boolean {
    return this.#game?.undo() ?? false;
  }
  newGame(options?: Parameters<GameHandle['newGame']>[0]): void {
    this.#game?.newGame(options);
  }
  /** A name sets the `skin` attribute too; a factory is shown without one (there is no text for it). */
  setSkin(skin: EmbedSkin | SkinFactory): Promise<EmbedSkin> {
    if (this.#game) return this.#game.setSkin(skin);
    if (typeof skin === 'string') this.skin = skin;
    return Promise.resolve(this.skin);
  }
}

// One property per attribute, from the options table: reading gives the checked value, writing sets the attribute (null removes it).
for (const attribute of PROPERTY_ATTRIBUTES) {
  Object.defineProperty(Cube2048Element.prototype, propertyOf(attribute), {
    configurable: true,
    enumerable: true,
    get(this: Cube2048Element): unknown {
      return propertyValue(attribute, this.getAttribute(attribute));
    },
    set(this: Cube2048Element, value: unknown) {
      if (value === null || value === undefined) this.removeAttribute(attribute);
      else this.setAttribute(attribute, String(value));
    },
  });
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
