// Messages on the live feed at "/" (docs/live-feed.md (Messages)).
import { z } from 'zod';
import { alarmsMessageSchema } from './alarms.js';
import { systemInfoSchema } from './config.js';
import { probeSchema } from './probes.js';

export const systemConfigMessageSchema = z.object({
  messageType: z.literal('systemConfig'),
  systemInfo: systemInfoSchema,
});
export const probeDataMessageSchema = z.object({
  messageType: z.literal('probeData'),
  probes: z.array(probeSchema),
});
export const probeDeletionMessageSchema = z.object({
  messageType: z.literal('probeDeletion'),
  probes: z.array(z.object({ probeID: z.string() })),
});
export const liveMessageSchema = z.discriminatedUnion('messageType', [
  systemConfigMessageSchema,
  probeDataMessageSchema,
  probeDeletionMessageSchema,
  alarmsMessageSchema,
]);
export type SystemConfigMessage = z.infer<typeof systemConfigMessageSchema>;
export type ProbeDataMessage = z.infer<typeof probeDataMessageSchema>;
export type ProbeDeletionMessage = z.infer<typeof probeDeletionMessageSchema>;
export type LiveMessage = z.infer<typeof liveMessageSchema>;

/** Close codes the client treats as normal (docs/data-model.md (General)). */
export const normalCloseCodes = [1000, 1001] as const;
/** Server flush interval and reconnect backoff (docs/live-feed.md (Messages)). */
export const liveTiming = { flushIntervalMs: 100, pingIntervalMs: 30_000, reconnectMinMs: 1000, reconnectMaxMs: 5000 } as const;
