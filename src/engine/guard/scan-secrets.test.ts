import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { seededRandom } from "../../testing/seeded-random.js";
import { secretCorpus } from "../../testing/test-secret-corpus.js";
import { TOKEN_SHAPES } from "../../testing/test-secret-shapes.js";
import { redactSecrets, SECRET_KINDS, scanForSecrets } from "./scan-secrets.js";

const corpus = secretCorpus();

/** Every 8-character piece of the secret: none may survive redaction (unless the text around it has it too, like "https://"). */
function piecesOf(secret: string): string[] {
  if (secret.length <= 8) return [secret];
  return Array.from({ length: secret.length - 7 }, (_, index) => secret.slice(index, index + 8));
}

describe("the recall corpus", () => {
  test("has at least 200 fake secrets, of every kind the scanner reports, in six kinds of context", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200);
    expect(new Set(corpus.map((sample) => sample.kind))).toEqual(new Set(SECRET_KINDS));
    expect(new Set(corpus.map((sample) => sample.context))).toEqual(
      new Set(["sentence", "code", "json", "env", "yaml", "shell"]),
    );
  });

  test("every secret is found, under its own kind, and redaction leaves no piece of it", () => {
    const missed = corpus.filter((sample) => {
      const at = sample.text.indexOf(sample.secret);
      const findings = scanForSecrets(sample.text);
      const covered = findings.some(
        (finding) => finding.start <= at && finding.end >= at + sample.secret.length,
      );
      const redacted = redactSecrets(sample.text).text;
      const around = sample.text.replace(sample.secret, "");
      const leaked = piecesOf(sample.secret).some(
        (piece) => redacted.includes(piece) && !around.includes(piece),
      );
      return !covered || leaked || !findings.some((finding) => finding.kind === sample.kind);
    });
    expect(missed.map((sample) => `${sample.kind} in ${sample.context}: ${sample.text}`)).toEqual([]);
  });
});

describe("scanForSecrets and redactSecrets", () => {
  test("the issue's example: an AWS key id and a GitHub token, each replaced by its kind", () => {
    const text = "deploy with AKIAQWERTYUIOPASDFGH and ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A";
    expect(redactSecrets(text).text).toBe(
      "deploy with [REDACTED:aws-access-key-id] and [REDACTED:github-token]",
    );
  });

  test("a password after a keyword or in prose; the keyword stays, only the value goes", () => {
    expect(redactSecrets("password: hunter2!").text).toBe("password: [REDACTED:password]");
    expect(redactSecrets("my password is Tr0ub4dor&3.").text).toBe("my password is [REDACTED:password].");
    expect(redactSecrets('API_KEY="a8Fk29dKs02LmQp93ZxVb71N"').text).toBe(
      'API_KEY="[REDACTED:generic-secret]"',
    );
  });

  test.each([
    "The password is too long for the form.",
    "I forgot my password: it was my dog's name",
    "Password: required",
    `export OPENAI_API_KEY=${"$"}{OPENAI_API_KEY}`,
    'password: "<your password here>"',
    "tokenizer = AutoTokenizer.from_pretrained(model_name)",
    "The secret is to add salt before the butter.",
    "key = C:\\Users\\dan\\keys\\service-379922-9d9af53bf1a0.json",
    "See https://example.com/docs?page=2 for the API key setup.",
    "My PIN is in the safe.",
  ])("leaves ordinary text alone: %s", (text) => {
    expect(scanForSecrets(text)).toEqual([]);
  });

  test.each([
    "password: ".repeat(2000),
    "password for a b c d e f g h is ".repeat(600),
    `${"AKIA".padEnd(20, "A")} `.repeat(900),
    "-----BEGIN PRIVATE KEY-----".repeat(700),
    "api key is ".repeat(1800),
    "x://a:".repeat(3300),
  ])(
    "scans 20,000 characters of repeated bait in well under a second (no catastrophic backtracking)",
    (text) => {
      const started = performance.now();
      scanForSecrets(text);
      expect(performance.now() - started).toBeLessThan(1000);
    },
  );

  test.prop([fc.string({ maxLength: 300 })], { numRuns: 300 })(
    "redacted text holds no secret any more, and text without secrets is returned unchanged",
    (text) => {
      const { text: redacted, findings } = redactSecrets(text);
      expect(scanForSecrets(redacted)).toEqual([]);
      if (findings.length === 0) expect(redacted).toBe(text);
    },
  );

  test.prop(
    [
      fc.integer({ min: 0, max: TOKEN_SHAPES.length - 1 }),
      fc.integer(),
      fc.stringMatching(/^[a-z ,.]{0,40}$/),
      fc.stringMatching(/^[a-z ,.]{0,40}$/),
    ],
    { numRuns: 300 },
  )("a token of any covered shape is found wherever it sits in prose", (shape, seed, before, after) => {
    const secret = TOKEN_SHAPES[shape]?.make(seededRandom(seed)) ?? "";
    const text = `${before} ${secret} ${after}`;
    const findings = scanForSecrets(text);
    expect(findings.some((finding) => text.slice(finding.start, finding.end).includes(secret))).toBe(true);
    for (const [index, finding] of findings.entries()) {
      expect(finding.start).toBeLessThan(finding.end);
      expect(finding.start).toBeGreaterThanOrEqual(findings[index - 1]?.end ?? 0);
    }
  });
});
