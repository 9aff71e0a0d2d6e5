import { Option } from "commander";
import { MnemoError } from "../../../errors.js";
import type { MemoryHomes } from "../../../index.js";

/**
 * Where every `mnemo tokens` and `mnemo homes` command finds the homes: a root folder (--homes, as
 * `mnemo serve --homes` serves it) or a PostgreSQL database (--store or $MNEMO_STORE, as
 * `mnemo serve --store` serves it).
 */
export interface HomesPlaceOptions {
  homes?: string;
  store?: string;
}

export type HomesPlace = { root: string } | { store: string };

export function homesPlaceOptions(): Option[] {
  return [
    new Option("--homes <root>", "the folder of the memory homes (as given to mnemo serve --homes)"),
    new Option(
      "--store <url>",
      "or the PostgreSQL database of the homes (as given to mnemo serve --store; default: $MNEMO_STORE)",
    ),
  ];
}

/** The place the options name; --homes wins over $MNEMO_STORE, and both flags at once are refused. */
export function homesPlace(options: HomesPlaceOptions, env: NodeJS.ProcessEnv = process.env): HomesPlace {
  if (options.homes !== undefined && options.store !== undefined)
    throw new MnemoError(
      "INVALID_INPUT",
      "--homes and --store: give one (a folder of homes, or a database).",
    );
  if (options.homes !== undefined) return { root: options.homes };
  const store = options.store ?? env.MNEMO_STORE?.trim();
  if (store) return { store };
  throw new MnemoError(
    "INVALID_INPUT",
    "Say where the homes are: --homes ROOT (a folder) or --store postgres://user@host:port/database (or $MNEMO_STORE).",
  );
}

/** Runs `work` on the homes of `place`, closing them after. Loads no model: no home is opened. */
export async function withHomes<T>(place: HomesPlace, work: (homes: MemoryHomes) => Promise<T>): Promise<T> {
  const { openHomes } = await import("../../../open-homes.js");
  const homes = await openHomes(place);
  try {
    return await work(homes);
  } finally {
    await homes.close();
  }
}
