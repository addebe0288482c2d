/** The words between key caps in every sentence that names keys (src/input/keys-or.ts). */
export const EN_KEYS = {
  /** Between keys that do the same ("[U] or [Ctrl+Z]"); spaces count. */
  'keys.or': ' or ',
} as const;
