// Draws the Floor view (docs/screens.md (Plant)) on two stacked canvases: behind, the floor plan image (drawImage: an SVG plan
// is only ever an image, so no script in it runs) or a plain grid, redrawn only when the view, the size or the plan
// changes; in front, one dot per probe in its state's colour, Critical last (on top) and larger, redrawn from the store
// at each batch. The dots are stamped into a pixel buffer and Critical ones drawn as arcs over it
// (docs/decisions/plant.md#floor-canvas); positions are kept in typed arrays reused from frame to frame.
import type { ProbeStore } from '../../../live/stores/probe-store';
import { discStamp, rgbaWord, stamp, type Stamp } from './dot-stamps';
import {
  containBox,
  cornersAroundBounds,
  gridStepMetres,
  groundAspect,
  linearMap,
  metresPerDegreeLatitude,
  metresPerDegreeLongitude,
  type Box,
  type Corners,
  type View,
} from './floor-fit';
import type { PlantState } from './plant-lanes';
import { plantStateOfEntry } from './plant-model';

/** Mantine's default palette, as the Dashboard's severity colours (ISA-101: grey normal, colour for the abnormal). */
export const dotStyle: Readonly<Record<PlantState, { fill: string; stroke?: string; radius: number }>> = {
  Normal: { fill: '#495057', radius: 3.5 }, // gray.7
  Disconnected: { fill: '#ffffff', stroke: '#343a40', radius: 4 }, // hollow, a gray.8 ring: no data
  Warning: { fill: '#fab005', stroke: '#5c3c00', radius: 4.5 }, // yellow.6, a dark rim to read on a light plan
  Critical: { fill: '#e03131', stroke: '#ffffff', radius: 7 }, // red.8 with a white rim
};

/** Drawn in this order, so Critical dots lie on top (their index is the state's code in the typed arrays). */
const drawOrder: readonly PlantState[] = ['Normal', 'Disconnected', 'Warning', 'Critical'];
const criticalCode = 3;
const codeOf: Readonly<Record<PlantState, number>> = { Normal: 0, Disconnected: 1, Warning: 2, Critical: 3 };

export interface FloorBackground {
  /** The uploaded plan, loaded; null draws the grid. */
  image: HTMLImageElement | null;
  /** The plan's corners (with an image), else null: the grid fits the positions seen. */
  corners: Corners | null;
}

export interface CanvasSize {
  width: number;
  height: number;
  pixelRatio: number;
}

export interface PaintResult {
  /** Probes that report no latitude/longitude: counted apart. */
  noPosition: number;
  /** The grid's step, when a grid is drawn. */
  gridStepMetres: number | null;
}

export class FloorPainter {
  private ids: string[] = [];
  private latitudes = new Float64Array(0);
  private longitudes = new Float64Array(0);
  private xs = new Float32Array(0);
  private ys = new Float32Array(0);
  private states = new Uint8Array(0);
  private count = 0;
  private pixels: ImageData | null = null;
  private words = new Uint32Array(0);
  private stamps: Stamp[] = [];
  private stampsRatio = 0;
  private backgroundKey = '';
  private gridStep: number | null = null;
  /** The grid's corners, kept while every position stays inside them, so the picture holds still. */
  private gridCorners: Corners | null = null;

  /** Forgets the grid's corners: the next paint fits them to the positions anew (a plan was removed, the view reset). */
  refit(): void {
    this.gridCorners = null;
  }

  paint(
    dots: CanvasRenderingContext2D,
    back: CanvasRenderingContext2D,
    store: ProbeStore,
    background: FloorBackground,
    size: CanvasSize,
    view: View,
  ): PaintResult {
    const { noPosition, bounds } = this.read(store);
    const corners = background.corners ?? this.fitGrid(bounds);
    if (!corners) {
      this.clear(dots, back, size);
      return { noPosition, gridStepMetres: null };
    }
    const image = background.image;
    const aspect =
      image && image.naturalWidth > 0 && image.naturalHeight > 0
        ? image.naturalWidth / image.naturalHeight
        : groundAspect(corners);
    const fitted = containBox(aspect, size.width, size.height);
    const box: Box = {
      left: fitted.left * view.scale + view.x,
      top: fitted.top * view.scale + view.y,
      width: fitted.width * view.scale,
      height: fitted.height * view.scale,
    };
    this.paintBackground(back, size, background, corners, box);
    this.project(corners, box);
    this.paintDots(dots, size);
    return { noPosition, gridStepMetres: image ? null : this.gridStep };
  }

