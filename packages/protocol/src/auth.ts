// Sign-in payloads (docs/api.md (Authentication)).
import { z } from 'zod';

export const loginRequestSchema = z.strictObject({
  username: z.string({ error: 'Username is required' }).min(1, 'Username is required').max(100),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;
