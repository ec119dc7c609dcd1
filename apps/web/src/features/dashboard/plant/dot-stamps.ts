// The Floor view's dots written straight into an RGBA pixel buffer (docs/decisions/plant.md#floor-canvas): each dot is a
// precomputed disc of pixels, so 10,000 dots cost a few hundred thousand array writes and one putImageData, where
// 10,000 canvas arcs cost ~60 ms of CPU per frame without a GPU (bench/plant.bench.ts). Pure: no canvas here.

/** One disc: its pixels as offsets from the centre, each with its colour (little-endian RGBA in one 32-bit word). */
export interface Stamp {
  dx: Int16Array;
  dy: Int16Array;
  colour: Uint32Array;
  /** The farthest pixel from the centre, for the bounds check. */
  reach: number;
}

/** `#rrggbb` as the 32-bit word a Uint32Array view of ImageData holds on a little-endian machine (every browser's). */
export function rgbaWord(hex: string, alpha = 255): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const r = (value >> 16) & 255;
  const g = (value >> 8) & 255;
  const b = value & 255;
  return ((alpha << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

/** A disc of `radius` px filled with `fill`, its outer `rimWidth` px in `rim` (none when rim is null). */
export function discStamp(radius: number, fill: number, rim: number | null, rimWidth = 1): Stamp {
  const reach = Math.ceil(radius);
  const dx: number[] = [];
  const dy: number[] = [];
  const colour: number[] = [];
  for (let y = -reach; y <= reach; y += 1) {
    for (let x = -reach; x <= reach; x += 1) {
      const distance = Math.hypot(x, y);
      if (distance > radius) continue;
      dx.push(x);
      dy.push(y);
      colour.push(rim !== null && distance > radius - rimWidth ? rim : fill);
    }
  }
  return { dx: Int16Array.from(dx), dy: Int16Array.from(dy), colour: Uint32Array.from(colour), reach };
}

/** Writes the stamp centred at (cx, cy) (rounded), clipped to the `width` × `height` buffer. */
export function stamp(pixels: Uint32Array, width: number, height: number, disc: Stamp, cx: number, cy: number): void {
  const x = Math.round(cx);
  const y = Math.round(cy);
  const { dx, dy, colour, reach } = disc;
  if (x - reach >= 0 && y - reach >= 0 && x + reach < width && y + reach < height) {
    const centre = y * width + x;
    for (let i = 0; i < dx.length; i += 1) pixels[centre + dy[i]! * width + dx[i]!] = colour[i]!;
    return;
  }
  if (x + reach < 0 || y + reach < 0 || x - reach >= width || y - reach >= height) return;
  for (let i = 0; i < dx.length; i += 1) {
    const px = x + dx[i]!;
    const py = y + dy[i]!;
    if (px >= 0 && py >= 0 && px < width && py < height) pixels[py * width + px] = colour[i]!;
  }
}
