/** Path classes the BFF's rules are written against. `path` is the raw path without the query. */

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

export function isBffPath(path: string): boolean {
  return path === '/bff' || path.startsWith('/bff/');
}

export function isBffOrApiPath(path: string): boolean {
  return isApiPath(path) || isBffPath(path);
}

export function isReadMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

export function splitTarget(rawUrl: string): { path: string; query: string } {
  const question = rawUrl.indexOf('?');
  return question < 0
    ? { path: rawUrl, query: '' }
    : { path: rawUrl.slice(0, question), query: rawUrl.slice(question) };
}
