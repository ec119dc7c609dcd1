// The web face (docs/server.md): the built React app from apps/web/dist, index.html for every unknown page
// path (SPA fallback), a plain placeholder page while the web app is not built, and JSON 404s for the API.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { productName } from '@bpm/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NotFoundError } from '../errors.js';

declare module 'fastify' {
  interface FastifyReply {
    /** Answers with the web app's index.html (or the placeholder page). For GET / on the live route (module live). */
    sendWebApp(): FastifyReply;
  }
}

const placeholderPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${productName}</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>${productName}</h1>
<p>The server is running, but the web app has not been built yet.</p>
<p>Build it with <code>npm run build -w apps/web</code> (or run <code>npm start</code>), then reload this page.
The API is available under <a href="/api/docs">/api/docs</a>.</p>
</body></html>
`;

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

export const webAppPlugin = fp(
  async (app: FastifyInstance) => {
    const root = app.config.webDistDir;
    // Without the folder at start there is no static handler; the placeholder stays until a restart.
    const hasStatic = existsSync(root);
    const isBuilt = () => hasStatic && existsSync(join(root, 'index.html'));

    if (hasStatic) {
      // wildcard: files added by a rebuild are served without a restart; unknown files fall to the 404 handler.
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        index: false,
        schemaHide: true,
        cacheControl: false,
        // The build writes .br and .gz beside each text asset (apps/web/precompress.ts): sent as they are to
        // browsers that accept them, so JS and CSS travel compressed at no CPU cost (docs/operator-screen.md).
        preCompressed: true,
        // Folders ("/" above all) are pages, not listings: let the not-found handler answer with the app.
        // Source maps (the web app's readable source) only with BPM_SOURCE_MAPS=on (docs/security.md "Headers").
        allowedPath: (pathName) => !pathName.endsWith('/') && (app.config.serveSourceMaps || !pathName.endsWith('.map')),
        setHeaders: (reply, path) => {
          // Vite's hashed assets never change; index.html must be revalidated to pick up a new build.
          reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    app.decorateReply('sendWebApp', function (this: FastifyReply) {
      if (isBuilt()) return this.header('Cache-Control', 'no-cache').sendFile('index.html', root);
      return this.type('text/html; charset=utf-8').send(placeholderPage);
    });

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? request.url;
      const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path);
      // A missing asset (/assets/x.js) is a real 404; a page path (/users, /dashboard) gets the app.
      if (wantsPage && !/\.[a-z0-9]+$/i.test(path)) return reply.sendWebApp();
      throw new NotFoundError(`Route ${request.method}:${path} not found`);
    });
  },
  { name: 'bpm-web-app' },
);
