// Personal API keys (spec §3 API key, §7 API keys; design §4).
import { z } from 'zod';
import { requiredText } from './text.js';

/** Every token starts with this, so a leaked key is recognisable (design §1, §4). */
export const apiKeyPrefix = 'bpm_';

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  expirationDate: z.string(),
  creationDate: z.string(),
  updateDate: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeySchema = z.strictObject({
  name: requiredText('Key name', 100),
  expirationDate: z.iso.datetime({ offset: true, error: 'Expiration date must be an ISO 8601 date-time' }),
});
export type CreateApiKey = z.infer<typeof createApiKeySchema>;

export const createdApiKeySchema = apiKeySchema.extend({ token: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const keyCheckSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  keyId: z.number().int(),
  keyName: z.string(),
  expirationDate: z.string(),
});
export type KeyCheck = z.infer<typeof keyCheckSchema>;
