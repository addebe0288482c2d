/**
 * Reading data we did not just write: saves, records and links, history files and archives,
 * posted messages, settings and embed options all arrive as `unknown` (from `JSON.parse`,
 * storage or `postMessage`). These are the one set of helpers every such parser uses. They
 * live in the engine because the engine, which parses saves, may import nothing outside
 * itself; the engine's public index does not export them (only `ParseResult`, via serialize).
 */

/** What a parser of untrusted data answers: the value, or why there is none, in words. */
export type ParseResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** A refusal, with its reason. */
export const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

/** A plain object (not null, not an array), whose fields may then be read with `own`. */
export const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A field of an untrusted object, only when it is the object's own (never one it inherits, such as `constructor`). */
export const own = (o: Record<string, unknown>, key: string): unknown => (Object.hasOwn(o, key) ? o[key] : undefined);

/** JSON text's value, or undefined when the text is not JSON (JSON itself has no undefined). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
