/**
 * The layers of src (docs/architecture.md), checked by `npm run lint`: no import circles, type-only
 * imports included; the pure core imports no shell; the Worker imports nothing of the UI; the
 * model modules at the bottom import nothing of the core above them.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle (type-only imports count): layers point one way.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-imports-no-shell',
      comment: 'src/core is the pure core: the shells import it, never the other way.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/(ui|worker|cli|share|net|offline|package|conformance)/' },
    },
    {
      name: 'worker-imports-no-ui',
      comment: 'The Worker runs the core; what the page shows is the UI’s business.',
      severity: 'error',
      from: { path: '^src/worker/' },
      to: { path: '^src/ui/' },
    },
    {
      name: 'model-is-the-bottom-layer',
      comment: 'The model (documents, reports, rules) imports nothing of the core but JSON types.',
      severity: 'error',
      from: { path: '^src/core/model/' },
      to: { path: '^src/core/', pathNot: '^src/core/(model|json/ast\\.ts|json/position\\.ts)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '(\\.test\\.tsx?$|node_modules)' },
  },
};
