/**
 * The house plan (docs/ARCHITECTURE.md, "Layers"), enforced by `npm run lint:imports`.
 *   web:    app/ and ops/ → features/ → shared/
 *   server: app.ts, server.ts, main.ts → features/ → platform/
 *   a feature reaches another feature only through that feature's index.ts (tests may also use its
 *   test-kit), and no two features reach each other (checked on the feature graph).
 */
const TEST = '\\.test\\.tsx?$|test-kit\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-features-below-app',
      comment:
        'A web feature never imports the app shell (app/) or the console (ops/): move what it needs to shared/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/(app|ops)/' },
    },
    {
      name: 'web-shared-below-features',
      comment:
        'shared/ is the bottom layer of the web app: it imports no feature, no app shell, no console.',
      severity: 'error',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/(app|ops|features)/' },
    },
    {
      name: 'server-platform-below-features',
      comment:
        'platform/ is the bottom layer of the server: it imports no feature and not the app.',
      severity: 'error',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/(features/|app\\.ts$|server\\.ts$|main\\.ts$)' },
    },
    {
      name: 'server-features-below-app',
      comment: 'Features do not import the composition root (tests may build the app).',
      severity: 'error',
      from: { path: '^apps/server/src/features/', pathNot: TEST },
      to: { path: '^apps/server/src/(app|server|main)\\.ts$' },
    },
    {
      name: 'feature-public-entry',
      comment: 'Another feature is reached only through its index.ts.',
      severity: 'error',
      from: { path: '^apps/(server|web)/src/features/([^/]+)/', pathNot: TEST },
      to: {
        path: '^apps/$1/src/features/[^/]+/',
        pathNot: '^apps/$1/src/features/$2/|^apps/$1/src/features/[^/]+/index\\.tsx?$',
      },
    },
    {
      name: 'feature-public-entry-tests',
      comment: 'A test reaches another feature through its index.ts or its test-kit.',
      severity: 'error',
      from: { path: ['^apps/(server|web)/src/features/([^/]+)/.*(' + TEST + ')'] },
      to: {
        path: '^apps/$1/src/features/[^/]+/',
        pathNot:
          '^apps/$1/src/features/$2/|^apps/$1/src/features/[^/]+/(index|[a-z.-]*test-kit)\\.tsx?$',
      },
    },
    {
      name: 'no-feature-loops',
      comment: 'No two features reach each other, directly or through others.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/(server|web)/src/features/[^/]+/?$' },
      to: { path: '^apps/(server|web)/src/features/[^/]+/?$', circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    combinedDependencies: false,
  },
};
