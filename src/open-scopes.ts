import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import type { EmbeddingModel } from "./contracts/embedding-model.js";
import type { MemoryHome } from "./engine/memory-home.js";
import type { Scope } from "./engine/scopes/scope-names.js";
import { type ScopeLayer, ScopeStack } from "./engine/scopes/scope-stack.js";
import { MnemoError } from "./errors.js";
import { isFolder } from "./is-folder.js";
import { loadConfig, resolveHome } from "./load-config.js";
import { openMemory } from "./open-memory.js";
import { CONFIG_FILE_NAME } from "./rules/config-file.js";

/**
 * Opens a stack of homes (docs/scopes.md), nearest first: the project's `.mnemo/` found by walking
 * up from `cwd` as git finds a repository, the user's home (`userHome`, else MNEMO_HOME, else
 * ~/.mnemo), and a team home when `team` names one (a folder, or a home of a PostgreSQL database).
 */
export interface OpenScopesOptions {
  /** Where the search for the project's `.mnemo/` starts; default: the process's working folder. */
  cwd?: string;
  /** The user layer's folder; default MNEMO_HOME, else ~/.mnemo. */
  userHome?: string;
  /** "auto" (default): the nearest `.mnemo/` above cwd; a folder: that repository's (or that `.mnemo/` itself); false: none. */
  project?: "auto" | string | false;
  /**
   * A team layer: a home folder, or a home of a PostgreSQL database; default: the user home's config
   * `scopes.team`, else none. false: none, whatever the config says.
   */
  team?: string | { store: string; homeId: string } | false;
  /**
   * Each layer's weight in the split of the context budget; default: the user home's config
   * `scopes.shares`, else 1 each (what one leaves unused goes to the others).
   */
  shares?: Partial<Record<Scope, number>>;
  env?: NodeJS.ProcessEnv;
  /** Who writes in every layer: saves record it as `agent` (see openMemory). */
  agent?: string;
  /** The run or session writing: recorded as `run`. */
  run?: string;
  embedder?: EmbeddingModel;
  onWarning?: (message: string) => void;
  now?: () => Date;
}

/** The folder name of a project's layer, at the repository's top. */
export const PROJECT_HOME_DIR = ".mnemo";

export async function openScopes(options: OpenScopesOptions = {}): Promise<ScopeStack> {
  const env = options.env ?? process.env;
  // The environment given, not only the process's, says where the user's home folder is.
  const osHome = env.HOME || homedir();
  const userHome = resolveHome(
    options.userHome ?? (env.MNEMO_HOME ? undefined : join(osHome, ".mnemo")),
    env,
  );
  const projectHome = projectHomeOf(options, { userHome, osHome });
  // Each layer is a folder of its own: a database named by MNEMO_STORE would be another layer's place.
  const common = {
    env: withoutStoreEnv(env),
    embedder: options.embedder,
    agent: options.agent,
    run: options.run,
    onWarning: options.onWarning,
    now: options.now,
  };
  const opened: Array<{ scope: Scope; memory: MemoryHome }> = [];
  const open = async (scope: Scope, where: Parameters<typeof openMemory>[0]) => {
    opened.push({ scope, memory: await openMemory({ ...common, ...where }) });
  };
  try {
    if (projectHome !== undefined) await open("project", { home: projectHome });
    await open("user", { home: userHome });
    const team = options.team ?? configuredTeam(opened.at(-1)?.memory, osHome);
    if (typeof team === "string") await open("team", { home: resolve(team) });
    else if (team) await open("team", { store: team.store, homeId: team.homeId });
  } catch (error) {
    await Promise.all(opened.map((layer) => layer.memory.close()));
    throw error;
  }
  const configured = opened.find((layer) => layer.scope === "user")?.memory.config.scopes.shares;
  const layers: ScopeLayer[] = opened.map((layer) => ({
    ...layer,
    share: options.shares?.[layer.scope] ?? configured?.[layer.scope] ?? 1,
  }));
  return new ScopeStack(layers);
}

/**
 * The stack a session started in `cwd` works on (docs/scopes.md): the project's `.mnemo/` above
 * `cwd`, the user's home, and the team layer its config names; undefined when that would be the
 * user's home alone (no project layer, no team), which the caller opens as one home.
 */
export async function openStackAt(
  cwd: string,
  options: Omit<OpenScopesOptions, "cwd" | "project" | "userHome"> = {},
): Promise<ScopeStack | undefined> {
  const env = options.env ?? process.env;
  const osHome = env.HOME || homedir();
  const userHome = resolveHome(env.MNEMO_HOME ? undefined : join(osHome, ".mnemo"), env);
  const project = findProjectHome(resolve(cwd), { userHome, osHome });
  if (project === undefined && (await loadConfig({ home: userHome, env })).config.scopes.team === undefined)
    return undefined;
  return openScopes({ ...options, project: project ?? false, userHome });
}

/**
 * The team layer the user home's config names (`scopes.team`): a folder must exist, since opening a
 * mistyped one would make an empty home and show the person nothing of their team.
 */
function configuredTeam(
  user: MemoryHome | undefined,
  osHome: string,
): string | { store: string; homeId: string } | undefined {
  const team = user?.config.scopes.team;
  if (team === undefined || !("home" in team)) return team;
  const where = team.home.startsWith("~/")
    ? join(osHome, team.home.slice(2))
    : resolve(user?.home ?? "", team.home);
  if (!isFolder(where))
    throw new MnemoError(
      "INVALID_INPUT",
      `scopes.team.home in ${join(user?.home ?? "", CONFIG_FILE_NAME)} names ${where}, which is not a folder: create the team's home there (mnemo init --home ${where}) or fix the path.`,
    );
  return where;
}

function projectHomeOf(
  options: OpenScopesOptions,
  skip: { userHome: string; osHome: string },
): string | undefined {
  const project = options.project ?? "auto";
  if (project === false) return undefined;
  if (project !== "auto") {
    const folder = resolve(project);
    return basename(folder) === PROJECT_HOME_DIR ? folder : join(folder, PROJECT_HOME_DIR);
  }
  return findProjectHome(resolve(options.cwd ?? process.cwd()), skip);
}

/**
 * The nearest `.mnemo/` folder at or above `start`, as git finds `.git`. The user's own home folder
 * is never a project: its `.mnemo/` is the user layer, and so is whatever folder `userHome` names.
 */
export function findProjectHome(
  start: string,
  skip: { userHome: string; osHome: string },
): string | undefined {
  const osHome = resolve(skip.osHome);
  for (let folder = resolve(start); ; folder = dirname(folder)) {
    const candidate = join(folder, PROJECT_HOME_DIR);
    if (folder !== osHome && candidate !== skip.userHome && isFolder(candidate)) return candidate;
    if (dirname(folder) === folder) return undefined;
  }
}

function withoutStoreEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(([key]) => key !== "MNEMO_STORE" && key !== "MNEMO_HOME_ID"),
  );
}
