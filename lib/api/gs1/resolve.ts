import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { batches, codes, products } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';
import { brandConfigOf } from '@/lib/brands/brand-config';
import { findClientByHost, type ClientRow } from '@/lib/brands/find-client';
import digitalLink from 'digital-link.js';
import { digitalLinkPath, GS1_VOC, isDigitalLinkPath, parseDigitalLinkPath, type DigitalLinkKey } from '@/lib/domain/gs1';
import { originOf, PAGE_PATH_OF_ROUTE, printedRouteOf } from '@/lib/domain/qr-id';
import { env } from '@/lib/edge/env';
import { ensureGs1SigningKey, publicJwkOf, verifyGs1Signature } from '@/lib/console/gs1-signature';
import type { Gs1Resolution } from '@/lib/schemas/gs1';
import type { z } from 'zod';
import type { gs1DescriptionSchema, gs1SigningKeySchema } from '@/lib/schemas/gs1';

// The GS1 resolver's data (docs/gs1.md): which links answer a Digital Link path on a brand's
// domain. Public and keyed by the domain, like the embedding lookup: middleware on the Edge
// runtime asks it of this server and cannot set the Host header, and what it tells is what the
// brand's domain itself answers to anyone. A brand without GS1 switched on (or a blacklisted
// one, or an unknown domain) is not found: the path stays 'Page not Found!'.
//
// Nothing is recorded here: the resolver only sends the visitor on, and the verify page it sends
// a unit's visitor to is the unit's own qrId page, where the check is counted, claims and risk are
// decided, exactly as for the qrId link (one unit, one count).

type Level = Gs1Resolution['levels'][number];
type Link = Level['links'][number];

async function gs1Brand(domain: string): Promise<ClientRow> {
  const client = await findClientByHost(domain);
  if (!client || client.serviceStatus === 'Blacklisted' || !brandConfigOf(client).gs1.enabled) {
    throw new ApiError('not_found', 'No GS1 resolver on this domain');
  }
  return client;
}

/** The links every level of the brand's items offers after its own (warranty, support, recalls), as the brand has them on. */
function brandLinks(client: ClientRow): Link[] {
  const config = brandConfigOf(client);
  const links: Link[] = [];
  if (config.flags.isWarrantyEnabled) links.push({ linkType: 'registerProduct', href: '/warranty', title: 'Register your warranty' });
  if (config.flags.isComplaintManagementEnabled) links.push({ linkType: 'customerSupport', href: '/raise-complaint', title: 'Customer support' });
  if (config.gs1.recallStatusUrl) links.push({ linkType: 'recallStatus', href: config.gs1.recallStatusUrl, title: 'Recall status' });
  return links;
}

/** A well-formed qrId that no code has (64 hex characters; generated ids are 17): its verify page answers Fake. */
export function unknownUnitQrId(clientId: string, key: DigitalLinkKey): string {
  return createHash('sha256').update(`${clientId}\u0000${digitalLinkPath(key)}`).digest('hex');
}

/**
 * The uncompressed path of a compressed Digital Link URI (GS1 Digital Link: Compression, read by
 * digital-link.js), or undefined when the path is none: then it is no resolver path at all.
 */
function decompressedPath(path: string): string | undefined {
  try {
    const uri = new URL(digitalLink.Utils.decompressWebUri(`https://resolver.invalid${path.replace(/\/$/, '')}`));
    return isDigitalLinkPath(uri.pathname) ? uri.pathname : undefined;
  } catch {
    return undefined;
  }
}

