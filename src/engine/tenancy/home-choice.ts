/**
 * Which home a request reaches: only one its token may use. The token names the homes; when it has
 * several, the request picks one of them by id (the Mnemo-Home header), and nothing else a caller
 * sends (body, query string, path, tool argument) is ever read for it. A home the token may not use
 * is refused exactly like one that does not exist, so a token cannot even learn which homes exist.
 */
import type { TokenGrant } from "../../contracts/token-registry.js";
import { MnemoError } from "../../errors.js";
import { parseHomeId } from "../../rules/home-id.js";

/** The header that picks one of a token's homes. */
export const HOME_HEADER = "mnemo-home";

export function chooseHome(grant: TokenGrant, requested: string | undefined): string {
  if (requested === undefined) {
    if (grant.homes.length === 1) return grant.homes[0] as string;
    if (grant.homes.length === 0)
      throw new MnemoError(
        "NOT_FOUND",
        "This token reaches no memory home: it may only administer the server.",
      );
    throw new MnemoError(
      "INVALID_INPUT",
      `This token may use ${grant.homes.length} memory homes: name one in the Mnemo-Home header.`,
    );
  }
  const homeId = parseHomeId(requested, "The Mnemo-Home header");
  if (!grant.homes.includes(homeId)) throw noSuchHome(homeId);
  return homeId;
}

/** The one refusal for a home that does not exist and for a home the token may not use. */
export function noSuchHome(homeId: string): MnemoError {
  return new MnemoError("NOT_FOUND", `There is no memory home "${homeId}" for this token.`);
}
