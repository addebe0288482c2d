/** The pure rules of cube2048: no DOM, no rendering, no clock, no Math.random. */
export * from './board';
export * from './move';
export * from './rng';
export * from './game';
export * from './undo';
export * from './serialize';
export * from './line-table';
