/**
 * Typed errors of the console's API module. Every failed call rejects with one of these, so screens can branch on
 * `error.status` (401 sign in again, 403 forbidden, 404 gone, …) and show `error.message` as the service wrote it.
 * The servers speak English (their messages are for support and logs too); the console's own explanation around
 * them — headline, next step — is in the operator's language, and the server's text stays visible beside it.
 */
import { t } from '@lingui/core/macro';

/** The BFF or the service answered with a non-2xx status; `message` is the body's `{message}`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    /** `GET /api/users` — for logs and error details, never shown as the headline. */
    readonly request: string,
    /** The console server's id of the request (`x-request-id`): what both servers logged it under. */
    readonly requestId?: string,
    /** The whole answer (JSON), for the few answers that say more than `{message}` (a review refusal's holder). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** What the console server answered as the request's id, if it looks like one (never shown otherwise). */
export function requestIdOf(headers: { get(name: string): string | null }): string | undefined {
  const id = headers.get('x-request-id');
  return id && /^[A-Za-z0-9._:-]{1,64}$/.test(id) ? id : undefined;
}

/** The request never got an HTTP answer (BFF down, network lost, aborted by timeout). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(
    message: string,
    readonly request: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The answer arrived but does not match the contract (a service of another version, a proxy page, …). */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
  constructor(
    message: string,
    readonly request: string,
  ) {
    super(message);
  }
}

/**
 * A failed answer without a `{message}`: its HTTP status line ("502 Bad Gateway"), the server's words as they came,
 * or the status and "error" when the line has no text (HTTP/2).
 */
export function statusLine(status: number, statusText: string): string {
  const text = statusText || 'error';
  return `${status} ${text}`.trim();
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** 4xx other than 408/429 will fail the same way again: never retry them. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 || error.status === 408 || error.status === 429;
  return error instanceof NetworkError;
}

export interface ErrorExplanation {
  /** A short headline: "You are signed out". */
  title: string;
  /** What happened, in the service's words when it gave some. */
  detail: string;
  /** What the operator can do next. */
  next: string;
}

/** Turns any thrown value into a headline, the detail and the next step for error states and toasts. */
export function explainError(error: unknown): ErrorExplanation {
  if (error instanceof ApiError) {
    // The reference leads an operator's report to the log lines of both servers.
    const { message, requestId } = error;
    const detail = requestId ? t`${message} (reference ${requestId})` : message;
    switch (true) {
      case error.status === 400:
        return { title: t`The request was rejected`, detail, next: t`Correct the value it names and try again.` };
      case error.status === 401:
        return { title: t`You are signed out`, detail, next: t`Sign in again to continue.` };
      case error.status === 403:
        return {
          title: t`Not allowed`,
          detail,
          next: t`Ask an administrator for an operator account or app client role that allows this.`,
        };
      case error.status === 404:
        return {
          title: t`Not found`,
          detail,
          next: t`It may have been deleted, or the id is mistyped. Go back to the list.`,
        };
      case error.status === 409:
        return { title: t`Conflict`, detail, next: t`Reload to see the latest state, then try again.` };
      case error.status === 413:
        return { title: t`Too large`, detail, next: t`Send a smaller body or file.` };
      case error.status === 429:
        return {
          title: t`Limit reached`,
          detail,
          next: t`Wait a moment and retry, or raise the organization quota it names.`,
        };
      case error.status === 502 || error.status === 504:
        return {
          title: t`The service did not answer`,
          detail,
          next: t`Check that the Document Processing Service is running, then retry.`,
        };
      case error.status >= 500:
        return {
          title: t`The service failed`,
          detail,
          next: t`Retry in a moment. If it keeps failing, check the service logs.`,
        };
      default: {
        const status = error.status;
        return { title: t`Request failed (${status})`, detail, next: t`Retry, or go back and try another way.` };
      }
    }
  }
  if (error instanceof NetworkError) {
    return {
      title: t`No connection to the console server`,
      detail: error.message,
      next: t`Check that the console server (npm start) is running and your network is up, then retry.`,
    };
  }
  if (error instanceof ResponseShapeError) {
    return {
      title: t`Unexpected answer from the service`,
      detail: error.message,
      next: t`The service may be a different version than this console. Retry, or report it.`,
    };
  }
  const detail = error instanceof Error ? error.message : String(error);
  return { title: t`Something went wrong`, detail, next: t`Retry. If it keeps happening, reload the page.` };
}

/**
 * An extension of the embedded service (run counts, profiles, user search) is not there: the upstream does not know
 * the path (404, or 400 where the seed's service reads the extra segment as an id) or answered in another shape.
 */
export function isMissingExtension(error: unknown): boolean {
  return (
    (error instanceof ApiError && (error.status === 404 || error.status === 400)) || error instanceof ResponseShapeError
  );
}
