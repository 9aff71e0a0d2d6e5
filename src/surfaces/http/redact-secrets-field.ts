import { z } from "zod";

/** The optional `redactSecrets` of every body that stores text. */
export const redactSecretsField = z
  .boolean()
  .optional()
  .describe(
    "A credential (API key, token, private key, password) in the text is stored as [REDACTED:<kind>] when true, " +
      'refused with 422 SECRET_DETECTED when false; default: the home\'s "secrets" setting (refuse unless configured).',
  );
