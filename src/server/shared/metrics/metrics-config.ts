/**
 * Where a server serves its Prometheus metrics: a listener of its own (`…_METRICS_PORT` on `…_METRICS_HOST`, default
 * loopback) and/or `GET /metrics` on the main port behind a bearer token (`…_METRICS_TOKEN`). Neither is on unless
 * configured, so nothing is ever open by default on a public address.
 */
import { ConfigError, envInteger, envText, envTextWhere } from '@/server/shared/env-schema';

export interface MetricsConfig {
  /** A listener of its own for `/metrics` (no token); 0 picks a free port (tests). */
  port?: number;
  host: string;
  /** `GET /metrics` on the main port, for `Authorization: Bearer <token>` only. */
  token?: string;
}

/** The three variables of one server (the BFF: `DPS_METRICS_*`; the service: `DPS_SERVICE_METRICS_*`). */
export interface MetricsVariableNames {
  port: string;
  host: string;
  token: string;
}

export const metricsPortSchema = envInteger(0, 65535);
export const metricsHostSchema = envText;
// Printable ASCII without spaces (a bearer token as HTTP carries it), long enough not to be guessed.
export const metricsTokenSchema = envTextWhere(
  /^[\x21-\x7e]{16,512}$/,
  'must be 16 to 512 printable ASCII characters without spaces',
);

/**
 * The metrics configuration from its parsed variables, or undefined when metrics are off. A ConfigError names the
 * variable: a host without a port, or the main port again.
 */
export function metricsConfigOf(
  names: MetricsVariableNames,
  vars: { port?: number; host?: string; token?: string },
  mainPort: number,
): MetricsConfig | undefined {
  if (vars.host !== undefined && vars.port === undefined) {
    throw new ConfigError(`${names.host} is set but ${names.port} is not: set the port of the metrics listener`);
  }
  if (vars.port !== undefined && vars.port !== 0 && vars.port === mainPort) {
    throw new ConfigError(`${names.port} must differ from the server's own port (${mainPort})`);
  }
  if (vars.port === undefined && vars.token === undefined) return undefined;
  return { port: vars.port, host: vars.host ?? '127.0.0.1', token: vars.token };
}
