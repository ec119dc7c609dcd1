// The plant's floor plan (docs/plant.md): an image and the latitude/longitude of its corners.
import { z } from 'zod';

/** The largest image, decoded (docs/plant.md (Checks)). */
export const floorPlanMaxBytes = 5 * 1024 * 1024;

export const floorPlanMediaTypes = ['image/png', 'image/svg+xml'] as const;
export type FloorPlanMediaType = (typeof floorPlanMediaTypes)[number];

const dataUrl = /^data:(image\/png|image\/svg\+xml);base64,([A-Za-z0-9+/]*={0,2})$/;
/** Base64 text of floorPlanMaxBytes, plus the longest prefix: longer text is refused before the pattern runs. */
const maxDataUrlLength = Math.ceil(floorPlanMaxBytes / 3) * 4 + 'data:image/svg+xml;base64,'.length;

/** The media type and decoded byte count of a floor plan data URL, or null when it is not one we take. */
export function parseFloorPlanDataUrl(image: string): { mediaType: FloorPlanMediaType; base64: string; bytes: number } | null {
  if (image.length > maxDataUrlLength + 1) {
    // Still report the size: "too big" is the useful answer, not "not a data URL".
    const comma = image.indexOf(',');
    const head = image.slice(0, comma + 1);
    const type = floorPlanMediaTypes.find((t) => head === `data:${t};base64,`);
    if (!type) return null;
    return { mediaType: type, base64: '', bytes: Math.floor(((image.length - comma - 1) * 3) / 4) };
  }
  const match = dataUrl.exec(image);
  if (!match || match[2]!.length % 4 !== 0) return null;
  const base64 = match[2]!;
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return { mediaType: match[1] as FloorPlanMediaType, base64, bytes: (base64.length / 4) * 3 - padding };
}

const corner = (name: string) =>
  z.strictObject({
    latitude: z
      .number({ error: `${name} latitude must be a number` })
      .finite()
      .min(-90, `${name} latitude must be between -90 and 90`)
      .max(90, `${name} latitude must be between -90 and 90`),
    longitude: z
      .number({ error: `${name} longitude must be a number` })
      .finite()
      .min(-180, `${name} longitude must be between -180 and 180`)
      .max(180, `${name} longitude must be between -180 and 180`),
  });

export const floorPlanCornerSchema = corner('Corner');
export type FloorPlanCorner = z.infer<typeof floorPlanCornerSchema>;

/**
 * PUT /plant/floor-plan. The image is checked here for its form and size; the server also checks its content
 * (the PNG signature, a well-formed SVG that cannot run script). A plan across the 180° meridian is refused.
 */
export const floorPlanUpdateSchema = z
  .strictObject({
    image: z.string({ error: 'Image is required' }).superRefine((image, ctx) => {
      const parsed = parseFloorPlanDataUrl(image);
      if (!parsed)
        ctx.addIssue({
          code: 'custom',
          message: 'Image must be a data URL of a PNG or SVG: data:image/png;base64,… or data:image/svg+xml;base64,…',
        });
      else if (parsed.bytes > floorPlanMaxBytes) ctx.addIssue({ code: 'custom', message: 'Image must be at most 5 MB' });
      else if (parsed.bytes === 0) ctx.addIssue({ code: 'custom', message: 'Image is empty' });
    }),
    topLeft: corner('Top-left'),
    bottomRight: corner('Bottom-right'),
  })
  .superRefine((plan, ctx) => {
    if (plan.topLeft.latitude <= plan.bottomRight.latitude)
      ctx.addIssue({
        code: 'custom',
        path: ['topLeft', 'latitude'],
        message: 'Top-left corner must be north of the bottom-right corner',
      });
    if (plan.topLeft.longitude >= plan.bottomRight.longitude)
      ctx.addIssue({
        code: 'custom',
        path: ['topLeft', 'longitude'],
        message: 'Top-left corner must be west of the bottom-right corner',
      });
  });
export type FloorPlanUpdate = z.infer<typeof floorPlanUpdateSchema>;

export const floorPlanSchema = z.object({
  image: z.string(),
  topLeft: floorPlanCornerSchema,
  bottomRight: floorPlanCornerSchema,
  /** ISO 8601: when it was last uploaded. */
  updatedAt: z.string(),
});
export type FloorPlan = z.infer<typeof floorPlanSchema>;

/**
 * Where a position falls on the plan, as fractions of its width (x, from the west edge) and height (y, from the
 * north edge): linear between the corners (docs/plant.md (API)). Outside the plan, below 0 or above 1.
 */
export function floorPlanFraction(
  plan: { topLeft: FloorPlanCorner; bottomRight: FloorPlanCorner },
  position: { latitude: number; longitude: number },
): { x: number; y: number } {
  return {
    x: (position.longitude - plan.topLeft.longitude) / (plan.bottomRight.longitude - plan.topLeft.longitude),
    y: (plan.topLeft.latitude - position.latitude) / (plan.topLeft.latitude - plan.bottomRight.latitude),
  };
}
