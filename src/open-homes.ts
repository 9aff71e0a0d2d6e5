import { join } from "node:path";
import { FsHomeDirectory } from "./adapters/fs/fs-home-directory.js";
import { FsTokenRegistry } from "./adapters/fs/fs-token-registry.js";
import { ensureHomesRoot, ROOT_META_DIR } from "./adapters/fs/homes-root.js";
import type { EmbeddingModel } from "./contracts/embedding-model.js";
import { createEmbeddingModel } from "./create-embedding-model.js";
import { CONFIG_FILE_NAME, loadConfig, resolveHome } from "./engine/config/load-config.js";
import { MemoryHomes } from "./engine/tenancy/memory-homes.js";
import { sharedEmbeddingModel } from "./engine/tenancy/shared-embedding-model.js";
import { MnemoError } from "./errors.js";
import { openMemory } from "./open-memory.js";

/**
 * The composition root of many homes: a root folder with a home per sub-folder
 * (`<root>/acme/user-42/`, each an ordinary memory home), tokens in `<root>/.mnemo/tokens.json`,
 * and server-wide settings in `<root>/.mnemo/config.json` and the MNEMO_* environment. Every home
 * shares one embedding model.
 */
export interface OpenHomesOptions {
  /** The root folder; created when missing. */
  root: string;
  env?: NodeJS.ProcessEnv;
  /** An embedding model of the program's own for every home (the caller closes it); default: the one the settings name. */
  embedder?: EmbeddingModel;
  /** Where warnings about hand-edited files go; default: stderr. */
  onWarning?: (message: string) => void;
  now?: () => Date;
}

export async function openHomes(options: OpenHomesOptions): Promise<MemoryHomes> {
  const env = options.env ?? process.env;
  const root = resolveHome(options.root, env);
  const { config } = await loadConfig({ home: join(root, ROOT_META_DIR), env });
  await ensureHomesRoot(root);
  // A home of the root is its folder: MNEMO_STORE / MNEMO_HOME_ID (one database home) must not redirect every home there.
  const homeEnv = Object.fromEntries(
    Object.entries(env).filter(([key]) => key !== "MNEMO_STORE" && key !== "MNEMO_HOME_ID"),
  );
  const directory = new FsHomeDirectory({ root, lockTimeoutMs: config.lockTimeoutMs });
  const tokens = new FsTokenRegistry({ root, lockTimeoutMs: config.lockTimeoutMs, now: options.now });
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
    location: root,
    directory,
    tokens,
    openHome: async (homeId) => {
      const folder = await directory.folderOf(homeId);
      await refuseOtherStore(folder, homeEnv);
      const model = await sharedModel();
      return openMemory({
        home: folder,
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

/** A home's own config.json may tune it, never move it out of its folder (into another tenant's rows, say). */
async function refuseOtherStore(folder: string, env: NodeJS.ProcessEnv): Promise<void> {
  const { config } = await loadConfig({ home: folder, env });
  if (config.store !== undefined)
    throw new MnemoError(
      "INVALID_CONFIG",
      `${join(folder, CONFIG_FILE_NAME)} sets store: a home served with --homes lives in its folder. Remove store and homeId from that file.`,
    );
}
