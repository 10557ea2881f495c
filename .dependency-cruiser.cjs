/**
 * The server's layers, checked in CI (`npm run lint:deps`, part of `npm run check:static`):
 * - the domain modules (apps/server/src/modules/<domain>) never import each other in a circle;
 * - only repositories (and the database layer itself) import the database schema: services and
 *   routes never build SQL;
 * - lib/ and db/ sit below the modules: they may name a module's types, never call into one.
 * apps/server/test/layers.test.ts proves each rule fires on code that breaks it.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycles',
      severity: 'error',
      comment:
        'Two modules import each other (directly or through others). Move what both need into the lower ' +
        'one (stock below catalog and orders, orders below till), or into lib/.',
      scope: 'folder',
      from: { path: '^apps/server/src/modules/[^/]+$' },
      to: { path: '^apps/server/src/modules/[^/]+$', circular: true },
    },
    {
      name: 'schema-only-in-repositories',
      severity: 'error',
      comment:
        'Only *.repository.ts files (and db/) may import the schema: services and routes never build SQL.',
      from: { path: '^apps/server/src/', pathNot: ['[.]repository[.]ts$', '^apps/server/src/db/'] },
      to: { path: '^apps/server/src/db/schema[.]ts$' },
    },
    {
      name: 'lib-below-modules',
      severity: 'error',
      comment:
        'lib/ and db/ are shared by every module: they may name a type of a module, never call into one.',
      from: { path: '^apps/server/src/(lib|db)/' },
      to: { path: '^apps/server/src/modules/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^apps/server/src/',
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
