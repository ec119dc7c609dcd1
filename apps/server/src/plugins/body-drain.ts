// An answer sent before the request body was read (413 over the limit, 415, a refused content type) reaches
// the client whole (docs/security.md (Headers)). Fastify marks such answers "connection: close"; closing a
// socket with unread bytes in it makes the kernel send a reset, which can throw the answer away before the
// client reads it (a client still sending its 10 MB sees EPIPE/ECONNRESET, not the 413). Instead the
// connection stays open and Node reads and discards the rest of the body, as it already does for a 401
// answered before parsing, within bounds: more than maxDrainBytes, or longer than maxDrainMs, and the
// socket is closed after all.
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const maxDrainBytes = 64 * 1024 * 1024;
export const maxDrainMs = 10_000;

export const bodyDrainPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const raw = request.raw;
      const socket = raw.socket;
      // inject() has no socket to keep or close.
      if (raw.complete || reply.getHeader('connection') !== 'close' || !(socket instanceof Socket)) return payload;
      reply.removeHeader('connection');
      let drained = 0;
      const close = () => socket.destroy();
      const timer = setTimeout(close, maxDrainMs);
      timer.unref();
      const onData = (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > maxDrainBytes) close();
      };
      const done = () => {
        clearTimeout(timer);
        raw.off('data', onData);
      };
      raw.on('data', onData);
      raw.once('end', done);
      raw.once('close', done);
      return payload;
    });
  },
  { name: 'bpm-body-drain' },
);
