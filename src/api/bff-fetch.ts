/**
 * What every request from the console to its server carries: `X-CSRF: 1` (the BFF rejects `/api/*` and `/bff/*`
 * calls without it, file reads included: a cross-site form or a plain link cannot set it) and the session cookie
 * (same-origin credentials). The API client (./client.ts), the uploads (./document-files.ts) and the viewer's file
 * reads all go through here, so the rule lives in one place.
 */

/** The headers the BFF requires on every call; for a client that takes headers only (pdf.js's `httpHeaders`). */
export const BFF_HEADERS: Readonly<Record<string, string>> = { 'X-CSRF': '1' };

export type BffFetchInit = Omit<RequestInit, 'headers' | 'credentials'> & {
  /** Added to BFF_HEADERS. */
  headers?: Record<string, string>;
  /** Another fetch (tests); the global one by default. */
  fetch?: typeof fetch;
};

/** `fetch` to a same-origin path of the console server with the BFF's headers and the session cookie. */
export function bffFetch(url: string, { headers, fetch: doFetch = fetch, ...init }: BffFetchInit = {}) {
  return doFetch(url, { ...init, headers: { ...BFF_HEADERS, ...headers }, credentials: 'same-origin' });
}

/** An opened XHR (for upload progress, which fetch cannot report) with the BFF's headers and the session cookie. */
export function openBffXhr(method: string, url: string): XMLHttpRequest {
  const xhr = new XMLHttpRequest();
  xhr.open(method, url);
  xhr.withCredentials = true;
  for (const [name, value] of Object.entries(BFF_HEADERS)) xhr.setRequestHeader(name, value);
  return xhr;
}
