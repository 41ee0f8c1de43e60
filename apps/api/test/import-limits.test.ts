import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Call, client, createEngineApp } from './engine/setup';
import { hugeCellRow, numberedRows, xlsxFile } from './engine/xlsx-files';
import { multipart } from './helpers';

// An import reads its file as a stream and stops at the row limit plus one, and a file that unpacks to more than
// the unpacked-size limit is refused: a small file of a million rows, or one that unpacks to hundreds of
// megabytes, is refused with a clear message without holding up the server or growing its memory. The bounds
// below are behaviour bounds (the loop is never held for seconds, memory stays in tens of megabytes), generous
// for a busy machine; the unbounded reader held the loop for about 15 s and grew by more than a gigabyte.

/** Longest a health check may wait while a refused file is read (a loaded two-core machine has stalled a check
 * for 1.2 s with the streaming reader; the unbounded one held it for 15 s). */
const MAX_WAIT_MS = 3_000;
/** Most the process's resident memory may grow while a refused file is read. */
const MAX_GROWTH_MB = 200;

let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;

let origin = '';

beforeAll(async () => {
  t = await createEngineApp();
  call = client(t.app, t.token);
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t?.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Posts a file over HTTP while another client asks for the health check every 20 ms, as a load balancer does:
 * the slowest answer is how long the server was held up; the resident memory is sampled with it.
 */
async function postWatched(path: string, data: Buffer, lang: 'en' | 'zh', type = XLSX) {
  const form = await multipart({ file: { filename: type === XLSX ? 'big.xlsx' : 'big.csv', type, data } });
  const base = process.memoryUsage.rss();
  let peak = base;
  let slowest = 0;
  let checks = 0;
  let done = false;
  const watch = (async () => {
    while (!done) {
      const start = performance.now();
      const health = await fetch(`${origin}/api/healthz`);
      await health.arrayBuffer();
      slowest = Math.max(slowest, performance.now() - start);
      checks++;
      peak = Math.max(peak, process.memoryUsage.rss());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    body: new Uint8Array(form.payload),
    headers: { ...form.headers, 'x-token': t.token, 'accept-language': lang === 'zh' ? 'zh-CN' : 'en-US' },
  });
  // biome-ignore lint/suspicious/noExplicitAny: the envelope of either answer; the assertions check it.
  const body = (await res.json()) as any;
  done = true;
  await watch;
  return { status: res.status, body, slowestMs: slowest, checks, growthMb: (peak - base) / 1024 / 1024 };
}

const tagCount = async () =>
  (await call({ method: 'GET', url: '/api/company_tag/list?size=1' })).body.content.total as number;

describe('import limits', () => {
  it('refuses an xlsx of a million rows at the row limit, without holding the server or growing its memory', async () => {
    const file = await xlsxFile(['Name'], numberedRows(1_000_000, 1), ['Tag']);
    expect(file.length).toBeLessThan(5 * 1024 * 1024);
    const before = await tagCount();

    const res = await postWatched('/api/company_tag/import?dryRun=false', file, 'en');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The file is too large: at most 5,000 rows');
    expect(res.slowestMs).toBeLessThan(MAX_WAIT_MS);
    expect(res.checks).toBeGreaterThan(0);
    expect(res.growthMb).toBeLessThan(MAX_GROWTH_MB);
    expect(await tagCount()).toBe(before);

    // the account import's check, in Chinese, at its own limit
    const users = await postWatched('/api/user_manager/upload', file, 'zh');
    expect(users.status).toBe(413);
    expect(users.body.message).toBe('文件过大：最大 10,000 行');
    expect(users.slowestMs).toBeLessThan(MAX_WAIT_MS);
    expect(users.growthMb).toBeLessThan(MAX_GROWTH_MB);
  }, 120_000);

  it('refuses a CSV of a million rows the same way', async () => {
    const csv = Buffer.from(`Name\r\n${'x\r\n'.repeat(1_000_000)}`);
    const before = await tagCount();
    const res = await postWatched('/api/company_tag/import?dryRun=false', csv, 'zh', 'text/csv');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('文件过大：最大 5,000 行');
    expect(res.slowestMs).toBeLessThan(MAX_WAIT_MS);
    expect(res.growthMb).toBeLessThan(MAX_GROWTH_MB);
    expect(await tagCount()).toBe(before);
  }, 120_000);

  it('refuses a small xlsx that unpacks to hundreds of megabytes (a zip bomb) before unpacking it all', async () => {
    const file = await xlsxFile(['Name'], hugeCellRow(300));
    expect(file.length).toBeLessThan(1024 * 1024);
    const before = await tagCount();
    const res = await postWatched('/api/company_tag/import?dryRun=false', file, 'en');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The file is too large: at most 50 MB once unpacked');
    expect(res.slowestMs).toBeLessThan(MAX_WAIT_MS);
    expect(res.growthMb).toBeLessThan(MAX_GROWTH_MB);
    expect(await tagCount()).toBe(before);
  }, 120_000);

  it('still imports a hand-written xlsx within the limits', async () => {
    const file = await xlsxFile(
      ['Name', 'Status'],
      [
        '<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" t="inlineStr"><is><t>Enabled</t></is></c></row>',
        // a blank row is skipped; a rich-text cell reads as its text without the phonetic hint
        '<row r="3"/><row r="4"><c r="A4" t="inlineStr"><is><r><t>Bulk </t></r><r><t>goods</t></r><rPh><t>x</t></rPh></is></c><c r="B4" t="str"><v>Disabled</v></c></row>',
      ],
      ['Hand-written tag'],
    );
    const res = await postWatched('/api/company_tag/import?dryRun=false', file, 'en');
    expect(res.status).toBe(200);
    expect(res.body.content).toMatchObject({ total: 2, created: 2, invalid: 0 });
    const list = await call({ method: 'GET', url: '/api/company_tag/list?keyword=goods' });
    expect(list.body.content.list.map((r: { name: string; status: string }) => [r.name, r.status])).toEqual([
      ['Bulk goods', 'disabled'],
    ]);
    const first = await call({ method: 'GET', url: '/api/company_tag/list?keyword=Hand-written' });
    expect(first.body.content.list[0]).toMatchObject({ name: 'Hand-written tag', status: 'enabled' });
  });
});
