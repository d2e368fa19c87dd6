import { pgTable, text, timestamp, boolean, primaryKey, index } from 'drizzle-orm/pg-core';
import { clients } from './core';

// What a Manufacturer brand shares with a Retailer organisation (migration 0020_brand_shares,
// docs/console.md): each kind switched on its own; it concerns the brand's batches assigned to
// that retailer (batches.retailer_client_id).

export const brandShares = pgTable(
  'brand_shares',
  {
    brandClientId: text('brand_client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    retailerClientId: text('retailer_client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    shareScans: boolean('share_scans').notNull().default(false),
    shareComplaints: boolean('share_complaints').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandClientId, t.retailerClientId] }), index('brand_shares_retailer_idx').on(t.retailerClientId)],
);
