/**
 * The conformance kit on the skins we ship and the outside example, as `npm test` holds
 * them to it; and on skins broken on purpose, so the kit is seen to catch each fault and
 * say it in words a skin author can act on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedPage } from './harness';
import { openPage, sharedBrowser } from './harness';
import type { ServedFixtures } from './fixtures/serve';
import { fixturesOnce } from './fixtures/serve';
import type { SkinKitReport } from '../../src/skin-kit';

declare global {
  interface Window {
    skinKit: { run(name: string, foreign?: boolean): Promise<SkinKitReport & { readonly text: string; readonly foreignRan: boolean }> };
  }
}

const browser = sharedBrowser();
let served: ServedFixtures;
let opened: OpenedPage;

beforeAll(async () => {
  served = await fixturesOnce();
  opened = await openPage(browser(), served.url('skin-kit.html'));
  await opened.page.waitForFunction(() => document.body.dataset.ready === 'true');
}, 180_000);

afterAll(async () => {
  await opened?.close();
  await served?.close();
});

const run = (name: string, foreign = false): Promise<SkinKitReport & { readonly text: string; readonly foreignRan: boolean }> =>
  opened.page.evaluate(([n, f]) => window.skinKit.run(n, f), [name, foreign] as const);
const problemsOf = (report: SkinKitReport, check: string): readonly string[] =>
  report.checks.find((c) => c.name.startsWith(check))?.problems ?? ['(no such check)'];

describe('the skin conformance kit', () => {
  it.each(['flat', 'text', 'cubes', 'canvas'])('passes the %s skin on every check', async (name) => {
    const report = await run(name);
    console.info(`kit: ${name} in ${report.ms} ms`);
    expect(report.text).toMatch(new RegExp(`^✓ the ${name} skin passed all 12 checks`));
    expect(report.passed).toBe(true);
  });

  it('passes a good skin while a test runner and a dev server poll, listen and keep a timer alive in the same page', async () => {
    for (const name of ['canvas', 'flat']) {
      const report = await run(name, true);
      expect(report.foreignRan).toBe(true);
      expect(report.text).toMatch(new RegExp(`^✓ the ${name} skin passed all 12 checks`));
    }
  });

  it('says what a leaky dispose() leaves, and where the skin made each: nodes, a listener, a timer set by its store listener, an observer, a store subscription', async () => {
    const report = await run('broken-leaks');
    expect(report.passed).toBe(false);
    // The line of the skin's code that made it, as the engine writes a stack line: "Object.mount (…:1:234)" or "mount@…:1:234".
    const at = (fn: string): string => `, at \\S*${fn}\\b.*:\\d+:\\d+\\)?\\)`;
    expect(problemsOf(report, 'takes everything back')).toEqual([
      'dispose() left 1 node in the host (first: <pre>); remove everything mount() added',
      'the skin left 1 node outside the host (first: <aside> in <body>, added in mount(host, store)); draw only inside the host',
      expect.stringMatching(
        new RegExp(`^a "resize" listener on the window was not removed \\(made in mount\\(host, store\\)${at('mount')}$`),
      ),
      expect.stringMatching(
        new RegExp(`^1 setInterval timer still running \\(made in its store listener${at('')}; clear it in dispose\\(\\)$`),
      ),
      expect.stringMatching(
        new RegExp(
          `^a ResizeObserver still observes the host \\(made in mount\\(host, store\\)${at('mount')}; disconnect it in dispose\\(\\)$`,
        ),
      ),
      '1 store subscription is still open; call the function subscribe() returned',
    ]);
  });

  it('names the stale tile, the cell and the move when a skin stops following the board', async () => {
    const report = await run('broken-stale');
    expect(problemsOf(report, 'shows the first board')).toEqual([]);
    const moves = problemsOf(report, 'shows the board at rest after every move');
    expect(moves[0]).toMatch(
      /^after move 1 \((left|right|up|down)\), the skin (does not show the \d+|shows a stale \d+) at row \d, column \d/,
    );
  });

  it('catches a skin that asks for frames while nothing moves, and leaves one asked for on dispose', async () => {
    const report = await run('broken-busy');
    expect(problemsOf(report, 'shows the first board')).toEqual([
      'at rest the skin keeps asking for animation frames; draw on demand, only while something moves',
    ]);
    expect(problemsOf(report, 'takes everything back')).toContainEqual(
      expect.stringMatching(
        /^1 animation frame is still requested from the window \(made in an animation frame it asked for, at .+:\d+:\d+\)?\); cancel it in dispose\(\)$/,
      ),
    );
  });

  it('flags tiles left half-faded at rest', async () => {
    const report = await run('broken-hidden');
    expect(problemsOf(report, 'shows the first board')[0]).toMatch(
      /^after mounting, the \d+ at row \d, column \d is shown at scale 1 and opacity 0\.50, not at full size$/,
    );
  });

  it('reports a mount that throws and a factory that returns no skin, and runs nothing after', async () => {
    const throwing = await run('broken-throws');
    expect(throwing.checks).toEqual([
      { name: 'the factory returns a skin and it mounts in the host', problems: ['mount(host, store) threw Error: the GPU is on fire'] },
    ]);
    const nothing = await run('not-a-skin');
    expect(nothing.checks[0]?.problems).toEqual([
      'the factory returned an object without mount, setHint, update, finish, dispose: not a skin',
    ]);
    expect(nothing.text).toMatch(/^✗ the \(unnamed\) skin failed 1 of 1 checks/);
  });
});
