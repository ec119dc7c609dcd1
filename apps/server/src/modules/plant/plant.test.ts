// /plant/floor-plan through the real app (docs/plant.md): the checks, SVG safety, who may change it, audit.
import { floorPlanMaxBytes } from '@bpm/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp } from '../../testing/shared-test-app.js';

const t = sharedTestApp();
let operator: string;
beforeAll(async () => {
  operator = await t.signedInAs('olga', 'Operator');
});

/** A 1×1 PNG. */
const png =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const svgUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
const hall = (inside: string, rootAttributes = '') =>
  `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 50"${rootAttributes}>${inside}</svg>`;
const corners = { topLeft: { latitude: 52.41, longitude: -1.512 }, bottomRight: { latitude: 52.408, longitude: -1.509 } };
const plan = (image: string, extra: object = {}) => ({ image, ...corners, ...extra });
const put = (payload: object, cookie?: string) => t.call('PUT', '/api/plant/floor-plan', payload, cookie);
const auditOf = async (action: string) =>
  (await t.call('GET', `/api/audit?action=${action}`)).json() as Array<{ changes: Record<string, { after: unknown }> | null }>;

describe('/plant/floor-plan', () => {
  it('answers 404 while none is uploaded', async () => {
    for (const [method, url] of [
      ['GET', '/api/plant/floor-plan'],
      ['GET', '/api/plant/floor-plan/image'],
      ['DELETE', '/api/plant/floor-plan'],
    ] as const) {
      const response = await t.call(method, url);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('No floor plan has been uploaded');
    }
  });

  it('stores a PNG with its corners; everyone signed in reads it; the upload is in the audit trail', async () => {
    const response = await put(plan(png));
    expect(response.statusCode).toBe(200);
    const read = await t.call('GET', '/api/plant/floor-plan', undefined, operator);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ image: png, ...corners, updatedAt: response.json().updatedAt });
    const image = await t.call('GET', '/api/plant/floor-plan/image', undefined, operator);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload).toEqual(Buffer.from(png.split(',')[1]!, 'base64'));
    const again = await t.app.inject({
      url: '/api/plant/floor-plan/image',
      headers: { cookie: operator, 'if-none-match': image.headers.etag },
    });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject({ url: '/api/plant/floor-plan' })).statusCode).toBe(401);
    const [entry] = await auditOf('floorPlan.update');
    expect(entry?.changes?.image?.after).toMatch(/^image\/png, 70 bytes, SHA-256 [0-9a-f]{16}…$/);
    expect(entry?.changes?.topLeft?.after).toEqual(corners.topLeft);
  });

  it('stores an SVG and serves it so that nothing in it can run', async () => {
    const svg = svgUrl(hall('<style>.a{fill:url(#g)}</style><rect class="a" width="10" height="10"/><use href="#r"/>'));
    expect((await put(plan(svg))).statusCode).toBe(200);
    expect((await t.call('GET', '/api/plant/floor-plan')).json().image).toBe(svg);
    const image = await t.call('GET', '/api/plant/floor-plan/image');
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(image.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses an SVG that could run script (400 naming what was found) and keeps the plan stored', async () => {
    const before = (await t.call('GET', '/api/plant/floor-plan')).json();
    const response = await put(plan(svgUrl(hall('<script>alert(1)</script>'))));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'The SVG must not contain <script> elements',
      details: [{ path: 'image' }],
    });
    expect((await t.call('GET', '/api/plant/floor-plan')).json()).toEqual(before);
  });

  it.each([
    ['a PNG whose bytes are not a PNG', plan(svgUrl(hall('')).replace('image/svg+xml', 'image/png')), 'not a PNG'],
    ['a JPEG', plan('data:image/jpeg;base64,/9j/4AAQ'), 'PNG or SVG'],
    [
      'an image over 5 MB',
      plan(`data:image/png;base64,${Buffer.alloc(floorPlanMaxBytes + 1).toString('base64')}`),
      'at most 5 MB',
    ],
    ['a top-left south of the bottom-right', plan(png, { topLeft: { latitude: 52.4, longitude: -1.512 } }), 'north of'],
    ['a top-left east of the bottom-right', plan(png, { topLeft: { latitude: 52.41, longitude: -1.5 } }), 'west of'],
    [
      'a latitude past 90',
      plan(png, { topLeft: { latitude: 91, longitude: -1.512 } }),
      'Top-left latitude must be between -90 and 90',
    ],
    ['an unknown key', plan(png, { rotation: 90 }), 'rotation'],
    ['an unknown key in a corner', plan(png, { bottomRight: { ...corners.bottomRight, altitude: 3 } }), 'altitude'],
    ['no corners', { image: png }, 'topLeft'],
  ])('refuses %s with 400', async (_name, payload, message) => {
    const response = await put(payload);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });

  it('takes changes only from Probes UPDATE: an Operator can read but not upload or remove', async () => {
    expect((await put(plan(png), operator)).statusCode).toBe(403);
    expect((await t.call('DELETE', '/api/plant/floor-plan', undefined, operator)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/plant/floor-plan', undefined, operator)).statusCode).toBe(200);
  });

  it('DELETE removes it (204, then 404) and is in the audit trail', async () => {
    expect((await t.call('DELETE', '/api/plant/floor-plan')).statusCode).toBe(204);
    expect((await t.call('GET', '/api/plant/floor-plan')).statusCode).toBe(404);
    const [entry] = await auditOf('floorPlan.delete');
    expect(entry?.changes?.image?.after).toBeNull();
  });
});
