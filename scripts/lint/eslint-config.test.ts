import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's lint rules, run on code written for the purpose under the path it would have in src/ (issues 26, 38).
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });
// Loading the config and its plugins takes seconds on a busy machine: a functional wait, not a timing check.
const slow = { timeout: 60_000 };

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

function functionOfLines(count: number): string {
  const body = Array.from({ length: count }, (_, index) => `  total += ${index};`).join('\n');
  return `export function long(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`;
}

describe('functions a person can hold in their head', slow, () => {
  it.each([
    'src/server/service/endpoints/example.ts',
    'src/server/bff/example.ts',
    'src/server/shared/example.ts',
    'src/features/users/example.ts',
    'src/api/example.ts',
  ])('flags a function over 80 lines in %s', async (filePath) => {
    // functionOfLines(n) is n + 4 lines long.
    expect(await ruleIdsFor(filePath, functionOfLines(77))).toContain('max-lines-per-function');
    expect(await ruleIdsFor(filePath, functionOfLines(76))).not.toContain('max-lines-per-function');
  });

  it('leaves tests alone', async () => {
    expect(await ruleIdsFor('src/server/bff/example.test.ts', functionOfLines(130))).toEqual([]);
  });
});

describe('one zod flavour', slow, () => {
  const classic = "import { z } from 'zod';\nexport const schema = z.string();\n";
  const mini = "import { z } from 'zod/mini';\nexport const schema = z.string();\n";

  // In a folder of each server: a new file directly in a server's folder is unknown until the lint config names it.
  it.each(['src/server/bff/proxy/example.ts', 'src/server/service/runs/example.ts', 'src/server/shared/example.ts'])(
    'bans classic zod in %s',
    async (filePath) => {
      expect(await ruleIdsFor(filePath, classic)).toContain('no-restricted-imports');
      expect(await ruleIdsFor(filePath, mini)).toEqual([]);
    },
  );
});

describe("the service's route plugins", slow, () => {
  const importsRoutes = "import { modelRoutes } from '@/server/service/endpoints/models';\nexport { modelRoutes };\n";

  it('are not imported by the demo data, the domain or storage', async () => {
    for (const filePath of ['src/server/service/demo/example.ts', 'src/server/service/runs/example.ts']) {
      expect(await ruleIdsFor(filePath, importsRoutes)).toContain('boundaries/dependencies');
    }
  });

  it('are registered by app.ts', async () => {
    expect(await ruleIdsFor('src/server/service/app.ts', importsRoutes)).toEqual([]);
  });
});

describe("the servers' folders import one way (issue 38)", slow, () => {
  const importing = (what: string, from: string) =>
    `import { ${what} } from '${from}';\nexport const used = ${what};\n`;

  it.each([
    ['src/server/bff/security/example.ts', importing('sessionIdFrom', '@/server/bff/sessions/session-cookie')],
    ['src/server/bff/foundation/example.ts', importing('isApiPath', '@/server/bff/security/route-paths')],
    ['src/server/bff/proxy/example.ts', importing('loadBffConfig', '@/server/bff/config')],
    ['src/server/bff/sessions/example.ts', importing('openBffStores', '@/server/bff/state/bff-stores')],
    ['src/server/bff/review/example.ts', importing('oidcRoutes', '@/server/bff/oidc/oidc-routes')],
    ['src/server/service/storage/example.ts', importing('loadServiceConfig', '@/server/service/config')],
    ['src/server/service/context.ts', importing('authPlugin', '@/server/service/plugins/auth')],
    ['src/server/service/resources/example.ts', importing('seedDemoData', '@/server/service/demo/seed-demo-data')],
  ])('refuses an arrow back up from %s', async (filePath, code) => {
    expect(await ruleIdsFor(filePath, code)).toContain('boundaries/dependencies');
  });

  it.each([
    ['src/server/bff/sessions/example.ts', importing('canUseSecureCookie', '@/server/bff/security/request-guards')],
    ['src/server/bff/state/example.ts', importing('loadBffConfig', '@/server/bff/config')],
    ['src/server/service/demo/example.ts', importing('newModel', '@/server/service/resources/models')],
    ['src/server/bff/proxy/example.test.ts', importing('openBffStores', '@/server/bff/state/bff-stores')],
  ])('allows an arrow down from %s', async (filePath, code) => {
    expect(await ruleIdsFor(filePath, code)).toEqual([]);
  });

  it('places a new folder nowhere until the config names its layer', async () => {
    expect(await ruleIdsFor('src/server/bff/newfolder/example.ts', 'export const one = 1;\n')).toContain(
      'boundaries/no-unknown-files',
    );
  });
});
