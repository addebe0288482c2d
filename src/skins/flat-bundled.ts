/** The flat board in the script-tag build's one file (see flat-loader.ts, which this replaces there). */
import { createFlatSkin } from './dom/flat';
import type { SkinFactory } from './skin';

export const loadFlatSkin = (): Promise<SkinFactory> => Promise.resolve(createFlatSkin);
