import { describe, expect, it, vi } from 'vitest';
import { lowPriorityPreloads } from './script-priority.server';

async function through(chunks: (string | Buffer)[]): Promise<string> {
  const stream = lowPriorityPreloads();
  const out: string[] = [];
  stream.on('data', (data: Buffer) => out.push(data.toString()));
  const done = new Promise((resolve) => stream.on('end', resolve));
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await done;
  return out.join('');
}

describe('lowPriorityPreloads', () => {
  const page =
    '<p>2.88 EH/s</p><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/><script>x</script>';
  const expected = page.replaceAll('rel="modulepreload"', 'data-after-paint="modulepreload"');

  it('holds every script preload back (a link without rel), and changes nothing else', async () => {
    expect(await through([page])).toBe(expected);
  });

  it('finds a tag cut between two chunks, wherever the cut falls', async () => {
    for (let cut = 1; cut < page.length; cut += 1) {
      expect(await through([page.slice(0, cut), page.slice(cut)]), `cut at ${cut}`).toBe(expected);
    }
  });

  it("passes a page without preloads through as it is, a '<' at a chunk's end included", async () => {
    expect(await through(['<p>a</p><', 'link rel="stylesheet"/>'])).toBe('<p>a</p><link rel="stylesheet"/>');
  });

  it('keeps a character whose bytes are cut between two chunks whole', async () => {
    const bytes = Buffer.from('<p dir="rtl">۲٫۸۸ هش</p><link rel="modulepreload" href="/a.js"/>');
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const out = await through([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(out, `cut at ${cut}`).toBe('<p dir="rtl">۲٫۸۸ هش</p><link data-after-paint="modulepreload" href="/a.js"/>');
    }
  });
});

describe('the hydration script runs after the first paint', () => {
  const page =
    '<link rel="stylesheet" href="/a.css"/><p>2.88 EH/s</p>' +
    '<script nonce="n0nce" type="module" async="">import "/m.js";\nimport("/entry.js");</script><script nonce="n0nce">x</script>';

  it('holds the module script as text and adds the nonced script that puts it back', async () => {
    const out = await through([page]);
    expect(out).not.toContain(' type="module" async=""');
    expect(out).toContain(
      '<script nonce="n0nce" type="text/plain" data-hydrate-after-paint="">import "/m.js";\nimport("/entry.js");</script><script nonce="n0nce">x</script>',
    );
    expect(out).toMatch(
      /^<link rel="stylesheet" href="\/a.css"\/><p>2.88 EH\/s<\/p><script nonce="n0nce">\(function\(\)\{.*requestAnimationFrame/,
    );
  });

  it('finds the tag cut between two chunks, wherever the cut falls', async () => {
    const expected = await through([page]);
    for (let cut = 1; cut < page.length; cut += 1) {
      expect(await through([page.slice(0, cut), page.slice(cut)]), `cut at ${cut}`).toBe(expected);
    }
  });

  it('makes the preloads preloads and puts the script back as a module with its nonce once a frame has been drawn', async () => {
    const out = await through([page]);
    const loader = /<script nonce="n0nce">(\(function\(\)\{.*?\}\)\(\))<\/script>/.exec(out)![1]!;
    const held = { nonce: 'n0nce', textContent: 'import "/m.js";', removeAttribute: vi.fn(), after: vi.fn() };
    const created: Record<string, string>[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const preload = { rel: '', removeAttribute: vi.fn() };
    const document = {
      querySelectorAll: (selector: string) => (selector === 'link[data-after-paint]' ? [preload] : []),
      querySelector: (selector: string) => (selector === 'script[data-hydrate-after-paint]' ? held : null),
      createElement: () => {
        const element = {} as Record<string, string>;
        created.push(element);
        return element;
      },
      addEventListener: vi.fn(),
    };
    new Function('document', 'requestAnimationFrame', 'setTimeout', loader)(
      document,
      (f: () => void) => frames.push(f),
      (f: () => void) => timers.push(f),
    );
    expect(held.after).not.toHaveBeenCalled();
    frames.shift()!();
    expect(held.after).not.toHaveBeenCalled();
    expect(preload.rel).toBe('');
    timers.shift()!();
    expect(preload.rel).toBe('modulepreload');
    expect(preload.removeAttribute).toHaveBeenCalledWith('data-after-paint');
    expect(created).toEqual([{ type: 'module', nonce: 'n0nce', textContent: 'import "/m.js";' }]);
    expect(held.after).toHaveBeenCalledWith(created[0]);
    expect(held.removeAttribute).toHaveBeenCalledWith('data-hydrate-after-paint');
  });
});
