import { qrIdOf, recognizeCode, signedInPathOf } from '@/components/scan/recognize-link';

const HOST = 'demo.localhost:3401';
const ID = 'A1b2C3d4E5f6G7h8J';

describe('recognizeCode', () => {
  it.each([
    ['/verify/', 'auto'],
    ['/overt/verify/', 'overt'],
    ['/covert/pre/verify/', 'covert pre'],
    ['/covert/post/verify/', 'covert post'],
    ['/tert/verify/', 'case'],
    ['/quat/verify/', 'pallet'],
    ['/info/verify/', 'info'],
  ])('opens a %s link (%s route) of this host at its own path', (prefix) => {
    expect(recognizeCode(`http://${HOST}${prefix}${ID}`, HOST, null)).toEqual({ kind: 'ours', path: `${prefix}${ID}`, qrId: ID });
  });

  it('ignores case in the host and a leading www., and a trailing slash', () => {
    expect(recognizeCode(`http://WWW.Demo.Localhost:3401/overt/verify/${ID}/`, HOST)).toEqual({ kind: 'ours', path: `/overt/verify/${ID}`, qrId: ID });
  });

  it('refuses a verify link of another site, naming its host', () => {
    expect(recognizeCode(`https://evil.example/overt/verify/${ID}`, HOST, null)).toEqual({ kind: 'other-site', host: 'evil.example' });
  });

  it('refuses the same host on another port, and links with credentials', () => {
    expect(recognizeCode(`http://demo.localhost:9999/overt/verify/${ID}`, HOST).kind).toBe('other-site');
    expect(recognizeCode(`http://user:pw@${HOST}/overt/verify/${ID}`, HOST).kind).toBe('other-site');
  });

  it('refuses schemes other than http and https', () => {
    expect(recognizeCode('javascript:alert(1)', HOST)).toEqual({ kind: 'other-site', host: 'javascript' });
    expect(recognizeCode('WIFI:S:home;T:WPA;P:secret;;', HOST).kind).toBe('other-site');
  });

  it('treats a page of this site that is not a verify route as not a code', () => {
    expect(recognizeCode(`http://${HOST}/login`, HOST)).toEqual({ kind: 'not-a-code' });
    expect(recognizeCode(`http://${HOST}/overt/verify/not%20an%20id`, HOST)).toEqual({ kind: 'not-a-code' });
    expect(recognizeCode(`http://${HOST}/overt/verify/${ID}/extra`, HOST)).toEqual({ kind: 'not-a-code' });
  });

  it('opens a typed bare qrId on the auto route, but never a camera text that is not a link', () => {
    expect(recognizeCode(`  ${ID} `, HOST)).toEqual({ kind: 'ours', path: `/verify/${ID}`, qrId: ID });
    expect(recognizeCode(ID, HOST, '/info/verify/')).toEqual({ kind: 'ours', path: `/info/verify/${ID}`, qrId: ID });
    expect(recognizeCode(ID, HOST, null)).toEqual({ kind: 'not-a-code' });
  });

  it('accepts a typed link without its scheme', () => {
    expect(recognizeCode(`${HOST}/covert/post/verify/${ID}`, HOST)).toEqual({ kind: 'ours', path: `/covert/post/verify/${ID}`, qrId: ID });
  });

  it('says plain text and empty input are not codes', () => {
    expect(recognizeCode('hello world', HOST)).toEqual({ kind: 'not-a-code' });
    expect(recognizeCode('   ', HOST)).toEqual({ kind: 'not-a-code' });
    expect(recognizeCode('x'.repeat(65), HOST)).toEqual({ kind: 'not-a-code' });
  });
});

describe('qrIdOf', () => {
  it('finds the qrId of a bare id or one of our links, and nothing in a foreign link', () => {
    expect(qrIdOf(ID, HOST)).toBe(ID);
    expect(qrIdOf(`http://${HOST}/tert/verify/${ID}`, HOST)).toBe(ID);
    expect(qrIdOf(`https://evil.example/tert/verify/${ID}`, HOST)).toBeUndefined();
    expect(qrIdOf(undefined, HOST)).toBeUndefined();
  });
});

describe('signedInPathOf', () => {
  it('opens a printed info link on the signed-in overt verdict, and keeps every other route', () => {
    expect(signedInPathOf(`/info/verify/${ID}`)).toBe(`/overt/verify/${ID}`);
    for (const p of ['/verify/', '/overt/verify/', '/covert/pre/verify/', '/covert/post/verify/', '/tert/verify/', '/quat/verify/']) {
      expect(signedInPathOf(`${p}${ID}`)).toBe(`${p}${ID}`);
    }
  });
});
