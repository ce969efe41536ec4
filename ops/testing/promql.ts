/**
 * The metric names a PromQL expression reads (for the dashboard and rule checks, decision 022):
 * what is left once strings, label matchers, ranges, grouping clauses, functions, keywords,
 * numbers and Grafana's variables are taken out. Prometheus itself checks the syntax.
 */
const KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'offset',
  'bool',
  'inf',
  'nan',
]);

export function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\$\{?\w+\}?/g, '1m')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\boffset\s+\d+[smhdwy]/g, ' ');
  const names = new Set<string>();
  for (const match of bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const name = match[0];
    const after = bare.slice((match.index ?? 0) + name.length);
    if (/^\s*\(/.test(after) || KEYWORDS.has(name.toLowerCase())) continue;
    if (/^\d/.test(name)) continue;
    // A number's exponent or a duration's unit left after a digit: `1e3`, `5m`.
    if (/[0-9.]$/.test(bare.slice(0, match.index))) continue;
    names.add(name);
  }
  return [...names];
}
