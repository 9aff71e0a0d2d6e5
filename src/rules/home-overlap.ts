import { MnemoError } from "../errors.js";

/** The refusal of a home that would lie inside another one, or hold it (see homeIdsOverlap). */
export function overlappingHomeError(homeId: string, existing: string): MnemoError {
  const where = existing.startsWith(`${homeId}/`) ? "holds the home" : "is inside the home";
  return new MnemoError(
    "INVALID_INPUT",
    `homeId "${homeId}" ${where} "${existing}": homes cannot nest, since each must be a folder of its own. Choose an id beside it (for example "${existing.split("/")[0]}-2").`,
  );
}
