/**
 * The layering rules of docs/conventions.md, checked on every `npm test` (`npm run lint:layers`).
 * Imports point one way: routes → commands → domain and adapters; reactors and jobs → commands;
 * nothing in runtime, adapters or plugins imports a context; contexts meet only through each
 * other's index.ts; packages depend downward (domain ← projections ← api ← scripts). In the web
 * app, features meet only through each feature's public index.ts, components/ and lib/ import no
 * feature, and app/ composes (it reaches a feature through its index.ts too).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'An import cycle hides which way a dependency points.',
      from: { path: '^(domain|projections|api|scripts)/src/' },
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'domain holds pure rules: it imports no other package of ours.',
      from: { path: '^domain/src/' },
      to: { path: '^(projections|api|scripts|app-web)/' },
    },
    {
      name: 'projections-below-api',
      severity: 'error',
      from: { path: '^projections/src/' },
      to: { path: '^(api|scripts|app-web)/' },
    },
    {
      name: 'api-below-scripts',
      severity: 'error',
      from: { path: '^api/src/' },
      to: { path: '^(scripts|app-web)/' },
    },
    {
      name: 'shared-machinery-imports-no-context',
      severity: 'error',
      comment: 'runtime, adapters, plugins and sandboxes serve every context and know none of them (the registry is read by app.ts/main.ts).',
      from: { path: '^api/src/(runtime|adapters|plugins|sandbox)/' },
      to: { path: '^api/src/contexts/' },
    },
    {
      name: 'contexts-meet-through-their-index',
      severity: 'error',
      comment: "A context uses another only through that context's index.ts, never its internals.",
      from: { path: '^api/src/contexts/([^/]+)/' },
      to: { path: '^api/src/contexts/[^/]+/', pathNot: ['^api/src/contexts/$1/', '^api/src/contexts/[^/]+/index\\.[jt]s$'] },
    },
    {
      name: 'web-features-meet-through-their-index',
      severity: 'error',
      comment: "A feature uses another only through that feature's public index.ts, never its internals.",
      from: { path: '^app-web/src/features/([^/]+)/' },
      to: { path: '^app-web/src/features/[^/]+/', pathNot: ['^app-web/src/features/$1/', '^app-web/src/features/[^/]+/index\\.[jt]sx?$'] },
    },
    {
      name: 'web-app-composes-features-through-their-index',
      severity: 'error',
      comment: "app/ composes the features, through each one's index.ts.",
      from: { path: '^app-web/src/app/' },
      to: { path: '^app-web/src/features/[^/]+/', pathNot: '^app-web/src/features/[^/]+/index\\.[jt]sx?$' },
    },
    {
      name: 'web-shared-code-imports-no-feature',
      severity: 'error',
      comment: 'components/, lib/ and config/ serve every feature and know none of them (a piece that composes features lives in app/).',
      from: { path: '^app-web/src/(components|lib|config|types)/' },
      to: { path: '^app-web/src/(features|app)/' },
    },
    {
      name: 'web-features-below-app',
      severity: 'error',
      comment: 'A feature never imports the app that composes it.',
      from: { path: '^app-web/src/features/' },
      to: { path: '^app-web/src/app/' },
    },
    {
      name: 'commands-below-routes-reactors-jobs',
      severity: 'error',
      comment: 'The commands module (commands.ts and commands/) is called by routes, reactors and jobs; it never calls them.',
      from: { path: '^api/src/contexts/([^/]+)/commands(\\.[jt]s$|/)' },
      to: { path: '^api/src/contexts/$1/(routes|reactors|jobs|live|index)\\.[jt]s$' },
    },
    {
      name: 'only-commands-run-the-pipeline',
      severity: 'error',
      comment: "One home per command: every append of a context goes through its commands module (commands.ts, or commands/ beside it); routes, reactors and jobs call one of its functions, never the pipeline.",
      from: { pathNot: '^api/src/(contexts/[^/]+/commands(\\.[jt]s$|/)|runtime/command-pipeline\\.[jt]s$)' },
      to: { path: '^api/src/runtime/command-pipeline\\.[jt]s$' },
    },
    {
      name: 'reactors-and-jobs-below-routes',
      severity: 'error',
      from: { path: '^api/src/contexts/([^/]+)/(reactors|jobs)\\.[jt]s$' },
      to: { path: '^api/src/contexts/$1/(routes|index)\\.[jt]s$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Workspace packages (@wager/*) are symlinks into this repository: follow them to their files.
    preserveSymlinks: false,
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.json'] },
    exclude: { path: ['node_modules', '\\.spec\\.tsx?$', '/testing/', '^app-web/e2e/'] },
  },
};
