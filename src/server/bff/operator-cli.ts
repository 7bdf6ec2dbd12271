/**
 * Operator accounts for shared deployments, where the BFF keeps them: `<DPS_DATA_DIR>/bff/operators.json`, or
 * PostgreSQL when DPS_BFF_DATABASE_URL is set:
 *
 *   npm run operator -- add <name> --role admin|reviewer|viewer [--agents <agent id>,…]   (password from stdin)
 *   npm run operator -- list                              (name, role, agents, created)
 *   npm run operator -- remove <name>                     (also ends the operator's sessions)
 *   npm run operator -- reset <name>                      (new password from stdin; ends the operator's sessions)
 *   npm run operator -- sessions <name>                   (the operator's signed-in sessions, by handle)
 *   npm run operator -- end-sessions <name>               (signs the operator out everywhere)
 */
import { createInterface } from 'node:readline';
import type { OperatorRole } from '@/contract/bff-session';
import { openBffStores, type BffStores } from '@/server/bff/state/bff-stores';
import {
  validateAgents,
  validateNewOperatorName,
  validateOperatorName,
  validatePassword,
  validateRole,
} from '@/server/bff/sessions/operator-accounts';
import { loadBffConfig } from './config';

const USAGE = `usage:
  npm run operator -- add <name> --role admin|reviewer|viewer [--agents <agent id>,…]
                                                       (password read from stdin; --agents limits a reviewer)
  npm run operator -- list
  npm run operator -- remove <name>
  npm run operator -- reset <name>                     (new password read from stdin)
  npm run operator -- sessions <name>
  npm run operator -- end-sessions <name>`;

class UsageError extends Error {}

/** The first line of stdin; on a terminal, prompted without echo. */
async function readPassword(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (stdin.isTTY) {
    process.stderr.write(prompt);
    stdin.setRawMode(true);
    let value = '';
    return new Promise((resolvePromise, reject) => {
      const onData = (data: Buffer) => {
        for (const char of data.toString('utf8')) {
          if (char === '\r' || char === '\n') {
            stdin.setRawMode(false);
            stdin.off('data', onData);
            stdin.pause();
            process.stderr.write('\n');
            return resolvePromise(value);
          }
          if (char === '\u0003') {
            stdin.setRawMode(false);
            return reject(new UsageError('cancelled'));
          }
          if (char === '\u007f') value = value.slice(0, -1);
          else value += char;
        }
      };
      stdin.on('data', onData);
      stdin.resume();
    });
  }
  const lines = createInterface({ input: stdin });
  for await (const line of lines) {
    lines.close();
    return line.replace(/\r$/, '');
  }
  throw new UsageError('no password on stdin');
}

/** The value after `flag`, if the flag is given; a flag without a value is a usage error. */
function flagValue(args: string[], flag: string): string | undefined {
  const index = args.indexOf(flag);
  if (index < 0) return undefined;
  const value = args[index + 1];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`${flag} needs a value`);
  return value;
}

/** `--role` and `--agents` of `add`, each checked by the accounts' own rules. */
function roleAndAgents(args: string[]): { role: OperatorRole; agents: string[] | null } {
  const role = flagValue(args, '--role');
  const roleProblem = validateRole(role);
  if (roleProblem) throw new UsageError(`--${roleProblem}`);
  const list = flagValue(args, '--agents');
  const agents = list === undefined ? null : list.split(',').map((id) => id.trim());
  const agentsProblem = validateAgents(role as OperatorRole, agents);
  if (agentsProblem) throw new UsageError(`--${agentsProblem}`);
  return { role: role as OperatorRole, agents };
}

function nameArgument(args: string[]): string {
  const name = args[1];
  if (!name) throw new UsageError('missing <name>');
  const problem = validateOperatorName(name);
  if (problem) throw new UsageError(problem);
  return name;
}

/**
 * The name of sessions to list or end: any operator's, also one signed in through the OpenID provider, whose
 * preferred_username or email need not follow the account name rule.
 */
function sessionOwnerArgument(args: string[]): string {
  const name = args[1];
  if (!name) throw new UsageError('missing <name>');
  // eslint-disable-next-line no-control-regex -- a name with control characters is nobody's
  if (name.length > 256 || /[\u0000-\u001f\u007f]/.test(name)) throw new UsageError('<name> is not an operator name');
  return name;
}

