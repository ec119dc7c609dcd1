// Where the chart's marker labels go (docs/history.md, Web; docs/decisions/history.md#marker-labels): each label
// beside its line, in the first of a few rows where it overlaps no other label, so that two alarms
// raised a minute apart both read; when every row is taken at that place, the marker joins the label
// just before it, which then counts it ("Warning +1"). Every line is still drawn, and the data table
// lists every marker.

export interface MarkerLabelInput {
  /** The marker line's position, in canvas pixels. */
  x: number;
  label: string;
  colour: string;
}

export interface PlacedMarkerLabel {
  /** Where the text starts, in canvas pixels. */
  x: number;
  /** 0 is the top row. */
  row: number;
  text: string;
  colour: string;
}

export interface MarkerLabelLayout {
  /** The text's width in canvas pixels. */
  measure: (text: string) => number;
  /** Space between a line and its label, and the least space between two labels in a row. */
  gap: number;
  /** The right edge of the plot: a label that would run past it is moved left to end there. */
  right: number;
  maxRows: number;
}

interface Placed extends PlacedMarkerLabel {
  lineX: number;
  label: string;
  joined: number;
  width: number;
}

export function placeMarkerLabels(markers: readonly MarkerLabelInput[], layout: MarkerLabelLayout): PlacedMarkerLabel[] {
  const { measure, gap, right, maxRows } = layout;
  const rows: Placed[][] = Array.from({ length: maxRows }, () => []);
  const placed: Placed[] = [];
  const startFor = (lineX: number, width: number) => Math.max(0, Math.min(lineX + gap, right - width));
  const fits = (row: readonly Placed[], start: number, width: number, except?: Placed) =>
    row.every((other) => other === except || start + width + gap <= other.x || other.x + other.width + gap <= start);

  for (const marker of [...markers].sort((a, b) => a.x - b.x)) {
    const width = measure(marker.label);
    const start = startFor(marker.x, width);
    const row = rows.findIndex((r) => fits(r, start, width));
    if (row >= 0) {
      const label: Placed = { ...marker, lineX: marker.x, x: start, row, text: marker.label, joined: 0, width };
      rows[row]!.push(label);
      placed.push(label);
      continue;
    }
    // No free row here: the nearest label to the left counts this marker too.
    const host = placed.reduce((best, p) => (p.lineX > best.lineX ? p : best));
    host.joined += 1;
    host.text = `${host.label} +${host.joined}`;
    host.width = measure(host.text);
    host.x = startFor(host.lineX, host.width);
  }
  return placed.map(({ x, row, text, colour }) => ({ x, row, text, colour }));
}
