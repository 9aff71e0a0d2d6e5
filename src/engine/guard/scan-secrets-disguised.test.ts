import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { seededRandom } from "../../testing/seeded-random.js";
import { TOKEN_SHAPES } from "../../testing/test-secret-shapes.js";
import { mergeFindings, redactSecrets, scanForSecrets } from "./scan-secrets.js";

/**
 * Issue 26 point 9: secrets that got through before, and issue 27's planted bug (overlapping finds
 * merged to the later find's end instead of the furthest one, which leaves a secret's tail in clear).
 */
const GITHUB_TOKEN = "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A";

describe("secrets that got through before", () => {
  test.each([
    ["The wifi password: correcthorsebattery", "The wifi password: [REDACTED:password]"],
    ["my password is purplemonkeydishwasher.", "my password is [REDACTED:password]."],
    [
      "SECRET_KEY = 'django-insecure-8f#k2!x$w@9q^z*m(p)3v+e&r7t-u_y=i0o1a2s3d4f5g6h7j8'",
      "SECRET_KEY = '[REDACTED:django-secret-key]'",
    ],
    [
      `SECRET_KEY = "k2!x$w@9q^z*m(p)3v+e&r7t-u_y=i0o1a2s3d4f5g6h7j8kq"`,
      `SECRET_KEY = "[REDACTED:generic-secret]"`,
    ],
    ["DD_API_KEY=4aca2a476dfaf580da42b1ddb40727dd", "DD_API_KEY=[REDACTED:generic-secret]"],
    [
      "Cookie: session=eyJhbGciOi8dk2Ls9aQ0pXz7Vb3N; theme=dark and then the page loaded",
      "Cookie: [REDACTED:cookie] and then the page loaded",
    ],
    ["2FA secret for github: JBSWY3DPEHPK3PXP", "2FA secret for github: [REDACTED:totp-seed]"],
    ["authenticator key is JBSW Y3DP EHPK 3PXP.", "authenticator key is [REDACTED:totp-seed]."],
    [`token ${GITHUB_TOKEN.slice(0, 20)} ${GITHUB_TOKEN.slice(20)} ok`, "token [REDACTED:github-token] ok"],
    [
      `token ${GITHUB_TOKEN.slice(0, 20)}\u200B${GITHUB_TOKEN.slice(20)} ok`,
      "token [REDACTED:github-token] ok",
    ],
    [`mytoken${GITHUB_TOKEN}`, "mytoken[REDACTED:github-token]"],
    ["api key\uFF1A a8Fk29dKs02LmQp93ZxVb71N", "api key\uFF1A [REDACTED:generic-secret]"],
    ["password\uFF1Ahunter2!x", "password\uFF1A[REDACTED:password]"],
    [`blob ${Buffer.from(GITHUB_TOKEN).toString("base64")} end`, "blob [REDACTED:github-token] end"],
    [`blob 0x${Buffer.from(GITHUB_TOKEN).toString("hex")} end`, "blob [REDACTED:github-token] end"],
    [`secret = "AKIAQWERTYUIOPASDFGH/restOfTheSecret99"`, `secret = "[REDACTED:generic-secret]"`],
  ])("%j", (text, expected) => {
    expect(redactSecrets(text).text).toBe(expected);
  });

  test.each([
    ["Cookie: sid=a1b2c3d4", "Cookie: [REDACTED:cookie]"],
    ["Cookie: theme=dark; sid=a1b2c3d4e5; lang=en HttpOnly", "Cookie: [REDACTED:cookie] HttpOnly"],
    ["curl -b 'prefs=Zq81mXk2Lp09vBn4Tr7w' https://x", "curl -b '[REDACTED:cookie]' https://x"],
    ["Cookie: sid=abcdefgh; theme=dark", undefined],
    ["Cookie: sid=a1b2c3d; theme=dark", undefined],
    [`Cookie: sid=\${SESSION_ID1}; theme=dark`, undefined],
    ["Cookie: sid=; prefs=short1", undefined],
    ["2FA code for github: 2222 3333 4444 5555", undefined],
    ["2FA secret for github: ABCDEFGHIJKLMNOP", undefined],
    ["SECRET_KEY=k2!x$w@9q^z*m+3v+e&r7t-u_y=i0o1a2s3d4f5g6h7j8kq", "SECRET_KEY=[REDACTED:generic-secret]"],
  ])("cookies, TOTP seeds and bare symbol keys: %j", (text, expected) => {
    expect(redactSecrets(text).text).toBe(expected ?? text);
  });

  test.each([
    "The cookie: chocolate chip, baked at 180 degrees.",
    "Set a 2FA key on the account, then try again.",
    "The password is complicated and I always forget it.",
    "password: incorrect",
    "Order 1234 5678 shipped on 2023 10 12.",
    "git checkout 4f2a9c1 and 9b8e7d6 both build",
    "The checksum is 9e107d9d372bb6826bd81d3542a419d6 for that file.",
    "key = C:\\Users\\dan\\Desktop\\caramel-base-379922-9d9af53bf1a0.json",
  ])("ordinary text stays as it is: %s", (text) => {
    expect(scanForSecrets(text)).toEqual([]);
  });
});

