import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * A repository with a project layer (`.mnemo/`, docs/scopes.md) and a person's own home, under a
 * scratch folder: what the built `mnemo` finds as a stack when started in `cwd` with `env`.
 */
export interface TestRepository {
  repository: string;
  /** The project layer's home: `<repository>/.mnemo`. */
  projectHome: string;
  /** The user's home: `$HOME/.mnemo`, with a config.json that turns the embedder off. */
  userHome: string;
  /** A folder inside the repository, where a command is started. */
  cwd: string;
  env: Record<string, string>;
}

export async function makeTestRepository(scratch: string): Promise<TestRepository> {
  const repository = join(scratch, "shop");
  const projectHome = join(repository, ".mnemo");
  const userHome = join(scratch, "person", ".mnemo");
  const cwd = join(repository, "src", "cart");
  await mkdir(cwd, { recursive: true });
  await mkdir(join(repository, ".git"));
  await mkdir(projectHome);
  await mkdir(userHome, { recursive: true });
  await writeFile(join(userHome, "config.json"), JSON.stringify({ search: { embedder: "none" } }));
  return {
    repository,
    projectHome,
    userHome,
    cwd,
    env: { HOME: join(scratch, "person"), MNEMO_EMBEDDER: "none" },
  };
}
