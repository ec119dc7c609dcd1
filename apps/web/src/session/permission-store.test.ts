import { compressToUTF16 } from 'lz-string';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../testing/fetch-routes';
import { roleWithPermissions } from '../testing/fixtures';
import { permissionCacheKey, readPermissionCache, writePermissionCache } from './permission-cache';
import { clearPermissionNames, getPermissionNames, loadPermissionNames, refreshPermissionNames } from './permission-store';

const role = (names: string[]) => roleWithPermissions(names, 'READ', 'Supervisor');

beforeEach(() => {
  clearPermissionNames();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the "p" cache', () => {
  it('stores lz-string UTF-16 compressed JSON {p:[names]}', () => {
    writePermissionCache(['Roles', 'Logs']);
    const stored = sessionStorage.getItem(permissionCacheKey);
    expect(stored).toBe(compressToUTF16(JSON.stringify({ p: ['Roles', 'Logs'] })));
    expect(readPermissionCache()).toEqual(['Roles', 'Logs']);
  });

  it('reads missing and corrupt caches as null', () => {
    expect(readPermissionCache()).toBeNull();
    sessionStorage.setItem(permissionCacheKey, 'not compressed at all');
    expect(readPermissionCache()).toBeNull();
    sessionStorage.setItem(permissionCacheKey, compressToUTF16('{"q":[]}'));
    expect(readPermissionCache()).toBeNull();
  });
});

describe('current user permission names', () => {
  it('reads the cache when the in-memory list is empty, without a request', async () => {
    const fetched = stubFetch({ 'GET /roles/@me': json(role(['Users'])) });
    writePermissionCache(['Logs']);
    expect(await loadPermissionNames()).toEqual(['Logs']);
    expect(getPermissionNames()).toEqual(['Logs']);
    expect(fetched.count('GET /roles/@me')).toBe(0);
  });

  it('re-fetches when the cache is missing, and caches the answer', async () => {
    const fetched = stubFetch({ 'GET /roles/@me': json(role(['Users', 'Probes'])) });
    expect(await loadPermissionNames()).toEqual(['Users', 'Probes']);
    expect(fetched.count('GET /roles/@me')).toBe(1);
    expect(readPermissionCache()).toEqual(['Users', 'Probes']);
  });

  it('re-fetches when the cache is corrupt', async () => {
    const fetched = stubFetch({ 'GET /roles/@me': json(role(['Roles'])) });
    sessionStorage.setItem(permissionCacheKey, '\u0001garbage');
    expect(await loadPermissionNames()).toEqual(['Roles']);
    expect(fetched.count('GET /roles/@me')).toBe(1);
  });

  it('clears memory and cache when the fetch fails, logging "Error updating permissions"', async () => {
    stubFetch({ 'GET /roles/@me': json(role(['Users'])) });
    await refreshPermissionNames();
    expect(getPermissionNames()).toEqual(['Users']);

    stubFetch({ 'GET /roles/@me': json({ message: 'nope' }, 500) });
    expect(await refreshPermissionNames()).toEqual([]);
    expect(getPermissionNames()).toEqual([]);
    expect(sessionStorage.getItem(permissionCacheKey)).toBeNull();
    expect(console.error).toHaveBeenCalledWith('Error updating permissions', expect.any(Error));
  });

  it('uses the in-memory list while it is not empty', async () => {
    stubFetch({ 'GET /roles/@me': json(role(['Users'])) });
    await refreshPermissionNames();
    const fetched = stubFetch({ 'GET /roles/@me': json(role(['Logs'])) });
    expect(await loadPermissionNames()).toEqual(['Users']);
    expect(fetched.count('GET /roles/@me')).toBe(0);
  });
});
