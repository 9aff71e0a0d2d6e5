/**
 * Fake credentials of the right shape, made from a seeded random so that every run sees the same
 * ones. None is a real key: each is random characters behind a vendor's documented prefix.
 */
export type Random = () => number;

export const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const UPPER_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
export const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const HEX = "0123456789abcdef";
export const BASE64 = `${ALNUM}+/`;
export const URL_SAFE = `${ALNUM}_-`;
/** What Django's startproject draws a SECRET_KEY from. */
export const DJANGO_KEY = "abcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*(-_=+)";
export const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function chars(random: Random, alphabet: string, length: number): string {
  let text = "";
  for (let index = 0; index < length; index++) text += alphabet[Math.floor(random() * alphabet.length)];
  return text;
}

/** Random characters holding at least one digit, one lower-case and one upper-case letter (when the alphabet has them). */
export function mixed(random: Random, alphabet: string, length: number): string {
  for (;;) {
    const text = chars(random, alphabet, length);
    const needs = [/[0-9]/, /[a-z]/, /[A-Z]/].filter((pattern) => pattern.test(alphabet));
    if (needs.every((pattern) => pattern.test(text))) return text;
  }
}

const base64Url = (text: string) => Buffer.from(text).toString("base64url");

/** One shape per entry: the kind the scanner should report, and a maker of fake secrets. */
export const TOKEN_SHAPES: ReadonlyArray<{ kind: string; make: (random: Random) => string }> = [
  {
    kind: "age-secret-key",
    make: (r) => `AGE-SECRET-KEY-1${chars(r, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)}`,
  },
  { kind: "anthropic-api-key", make: (r) => `sk-ant-api03-${mixed(r, URL_SAFE, 93)}AA` },
  { kind: "anthropic-api-key", make: (r) => `sk-ant-admin01-${mixed(r, URL_SAFE, 93)}AA` },
  { kind: "openai-api-key", make: (r) => `sk-proj-${mixed(r, URL_SAFE, 156)}` },
  { kind: "openai-api-key", make: (r) => `sk-svcacct-${mixed(r, URL_SAFE, 120)}` },
  { kind: "openai-api-key", make: (r) => `sk-${mixed(r, ALNUM, 20)}T3BlbkFJ${mixed(r, ALNUM, 20)}` },
  { kind: "sk-api-key", make: (r) => `sk-${mixed(r, HEX, 32)}` },
  { kind: "sk-api-key", make: (r) => `sk-or-v1-${mixed(r, HEX, 64)}` },
  { kind: "aws-access-key-id", make: (r) => `AKIA${chars(r, UPPER_DIGITS, 16)}` },
  { kind: "aws-access-key-id", make: (r) => `ASIA${chars(r, UPPER_DIGITS, 16)}` },
  ...["ghp", "gho", "ghu", "ghs", "ghr"].map((prefix) => ({
    kind: "github-token",
    make: (r: Random) => `${prefix}_${mixed(r, ALNUM, 36)}`,
  })),
  { kind: "github-token", make: (r) => `github_pat_11${mixed(r, ALNUM, 20)}_${mixed(r, ALNUM, 59)}` },
  { kind: "gitlab-token", make: (r) => `glpat-${mixed(r, URL_SAFE, 20)}` },
  {
    kind: "slack-token",
    make: (r) => `xoxb-${chars(r, "0123456789", 12)}-${chars(r, "0123456789", 13)}-${mixed(r, ALNUM, 24)}`,
  },
  {
    kind: "slack-token",
    make: (r) =>
      `xoxp-${chars(r, "0123456789", 12)}-${chars(r, "0123456789", 12)}-${chars(r, "0123456789", 13)}-${chars(r, HEX, 32)}`,
  },
  {
    kind: "slack-webhook",
    make: (r) =>
      `https://hooks.slack.com/services/T${chars(r, UPPER_DIGITS, 8)}/B${chars(r, UPPER_DIGITS, 10)}/${mixed(r, ALNUM, 24)}`,
  },
  {
    kind: "discord-webhook",
    make: (r) => `https://discord.com/api/webhooks/${chars(r, "0123456789", 18)}/${mixed(r, URL_SAFE, 68)}`,
  },
  { kind: "stripe-key", make: (r) => `sk_live_${mixed(r, ALNUM, 99)}` },
  { kind: "stripe-key", make: (r) => `rk_live_${mixed(r, ALNUM, 24)}` },
  { kind: "stripe-key", make: (r) => `sk_test_${mixed(r, ALNUM, 24)}` },
  { kind: "stripe-key", make: (r) => `whsec_${mixed(r, ALNUM, 32)}` },
  { kind: "django-secret-key", make: (r) => `django-insecure-${mixed(r, DJANGO_KEY, 50)}` },
  { kind: "google-api-key", make: (r) => `AIza${mixed(r, URL_SAFE, 35)}` },
  { kind: "google-oauth-secret", make: (r) => `GOCSPX-${mixed(r, URL_SAFE, 28)}` },
  {
    kind: "jwt",
    make: (r) =>
      `${base64Url('{"alg":"HS256","typ":"JWT"}')}.${base64Url(`{"sub":"${chars(r, "0123456789", 10)}","name":"Ada","iat":1516239022}`)}.${mixed(r, URL_SAFE, 43)}`,
  },
  { kind: "npm-token", make: (r) => `npm_${mixed(r, ALNUM, 36)}` },
  { kind: "pypi-token", make: (r) => `pypi-AgEIcHlwaS5vcmc${mixed(r, URL_SAFE, 70)}` },
  { kind: "huggingface-token", make: (r) => `hf_${mixed(r, LETTERS, 34)}` },
  { kind: "sendgrid-api-key", make: (r) => `SG.${mixed(r, URL_SAFE, 22)}.${mixed(r, URL_SAFE, 43)}` },
  { kind: "twilio-api-key", make: (r) => `SK${mixed(r, HEX, 32)}` },
  { kind: "telegram-bot-token", make: (r) => `${chars(r, "123456789", 10)}:AA${mixed(r, URL_SAFE, 33)}` },
  {
    kind: "discord-bot-token",
    make: (r) => `MT${mixed(r, ALNUM, 24)}.G${mixed(r, URL_SAFE, 5)}.${mixed(r, URL_SAFE, 38)}`,
  },
  { kind: "azure-ad-client-secret", make: (r) => `${mixed(r, ALNUM, 3)}8Q~${mixed(r, `${ALNUM}_~.-`, 34)}` },
  { kind: "shopify-token", make: (r) => `shpat_${mixed(r, HEX, 32)}` },
  { kind: "digitalocean-token", make: (r) => `dop_v1_${mixed(r, HEX, 64)}` },
  { kind: "linear-api-key", make: (r) => `lin_api_${mixed(r, ALNUM, 40)}` },
  { kind: "postman-api-key", make: (r) => `PMAK-${mixed(r, HEX, 24)}-${mixed(r, HEX, 34)}` },
  { kind: "atlassian-api-token", make: (r) => `ATATT3xFfGF0${mixed(r, URL_SAFE, 180)}` },
  { kind: "databricks-token", make: (r) => `dapi${mixed(r, HEX, 32)}` },
  { kind: "vault-token", make: (r) => `hvs.${mixed(r, URL_SAFE, 90)}` },
  {
    kind: "terraform-token",
    make: (r) =>
      `${chars(r, "abcdefghijklmnopqrstuvwxyz0123456789", 14)}.atlasv1.${chars(r, "abcdefghijklmnopqrstuvwxyz0123456789", 67)}`,
  },
  { kind: "doppler-token", make: (r) => `dp.pt.${mixed(r, ALNUM, 43)}` },
  { kind: "grafana-token", make: (r) => `glsa_${mixed(r, ALNUM, 32)}_${mixed(r, HEX, 8)}` },
  { kind: "new-relic-key", make: (r) => `NRAK-${chars(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 27)}` },
  { kind: "sentry-token", make: (r) => `sntrys_${mixed(r, ALNUM, 120)}` },
  { kind: "groq-api-key", make: (r) => `gsk_${mixed(r, ALNUM, 52)}` },
  { kind: "replicate-token", make: (r) => `r8_${mixed(r, ALNUM, 37)}` },
  { kind: "xai-api-key", make: (r) => `xai-${mixed(r, ALNUM, 80)}` },
  { kind: "perplexity-api-key", make: (r) => `pplx-${mixed(r, ALNUM, 48)}` },
  { kind: "tavily-api-key", make: (r) => `tvly-dev-${mixed(r, ALNUM, 32)}` },
  { kind: "langsmith-api-key", make: (r) => `lsv2_pt_${mixed(r, HEX, 32)}_${mixed(r, HEX, 10)}` },
  { kind: "supabase-token", make: (r) => `sbp_${mixed(r, HEX, 40)}` },
  { kind: "notion-token", make: (r) => `ntn_${mixed(r, ALNUM, 46)}` },
  { kind: "figma-token", make: (r) => `figd_${mixed(r, URL_SAFE, 40)}` },
  { kind: "docker-hub-token", make: (r) => `dckr_pat_${mixed(r, URL_SAFE, 27)}` },
  { kind: "mailgun-api-key", make: (r) => `key-${mixed(r, HEX, 32)}` },
  { kind: "mailchimp-api-key", make: (r) => `${mixed(r, HEX, 32)}-us14` },
  { kind: "square-token", make: (r) => `sq0atp-${mixed(r, URL_SAFE, 22)}` },
  { kind: "facebook-token", make: (r) => `EAAB${mixed(r, ALNUM, 150)}` },
  { kind: "planetscale-token", make: (r) => `pscale_tkn_${mixed(r, URL_SAFE, 43)}` },
  { kind: "heroku-api-key", make: (r) => `HRKU-${mixed(r, URL_SAFE, 60)}` },
  { kind: "pulumi-token", make: (r) => `pul-${mixed(r, HEX, 40)}` },
  { kind: "alibaba-access-key-id", make: (r) => `LTAI${mixed(r, ALNUM, 20)}` },
  { kind: "onepassword-token", make: (r) => `ops_eyJ${mixed(r, BASE64.replace("+", ""), 260)}` },
];

