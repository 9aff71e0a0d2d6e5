/**
 * Keys hidden by an encoding: a run of base64 (standard or URL-safe) or hex that decodes to
 * printable text holding a secret ("Z2hwX2FC…" is base64 for "ghp_aB…"). The whole run is the
 * secret, named by the kind found inside. Random keys and hashes decode to bytes that are not
 * text and are left to the other rules.
 *
 *     encodedSecrets(`key ${btoa("ghp_…")}`, scanForSecrets) // [{ kind: "github-token", start: 4, end: … }]
 */
import { allMatches } from "./all-matches.js";

interface Finding {
  kind: string;
  start: number;
  end: number;
}

/** 18 bytes at least: the shortest keys the rules know (an AWS key id is 20 characters). */
const ENCODED_RUN = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{24,}={0,2}/g;
/** Hex is base64's alphabet too: a run of hex digits, with or without "0x", is read as hex. */
const HEX = /^(?:0x)?((?:[0-9A-Fa-f]{2}){16,})$/;
/** Decoded bytes that read as text: printable ASCII, tabs and line breaks. */
const PRINTABLE = /^[\x20-\x7e\t\r\n]+$/;

export function encodedSecrets(text: string, scan: (decoded: string) => readonly Finding[]): Finding[] {
  const findings: Finding[] = [];
  for (const match of allMatches(ENCODED_RUN, text)) {
    const hex = HEX.exec(match[0])?.[1];
    const decoded = (hex === undefined ? Buffer.from(match[0], "base64") : Buffer.from(hex, "hex")).toString(
      "latin1",
    );
    if (!PRINTABLE.test(decoded)) continue;
    const inside = scan(decoded)[0];
    if (inside) findings.push({ kind: inside.kind, start: match.index, end: match.index + match[0].length });
  }
  return findings;
}
