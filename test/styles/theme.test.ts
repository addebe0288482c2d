import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrast } from '../contrast';

/** The light and dark value of each colour token in the theme shared by the page and the embed. */
function themeTokens(): Map<string, { light: string; dark: string }> {
  // The notices' and the dialogs' own colours are kept with them (notices.css, dialogs.css), which an embed loads when it has one.
  const css = ['theme.css', 'notices.css', 'dialogs.css']
    .map((file) => readFileSync(new URL(`../../src/styles/${file}`, import.meta.url), 'utf8'))
    .join('\n');
  const tokens = new Map<string, { light: string; dark: string }>();
  for (const m of css.matchAll(/--([a-z-]+):\s*light-dark\((#[0-9a-f]{6}),\s*(#[0-9a-f]{6})\)/g))
    tokens.set(m[1]!, { light: m[2]!, dark: m[3]! });
  return tokens;
}

/** Text token on background token: every pair the page and the embed draw. */
const TEXT_ON: readonly [text: string, background: string][] = [
  ['card-label', 'card'],
  ['card-value', 'card'],
  ['button-text', 'button'],
  ['button-text', 'button-hover'],
  ['primary-text', 'primary'],
  ['primary-text', 'primary-hover'],
  ['text', 'notice'],
];

describe('the shared theme', () => {
  const tokens = themeTokens();

  it('gives every colour a light and a dark value', () => {
    for (const name of [
      'text',
      'muted',
      'card',
      'card-label',
      'card-value',
      'button',
      'button-text',
      'primary',
      'primary-text',
      'focus',
      'notice',
      'notice-line',
    ]) {
      expect(tokens.has(name), `--${name}`).toBe(true);
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`meets WCAG AA (4.5:1) for every text colour on its background in the ${theme} theme`, () => {
      for (const [text, background] of TEXT_ON) {
        const ratio = contrast(tokens.get(text)![theme], tokens.get(background)![theme]);
        expect(ratio, `--${text} on --${background}`).toBeGreaterThanOrEqual(4.5);
      }
    });
  }
});
