// Where a latitude/longitude lands on the Floor view's canvas (docs/screens.md (Plant)): the floor plan fitted by its
// corners, or, without one, a grid fitted to the positions seen; then the user's pan and zoom. Pure: no canvas, no DOM.

export interface LatLon {
  latitude: number;
  longitude: number;
}

/** The area shown: its top-left (north-west) and bottom-right (south-east) corners. */
export interface Corners {
  topLeft: LatLon;
  bottomRight: LatLon;
}

/** A box on the canvas, in CSS pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Pan and zoom over the fitted picture: screen = fitted × scale + offset. */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export const identityView: View = { scale: 1, x: 0, y: 0 };
export const minScale = 1;
export const maxScale = 40;

/** The largest box of `aspect` (width / height) that fits a `width` × `height` canvas, centred (an image's "contain"). */
export function containBox(aspect: number, width: number, height: number): Box {
  if (!(aspect > 0) || width <= 0 || height <= 0)
    return { left: 0, top: 0, width: Math.max(0, width), height: Math.max(0, height) };
  const boxWidth = Math.min(width, height * aspect);
  const boxHeight = boxWidth / aspect;
  return { left: (width - boxWidth) / 2, top: (height - boxHeight) / 2, width: boxWidth, height: boxHeight };
}

/** Maps a position to the box whose corners are `corners`: linear in latitude and in longitude, as the plan is drawn. */
export function projector(corners: Corners, box: Box): (position: LatLon) => { x: number; y: number } {
  const lonSpan = corners.bottomRight.longitude - corners.topLeft.longitude;
  const latSpan = corners.topLeft.latitude - corners.bottomRight.latitude;
  return ({ latitude, longitude }) => ({
    x: box.left + (lonSpan === 0 ? 0.5 : (longitude - corners.topLeft.longitude) / lonSpan) * box.width,
    y: box.top + (latSpan === 0 ? 0.5 : (corners.topLeft.latitude - latitude) / latSpan) * box.height,
  });
}

export const metresPerDegreeLatitude = 111_320;

/** East-west metres per degree of longitude at this latitude. */
export const metresPerDegreeLongitude = (latitude: number) => metresPerDegreeLatitude * Math.cos((latitude * Math.PI) / 180);

/**
 * Without a plan: the corners around every position seen, a margin of 10 % each side and at least `minSpanMetres`
 * across, so one probe (or a line of them) still has room around it.
 */
export function cornersAround(positions: Iterable<LatLon>, minSpanMetres = 20): Corners | null {
  let north = -Infinity;
  let south = Infinity;
  let west = Infinity;
  let east = -Infinity;
  for (const { latitude, longitude } of positions) {
    if (latitude > north) north = latitude;
    if (latitude < south) south = latitude;
    if (longitude < west) west = longitude;
    if (longitude > east) east = longitude;
  }
  if (north === -Infinity) return null;
  const middle = (north + south) / 2;
  const minLat = minSpanMetres / metresPerDegreeLatitude;
  const minLon = minSpanMetres / metresPerDegreeLongitude(middle);
  const latMargin = Math.max((north - south) * 0.1, (minLat - (north - south)) / 2, 0);
  const lonMargin = Math.max((east - west) * 0.1, (minLon - (east - west)) / 2, 0);
  return {
    topLeft: { latitude: north + latMargin, longitude: west - lonMargin },
    bottomRight: { latitude: south - latMargin, longitude: east + lonMargin },
  };
}

/** Width / height of an area in metres, so the grid's squares are square on the ground. */
export function groundAspect(corners: Corners): number {
  const middle = (corners.topLeft.latitude + corners.bottomRight.latitude) / 2;
  const width = Math.abs(corners.bottomRight.longitude - corners.topLeft.longitude) * metresPerDegreeLongitude(middle);
  const height = Math.abs(corners.topLeft.latitude - corners.bottomRight.latitude) * metresPerDegreeLatitude;
  return height > 0 && width > 0 ? width / height : 1;
}

/** A round grid step (1, 2 or 5 × 10ⁿ metres) giving about `lines` lines across `spanMetres`. */
export function gridStepMetres(spanMetres: number, lines = 10): number {
  if (!(spanMetres > 0)) return 1;
  const raw = spanMetres / lines;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].find((m) => m * power >= raw)!;
  return step * power;
}

/** Zooms by `factor` about the screen point (cx, cy), which stays where it is; the scale stays within min/maxScale. */
export function zoomAt(view: View, factor: number, cx: number, cy: number): View {
  const scale = Math.min(maxScale, Math.max(minScale, view.scale * factor));
  const applied = scale / view.scale;
  return { scale, x: cx - (cx - view.x) * applied, y: cy - (cy - view.y) * applied };
}

/** Keeps some of the picture on screen: it cannot be panned wholly out of a `width` × `height` canvas. */
export function clampView(view: View, width: number, height: number): View {
  const minX = width - width * view.scale;
  const minY = height - height * view.scale;
  return { scale: view.scale, x: Math.min(0, Math.max(minX, view.x)), y: Math.min(0, Math.max(minY, view.y)) };
}
