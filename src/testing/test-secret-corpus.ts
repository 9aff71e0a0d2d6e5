import { seededRandom } from "./seeded-random.js";
import { disguisedSamples } from "./test-disguised-secrets.js";
import {
  ALNUM,
  BASE32,
  BASE64,
  chars,
  DJANGO_KEY,
  HEX,
  mixed,
  passphrase,
  password,
  privateKeyBlocks,
  type Random,
  TOKEN_SHAPES,
} from "./test-secret-shapes.js";

/**
 * The secret guard's recall corpus: fake credentials of every shape it covers, embedded in what
 * people paste into a chat (a sentence, code, JSON, a .env line, YAML, a shell command). `secret`
 * is the exact text as it appears in `text`, which the guard must find and redact entirely.
 */
export interface SecretSample {
  kind: string;
  /** sentence, code, json, env, yaml, shell. */
  context: string;
  secret: string;
  text: string;
}

type Template = { context: string; render: (secret: string) => string };

/** Where a token with a recognisable prefix is pasted; each shape gets four of these, in turn. */
const TOKEN_TEMPLATES: Template[] = [
  { context: "sentence", render: (s) => `Deploy with ${s} before Friday; it expires next month.` },
  { context: "env", render: (s) => `export SERVICE_CREDENTIAL=${s}` },
  { context: "json", render: (s) => `{"name": "ci", "value": "${s}", "scopes": ["read"]}` },
  { context: "yaml", render: (s) => `settings:\n  upstream: ${s}\n  retries: 3\n` },
  { context: "code", render: (s) => `const client = new Client("${s}");\nawait client.ping();` },
  { context: "shell", render: (s) => `curl https://api.example.com/v1/me -d key=${s} -X POST` },
  { context: "sentence", render: (s) => `Remember that the staging one is ${s}, rotate it monthly.` },
];

const PEM_TEMPLATES: Array<Template & { escape?: (pem: string) => string }> = [
  { context: "sentence", render: (s) => `Here is the deploy key:\n${s}\nkeep it safe.` },
  {
    context: "json",
    escape: (pem) => JSON.stringify(pem).slice(1, -1),
    render: (s) => `{"type": "service_account", "private_key": "${s}", "client_email": "ci@proj.iam"}`,
  },
  {
    context: "yaml",
    escape: (pem) => pem.replace(/\n/g, "\n    "),
    render: (s) => `tls:\n  key: |\n    ${s}\n  port: 443\n`,
  },
  {
    context: "shell",
    render: (s) => `cat > ~/.ssh/id_deploy <<'EOF'\n${s}\nEOF\nchmod 600 ~/.ssh/id_deploy`,
  },
];

/** A cookie's value: letters, digits, "_", "-" and "." (base64url and signed session ids). */
const URL_SAFE_COOKIE = `${ALNUM}_-.`;

