/**
 * An outside skin: the game drawn as round counters on a Canvas 2D board. It imports only
 * `cube2048/skin`, as any skin of yours would; docs/skins.md walks through it line by line.
 */
import type { Direction, GameView, Pose, ReadonlyStore, Skin, SkinFactory, SkinInspection, Timeline } from 'cube2048/skin';
import {
  BOARD_COLOURS,
  Playback,
  SkinSettings,
  TILE_FONT,
  labelFontScale,
  poseAt,
  textColour,
  tileColour,
  tileLabel,
  tilesAt,
} from 'cube2048/skin';

/** A counter's diameter as a share of its cell, and the board's margin in cells. */
const COUNTER = 0.86;
const MARGIN = 0.12;
/** Where the hint arrow points, as a unit vector on the screen (rows grow downwards). */
const ARROW: Record<Direction, readonly [number, number]> = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] };

export const createCanvasSkin: SkinFactory = (options = {}): Skin => {
  // Theme and reduced motion as given, or as the system says when not given; repaint on change.
  const settings = new SkinSettings(options, () => repaint());
  // Frames on demand: `begin` once per change, `draw` each frame while the change animates.
  const playback = new Playback(settings.clock, { begin, draw }, () => settings.reducedMotion);
  const pose: Pose = { col: 0, row: 0, scale: 1, opacity: 1 };
  let canvas: HTMLCanvasElement | null = null;
  let ctx: CanvasRenderingContext2D | null = null;
  let resizer: ResizeObserver | null = null;
  let hint: Direction | null = null;
  let lastElapsed = 0;
  // Per-change text and colours, worked out in begin() so that frames allocate nothing.
  let labels: string[] = [];
  let fonts: string[] = [];
  let fills: string[] = [];
  let inks: string[] = [];

  /** Pixels per cell, and where cell (0, 0) starts. */
  const cellSize = (size: number): number => (canvas ? canvas.width / (size + 2 * MARGIN) : 0);

  function begin(timeline: Timeline): void {
    const cell = cellSize(timeline.size);
    labels = timeline.tracks.map((t) => tileLabel(t.exponent));
    fonts = labels.map((label) => `700 ${Math.round(cell * COUNTER * labelFontScale(label) * 1.1)}px ${TILE_FONT}`);
    fills = timeline.tracks.map((t) => tileColour(t.exponent));
    inks = timeline.tracks.map((t) => textColour(t.exponent));
  }

  function draw(timeline: Timeline, elapsed: number): boolean {
    lastElapsed = elapsed;
    if (!ctx || !canvas) return false;
    const { size, tracks } = timeline;
    const colours = BOARD_COLOURS[settings.theme];
    const cell = cellSize(size);
    const at = (i: number): number => (MARGIN + i + 0.5) * cell;
    ctx.fillStyle = colours.board;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = colours.slot;
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        ctx.beginPath();
        ctx.arc(at(c), at(r), (cell * COUNTER) / 2, 0, 2 * Math.PI);
        ctx.fill();
      }
    }
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let i = 0; i < tracks.length; i++) {
      if (!poseAt(tracks[i]!, size, elapsed, pose)) continue;
      ctx.globalAlpha = pose.opacity;
      ctx.fillStyle = fills[i]!;
      ctx.beginPath();
      ctx.arc(at(pose.col), at(pose.row), (cell * COUNTER * pose.scale) / 2, 0, 2 * Math.PI);
      ctx.fill();
      ctx.fillStyle = inks[i]!;
      ctx.font = fonts[i]!;
      ctx.fillText(labels[i]!, at(pose.col), at(pose.row) + cell * 0.03, cell * COUNTER * 0.8);
    }
    ctx.globalAlpha = 1;
    if (hint) drawArrow(ctx, canvas.width / 2, ARROW[hint], cell, colours.hint);
    return false;
  }

  function repaint(): void {
    begin(playback.current);
    playback.finish();
  }

  /** The canvas keeps the host's size at the screen's pixel density. */
  function fit(): void {
    if (!canvas) return;
    const side = Math.max(1, Math.round(Math.min(canvas.clientWidth, canvas.clientHeight) * (globalThis.devicePixelRatio || 1)));
    if (canvas.width !== side) canvas.width = canvas.height = side;
    repaint();
  }

  return {
    name: 'canvas',
    mount(host: HTMLElement, store: ReadonlyStore<GameView>) {
      if (canvas) throw new Error('this skin is already mounted; dispose it first');
      canvas = host.ownerDocument.createElement('canvas');
      // The game keeps an accessible grid and a live region beside the skin, so the picture is decoration.
      canvas.setAttribute('aria-hidden', 'true');
      Object.assign(canvas.style, { display: 'block', width: '100%', height: '100%', objectFit: 'contain' });
      host.append(canvas);
      ctx = canvas.getContext('2d');
      // Guarded: should fit() throw, the game replaces this skin by the flat board rather than break.
      resizer = new ResizeObserver(options.guard?.(fit) ?? fit);
      resizer.observe(canvas);
      playback.follow(store);
      fit();
    },
    setHint(dir) {
      hint = dir;
      playback.request();
    },
    update(next) {
      settings.update(next);
      repaint();
    },
    finish() {
      playback.finish();
    },
    dispose() {
      playback.stop();
      settings.stop();
      resizer?.disconnect();
      canvas?.remove();
      canvas = ctx = resizer = null;
    },
    inspect(): SkinInspection {
      return { frames: playback.frames, animating: playback.animating, tiles: tilesAt(playback.current, lastElapsed) };
    },
  };
};

/** A chevron in the board's margin on the hinted side. */
function drawArrow(ctx: CanvasRenderingContext2D, middle: number, [dx, dy]: readonly [number, number], cell: number, colour: string): void {
  const reach = middle - (MARGIN * cell) / 2;
  const x = middle + dx * reach;
  const y = middle + dy * reach;
  const arm = MARGIN * cell * 0.35;
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(1, arm / 2.5);
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x - dx * arm - dy * arm * 1.6, y - dy * arm - dx * arm * 1.6);
  ctx.lineTo(x, y);
  ctx.lineTo(x - dx * arm + dy * arm * 1.6, y - dy * arm + dx * arm * 1.6);
  ctx.stroke();
}
