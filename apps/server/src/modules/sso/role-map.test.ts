// BPM_OIDC_ROLE_MAP (docs/sso.md (Settings)): rules in order, first match wins, `*` for anyone.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { mappedRole, parseRoleMap } from './role-map.js';

describe('role map', () => {
  const rules = parseRoleMap('bpm-admins=Administrator, shift-leads=Supervisor,*=Operator');
  if (typeof rules === 'string') throw new Error(rules);

  it('gives the role of the first rule the user matches, in the map’s order', () => {
    expect(mappedRole(rules, ['shift-leads', 'bpm-admins'])).toBe('Administrator');
    expect(mappedRole(rules, 'shift-leads')).toBe('Supervisor');
    expect(mappedRole(rules, ['visitors'])).toBe('Operator');
    expect(mappedRole(rules, undefined)).toBe('Operator');
  });

  it('refuses (no role) a user who matches nothing when the map has no *', () => {
    const strict = parseRoleMap('bpm-admins=Administrator');
    expect(typeof strict !== 'string' && mappedRole(strict, ['visitors'])).toBeUndefined();
  });

  it('stops the start on a map or settings that cannot work', () => {
    const sso = { BPM_OIDC_ISSUER: 'https://idp.example', BPM_OIDC_CLIENT_ID: 'bpm', BPM_OIDC_CLIENT_SECRET: 's' };
    expect(() => loadConfig({ ...sso, BPM_OIDC_ROLE_MAP: 'Administrator' })).toThrow(
      /BPM_OIDC_ROLE_MAP: "Administrator" is not group=Role/,
    );
    expect(() => loadConfig({ BPM_OIDC_ISSUER: 'https://idp.example' })).toThrow(
      /needs BPM_OIDC_ISSUER, BPM_OIDC_CLIENT_ID and BPM_OIDC_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ ...sso, BPM_OIDC_ISSUER: 'http://idp.example' })).toThrow(/must be an https address/);
    expect(loadConfig(sso).oidc).toMatchObject({ displayName: 'your company account', roleClaim: 'groups' });
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ BPM_PUBLIC_HOST: 'plant.example.com' }).publicUrl).toBe('https://plant.example.com');
    expect(loadConfig({ BPM_PUBLIC_URL: 'https://bpm.example.com/' }).publicUrl).toBe('https://bpm.example.com');
  });
});
