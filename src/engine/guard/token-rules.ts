/**
 * Credentials recognisable by their own shape: a vendor prefix and a fixed alphabet and length
 * (after gitleaks' rule list, kept to the shapes an agent's user is likely to paste). The whole
 * match is the secret. Order matters only for ties: the first rule names a span found twice.
 */
export interface SecretRule {
  /** Kebab-case name of what was found, shown in `[REDACTED:<kind>]` and in errors. */
  kind: string;
  /** A global regex. The secret is the `secret` group when there is one, else the whole match. */
  pattern: RegExp;
  /** Extra judgement of the secret text (a placeholder, an ordinary word); default: accept. */
  accepts?: (secret: string, quoted: boolean) => boolean;
}

/** Not preceded / followed by another token character, so a key is never matched inside a longer word. */
const START = "(?<![A-Za-z0-9_-])";
const END = "(?![A-Za-z0-9_-])";
/** A prefixed key may be followed by "-" or "_" and a word: a name such as `ghp_…-notes` or `AKIA…_old`. */
const PREFIXED_END = "(?![A-Za-z0-9])";

/** A key whose prefix gives it away even glued to the word before it ("tokenghp_…", "keyAKIA…"). */
function token(kind: string, body: string): SecretRule {
  return { kind, pattern: new RegExp(`(?:${body})${PREFIXED_END}`, "g") };
}

/** A key with a short or common prefix, or none: found only where no other token character touches it. */
function standalone(kind: string, body: string): SecretRule {
  return { kind, pattern: new RegExp(`${START}(?:${body})${END}`, "g") };
}

export const TOKEN_RULES: readonly SecretRule[] = [
  {
    kind: "private-key",
    pattern:
      /-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|$)/g,
  },
  { kind: "private-key", pattern: /PuTTY-User-Key-File-\d+:[\s\S]*?(?:Private-MAC: ?[0-9a-f]+|$)/g },
  token("age-secret-key", "AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}"),
  token("anthropic-api-key", "sk-ant-(?:api|admin|oat|sid)[0-9]{2}-[A-Za-z0-9_-]{32,}"),
  token(
    "openai-api-key",
    "sk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{32,}|sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}|sk-[A-Za-z0-9]{48}",
  ),
  standalone("sk-api-key", "sk-(?:or-v1-)?[A-Za-z0-9]{32,}"),
  token("aws-access-key-id", "(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}"),
  token("github-token", "gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{40,255}"),
  token("gitlab-token", "gl(?:pat|ptt|dt|rt|soat|cbt|imt|ft|agent|oas)-[A-Za-z0-9_-]{20,}"),
  token("slack-token", "xox[abeoprs]-(?:[0-9]+-)?[A-Za-z0-9-]{10,}|xapp-[0-9]-[A-Z0-9]+-[0-9]+-[a-z0-9]+"),
  {
    kind: "slack-webhook",
    pattern: /https?:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+/_-]{20,}/g,
  },
  {
    kind: "discord-webhook",
    pattern: /https?:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/[0-9]+\/[A-Za-z0-9_-]{40,}/g,
  },
  token("stripe-key", "(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,99}|whsec_[A-Za-z0-9]{24,}"),
  token("django-secret-key", "django-insecure-[A-Za-z0-9!@#$%^&*(\\-_=+)]{40,}"),
  token("google-api-key", "AIza[0-9A-Za-z_-]{35}"),
  token("google-oauth-secret", "GOCSPX-[A-Za-z0-9_-]{28}|ya29\\.[0-9A-Za-z_-]{30,}"),
  token("jwt", "eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*"),
  token("npm-token", "npm_[A-Za-z0-9]{36}"),
  token("pypi-token", "pypi-Ag[A-Za-z0-9_-]{50,}"),
  token("huggingface-token", "hf_[A-Za-z0-9]{30,}|api_org_[A-Za-z0-9]{30,}"),
  token("sendgrid-api-key", "SG\\.[A-Za-z0-9_-]{20,24}\\.[A-Za-z0-9_-]{39,50}"),
  standalone("twilio-api-key", "SK[0-9a-fA-F]{32}"),
  standalone("telegram-bot-token", "[0-9]{6,12}:A[A-Za-z0-9_-]{34}"),
  standalone("discord-bot-token", "[MNO][A-Za-z0-9_-]{23,27}\\.[A-Za-z0-9_-]{6,7}\\.[A-Za-z0-9_-]{27,40}"),
  standalone("azure-ad-client-secret", "[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}"),
  token("shopify-token", "shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}"),
  token("digitalocean-token", "do[opr]_v1_[a-f0-9]{64}"),
  token("linear-api-key", "lin_api_[A-Za-z0-9]{40}"),
  token("postman-api-key", "PMAK-[a-f0-9]{24}-[a-f0-9]{34}"),
  token("atlassian-api-token", "ATATT3[A-Za-z0-9_=-]{100,}"),
  token("databricks-token", "dapi[a-f0-9]{32}(?:-[0-9])?"),
  token("vault-token", "hv[sb]\\.[A-Za-z0-9_-]{24,}"),
  standalone("terraform-token", "[a-z0-9]{14}\\.atlasv1\\.[a-z0-9_=-]{60,}"),
  token("doppler-token", "dp\\.(?:pt|st|sa|ct|scim|audit)\\.[A-Za-z0-9]{40,44}"),
  token("grafana-token", "glc_[A-Za-z0-9+/]{32,}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}"),
  token("new-relic-key", "NRAK-[A-Z0-9]{27}"),
  token("sentry-token", "sntry[su]_[A-Za-z0-9+/=_-]{40,}"),
  token("groq-api-key", "gsk_[A-Za-z0-9]{48,}"),
  token("replicate-token", "r8_[A-Za-z0-9]{37}"),
  token("xai-api-key", "xai-[A-Za-z0-9]{70,}"),
  token("perplexity-api-key", "pplx-[A-Za-z0-9]{40,}"),
  token("tavily-api-key", "tvly-(?:dev-|prod-)?[A-Za-z0-9]{24,}"),
  token("langsmith-api-key", "lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}"),
  token("supabase-token", "sbp_[a-f0-9]{40}"),
  token("notion-token", "ntn_[A-Za-z0-9]{40,}|secret_[A-Za-z0-9]{43}"),
  token("figma-token", "figd_[A-Za-z0-9_-]{40}"),
  token("docker-hub-token", "dckr_pat_[A-Za-z0-9_-]{27}"),
  standalone("mailgun-api-key", "key-[0-9a-f]{32}"),
  standalone("mailchimp-api-key", "[0-9a-f]{32}-us[0-9]{1,2}"),
  token("square-token", "sq0(?:atp|csp)-[0-9A-Za-z_-]{22,43}|EAAA[A-Za-z0-9_-]{60}"),
  standalone("facebook-token", "EAA[A-Z][A-Za-z0-9]{80,}"),
  token("planetscale-token", "pscale_(?:tkn|pw|oauth)_[A-Za-z0-9=._-]{32,64}"),
  token("heroku-api-key", "HRKU-[A-Za-z0-9_-]{60}"),
  token("pulumi-token", "pul-[a-f0-9]{40}"),
  token("alibaba-access-key-id", "LTAI[A-Za-z0-9]{20}"),
  token("onepassword-token", "ops_eyJ[A-Za-z0-9+/]{100,}={0,3}"),
];
