import { SOUL_PATH } from "../../rules/home-layout.js";
import { secretMode } from "../guard/secret-guard.js";
import type { HomeContext } from "../home/home-context.js";
import { guardSoulAnswers, renderSoul, type SoulAnswers } from "./soul-template.js";

/**
 * Writes SOUL.md from onboarding answers, in one transaction; an existing one is kept unless
 * `overwrite` is set. A credential in an answer is refused, or redacted with `redactSecrets`
 * (default: the `secrets` setting).
 */
export function writeSoul(
  context: HomeContext,
  answers: SoulAnswers,
  options: { overwrite?: boolean; redactSecrets?: boolean },
): Promise<{ path: string; written: boolean }> {
  return context.store.transaction(async (writer) => {
    if (!options.overwrite && (await writer.read(SOUL_PATH)) !== undefined)
      return { path: SOUL_PATH, written: false };
    const mode = secretMode(context.config.secrets, options.redactSecrets);
    await writer.write(SOUL_PATH, renderSoul(guardSoulAnswers(answers, mode)));
    return { path: SOUL_PATH, written: true };
  });
}