export async function resolveDigitalLink(domain: string, rawPath: string, signature?: string): Promise<Gs1Resolution> {
  const client = await gs1Brand(domain);
  const path = isDigitalLinkPath(rawPath) ? rawPath : decompressedPath(rawPath);
  if (!path) throw new ApiError('not_found', 'No GS1 Digital Link URI');
  const parsed = parseDigitalLinkPath(path);
  if (!parsed.ok) throw new ApiError('bad_request', parsed.problem, undefined, 'path');
  const { key } = parsed;
  const requestPath = digitalLinkPath(key);
  const db = await getDb();
  const [product] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.clientId, client.id), eq(products.gtin, key.gtin)))
    .limit(1);

  // A serial that is no unit of ours (or a GTIN that is no product of ours, with a serial): the
  // verify service of no code, whose verdict is Fake, and nothing that looks like a genuine product.
  const unknownSerial = (matched: 'unknown-serial' | 'bad-signature' = 'unknown-serial'): Gs1Resolution => ({
    path: requestPath,
    matched,
    levels: [
      {
        path: requestPath,
        itemDescription: 'Unknown item',
        defaultLinkType: 'verificationService',
        links: [{ linkType: 'verificationService', href: `${PAGE_PATH_OF_ROUTE.info}${unknownUnitQrId(client.id, key)}`, title: 'Verify this product' }],
      },
    ],
  });
  // A brand that signs its URIs (gs1.signUris) takes a unit's URI only with its good signature
  // (AI 8030): a look-alike made up elsewhere, unsigned or signed by anyone else, is refused like an
  // unknown serial (Fake), whatever unit it names. Product and lot URIs name no unit: not signed.
  const config = brandConfigOf(client);
  if (key.serial !== undefined && config.gs1.signUris) {
    const signingKey = await ensureGs1SigningKey(client.id);
    if (!verifyGs1Signature(signingKey.publicKeyObject, key, signature)) return unknownSerial('bad-signature');
  }
  if (!product) {
    if (key.serial !== undefined) return unknownSerial();
    throw new ApiError('not_found', 'No product of this brand has this GTIN');
  }

  const shared = brandLinks(client);
  const productPath = digitalLinkPath({ gtin: key.gtin });
  const productLevel: Level = {
    path: productPath,
    itemDescription: product.name,
    defaultLinkType: 'pip',
    links: [{ linkType: 'pip', href: '/info', title: 'Product information' }, ...shared],
  };

  const batch =
    key.lot === undefined
      ? undefined
      : (
          await db
            .select({ id: batches.id, batchNumber: batches.batchNumber })
            .from(batches)
            .where(and(eq(batches.clientId, client.id), eq(batches.productId, product.id), sql`coalesce(${batches.lot}, ${batches.batchNumber}) = ${key.lot}`))
            .limit(1)
        )[0];
  const lotLevel: Level | undefined = batch && {
    path: digitalLinkPath({ gtin: key.gtin, lot: key.lot }),
    itemDescription: `${product.name}, batch ${batch.batchNumber}`,
    defaultLinkType: 'verificationService',
    links: [
      { linkType: 'verificationService', href: `/verify-by-batchnumber?batchNumber=${encodeURIComponent(batch.batchNumber)}`, title: 'Check this batch' },
      { linkType: 'pip', href: `/verify-by-batchnumber?batchNumber=${encodeURIComponent(batch.batchNumber)}`, title: 'Product and batch details' },
      ...shared,
    ],
  };

  if (key.serial !== undefined) {
    const [unit] = await db
      .select({ qrId: codes.qrId, level: codes.level, isBatchLevel: codes.isBatchLevel, batchId: codes.batchId })
      .from(codes)
      .where(
        and(
          eq(codes.clientId, client.id),
          eq(codes.productId, product.id),
          eq(codes.level, 6),
          sql`${codes.pairId} is not null`,
          sql`coalesce(${codes.serial}, ${codes.qrId}) = ${key.serial}`,
        ),
      )
      .limit(1);
    // A serial printed with another lot than its own is not this unit's URI.
    if (!unit || (key.lot !== undefined && unit.batchId !== batch?.id)) return unknownSerial();
    const route = printedRouteOf(6, unit.isBatchLevel, brandConfigOf(client).verification.printedOvertRoute);
    const unitLevel: Level = {
      path: requestPath,
      itemDescription: `${product.name}, serial ${key.serial}`,
      defaultLinkType: 'verificationService',
      links: [
        { linkType: 'verificationService', href: `${PAGE_PATH_OF_ROUTE[route]}${unit.qrId}`, title: 'Verify this product' },
        { linkType: 'pip', href: `/product-details?qrId=${encodeURIComponent(unit.qrId)}`, title: 'Product details' },
        ...shared,
      ],
    };
    return { path: requestPath, matched: 'unit', levels: [unitLevel, ...(lotLevel ? [lotLevel] : []), productLevel] };
  }
  // An unknown lot walks up to the product's links.
  return { path: requestPath, matched: lotLevel ? 'lot' : 'product', levels: [...(lotLevel ? [lotLevel] : []), productLevel] };
}

/** The resolver description file of a brand with GS1 on (`/.well-known/gs1resolver`). */
export async function resolverDescription(domain: string): Promise<z.input<typeof gs1DescriptionSchema>> {
  const client = await gs1Brand(domain);
  return {
    name: `${client.organizationName} GS1-conformant resolver`,
    resolverRoot: originOf(domain, env().PORT),
    supportedPrimaryKeys: ['01'],
    supportedLinkType: [{ namespace: GS1_VOC, prefix: 'gs1:', profile: `${GS1_VOC}?show=linktypes` }],
    linkTypeDefaultCanBeLinkset: false,
    supportedContextValuesEnumerated: [],
  };
}

/** The public key of a brand that signs its GS1 URIs (`/.well-known/gs1-signing-key`), as a JWK; 404 when it signs none. */
export async function signingPublicKey(domain: string): Promise<z.input<typeof gs1SigningKeySchema>> {
  const client = await gs1Brand(domain);
  if (!brandConfigOf(client).gs1.signUris) throw new ApiError('not_found', 'This brand does not sign its GS1 URIs');
  return publicJwkOf(await ensureGs1SigningKey(client.id));
}
