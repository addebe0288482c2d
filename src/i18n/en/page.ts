/** The game page's own texts written by code at once: the Language setting, sizes, updates, the AI buttons' titles. */
export const EN_PAGE = {
  'lang.auto': 'Browser language',
  'size.option': '{size} × {size}',
  'update.ready': 'A new version of cube2048 is ready.',
  'update.reload': 'Reload',
  'ai.hintTitle': 'Hint ({key})',
  'ai.autoplayTitle': 'Autoplay (any game key or {key} stops it)',
} as const;
