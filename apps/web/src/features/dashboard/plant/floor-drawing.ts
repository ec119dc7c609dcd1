// Draws the Floor view (docs/screens.md (Plant)): the floor plan image (drawImage: an SVG plan is only ever an image,
// so no script in it runs) or a plain grid, then one dot per probe in its state's colour, Critical last (on top) and
// larger. One path per state, not one per dot: 10,000 dots are four fills (docs/decisions/plant.md#floor-canvas).
import type { ProbeStore } from '../../../live/probe-store';
import {
  containBox,
  cornersAround,
  gridStepMetres,
  groundAspect,
  metresPerDegreeLatitude,
  metresPerDegreeLongitude,
  projector,
  type Corners,
  type LatLon,
  type View,
} from './floor-fit';
import type { PlantState } from './plant-lanes';
import { plantStateOfEntry } from './plant-model';

/** Mantine's default palette, as the Dashboard's severity colours (ISA-101: grey normal, colour for the abnormal). */
export const dotStyle: Readonly<Record<PlantState, { fill: string; stroke?: string; radius: number }>> = {
  Normal: { fill: '#495057', radius: 3.5 }, // gray.7
  Disconnected: { fill: '#ffffff', stroke: '#343a40', radius: 4 }, // hollow, gray.8 ring: no data
  Warning: { fill: '#fab005', stroke: '#5c3c00', radius: 4.5 }, // yellow.6, dark rim to read on a light plan
  Critical: { fill: '#e03131', stroke: '#ffffff', radius: 7 }, // red.8 with a white rim
};

/** Drawn in this order, so Critical dots lie on top. */
const drawOrder: readonly PlantState[] = ['Normal', 'Disconnected', 'Warning', 'Critical'];

export interface FloorBackground {
  /** The uploaded plan, loaded; null draws the grid. */
  image: HTMLImageElement | null;
  /** The plan's corners (with an image), else null: the grid fits the positions seen. */
  corners: Corners | null;
}

/** Where each dot was drawn, in draw order, for hover and click (hitTest). */
export interface DrawnDots {
  ids: string[];
  xs: Float32Array;
  ys: Float32Array;
  radii: Float32Array;
}

export interface DrawResult {
  dots: DrawnDots;
  /** Probes that report no latitude/longitude: counted apart. */
  noPosition: number;
  /** The grid's step, when a grid was drawn. */
  gridStepMetres: number | null;
  /** The grid's corners, kept for the next frame while every position stays inside them (the picture holds still). */
  gridCorners: Corners | null;
}

const emptyDots: DrawnDots = { ids: [], xs: new Float32Array(0), ys: new Float32Array(0), radii: new Float32Array(0) };

interface Placed {
  id: string;
  position: LatLon;
}

/** Reads every probe's position and state from the store, bucketed by state. */
function readProbes(store: ProbeStore): { buckets: Record<PlantState, Placed[]>; noPosition: number } {
  const buckets: Record<PlantState, Placed[]> = { Normal: [], Disconnected: [], Warning: [], Critical: [] };
  let noPosition = 0;
  for (const entry of store.allEntries()) {
    const { latitude, longitude, probeID } = entry.probe;
    if (latitude === null || longitude === null) {
      noPosition += 1;
      continue;
    }
    buckets[plantStateOfEntry(store, entry)].push({ id: probeID, position: { latitude, longitude } });
  }
  return { buckets, noPosition };
}

const inside = (corners: Corners, { latitude, longitude }: LatLon) =>
  latitude <= corners.topLeft.latitude &&
  latitude >= corners.bottomRight.latitude &&
  longitude >= corners.topLeft.longitude &&
  longitude <= corners.bottomRight.longitude;

/**
 * The fitted picture's box and corners: the plan by its own aspect; else the grid's last corners while every position
 * is inside them, or new ones around the positions seen, by their ground aspect.
 */
function fitPicture(
  background: FloorBackground,
  previousGrid: Corners | null,
  positions: () => LatLon[],
  width: number,
  height: number,
) {
  let corners = background.corners;
  if (!corners) {
    const all = positions();
    corners = previousGrid && all.every((p) => inside(previousGrid, p)) ? previousGrid : cornersAround(all);
  }
  if (!corners) return null;
  const image = background.image;
  const aspect =
    image && image.naturalWidth > 0 && image.naturalHeight > 0 ? image.naturalWidth / image.naturalHeight : groundAspect(corners);
  return { corners, box: containBox(aspect, width, height) };
}

