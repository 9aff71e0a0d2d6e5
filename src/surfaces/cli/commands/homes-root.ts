import { Option } from "commander";
import { type MemoryHomes, openHomes } from "../../../index.js";

/** The option every `mnemo tokens` and `mnemo homes` command has: the root folder of the homes. */
export function homesRootOption(): Option {
  return new Option(
    "--homes <root>",
    "the folder of the memory homes (as given to mnemo serve --homes)",
  ).makeOptionMandatory();
}

/** Runs `work` on the homes under `root`, closing them after. Loads no model: no home is opened. */
export async function withHomes<T>(root: string, work: (homes: MemoryHomes) => Promise<T>): Promise<T> {
  const homes = await openHomes({ root });
  try {
    return await work(homes);
  } finally {
    await homes.close();
  }
}
