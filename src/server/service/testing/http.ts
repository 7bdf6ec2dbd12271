/* eslint-disable @typescript-eslint/no-explicit-any -- test bodies are asserted field by field and parsed by contract schemas where it matters */
/**
 * A small HTTP client for the service's integration tests: real fetch over loopback, the bearer token attached,
 * the status, headers and parsed body returned (never thrown) so tests assert on each.
 */
/** A fetch body (the DOM's `BodyInit`, which the Node project does not declare). */
type RequestBody = NonNullable<RequestInit['body']>;

export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface ApiClient {
  call<T = any>(
    method: string,
    path: string,
    body?: unknown,
    init?: { headers?: Record<string, string>; raw?: RequestBody },
  ): Promise<HttpResult<T>>;
  get<T = any>(path: string): Promise<HttpResult<T>>;
  post<T = any>(path: string, body?: unknown): Promise<HttpResult<T>>;
  patch<T = any>(path: string, body?: unknown): Promise<HttpResult<T>>;
  delete<T = any>(path: string): Promise<HttpResult<T>>;
}

export function apiClient(baseUrl: string, token: string | null): ApiClient {
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    init: { headers?: Record<string, string>; raw?: RequestBody } = {},
  ) => {
    const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}) };
    let payload: RequestBody | undefined = init.raw;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(path.startsWith('http') ? path : `${baseUrl}${path}`, {
      method,
      headers: { ...headers, ...init.headers },
      body: payload,
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (a file body): keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed as any };
  };
  return {
    call,
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body ?? {}),
    patch: (path, body) => call('PATCH', path, body ?? {}),
    delete: (path) => call('DELETE', path),
  };
}

/** A 32-hex id part, for well-formed ids that name nothing. */
export const hex32 = (fill = '0') => fill.repeat(32);
