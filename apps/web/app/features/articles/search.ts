/**
 * Search over the articles of one language (decision 011): every word of the query
 * must occur in the title, the description or the body; titles weigh most. Pure and small,
 * run on the server over the index the build produced.
 */
export interface Searchable {
  title: string;
  description: string;
  text: string;
}

export const MAX_QUERY_LENGTH = 100;

function normalise(value: string): string {
  // ё and е are one letter to most Russian readers and writers.
  return value.normalize('NFKC').toLocaleLowerCase().replace(/ё/g, 'е');
}

export function queryWords(query: string): string[] {
  return [...new Set(normalise(query.slice(0, MAX_QUERY_LENGTH)).match(/[\p{L}\p{N}+]+/gu) ?? [])];
}

function occurrences(haystack: string, word: string): number {
  let count = 0;
  for (let at = haystack.indexOf(word); at !== -1; at = haystack.indexOf(word, at + word.length)) count++;
  return count;
}

/** The entries matching every word, best first; an empty query matches nothing. */
export function searchArticles<T extends Searchable>(entries: readonly T[], query: string): T[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const scored: Array<{ entry: T; score: number }> = [];
  for (const entry of entries) {
    const title = normalise(entry.title);
    const description = normalise(entry.description);
    const body = normalise(entry.text);
    let score = 0;
    let all = true;
    for (const word of words) {
      const hits = occurrences(title, word) * 10 + occurrences(description, word) * 3 + occurrences(body, word);
      if (hits === 0) all = false;
      score += hits;
    }
    if (all) scored.push({ entry, score });
  }
  return scored.sort((a, b) => b.score - a.score).map(({ entry }) => entry);
}