/** Secrets named by what surrounds them: each kind with its own templates. */
const CONTEXT_SAMPLES: Array<{ kind: string; make: (random: Random) => string; templates: Template[] }> = [
  {
    kind: "aws-secret-access-key",
    make: (r) => mixed(r, BASE64, 40),
    templates: [
      { context: "env", render: (s) => `AWS_SECRET_ACCESS_KEY=${s}` },
      {
        context: "code",
        render: (s) => `[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = ${s}`,
      },
      { context: "json", render: (s) => `{"AccessKeyId": "ASIAEXAMPLE", "SecretAccessKey": "${s}"}` },
      { context: "shell", render: (s) => `aws configure set aws_secret_access_key ${s}` },
      { context: "sentence", render: (s) => `The AWS secret key is ${s} for the backup bucket.` },
    ],
  },
  {
    kind: "twilio-auth-token",
    make: (r) => mixed(r, HEX, 32),
    templates: [
      { context: "env", render: (s) => `TWILIO_AUTH_TOKEN=${s}` },
      { context: "sentence", render: (s) => `Our Twilio auth token is ${s} (the SMS account).` },
      { context: "json", render: (s) => `{"twilio": {"sid": "AC123", "authToken": "${s}"}}` },
    ],
  },
  {
    kind: "azure-connection-string",
    make: (r) => `${mixed(r, BASE64, 86)}==`,
    templates: [
      {
        context: "env",
        render: (s) =>
          `AZURE_STORAGE=DefaultEndpointsProtocol=https;AccountName=photos;AccountKey=${s};EndpointSuffix=core.windows.net`,
      },
      {
        context: "json",
        render: (s) =>
          `{"ServiceBus": "Endpoint=sb://shop.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey=${s}"}`,
      },
      {
        context: "sentence",
        render: (s) => `The blob store connection string ends with AccountKey=${s}; do not share it.`,
      },
    ],
  },
  {
    kind: "url-password",
    make: (r) => `${mixed(r, ALNUM, 10)}${chars(r, "!$%^&*-_+=~", 2)}${chars(r, "0123456789", 2)}`,
    templates: [
      { context: "env", render: (s) => `DATABASE_URL=postgres://app:${s}@db.internal:5432/prod` },
      {
        context: "code",
        render: (s) => `client = MongoClient("mongodb+srv://admin:${s}@cluster0.abcde.mongodb.net")`,
      },
      { context: "shell", render: (s) => `git clone https://deploy:${s}@git.example.com/team/repo.git` },
      { context: "yaml", render: (s) => `cache:\n  url: redis://:${s}@cache:6379/0\n` },
      { context: "sentence", render: (s) => `The broker is at amqp://guest:${s}@rabbit.local/ now.` },
    ],
  },
  {
    kind: "authorization-header",
    make: (r) => mixed(r, `${ALNUM}._-`, 40),
    templates: [
      {
        context: "shell",
        render: (s) => `curl -H 'Authorization: Bearer ${s}' https://api.example.com/v1/items`,
      },
      { context: "code", render: (s) => `headers = {"Authorization": "Token ${s}"}` },
      { context: "code", render: (s) => `fetch(url, { headers: { Authorization: \`Bearer ${s}\` } });` },
      { context: "shell", render: (s) => `http GET api.example.com x-api-key:${s}` },
      { context: "sentence", render: (s) => `Use the header Authorization: Basic ${s} for the old API.` },
    ],
  },
  {
    kind: "password",
    make: password,
    templates: [
      { context: "yaml", render: (s) => `database:\n  user: app\n  password: ${s}\n` },
      { context: "env", render: (s) => `DB_PASSWORD=${s}` },
      { context: "json", render: (s) => `{"username": "ada", "password": "${s}"}` },
      { context: "sentence", render: (s) => `My password is ${s} if you need to log in.` },
      { context: "sentence", render: (s) => `The wifi password for the cabin is ${s}.` },
      { context: "shell", render: (s) => `mysql -u root --password=${s} shop < dump.sql` },
      { context: "env", render: (s) => `PGPASSWORD='${s}' psql -h db -U app` },
      { context: "code", render: (s) => `smtp_pass = "${s}"` },
      { context: "sentence", render: (s) => `passphrase: ${s}` },
      { context: "sentence", render: (s) => `I changed my bank password to ${s} yesterday.` },
      { context: "sentence", render: (s) => `我的邮箱密码是 ${s}，别忘了。` },
      { context: "sentence", render: (s) => `Das WLAN-Passwort ist ${s} für die Gäste.` },
      { context: "sentence", render: (s) => `Le mot de passe est ${s} pour le serveur.` },
    ],
  },
  {
    kind: "password",
    make: (r) => chars(r, "0123456789", 6),
    templates: [{ context: "sentence", render: (s) => `The PIN for the alarm is ${s}, please remember it.` }],
  },
  {
    kind: "password",
    make: passphrase,
    templates: [
      { context: "sentence", render: (s) => `The wifi password: ${s}` },
      { context: "sentence", render: (s) => `my netflix password is ${s} so use that` },
      { context: "env", render: (s) => `WIFI_PASSWORD=${s}` },
    ],
  },
  {
    kind: "generic-secret",
    make: (r) => mixed(r, HEX, 32),
    templates: [
      { context: "env", render: (s) => `DD_API_KEY=${s}` },
      { context: "yaml", render: (s) => `datadog:\n  api_key: ${s}\n` },
    ],
  },
  {
    kind: "generic-secret",
    make: (r) => mixed(r, DJANGO_KEY, 50),
    templates: [
      { context: "code", render: (s) => `SECRET_KEY = '${s}'` },
      { context: "code", render: (s) => `app.config["SECRET_KEY"] = "${s}"` },
    ],
  },
  {
    kind: "cookie",
    make: (r) => mixed(r, URL_SAFE_COOKIE, 40),
    templates: [
      {
        context: "shell",
        render: (s) => `curl -H "Cookie: session=${s}; theme=dark" https://app.example.com/me`,
      },
      { context: "shell", render: (s) => `curl -b 'sessionid=${s}' https://app.example.com/api` },
      { context: "code", render: (s) => `document.cookie = "auth_token=${s}; path=/";` },
      {
        context: "sentence",
        render: (s) => `Set-Cookie: connect.sid=${s}; HttpOnly came back from the login.`,
      },
    ],
  },
  {
    kind: "totp-seed",
    make: (r) => chars(r, BASE32, 32),
    templates: [
      { context: "sentence", render: (s) => `2FA secret for github: ${s}` },
      { context: "sentence", render: (s) => `The TOTP seed for the VPN is ${s}` },
      {
        context: "code",
        render: (s) => `qr = make_qr("otpauth://totp/GitHub:ada?secret=${s}&issuer=GitHub")`,
      },
    ],
  },
  {
    // As authenticator apps show a setup key: groups of four.
    kind: "totp-seed",
    make: (r) => (chars(r, BASE32, 32).match(/.{4}/g) ?? []).join(" "),
    templates: [{ context: "sentence", render: (s) => `Authenticator setup key for the bank: ${s}` }],
  },
  {
    kind: "generic-secret",
    make: (r) => mixed(r, ALNUM, 32),
    templates: [
      { context: "env", render: (s) => `API_KEY="${s}"` },
      { context: "yaml", render: (s) => `mistral:\n  api_key: ${s}\n` },
      { context: "json", render: (s) => `{"client_id": "web", "client_secret": "${s}"}` },
      { context: "code", render: (s) => `SECRET_KEY = '${s}'` },
      { context: "shell", render: (s) => `export COHERE_API_KEY=${s}` },
      { context: "sentence", render: (s) => `My Cohere API key is ${s} by the way.` },
      { context: "code", render: (s) => `const accessToken = "${s}";` },
    ],
  },
];

