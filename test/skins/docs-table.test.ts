/**
 * docs/skins.md lists every name a skin author can import: each export of `cube2048/skin` and
 * `cube2048/skin-kit` (read from the entry points' source) appears in backticks in one of its
 * tables, so a new export cannot ship undocumented.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** The names an entry point exports, values and types alike (it only re-exports, by name). */
function exportedNames(entry: string): string[] {
  const source = ts.createSourceFile(entry, readFileSync(resolve(root, entry), 'utf8'), ts.ScriptTarget.ES2022);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement)) continue;
    const clause = statement.exportClause;
    // `export * from` would export names this test cannot list: the entry points name what they export.
    if (!clause || !ts.isNamedExports(clause)) throw new Error(`${entry}: export * hides which names are public`);
    for (const element of clause.elements) names.push(element.name.text);
  }
  return names;
}

/** Every `name` in backticks on a table row of docs/skins.md, call parentheses dropped (`notASkin(value)` lists notASkin). */
function namesInTables(): Set<string> {
  const doc = readFileSync(resolve(root, 'docs/skins.md'), 'utf8');
  const rows = doc.split('\n').filter((line) => line.startsWith('|'));
  return new Set(rows.flatMap((row) => [...row.matchAll(/`([A-Za-z_$][\w$]*)/g)].map((match) => match[1] ?? '')));
}

describe('docs/skins.md', () => {
  const listed = namesInTables();

  it.each(['src/skins/index.ts', 'src/skin-kit/index.ts'])('lists every name %s exports in a table', (entry) => {
    const names = exportedNames(entry);
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((name) => !listed.has(name))).toEqual([]);
  });
});
