/**
 * The service as `npm run service` starts it (src/server/service/main.ts in its own process): for tests that need
 * its umask, its stdout log lines or its refusal to start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(__dirname, '../../../..');

export interface ServiceProcess {
  child: ChildProcess;
  /** Every stdout and stderr line so far (the logger writes JSON lines to stdout). */
  lines: string[];
  exited: Promise<number | null>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/** Spawns main.ts with `env` on top of this process's environment; `undefined` removes a variable. */
export function spawnService(env: Record<string, string | undefined>): ServiceProcess {
  const merged: NodeJS.ProcessEnv = { ...process.env };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/service/main.ts'], {
    cwd: root,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => lines.push(line));
  createInterface({ input: child.stderr! }).on('line', (line) => lines.push(line));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resolves once the service printed its base URL; rejects with its output when it exits first. */
export async function serviceStarted(service: ServiceProcess): Promise<void> {
  for (;;) {
    if (service.lines.some((line) => line.includes('base URL'))) return;
    if (service.child.exitCode !== null || service.child.signalCode !== null) {
      throw new Error(`service exited with ${service.child.exitCode}: ${service.lines.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first line so far or still to come that `matches`; rejects when the process exits without printing one. */
export async function lineMatching(service: ServiceProcess, matches: (line: string) => boolean): Promise<string> {
  for (;;) {
    const line = service.lines.find(matches);
    if (line !== undefined) return line;
    if (service.child.exitCode !== null || service.child.signalCode !== null)
      throw new Error(`no such line in: ${service.lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
