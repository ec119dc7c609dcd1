// A body over the limit gets its 413 and the JSON error body over a real socket (docs/security.md (Request
// limits)), not a reset connection: the client below keeps sending its 10 MB while the server has already
// answered, as a client on a real network does, and must still read the whole answer.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testAdminPassword, type TestApp } from './testing/test-app.js';

let t: TestApp;
let port: number;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  cookie = await t.login('admin', testAdminPassword);
});
afterAll(async () => t.close());

interface RawAnswer {
  statusCode: number;
  body: string;
  /** A socket error seen before the whole answer was read (ECONNRESET, EPIPE). */
  error?: string;
}

/**
 * Sends the head and then the body in 64 KB pieces, one per turn of the event loop, without waiting for the
 * server; reads until the whole answer is in or the connection ends. Reports the answer (status and body) it
 * could read, and any socket error met before that.
 */
function sendRaw(method: string, path: string, headers: Record<string, string>, body: Buffer, chunked = false): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let error: string | undefined;
    let stopped = false;
    const head = [
      `${method} ${path} HTTP/1.1`,
      `host: 127.0.0.1:${port}`,
      `origin: http://127.0.0.1:${port}`,
      'content-type: application/json',
      chunked ? 'transfer-encoding: chunked' : `content-length: ${body.length}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      '',
      '',
    ].join('\r\n');
    // The answer is read whole once its declared length has arrived (the connection may stay open).
    const isWhole = () => {
      const text = Buffer.concat(received).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(text.slice(0, split));
      return split >= 0 && length !== null && text.length - split - 4 >= Number(length[1]);
    };
    socket.on('data', (data) => {
      received.push(data);
      if (isWhole()) socket.destroy();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error ??= e.code ?? e.message;
    });
    socket.on('close', () => {
      stopped = true;
      const text = Buffer.concat(received).toString('latin1');
      const [statusLine = '', ...rest] = text.split('\r\n');
      const split = text.indexOf('\r\n\r\n');
      const rawBody = split < 0 ? '' : text.slice(split + 4);
      const isChunkedAnswer = rest.some((l) => /^transfer-encoding: chunked$/i.test(l));
      resolve({
        statusCode: Number(statusLine.split(' ')[1] ?? 0),
        body: isChunkedAnswer ? dechunk(rawBody) : rawBody,
        ...(error ? { error } : {}),
      });
    });
    socket.write(head);
    let offset = 0;
    const pieceBytes = 64 * 1024;
    const sendMore = () => {
      if (stopped || socket.destroyed) return;
      if (offset >= body.length) {
        if (chunked) socket.write('0\r\n\r\n');
        return;
      }
      const piece = body.subarray(offset, offset + pieceBytes);
      offset += piece.length;
      socket.write(chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece);
      setImmediate(sendMore);
    };
    sendMore();
  });
}

function dechunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const line = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, line), 16);
    if (!(size > 0)) return out;
    out += rest.slice(line + 2, line + 2 + size);
    rest = rest.slice(line + 2 + size + 2);
  }
}

const tenMegabytes = Buffer.from(JSON.stringify([{ probeID: 'P-1', padding: 'x'.repeat(10 * 1024 * 1024) }]));
const tooLarge = { statusCode: 413, error: 'Payload Too Large', message: 'Request body is too large' };

describe('a 10 MB body over a real socket', () => {
  it('to POST /api/probes/reports, signed in: 413 with the JSON error body, read whole', async () => {
    const answer = await sendRaw('POST', '/api/probes/reports', { cookie }, tenMegabytes);
    expect(answer).toEqual({ statusCode: 413, body: JSON.stringify(tooLarge) });
  });

  it('to PUT /api/system/config, signed in: 413 with the JSON error body, read whole', async () => {
    const answer = await sendRaw('PUT', '/api/system/config', { cookie }, tenMegabytes);
    expect(answer).toEqual({ statusCode: 413, body: JSON.stringify(tooLarge) });
  });

  it('sent chunked (no length known in advance): 413 with the JSON error body, read whole', async () => {
    const answer = await sendRaw('POST', '/api/probes/reports', { cookie }, tenMegabytes, true);
    expect(answer).toEqual({ statusCode: 413, body: JSON.stringify(tooLarge) });
  });

  it('to POST /api/probes/reports without credentials: 401 with the JSON error body, read whole', async () => {
    const answer = await sendRaw('POST', '/api/probes/reports', {}, tenMegabytes);
    expect(answer.error).toBeUndefined();
    expect(answer.statusCode).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });
});
