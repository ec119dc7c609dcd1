// The demo hall (docs/plant.md (Demo hall)): the shipped drawing shows the stages where the plant puts them,
// and the AGVs' reported positions stay on it, parked in their stage's area or driving along the route.
import { readFileSync } from 'node:fs';
import { floorPlanFraction, type ProbeReport } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { demoHallFloorPlan, hallCorners, hallMetres, route, stageAreas, type Area, type Point } from './demo-hall.js';
import { buildStages, Plant } from './plant.js';

const svg = readFileSync(new URL('../assets/demo-hall.svg', import.meta.url), 'utf8');
const start = Date.parse('2026-11-22T10:00:00.000Z');

/** A reported position back in hall metres, as the Floor view places it. */
function metresOf(report: ProbeReport): Point {
  const { x, y } = floorPlanFraction(hallCorners, { latitude: report.latitude!, longitude: report.longitude! });
  return { x: x * hallMetres.width, y: y * hallMetres.height };
}
const inside = (p: Point, a: Area, margin = 1) =>
  p.x >= a.x - margin && p.x <= a.x + a.width + margin && p.y >= a.y - margin && p.y <= a.y + a.height + margin;
/** The aisle with its two lanes, and the turns at both ends. */
const aisle: Area = {
  x: route.westTurnX,
  y: route.eastboundY,
  width: route.eastTurnX - route.westTurnX,
  height: route.westboundY - route.eastboundY,
};
/** The ways out of and into the stage areas (an AGV leaves and enters its slot straight north or south). */
const onWayIn = (p: Point) => stageAreas.some((a) => p.x >= a.x - 1 && p.x <= a.x + a.width + 1 && p.y >= 23 && p.y <= 37);

describe('the demo hall', () => {
  it('draws each stage area where the plant puts it, labelled with its name, with the hall as the viewBox', () => {
    expect(svg).toContain(`viewBox="0 0 ${hallMetres.width} ${hallMetres.height}"`);
    stageAreas.forEach((area, i) => {
      expect(svg).toContain(
        `<rect id="stage-${i + 1}" x="${area.x}" y="${area.y}" width="${area.width}" height="${area.height}"`,
      );
      expect(svg).toContain(`${i + 1} · ${buildStages[i]!.name}</text>`);
    });
    expect(svg).toContain(
      `d="M${route.westTurnX} ${route.eastboundY} H${route.eastTurnX} V${route.westboundY} H${route.westTurnX} Z"`,
    );
    expect(demoHallFloorPlan()).toEqual({
      image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      ...hallCorners,
    });
  });

  it('puts every probe inside the hall, parked in its stage or on the route, moving at an AGV’s pace', () => {
    const plant = new Plant({ probes: 40, seed: 2, startMs: start });
    const last = new Map<string, { p: Point; ms: number }>();
    const outside: ProbeReport[] = [];
    const offRoute: ProbeReport[] = [];
    const jumps: ProbeReport[] = [];
    let driving = 0;
    let total = 0;
    for (let s = 1; s <= 400; s++) {
      for (const report of plant.nextReports(40, start + s * 1000)) {
        const p = metresOf(report);
        const ms = Date.parse(report.timestamp!);
        const stage = report.assignment?.buildStage?.id ?? 6; // without a pack: parked at Charging
        const here = stageAreas[stage - 1]!;
        const before = stageAreas[(stage + 4) % 6]!;
        if (!inside(p, { x: 0, y: 0, ...hallMetres }, 0)) outside.push(report);
        if (!(inside(p, here) || inside(p, before) || inside(p, aisle, 2) || onWayIn(p))) offRoute.push(report);
        if (!inside(p, here, 0) && !inside(p, before, 0)) driving++;
        total++;
        // Never a jump: at most 1.5 m/s, plus the noise of two positions (0.3 m a side each, within 5 sigma).
        const previous = last.get(report.probeID);
        if (previous)
          expect(Math.hypot(p.x - previous.p.x, p.y - previous.p.y)).toBeLessThan((1.5 * (ms - previous.ms)) / 1000 + 3);
        last.set(report.probeID, { p, ms });
      }
    }
    expect({ outside, offRoute, jumps }).toEqual({ outside: [], offRoute: [], jumps: [] });
    expect(driving / total).toBeGreaterThan(0.05);
  });
});
