import 'server-only';
import { publishLegalDocument } from './legal';
import type { LegalDocumentType } from '@/lib/schemas/legal';

// Version 1 of the demo brand's three legal documents (a seed step of lib/db/seed.ts). Short
// and honest: the demo brand is not a real business and these texts say so.

const texts: Record<LegalDocumentType, string> = {
  'Terms & Conditions': `# Terms of use

This is the **Demo Brand**, a sample brand that shows how the app works. It sells nothing.

## Using the app
- You can scan a product code to learn whether the product is genuine.
- If you sign in, you can claim a product, register its warranty, earn rewards and raise complaints.
- Keep your sign-in details to yourself. You are responsible for what is done with your account.

## What we promise
Verification results come from the codes the brand registered. A result can be wrong if a code was
copied or damaged; contact the brand when something looks wrong.

## Ending
You can delete your account at any time from your profile. We may suspend accounts that misuse the service.
`,
  'Privacy Policy': `# Privacy policy

This is the **Demo Brand**, a sample brand. Data entered here is demo data; do not enter real personal details.

## What we keep
- Your contact (e-mail or mobile number) and the profile details you choose to add.
- The codes you scan, when, and the result; your coarse location only if you allow it.
- Which version of these policies you accepted, and when.

## Why
To verify products, run warranty, rewards and complaints, and detect counterfeits.

## Your choices
You can edit your profile or delete your account at any time. Deleting it erases your personal
details; records of scans and accepted policies are kept without them.
`,
  'Cookie Policy': `# Cookie policy

The **Demo Brand** app uses one cookie: a session cookie that keeps you signed in. It is needed
for the app to work, holds no personal details and is not used for advertising or tracking.

Your choices about these policies are also remembered in your browser's local storage until you sign in.
`,
};

export async function seedDemoLegalDocuments(clientId: string): Promise<void> {
  for (const [documentType, text] of Object.entries(texts) as Array<[LegalDocumentType, string]>) {
    await publishLegalDocument({ clientId, documentType, fileName: 'demo.md', bytes: new TextEncoder().encode(text) });
  }
}
