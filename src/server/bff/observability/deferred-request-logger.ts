/**
 * Request loggers made when first written to. Fastify gives every request a child of the app's pino logger with the
 * request id bound, which costs a logger object and the bindings serialized on every request; at `warn` most requests
 * write nothing at all, and at `info` only their access line at the end. The deferred logger makes the same child the
 * first time a line at an enabled level is written, and is a no-op until then: every line carries `reqId` as before.
 */
import type { FastifyBaseLogger, FastifyLogFn } from 'fastify';

// pino's types as Fastify's logger interface names them (pino is Fastify's dependency, not ours).
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArgs = Parameters<FastifyLogFn>;

/** The app's logger is pino: it can say whether a level is written. */
type ParentLogger = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };

class DeferredRequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined = undefined;

  constructor(
    private readonly parent: ParentLogger,
    private readonly bindings: Bindings,
  ) {}

  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }

  /** The child that writes `level`, or undefined when nothing at that level is written (and none was made yet). */
  private writer(level: Level): FastifyBaseLogger | undefined {
    if (this.made) return this.made;
    return this.parent.isLevelEnabled?.(level) === false ? undefined : this.real();
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  // Methods on the prototype, not arrow fields: nothing is made per request until a line is written.
  fatal(...args: LogArgs): void {
    this.writer('fatal')?.fatal(...args);
  }

  error(...args: LogArgs): void {
    this.writer('error')?.error(...args);
  }

  warn(...args: LogArgs): void {
    this.writer('warn')?.warn(...args);
  }

  info(...args: LogArgs): void {
    this.writer('info')?.info(...args);
  }

  debug(...args: LogArgs): void {
    this.writer('debug')?.debug(...args);
  }

  trace(...args: LogArgs): void {
    this.writer('trace')?.trace(...args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a deferred child, unless the route asks for its own level or serializers (then the
 * child is made at once, as Fastify would).
 */
export function deferredRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return options.level !== undefined || options.serializers !== undefined
    ? logger.child(bindings, options)
    : new DeferredRequestLogger(logger, bindings);
}
