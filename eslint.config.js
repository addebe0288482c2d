// Lint keeps the layers of ../shared/ARCHITECTURE.md honest: what may import what.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** What the pure data layers (records, the kept games) may never import: the store and everything built on it. */
const ABOVE_PURE_DATA = ['../store', '../store/*', '../skins/*', '../game-ui/*', '../page/*', '../input/*', '../embed/*', '../ai/*'];

const DOM_GLOBALS = ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'requestAnimationFrame', 'HTMLElement', 'Date'];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-cli/**', 'dist-lib/**', 'node_modules/**', 'bench/results/**', 'coverage/**', 'examples/**/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly', globalThis: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-undef': 'off',
    },
  },
  {
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*', '!../engine', '!../engine/*'], message: 'src/engine is pure: it imports nothing from the rest of src/.' },
            {
              group: ['three', 'three/*', 'zustand', 'zustand/*', 'node:*'],
              message: 'src/engine is pure: no three, zustand or Node APIs.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...DOM_GLOBALS.map((name) => ({ name, message: 'src/engine is pure: no DOM and no clock.' }))],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Randomness comes from the seeded generator in rng.ts.' },
      ],
    },
  },
  {
    files: ['src/store/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../skins/*', '../game-ui/*', '../page/*', '../input/*', '../embed/*', '../cli/*', '../ai/*', 'three', 'three/*'],
              message: 'The store runs the engine; it knows no skin, page or input.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...DOM_GLOBALS.filter((n) => n !== 'Date').map((name) => ({ name, message: 'The store has no DOM: storage is passed in.' })),
      ],
    },
  },
  {
    files: ['src/skins/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...['../../', '../'].flatMap((up) => [
                  `${up}engine`,
                  `${up}engine/*`,
                  `${up}store`,
                  `${up}store/*`,
                  `!${up}store/types`,
                  `${up}game-ui/*`,
                  `${up}page/*`,
                  `${up}input/*`,
                  `${up}ai/*`,
                  `${up}embed/*`,
                ]),
              ],
              allowTypeImports: true,
              message: 'A skin reads the read-only store and animates reports; it never runs rules or actions.',
            },
          ],
        },
      ],
    },
  },
  {
    // The timeline is the one place that turns a change into poses: pure, so every skin (and a test) gets the same answer.
    files: ['src/skins/timeline.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[...DOM_GLOBALS, 'performance', 'matchMedia'].map((name) => ({
          name,
          message: 'src/skins/timeline.ts is pure: no DOM and no clock (time is passed in).',
        })),
      ],
    },
  },
  {
    files: ['src/ai/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '../store',
                '../store/*',
                '../skins/*',
                '../game-ui/*',
                '../page/*',
                '../input/*',
                '../embed/*',
                'three',
                'zustand',
                'zustand/*',
              ],
              message: 'The AI imports only the engine.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/replay/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...ABOVE_PURE_DATA, 'three', 'zustand', 'zustand/*'],
              message: 'Records and replays are pure: they import only the engine.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...DOM_GLOBALS.filter((n) => n !== 'Date').map((name) => ({ name, message: 'Records are pure data: no DOM.' })),
      ],
    },
  },
  {
    // The player's history and its statistics: pure data, shared by the page, the embeds and the terminal.
    files: ['src/history/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...ABOVE_PURE_DATA, '../cli/*', 'three', 'zustand', 'zustand/*', 'node:*'],
              message: 'History and statistics are pure: they import only the engine and records.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[...DOM_GLOBALS, 'indexedDB'].map((name) => ({
          name,
          message: 'History and statistics are pure data: no DOM, no storage and no clock (times are passed in).',
        })),
      ],
    },
  },
  {
    files: ['src/input/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../engine', '../engine/*', '../skins/*', '../game-ui/*', '../page/*', 'three'],
              allowTypeImports: true,
              message: 'Input turns events into commands; it never reads the board.',
            },
          ],
        },
      ],
    },
  },
  {
    // Outside code, as other people write it: only the package's published entries.
    files: ['examples/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['.*', '**/src/**', 'three', 'three/*', 'zustand', 'zustand/*'],
              message: 'An example uses only the package: import from cube2048, cube2048/skin, cube2048/skin-kit or cube2048/engine.',
            },
          ],
        },
      ],
    },
  },
  {
    // The player's language: catalogues and Intl only, read by the page, the embeds and the terminal alike.
    files: ['src/i18n/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*', '!../i18n', '!../i18n/*', '../store/*', '!../store/types', '../../*'],
              allowTypeImports: true,
              message: "src/i18n is words and Intl only: it imports nothing but its own catalogues (and the store's types).",
            },
            {
              group: ['three', 'three/*', 'zustand', 'zustand/*', 'node:*'],
              message: 'src/i18n runs everywhere: no three, zustand or Node APIs.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[...DOM_GLOBALS, 'Element', 'Node'].map((name) => ({
          name,
          message: 'src/i18n has no DOM: the terminal reads it too (game-ui/localize.ts puts words into markup).',
        })),
      ],
    },
  },
  {
    // The keymap is read by the terminal command too: no DOM in it.
    files: ['src/input/keymap.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[...DOM_GLOBALS, 'KeyboardEvent', 'Event'].map((name) => ({
          name,
          message: 'src/input/keymap.ts is pure: the terminal reads it too.',
        })),
      ],
    },
  },
  {
    // The game every host shares (src/game-ui), the embeds and the terminal never reach into the game page's own parts.
    files: ['src/game-ui/**/*.ts', 'src/embed/**/*.ts', 'src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../page', '../page/*', '../../page', '../../page/*'],
              message: 'src/page is the game page alone: the shared game (src/game-ui), the embeds and the terminal do not import it.',
            },
          ],
        },
      ],
    },
  },
  {
    // Composition reads as short named steps: a function is at most 80 lines, a file at most 400 (blank lines and comments not counted).
    files: ['src/**/*.ts'],
    ignores: ['src/i18n/locales/**', 'src/i18n/en/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
);
