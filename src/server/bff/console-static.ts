/**
 * The built console (dist/console): files as they are, hashed assets cached for good, index.html for every other
 * page path (client-side routes), a plain explanation when the console has not been built.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isBffOrApiPath } from '@/server/bff/security/route-paths';

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>DPS Console not built</title></head>
<body><h1>The console has not been built</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it), then reload.</p></body></html>`;

/** Unencapsulated: its not-found handler answers for every path no route matches. */
export const consoleStatic = fp(
  async (app) => {
    const { consoleDir } = app.bffConfig;
    await app.register(fastifyStatic, {
      root: consoleDir,
      wildcard: true,
      index: 'index.html',
      dotfiles: 'deny',
      redirect: false,
      suppressWarning: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        // Vite names assets by content hash; everything else may change with the next build.
        reply.header(
          'cache-control',
          path.includes(`${join(consoleDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const path = (request.raw.url ?? '/').split('?')[0];
      if (isBffOrApiPath(path)) {
        return reply.code(404).send({ message: `No such endpoint: ${request.method} ${path}` });
      }
      const lastSegment = path.slice(path.lastIndexOf('/') + 1);
      if ((request.method !== 'GET' && request.method !== 'HEAD') || lastSegment.includes('.')) {
        return reply.code(404).send({ message: `Not found: ${path}` });
      }
      if (!existsSync(join(consoleDir, 'index.html'))) {
        return reply
          .code(503)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(NOT_BUILT_PAGE);
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'bff-console', dependencies: ['bff-state'] },
);
