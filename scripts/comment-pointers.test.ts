/**
 * Comments point into the repository. The issue tracker and the spec live outside it, so a
 * comment or a test title that names an issue by its number or a section of the spec tells a
 * reader of the code nothing: name the decision record in docs/decisions/ that gives the reason
 * ('decision 020'), or write the reason itself. This reads the comments (with TypeScript's parser for .ts, .tsx,
 * .js and .mjs; block and line comments for .css and .sql) and the titles of describe, it and
 * test in every tracked source file, and fails naming each file:line that still points outside.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const FOLDERS = ['apps', 'packages', 'scripts', 'bench', 'e2e', 'ops'];
const SOURCE = /\.(ts|tsx|mjs|js|css|sql)$/;
/** An issue by number (with or without '#', one or several) or a section of the spec, in any case. */
const OUTSIDE = /\bissues? #?\d|\bspec(?:'s)?,? (?:sections?\b|§)|\bspec ?§/i;
const TEST_CALLS = new Set(['describe', 'it', 'test', 'bench', 'suite']);

interface Finding {
  line: number;
  text: string;
}

/** Each comment (and test title) of a script as [start offset, text]. */
function scriptTexts(path: string, source: string): [number, string][] {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : path.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, kind);
  const seen = new Set<number>();
  const texts: [number, string][] = [];
  const comments = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      texts.push([range.pos, source.slice(range.pos, range.end)]);
    }
  };
  /** `it`, `it.each(...)`, `test.describe`, `describe.skip`: the name the call starts from. */
  const calleeRoot = (expression: ts.Expression): string | undefined => {
    if (ts.isIdentifier(expression)) return expression.text;
    if (ts.isPropertyAccessExpression(expression)) return calleeRoot(expression.expression);
    if (ts.isCallExpression(expression)) return calleeRoot(expression.expression);
    return undefined;
  };
  const visit = (node: ts.Node) => {
    comments(ts.getLeadingCommentRanges(source, node.getFullStart()));
    comments(ts.getTrailingCommentRanges(source, node.getEnd()));
    if (ts.isCallExpression(node) && TEST_CALLS.has(calleeRoot(node.expression) ?? '')) {
      const title = node.arguments[0];
      if (title && (ts.isStringLiteral(title) || ts.isNoSubstitutionTemplateLiteral(title))) {
        texts.push([title.getStart(file), title.getText(file)]);
      }
    }
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  return texts;
}

/** Block comments (CSS, SQL) and, in SQL, `--` line comments, as [start offset, text]. */
function plainComments(path: string, source: string): [number, string][] {
  const pattern = path.endsWith('.sql') ? /\/\*[\s\S]*?\*\/|--[^\n]*/g : /\/\*[\s\S]*?\*\//g;
  return [...source.matchAll(pattern)].map((match) => [match.index, match[0]]);
}

/** Where a file's comments and test titles point outside the repository. */
function outsidePointers(path: string, source: string): Finding[] {
  // A file that says neither anywhere has no comment that does: most files skip the parser.
  if (!OUTSIDE.test(source.replace(/\s*\n\s*(\*|\/\/|--)?\s*/g, ' '))) return [];
  const texts = /\.(css|sql)$/.test(path) ? plainComments(path, source) : scriptTexts(path, source);
  const findings: Finding[] = [];
  for (const [start, text] of texts) {
    // Line by line, and a pointer split across two lines of one comment, reported at its start.
    const lines = text.split('\n');
    const first = source.slice(0, start).split('\n').length;
    lines.forEach((line, index) => {
      const next = (lines[index + 1] ?? '').replace(/^\s*(\*|\/\/|--)?\s*/, '');
      const split = !OUTSIDE.test(next) && OUTSIDE.test(`${line} ${next}`);
      if (OUTSIDE.test(line) || split) findings.push({ line: first + index, text: line.trim() });
    });
  }
  return findings.sort((a, b) => a.line - b.line);
}

function trackedSources(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--', ...FOLDERS], { cwd: root, encoding: 'utf8' });
  return listed.split('\0').filter((path) => SOURCE.test(path));
}

function readTracked(path: string): string | undefined {
  try {
    return readFileSync(join(root, path), 'utf8');
  } catch {
    return undefined; // deleted in the working tree, not yet in the index
  }
}

function report(paths: readonly string[], read: (path: string) => string | undefined): string[] {
  return paths.flatMap((path) => {
    const source = read(path);
    return source === undefined ? [] : outsidePointers(path, source).map(({ line, text }) => `${path}:${line}: ${text}`);
  });
}

describe('comments point into the repository', () => {
  it('no tracked source file names an issue by number or a section of the spec in a comment or a test title', () => {
    const paths = trackedSources();
    expect(paths.length).toBeGreaterThan(100);
    const found = report(paths, readTracked);
    expect(
      found,
      `Point at a decision record (docs/decisions/, 'decision 020') or write the reason itself:\n${found.join('\n')}`,
    ).toEqual([]);
  });

  it('bites: a probe file with such comments and titles is reported with its lines', () => {
    const folder = mkdtempSync(join(tmpdir(), 'comment-pointers-'));
    try {
      const probe = join(folder, 'probe.test.tsx');
      writeFileSync(
        probe,
        [
          '// Grouped like every figure (ISSUE 25, item 4).', // 1
          "const note = 'ISSUE 25 is a string, not a comment';", // 2
          '/**', // 3
          ' * The amount format of SPEC SECTION 9.', // 4
          ' * A landing through a referral link (decision 017, see the', // 5
          ' * SPEC section 7).', // 6
          ' */', // 7
          "it('answers 400 (ISSUE 17)', () => {});", // 8
          "it.each([1])('refuses %s (ISSUES 3 and 5)', () => {});", // 9
          'const view = <p>{/* SPEC §2 */}{note}</p>;', // 10
          "describe('decision 023: exports', () => {});", // 11
          '/* A pointer split over two lines: the (ISSUE', // 12
          ' * 29) of a block comment. */', // 13
        ].join('\n'),
      );
      const found = report([probe], (path) => readFileSync(path, 'utf8'));
      expect(found.map((line) => line.slice(probe.length + 1))).toEqual([
        '1: // Grouped like every figure (ISSUE 25, item 4).',
        '4: * The amount format of SPEC SECTION 9.',
        '6: * SPEC section 7).',
        "8: 'answers 400 (ISSUE 17)'",
        "9: 'refuses %s (ISSUES 3 and 5)'",
        '10: /* SPEC §2 */',
        '12: /* A pointer split over two lines: the (ISSUE',
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('reads CSS and SQL comments', () => {
    expect(outsidePointers('a.css', '.x { color: red; }\n/* phones (ISSUE 25 item 2) */')).toEqual([
      { line: 2, text: '/* phones (ISSUE 25 item 2) */' },
    ]);
    expect(outsidePointers('a.sql', "select 'ISSUE 4';\n-- Notifications (ISSUE 14)")).toEqual([
      { line: 2, text: '-- Notifications (ISSUE 14)' },
    ]);
    expect(outsidePointers('a.sql', '-- Notifications (decision 012)')).toEqual([]);
  });
});
