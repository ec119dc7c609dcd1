import { describe, expect, it } from 'vitest';
import { loginHref, pathAfterSignIn } from './paths';

describe("Login's next", () => {
  it('lands on the page the guard sent the user from, with its query and hash', () => {
    expect(pathAfterSignIn(new URLSearchParams(loginHref('/plant?view=floor&list=1').split('?')[1]).get('next'))).toBe(
      '/plant?view=floor&list=1',
    );
    expect(pathAfterSignIn('/roles#3')).toBe('/roles#3');
    expect(loginHref('/dashboard')).toBe('/login');
  });

  it('never leaves the app nor loops back to Login', () => {
    for (const next of [null, '', 'https://evil.example/', '//evil.example/', '/\\evil.example/', 'javascript:alert(1)', '/login?next=/x'])
      expect(pathAfterSignIn(next), String(next)).toBe('/');
  });
});
