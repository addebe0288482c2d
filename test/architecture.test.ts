/**
 * The layers of docs/ARCHITECTURE.md, checked two ways:
 * - the ESLint rules that guard each layer really fire (a forbidden import in each layer,
 *   linted through the project's own config, is an error; an allowed one is not);
 * - what lint cannot see: the static import graphs of the page and the embed never reach
 *   three.js or the AI search, which must load on demand.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** Rule ids ESLint reports for `code` as if it were the file at `path`. */
async function violations(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, path) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message).filter((id) => id !== '@typescript-eslint/no-unused-vars');
}

const FORBIDDEN: readonly (readonly [layer: string, path: string, code: string, rule: string])[] = [
  [
    'engine',
    'src/engine/probe.ts',
    "import { createGameStore } from '../store';\nexport const s = createGameStore;",
    'no-restricted-imports',
  ],
  ['engine', 'src/engine/probe.ts', "import { Mesh } from 'three';\nexport const m = Mesh;", 'no-restricted-imports'],
  ['engine', 'src/engine/probe.ts', 'export const r = Math.random();', 'no-restricted-properties'],
  ['engine', 'src/engine/probe.ts', 'export const t = Date.now();', 'no-restricted-globals'],
  ['engine', 'src/engine/probe.ts', 'export const w = window.innerWidth;', 'no-restricted-globals'],
  ['store', 'src/store/probe.ts', "import { loadSkin } from '../skins/registry';\nexport const l = loadSkin;", 'no-restricted-imports'],
  ['store', 'src/store/probe.ts', "export const v = localStorage.getItem('x');", 'no-restricted-globals'],
  ['skins', 'src/skins/dom/probe.ts', "import { playMove } from '../../engine';\nexport const p = playMove;", 'no-restricted-imports'],
  [
    'skins',
    'src/skins/dom/probe.ts',
    "import { createGameStore } from '../../store/store';\nexport const s = createGameStore;",
    'no-restricted-imports',
  ],
  ['skins (top level)', 'src/skins/probe.ts', "import { playMove } from '../engine';\nexport const p = playMove;", 'no-restricted-imports'],
  [
    'skins (top level)',
    'src/skins/probe.ts',
    "import { createGameStore } from '../store';\nexport const s = createGameStore;",
    'no-restricted-imports',
  ],
  ['skins timeline', 'src/skins/timeline.ts', 'export const t = performance.now();', 'no-restricted-globals'],
  ['ai', 'src/ai/probe.ts', "import { createGameStore } from '../store';\nexport const s = createGameStore;", 'no-restricted-imports'],
  ['replay', 'src/replay/probe.ts', "import { mountPage } from '../page/page';\nexport const m = mountPage;", 'no-restricted-imports'],
  ['input', 'src/input/probe.ts', "import { playMove } from '../engine';\nexport const p = playMove;", 'no-restricted-imports'],
  ['game-ui', 'src/game-ui/probe.ts', "import { mountPage } from '../page/page';\nexport const m = mountPage;", 'no-restricted-imports'],
  [
    'game-ui history',
    'src/game-ui/history/probe.ts',
    "import { createHistoryView } from '../../page/history/view';\nexport const v = createHistoryView;",
    'no-restricted-imports',
  ],
  ['embed', 'src/embed/probe.ts', "import { createShare } from '../page/share';\nexport const s = createShare;", 'no-restricted-imports'],
  ['cli', 'src/cli/probe.ts', "import { dailySeed } from '../page/daily';\nexport const d = dailySeed;", 'no-restricted-imports'],
  [
    'src (any file)',
    'src/store/probe.ts',
    `export function long(): number {\n${'  let x = 0;\n'.repeat(81)}  return 1;\n}`,
    'max-lines-per-function',
  ],
  ['src (any file)', 'src/store/probe.ts', `${'export const x = 1;\n'.repeat(401)}`, 'max-lines'],
  [
    'history',
    'src/history/probe.ts',
    "import { createGameStore } from '../store';\nexport const s = createGameStore;",
    'no-restricted-imports',
  ],
  ['history', 'src/history/probe.ts', 'export const t = Date.now();', 'no-restricted-globals'],
  ['history', 'src/history/probe.ts', "export const d = indexedDB.open('x');", 'no-restricted-globals'],
  ['input keymap', 'src/input/keymap.ts', 'export const d = document.title;', 'no-restricted-globals'],
  ['i18n', 'src/i18n/probe.ts', 'export const d = document.documentElement.lang;', 'no-restricted-globals'],
  ['i18n', 'src/i18n/probe.ts', "import { localize } from '../game-ui/localize';\nexport const l = localize;", 'no-restricted-imports'],
  [
    'i18n locale',
    'src/i18n/locales/probe.ts',
    "import { createGameStore } from '../../store';\nexport const s = createGameStore;",
    'no-restricted-imports',
  ],
  [
    'examples',
    'examples/skins/probe.ts',
    "import { tileColour } from '../../src/skins/palette';\nexport const t = tileColour;",
    'no-restricted-imports',
  ],
  ['examples', 'examples/skins/probe.ts', "import { Mesh } from 'three';\nexport const m = Mesh;", 'no-restricted-imports'],
];

