/**
 * Texts whose English is written where they are made: the store's notices, by kind (its own
 * `Notice.message`, src/store/persistence.ts and other-tabs.ts), the skins' no-WebGL line
 * (`NO_WEBGL_MESSAGE`, src/skins/skin.ts) and the built-in skins' names (their `label` in
 * src/skins/registry.ts). A test holds this copy to them, so no bundle carries the English
 * twice: this module is read for its types and by the tests. `textOr` looks them up.
 */
export const EN_NOTICES = {
  'notice.corrupt-save': 'Your saved game could not be read; a new game was started.',
  'notice.corrupt-best': 'Your best score could not be read; it was set aside and is counted again from now.',
  'notice.storage-unavailable': 'Saving is unavailable in this browser; your game will not survive a reload.',
  'notice.synced': 'This game was continued in another tab; showing its latest position.',
  'skin.noWebgl': 'This browser cannot draw 3D graphics (WebGL is off or missing), so the flat board is shown.',
  'skin.cubes': '3D cubes',
  'skin.flat': 'Flat',
} as const;
