// The Floor view's dots in a pixel buffer (docs/decisions/plant.md#floor-canvas): a disc with its rim, clipped at the edges.
import { describe, expect, it } from 'vitest';
import { discStamp, rgbaWord, stamp } from './dot-stamps';

describe('dot stamps', () => {
  const red = rgbaWord('#ff0000');
  const white = rgbaWord('#ffffff');

  it('packs a colour as the little-endian RGBA word of an ImageData view', () => {
    expect(new Uint8Array(Uint32Array.of(rgbaWord('#102030')).buffer)).toEqual(Uint8Array.of(0x10, 0x20, 0x30, 255));
  });

  it('draws a filled disc with its rim, and clips one that lies over the edge', () => {
    const pixels = new Uint32Array(10 * 10);
    const disc = discStamp(3, red, white);
    stamp(pixels, 10, 10, disc, 4, 4);
    expect(pixels[4 * 10 + 4]).toBe(red);
    expect(pixels[4 * 10 + 7]).toBe(white);
    expect(pixels[0]).toBe(0);
    stamp(pixels, 10, 10, disc, 9.4, 0);
    expect(pixels[9]).toBe(red);
    expect(pixels.filter((word) => word !== 0).length).toBeLessThan(2 * disc.dx.length);
  });
});
