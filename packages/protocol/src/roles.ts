// Role answers as the API sends them (docs/data-model.md (Role): permissions_with_levels).
import { z } from 'zod';

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
