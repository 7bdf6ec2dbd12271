/**
 * The one Host check of every listener of both servers (the BFF's and the service's main ports, and their metrics
 * listeners), against DNS rebinding: a page on another site whose name is made to resolve to 127.0.0.1 reaches the
 * listener with its own name in `Host`, and is answered 421. Allowed: the loopback names, the host the listener is
 * bound to, and the names in DPS_ALLOWED_HOSTS (any port, or `host:port`).
 */
import { z } from 'zod/mini';
import { envText } from '@/server/shared/env-schema';

/** DPS_ALLOWED_HOSTS: a comma-separated list of host names (or host:port), trimmed and lower-cased; unset: none. */
export const allowedHostsSchema = z.pipe(
  envText,
  z.transform((list) =>
    (list ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  ),
);

/** The loopback names: localhost (and *.localhost), 127.0.0.0/8, ::1. `hostname` as URL.hostname gives it. */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) ||
    name === '[::1]' ||
    name === '::1'
  );
}

export interface HostAllowlist {
  /** Bare host names, allowed at any port. */
  hostnames: Set<string>;
  /** `host:port` pairs. */
  hosts: Set<string>;
}

/**
 * The allowlist of DPS_ALLOWED_HOSTS-style entries (the bind host among them): bare names and host:port pairs. A
 * wildcard bind address (`0.0.0.0`, `::`) names no host and is left out.
 */
export function hostAllowlist(entries: readonly string[]): HostAllowlist {
  const hostnames = new Set<string>();
  const hosts = new Set<string>();
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (!entry || entry === '0.0.0.0' || entry === '::' || entry === '[::]') continue;
    const withPort = /^\[[^\]]+\]:\d+$/.test(entry) || /^[^:[\]]+:\d+$/.test(entry);
    if (withPort) hosts.add(entry);
    else hostnames.add(entry.includes(':') && !entry.startsWith('[') ? `[${entry}]` : entry);
  }
  return { hostnames, hosts };
}

/** Why a request's Host header is refused (answer 421), or undefined when the listener serves that name. */
export function hostProblem(hostHeader: string | undefined, allowed: HostAllowlist): string | undefined {
  if (!hostHeader) return 'The Host header is required';
  const host = hostHeader.trim().toLowerCase();
  let hostname: string;
  try {
    const parsed = new URL(`http://${host}`);
    if (parsed.host !== host.replace(/:80$/, '') || parsed.username || parsed.pathname !== '/')
      throw new Error('odd host');
    hostname = parsed.hostname;
  } catch {
    return 'The Host header is malformed';
  }
  if (isLoopbackHostname(hostname) || allowed.hostnames.has(hostname) || allowed.hosts.has(host)) return undefined;
  return `Host "${hostname}" is not served here; add it to DPS_ALLOWED_HOSTS to allow it`;
}
