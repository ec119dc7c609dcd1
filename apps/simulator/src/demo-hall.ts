// The demo hall (docs/plant.md (Demo hall)): where the plant's build stages stand and the AGVs' route between
// them, in metres from the hall's north-west corner (x east, y south). assets/demo-hall.svg draws the same
// (its viewBox is these metres) and is installed as the floor plan with these corners, so every simulated
// position lands on the drawing.
import { readFileSync } from 'node:fs';

export interface Point {
  x: number;
  y: number;
}
export interface Area extends Point {
  width: number;
  height: number;
}

export const hallMetres = { width: 120, height: 60 };
/** The hall's corners: a linear map between them, as the Floor view draws it (docs/plant.md (API)). */
export const hallCorners = {
  topLeft: { latitude: 52.40864, longitude: -1.5106 },
  bottomRight: { latitude: 52.4081, longitude: -1.50883 },
};

/** The six stage areas in the order of buildStages: Cell stacking … Pack sealing west to east, then back. */
export const stageAreas: readonly Area[] = [
  { x: 8, y: 6, width: 28, height: 18 },
  { x: 46, y: 6, width: 28, height: 18 },
  { x: 84, y: 6, width: 28, height: 18 },
  { x: 84, y: 36, width: 28, height: 18 },
  { x: 46, y: 36, width: 28, height: 18 },
  { x: 8, y: 36, width: 28, height: 18 },
];
/** The aisle's two lanes (the north row's traffic goes east, the south row's west) and where they join. */
export const route = { eastboundY: 28, westboundY: 32, eastTurnX: 116, westTurnX: 4 };
/** AGV speed along the route. */
export const agvMetresPerSecond = 1.5;

const isNorthRow = (stageIndex: number) => stageAreas[stageIndex]!.y < route.eastboundY;
const laneOf = (stageIndex: number) => (isNorthRow(stageIndex) ? route.eastboundY : route.westboundY);

/** An AGV's parking place in a stage area: a grid of 7 × 5 below the area's label, by AGV id. */
export function slotOf(stageIndex: number, agvId: number): Point {
  const area = stageAreas[stageIndex]!;
  const column = agvId % 7;
  const row = Math.floor(agvId / 7) % 5;
  return { x: area.x + 2 + (column * (area.width - 4)) / 6, y: area.y + 5 + (row * (area.height - 7)) / 4 };
}

/** The way from one stage's slot to the next one's: out to the lane, along the aisle, in to the slot. */
export function pathBetween(fromStage: number, toStage: number, agvId: number): Point[] {
  const from = slotOf(fromStage, agvId);
  const to = slotOf(toStage, agvId);
  const path: Point[] = [from, { x: from.x, y: laneOf(fromStage) }];
  if (isNorthRow(fromStage) !== isNorthRow(toStage)) {
    const turnX = isNorthRow(fromStage) ? route.eastTurnX : route.westTurnX;
    path.push({ x: turnX, y: laneOf(fromStage) }, { x: turnX, y: laneOf(toStage) });
  }
  path.push({ x: to.x, y: laneOf(toStage) }, to);
  return path;
}

/** Where an AGV is `metres` along `path` (at its end once past it). */
export function alongPath(path: readonly Point[], metres: number): Point {
  let left = metres;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    if (left <= length)
      return length === 0 ? b : { x: a.x + ((b.x - a.x) * left) / length, y: a.y + ((b.y - a.y) * left) / length };
    left -= length;
  }
  return path[path.length - 1]!;
}

/** Metres in the hall → latitude/longitude, linear between the corners. */
export function toLatLon(point: Point): { latitude: number; longitude: number } {
  const { topLeft, bottomRight } = hallCorners;
  return {
    latitude: topLeft.latitude - (point.y / hallMetres.height) * (topLeft.latitude - bottomRight.latitude),
    longitude: topLeft.longitude + (point.x / hallMetres.width) * (bottomRight.longitude - topLeft.longitude),
  };
}

/**
 * The demo hall as a floor plan for PUT /plant/floor-plan: assets/demo-hall.svg (beside src/ and dist/ alike)
 * with the hall's corners.
 */
export function demoHallFloorPlan(): {
  image: string;
  topLeft: typeof hallCorners.topLeft;
  bottomRight: typeof hallCorners.bottomRight;
} {
  const svg = readFileSync(new URL('../assets/demo-hall.svg', import.meta.url));
  return { image: `data:image/svg+xml;base64,${svg.toString('base64')}`, ...hallCorners };
}
