import { t } from '@lingui/core/macro';
import { z } from 'zod/mini';
import { describeZodError } from '@/contract';
import { bffFetch } from './bff-fetch';
import { ApiError, NetworkError, requestIdOf, ResponseShapeError, statusLine } from './errors';

/**
 * The one way the console talks to its server: the BFF's own endpoints under `/bff/*` and the service through the
 * BFF's proxy under `/api/*`. Every call goes through ./bff-fetch.ts (`X-CSRF: 1`, the session cookie); every failure
 * rejects with a typed error from ./errors.
 */

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type Query = Record<string, QueryValue>;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Appended as `?key=value`; arrays repeat the key (`status=a&status=b`); null/undefined/'' are left out. */
  query?: Query;
  /** Sent as JSON. */
  body?: unknown;
  /** Parses the success body; a mismatch rejects with ResponseShapeError naming the field. */
  schema?: z.core.$ZodType<T>;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key` (creates: see ./idempotent-create.ts). */
  idempotencyKey?: string;
}

/** `?a=1&s=x&s=y` from a query object, in the order given. */
export function toQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A call to any same-origin path (`/bff/session`, `/api/users`). Resolves to the parsed body; 204 → undefined. */
export async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const url = `${path}${toQueryString(options.query)}`;
  const label = `${method} ${path}`;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  let response: Response;
  try {
    response = await bffFetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause; // a cancelled query is not an error to show
    throw new NetworkError(t`${label} could not reach the console server.`, label, { cause });
  }

  const text = await response.text().catch(() => '');
  if (!response.ok) {
    throw new ApiError(
      response.status,
      errorMessage(response, text),
      label,
      requestIdOf(response.headers),
      jsonOf(text),
    );
  }
  if (response.status === 204 || text === '') return undefined as T;

  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ResponseShapeError(t`${label} answered with something other than JSON.`, label);
  }
  if (!options.schema) return data as T;
  const parsed = z.safeParse(options.schema, data);
  if (!parsed.success) {
    const problem = describeZodError(parsed.error, data, 'response');
    throw new ResponseShapeError(t`${label} answered with an unexpected shape: ${problem}`, label);
  }
  return parsed.data;
}

/** A call to the service through the BFF: `api('/users')` → `/api/users`. */
export function api<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T> {
  return request<T>(`/api${path}`, options);
}

/** One path segment from an id: everything encoded except `:` (ids are `svc:user:…`; keeps audit paths readable). */
export function segment(id: string): string {
  return encodeURIComponent(id).replaceAll('%3A', ':');
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorMessage(response: Response, text: string): string {
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
      return (body as { message: string }).message;
    }
  } catch {
    // not JSON: fall through to the status line
  }
  return statusLine(response.status, response.statusText);
}
