// Health checks for load balancers (docs/deployment.md, "Health checks"): no sign-in, nothing but these fields.
import { z } from 'zod';

export const healthLiveSchema = z.object({ status: z.literal('ok') });
export type HealthLive = z.infer<typeof healthLiveSchema>;

export const healthReadySchema = z.object({
  /** "ready" (200) when every check passed, otherwise "unavailable" (503). */
  status: z.enum(['ready', 'unavailable']),
  /** The database answers and its schema is this version's (migrations done). */
  database: z.boolean(),
  /** Cluster mode only: Redis answers. */
  redis: z.boolean().optional(),
  /** This instance runs the probe engine (always true on a single instance). */
  engine: z.boolean(),
});
export type HealthReady = z.infer<typeof healthReadySchema>;