  /** The probe under (x, y) in CSS pixels: Critical first, then the others from the last drawn; a few pixels of slack. */
  hit(x: number, y: number, slack: number): string | null {
    for (let code = criticalCode; code >= 0; code -= 1) {
      const r = dotStyle[drawOrder[code]!].radius + slack;
      for (let i = this.count - 1; i >= 0; i -= 1) {
        if (this.states[i] !== code) continue;
        const dx = this.xs[i]! - x;
        const dy = this.ys[i]! - y;
        if (dx * dx + dy * dy <= r * r) return this.ids[i]!;
      }
    }
    return null;
  }

  /** Every probe's position and state into the typed arrays; the extremes of the positions for the grid. */
  private read(store: ProbeStore) {
    const size = store.size;
    if (this.latitudes.length < size) {
      const capacity = Math.max(size, this.latitudes.length * 2, 64);
      this.latitudes = new Float64Array(capacity);
      this.longitudes = new Float64Array(capacity);
      this.xs = new Float32Array(capacity);
      this.ys = new Float32Array(capacity);
      this.states = new Uint8Array(capacity);
    }
    const bounds = { north: -Infinity, south: Infinity, west: Infinity, east: -Infinity };
    let noPosition = 0;
    let n = 0;
    for (const entry of store.allEntries()) {
      const { latitude, longitude, probeID } = entry.probe;
      if (latitude === null || longitude === null) {
        noPosition += 1;
        continue;
      }
      this.ids[n] = probeID;
      this.latitudes[n] = latitude;
      this.longitudes[n] = longitude;
      this.states[n] = codeOf[plantStateOfEntry(store, entry)];
      if (latitude > bounds.north) bounds.north = latitude;
      if (latitude < bounds.south) bounds.south = latitude;
      if (longitude < bounds.west) bounds.west = longitude;
      if (longitude > bounds.east) bounds.east = longitude;
      n += 1;
    }
    this.count = n;
    this.ids.length = n;
    return { noPosition, bounds };
  }

  private fitGrid(bounds: { north: number; south: number; west: number; east: number }): Corners | null {
    const kept = this.gridCorners;
    const inside =
      kept &&
      bounds.north <= kept.topLeft.latitude &&
      bounds.south >= kept.bottomRight.latitude &&
      bounds.west >= kept.topLeft.longitude &&
      bounds.east <= kept.bottomRight.longitude;
    if (!inside) this.gridCorners = cornersAroundBounds(bounds);
    return this.gridCorners;
  }

  private project(corners: Corners, box: Box): void {
    const { ax, bx, ay, by } = linearMap(corners, box);
    for (let i = 0; i < this.count; i += 1) {
      this.xs[i] = ax * this.longitudes[i]! + bx;
      this.ys[i] = ay * this.latitudes[i]! + by;
    }
  }

  private clear(dots: CanvasRenderingContext2D, back: CanvasRenderingContext2D, size: CanvasSize): void {
    this.count = 0;
    for (const context of [dots, back]) {
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.clearRect(0, 0, size.width * size.pixelRatio, size.height * size.pixelRatio);
    }
    this.backgroundKey = '';
  }

  /** The plan or the grid, only when what it shows changed. */
  private paintBackground(
    back: CanvasRenderingContext2D,
    size: CanvasSize,
    background: FloorBackground,
    corners: Corners,
    box: Box,
  ) {
    const key = JSON.stringify([size, box, corners, background.image?.src.length ?? 0]);
    if (key === this.backgroundKey) return;
    this.backgroundKey = key;
    back.setTransform(size.pixelRatio, 0, 0, size.pixelRatio, 0, 0);
    back.clearRect(0, 0, size.width, size.height);
    if (background.image) {
      back.drawImage(background.image, box.left, box.top, box.width, box.height);
      this.gridStep = null;
    } else this.gridStep = drawGrid(back, corners, box);
  }