const ALLOWED: readonly (readonly [layer: string, path: string, code: string])[] = [
  [
    'i18n',
    'src/i18n/probe.ts',
    "import type { Notice } from '../store/types';\nimport { EN_CORE } from './en/core';\nexport type N = Notice;\nexport const c = EN_CORE;",
  ],
  [
    'store',
    'src/store/probe.ts',
    "import { playMove } from '../engine';\nimport { createStore } from 'zustand/vanilla';\nexport const x = [playMove, createStore];",
  ],
  [
    'skins',
    'src/skins/dom/probe.ts',
    "import type { Board } from '../../engine';\nimport type { GameView } from '../../store/types';\nexport type X = [Board, GameView];",
  ],
  [
    'skins (top level)',
    'src/skins/probe.ts',
    "import type { Board } from '../engine';\nimport type { GameView } from '../store/types';\nexport type X = [Board, GameView];",
  ],
  ['ai', 'src/ai/probe.ts', "import { playMove } from '../engine';\nexport const p = playMove;"],
  [
    'page',
    'src/page/probe.ts',
    "import { startSession } from '../game-ui/session';\nimport { startRecorder } from '../game-ui/history/recorder';\nexport const x = [startSession, startRecorder];",
  ],
  [
    'history',
    'src/history/probe.ts',
    "import { maxTile } from '../engine';\nimport { verifyRecord } from '../replay/record';\nexport const x = [maxTile, verifyRecord];",
  ],
  ['input', 'src/input/probe.ts', "import type { Direction } from '../engine';\nexport type D = Direction;"],
  [
    'examples',
    'examples/skins/probe.ts',
    "import { tileColour } from 'cube2048/skin';\nimport { runSkinKit } from 'cube2048/skin-kit';\nexport const x = [tileColour, runSkinKit];",
  ],
];

// `npm run lint` checks the code as it is; these prove the rules would catch a break.
describe('the layer rules', { timeout: 30_000 }, () => {
  it.each(FORBIDDEN)('reject in %s: %s with %j', async (_layer, path, code, rule) => {
    expect(await violations(path, code)).toContain(rule);
  });

  it.each(ALLOWED)('allow in %s: %s with %j', async (_layer, path, code) => {
    expect(await violations(path, code)).toEqual([]);
  });
});

/** Specifiers a module imports at load time: `import … from`, bare `import '…'` and `export … from`, but not `import type` or `import()`. */
function staticImports(code: string): string[] {
  const out: string[] = [];
  const patterns = [
    /^\s*import\s+(?!type\b)[^'"`;]*?\bfrom\s+['"]([^'"]+)['"]/gm,
    /^\s*import\s+['"]([^'"]+)['"]/gm,
    /^\s*export\s+(?!type\b)[^'"`;]*?\bfrom\s+['"]([^'"]+)['"]/gm,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) if (match[1]) out.push(match[1]);
  return out;
}

function resolveModule(from: string, specifier: string): string | null {
  const bare = specifier.split('?')[0] ?? specifier;
  const base = resolve(dirname(from), bare);
  for (const candidate of [base, `${base}.ts`, resolve(base, 'index.ts')])
    if (candidate.endsWith('.ts') && existsSync(candidate)) return candidate;
  return null;
}

/** Every source module and package an entry loads before any `import()`. */
function staticGraph(entry: string): { modules: Set<string>; packages: Set<string> } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (modules.has(file)) return;
    modules.add(file);
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const next = resolveModule(file, specifier);
      if (next) visit(next);
    }
  };
  visit(resolve(root, entry));
  return { modules: new Set([...modules].map((m) => relative(root, m))), packages };
}

describe('what loads on demand', () => {
  const ENTRIES = ['src/main.ts', 'src/embed/index.ts', 'src/embed/element.ts', 'src/embed/script.ts'];

  it('reads static imports and skips type-only ones and import()', () => {
    const code =
      "import a from './a';\nimport type { B } from './b';\nimport {\n  c,\n} from './c';\nimport './d.css';\nexport * from './e';\nexport type { F } from './f';\nconst g = import('./g');";
    expect(staticImports(code).sort()).toEqual(['./a', './c', './d.css', './e']);
  });

  it.each(ENTRIES)('%s never loads three.js, the cubes skin or the AI search up front', (entry) => {
    const { modules, packages } = staticGraph(entry);
    expect(modules.size).toBeGreaterThan(5);
    expect([...packages].filter((p) => p === 'three' || p.startsWith('three/'))).toEqual([]);
    expect([...modules].filter((m) => m.startsWith('src/skins/three/') || m === 'src/ai/search.ts' || m === 'src/ai/bitboard.ts')).toEqual(
      [],
    );
  });

  it.each(['src/embed/index.ts', 'src/embed/element.ts'])('%s leaves notices, overlays and gamepad polling to first use', (entry) => {
    const { modules } = staticGraph(entry);
    expect(
      [...modules].filter((m) =>
        [
          'src/embed/extras.ts',
          'src/game-ui/overlays.ts',
          'src/game-ui/dialogs.ts',
          'src/game-ui/notices.ts',
          'src/input/gamepad.ts',
        ].includes(m),
      ),
    ).toEqual([]);
  });

  it('keeps the engine free of every other layer, also through re-exports', () => {
    const { modules, packages } = staticGraph('src/engine/index.ts');
    expect([...modules].filter((m) => !m.startsWith('src/engine/'))).toEqual([]);
    expect([...packages]).toEqual([]);
  });
});
