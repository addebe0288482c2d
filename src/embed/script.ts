/**
 * The script-tag build: one ES module a page loads with
 * `<script type="module" src=".../cube2048.js">`, no build step. It registers `<cube-2048>`
 * and also exports `mountGame`. three.js comes in its own file next to it, fetched only
 * when a game shows the cubes.
 */
export * from './index';
export { Cube2048Element, defineCube2048Element } from './element';
