/**
 * What an embedded game needs to speak a language other than English: the catalogue loader
 * and the markup's relabelling. Loaded only then, so a game in English downloads neither.
 */
export { loadLang } from '../i18n/load';
export { localize } from '../game-ui/localize';
export { howToText } from './how-to-text';
