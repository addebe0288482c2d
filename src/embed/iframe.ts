/**
 * The iframe page (embed.html): one game filling the frame, set up from the address
 * (`embed.html?size=4&seed=42&skin=flat&origin=https://host.example`, the same names as
 * the element's attributes). It posts the height it needs and the game's events to its
 * parent, and takes commands only from the parent window, and only from an origin listed
 * in `origin`. Without `origin` it takes no commands at all.
 */
import type { AttributeName, ResolvedOptions } from './options';
import { GAME_EVENTS, optionsFromStrings } from './options';
import type { FrameCommand, FrameMessage, MessageId } from './protocol';
import { FRAME_SOURCE } from './protocol';
import { parseCommand, parseOrigins } from './frame-commands';
import type { GameHandle } from './handle';
import { markLang } from '../game-ui/localize';
import { startGame } from './mount';

type Outgoing = FrameMessage extends infer M ? (M extends unknown ? Omit<M, 'source'> : never) : never;

/** Where messages to the parent may go: "*" when no origin is listed (a game's events are no secret), else only a listed one. */
function outgoingTarget(allowed: readonly string[], parent: string | null): string | null {
  if (allowed.length === 0) return '*';
  if (parent !== null) return allowed.includes(parent) ? parent : null;
  return allowed.length === 1 ? (allowed[0] ?? null) : '*';
}

/** The framing page's origin, where the browser tells it. */
function parentOrigin(): string | null {
  const ancestors = location.ancestorOrigins as DOMStringList | undefined;
  if (ancestors && ancestors.length > 0) return ancestors.item(0);
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/** The frame's colour scheme follows the game's theme (see embed.html), so a host page of the same scheme shows through. */
function followTheme(root: HTMLElement | null): void {
  if (!root) return;
  const copy = (): void => {
    document.documentElement.dataset.theme = root.dataset.theme ?? 'auto';
  };
  copy();
  new MutationObserver(copy).observe(root, { attributes: true, attributeFilter: ['data-theme'] });
}

function run(game: GameHandle, command: FrameCommand): Promise<unknown> | void {
  switch (command.type) {
    case 'move':
      game.move(command.dir);
      return;
    case 'undo':
      game.undo();
      return;
    case 'newGame':
      game.newGame({ size: command.size, seed: command.seed, dimensions: command.dimensions });
      return;
    case 'setSkin':
      return game.setSkin(command.skin);
    case 'setOptions': {
      const { type: _type, target: _target, id: _id, ...options } = command;
      game.setOptions(options);
      return;
    }
    case 'getState':
      return;
  }
}

export function startFramePage(): GameHandle {
  const params = new URLSearchParams(location.search);
  // The frame's own defaults where the address is silent: keys anywhere in it, saved under "frame".
  const checked = optionsFromStrings((name: AttributeName) => params.get(name), true);
  const allowed = parseOrigins(params.getAll('origin'));
  const framed = window.parent !== window;
  document.documentElement.dataset.framed = String(framed);

  const send = (message: Outgoing, to: { window: MessageEventSource; origin: string } | null = null): void => {
    const full = { source: FRAME_SOURCE, ...message } as FrameMessage;
    if (to) (to.window as Window).postMessage(full, to.origin);
    else if (framed && target !== null) window.parent.postMessage(full, target);
  };
  const on = Object.fromEntries(GAME_EVENTS.map((name) => [name, (detail: object) => send({ type: name, ...detail } as Outgoing)]));
  const options: ResolvedOptions = { ...checked.value, on };

  const parent = framed ? parentOrigin() : null;
  const target = outgoingTarget(allowed.value, parent);
  const problems = [...checked.problems, ...allowed.problems];
  if (framed && target === null)
    problems.push(
      `this page is framed by ${parent ?? 'an unknown page'}, which is not among origin=${allowed.value.join(',')}, so it sends and accepts no messages`,
    );

  const host = document.getElementById('game');
  if (!host) throw new Error('embed.html is missing #game');
  // The frame is all game: its document speaks the game's language (`<html lang dir>`).
  const game = startGame({
    shadow: host.attachShadow({ mode: 'open' }),
    events: host,
    options,
    problems,
    onLang: (lang) => markLang(document.documentElement, lang),
  });
  void game.ready.then((skin) => send({ type: 'ready', skin, state: game.getState() }));
  followTheme(host.shadowRoot?.querySelector<HTMLElement>('.root') ?? null);

  let height = 0;
  new ResizeObserver(() => {
    const needed = Math.ceil(document.body.getBoundingClientRect().height);
    if (needed === height) return;
    height = needed;
    send({ type: 'resize', height });
  }).observe(document.body);

  const refused = new Set<string>();
  window.addEventListener('message', (event) => {
    const parsed = parseCommand(event.data);
    if (!parsed) return;
    if (event.source !== window.parent || !framed || !allowed.value.includes(event.origin)) {
      if (!refused.has(event.origin))
        console.error(
          `cube2048: a command from ${event.origin} was refused: only the framing page, from an origin listed in origin=, may send commands.`,
        );
      refused.add(event.origin);
      return;
    }
    const reply = { window: event.source, origin: event.origin };
    const answer = (id: MessageId | undefined): void =>
      send({ type: 'state', state: game.getState(), ...(id !== undefined ? { id } : {}) }, reply);
    if (!parsed.ok) {
      console.error(`cube2048: ${parsed.error}.`);
      send({ type: 'error', message: parsed.error, ...(parsed.id !== undefined ? { id: parsed.id } : {}) }, reply);
      return;
    }
    const done = run(game, parsed.command);
    if (done) void done.then(() => answer(parsed.command.id));
    else answer(parsed.command.id);
  });
  return game;
}

startFramePage();
