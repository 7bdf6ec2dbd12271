import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * Starts `node --import tsx <args>` in the project's folder and resolves once a line of its stdout matches
 * `readyLine`; rejects with its last lines of output when it exits first.
 */
export function startChild(
  args: string[],
  env: NodeJS.ProcessEnv,
  readyLine: RegExp,
): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  // DPS_BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") goes to the servers: profile what is measured.
  const nodeArgs = (process.env.DPS_BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => output.push(line));
  return new Promise((resolvePromise, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line);
      const match = readyLine.exec(line);
      if (match) resolvePromise({ child, match });
    });
    child.on('exit', (code) => reject(new Error(`${args[0]} exited with ${code}: ${output.slice(-5).join('\n')}`)));
  });
}