/**
 * The stores the BFF uses with this environment (DPS_DATA_DIR or DPS_BFF_DATABASE_URL), with its session lifetimes
 * (DPS_SESSION_IDLE_MINUTES, DPS_SESSION_MAX_HOURS) so expired sessions are not listed. The upstream is not needed.
 */
async function run(args: string[]): Promise<void> {
  const unused = {
    baseUrl: 'http://unused.invalid/v1',
    authUrl: 'http://unused.invalid',
    clientId: '-',
    clientSecret: '-',
  };
  const stores = await openBffStores(loadBffConfig(process.env, unused));
  try {
    await command(args, stores);
  } finally {
    await stores.close();
  }
}

async function command(args: string[], { operators: accounts, sessions }: BffStores): Promise<void> {
  switch (args[0]) {
    case 'add': {
      const name = nameArgument(args);
      const reserved = validateNewOperatorName(name);
      if (reserved) throw new UsageError(reserved);
      const { role, agents } = roleAndAgents(args);
      const password = await readPassword(`Password for ${name}: `);
      const problem = validatePassword(password);
      if (problem) throw new UsageError(problem);
      await accounts.add(name, role, password, { agents });
      process.stdout.write(`added operator ${name} (${role}${agents ? ` of ${agents.join(', ')}` : ''})\n`);
      return;
    }
    case 'list': {
      const operators = await accounts.list();
      if (operators.length === 0) process.stdout.write('no operator accounts\n');
      for (const o of operators) {
        const agents = o.agents ? `agents ${o.agents.join(',')}` : 'every agent';
        process.stdout.write(`${o.name}\t${o.role}\t${agents}\tcreated ${o.createdAt}\n`);
      }
      return;
    }
    case 'remove': {
      const name = nameArgument(args);
      const account = (await accounts.list()).find((o) => o.name === name);
      if (!account || !(await accounts.remove(name))) throw new UsageError(`operator "${name}" does not exist`);
      const ended = await sessions.destroyWhere((s) => s.operator.accountId === account.id);
      process.stdout.write(`removed operator ${name}; ended ${ended} session(s)\n`);
      return;
    }
    case 'reset': {
      const name = nameArgument(args);
      const account = (await accounts.list()).find((o) => o.name === name);
      if (!account) throw new UsageError(`operator "${name}" does not exist`);
      const password = await readPassword(`New password for ${name}: `);
      const problem = validatePassword(password);
      if (problem) throw new UsageError(problem);
      await accounts.resetPassword(name, password);
      const ended = await sessions.destroyWhere((s) => s.operator.accountId === account.id);
      process.stdout.write(`reset the password of ${name}; ended ${ended} session(s)\n`);
      return;
    }
    case 'sessions': {
      // Any name, not only accounts: the launch link's operator (local-admin) and people signed in through the
      // OpenID provider have sessions too; theirs also say who they are there (issuer and subject).
      const name = sessionOwnerArgument(args);
      const own = (await sessions.list()).filter((s) => s.session.operator.name === name);
      if (own.length === 0) process.stdout.write(`no sessions of ${name}\n`);
      for (const { handle, session } of own.sort((a, b) => b.session.lastSeenAt - a.session.lastSeenAt)) {
        const created = new Date(session.createdAt).toISOString();
        const lastSeen = new Date(session.lastSeenAt).toISOString();
        const provider = session.oidc ? `\tsigned in with ${session.oidc.issuer} as ${session.oidc.subject}` : '';
        process.stdout.write(`${handle}\tcreated ${created}\tlast seen ${lastSeen}\t${session.userAgent}${provider}\n`);
      }
      return;
    }
    case 'end-sessions': {
      const name = sessionOwnerArgument(args);
      const ended = await sessions.destroyWhere((s) => s.operator.name === name);
      process.stdout.write(`ended ${ended} session(s) of ${name}\n`);
      return;
    }
    default:
      throw new UsageError(args[0] ? `unknown command "${args[0]}"` : 'missing command');
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`operator: ${(error as Error).message}\n`);
  if (error instanceof UsageError) process.stderr.write(`${USAGE}\n`);
  process.exit(1);
});
