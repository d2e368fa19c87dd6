import { csvCell, csvLine, csvStream, keysetPages } from '@/lib/console/list-kit';


// The table kit's CSV (docs/console.md, "Lists"): safe in a spreadsheet, streamed page by page.

describe('csvCell', () => {
  it('makes a formula text and quotes what a CSV must', () => {
    expect(['=1+2', '+91 98', '-5', '@SUM(A1)', '\tx', 'plain', 'a,b', 'say "hi"', 'two\nlines', '', null, 7].map(csvCell)).toEqual([
      "'=1+2",
      "'+91 98",
      "'-5",
      "'@SUM(A1)",
      "'\tx",
      'plain',
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      '',
      '',
      '7',
    ]);
    expect(csvLine(['=HYPERLINK("x")', 'b'])).toBe('"\'=HYPERLINK(""x"")",b\r\n');
  });
});

describe('csvStream and keysetPages', () => {
  it('reads a page only when the reader asks, and stops reading when the reader cancels', async () => {
    const asked: Array<string | null> = [];
    const pages = keysetPages<string>(
      async (after, limit) => {
        asked.push(after?.id ?? null);
        const start = after ? Number(after.id) + 1 : 0;
        return Array.from({ length: Math.min(limit, 10 - start) }, (_, i) => ({ row: `r${start + i}`, key: { value: '', id: String(start + i) } }));
      },
      { pageRows: 4 },
    );
    async function* rows() {
      for await (const page of pages) yield page.map((r) => [r]);
    }
    const reader = csvStream(['name'], rows()).getReader();
    const d = new TextDecoder('utf-8', { ignoreBOM: true });
    expect(d.decode((await reader.read()).value)).toBe('\uFEFFname\r\n');
    expect(asked).toEqual([]);
    expect(d.decode((await reader.read()).value)).toBe('r0\r\nr1\r\nr2\r\nr3\r\n');
    expect(asked).toEqual([null]);
    await reader.cancel();
    expect(asked).toEqual([null]);
  });
});