const PEM_FLAVOURS = ["RSA ", "EC ", "DSA ", "OPENSSH ", "ENCRYPTED ", ""];

/** PEM private key blocks of every flavour, and a PGP private key block. */
export function privateKeyBlocks(random: Random): string[] {
  const body = () =>
    Array.from({ length: 4 }, () => chars(random, BASE64, 64))
      .join("\n")
      .concat(`\n${chars(random, BASE64, 20)}==`);
  const pem = PEM_FLAVOURS.map(
    (flavour) => `-----BEGIN ${flavour}PRIVATE KEY-----\n${body()}\n-----END ${flavour}PRIVATE KEY-----`,
  );
  const pgp = `-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n${body()}\n=${chars(random, BASE64, 4)}\n-----END PGP PRIVATE KEY BLOCK-----`;
  return [...pem, pgp];
}

/** A password as people make them: a word, digits and a symbol, never ending in sentence punctuation. */
export function password(random: Random): string {
  const words = ["Tr0ub4dor", "correcthorse", "Sunflower", "dragon", "Maple", "Kestrel", "blue-Otter"];
  const word = words[Math.floor(random() * words.length)] ?? "Maple";
  return `${word}${chars(random, "!#$%^&*-_+=~", 1)}${chars(random, "0123456789", 3)}${chars(random, "!#$%&*", 1)}`;
}

/** A passphrase of plain lower-case words run together, as people pick them: "correcthorsebattery". */
export function passphrase(random: Random): string {
  const words = [
    "correct",
    "horse",
    "battery",
    "staple",
    "purple",
    "monkey",
    "dishwasher",
    "maple",
    "kettle",
  ];
  const pick = () => words[Math.floor(random() * words.length)] ?? "maple";
  return `${pick()}${pick()}${pick()}`;
}
