import { describe, expect, it } from 'vitest';
import { deltaE, deltaE2000, lab } from './contrast';

/**
 * Sharma, Wu and Dalal's test data for CIEDE2000 (Color Research & Application 30(1), 2005,
 * table 1): L*a*b* pairs and their differences, chosen to exercise each term of the formula
 * (hue angles around 0°/360°, the mean hue's branches, the rotation term, near-neutral colours).
 */
const SHARMA: readonly (readonly [number, number, number, number, number, number, number])[] = [
  [50, 2.6772, -79.7751, 50, 0, -82.7485, 2.0425],
  [50, 3.1571, -77.2803, 50, 0, -82.7485, 2.8615],
  [50, 2.8361, -74.02, 50, 0, -82.7485, 3.4412],
  [50, -1.3802, -84.2814, 50, 0, -82.7485, 1],
  [50, -1.1848, -84.8006, 50, 0, -82.7485, 1],
  [50, -0.9009, -85.5211, 50, 0, -82.7485, 1],
  [50, 0, 0, 50, -1, 2, 2.3669],
  [50, -1, 2, 50, 0, 0, 2.3669],
  [50, 2.49, -0.001, 50, -2.49, 0.0009, 7.1792],
  [50, 2.49, -0.001, 50, -2.49, 0.001, 7.1792],
  [50, 2.49, -0.001, 50, -2.49, 0.0011, 7.2195],
  [50, 2.49, -0.001, 50, -2.49, 0.0012, 7.2195],
  [50, -0.001, 2.49, 50, 0.0009, -2.49, 4.8045],
  [50, -0.001, 2.49, 50, 0.001, -2.49, 4.8045],
  [50, -0.001, 2.49, 50, 0.0011, -2.49, 4.7461],
  [50, 2.5, 0, 50, 0, -2.5, 4.3065],
  [50, 2.5, 0, 73, 25, -18, 27.1492],
  [50, 2.5, 0, 61, -5, 29, 22.8977],
  [50, 2.5, 0, 56, -27, -3, 31.903],
  [50, 2.5, 0, 58, 24, 15, 19.4535],
  [50, 2.5, 0, 50, 3.1736, 0.5854, 1],
  [50, 2.5, 0, 50, 3.2972, 0, 1],
  [50, 2.5, 0, 50, 1.8634, 0.5757, 1],
  [50, 2.5, 0, 50, 3.2592, 0.335, 1],
  [60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644],
  [63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.263],
  [61.2901, 3.7196, -5.3901, 61.4292, 2.248, -4.962, 1.8731],
  [35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645],
  [22.7233, 20.0904, -46.694, 23.0331, 14.973, -42.5619, 2.0373],
  [36.4612, 47.858, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146],
  [90.8027, -2.0831, 1.441, 91.1528, -1.6435, 0.0447, 1.4441],
  [90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381],
  [6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377],
  [2.0776, 0.0795, -1.135, 0.9033, -0.0636, -0.5514, 0.9082],
];

describe('the CIEDE2000 colour difference of the test helpers', () => {
  it('gives Sharma, Wu and Dalal’s published difference for each of their 34 pairs, both ways round', () => {
    for (const [i, [l1, a1, b1, l2, a2, b2, want]] of SHARMA.entries()) {
      expect(deltaE2000([l1, a1, b1], [l2, a2, b2]), `pair ${i + 1}`).toBeCloseTo(want, 4);
      expect(deltaE2000([l2, a2, b2], [l1, a1, b1]), `pair ${i + 1} reversed`).toBeCloseTo(want, 4);
    }
  });

  it('reads sRGB white, black and a primary as CIE L*a*b* (D65)', () => {
    const expectLab = (hex: string, want: readonly number[]): void =>
      lab(hex).forEach((v, i) => expect(v, `${hex}[${i}]`).toBeCloseTo(want[i]!, 1));
    expectLab('#ffffff', [100, 0, 0]);
    expectLab('#000000', [0, 0, 0]);
    expectLab('#ff0000', [53.24, 80.09, 67.2]);
  });

  it('is zero for a colour and itself', () => {
    expect(deltaE('#edc22e', '#edc22e')).toBe(0);
  });
});
