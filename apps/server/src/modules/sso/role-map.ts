// BPM_OIDC_ROLE_MAP (docs/sso.md (Settings)): "bpm-admins=Administrator,shift-leads=Supervisor,*=Operator".
// Rules in order, the first whose group the user holds wins; `*` matches anyone; without it, nobody else gets in.

export interface RoleRule {
  /** A value of the role claim, or "*" for anyone. */
  group: string;
  /** A BPM role name. */
  role: string;
}

export const defaultRoleMap = 'bpm-admins=Administrator,shift-leads=Supervisor,*=Operator';

/** The rules, or a sentence saying what is wrong with the text. */
export function parseRoleMap(text: string): RoleRule[] | string {
  const rules: RoleRule[] = [];
  for (const entry of text.split(',')) {
    if (entry.trim() === '') continue;
    const at = entry.lastIndexOf('=');
    const group = entry.slice(0, at).trim();
    const role = entry.slice(at + 1).trim();
    if (at < 0 || group === '' || role === '') return `"${entry.trim()}" is not group=Role`;
    rules.push({ group, role });
  }
  return rules.length > 0 ? rules : 'it holds no group=Role rule';
}

/** The claim's values: a list of strings, or one string (some IdPs send a single group as a string). */
export function claimValues(claim: unknown): string[] {
  if (typeof claim === 'string') return [claim];
  if (Array.isArray(claim)) return claim.filter((value): value is string => typeof value === 'string');
  return [];
}

/** The role name of the first rule the user matches, or undefined (refused). */
export function mappedRole(rules: readonly RoleRule[], claim: unknown): string | undefined {
  const held = new Set(claimValues(claim));
  return rules.find((rule) => rule.group === '*' || held.has(rule.group))?.role;
}
