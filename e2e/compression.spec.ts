// API answers are compressed for a client that accepts it (docs/server.md (Compression)): the open-alarms answer a
// dashboard loads at every (re)connection comes content-encoded and decodes to the same JSON.
import { get, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { adminContext, expect, test } from './fixtures';
import { criticalReadings, deleteAllProbes, ingest, probeReport } from './probe-reports';
import { adminSessionCookie } from './server';

/** The answer's headers and its bytes as they came over the wire (no client decoding them). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

test('the open-alarms answer arrives compressed and decodes to the same alarms', async ({ playwright, server }) => {
  const api = await adminContext(playwright, server);
  await ingest(
    api,
    Array.from({ length: 30 }, (_, i) => probeReport(`zip-${i}`, { readings: criticalReadings })),
  );
  const cookie = await adminSessionCookie(server);
  const url = `${server.url}/api/alarms?state=open`;

  const plain = await rawGet(url, { cookie, 'accept-encoding': 'identity' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  const alarms = JSON.parse(plain.body.toString()) as { probeID: string }[];
  expect(alarms.filter((a) => a.probeID.startsWith('zip-')).length).toBeGreaterThanOrEqual(30);

  for (const [encoding, decode] of [
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const) {
    const sent = await rawGet(url, { cookie, 'accept-encoding': encoding });
    expect(sent.headers['content-encoding']).toBe(encoding);
    expect(sent.headers['vary']).toMatch(/accept-encoding/i);
    expect(sent.body.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(decode(sent.body).toString())).toEqual(alarms);
  }
  await deleteAllProbes(api);
  await api.dispose();
});
