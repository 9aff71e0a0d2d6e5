import {
  isPlaceholder,
  looksLikePassword,
  looksLikeRandomKey,
  looksLikeSymbolKey,
  shannonEntropy,
} from "./secret-values.js";
import { type SecretRule, TOKEN_RULES } from "./token-rules.js";

/**
 * Credentials recognisable only by what surrounds them: a keyword ("password", "api_key",
 * "Authorization"), a URL's user-info, a connection string. The secret is the `secret` group, or
 * after a keyword the `quoted` value (between the quotes) or the `bare` one; `accepts`
 * rejects placeholders and ordinary words so that prose about passwords is left alone.
 */
const SEPARATOR = String.raw`["']?\]?\s*(?::=|=>|->|[:=])\s*`;
/** A value: quoted (any text up to the closing quote on the line) or bare (up to a space or delimiter). */
const VALUE = String.raw`(?:(?<quote>["'\x60])(?<quoted>[^"'\x60\n]{1,1000})\k<quote>|(?<bare>[^\s"'\x60,;<>(){}\[\]]{1,200}))`;

const PASSWORD_WORD =
  "(?:password|passwd|passphrase|passcode|(?:db|user|admin|root|smtp|mysql|redis|ftp|sql|mail|email|wifi|login)[_.-]?pass(?:wd)?|pwd)";
/** DB_PASSWORD_HASH, passwordConfirm: a name that still means the password itself (not password_reset_url). */
const PASSWORD_SUFFIX = "(?:[_.-]?(?:hash|value|plain|text|again|confirm(?:ation)?|[0-9]{1,2}))?";
const KEY_WORD =
  "(?:api[_. -]?key|apikey|api[_. -]?secret|access[_. -]?key(?:[_.-]?id)?|secret[_. -]?key|client[_. -]?secret|consumer[_. -]?secret|(?:access|auth|refresh|bearer|session|api|bot|personal[_. -]?access)[_. -]?token|private[_. -]?key|signing[_. -]?key|encryption[_. -]?key|secret|token|credentials?)";

/** A value in a bare token: no trailing sentence punctuation. */
function trimmed(value: string): string {
  return value.replace(/[.,;:?)\]]+$/, "");
}

/** A value named as a secret that holds a vendor's token: `secret = "AKIA…/rest"` is secret whole. */
function holdsToken(value: string): boolean {
  return TOKEN_RULES.some((rule) => {
    rule.pattern.lastIndex = 0;
    const found = rule.pattern.test(value);
    rule.pattern.lastIndex = 0;
    return found;
  });
}

/** A cookie that names a session or carries a random value is a credential: whoever has it is logged in. */
const SESSION_COOKIE = /sess|sid|token|auth|jwt|remember|login|csrf|xsrf|key|secret/i;
function holdsSessionCookie(header: string): boolean {
  return header.split(";").some((pair) => {
    const [name = "", value = ""] = pair.trim().split(/=(.*)/s);
    if (value === "" || isPlaceholder(value)) return false;
    return (
      looksLikeRandomKey(value, 16) || (SESSION_COOKIE.test(name) && /[0-9]/.test(value) && value.length >= 8)
    );
  });
}

