/**
 * `npm run operator -- add <name> --role reviewer --agents …` and `list`, on each state store the CLI can use (the
 * data dir; PostgreSQL when DPS_DATABASE_URL is set): a reviewer limited to named agents signs in with that limit,
 * every mistake in the flags is refused naming the flag and its rule, and nothing is stored then.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';
import { bffsOnEachStore, STORE_KINDS } from '@/server/bff/testing/bffs-on-each-store';

const PASSWORD = 'correct-horse-battery';
const agent = (n: number) => `svc:agent:${String(n).padStart(32, '0')}`;
const bffs = bffsOnEachStore();

/** The operator CLI on the state of `bff` (its data dir, or its PostgreSQL schema). */
function cliOn(bff: RunningBff) {
  const database = bff.bff.config.database;
  const env = database
    ? { ...process.env, DPS_BFF_DATABASE_URL: database.url, DPS_BFF_DATABASE_SCHEMA: database.schema }
    : { ...process.env, DPS_DATA_DIR: bff.dataDir };
  return (args: string[], input = '') => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/bff/operator-cli.ts', ...args], {
      env,
      input,
      encoding: 'utf8',
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };
}

describe.each(STORE_KINDS)('operator CLI: reviewers (%s store)', (kind) => {
  it('adds a reviewer limited to agents, lists role and agents, and the limit holds once signed in', async () => {
    const bff = await bffs.start(kind);
    const cli = cliOn(bff);
    const added = cli(['add', 'rex', '--role', 'reviewer', '--agents', `${agent(1)},${agent(2)}`], `${PASSWORD}\n`);
    expect(added).toMatchObject({ status: 0, stdout: `added operator rex (reviewer of ${agent(1)}, ${agent(2)})\n` });
    expect(cli(['add', 'ria', '--role', 'reviewer'], `${PASSWORD}\n`).status).toBe(0);
    expect(cli(['add', 'ola', '--role', 'viewer'], `${PASSWORD}\n`).status).toBe(0);

    const list = cli(['list']);
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^rex\\treviewer\\tagents ${agent(1)},${agent(2)}\\tcreated \\d{4}-`, 'm'));
    expect(list.stdout).toMatch(/^ria\treviewer\tevery agent\tcreated /m);
    expect(list.stdout).toMatch(/^ola\tviewer\tevery agent\tcreated /m);

    const rex = new TestBrowser(bff.origin);
    expect((await rex.login('rex', PASSWORD)).json().operator).toEqual({
      name: 'rex',
      role: 'reviewer',
      agents: [agent(1), agent(2)],
    });
    expect((await rex.request(`/api/agents/${agent(2)}/runs`)).status).toBe(200);
    const refused = await rex.request(`/api/agents/${agent(3)}/runs`);
    expect(refused.status).toBe(403);
    expect(refused.json().message).toBe(`Forbidden: operator "rex" reviews only agents ${agent(1)}, ${agent(2)}`);
  });

  it('refuses a bad --role or --agents naming the flag and its rule, and stores nothing', async () => {
    const cli = cliOn(await bffs.start(kind));
    const refusals: [string[], string][] = [
      [['--role', 'boss'], '--role must be admin, reviewer or viewer'],
      [['--agents', agent(1)], '--role must be admin, reviewer or viewer'],
      [['--role', 'reviewer', '--agents'], '--agents needs a value'],
      [
        ['--role', 'reviewer', '--agents', `${agent(1)},svc:agent:1`],
        '--agents: "svc:agent:1" is not an agent id (svc:agent:<32 lowercase hex>)',
      ],
      [['--role', 'reviewer', '--agents', `${agent(1)},${agent(1)}`], `--agents: "${agent(1)}" is named twice`],
      [['--role', 'viewer', '--agents', agent(1)], '--agents may only limit a reviewer (the role is viewer)'],
      [['--role', 'admin', '--agents', agent(1)], '--agents may only limit a reviewer (the role is admin)'],
    ];
    for (const [flags, message] of refusals) {
      const result = cli(['add', 'rex', ...flags], `${PASSWORD}\n`);
      expect(result.status, flags.join(' ')).toBe(1);
      expect(result.stderr, flags.join(' ')).toContain(`operator: ${message}\n`);
    }
    expect(cli(['list']).stdout).toBe('no operator accounts\n');
  });
});
