/** The alerts of a Prometheus rule file, as the ops tests read them (decision 022). */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export function alertsOf(file: string): { alert: string; expr: string }[] {
  const rules = parse(readFileSync(file, 'utf8')) as { groups: { rules: { alert?: string; expr: string }[] }[] };
  return rules.groups.flatMap((group) => group.rules).filter((rule): rule is { alert: string; expr: string } => !!rule.alert);
}
