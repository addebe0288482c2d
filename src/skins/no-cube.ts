/**
 * What the player reads when a cube game meets a skin that draws squares only (a host's own skin
 * without `dimensions` 3): the reason of its SkinUnavailableError. Not in skin.ts: only code
 * loaded on demand says it, and skin.ts is in the embed core.
 */
export const NO_CUBE_MESSAGE = 'This board style cannot show a cube, so the flat board is shown.';
