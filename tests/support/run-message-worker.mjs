// The message worker (lib/messaging/worker.ts) in a process of its own, on the DATA_DIR or
// DATABASE_URL it is given, for the test that kills it mid-send (tests/api/messages-worker-kill.test.ts).
// Run with --conditions=react-server. Modes:
//   seed <n>  a brand with a DLT template for recalls, a customer with a mobile number, n recalls queued; prints { clientId }
//   work      rounds until nothing is due (its clock MESSAGE_NOW_OFFSET_MS ahead); prints the rounds
//   report    prints the brand's outbox rows
import { loadAppModule } from '../../scripts/app-bundle.mjs';

const { closeDb, getDb, createBrand, customers, messageOutbox, enqueueCustomerMessage, deliverDueMessages } = await loadAppModule('tests/support/message-worker-modules.ts');
const { eq } = await import('drizzle-orm');

const [mode, arg] = process.argv.slice(2);
const db = await getDb();
if (mode === 'seed') {
  const tag = `kill${Date.now().toString(36)}`;
  const brand = await createBrand({ slug: tag, name: `Brand ${tag}`, domains: [`${tag}.localhost`], config: { messaging: { smsDltTemplates: { recall: '1107160000000000001' } } } });
  const customerId = `cus_${tag}`;
  await db.insert(customers).values({ id: customerId, clientId: brand.id, userName: 'Ravi', mobile: '+919812345678', contactVerifiedAt: new Date() });
  for (let i = 0; i < Number(arg); i++) {
    await enqueueCustomerMessage(db, { clientId: brand.id, customerId, kind: 'recall', eventKey: `r${i}`, params: { product: 'Kettle', batch: 'B7', notice: `Notice ${i}` } });
  }
  console.log(JSON.stringify({ clientId: brand.id }));
} else if (mode === 'work') {
  const offset = Number(process.env.MESSAGE_NOW_OFFSET_MS ?? 0);
  const rounds = [];
  for (;;) {
    const r = await deliverDueMessages({ now: new Date(Date.now() + offset), limit: 3 });
    rounds.push(r);
    console.log(JSON.stringify(r));
    if (r.claimed === 0) break;
  }
} else if (mode === 'report') {
  console.log(JSON.stringify(await db.select().from(messageOutbox).where(eq(messageOutbox.clientId, arg))));
}
await closeDb();