export const CONTEXT_RULES: readonly SecretRule[] = [
  {
    kind: "aws-secret-access-key",
    pattern:
      /(?:aws.{0,20}?(?:secret|key)|secret.?access.?key|(?:AKIA|ASIA)[A-Z0-9]{16})[\s\S]{0,60}?(?<![A-Za-z0-9/+])(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/gi,
    accepts: (secret) =>
      [/[A-Z]/, /[a-z]/, /[0-9]/].every((pattern) => pattern.test(secret)) && shannonEntropy(secret) >= 4,
  },
  {
    kind: "twilio-auth-token",
    pattern: /twilio[\s\S]{0,60}?(?<![0-9a-f])(?<secret>[0-9a-f]{32})(?![0-9a-f])/gi,
  },
  {
    kind: "azure-connection-string",
    pattern:
      /(?:AccountKey|SharedAccessKey|SharedAccessSignature|sig)=(?<secret>[A-Za-z0-9+/%=]{20,}?)(?=;|&|"|'|\s|$)/g,
    accepts: (secret) => looksLikeRandomKey(secret, 20),
  },
  {
    kind: "url-password",
    pattern: /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:@/?#'"]{0,64}:(?<secret>[^\s@/?#'"]{1,128})@[^\s@/]/gi,
    accepts: (secret) => !isPlaceholder(secret) && !/^[0-9]{1,5}$/.test(secret),
  },
  {
    kind: "authorization-header",
    pattern:
      /\b(?:authorization|proxy-authorization)["'\x60]?\s*[:=]\s*["'\x60]?(?:bearer|basic|token|bot|digest|apikey)\s+(?<secret>[A-Za-z0-9._~+/=-]{8,})/gi,
    accepts: (secret) => !isPlaceholder(secret),
  },
  {
    kind: "authorization-header",
    pattern:
      /\b(?:x-(?:api-key|auth-token|access-token|api-token)|api-key)["']?\s*:\s*["']?(?<secret>[A-Za-z0-9._~+/=-]{12,})/gi,
    accepts: (secret) => looksLikeRandomKey(secret, 12),
  },
  {
    kind: "authorization-header",
    pattern: /\bbearer\s+(?<secret>[A-Za-z0-9._~+/-]{20,}=*)/gi,
    accepts: (secret) => looksLikeRandomKey(secret, 20),
  },
  {
    kind: "password",
    pattern: new RegExp(`${PASSWORD_WORD}${PASSWORD_SUFFIX}${SEPARATOR}${VALUE}`, "gi"),
    accepts: (secret, quoted) => looksLikePassword(quoted ? secret : trimmed(secret), quoted),
  },
  {
    kind: "password",
    pattern: new RegExp(
      String.raw`\b(?:password|passcode|passphrase|passwd|pin(?:\s+code)?)(?:\s+(?:for|to|of|on|at)\s+[^\n.,;:"]{1,40}?)?\s+(?:is|was|will\s+be|to|=|:)\s+(?:now\s+|still\s+)?(?:set\s+to\s+|changed\s+to\s+)?${VALUE}`,
      "gi",
    ),
    accepts: (secret, quoted) => looksLikePassword(quoted ? secret : trimmed(secret), quoted),
  },
  {
    kind: "password",
    pattern: new RegExp(
      String.raw`(?:密码|密碼|口令|\b(?:passwort|kennwort|mot de passe|contraseña|senha))\s*(?:是|为|為|ist|est|es|é|:|：|=)\s*${VALUE}`,
      "giu",
    ),
    accepts: (secret, quoted) => looksLikePassword(quoted ? secret : trimmed(secret), quoted),
  },
  {
    kind: "generic-secret",
    pattern: new RegExp(
      String.raw`${KEY_WORD}[A-Za-z0-9_.-]{0,20}(?:${SEPARATOR}|\s+(?:is|was)\s+)${VALUE}`,
      "gi",
    ),
    accepts: (secret) =>
      looksLikeRandomKey(trimmed(secret)) || looksLikeSymbolKey(trimmed(secret)) || holdsToken(secret),
  },
  {
    kind: "cookie",
    // The header's name=value pairs, "; " apart ("session=…; theme=dark; HttpOnly"), up to the first other space.
    pattern:
      /(?:\b(?:set-)?cookie["']?\s*[:=]\s*|(?<![^\s])(?:-b|--cookie)\s+)["']?(?<secret>[^\s"';=]{1,100}=[^\s"';]{1,4000}(?:;[ \t]*[^\s"';=]{1,100}(?:=[^\s"';]{0,4000})?){0,50})/gi,
    accepts: holdsSessionCookie,
  },
  {
    // A TOTP seed is base32, shown in groups of four by some apps: "JBSW Y3DP EHPK 3PXP".
    kind: "totp-seed",
    pattern:
      /\b(?:2fa|mfa|totp|otp|authenticator|two[- ]?factor|2-step)\b[^\n]{0,40}?\b(?:secret|seed|key)\b[^\n:=]{0,30}?(?:[:=]|\s+is)\s*["']?(?<secret>[A-Z2-7]{16,}=*|[A-Z2-7]{4}(?: [A-Z2-7]{4}){3,}(?: [A-Z2-7]{1,4})?)(?![A-Z0-9])/gi,
    accepts: (secret) => /[2-7]/.test(secret) && /[A-Z]/i.test(secret),
  },
  // An otpauth:// URL holds the seed: the whole URL is the secret (what a QR code for it encodes).
  {
    kind: "totp-seed",
    pattern: /\botpauth:\/\/[^\s?"'\x60]*\?[^\s"'\x60]*\bsecret=[A-Z2-7]{16,}[^\s"'\x60]*/gi,
  },
];

/** The span of a bare value stops before trailing sentence punctuation. */
export function secretLength(secret: string, quoted: boolean): number {
  return quoted ? secret.length : trimmed(secret).length;
}