export function drawFloor(
  context: CanvasRenderingContext2D,
  store: ProbeStore,
  background: FloorBackground,
  size: { width: number; height: number; pixelRatio: number },
  view: View,
  previousGrid: Corners | null,
): DrawResult {
  const { width, height, pixelRatio } = size;
  context.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  context.clearRect(0, 0, width, height);
  const { buckets, noPosition } = readProbes(store);
  const positions = () => drawOrder.flatMap((s) => buckets[s].map((p) => p.position));
  const fitted = fitPicture(background, previousGrid, positions, width, height);
  if (!fitted) return { dots: emptyDots, noPosition, gridStepMetres: null, gridCorners: null };
  // The fitted box, panned and zoomed.
  const box = {
    left: fitted.box.left * view.scale + view.x,
    top: fitted.box.top * view.scale + view.y,
    width: fitted.box.width * view.scale,
    height: fitted.box.height * view.scale,
  };
  const project = projector(fitted.corners, box);
  let step: number | null = null;
  if (background.image) context.drawImage(background.image, box.left, box.top, box.width, box.height);
  else step = drawGrid(context, fitted.corners, project, box);

  const total = drawOrder.reduce((n, s) => n + buckets[s].length, 0);
  const dots: DrawnDots = {
    ids: new Array<string>(total),
    xs: new Float32Array(total),
    ys: new Float32Array(total),
    radii: new Float32Array(total),
  };
  let index = 0;
  for (const state of drawOrder) {
    const style = dotStyle[state];
    const placed = buckets[state];
    if (placed.length === 0) continue;
    context.beginPath();
    for (const { id, position } of placed) {
      const { x, y } = project(position);
      context.moveTo(x + style.radius, y);
      context.arc(x, y, style.radius, 0, Math.PI * 2);
      dots.ids[index] = id;
      dots.xs[index] = x;
      dots.ys[index] = y;
      dots.radii[index] = style.radius;
      index += 1;
    }
    context.fillStyle = style.fill;
    context.fill();
    if (style.stroke) {
      context.strokeStyle = style.stroke;
      context.lineWidth = state === 'Critical' ? 2 : 1.25;
      context.stroke();
    }
  }
  return { dots, noPosition, gridStepMetres: step, gridCorners: background.image ? null : fitted.corners };
}

/** The plain grid: a light ground and a line every round number of metres. */
function drawGrid(
  context: CanvasRenderingContext2D,
  corners: Corners,
  project: (p: LatLon) => { x: number; y: number },
  box: { left: number; top: number; width: number; height: number },
): number {
  context.fillStyle = '#f8f9fa'; // gray.0
  context.fillRect(box.left, box.top, box.width, box.height);
  const middle = (corners.topLeft.latitude + corners.bottomRight.latitude) / 2;
  const north = Math.max(corners.topLeft.latitude, corners.bottomRight.latitude);
  const south = Math.min(corners.topLeft.latitude, corners.bottomRight.latitude);
  const west = Math.min(corners.topLeft.longitude, corners.bottomRight.longitude);
  const east = Math.max(corners.topLeft.longitude, corners.bottomRight.longitude);
  const step = gridStepMetres(
    Math.max((north - south) * metresPerDegreeLatitude, (east - west) * metresPerDegreeLongitude(middle)),
  );
  const latStep = step / metresPerDegreeLatitude;
  const lonStep = step / metresPerDegreeLongitude(middle);
  context.beginPath();
  for (let lat = Math.ceil(south / latStep) * latStep; lat <= north; lat += latStep) {
    const a = project({ latitude: lat, longitude: west });
    const b = project({ latitude: lat, longitude: east });
    context.moveTo(a.x, Math.round(a.y) + 0.5);
    context.lineTo(b.x, Math.round(b.y) + 0.5);
  }
  for (let lon = Math.ceil(west / lonStep) * lonStep; lon <= east; lon += lonStep) {
    const a = project({ latitude: north, longitude: lon });
    const b = project({ latitude: south, longitude: lon });
    context.moveTo(Math.round(a.x) + 0.5, a.y);
    context.lineTo(Math.round(b.x) + 0.5, b.y);
  }
  context.strokeStyle = '#dee2e6'; // gray.3
  context.lineWidth = 1;
  context.stroke();
  context.strokeStyle = '#adb5bd'; // gray.5
  context.strokeRect(box.left + 0.5, box.top + 0.5, box.width - 1, box.height - 1);
  return step;
}

/** The dot under (x, y), the topmost (last drawn) first; a few pixels of slack for a finger or a shaky hand. */
export function hitTest(dots: DrawnDots, x: number, y: number, slack = 4): string | null {
  for (let i = dots.ids.length - 1; i >= 0; i -= 1) {
    const dx = dots.xs[i]! - x;
    const dy = dots.ys[i]! - y;
    const r = dots.radii[i]! + slack;
    if (dx * dx + dy * dy <= r * r) return dots.ids[i]!;
  }
  return null;
}
