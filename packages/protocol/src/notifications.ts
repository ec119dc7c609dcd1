// Notifications (docs/notifications.md): channels, rules and the delivery log, the shapes of every
// notification call, defined once for server, web, tests and benches.
import { z } from 'zod';
import { eventTypes } from './events.js';
import { visibleName } from './text.js';

export const notificationLimits = {
  nameMaxLength: 100,
  recipientsMax: 50,
  secretMaxLength: 200,
  urlMaxLength: 2000,
  stepsMin: 1,
  stepsMax: 5,
  afterMinutesMax: 1440,
  repeatMinutesMin: 5,
  repeatMinutesMax: 1440,
  groupSecondsMax: 600,
  groupSecondsDefault: 30,
  /** A message lists this many alarms, then "and N more". */
  alarmsListed: 20,
  pageMax: 1000,
  pageDefault: 100,
} as const;

export const channelTypes = ['email', 'webhook'] as const;
export const channelTypeSchema = z.enum(channelTypes);
export type ChannelType = z.infer<typeof channelTypeSchema>;

export const webhookFormats = ['json', 'slack', 'teams'] as const;
export const webhookFormatSchema = z.enum(webhookFormats, { error: 'format must be json, slack or teams' });
export type WebhookFormat = z.infer<typeof webhookFormatSchema>;

const positiveId = z.number().int().positive();
const emailAddress = z.email('each address in to must be a valid e-mail address');

export const emailSettingsSchema = z
  .object({
    to: z.array(emailAddress).max(notificationLimits.recipientsMax).default([]),
    userIds: z.array(positiveId).max(notificationLimits.recipientsMax).default([]),
  })
  .refine((s) => s.to.length + s.userIds.length > 0, {
    message: 'An e-mail channel needs at least one recipient (to or userIds)',
    path: ['to'],
  });
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

const webhookUrl = z
  .string()
  .max(notificationLimits.urlMaxLength)
  .refine((url) => {
    try {
      return ['http:', 'https:'].includes(new URL(url).protocol);
    } catch {
      return false;
    }
  }, 'url must be an http or https address');

/** In: `secret` omitted keeps the stored one (on update), null removes it, a string sets it. */
export const webhookSettingsInputSchema = z.object({
  url: webhookUrl,
  format: webhookFormatSchema.default('json'),
  secret: z
    .string()
    .min(1, 'secret must not be empty (null removes it)')
    .max(notificationLimits.secretMaxLength)
    .nullable()
    .optional(),
});
/** Out: the secret is write-only; `secretSet` says whether one is stored. */
export const webhookSettingsSchema = z.object({ url: z.string(), format: webhookFormatSchema, secretSet: z.boolean() });
export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;

const channelBase = {
  name: visibleName('Name', notificationLimits.nameMaxLength),
  enabled: z.boolean().default(true),
};

export const channelInputSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ ...channelBase, type: z.literal('email'), settings: emailSettingsSchema }),
    z.object({ ...channelBase, type: z.literal('webhook'), settings: webhookSettingsInputSchema }),
  ],
  { error: 'type must be email or webhook' },
);
export type ChannelInput = z.infer<typeof channelInputSchema>;
export type ChannelInputBody = z.input<typeof channelInputSchema>;

const channelOut = {
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};
export const channelSchema = z.discriminatedUnion('type', [
  z.object({
    ...channelOut,
    type: z.literal('email'),
    settings: z.object({ to: z.array(z.string()), userIds: z.array(z.number().int()) }),
  }),
  z.object({ ...channelOut, type: z.literal('webhook'), settings: webhookSettingsSchema }),
]);
export type Channel = z.infer<typeof channelSchema>;

export const deliveryStatuses = ['pending', 'sent', 'failed'] as const;
export const deliveryStatusSchema = z.enum(deliveryStatuses);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export const deliveryKinds = ['alarm', 'cleared', 'test'] as const;
export const deliveryKindSchema = z.enum(deliveryKinds);
export type DeliveryKind = z.infer<typeof deliveryKindSchema>;

