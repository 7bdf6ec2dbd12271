/**
 * Errors a route or the storage layer throws on purpose. The error handler turns them into `{message}` with the
 * status; anything else becomes 500 `{"message":"Internal Server Error"}` and is logged without request bodies.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);
export const forbidden = () => new HttpError(403, 'Forbidden');
export const unauthorized = (message: string) => new HttpError(401, message);
export const limitExceeded = () => new HttpError(429, 'Limit Exceeded');
export const conflict = (message: string) => new HttpError(409, message);
