/** Why the flat board stands in for another (game-ui/fallback.ts words it; the styles' names are in EN_NOTICES). */
export const EN_SKINS = {
  'skin.couldNotStart': 'The {skin} board could not start, so the flat board is shown.',
  'skin.couldNotLoad': 'The {skin} board could not be loaded, so the flat board is shown.',
  'skin.stopped': 'The {skin} board stopped working, so the flat board is shown.',
} as const;
