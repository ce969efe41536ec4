/**
 * Articles (decision 011): `content/articles/{locale}/{slug}.md`, YAML front matter and Markdown,
 * compiled once at build time. markdown-it renders (raw HTML off), sanitize-html keeps only an
 * allowlist, and `{{name}}` placeholders are filled from content/pools.json and the coin
 * registry (packages/domain/src/article-figures.ts). Anything wrong - a bad front matter field,
 * a placeholder naming no config value, a related or linked slug that does not exist, a
 * translation without its English original - throws, which fails the build.
 *
 * A filled figure in running text is isolated left to right (`<bdi dir="ltr">`), as every
 * figure of the site is (decision 002's addendum): in Persian, '5.000000 SAL' or a stratum
 * address would otherwise be reordered by the words around it. In code it is plain text (code
 * is isolated as a whole, and a command must copy without hidden characters).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { fillPlaceholders, resolveArticleFigure, type FigureSources } from '@openpool/domain/article-figures';
import { isLocaleCode } from '@openpool/domain/locales';
import {
  ARTICLE_CATEGORIES,
  COPY_LABEL_TOKEN,
  type CompiledArticle,
  type FaqEntry,
  type TocEntry,
} from '../app/features/articles/article-types.ts';

const frontMatterSchema = z.strictObject({
  title: z.string().min(3).max(120),
  description: z.string().min(20).max(200),
  category: z.enum(ARTICLE_CATEGORIES),
  updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD'),
  related: z
    .array(z.string().regex(/^[a-z0-9-]+$/))
    .max(6)
    .default([]),
});

const SLUG_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** Private-use marks around a filled figure until rendering decides how to write it. */
const FIGURE_OPEN = '\uE000';
const FIGURE_CLOSE = '\uE001';
const FIGURE_MARKS = /[\uE000\uE001]/g;
const plain = (text: string) => text.replace(FIGURE_MARKS, '');

const renderText = markdown.renderer.rules.text!;
markdown.renderer.rules.text = (all, i, options, env, self) =>
  renderText(all, i, options, env, self)
    // A short figure ('0.100000 LTC') stays on one line; an address may wrap.
    .replace(/\uE000([^\uE000\uE001]*)\uE001/g, (_all, figure: string) =>
      figure.length <= 24 ? `<bdi dir="ltr" class="nowrap">${figure}</bdi>` : `<bdi dir="ltr">${figure}</bdi>`,
    )
    .replace(FIGURE_MARKS, '')
    // A scheme's name ending in '+' keeps its '+' at its end in right-to-left text ('+PPS' in fa).
    .replace(/(^|[^\w+])([A-Z][A-Za-z0-9]*\+)(?![\w+])/g, '$1<bdi dir="ltr">$2</bdi>');

