/**
 * Who may import whom (docs/architecture.md, "The store's wings"). `npm run lint` runs it.
 * The store is feature wings over a thin platform, five levels, each importing only below:
 *   main  >  owner  >  analytics bookings contact files invites page media backup  >  identity data  >  platform
 * Tests (*.test.ts) and main/test-kit/ are exempt from the store's inner rules: they test the inside.
 */
const STORE = "^apps/store/src/";
const TESTS = ["[.]test[.]tsx?$", "^apps/store/src/main/test-kit/"];
const SITE_TESTS = ["^apps/site/src/.+[.]test[.]tsx?$", "^apps/site/src/.+/test-helpers/"];
const WINGS =
  "(main|owner|analytics|backup|bookings|contact|files|invites|media|page|data|identity|platform)";

module.exports = {
  forbidden: [
    {
      name: "store-code-lives-in-a-wing",
      comment:
        "Every module of the store is in a wing named here, so a new wing is given its level below before it can import anything.",
      severity: "error",
      from: { path: STORE, pathNot: `${STORE}${WINGS}/` },
      to: {},
    },
    {
      name: "store-no-cycles",
      comment:
        "A cycle has no bottom: neither half can be read, tested or moved without the other.",
      severity: "error",
      from: { path: STORE, pathNot: TESTS },
      to: { circular: true },
    },
    {
      name: "platform-imports-no-wing",
      comment:
        "platform/ is the floor every wing stands on; if it knew a wing it could not be shared.",
      severity: "error",
      from: { path: "^apps/store/src/platform/", pathNot: TESTS },
      to: { path: STORE, pathNot: "^apps/store/src/platform/" },
    },
    {
      name: "base-wings-import-only-platform",
      comment:
        "identity/ and data/ are what the feature wings build on: they lean on platform/ alone.",
      severity: "error",
      from: { path: "^apps/store/src/(identity|data)/", pathNot: TESTS },
      to: { path: STORE, pathNot: "^apps/store/src/(platform|$1)/" },
    },
    {
      name: "feature-wings-import-only-base",
      comment:
        "A feature wing (analytics, bookings, contact, files, invites, page, media, backup) stands on platform, identity and data; it never reaches into a sibling wing, so each can change alone.",
      severity: "error",
      from: {
        path: "^apps/store/src/(analytics|bookings|contact|files|invites|page|media|backup)/",
        pathNot: TESTS,
      },
      to: { path: STORE, pathNot: "^apps/store/src/(platform|identity|data|$1)/" },
    },
    {
      name: "owner-imports-no-backup",
      comment:
        "owner/ (the editor) sits over the feature wings but not over backup/, which copies whole stores and is driven from main/ only.",
      severity: "error",
      from: { path: "^apps/store/src/owner/", pathNot: TESTS },
      to: { path: "^apps/store/src/backup/" },
    },
    {
      name: "only-main-imports-main",
      comment:
        "main/ wires the wings into an app and a CLI; a wing that imported it would import every other wing.",
      severity: "error",
      from: { path: STORE, pathNot: ["^apps/store/src/main/", ...TESTS] },
      to: { path: "^apps/store/src/main/" },
    },
    {
      name: "wings-meet-at-faces",
      comment:
        "A wing is reached from another through its face (index.ts) only, so what lies behind the face can move; a lazy import() of one module (the CLI's commands, loaded on use) is the exception.",
      severity: "error",
      from: {
        path: `${STORE}(main|owner|analytics|backup|bookings|contact|files|invites|media|page|data|identity)/`,
        pathNot: [...TESTS, "^apps/store/src/main/testing[.]ts$"],
      },
      to: {
        path: `${STORE}(owner|analytics|backup|bookings|contact|files|invites|media|page|data|identity)/`,
        pathNot: [`${STORE}$1/`, `${STORE}[a-z]+/index[.]ts$`],
        dependencyTypesNot: ["dynamic-import"],
      },
    },
    {
      name: "packages-import-no-app",
      comment:
        "packages/content-client and packages/site-content are shared by the site and the store, so they import neither.",
      severity: "error",
      from: { path: "^packages/" },
      to: { path: "^apps/" },
    },
    {
      name: "site-imports-no-store",
      comment:
        "The site reads content through @consultant/content-client, never through the store's code.",
      severity: "error",
      from: { path: "^apps/site/", pathNot: SITE_TESTS },
      to: { path: "^apps/store/" },
    },
    {
      name: "store-imports-no-site",
      comment:
        "The store reaches the site only through its built server entry, loaded at run time (page/load-site.ts).",
      severity: "error",
      from: { path: "^apps/store/" },
      to: { path: "^apps/site/" },
    },
    {
      name: "outside-through-testing",
      comment:
        "e2e, bench, conformance, scripts and the site's tests drive the store through main/testing.ts only, so what lies behind it can move.",
      severity: "error",
      from: { path: ["^(e2e|bench|conformance|scripts)/", ...SITE_TESTS] },
      to: { path: STORE, pathNot: "^apps/store/src/main/testing[.]ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: {
      path: "(^|/)(node_modules|dist|test-results|playwright-report|[.]stryker-tmp[^/]*)/",
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    // The workspace packages (@consultant/*) export their .ts sources through package.json exports.
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "types", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
