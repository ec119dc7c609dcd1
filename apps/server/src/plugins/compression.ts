// API answers of 1 KB and more are compressed when the client accepts it (docs/server.md (Compression)): an
// 871-alarm open list was 531 KB as sent and 27 KB gzipped. Brotli at quality 4 (11, its default, costs ~20× the
// CPU for a few % less) or gzip, in zlib's thread pool; streamed answers (CSV exports, the probe list) on the fly.
import { pipeline, type Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

export const compressMinBytes = 1024;

const brotliParams = { [constants.BROTLI_PARAM_QUALITY]: 4 };
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip';

/** The client's preferred encoding of the two, by its q-values (br on a tie); none when it accepts neither. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    quality.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const of = (name: Encoding) => quality.get(name) ?? quality.get('*') ?? 0;
  const [br, gz] = [of('br'), of('gzip')];
  if (br <= 0 && gz <= 0) return undefined;
  return br >= gz ? 'br' : 'gzip';
}

function varyOnEncoding(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

const isStream = (payload: unknown): payload is Readable =>
  typeof payload === 'object' && payload !== null && typeof (payload as Readable).pipe === 'function';

/** Registered in the API scope: the web face's files are compressed at build time (docs/operator-screen.md). */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method === 'HEAD' || reply.getHeader('content-encoding') !== undefined) return payload;
      const isWhole = typeof payload === 'string' || Buffer.isBuffer(payload);
      if (!(isWhole ? Buffer.byteLength(payload) >= compressMinBytes : isStream(payload))) return payload;
      varyOnEncoding(reply);
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      if (encoding === undefined) return payload;
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      if (isWhole) return encoding === 'br' ? brotli(payload, { params: brotliParams }) : gzipAsync(payload);
      const encoder = encoding === 'br' ? createBrotliCompress({ params: brotliParams }) : createGzip();
      // pipeline, not pipe: a source that fails ends the encoder too, and the client sees the answer cut short.
      return pipeline(payload as Readable, encoder, () => {});
    });
  },
  { name: 'bpm-compression' },
);