describe("overlapping finds (issue 27)", () => {
  const find = (kind: string, start: number, end: number, order = 0) => ({ kind, start, end, order });

  test("a find inside a longer one keeps the longer one's end: the tail is not left in clear", () => {
    expect(mergeFindings([find("password", 0, 40), find("aws-access-key-id", 0, 20, 1)])).toEqual([
      { kind: "password", start: 0, end: 40 },
    ]);
    expect(mergeFindings([find("password", 0, 40), find("jwt", 10, 20)])).toEqual([
      { kind: "password", start: 0, end: 40 },
    ]);
  });

  test("finds that overlap become one span to the furthest end, in any order given", () => {
    const merged = [{ kind: "a", start: 0, end: 15 }];
    expect(mergeFindings([find("a", 0, 10), find("b", 5, 15)])).toEqual(merged);
    expect(mergeFindings([find("b", 5, 15), find("a", 0, 10)])).toEqual(merged);
    expect(mergeFindings([find("a", 0, 10), find("b", 5, 15), find("c", 12, 30), find("d", 14, 20)])).toEqual(
      [{ kind: "a", start: 0, end: 30 }],
    );
  });

  test("finds that only touch stay apart; on the same span the first rule names it", () => {
    expect(mergeFindings([find("b", 5, 9), find("a", 0, 5)])).toEqual([
      { kind: "a", start: 0, end: 5 },
      { kind: "b", start: 5, end: 9 },
    ]);
    expect(mergeFindings([find("later", 0, 9, 3), find("earlier", 0, 9, 1)])).toEqual([
      { kind: "earlier", start: 0, end: 9 },
    ]);
    expect(mergeFindings([find("short", 0, 5), find("long", 0, 9, 2)])).toEqual([
      { kind: "long", start: 0, end: 9 },
    ]);
  });

  test("a password holding a token is redacted whole, through the scanner", () => {
    const text = `db password = "${GITHUB_TOKEN}/and-the-rest-of-it-42" # prod`;
    expect(redactSecrets(text).text).toBe(`db password = "[REDACTED:password]" # prod`);
  });

  test.prop([
    fc.integer({ min: 0, max: TOKEN_SHAPES.length - 1 }),
    fc.integer(),
    fc.stringMatching(/^[a-z0-9]{4,20}$/),
  ])(
    "a quoted value holding any token, with more after it, leaves nothing of either",
    (shape, seed, tail) => {
      const token = TOKEN_SHAPES[shape]?.make(seededRandom(seed)) ?? "";
      const text = `secret = "${token}/${tail}"`;
      expect(redactSecrets(text).text).toBe(`secret = "[REDACTED:${redactSecrets(text).findings[0]?.kind}]"`);
    },
  );
});

