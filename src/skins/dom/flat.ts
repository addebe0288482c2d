/**
 * The flat skin: the classic 2048 look in plain DOM. Tiles move with CSS transforms set
 * once per frame from the shared timeline (the same timings as the cubes). Every style is
 * set through the CSSOM on the skin's own elements: no stylesheet, nothing outside the
 * host, and it works under a strict Content-Security-Policy and inside a shadow root.
 */
import type { Direction } from '../../engine';
import type { GameView, ReadonlyStore } from '../../store/types';
import { BOARD_COLOURS, TILE_FONT, labelFontScale, textColour, tileColour, tileGlow, tileLabel } from '../palette';
import { Playback } from '../playback';
import type { Skin, SkinInspection, SkinOptions } from '../skin';
import { SkinSettings } from '../skin-options';
import type { CubeView } from './flat-cube';
import type { Pose, Timeline, Track } from '../timeline';
import { poseAt, tilesAt } from '../timeline';

/** A tile's width as a share of the cell pitch (the original: 107 px tiles, 15 px gaps). */
const TILE_SHARE = 0.875;

interface Geometry {
  /** Tile width as a percentage of the board. */
  readonly tile: number;
  /** Offset of cell 0 and the cell pitch, as percentages of a tile's own width (for translate()). */
  readonly start: number;
  readonly pitch: number;
  /** The same in percentages of the board (for the static slots). */
  readonly startOfBoard: number;
  readonly pitchOfBoard: number;
}

function geometryFor(size: number): Geometry {
  const gap = 1 - TILE_SHARE;
  const side = size + gap; // in pitches: n cells plus one extra gap
  const tile = (TILE_SHARE / side) * 100;
  return {
    tile,
    start: (gap / TILE_SHARE) * 100,
    pitch: (1 / TILE_SHARE) * 100,
    startOfBoard: (gap / side) * 100,
    pitchOfBoard: (1 / side) * 100,
  };
}

function appendLabel(el: HTMLElement, label: string): void {
  const caret = label.indexOf('^');
  if (caret < 0) {
    el.textContent = label;
    return;
  }
  const sup = document.createElement('sup');
  sup.textContent = label.slice(caret + 1);
  sup.style.fontSize = '0.6em';
  el.replaceChildren(label.slice(0, caret), sup);
}

/** A new `<div>` styled with `style`. */
function div(style: Partial<CSSStyleDeclaration> = {}): HTMLDivElement {
  const el = document.createElement('div');
  Object.assign(el.style, style);
  return el;
}

/** The skin's own elements: the board (a size container), its slots, and the hint's badge. */
function createFrame(): [root: HTMLDivElement, slots: HTMLDivElement, hintBar: HTMLDivElement] {
  const root = div({
    position: 'relative',
    width: '100%',
    height: '100%',
    containerType: 'size',
    borderRadius: '1.2%',
    overflow: 'hidden',
    userSelect: 'none',
    contain: 'strict',
  });
  root.setAttribute('aria-hidden', 'true');
  const slots = div();
  // A round badge over the tiles, ringed in the ink of its chevron, so it reads on the board and on any tile.
  const hintBar = div({
    position: 'absolute',
    display: 'none',
    placeItems: 'center',
    zIndex: '4',
    pointerEvents: 'none',
    borderRadius: '50%',
    border: '0.6cqmin solid',
    boxSizing: 'border-box',
    boxShadow: '0 0.3cqmin 1.2cqmin #0006',
  });
  // A square's two borders, turned, make a chevron that scales with the board.
  hintBar.append(
    div({ width: '32%', height: '32%', borderRight: '1.5cqmin solid', borderBottom: '1.5cqmin solid', borderRadius: '0.3cqmin' }),
  );
  root.append(slots, hintBar);
  return [root, slots, hintBar];
}

