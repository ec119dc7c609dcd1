// User payloads and answers (docs/data-model.md (User), docs/api.md (Users)).
import { z } from 'zod';
import { requiredText, visibleName } from './text.js';

export const userSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  roleId: z.number().int(),
  created: z.string(),
  updated: z.string(),
  /** 'sso': signed in through the plant's identity provider; its role, name and password are not editable (docs/sso.md). */
  source: z.enum(['local', 'sso']),
});
export type User = z.infer<typeof userSchema>;

export const usernameSchema = requiredText('Username', 64).regex(
  /^[\p{L}\p{N}._@-]+$/u,
  'Username may contain only letters, digits, ".", "_", "@" and "-"',
);
const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Email is not a valid email address'));
export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(256, 'Password must be at most 256 characters');
const roleIdSchema = z.number({ error: 'Role is required' }).int().positive('Role is required');

export const createUserSchema = z.strictObject({
  username: usernameSchema,
  firstName: visibleName('First name', 100),
  lastName: visibleName('Last name', 100),
  email: emailSchema,
  password: passwordSchema,
  roleId: roleIdSchema,
});
export type CreateUser = z.infer<typeof createUserSchema>;

export const modifyUserSchema = z.strictObject({
  username: usernameSchema,
  firstName: visibleName('First name', 100),
  lastName: visibleName('Last name', 100),
  email: emailSchema,
  roleId: roleIdSchema,
});
export type ModifyUser = z.infer<typeof modifyUserSchema>;

/** What a user may change about themselves (docs/api.md (Users)). */
export const updateMeSchema = z.strictObject({
  firstName: visibleName('First name', 100),
  lastName: visibleName('Last name', 100),
  email: emailSchema,
});
export type UpdateMe = z.infer<typeof updateMeSchema>;

export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().max(256).default(''),
  newPassword: passwordSchema,
});
export type ChangePassword = z.input<typeof changePasswordSchema>;