describe("any covered token, disguised", () => {
  const token = fc
    .tuple(fc.integer({ min: 0, max: TOKEN_SHAPES.length - 1 }), fc.integer())
    .map(([shape, seed]) => TOKEN_SHAPES[shape]?.make(seededRandom(seed)) ?? "");

  /** Found, and redaction leaves no 8 characters of it. */
  function expectGone(text: string, secret: string) {
    const redacted = redactSecrets(text).text;
    const pieces = Array.from({ length: Math.max(1, secret.length - 7) }, (_, at) =>
      secret.slice(at, at + 8),
    );
    expect(pieces.filter((piece) => redacted.includes(piece))).toEqual([]);
  }

  test.prop([token, fc.nat(), fc.constantFrom("\u200B", "\u200C", "\u200D", "\u2060", "\uFEFF", "\u00AD")])(
    "with an invisible character anywhere inside",
    (secret, at, invisible) => {
      const cut = 1 + (at % (secret.length - 1));
      expectGone(`use ${secret.slice(0, cut)}${invisible}${secret.slice(cut)} now`, secret);
    },
  );

  /** The run of key characters that ends (or starts) at the cut: a piece the scanner joins when it holds a digit. */
  const KEY_PIECE_BEFORE = /[A-Za-z0-9_+/=.~-]*$/;
  const KEY_PIECE_AFTER = /^[A-Za-z0-9_+/=.~-]*/;
  const joinable = (piece: string) => piece.length >= 4 && /[0-9]/.test(piece);

  test.prop([token, fc.nat(), fc.constantFrom(" ", "  ", "\t")])(
    "split by a space or two where the pieces on both sides hold a digit",
    (secret, at, space) => {
      const cuts = Array.from(secret, (_, cut) => cut).filter(
        (cut) =>
          joinable(KEY_PIECE_BEFORE.exec(secret.slice(0, cut))?.[0] ?? "") &&
          joinable(KEY_PIECE_AFTER.exec(secret.slice(cut))?.[0] ?? ""),
      );
      fc.pre(cuts.length > 0);
      const cut = cuts[at % cuts.length] as number;
      expectGone(`use ${secret.slice(0, cut)}${space}${secret.slice(cut)} now`, secret);
    },
  );

  /** Keys with no prefix of their own, or one that ends common words ("task-", "monkey-"), must stand apart. */
  const STANDALONE = new Set([
    "sk-api-key",
    "twilio-api-key",
    "telegram-bot-token",
    "discord-bot-token",
    "azure-ad-client-secret",
    "mailchimp-api-key",
    "mailgun-api-key",
    "facebook-token",
    "terraform-token",
  ]);
  const prefixedToken = fc
    .tuple(fc.constantFrom(...TOKEN_SHAPES.filter((shape) => !STANDALONE.has(shape.kind))), fc.integer())
    .map(([shape, seed]) => shape.make(seededRandom(seed)));

  test.prop([prefixedToken, fc.stringMatching(/^[A-Za-z]{1,12}$/)])(
    "glued to the word before it, when its prefix gives it away",
    (secret, word) => {
      expectGone(`it is ${word}${secret} now`, secret);
    },
  );

  test.prop([prefixedToken, fc.constantFrom("-", "_"), fc.stringMatching(/^[a-z0-9]{1,12}$/)])(
    "followed by a hyphen or an underscore and a word, as in a file name or a session id, when its prefix gives it away",
    (secret, joiner, word) => {
      expectGone(`topics/${secret}${joiner}${word}.md`, secret);
    },
  );

  test.prop([token, fc.constantFrom("base64", "base64url", "hex")])(
    "base64- or hex-encoded",
    (secret, encoding) => {
      const encoded = Buffer.from(secret).toString(encoding);
      expect(scanForSecrets(`blob: ${encoded}`)).toHaveLength(1);
    },
  );
});
