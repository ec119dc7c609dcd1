// Role answers as the API sends them (docs/data-model.md (Role): permissions_with_levels).
import { z } from 'zod';
import { permissionLevelSchema, permissionNameSchema, permissionNames } from './permissions.js';
import { refuseHiddenCharacters, visibleName } from './text.js';

export const permissionWithLevelSchema = z.object({
  permission_id: z.number().int(),
  permission_name: z.string(),
  permission_description: z.string(),
  permission_level_id: z.number().int(),
  permission_level_name: z.string(),
});
export type PermissionWithLevel = z.infer<typeof permissionWithLevelSchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  is_default: z.boolean(),
  permissions_with_levels: z.array(permissionWithLevelSchema),
});
export type Role = z.infer<typeof roleSchema>;

/** POST /roles and PUT /roles/{id} (docs/role-editing.md): each permission at most once; absent means none. */
export const roleInputSchema = z.strictObject({
  name: visibleName('Role name', 100),
  description: z
    .string()
    .trim()
    .max(500, 'Description must have at most 500 characters')
    .superRefine(refuseHiddenCharacters('Description', { multiline: true }))
    .default(''),
  permissions: z
    .array(z.strictObject({ name: permissionNameSchema, level: permissionLevelSchema }))
    .max(permissionNames.length)
    .default([])
    .refine((list) => new Set(list.map((p) => p.name)).size === list.length, 'Each permission may appear only once'),
});
export type RoleInput = z.input<typeof roleInputSchema>;
export type ParsedRoleInput = z.output<typeof roleInputSchema>;

/**
 * The built-in Administrator role (the first the seed creates): it always holds every permission at DELETE
 * and cannot be changed or deleted, so that someone can always grant back what was taken (docs/role-editing.md).
 */
export const administratorRoleId = 1;
