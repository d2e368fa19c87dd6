import 'server-only';
import { appFile } from '@/lib/app-folder';
import PDFDocument from 'pdfkit';
import { CATALOGUES } from '@/messages';
import { translator, type Locale, type MessageKey } from '@/lib/shared/i18n';
import { formatsFor } from '@/lib/shared/formats';
import type { MyData } from '@/lib/schemas/my-data';

// "My data" as a readable PDF (GET /api/customer/my-data/pdf, docs/legal-and-embedding.md): the
// same content as the JSON download (lib/api/customer/my-data.ts), laid out for a person, in the
// customer's language, its times in the brand's time zone. Written by pdfkit (plain JavaScript,
// no native code). Names, addresses and messages may be in any of the Indian scripts whatever the
// language, so the text is set run by run: each script's run in its Noto font, embedded (the
// WOFF the app ships, public/fonts; pdfkit embeds only the glyphs used), and the rest in
// Helvetica. A character no font here has (an emoji, another script) is printed as '?'.

type Script = { file: string; from: number; to: number };
/** The Indian scripts' Noto fonts (lib/shared/fonts.ts), by the block of each script. */
const SCRIPTS: Script[] = [
  { file: 'noto-sans-devanagari-devanagari', from: 0x0900, to: 0x097f },
  { file: 'noto-sans-bengali-bengali', from: 0x0980, to: 0x09ff },
  { file: 'noto-sans-tamil-tamil', from: 0x0b80, to: 0x0bff },
  { file: 'noto-sans-telugu-telugu', from: 0x0c00, to: 0x0c7f },
];
/** Characters the script fonts share (joiners, danda, the dotted circle): they follow the run they are in. */
const SHARED = new Set([0x200c, 0x200d, 0x0964, 0x0965, 0x0951, 0x0952, 0x25cc]);
const RUPEE = 0x20b9;
/** What Helvetica (WinAnsi) prints beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'].map((c) => c.codePointAt(0)!));

const LATIN = -1;
const UNKNOWN = -2;

function fontOf(cp: number): number {
  const i = SCRIPTS.findIndex((s) => cp >= s.from && cp <= s.to);
  if (i >= 0) return i;
  if (cp === 0x09 || cp === 0x0a || (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp)) return LATIN;
  return UNKNOWN;
}

/** The text as runs of one font each: a script's index, or LATIN (characters no font has become '?'). */
export function fontRuns(text: string): { font: number; text: string }[] {
  const runs: { font: number; text: string }[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const last = runs.at(-1);
    let font = fontOf(cp);
    let out = ch;
    if (SHARED.has(cp) || cp === 0x20) font = last?.font ?? (SHARED.has(cp) ? 0 : LATIN);
    else if (cp === RUPEE) font = 0; // ₹: Helvetica has none (nor the Telugu subset); the Devanagari font has it
    else if (font === UNKNOWN) {
      font = LATIN;
      out = '?';
    }
    if (last && last.font === font) last.text += out;
    else runs.push({ font, text: out });
  }
  return runs;
}

const fontFile = (file: string) => appFile('public', 'fonts', `${file}-400-normal.woff`);

const POLICY_KEYS = { 'Terms & Conditions': 'legal.terms', 'Privacy Policy': 'legal.privacy', 'Cookie Policy': 'legal.cookiePolicy' } as const satisfies Record<string, MessageKey>;