/** POST /notification-channels/{id}/test answers the outcome of its one attempt. */
export const channelTestResultSchema = z.object({
  deliveryId: z.number().int(),
  status: z.enum(['sent', 'failed']),
  error: z.string().nullable(),
});
export type ChannelTestResult = z.infer<typeof channelTestResultSchema>;

const stepSchema = z.object({
  afterMinutes: z.number().int().min(0).max(notificationLimits.afterMinutesMax),
  channelIds: z.array(positiveId).min(1, 'each step needs at least one channel').max(20),
});

export const ruleInputSchema = z
  .object({
    name: visibleName('Name', notificationLimits.nameMaxLength),
    enabled: z.boolean().default(true),
    match: z.object({
      eventTypes: z.array(z.enum(['Warning', 'Critical'])).min(1, 'match.eventTypes needs Warning, Critical or both'),
      events: z.array(z.number().int().min(0).max(999)).max(100).optional(),
      stageIds: z.array(z.number().int()).max(100).optional(),
    }),
    steps: z
      .array(stepSchema)
      .min(notificationLimits.stepsMin, 'a rule needs 1 to 5 steps')
      .max(notificationLimits.stepsMax, 'a rule has at most 5 steps'),
    repeatMinutes: z
      .number()
      .int()
      .min(notificationLimits.repeatMinutesMin)
      .max(notificationLimits.repeatMinutesMax)
      .nullable()
      .default(null),
    notifyCleared: z.boolean().default(false),
    groupSeconds: z.number().int().min(0).max(notificationLimits.groupSecondsMax).default(notificationLimits.groupSecondsDefault),
  })
  .superRefine((rule, ctx) => {
    rule.steps.forEach((step, i) => {
      const previous = rule.steps[i - 1];
      if (previous && step.afterMinutes <= previous.afterMinutes)
        ctx.addIssue({
          code: 'custom',
          path: ['steps', i, 'afterMinutes'],
          message: `step ${i + 1} must come after step ${i} (afterMinutes increasing)`,
        });
    });
  });
export type RuleInput = z.infer<typeof ruleInputSchema>;
export type RuleInputBody = z.input<typeof ruleInputSchema>;

export const ruleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  match: z.object({
    eventTypes: z.array(z.enum(eventTypes)),
    events: z.array(z.number().int()).optional(),
    stageIds: z.array(z.number().int()).optional(),
  }),
  steps: z.array(z.object({ afterMinutes: z.number().int(), channelIds: z.array(z.number().int()) })),
  repeatMinutes: z.number().int().nullable(),
  notifyCleared: z.boolean(),
  groupSeconds: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Rule = z.infer<typeof ruleSchema>;

/** One message of the outbox, as the delivery log shows it. */
export const deliverySchema = z.object({
  id: z.number().int(),
  kind: deliveryKindSchema,
  status: deliveryStatusSchema,
  /** null for a test message; the name as it is now (null once the rule is deleted). */
  ruleId: z.number().int().nullable(),
  ruleName: z.string().nullable(),
  /** 1-based escalation step (null for test and cleared messages). */
  step: z.number().int().nullable(),
  /** 0 for a step's first message, n for its n-th repeat. */
  repeat: z.number().int(),
  channelId: z.number().int(),
  channelName: z.string().nullable(),
  channelType: channelTypeSchema.nullable(),
  /** The alarms the message names (the first 20) and how many it covers in all. */
  alarmIds: z.array(z.number().int()),
  alarmCount: z.number().int(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

const intParam = z.coerce.number().int();
export const deliveryFilterSchema = z.object({
  status: deliveryStatusSchema.optional(),
  alarmId: intParam.min(1).optional(),
  channelId: intParam.min(1).optional(),
  limit: intParam.min(1).max(notificationLimits.pageMax).default(notificationLimits.pageDefault),
  /** A delivery id: only older ones (paging, newest first). */
  before: intParam.min(1).optional(),
});
export type DeliveryFilter = z.infer<typeof deliveryFilterSchema>;

/** BPM's own webhook document (format `json`). */
export interface NotificationDocument<A = unknown> {
  deliveryId: number;
  rule: { id: number; name: string } | null;
  step: number | null;
  kind: DeliveryKind;
  alarms: A[];
  more: number;
  url: string;
}
