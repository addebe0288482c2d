/**
 * Whether a factory made a skin. Its own module so that only the code for outside skins
 * (the skin host's guard, the kit) loads it, not the embed core.
 */
const SKIN_METHODS = ['mount', 'setHint', 'update', 'finish', 'dispose'] as const;

/** What is wrong with a factory's result, in words, or null when it is a skin. */
export function notASkin(value: unknown): string | null {
  const skin = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  const missing: string[] = SKIN_METHODS.filter((method) => typeof skin?.[method] !== 'function');
  if (typeof skin?.name !== 'string') missing.unshift('name');
  return missing.length > 0 ? `the factory returned ${skin ? 'an object' : String(value)} without ${missing.join(', ')}: not a skin` : null;
}
