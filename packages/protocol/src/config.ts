// System thresholds (docs/data-model.md (System configuration); docs/probe-data.md (Thresholds)): defaults and bounds.
import { z } from 'zod';

export const systemInfoSchema = z.object({
  timeoutSeconds: z.number(),
  batteryLevelWarning: z.number(),
  batteryLevelPanic: z.number(),
  highTemperatureWarning: z.number(),
  highTemperaturePanic: z.number(),
  lowTemperatureWarning: z.number(),
  lowTemperaturePanic: z.number(),
});
export type SystemInfo = z.infer<typeof systemInfoSchema>;

export const defaultSystemInfo: SystemInfo = {
  timeoutSeconds: 10,
  batteryLevelWarning: 20,
  batteryLevelPanic: 10,
  highTemperatureWarning: 45,
  highTemperaturePanic: 55,
  lowTemperatureWarning: 5,
  lowTemperaturePanic: 0,
};

const temperature = z.number().finite().min(-100).max(500);
const percent = z.number().finite().min(0).max(100);

/** PUT /system/config: some or all fields; bounds are checked on the merged result. */
export const systemInfoUpdateSchema = z.strictObject({
  timeoutSeconds: z.number().finite().min(1).max(3600).optional(),
  batteryLevelWarning: percent.optional(),
  batteryLevelPanic: percent.optional(),
  highTemperatureWarning: temperature.optional(),
  highTemperaturePanic: temperature.optional(),
  lowTemperatureWarning: temperature.optional(),
  lowTemperaturePanic: temperature.optional(),
});
export type SystemInfoUpdate = z.infer<typeof systemInfoUpdateSchema>;

/** The cross-field bounds of docs/probe-data.md (Thresholds); returns one message per broken rule. */
export function systemInfoProblems(info: SystemInfo): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (info.batteryLevelPanic > info.batteryLevelWarning)
    problems.push({ path: 'batteryLevelPanic', message: 'Battery panic level must not be above the warning level' });
  if (info.lowTemperaturePanic > info.lowTemperatureWarning)
    problems.push({ path: 'lowTemperaturePanic', message: 'Low temperature panic must not be above the low warning' });
  if (info.lowTemperatureWarning >= info.highTemperatureWarning)
    problems.push({ path: 'lowTemperatureWarning', message: 'Low temperature warning must be below the high warning' });
  if (info.highTemperatureWarning > info.highTemperaturePanic)
    problems.push({ path: 'highTemperatureWarning', message: 'High temperature warning must not be above the high panic' });
  return problems;
}
