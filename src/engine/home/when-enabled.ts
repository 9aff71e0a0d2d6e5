import { MnemoError } from "../../errors.js";
import type { HomeContext } from "./home-context.js";

/**
 * Runs `work` only when memory is on (`enabled` in the config); otherwise refuses with DISABLED,
 * before anything is read or written. Async, so that a validation error thrown before any I/O
 * still arrives as a rejected promise.
 */
export async function whenEnabled<T>(context: HomeContext, work: () => Promise<T>): Promise<T> {
  if (!context.config.enabled) {
    throw new MnemoError(
      "DISABLED",
      "Memory is disabled (enabled: false in config.json or MNEMO_ENABLED=0); nothing was read or written.",
    );
  }
  return work();
}
