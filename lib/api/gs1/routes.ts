import 'server-only';
import { defineRoute } from '../define-route';
import { gs1DescriptionQuerySchema, gs1DescriptionSchema, gs1QuerySchema, gs1ResolutionSchema, gs1SigningKeySchema } from '@/lib/schemas/gs1';
import { resolveDigitalLink, resolverDescription, signingPublicKey } from './resolve';

// The GS1 resolver's data (docs/gs1.md), asked by middleware.ts for the brand's domain: public and
// domain-keyed (resolve.ts). The resolver's HTTP answers (redirects, linksets, CORS) are built
// from these at the edge (lib/edge/gs1-answer.ts).

export const gs1Routes = [
  // GET /api/gs1/resolution?domain=&path=/01/… — the links that answer a Digital Link path
  defineRoute({
    method: 'get',
    path: '/gs1/resolution',
    tag: 'gs1',
    access: 'public',
    description: 'Public: the GS1 Digital Link resolution of a path on the domain of a brand with GS1 switched on; 404 otherwise, 400 for a malformed path.',
    query: gs1QuerySchema,
    response: { description: 'The items and links that answer the path, most granular first', schema: gs1ResolutionSchema },
    errors: { 400: 'A malformed Digital Link path (field path)', 404: 'No GS1 resolver on the domain, or no product with the GTIN' },
    handle: ({ query }) => resolveDigitalLink(query.domain, query.path, query.signature),
  }),

  // GET /api/gs1/description?domain= — the resolver description file (/.well-known/gs1resolver)
  defineRoute({
    method: 'get',
    path: '/gs1/description',
    tag: 'gs1',
    access: 'public',
    description: 'Public: the GS1 resolver description file of the domain of a brand with GS1 switched on.',
    query: gs1DescriptionQuerySchema,
    response: { description: 'Resolver description', schema: gs1DescriptionSchema },
    errors: { 404: 'No GS1 resolver on the domain' },
    handle: ({ query }) => resolverDescription(query.domain),
  }),

  // GET /api/gs1/signing-key?domain= — the public key that signs the brand's GS1 URIs (/.well-known/gs1-signing-key)
  defineRoute({
    method: 'get',
    path: '/gs1/signing-key',
    tag: 'gs1',
    access: 'public',
    description: 'Public: the Ed25519 public key (JWK) that signs the GS1 URIs (AI 8030) of the brand on the domain.',
    query: gs1DescriptionQuerySchema,
    response: { description: 'The public key, RFC 8037 JWK', schema: gs1SigningKeySchema },
    errors: { 404: 'No GS1 resolver on the domain, or the brand does not sign its URIs' },
    handle: ({ query }) => signingPublicKey(query.domain),
  }),
];
