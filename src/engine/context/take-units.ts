import { characterCount } from "../markdown/lines.js";

/**
 * Takes a layer's units (lines, index lines, journal entries) in priority order while they fit
 * every limit, and says which limit stopped it, so the notice can name the real reason. Pure.
 */
export type CutReason = "tokens" | "characters" | "memory-lines" | "index-lines" | "index-bytes";

export interface UnitLimit {
  reason: CutReason;
  measure: "bytes" | "characters" | "lines";
  max: number;
}

/** A unit of a layer with its sizes, measured once. */
export interface Unit {
  text: string;
  bytes: number;
  characters: number;
  lines: number;
}

export interface Taken {
  units: Unit[];
  /** The units shown; the last may be the start of a line cut to fit, ending with "…". */
  kept: string[];
  /** Bytes of what is shown. */
  bytes: number;
  /** How many units are not shown whole. */
  left: number;
  /** Characters of the layer's own text shown (a cut line counts what was kept of it, not the "…"). */
  shownCharacters: number;
  /** The first limit the next unit would have broken; undefined when every unit is shown. */
  stoppedBy: CutReason | undefined;
}

const CUT_MARK = "…";

export function measureUnit(text: string): Unit {
  let lines = 0;
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) lines++;
  return { text, bytes: Buffer.byteLength(text, "utf8"), characters: characterCount(text), lines };
}

/**
 * Never an older unit in place of a newer: taking stops at the first that does not fit. With `cut`,
 * a line stopped by bytes or characters (never by a line cap) is shown as far as it fits, so one long
 * line is not shown as nothing.
 */
export function takeUnits(units: Unit[], limits: UnitLimit[], options: { cut?: boolean } = {}): Taken {
  const kept: string[] = [];
  const used = { bytes: 0, characters: 0, lines: 0 };
  for (const unit of units) {
    const broken = limits.find((limit) => used[limit.measure] + unit[limit.measure] > limit.max);
    if (broken) {
      const cut = options.cut && broken.measure !== "lines" ? cutToFit(unit, limits, used) : undefined;
      if (cut) {
        kept.push(cut.text);
        used.bytes += cut.bytes;
        used.characters += cut.characters;
      }
      const left = units.length - kept.length + (cut ? 1 : 0);
      const shownCharacters = used.characters;
      return { units, kept, bytes: used.bytes, left, shownCharacters, stoppedBy: broken.reason };
    }
    kept.push(unit.text);
    used.bytes += unit.bytes;
    used.characters += unit.characters;
    used.lines += unit.lines;
  }
  return { units, kept, bytes: used.bytes, left: 0, shownCharacters: used.characters, stoppedBy: undefined };
}

/** The longest start of a one-line unit that fits with "…\n" after it; undefined when not even one character does. */
function cutToFit(
  unit: Unit,
  limits: UnitLimit[],
  used: { bytes: number; characters: number; lines: number },
): { text: string; bytes: number; characters: number } | undefined {
  const line = unit.text.replace(/\n+$/, "");
  if (line.includes("\n")) return undefined;
  const room = (measure: UnitLimit["measure"]) =>
    Math.min(
      ...limits.filter((limit) => limit.measure === measure).map((limit) => limit.max - used[measure]),
    );
  const suffix = measureUnit(`${CUT_MARK}\n`);
  if (room("lines") < suffix.lines) return undefined;
  let bytes = room("bytes") - suffix.bytes;
  let characters = room("characters") - suffix.characters;
  let kept = "";
  let count = 0;
  for (const character of line) {
    bytes -= Buffer.byteLength(character, "utf8");
    characters -= 1;
    if (bytes < 0 || characters < 0) break;
    kept += character;
    count++;
  }
  if (count === 0) return undefined;
  const text = `${kept}${CUT_MARK}\n`;
  return { text, bytes: Buffer.byteLength(text, "utf8"), characters: count };
}
