import { createHash } from "node:crypto";

/**
 * What a build of dist/ was made from, as one hash of every input's path, size and modification
 * time: a build is reused only when the stamp it was saved with equals the stamp of the sources now.
 * A file added, removed, edited or touched changes it.
 */
export function buildStamp(inputs: readonly { path: string; size: number; modified: number }[]): string {
  const hash = createHash("sha256");
  for (const { path, size, modified } of [...inputs].sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  ))
    hash.update(`${path}\0${size}\0${modified}\n`);
  return hash.digest("hex");
}
