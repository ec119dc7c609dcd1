// Chooses the API base (docs/server.md): runtime setting, else {scheme}://api.{host}, except on hosts
// where api.{host} would be another site to the browser (localhost, an IP, a single label).
declare global {
  interface Window {
    __BPM_CONFIG__?: { apiBaseUrl?: string };
  }
}

export function isSameSiteOnlyHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[')) return true;
  return !hostname.includes('.');
}

export function apiBaseUrlFor(
  location: Pick<Location, 'protocol' | 'host' | 'hostname' | 'origin'>,
  configured?: string,
): string {
  if (configured) return configured.replace(/\/$/, '');
  if (isSameSiteOnlyHost(location.hostname)) return `${location.origin}/api`;
  return `${location.protocol}//api.${location.host}`;
}

export const apiBaseUrl = (): string => apiBaseUrlFor(window.location, window.__BPM_CONFIG__?.apiBaseUrl);

/** The live feed sits at the root path of the page's own host (docs/live-feed.md (Messages)). */
export const liveUrl = (): string => `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}/`;