/** Heading ids people can read: letters of any script, digits, dashes. */
export function headingId(text: string, taken: Set<string>): string {
  const base =
    text
      .toLowerCase()
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'section';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

// Headings link to themselves (the anchor people copy); their text stays the link's name.
markdown.renderer.rules.heading_open = (all, i, options, _env, self) => {
  const id = all[i]?.attrGet('id') ?? '';
  return `${self.renderToken(all, i, options)}<a href="#${id}">`;
};
markdown.renderer.rules.heading_close = (all, i, options, _env, self) => `</a>${self.renderToken(all, i, options)}`;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'ul',
    'ol',
    'li',
    'a',
    'code',
    'pre',
    'strong',
    'em',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
    'br',
    'bdi',
  ],
  allowedAttributes: {
    a: ['href', 'rel'],
    bdi: ['dir', 'class'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    th: ['style'],
    td: ['style'],
  },
  allowedClasses: { bdi: ['nowrap'] },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https:/.test(attribs.href ?? '') ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

function splitFrontMatter(source: string, file: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${file}: no front matter (--- ... ---) at the top`);
  return { data: parseYaml(match[1] ?? ''), body: match[2] ?? '' };
}

interface Rendered {
  html: string;
  toc: TocEntry[];
  text: string;
  faq: FaqEntry[];
  links: string[];
}

function render(body: string): Rendered {
  const tokens = markdown.parse(body, {});
  // Figures in code and in attributes are plain text: only running text (rules.text) isolates them.
  for (const token of tokens) {
    if (token.type === 'fence' || token.type === 'code_block') token.content = plain(token.content);
    for (const child of token.children ?? []) {
      if (child.type === 'code_inline') child.content = plain(child.content);
      for (const attr of child.attrs ?? []) attr[1] = plain(String(attr[1]));
    }
  }
  const taken = new Set<string>();
  const toc: TocEntry[] = [];
  const texts: string[] = [];
  const faq: FaqEntry[] = [];
  const links: string[] = [];
  tokens.forEach((token, index) => {
    const inline = tokens[index + 1];
    if (token.type === 'heading_open' && inline?.type === 'inline') {
      const id = headingId(plain(inline.content), taken);
      token.attrSet('id', id);
      const level = Number(token.tag.slice(1));
      if (level === 2 || level === 3) toc.push({ id, text: plain(inline.content), level });
      if (level === 2) faq.push({ question: plain(inline.content), answer: '' });
    }
    if (token.type === 'inline') {
      texts.push(plain(token.content));
      const last = faq.at(-1);
      if (last && tokens[index - 1]?.type !== 'heading_open') last.answer = `${last.answer} ${plain(token.content)}`.trim();
      for (const child of token.children ?? []) if (child.type === 'link_open') links.push(String(child.attrGet('href') ?? ''));
    }
    if (token.type === 'fence' || token.type === 'code_block') texts.push(token.content);
  });
  const clean = sanitizeHtml(markdown.renderer.render(tokens, markdown.options, {}), SANITIZE);
  // Trusted markup added after sanitising: a copy button beside every command block, and the
  // fading edge of a box that scrolls (`.scroll-cue`) on code and tables wider than a phone.
  const html = clean
    .replace(
      /<pre>([\s\S]*?)<\/pre>/g,
      `<div class="article-code"><pre class="scroll-cue">$1</pre><button type="button" data-copy>${COPY_LABEL_TOKEN}</button></div>`,
    )
    .replace(/<table>/g, '<table class="scroll-cue">');
  return { html, toc, text: texts.join('\n'), faq: faq.filter((entry) => entry.answer), links };
}

export interface ArticleSourceFile {
  locale: string;
  slug: string;
  file: string;
  source: string;
}

export function readArticleFiles(articlesDir: string): ArticleSourceFile[] {
  return readdirSync(articlesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) =>
      readdirSync(join(articlesDir, dir.name))
        .filter((name) => name.endsWith('.md'))
        .map((name) => {
          const file = join(articlesDir, dir.name, name);
          const slug = SLUG_FILE.exec(name)?.[1];
          if (!slug) throw new Error(`${file}: file names are lower-case slugs (a-z, 0-9, dashes) ending in .md`);
          return { locale: dir.name, slug, file, source: readFileSync(file, 'utf8') };
        }),
    )
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** Compiles every article; throws one error listing every problem found. */
export function compileArticles(files: readonly ArticleSourceFile[], sources: FigureSources): CompiledArticle[] {
  const problems: string[] = [];
  const englishSlugs = new Set(files.filter((f) => f.locale === 'en' || f.slug === `get-support-${f.locale}`).map((f) => f.slug));
  const compiled: CompiledArticle[] = [];
  for (const { locale, slug, file, source } of files) {
    const fail = (message: string) => problems.push(`${file}: ${message}`);
    if (!isLocaleCode(locale)) fail(`'${locale}' is not a site language`);
    // get-support-{lang} is written in its own language only (decision 011).
    const ownLanguage = slug === `get-support-${locale}`;
    if (locale !== 'en' && !ownLanguage && !englishSlugs.has(slug)) fail(`a translation needs content/articles/en/${slug}.md`);
    try {
      const { data, body } = splitFrontMatter(source, file);
      const meta = frontMatterSchema.safeParse(data);
      if (!meta.success) {
        for (const issue of meta.error.issues) fail(`${issue.path.join('.') || 'front matter'}: ${issue.message}`);
        continue;
      }
      const filled = fillPlaceholders(body, (name) => {
        try {
          return `${FIGURE_OPEN}${resolveArticleFigure(name, sources)}${FIGURE_CLOSE}`;
        } catch (error) {
          fail((error as Error).message);
          return '';
        }
      });
      const rendered = render(filled);
      for (const related of meta.data.related) if (!englishSlugs.has(related)) fail(`related '${related}' is no article`);
      for (const href of rendered.links) {
        if (/%EE%80%8[01]/i.test(href)) fail(`link '${href}': a placeholder in a link target is not filled`);
        if (/^(https:|mailto:|#|\.\.\/)/.test(href)) continue;
        if (!englishSlugs.has(href.replace(/#.*$/, '')))
          fail(`link '${href}' is neither https, mailto, ../page nor an article slug`);
      }
      compiled.push({
        locale,
        slug,
        ...meta.data,
        html: rendered.html,
        toc: rendered.toc,
        text: rendered.text,
        faq: rendered.faq,
      });
    } catch (error) {
      fail((error as Error).message);
    }
  }
  if (problems.length > 0) throw new Error(`Articles do not build:\n  ${problems.join('\n  ')}`);
  return compiled;
}
