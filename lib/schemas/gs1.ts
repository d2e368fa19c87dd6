import { z } from 'zod';

// The Brand API's answers for the GS1 resolver (docs/gs1.md): middleware.ts asks them of this
// server for a `/01/…` path or `/.well-known/gs1resolver` on a brand's domain and turns them into
// the resolver's HTTP answers (lib/edge/gs1-answer.ts).

export const gs1QuerySchema = z.object({
  domain: z.string().min(1).max(253),
  path: z.string().min(1).max(1024),
  /** The URI's AI 8030 value (`?8030=`), as read: checked for a brand that signs its URIs, ignored otherwise. */
  signature: z.string().max(100).optional(),
});

export const gs1SigningKeySchema = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
});

export const gs1DescriptionQuerySchema = z.object({ domain: z.string().min(1).max(253) });

const linkSchema = z.object({
  /** Short name in the GS1 Web vocabulary ('pip'). */
  linkType: z.string(),
  /** Path on the brand's domain, with its own query, if any. */
  href: z.string(),
  title: z.string(),
});

/** One identified item of the answer: the unit, its lot, its product (most granular first). */
const levelSchema = z.object({
  /** Canonical Digital Link path of the item (the linkset's anchor on the brand's origin). */
  path: z.string(),
  itemDescription: z.string(),
  defaultLinkType: z.string(),
  links: z.array(linkSchema),
});

export const gs1ResolutionSchema = z.object({
  /** The canonical path of the request (uncompressed, 14-digit GTIN, without a trailing slash). */
  path: z.string(),
  /** The items whose links answer the request, most granular first (a walk up the key's qualifiers). */
  levels: z.array(levelSchema).min(1),
  /**
   * Which of the request's keys matched: an unknown serial, and a unit URI without a good signature
   * on a brand that signs its URIs, are answered with the verify service of no code (Fake).
   */
  matched: z.enum(['unit', 'lot', 'product', 'unknown-serial', 'bad-signature']),
});
export type Gs1Resolution = z.infer<typeof gs1ResolutionSchema>;

export const gs1DescriptionSchema = z.object({
  name: z.string(),
  resolverRoot: z.string(),
  supportedPrimaryKeys: z.array(z.string()),
  supportedLinkType: z.array(z.object({ namespace: z.string(), prefix: z.string(), profile: z.string() })),
  linkTypeDefaultCanBeLinkset: z.boolean(),
  supportedContextValuesEnumerated: z.array(z.string()),
});
