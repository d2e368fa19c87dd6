// The attack suite runs like the API tests (PGlite, or PostgreSQL when TEST_DATABASE_URL is set),
// with the per-address scan limit raised: it sends thousands of requests from few addresses, and
// the limit itself is tested in tests/api/verify.test.ts.
import './api-env';

process.env.SCAN_RATE_LIMIT_PER_MINUTE = '1000000';
// The SMS gateway's delivery reports are signed with its token (tests/attack/world.ts RECEIPT_SECRETS).
process.env.SMS_HTTP_TOKEN = 'attack-sms-gateway-token-4567';

// One connection per request: thousands of quick requests on kept-alive sockets race the
// server's idle timeout now and then ("socket hang up"), which is not what is under test.
const http = require('node:http') as typeof import('node:http');
http.globalAgent = new http.Agent({ keepAlive: false });
