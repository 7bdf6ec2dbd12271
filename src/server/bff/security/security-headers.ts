/**
 * Response headers: a strict CSP for the console's pages and a locked-down one for JSON and file responses, plus the
 * usual hardening headers on everything.
 */
import type { FastifyReply } from 'fastify';

/**
 * The console: scripts only from the BFF itself ('wasm-unsafe-eval' lets pdf.js run its wasm decoders without
 * allowing JS eval); workers from self or blob (pdf.js, image decoding); frames from self or blob (the sandboxed email
 * preview). style-src needs 'unsafe-inline': sonner and Radix insert <style> elements at run time, and an email
 * preview's own inline styles must apply.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self' blob:",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** JSON and proxied bytes are data, never a document: nothing may run or load if one is opened directly. */
export const DATA_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox";

export function setCommonSecurityHeaders(reply: FastifyReply, https: boolean): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-frame-options', 'DENY');
  reply.header('cross-origin-opener-policy', 'same-origin');
  reply.header('cross-origin-resource-policy', 'same-origin');
  reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
  if (https) reply.header('strict-transport-security', 'max-age=31536000');
}

export function setDataSecurityHeaders(reply: FastifyReply): void {
  reply.header('content-security-policy', DATA_CSP);
  reply.header('cache-control', 'no-store');
}

export function setConsoleSecurityHeaders(reply: FastifyReply): void {
  reply.header('content-security-policy', CONSOLE_CSP);
}
