import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * The ground the fuzz suite runs on: a parent folder holding a clean home, a hostile home (its
 * folders and files linked to places outside it) and an `outside` folder with files of its own.
 * After fuzzing, nothing may have been written beside the homes or inside `outside`.
 */
export interface FuzzGround {
  parent: string;
  homes: string[];
  outside: string;
}

export async function prepareFuzzGround(parent: string): Promise<FuzzGround> {
  const clean = join(parent, "home");
  const hostile = join(parent, "hostile-home");
  const outside = join(parent, "outside");
  await mkdir(join(outside, "daily"), { recursive: true });
  await writeFile(join(outside, "secret.md"), "---\nname: secret\ntype: user\n---\nOUTSIDE SECRET\n");
  await writeFile(join(outside, "topic.md"), "# topic\n\nOUTSIDE TOPIC\n");
  await mkdir(clean, { recursive: true });
  await mkdir(join(hostile, "memories"), { recursive: true });
  await mkdir(join(hostile, "topics"), { recursive: true });
  await symlink(join(outside, "daily"), join(hostile, "daily"));
  await symlink(join(outside, "secret.md"), join(hostile, "memories", "user_secret.md"));
  await symlink(join(outside, "topic.md"), join(hostile, "topics", "linked.md"));
  const config = JSON.stringify({ search: { embedder: "none" }, lockTimeoutMs: 60_000 });
  for (const home of [clean, hostile]) await writeFile(join(home, "config.json"), config);
  return { parent, homes: [clean, hostile], outside };
}

/** A fingerprint of everything outside the homes: the parent's entries and every file below `outside`. */
export async function outsideFingerprint(ground: FuzzGround): Promise<string> {
  const hash = createHash("sha256");
  hash.update((await readdir(ground.parent)).sort().join("\n"));
  for (const path of await filesBelow(ground.outside)) {
    hash.update(path);
    hash.update(await readFile(join(ground.outside, path)));
  }
  return hash.digest("hex");
}

async function filesBelow(folder: string, prefix = ""): Promise<string[]> {
  const paths: string[] = [];
  for (const entry of await readdir(join(folder, prefix), { withFileTypes: true })) {
    const path = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) paths.push(...(await filesBelow(folder, path)));
    else paths.push(path);
  }
  return paths.sort();
}

/** One fuzzed input that ended in something other than a clear refusal. */
export interface FuzzFailure {
  surface: string;
  input: string;
  error: string;
}

export interface FuzzResult {
  inputs: number;
  failures: FuzzFailure[];
}

export function describeFailure(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
