/**
 * Why the flat board stands in for another (game-ui/fallback.ts words it; the styles' names are in EN_NOTICES),
 * and the names of the cubes' looks and of the 3D board's views (skins/looks.ts) the settings offer.
 */
export const EN_SKINS = {
  'skin.couldNotStart': 'The {skin} board could not start, so the flat board is shown.',
  'skin.couldNotLoad': 'The {skin} board could not be loaded, so the flat board is shown.',
  /** A cube game on a board style that draws squares only. */
  'skin.noCube': 'The {skin} board cannot show a cube, so the flat board is shown.',
  'skin.stopped': 'The {skin} board stopped working, so the flat board is shown.',
  'look.clay': 'Clay',
  'look.glossy': 'Glossy',
  'look.glass': 'Glass',
  'look.neon': 'Neon',
  'view.tilted': 'Tilted',
  'view.top': 'From the top',
} as const;
