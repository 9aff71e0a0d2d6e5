import { join } from "node:path";
import { FsHomeDirectory } from "./adapters/fs/fs-home-directory.js";
import { FsTokenRegistry } from "./adapters/fs/fs-token-registry.js";
import { ensureHomesRoot, ROOT_META_DIR } from "./adapters/fs/homes-root.js";
import type { EmbeddingModel } from "./contracts/embedding-model.js";
import type { HomeDirectory } from "./contracts/home-directory.js";
import type { TokenRegistry } from "./contracts/token-registry.js";
import { createEmbeddingModel } from "./create-embedding-model.js";
import type { MnemoConfig } from "./engine/config/schema.js";
import { MemoryHomes } from "./engine/tenancy/memory-homes.js";
import { sharedEmbeddingModel } from "./engine/tenancy/shared-embedding-model.js";
import { MnemoError } from "./errors.js";
import { postgresClient } from "./home-backends.js";
import { CONFIG_FILE_NAME, loadConfig, resolveHome } from "./load-config.js";
import { type OpenMemoryOptions, openMemory } from "./open-memory.js";

/**
 * The composition root of many homes, in one of two places. A root folder: a home per sub-folder
 * (`<root>/acme/user-42/`, each an ordinary memory home), tokens in `<root>/.mnemo/tokens.json`,
 * server-wide settings in `<root>/.mnemo/config.json`. Or a PostgreSQL database: homes, tokens and
 * every home's memory in its tables, so any number of server processes share them; server-wide
 * settings in the config.json of `home` (MNEMO_HOME, else ~/.mnemo), as for one database home.
 * Both also read the MNEMO_* environment, and every home shares one embedding model.
 */
export interface OpenHomesOptions {
  /** The root folder; created when missing. Give this or `store`. */
  root?: string;
  /** A PostgreSQL database (`postgres://user@host:port/database`) holding every home; its tables are created on first use. */
  store?: string;
  /** With `store`: the folder whose config.json holds the server's settings; default MNEMO_HOME, else ~/.mnemo. */
  home?: string;
  env?: NodeJS.ProcessEnv;
  /** An embedding model of the program's own for every home (the caller closes it); default: the one the settings name. */
  embedder?: EmbeddingModel;
  /** Where warnings about hand-edited files go; default: stderr. */
  onWarning?: (message: string) => void;
  now?: () => Date;
}

/** Where the homes are, and how openMemory reaches one of them. */
interface HomesPlace {
  location: string;
  config: MnemoConfig;
  directory: HomeDirectory;
  tokens: TokenRegistry;
  whereIs(homeId: string): Promise<Pick<OpenMemoryOptions, "home" | "store" | "homeId">>;
}

export async function openHomes(options: OpenHomesOptions): Promise<MemoryHomes> {
  const env = options.env ?? process.env;
  // A home is where the place puts it: MNEMO_STORE / MNEMO_HOME_ID (one database home) must not send every home there.
  const homeEnv = Object.fromEntries(
    Object.entries(env).filter(([key]) => key !== "MNEMO_STORE" && key !== "MNEMO_HOME_ID"),
  );
  if ((options.root === undefined) === (options.store === undefined))
    throw new MnemoError(
      "INVALID_INPUT",
      "openHomes needs either root (a folder of homes) or store (a postgres:// database of homes), not both.",
    );
  const place =
    options.store === undefined
      ? await folderPlace(resolveHome(options.root, env), homeEnv, options.now)
      : await databasePlace(options.store, { ...options, env: homeEnv });
  const { config } = place;
  // Made on the first home opened: managing homes and tokens loads no model.
  let owned: Promise<EmbeddingModel> | undefined;
  const sharedModel = async (): Promise<EmbeddingModel | undefined> => {
    if (options.embedder || config.search.embedder === "none") return options.embedder;
    owned ??= createEmbeddingModel(config.search, env).catch((error: unknown) => {
      owned = undefined; // the next home tries again, and says why it failed
      throw error;
    });
    return owned;
  };
  return new MemoryHomes({
    location: place.location,
    directory: place.directory,
    tokens: place.tokens,
    openHome: async (homeId) => {
      const where = await place.whereIs(homeId);
      const model = await sharedModel();
      return openMemory({
        ...where,
        env: homeEnv,
        embedder: model && sharedEmbeddingModel(model),
        config: model ? undefined : { search: { embedder: "none" } },
        onWarning: options.onWarning,
        now: options.now,
      });
    },
    close: async () => owned?.then((model) => model.close()),
  });
}

async function folderPlace(
  root: string,
  homeEnv: NodeJS.ProcessEnv,
  now: (() => Date) | undefined,
): Promise<HomesPlace> {
  const { config } = await loadConfig({ home: join(root, ROOT_META_DIR), env: homeEnv });
  await ensureHomesRoot(root);
  const directory = new FsHomeDirectory({ root, lockTimeoutMs: config.lockTimeoutMs });
  const tokens = new FsTokenRegistry({ root, lockTimeoutMs: config.lockTimeoutMs, now });
  return {
    location: root,
    config,
    directory,
    tokens,
    whereIs: async (homeId) => {
      const folder = await directory.folderOf(homeId);
      await refuseOtherStore(folder, homeEnv);
      return { home: folder };
    },
  };
}

/** Homes, tokens and memory in one database: the process's one pool for that URL serves them all. */
async function databasePlace(
  store: string,
  options: { home?: string; env: NodeJS.ProcessEnv; now?: () => Date },
): Promise<HomesPlace> {
  if (!/^postgres(ql)?:\/\/\S+$/.test(store))
    throw new MnemoError("INVALID_INPUT", "store must be a postgres://user@host:port/database URL.");
  const { home, config } = await loadConfig({ home: options.home, env: options.env });
  const client = await postgresClient(store);
  const [{ PostgresHomeDirectory }, { PostgresTokenRegistry }] = await Promise.all([
    import("./adapters/postgres/postgres-home-directory.js"),
    import("./adapters/postgres/postgres-token-registry.js"),
  ]);
  return {
    location: client.location,
    config,
    directory: new PostgresHomeDirectory({ client, lockTimeoutMs: config.lockTimeoutMs, now: options.now }),
    tokens: new PostgresTokenRegistry({ client, now: options.now }),
    whereIs: async (homeId) => ({ home, store, homeId }),
  };
}

/** A home's own config.json may tune it, never move it out of its folder (into another tenant's rows, say). */
async function refuseOtherStore(folder: string, env: NodeJS.ProcessEnv): Promise<void> {
  const { config } = await loadConfig({ home: folder, env });
  if (config.store !== undefined)
    throw new MnemoError(
      "INVALID_CONFIG",
      `${join(folder, CONFIG_FILE_NAME)} sets store: a home served with --homes lives in its folder. Remove store and homeId from that file.`,
    );
}
