/**
 * The game page's side of a cube game, loaded when one is shown and ended when a square one
 * replaces it (cube-on-demand.ts), so a square game downloads none of it: the keys for `in` and
 * `out` and the key held to spread the layers (input/cube-keys.ts), the buttons that do the same
 * on a touch screen (shown there only, as the page's touch help is), the sentence naming those
 * keys, and the AI's hint on the board for every skin (cube-hint.ts: a cube's hint may be `in` or
 * `out`, which a skin's side badge cannot show).
 */
import type { DepthDirection } from '../engine';
import type { Lang } from '../i18n/core';
import { say } from '../i18n/core';
import { EN_AI } from '../i18n/en/ai';
import { EN_CUBE } from '../i18n/en/cube';
import { attachCubeKeys } from '../input/cube-keys';
import { icon } from '../game-ui/icon';
import { DEPTH_ICONS, cubeHint } from './cube-hint';
import { CUBE_SHORTCUTS, cubeHowToSentence } from '../input/cube-how-to';
import type { GameStore } from '../store';
import type { Commands } from '../input';
import type { SkinHost } from '../game-ui/skin-host';
import type { Lifetime } from '../game-ui/lifetime';
import { createLifetime } from '../game-ui/lifetime';
import { byId } from './by-id';

export interface CubePartOptions {
  readonly doc: Document;
  /** The player's commands, as the game's keys give them (paced, held while a dialog is open). */
  readonly commands: Commands;
  /** The skins: the one shown spreads the layers, where it can. */
  readonly skins: Pick<SkinHost, 'skin'>;
  readonly lang: () => Lang;
}

export interface CubePart {
  /** Writes its words again in the page's language. */
  relabel(): void;
  dispose(): void;
}

const ICONS: Readonly<Record<DepthDirection | 'spread', string>> = { ...DEPTH_ICONS, spread: 'M4 4h16v3H4zm0 6.5h16v3H4zM4 17h16v3H4z' };

function button(doc: Document, name: DepthDirection | 'spread'): HTMLButtonElement {
  const el = Object.assign(doc.createElement('button'), { type: 'button', className: 'button small' });
  el.dataset['cube'] = name;
  el.append(icon(doc, ICONS[name]), Object.assign(doc.createElement('span'), { className: 'label' }));
  return el;
}

/** The buttons for touch play, before the AI bar; the spread button works while held. */
function cubeButtons(
  doc: Document,
  life: Lifetime,
  { move, spread }: { move: (dir: DepthDirection) => void; spread: (on: boolean) => void },
) {
  const group = Object.assign(doc.createElement('div'), { className: 'cube-controls' });
  group.setAttribute('role', 'group');
  const [away, near, spreader] = (['in', 'out', 'spread'] as const).map((name) => button(doc, name)) as [
    HTMLButtonElement,
    HTMLButtonElement,
    HTMLButtonElement,
  ];
  group.append(away, near, spreader);
  away.setAttribute('aria-keyshortcuts', CUBE_SHORTCUTS.in);
  near.setAttribute('aria-keyshortcuts', CUBE_SHORTCUTS.out);
  spreader.setAttribute('aria-keyshortcuts', CUBE_SHORTCUTS.spread);
  life.listen(away, 'click', () => move('in'));
  life.listen(near, 'click', () => move('out'));
  // Held by a finger (or the mouse), or by Space or Enter while it has focus.
  life.listen<PointerEvent>(spreader, 'pointerdown', (event) => {
    spreader.setPointerCapture?.(event.pointerId);
    spread(true);
  });
  for (const type of ['pointerup', 'pointercancel', 'lostpointercapture', 'blur']) life.listen(spreader, type, () => spread(false));
  life.listen<KeyboardEvent>(spreader, 'keydown', (event) => {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    spread(true);
  });
  life.listen<KeyboardEvent>(spreader, 'keyup', (event) => {
    if (event.key === ' ' || event.key === 'Enter') spread(false);
  });
  // No menu or text selection from a long press on a phone.
  life.listen(spreader, 'contextmenu', (event) => event.preventDefault());
  byId(doc, 'ai-hint').parentElement?.before(group);
  life.own(() => group.remove());
  return { group, away, near, spreader };
}

/** The sentences saying how to play the third axis: with the keys, and on a touch screen. */
function cubeHelp(doc: Document, life: Lifetime): { keys: HTMLElement; touch: HTMLElement } {
  const keys = Object.assign(doc.createElement('span'), { className: 'keys-help' });
  const touch = Object.assign(doc.createElement('span'), { className: 'touch-help' });
  const help = Object.assign(doc.createElement('p'), { className: 'how-to cube-help' });
  help.append(keys, touch);
  byId(doc, 'how-to').after(help);
  life.own(() => help.remove());
  return { keys, touch };
}

/** The cube part while a cube game is shown, ended when a square one replaces it (and started again with the next cube). */
export function followCubes(store: GameStore, options: CubePartOptions): CubePart {
  const life = createLifetime();
  let part: CubePart | null = null;
  const follow = (): void => {
    const cube = store.getState().game.board.dimensions === 3;
    if (cube === (part !== null)) return;
    part?.dispose();
    part = cube ? startCubePart(options) : null;
  };
  follow();
  life.own(store.subscribe(follow));
  life.own(() => part?.dispose());
  // The page marks <html lang> when its language changes: the words follow.
  const words = new MutationObserver(() => part?.relabel());
  words.observe(options.doc.documentElement, { attributes: true, attributeFilter: ['lang'] });
  life.own(words);
  return { relabel: () => part?.relabel(), dispose: life.end };
}

function startCubePart({ doc, commands, skins, lang }: CubePartOptions): CubePart {
  const life = createLifetime();
  const move = (dir: DepthDirection): void => commands.move(dir);
  const spread = (on: boolean): void => skins.skin()?.spreadLayers?.(on);
  life.own(attachCubeKeys(doc, { move, spread }));
  const buttons = cubeButtons(doc, life, { move, spread });
  const hint = cubeHint(byId(doc, 'game'), life, {
    words: (dir) => say(lang(), EN_AI, `ai.move.${dir}`),
    azimuth: () => skins.skin()?.azimuth?.() ?? 0,
  });
  const help = cubeHelp(doc, life);
  const kbd = (label: string): HTMLElement => Object.assign(doc.createElement('kbd'), { textContent: label });
  const relabel = (): void => {
    const l = lang();
    buttons.group.setAttribute('aria-label', say(l, EN_CUBE, 'cube.controls'));
    for (const [el, key] of [
      [buttons.away, 'cube.in'],
      [buttons.near, 'cube.out'],
      [buttons.spreader, 'cube.spread'],
    ] as const)
      (el.lastChild as HTMLElement).textContent = say(l, EN_CUBE, key);
    hint.relabel();
    help.keys.replaceChildren(
      ...cubeHowToSentence(l)
        .split(/[[\]]/)
        .map((part, i) => (i % 2 === 1 ? kbd(part) : part)),
    );
    help.touch.textContent = say(l, EN_CUBE, 'cube.howToTouch');
  };
  relabel();
  return { relabel, dispose: life.end };
}
