/**
 * Judging a candidate value found next to a keyword ("password: X", `API_KEY="X"`): is it a real
 * secret, or a placeholder, a variable reference or an ordinary word? Pure helpers for the rules.
 */

/** Shannon entropy in bits per character: about 3 for English words, 4.5 to 6 for random keys. */
export function shannonEntropy(text: string): number {
  if (text === "") return 0;
  const counts = new Map<string, number>();
  for (const character of text) counts.set(character, (counts.get(character) ?? 0) + 1);
  const length = [...text].length;
  let entropy = 0;
  for (const count of counts.values()) {
    const share = count / length;
    entropy -= share * Math.log2(share);
  }
  return entropy;
}

const PLACEHOLDER =
  /^(?:\$\{?[A-Za-z_][A-Za-z0-9_.:-]*\}?|\$\(.*\)|<[^<>]*>|\{\{.*\}\}|%[A-Za-z_]+%|@[A-Za-z_]+@|[x*.#•_-]{3,}|\(?(?:hidden|redacted|removed|omitted|none|null|nil|undefined|empty|true|false|required|optional|string|str|text|secret|password|your[\s_-]?[a-z_\s-]*|my[\s_-]?(?:password|secret|token|key|api[\s_-]?key)|changeme|placeholder|example|sample|dummy|todo|tbd|n\/a|na|\.\.\.|…)\)?)$/i;

/** `${DB_PASSWORD}`, `<password>`, `***`, `your-api-key`, `[REDACTED:...]`: not a secret. */
export function isPlaceholder(value: string): boolean {
  return (
    PLACEHOLDER.test(value) || /REDACTED/i.test(value) || /^(?:process\.env|os\.environ|env)\b/.test(value)
  );
}

/**
 * A value named as a password: any quoted value; unquoted, one with a digit or a symbol, or a long
 * lower-case word that is no English word form (camelCase is left out: in code it is a variable);
 * never a path, a URL or a member access.
 */
export function looksLikePassword(value: string, quoted: boolean): boolean {
  if (isPlaceholder(value) || /^[~.]?\//.test(value) || /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return false;
  if (quoted) return [...value].length >= 3;
  if ([...value].length < 4 || looksLikeMemberAccess(value)) return false;
  return /[^A-Za-z]/.test(value) || looksLikePassphrase(value);
}

/**
 * English words as they follow "password is" in prose ("incorrect", "complicated", "forgotten"):
 * endings of adjectives, participles and adverbs, and the words without one.
 */
const WORD_FORM =
  /(?:ed|en|ing|ly|able|ible|tion|sion|ment|ness|ful|less|ous|ive|ent|ant|ance|ence|ary|ory|ity|ical|ward|wise|ize|ise|ate|where|thing|body|one|word|pass|secret|token|value|input|field|string|hash|config)$|^(?:incorrect|correct|invalid|unknown|insecure|personal|temporary|optional|important|complex|private|necessary|whatever)$/;

/** "correcthorsebattery": a password that is a run of lower-case letters, 8 to 40, and no English word form. */
function looksLikePassphrase(value: string): boolean {
  return /^[a-z]{8,40}$/.test(value) && !WORD_FORM.test(value);
}

/** `options.password`, `self.db.pwd`: code that reads a password, not one. */
function looksLikeMemberAccess(value: string): boolean {
  return /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(value);
}

/** A value named as a key, token or secret: long, letters and digits, and random-looking. */
export function looksLikeRandomKey(value: string, minimumLength = 16): boolean {
  if ([...value].length < minimumLength || isPlaceholder(value) || looksLikeFilePath(value)) return false;
  if (!/[0-9]/.test(value) || !/[A-Za-z]/.test(value)) return false;
  if (/[\s[\]{}()*\\|^$<>]/.test(value)) return false; // a regex, a command or prose: keys never hold these
  if (/^[0-9a-f-]+$/i.test(value) && /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(value)) return true; // a UUID-shaped key
  if (/^[0-9a-f]{32,}$/i.test(value)) return true; // a hex key (DD_API_KEY): 16 letters hold less entropy
  return shannonEntropy(value) >= 3.5 && !looksLikeIdentifierPath(value);
}

/** `C:\keys\service.json`, `/etc/ssl/site.pem`: where a secret is kept, not the secret. */
function looksLikeFilePath(value: string): boolean {
  return /^(?:[A-Za-z]:)?[\\/]|[\\/][^\\/]+\.[A-Za-z0-9]{1,5}$/.test(value);
}

/** `config.auth.tokenV2`, `src/auth/token_store.py`: words joined by dots, slashes or underscores. */
function looksLikeIdentifierPath(value: string): boolean {
  const words = value.split(/[._/:-]+/).filter((word) => word !== "");
  return words.length >= 2 && words.every((word) => /^[A-Za-z]+[0-9]{0,2}$/.test(word));
}

/**
 * A key made of letters, digits and the symbols of a keyboard's digit row (Django's
 * SECRET_KEY, `k2!x$w@9q^z*m(p)3v…`): at least 32 characters, three kinds of character, random (4.3
 * bits a character). Spaces, slashes, brackets and bars are left out: prose, paths and regexes hold them.
 */
export function looksLikeSymbolKey(value: string): boolean {
  if ([...value].length < 32 || !/^[A-Za-z0-9!@#$%^&*()_+=.-]+$/.test(value) || isPlaceholder(value))
    return false;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(value)).length;
  return kinds >= 3 && shannonEntropy(value) >= 4.3;
}
