/**
 * The rule every string the contract accepts keeps, for the BFF's own inputs: no U+0000 in any query parameter or
 * JSON body field of a `/bff/…` route (sign-in name and password, audit filters, session filters, …). PostgreSQL
 * refuses it in text, so with the state there it would be a 500; refused here, before any route, with a 400 naming
 * the field. `/api/…` requests are the service's to judge.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { formatPath, hasNoNul, NUL_MESSAGE } from '@/contract';
import { isApiPath, isBffPath, splitTarget } from './route-paths';

/** Where in a parsed query or JSON body U+0000 first occurs (`name`, `rules[0].field`), or undefined. */
export function nulPathIn(value: unknown, path: PropertyKey[] = []): PropertyKey[] | undefined {
  if (typeof value === 'string') return hasNoNul(value) ? undefined : path;
  const entries: [PropertyKey, unknown][] = Array.isArray(value)
    ? value.map((inner, i) => [i, inner])
    : value && typeof value === 'object'
      ? Object.entries(value)
      : [];
  for (const [key, inner] of entries) {
    if (typeof key === 'string' && !hasNoNul(key)) return [...path, key];
    const found = nulPathIn(inner, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** The check itself, a callback preValidation hook (answering: send without done), so it costs no promise. */
function refuseNul(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const { path } = splitTarget(request.raw.url ?? '');
  if (!isBffPath(path)) return done();
  for (const [part, value] of [
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const at = nulPathIn(value);
    if (at) return void reply.code(400).send({ message: `${formatPath(at) || part} ${NUL_MESSAGE}` });
  }
  done();
}

export const nulCharacters = fp(
  async (app) => {
    // On every route but the proxied `/api` ones (route-level, added as each route is declared): an `/api` request,
    // the service's to judge, then has no preValidation step at all.
    app.addHook('onRoute', (route) => {
      if (isApiPath(route.url)) return;
      const own = route.preValidation;
      route.preValidation = own === undefined ? [refuseNul] : [refuseNul, ...(Array.isArray(own) ? own : [own])];
    });
  },
  { name: 'bff-nul-characters' },
);
