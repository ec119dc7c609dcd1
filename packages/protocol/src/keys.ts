// Personal API keys (docs/data-model.md (API key), docs/api.md (API keys)).
import { z } from 'zod';
import { visibleName } from './text.js';

/** Every token starts with this, so a leaked key is recognisable (docs/data-model.md (Product identity), docs/api.md (API keys)). */
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
  name: visibleName('Key name', 100),
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
