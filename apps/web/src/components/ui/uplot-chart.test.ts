// The chart's marker labels as the canvas receives them (docs/history.md, Web): a Warning and a
// Critical alarm raised a minute apart on the 1 h range sit ~20 px apart, closer than a label is wide;
// both labels must still read, never drawn over each other. jsdom has no canvas: a stand-in context
// records the text drawn, with a fixed width per character.
import type uPlot from 'uplot';
import { expect, it } from 'vitest';
import { markersPlugin, type ChartMarker } from './uplot-chart';

const charWidth = 6;
const lineHeight = 11;

interface DrawnText {
  text: string;
  x: number;
  y: number;
  colour: string;
  align: string;
}

/** Draws the markers on a plot 1,000 px wide whose x scale is in canvas pixels, and answers the texts. */
function drawMarkers(markers: readonly ChartMarker[]): DrawnText[] {
  const drawn: DrawnText[] = [];
  const ctx = {
    fillStyle: '',
    strokeStyle: '',
    font: '',
    textBaseline: '',
    // As uPlot leaves it after drawing the y axis's values (right-aligned, left of the plot).
    textAlign: 'right',
    lineWidth: 1,
    save() {},
    restore() {},
    setLineDash() {},
    beginPath() {},
    moveTo() {},
    lineTo() {},
    stroke() {},
    fillRect() {},
    measureText: (text: string) => ({ width: text.length * charWidth }),
    fillText(this: { fillStyle: string; textAlign: string }, text: string, x: number, y: number) {
      drawn.push({ text, x, y, colour: this.fillStyle, align: this.textAlign });
    },
  };
  const plot = { ctx, bbox: { left: 0, top: 0, width: 1000, height: 300 }, valToPos: (v: number) => v };
  const draw = markersPlugin({ current: markers }).hooks.draw as (u: uPlot) => void;
  draw(plot as unknown as uPlot);
  return drawn;
}

const overlap = (a: DrawnText, b: DrawnText) =>
  a.x < b.x + b.text.length * charWidth &&
  b.x < a.x + a.text.length * charWidth &&
  a.y < b.y + lineHeight &&
  b.y < a.y + lineHeight;

const alarm = (x: number, label: 'Warning' | 'Critical'): ChartMarker => ({
  x,
  label,
  description: `${label} alarm`,
  colour: label === 'Critical' ? '#e03131' : '#f08c00',
});

it('draws the labels of two alarms a minute apart without one over the other', () => {
  const drawn = drawMarkers([alarm(500, 'Warning'), alarm(520, 'Critical')]);

  expect(drawn.map((d) => [d.text, d.colour])).toEqual([
    ['Warning', '#f08c00'],
    ['Critical', '#e03131'],
  ]);
  expect(overlap(drawn[0]!, drawn[1]!)).toBe(false);
  // Each text starts where it was placed: drawn right-aligned, it ran back over its own line and its neighbour.
  expect(drawn.map((d) => d.align)).toEqual(['left', 'left']);
});

it('keeps labels far apart side by side in the top row', () => {
  const drawn = drawMarkers([alarm(100, 'Warning'), alarm(600, 'Critical')]);

  expect(drawn.map((d) => d.text)).toEqual(['Warning', 'Critical']);
  expect(drawn[0]!.y).toBe(drawn[1]!.y);
});

it('counts the markers of a crowd in a shared label rather than drawing over it', () => {
  const crowd = [0, 5, 10, 15, 20, 25].map((dx, i) => alarm(500 + dx, i % 2 ? 'Critical' : 'Warning'));
  const drawn = drawMarkers(crowd);

  for (const a of drawn) for (const b of drawn) if (a !== b) expect(overlap(a, b)).toBe(false);
  const counted = drawn.map((d) => (/ \+(\d+)$/.exec(d.text) ? Number(/ \+(\d+)$/.exec(d.text)![1]) + 1 : 1));
  expect(counted.reduce((sum, n) => sum + n, 0)).toBe(crowd.length);
});

it('keeps a label that would run past the plot’s right edge inside it', () => {
  const [label] = drawMarkers([alarm(995, 'Critical')]);

  expect(label!.x + label!.text.length * charWidth).toBeLessThanOrEqual(1000);
});
