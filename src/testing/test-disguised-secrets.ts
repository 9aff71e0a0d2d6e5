import type { SecretSample } from "./test-secret-corpus.js";
import { ALNUM, chars, mixed, password, type Random, TOKEN_SHAPES } from "./test-secret-shapes.js";

/**
 * Secrets as they got past the scanner before issue 26: a key split by a space or a zero-width
 * space, glued to the word before it, behind a full-width colon, base64- or hex-encoded, and a
 * password holding a vendor's token. `secret` is the text as it appears, all of which must go.
 */
const DISGUISED_KINDS = ["github-token", "aws-access-key-id", "openai-api-key", "slack-token", "stripe-key"];

type Disguise = {
  context: string;
  disguise: (secret: string) => string;
  render: (disguised: string) => string;
};

const DISGUISES: Disguise[] = [
  { context: "sentence", disguise: splitBySpace, render: (s) => `Deploy with ${s} before Friday.` },
  {
    context: "env",
    disguise: (s) => insertAtMiddle(s, "\u200B"),
    render: (s) => `export SERVICE_CREDENTIAL=${s}`,
  },
  { context: "sentence", disguise: (s) => s, render: (s) => `the ci one is mytoken${s} for now` },
  {
    context: "yaml",
    disguise: (s) => Buffer.from(s).toString("base64"),
    render: (s) => `data:\n  key: ${s}\n`,
  },
  { context: "json", disguise: (s) => Buffer.from(s).toString("hex"), render: (s) => `{"blob": "${s}"}` },
];

export function disguisedSamples(random: Random): SecretSample[] {
  const samples: SecretSample[] = [];
  for (const kind of DISGUISED_KINDS) {
    const shape = TOKEN_SHAPES.find((each) => each.kind === kind);
    if (!shape) throw new Error(`no token shape of kind ${kind}`);
    for (const { context, disguise, render } of DISGUISES) {
      const secret = disguise(shape.make(random));
      samples.push({ kind, context, secret, text: render(secret) });
    }
  }
  const key = mixed(random, ALNUM, 32);
  samples.push(
    { kind: "generic-secret", context: "sentence", secret: key, text: `my api key\uFF1A ${key}` },
    ...fullWidthPassword(random),
    holdingToken(random),
  );
  return samples;
}

function fullWidthPassword(random: Random): SecretSample[] {
  const secret = password(random);
  return [{ kind: "password", context: "sentence", secret, text: `wifi password\uFF1A${secret}` }];
}

/** `secret = "AKIA…/restOfTheSecret99"`: the token and the rest of the value are one secret. */
function holdingToken(random: Random): SecretSample {
  const secret = `AKIA${chars(random, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)}/restOfTheSecret${chars(random, "0123456789", 2)}`;
  return { kind: "generic-secret", context: "code", secret, text: `secret = "${secret}"` };
}

/** A space where both pieces keep a digit (a split key is found by its digits on both sides). */
function splitBySpace(secret: string): string {
  for (let at = Math.floor(secret.length / 2); at < secret.length - 4; at++) {
    const [before, after] = [secret.slice(0, at), secret.slice(at)];
    if (/[0-9]/.test(before) && /[0-9]/.test(after)) return `${before} ${after}`;
  }
  return insertAtMiddle(secret, " ");
}

function insertAtMiddle(secret: string, inserted: string): string {
  const at = Math.floor(secret.length / 2);
  return `${secret.slice(0, at)}${inserted}${secret.slice(at)}`;
}
