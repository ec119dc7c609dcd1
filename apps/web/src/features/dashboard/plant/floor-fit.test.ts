// The Floor view's geometry (docs/screens.md (Plant)): a plan fitted by its corners, a grid fitted to the positions
// seen, round grid steps, and zoom about a point.
import { describe, expect, it } from 'vitest';
import { clampView, containBox, cornersAround, gridStepMetres, groundAspect, identityView, projector, zoomAt } from './floor-fit';

describe('floor fit', () => {
  it('fits a plan into the canvas by its aspect and maps its corners to the image corners', () => {
    const box = containBox(2, 800, 600);
    expect(box).toEqual({ left: 0, top: 100, width: 800, height: 400 });
    const project = projector(
      { topLeft: { latitude: 52.41, longitude: -1.52 }, bottomRight: { latitude: 52.4, longitude: -1.5 } },
      box,
    );
    expect(project({ latitude: 52.41, longitude: -1.52 })).toEqual({ x: 0, y: 100 });
    const bottomRight = project({ latitude: 52.4, longitude: -1.5 });
    expect(bottomRight.x).toBeCloseTo(800);
    expect(bottomRight.y).toBeCloseTo(500);
    expect(project({ latitude: 52.405, longitude: -1.51 }).x).toBeCloseTo(400);
  });

  it('fits a grid around the positions seen, with a margin and room around a single probe', () => {
    const corners = cornersAround([
      { latitude: 52.4, longitude: -1.5 },
      { latitude: 52.41, longitude: -1.49 },
    ])!;
    expect(corners.topLeft.latitude).toBeCloseTo(52.411);
    expect(corners.bottomRight.longitude).toBeCloseTo(-1.489);
    const one = cornersAround([{ latitude: 52.4, longitude: -1.5 }])!;
    expect((one.topLeft.latitude - one.bottomRight.latitude) * 111_320).toBeCloseTo(20);
    expect(groundAspect(one)).toBeCloseTo(1);
    expect(cornersAround([])).toBeNull();
  });

  it('picks round grid steps', () => {
    expect(gridStepMetres(100)).toBe(10);
    expect(gridStepMetres(170)).toBe(20);
    expect(gridStepMetres(3)).toBeCloseTo(0.5);
  });

  it('zooms about a point that stays in place, within bounds, and cannot pan the picture away', () => {
    const zoomed = zoomAt(identityView, 2, 100, 50);
    expect(zoomed).toEqual({ scale: 2, x: -100, y: -50 });
    expect(zoomAt(zoomed, 0.1, 0, 0).scale).toBe(1);
    expect(clampView({ scale: 2, x: 500, y: -900 }, 400, 300)).toEqual({ scale: 2, x: 0, y: -300 });
  });
});
