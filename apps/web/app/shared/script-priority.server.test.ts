import { describe, expect, it } from 'vitest';
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
  const expected = page.replaceAll('rel="modulepreload"', 'rel="modulepreload" fetchpriority="low"');

  it('asks for every script preload at low priority, and changes nothing else', async () => {
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
      expect(out, `cut at ${cut}`).toBe('<p dir="rtl">۲٫۸۸ هش</p><link rel="modulepreload" fetchpriority="low" href="/a.js"/>');
    }
  });
});
