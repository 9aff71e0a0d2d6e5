import { findTags } from "./neutralize-block-tags.js";

/**
 * A heuristic for stored text that reads as an instruction to the model rather than a memory:
 * "ignore all previous instructions", "you are now…", chat-template role markers, "always obey…",
 * mnemo's own block tags. Memory is replayed into every prompt, so such text is how a poisoned
 * memory takes over an agent (OWASP ASI06). Pure; `mnemo doctor` reports what it finds, and a
 * person decides. Phrases are kept narrow: ordinary requests ("act as a tutor") are not flagged.
 */
export interface InstructionFinding {
  /** Which pattern fired, such as "ignore-instructions". */
  kind: string;
  /** 1-based line of the text. */
  line: number;
  /** The matched words, at most 80 characters. */
  excerpt: string;
}

const INSTRUCTION_PATTERNS: ReadonlyArray<{ kind: string; pattern: RegExp }> = [
  {
    kind: "ignore-instructions",
    pattern:
      /\b(?:ignore|disregard|forget|override|bypass)\s+(?:(?:all|any|the|your|my|every|of)\s+)*(?:previous|prior|above|earlier|preceding|original|former|existing|system|safety)\s+(?:instructions?|prompts?|rules|directions|directives|guidelines|messages|constraints)/i,
  },
  {
    kind: "system-prompt",
    pattern:
      /\b(?:ignore|disregard|override|reveal|print|repeat|leak|show)\s+(?:the\s+|your\s+)?(?:system|developer|hidden)\s+(?:prompt|message|instructions?)/i,
  },
  {
    kind: "new-identity",
    pattern:
      /\byou\s+are\s+(?:now|no\s+longer)\s+(?:an?\s+|the\s+)?(?:unrestricted|unfiltered|jailbroken|free\s+(?:of|from)|DAN\b|evil|uncensored|not\s+bound|bound\s+by\s+no|an?\s+AI\s+(?:without|with\s+no)|(?:a|an)\s+assistant|(?:bound|restricted|limited))/i,
  },
  {
    kind: "new-identity",
    pattern: /\b(?:do\s+anything\s+now|developer\s+mode\s+(?:enabled|on|activated)|jailbroken)\b/i,
  },
  {
    kind: "always-obey",
    pattern:
      /\b(?:always|must|unconditionally|blindly)?\s*(?:obey|comply\s+with)\s+(?:every|all|any|each)\s+(?:memor|instruction|command|order|note|request|message|text)/i,
  },
  {
    kind: "hidden-instruction",
    pattern:
      /\b(?:do\s+not|don't|never)\s+(?:tell|inform|mention\s+(?:this\s+)?to|reveal\s+(?:this\s+)?to)\s+the\s+user\b/i,
  },
  {
    kind: "exfiltration",
    pattern:
      /\b(?:send|post|upload|forward|exfiltrate|email)\s+(?:(?:all|the|your|every|my)\s+)*(?:memor\w*|conversations?|chat\s+history|secrets?|credentials?|api\s+keys?|passwords?|tokens?)\s+to\s+(?:https?:\/\/|\S+@\S+)/i,
  },
  {
    kind: "role-marker",
    pattern: /<\|(?:im_start|im_end|system|assistant|user|endoftext)\|>|\[\/?INST\]|<<\/?SYS>>/i,
  },
  {
    kind: "role-marker",
    pattern:
      /^\s*(?:system|assistant|developer)\s*:\s*(?:you\b|your\b|ignore\b|disregard\b|always\b|never\b|from\s+now\b|act\b|pretend\b|respond\b|forget\b|new\s+instructions?\b)/im,
  },
];

export function findInstructionLikeText(text: string): InstructionFinding[] {
  const findings: InstructionFinding[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    for (const { kind, pattern } of INSTRUCTION_PATTERNS) {
      const match = pattern.exec(line);
      if (match) findings.push({ kind, line: index + 1, excerpt: match[0].trim().slice(0, 80) });
    }
  });
  // On the whole text, not line by line: a tag may be spelt across lines ("</user-profile\n>").
  // One finding a line, with invisible characters shown, so a person sees why it reads as a tag.
  for (const tag of findTags(text)) {
    const line = text.slice(0, tag.start).split("\n").length;
    if (findings.some((finding) => finding.kind === "block-tag" && finding.line === line)) continue;
    findings.push({ kind: "block-tag", line, excerpt: shownTag(text.slice(tag.start, tag.end)) });
  }
  return findings.sort((a, b) => a.line - b.line);
}

/** `</\u200Buser-profile\n>` as `</<U+200B>user-profile >`: spacing folded, invisible characters named. */
function shownTag(tag: string): string {
  const shown = tag.replace(/\s+/g, " ").replace(/\p{Cf}/gu, (character) => {
    const code = character.codePointAt(0) ?? 0;
    return `<U+${code.toString(16).toUpperCase().padStart(4, "0")}>`;
  });
  return shown.trim().slice(0, 80);
}
