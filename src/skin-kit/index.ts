/**
 * `cube2048/skin-kit`: the conformance kit for skins. `runSkinKit(factory)` plays a scripted
 * game through a skin in the page it runs in (a real browser) and reports, check by check,
 * where what the skin shows differs from the board and what `dispose()` left behind.
 * `ManualClock` steps a skin's animations by hand, and `createTestGame` makes the game it draws,
 * in tests of your own. See docs/skins.md.
 */
export type { SkinKitCheck, SkinKitOptions, SkinKitReport } from './run';
export { formatSkinKitReport, runSkinKit } from './run';
export { ManualClock } from './clock';
export type { TestGame, TestGameOptions } from './test-game';
export { createTestGame } from './test-game';
export { motionProblems, restProblems } from './compare';
