import { join } from 'node:path';
import { LOCALE_CODES } from '@openpool/domain/locales';
import { describe, expect, it } from 'vitest';
import { compileArticles, headingId, readArticleFiles, type ArticleSourceFile } from './article-compiler.ts';
import { figureSources } from './articles.ts';

const contentDir = join(import.meta.dirname, '..', '..', '..', 'content');
const sources = figureSources(contentDir);
const files = readArticleFiles(join(contentDir, 'articles'));

const FRONT = `---\ntitle: A test article\ndescription: A description long enough for the schema.\ncategory: mining\nupdated: 2026-11-22\n---\n`;
const one = (body: string, extra: Partial<ArticleSourceFile> = {}): ArticleSourceFile => ({
  locale: 'en',
  slug: 'test',
  file: 'en/test.md',
  source: FRONT + body,
  ...extra,
});

describe('the articles in content/articles', () => {
  const compiled = compileArticles(files, sources);

  it('every article parses and renders in every locale it exists in', () => {
    expect(compiled.length).toBe(files.length);
    for (const article of compiled) {
      expect(LOCALE_CODES).toContain(article.locale);
      expect(article.html, `${article.locale}/${article.slug}`).toMatch(/<(p|h2)[ >]/);
      expect(article.html).not.toMatch(/\{\{|<script|href="javascript/);
    }
  });

  it('has the FAQ in all 15 languages, each answering at least 12 questions', () => {
    for (const code of LOCALE_CODES) {
      const faq = compiled.find((a) => a.locale === code && a.slug === 'faq');
      expect(faq?.faq.length ?? 0, code).toBeGreaterThanOrEqual(12);
    }
    expect(compiled.filter((a) => a.locale === 'en' && !a.slug.startsWith('get-support-')).length).toBeGreaterThanOrEqual(30);
  });

  it('has every connection guide in all 15 languages, each with the figures, commands and links of the English one', () => {
    const guides = compiled.filter((a) => a.locale === 'en' && a.category === 'connection');
    expect(guides.length).toBeGreaterThanOrEqual(12);
    // What a translation must keep: every placeholder, every code block (the commands) and the related list.
    const kept = (source: string) => ({
      placeholders: [...source.matchAll(/\{\{[^}]+\}\}/g)].map((m) => m[0]).sort(),
      codeBlocks: source.split('```').length,
    });
    for (const guide of guides) {
      const english = files.find((f) => f.locale === 'en' && f.slug === guide.slug)!;
      for (const code of LOCALE_CODES) {
        const translated = compiled.find((a) => a.locale === code && a.slug === guide.slug);
        expect(translated, `${code}/${guide.slug}`).toBeDefined();
        expect(translated!.related, `${code}/${guide.slug}`).toEqual(guide.related);
        const file = files.find((f) => f.locale === code && f.slug === guide.slug)!;
        expect(kept(file.source), `${code}/${guide.slug}`).toEqual(kept(english.source));
      }
    }
  });

  it('has every article in English, Russian and Ukrainian', () => {
    const slugs = (code: string) =>
      new Set(compiled.filter((a) => a.locale === code && !a.slug.startsWith('get-support-')).map((a) => a.slug));
    const english = [...slugs('en')].sort();
    expect([...slugs('ru')].sort()).toEqual(english);
    expect([...slugs('uk')].sort()).toEqual(english);
  });

  it('fills pool figures from content/pools.json', () => {
    const faq = compiled.find((a) => a.locale === 'en' && a.slug === 'faq');
    expect(faq?.text).toContain('5.000000 SAL');
    expect(faq?.text).toContain('241920');
    expect(faq?.faq.length).toBeGreaterThanOrEqual(12);
  });
});

describe('compileArticles', () => {
  it('fails the build on a placeholder that names no config value', () => {
    expect(() => compileArticles([one('Fee: {{fee.ltc.pplns}}')], sources)).toThrow(
      /en\/test.md: \{\{fee.ltc.pplns\}\} names no pool config value/,
    );
  });

  it('isolates a filled figure in running text, never in code or in the plain text', () => {
    const [article] = compileArticles(
      [
        one(
          'Minimum **{{min_payout.sal}}**, at `{{stratum.ltc}}`:\n\n```\nminer -o {{stratum.ltc}}\n```\n\n| Pool | {{fee.ltc.pps}} |\n|---|---|\n| a | b |',
        ),
      ],
      sources,
    );
    expect(article?.html).toContain('<strong><bdi dir="ltr" class="nowrap">5.000000 SAL</bdi></strong>');
    expect(article?.html).toMatch(/<code>ltc-eu\.openpool\.example:\d+<\/code>/);
    expect(article?.html).toMatch(/<pre class="scroll-cue"><code>miner -o ltc-eu\.openpool\.example:\d+\n<\/code><\/pre>/);
    expect(article?.html).toContain('<table class="scroll-cue">');
    expect(article?.html).toMatch(/<th><bdi dir="ltr" class="nowrap">[\d.]+ ?%<\/bdi><\/th>/);
    expect(`${article?.html}${article?.text}`).not.toMatch(/[\uE000\uE001]/);
    expect(article?.text).toContain('Minimum **5.000000 SAL**');
  });

  it('keeps the + of a scheme at its end in right-to-left text', () => {
    const [article] = compileArticles([one('- **PPS+** (pay per share) and FPPS+, not C++x or a+b')], sources);
    expect(article?.html).toContain('<strong><bdi dir="ltr">PPS+</bdi></strong>');
    expect(article?.html).toContain('<bdi dir="ltr">FPPS+</bdi>,');
    expect(article?.html).toContain('not C++x or a+b');
  });

  it('escapes raw HTML and drops unsafe links', () => {
    const [article] = compileArticles(
      [one('<script>alert(1)</script>\n\n[x](javascript:alert(1)) [y](https://example.org)')],
      sources,
    );
    expect(article?.html).not.toContain('<script');
    expect(article?.html).toContain('&lt;script&gt;');
    expect(article?.html).not.toMatch(/href="javascript/);
    expect(article?.html).toContain('<a href="https://example.org" rel="noopener noreferrer">y</a>');
  });

  it('gives headings ids, a table of contents and copy buttons on command blocks', () => {
    const [article] = compileArticles(
      [one('## First step\n\n```\nminer --pool {{stratum.ltc}}\n```\n\n### Детали\n\ntext')],
      sources,
    );
    expect(article?.toc).toEqual([
      { id: 'first-step', text: 'First step', level: 2 },
      { id: 'детали', text: 'Детали', level: 3 },
    ]);
    expect(article?.html).toContain('<h2 id="first-step"><a href="#first-step">First step</a></h2>');
    expect(article?.html).toMatch(
      /<pre class="scroll-cue"><code>miner --pool ltc-eu\.openpool\.example:\d+\n<\/code><\/pre><button type="button" data-copy>/,
    );
  });

  it('refuses a translation without its English original, unknown related articles and bad front matter', () => {
    expect(() => compileArticles([one('x', { locale: 'ru', file: 'ru/test.md' })], sources)).toThrow(
      /needs content\/articles\/en\/test.md/,
    );
    expect(() =>
      compileArticles([one('x', { source: FRONT.replace('---\ntitle', '---\nrelated: [nope]\ntitle') + 'x' })], sources),
    ).toThrow(/related 'nope'/);
    expect(() => compileArticles([one('x', { source: FRONT.replace('mining', 'gossip') + 'x' })], sources)).toThrow(/category/);
    expect(() => compileArticles([one('[a](no-such-article)')], sources)).toThrow(/link 'no-such-article'/);
  });

  it('makes readable, unique heading ids', () => {
    const taken = new Set<string>();
    expect(headingId('Why no payout?', taken)).toBe('why-no-payout');
    expect(headingId('Why no payout?', taken)).toBe('why-no-payout-2');
    expect(headingId('???', taken)).toBe('section');
  });
});
