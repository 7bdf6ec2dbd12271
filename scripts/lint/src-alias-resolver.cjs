/**
 * ESLint import resolver for the `@/` alias (tsconfig paths: `@/*` → `src/*`), so eslint-plugin-boundaries sees which
 * layer an `@/…` import reaches. It rewrites the alias to an absolute path and lets the node resolver do the rest.
 * eslint-import-resolver-typescript would do this too, but it ships native bindings this machine's registry lacks.
 */
const path = require('node:path');
const nodeResolver = require('eslint-import-resolver-node');

const srcDir = path.resolve(__dirname, '..', '..', 'src');

module.exports = {
  interfaceVersion: 2,
  resolve(source, file, config) {
    const target = source.startsWith('@/') ? path.join(srcDir, source.slice(2)) : source;
    return nodeResolver.resolve(target, file, config);
  },
};
