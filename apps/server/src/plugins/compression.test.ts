// Which encoding an API answer is compressed with (docs/server.md (Compression)).
import { describe, expect, it } from 'vitest';
import { chooseEncoding } from './compression.js';

describe('chooseEncoding', () => {
  it('prefers Brotli, follows the q-values, and refuses what the client refuses', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});