/** Lays out `n`×`n` empty slots in `slots`. */
function layOutSlots(geometry: Geometry, slots: HTMLDivElement, n: number): void {
  const cells: HTMLDivElement[] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      cells.push(
        div({
          position: 'absolute',
          left: `${geometry.startOfBoard + c * geometry.pitchOfBoard}%`,
          top: `${geometry.startOfBoard + r * geometry.pitchOfBoard}%`,
          width: `${geometry.tile}%`,
          height: `${geometry.tile}%`,
          borderRadius: '5%',
        }),
      );
    }
  }
  slots.replaceChildren(...cells);
}

function paintFrame(root: HTMLDivElement, slots: HTMLDivElement, hintBar: HTMLDivElement, theme: 'light' | 'dark'): void {
  const colours = BOARD_COLOURS[theme];
  root.style.background = colours.board;
  for (const cell of slots.children) (cell as HTMLElement).style.background = colours.slot;
  hintBar.style.background = colours.hint;
  hintBar.style.color = colours.hintInk;
}

/** The element of tile `i`, made (and put on the board) the first time it is needed, then restyled for each change. */
function tileAt(tiles: HTMLDivElement[], i: number, root: HTMLDivElement): HTMLDivElement {
  let el = tiles[i];
  if (el) return el;
  el = div({
    position: 'absolute',
    left: '0',
    top: '0',
    display: 'grid',
    placeItems: 'center',
    borderRadius: '5%',
    fontFamily: TILE_FONT,
    fontWeight: '700',
    lineHeight: '1',
    willChange: 'transform, opacity',
  });
  tiles[i] = el;
  root.append(el);
  return el;
}

/** Dresses `el` as the tile of `track`: its number, size, colours, glow and stacking. */
function styleTile(geometry: Geometry, el: HTMLDivElement, track: Track): void {
  const label = tileLabel(track.exponent);
  const glow = tileGlow(track.exponent);
  appendLabel(el, label);
  Object.assign(el.style, {
    display: 'grid',
    width: `${geometry.tile}%`,
    height: `${geometry.tile}%`,
    background: tileColour(track.exponent),
    color: textColour(track.exponent),
    fontSize: `${(labelFontScale(label) * geometry.tile).toFixed(3)}cqmin`,
    // The classic warm halo around the gold tiles, in board-relative units so it scales.
    boxShadow:
      glow > 0
        ? `0 0 ${(3 * glow).toFixed(2)}cqmin ${(0.8 * glow).toFixed(2)}cqmin rgba(243, 215, 116, ${(0.45 * glow).toFixed(3)})`
        : 'none',
    // New tiles on top; the second tile of a merge slides under the first.
    zIndex: track.kind === 'merged' || track.kind === 'spawn' ? '3' : track.under ? '1' : '2',
  });
}

/** Places every tile `elapsed` ms into `timeline` (once a frame). */
function placeTiles(geometry: Geometry, tiles: readonly HTMLDivElement[], timeline: Timeline, elapsed: number, pose: Pose): void {
  const { tracks } = timeline;
  for (let i = 0; i < tracks.length; i++) {
    const el = tiles[i];
    if (!el) continue;
    const visible = poseAt(tracks[i]!, timeline.size, elapsed, pose);
    el.style.visibility = visible ? 'visible' : 'hidden';
    if (!visible) continue;
    const x = geometry.start + pose.col * geometry.pitch;
    const y = geometry.start + pose.row * geometry.pitch;
    el.style.transform = `translate(${x.toFixed(3)}%, ${y.toFixed(3)}%) scale(${pose.scale.toFixed(4)})`;
    el.style.opacity = pose.opacity.toFixed(3);
  }
}

/** The badge at the middle of the hinted side, over the edge tiles' outer corners, its chevron pointing outwards. */
function placeHint(geometry: Geometry, hintBar: HTMLDivElement, hint: Direction | null): void {
  hintBar.style.display = hint ? 'grid' : 'none';
  if (!hint) return;
  const side = geometry.tile * 0.6;
  // The badge's top-left corner on each axis: centred along the side, just inside the board's edge across it.
  const middle = 50 - side / 2;
  const near = 1;
  const far = 99 - side;
  Object.assign(hintBar.style, {
    width: `${side}%`,
    height: `${side}%`,
    left: `${hint === 'left' ? near : hint === 'right' ? far : middle}%`,
    top: `${hint === 'up' ? near : hint === 'down' ? far : middle}%`,
  });
  const rotation = { right: -45, down: 45, left: 135, up: -135 }[hint];
  // The borders sit in one corner of the square; shifting back along the diagonal centres the drawn chevron.
  (hintBar.firstChild as HTMLElement).style.transform = `rotate(${rotation}deg) translate(-20%, -20%)`;
}

