/**
 * Text normalisation of the operation filter, shared by the server (which writes `data-q`) and the browser
 * (which normalises the query): NFKC (full-width -> half-width, compatibility forms), lower case, katakana ->
 * hiragana. Matching is by substring, which works for Japanese where word tokenisers (Redoc's lunr) do not.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}