  private paintDots(context: CanvasRenderingContext2D, size: CanvasSize): void {
    const width = Math.round(size.width * size.pixelRatio);
    const height = Math.round(size.height * size.pixelRatio);
    if (!this.pixels || this.pixels.width !== width || this.pixels.height !== height) {
      this.pixels = context.createImageData(Math.max(1, width), Math.max(1, height));
      this.words = new Uint32Array(this.pixels.data.buffer);
    }
    if (this.stampsRatio !== size.pixelRatio) {
      this.stampsRatio = size.pixelRatio;
      this.stamps = drawOrder.map((state) => {
        const style = dotStyle[state];
        const rim = style.stroke ? rgbaWord(style.stroke) : null;
        return discStamp(style.radius * size.pixelRatio, rgbaWord(style.fill), rim, Math.max(1, size.pixelRatio));
      });
    }
    const words = this.words;
    words.fill(0);
    const ratio = size.pixelRatio;
    for (let code = 0; code < criticalCode; code += 1) {
      const disc = this.stamps[code]!;
      for (let i = 0; i < this.count; i += 1) {
        if (this.states[i] === code) stamp(words, width, height, disc, this.xs[i]! * ratio, this.ys[i]! * ratio);
      }
    }
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.putImageData(this.pixels, 0, 0);
    // The few Critical dots as smooth arcs with their rim, over everything else.
    const style = dotStyle.Critical;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.beginPath();
    let any = false;
    for (let i = 0; i < this.count; i += 1) {
      if (this.states[i] !== criticalCode) continue;
      any = true;
      context.moveTo(this.xs[i]! + style.radius, this.ys[i]!);
      context.arc(this.xs[i]!, this.ys[i]!, style.radius, 0, Math.PI * 2);
    }
    if (!any) return;
    context.fillStyle = style.fill;
    context.fill();
    context.strokeStyle = style.stroke!;
    context.lineWidth = 2;
    context.stroke();
  }
}

/** The plain grid: a light ground and a line every round number of metres. */
function drawGrid(context: CanvasRenderingContext2D, corners: Corners, box: Box): number {
  context.fillStyle = '#f8f9fa'; // gray.0
  context.fillRect(box.left, box.top, box.width, box.height);
  const north = corners.topLeft.latitude;
  const south = corners.bottomRight.latitude;
  const west = corners.topLeft.longitude;
  const east = corners.bottomRight.longitude;
  const middle = (north + south) / 2;
  const step = gridStepMetres(
    Math.max((north - south) * metresPerDegreeLatitude, (east - west) * metresPerDegreeLongitude(middle)),
  );
  const latStep = step / metresPerDegreeLatitude;
  const lonStep = step / metresPerDegreeLongitude(middle);
  const { ax, bx, ay, by } = linearMap(corners, box);
  const x = (lon: number) => Math.round(ax * lon + bx) + 0.5;
  const y = (lat: number) => Math.round(ay * lat + by) + 0.5;
  context.beginPath();
  for (let lat = Math.ceil(south / latStep) * latStep; lat <= north; lat += latStep) {
    context.moveTo(box.left, y(lat));
    context.lineTo(box.left + box.width, y(lat));
  }
  for (let lon = Math.ceil(west / lonStep) * lonStep; lon <= east; lon += lonStep) {
    context.moveTo(x(lon), box.top);
    context.lineTo(x(lon), box.top + box.height);
  }
  context.strokeStyle = '#dee2e6'; // gray.3
  context.lineWidth = 1;
  context.stroke();
  context.strokeStyle = '#adb5bd'; // gray.5
  context.strokeRect(box.left + 0.5, box.top + 0.5, box.width - 1, box.height - 1);
  return step;
}