export async function myDataPdf(data: MyData, language: { locale: Locale; timeZone: string }): Promise<Buffer> {
  const t = translator(CATALOGUES[language.locale], CATALOGUES.en);
  const f = formatsFor(language.locale, language.timeZone);
  const when = (iso: string) => f.moment(iso);
  const day = (value: string) => f.day(value);

  const doc = new PDFDocument({ size: 'A4', margin: 50, lang: language.locale, info: { Title: `${t('myData.title')}: ${data.brand}`, Author: data.brand } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const registered = new Set<number>();
  /** `text` in the fonts its characters need; `continued` as pdfkit's. */
  const write = (text: string, bold = false, options: PDFKit.Mixins.TextOptions = {}) => {
    const runs = fontRuns(text);
    if (!runs.length) runs.push({ font: LATIN, text: '' });
    runs.forEach((run, i) => {
      if (run.font >= 0 && !registered.has(run.font)) {
        doc.registerFont(`script${run.font}`, fontFile(SCRIPTS[run.font]!.file));
        registered.add(run.font);
      }
      doc.font(run.font >= 0 ? `script${run.font}` : bold ? 'Helvetica-Bold' : 'Helvetica');
      doc.text(run.text, { ...options, continued: i < runs.length - 1 ? true : options.continued });
    });
  };
  const heading = (key: MessageKey) => {
    doc.moveDown(0.8).fontSize(14).fillColor('#000000');
    write(t(key), true);
    doc.moveDown(0.2).fontSize(10);
  };
  const field = (key: MessageKey, value: string | null | undefined) => {
    if (!value) return;
    write(`${t(key)}: `, true, { continued: true });
    write(value);
  };
  const item = (text: string) => write(`• ${text}`, false, { indent: 8 });
  const none = <T,>(list: readonly T[], each: (x: T) => void) => {
    if (list.length === 0) write(t('myDataPdf.none'));
    else list.forEach(each);
  };

  doc.fontSize(18);
  write(t('myDataPdf.title', { brand: data.brand }), true);
  doc.moveDown(0.3).fontSize(9).fillColor('#444444');
  write(t('myDataPdf.made', { date: when(data.exportedAt), zone: f.timeZone }));
  doc.fillColor('#000000');

  const p = data.profile;
  heading('myDataPdf.profile');
  field('account.name', p.userName);
  field('myDataPdf.company', p.companyName);
  field('myDataPdf.email', p.emailId);
  field('myDataPdf.mobile', p.mobileNoDetails?.mobileNo);
  field('myDataPdf.dob', p.dob ? day(p.dob) : null);
  field('myDataPdf.upi', p.vpa);
  const a = p.address;
  field('account.address', [a.fullAddress, a.city, a.state, a.pincode, a.country].filter(Boolean).join(', '));
  field('myDataPdf.language', p.language);

  heading('myDataPdf.products');
  none(data.products, (x) => item(t('myDataPdf.product', { product: x.product.name, batch: x.batch.batchNumber, date: when(x.claimedAt) })));

  heading('myDataPdf.warranties');
  none(data.warranties, (w) => item(t('myDataPdf.warranty', { product: w.productName, status: w.status, from: day(w.startsOn), to: day(w.endsOn), date: when(w.registeredAt) })));

  heading('myDataPdf.complaints');
  none(data.complaints, (c) => item(t('myDataPdf.complaint', { ticket: c.ticketId, category: c.category, product: c.productName ?? '-', status: c.status, date: when(c.createdAt) })));

  heading('myDataPdf.rewards');
  none(data.rewards, (r) => item(t('myDataPdf.reward', { reward: r.name, product: r.productName, amount: r.amountText ?? r.couponCode ?? r.type, date: when(r.earnedAt) })));

  heading('myDataPdf.payouts');
  none(data.transactions, (x) =>
    item(
      t('myDataPdf.payout', { reward: x.rewardName, amount: x.amountText, status: x.status, reference: x.reference, date: when(x.createdAt) }) +
        (x.bankRef ? ` · ${t('myDataPdf.bankRef', { ref: x.bankRef })}` : ''),
    ),
  );

  heading('myDataPdf.messages');
  none(data.messages, (m) => {
    write(`${when(m.createdAt)}: `, true, { continued: true });
    write(m.subject);
    write(m.body, false, { indent: 8 });
    doc.moveDown(0.3);
  });

  heading('myData.consents');
  none([...data.consents.policies.map((x) => ({ kind: 'policy' as const, ...x })), ...data.consents.cookieConsent.map((x) => ({ kind: 'cookie' as const, ...x }))], (c) =>
    item(c.kind === 'policy' ? t('myData.policyAccepted', { policy: t(POLICY_KEYS[c.documentType]), version: c.version, date: when(c.acknowledgedAt) }) : t('myData.cookieAccepted', { date: when(c.givenAt) })),
  );

  doc.end();
  return done;
}