export function secretCorpus(seed = 11): SecretSample[] {
  const random = seededRandom(seed);
  const samples: SecretSample[] = [];
  TOKEN_SHAPES.forEach((shape, index) => {
    for (let turn = 0; turn < 4; turn++) {
      const template = TOKEN_TEMPLATES[(index + turn) % TOKEN_TEMPLATES.length] as Template;
      const secret = shape.make(random);
      samples.push({ kind: shape.kind, context: template.context, secret, text: template.render(secret) });
    }
  });
  privateKeyBlocks(random).forEach((pem, index) => {
    for (const template of PEM_TEMPLATES) {
      const secret = template.escape ? template.escape(pem) : pem;
      samples.push({ kind: "private-key", context: template.context, secret, text: template.render(secret) });
    }
    if (index === 0) samples.push(puttySample(random));
  });
  for (const { kind, make, templates } of CONTEXT_SAMPLES) {
    for (const template of templates) {
      const secret = make(random);
      samples.push({ kind, context: template.context, secret, text: template.render(secret) });
    }
  }
  samples.push(...disguisedSamples(random));
  return samples;
}

function puttySample(random: Random): SecretSample {
  const secret = `PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy\nPublic-Lines: 2\n${chars(random, BASE64, 64)}\nPrivate-Lines: 1\n${chars(random, BASE64, 44)}\nPrivate-MAC: ${chars(random, HEX, 64)}`;
  return { kind: "private-key", context: "sentence", secret, text: `The old key file:\n${secret}\n` };
}
