import type { ReactNode } from 'react';

// A small Markdown renderer for legal documents: headings, paragraphs, lists, **bold**, *italic*
// and [links](https://…). It builds React elements (never HTML strings), so a document cannot
// inject markup or script. Links other than http(s), mailto and site paths render as text.

function safeHref(href: string): string | undefined {
  return /^(https?:\/\/|mailto:|\/(?!\/))/i.test(href) ? href : undefined;
}

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /\*\*([^*]+)\*\*|\*([^*]+)\*|_([^_]+)_|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  let m: RegExpExecArray | null;
  let i = 0;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const k = `${key}-${i++}`;
    if (m[1] !== undefined) out.push(<strong key={k}>{m[1]}</strong>);
    else if (m[2] !== undefined || m[3] !== undefined) out.push(<em key={k}>{m[2] ?? m[3]}</em>);
    else {
      const href = safeHref(m[5]!);
      out.push(href ? <a key={k} href={href} className="text-blue-800 underline" {...(href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>{m[4]}</a> : m[4]);
    }
    last = re.lastIndex;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

type Block = { kind: 'h'; level: number; text: string } | { kind: 'p'; text: string } | { kind: 'ul' | 'ol'; items: string[] };

function blocks(source: string): Block[] {
  const out: Block[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length) out.push({ kind: 'p', text: para.join(' ') });
    para = [];
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      out.push({ kind: 'h', level: heading[1]!.length, text: heading[2]! });
    } else if (bullet || numbered) {
      flush();
      const kind = bullet ? 'ul' : 'ol';
      const prev = out[out.length - 1];
      const item = (bullet ?? numbered)![1]!;
      if (prev && prev.kind === kind) prev.items.push(item);
      else out.push({ kind, items: [item] });
    } else para.push(line);
  }
  flush();
  return out;
}

const headingClass = ['text-2xl font-bold', 'text-xl font-bold', 'text-lg font-semibold'];

export function Markdown({ source }: { source: string }) {
  return (
    <div className="flex flex-col gap-3">
      {blocks(source).map((b, i) => {
        const key = `b${i}`;
        if (b.kind === 'h') {
          const Tag = `h${Math.min(b.level + 1, 6)}` as 'h2';
          return <Tag key={key} className={headingClass[Math.min(b.level, 3) - 1]}>{inline(b.text, key)}</Tag>;
        }
        if (b.kind === 'p') return <p key={key}>{inline(b.text, key)}</p>;
        const List = b.kind;
        return (
          <List key={key} className={`${b.kind === 'ul' ? 'list-disc' : 'list-decimal'} pl-6`}>
            {b.items.map((item, j) => (
              <li key={j}>{inline(item, `${key}-${j}`)}</li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