/** How the tiles drawn are told: with their layers while a cube shows (`size` 0). */
const tilesOf = (cube: CubeView | undefined, size: number): typeof tilesAt => (cube && !size ? cube.tiles : tilesAt);

export function createFlatSkin(options: SkinOptions = {}): Skin {
  const shared = new SkinSettings(options, () => repaint());
  const playback = new Playback(shared.clock, { begin, draw }, () => shared.reducedMotion);
  const pose: Pose = { col: 0, row: 0, scale: 1, opacity: 1 };
  let root: HTMLDivElement | null = null;
  let slots: HTMLDivElement | null = null;
  let hintBar: HTMLDivElement | null = null;
  const tiles: HTMLDivElement[] = [];
  let size = 0;
  let geometry = geometryFor(4);
  let lastElapsed = 0;
  /** The game, and a cube's drawing (flat-cube.ts), loaded the first time a cube game shows; a cube shows while `size` is 0. */
  let store: ReadonlyStore<GameView>, cube: CubeView | undefined;

  function buildSlots(n: number): void {
    if (!root || !slots || !hintBar) return;
    size = n;
    geometry = geometryFor(n);
    layOutSlots(geometry, slots, n);
    paintFrame(root, slots, hintBar, shared.theme);
  }

  function begin(timeline: Timeline): void {
    if (!root) return;
    // A cube: drawn by its own code, loaded the first time one shows (a frame then draws it where the change is now).
    if (store.getState().game.board.dimensions > 2) {
      size = 0;
      return void import('./flat-cube').then((code) => {
        (cube ??= code.default(root!, shared, poseAt, store)).begin(playback.current);
        playback.request();
      });
    }
    if (timeline.size !== size) buildSlots(timeline.size);
    const { tracks } = timeline;
    for (let i = 0; i < tracks.length; i++) styleTile(geometry, tileAt(tiles, i, root), tracks[i]!);
    for (let i = tracks.length; i < tiles.length; i++) tiles[i]!.style.display = 'none';
    // Place the restyled tiles now: a change made after this frame's callbacks must not paint
    // new colours at old places before the next frame.
    draw(timeline, 0);
  }

  function draw(timeline: Timeline, elapsed: number): boolean {
    lastElapsed = elapsed;
    if (size) placeTiles(geometry, tiles, timeline, elapsed, pose);
    else cube?.draw(timeline, elapsed);
    return false;
  }

  function repaint(): void {
    if (root && slots && hintBar) {
      paintFrame(root, slots, hintBar, shared.theme);
      begin(playback.current);
    }
    playback.finish();
  }

  return {
    name: 'flat',
    dimensions: [2, 3],
    mount(el, game: ReadonlyStore<GameView>) {
      if (root) throw new Error('this skin is already mounted; dispose it first');
      [root, slots, hintBar] = createFrame();
      el.append(root);
      buildSlots((store = game).getState().game.size);
      playback.follow(game);
    },
    setHint(dir) {
      // No hint badge on a cube (size 0): a cube's layers have no one side to point at.
      if (hintBar && size) placeHint(geometry, hintBar, dir);
    },
    update(next) {
      shared.update(next);
      repaint();
    },
    finish() {
      playback.finish();
    },
    dispose() {
      playback.stop();
      shared.stop();
      cube?.dispose();
      root?.remove();
      root = slots = hintBar = null;
      tiles.length = 0;
    },
    inspect(): SkinInspection {
      return { frames: playback.frames, animating: playback.animating, tiles: tilesOf(cube, size)(playback.current, lastElapsed) };
    },
  };
}
