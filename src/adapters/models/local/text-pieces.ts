/**
 * Splits a text into pieces of at most `maxCharacters`, cutting at white space where it can (a
 * longer run without white space is cut hard, never inside a surrogate pair). Pieces are trimmed;
 * a blank text gives no piece. Pure.
 *
 * Local sentence encoders get slow on long inputs (USE lite's tokenizer is quadratic in the text's
 * length), so a long text is embedded as the mean of its pieces' vectors.
 */
export function splitIntoPieces(text: string, maxCharacters: number): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > maxCharacters) {
    const cut = cutPosition(rest, maxCharacters);
    pieces.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest !== "") pieces.push(rest);
  return pieces;
}

function cutPosition(text: string, maxCharacters: number): number {
  for (let position = maxCharacters; position > maxCharacters / 2; position--) {
    if (/\s/.test(text.charAt(position))) return position;
  }
  const code = text.charCodeAt(maxCharacters - 1);
  const splitsPair = code >= 0xd800 && code <= 0xdbff && maxCharacters > 1;
  return splitsPair ? maxCharacters - 1 : maxCharacters;
}
