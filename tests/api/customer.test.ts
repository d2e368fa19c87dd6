import { call, createTestBrand, apiServerForFile } from '../support/api-server';
import { accessToken, customerRow, signUpWithPassword, uniqueEmail, PASSWORD } from './auth-support';

// The signed-in customer's own account: profile and deletion.

jest.setTimeout(30_000); // password hashing is deliberately slow, more so on a busy 2-core CI machine
const server = apiServerForFile();

async function signedIn() {
  const brand = await createTestBrand();
  const email = uniqueEmail();
  const { cookie, customerId } = await signUpWithPassword(server, brand.domain, email);
  const token = (await accessToken(server, brand.domain, cookie)).body.accessToken as string;
  return { brand, cookie, customerId, token, email };
}

describe('PUT /api/customer/customer-profile', () => {
  it('changes the given fields, merges the address and answers the updated profile', async () => {
    const { brand, token } = await signedIn();
    const res = await call(server, brand.domain, 'PUT', '/api/customer/customer-profile', {
      token,
      body: { userName: 'Asha K', gender: 'male', dob: '1990-12-31', vpa: 'asha@okbank', companyName: 'Acme', address: { city: 'Pune', pincode: '411001' } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userName: 'Asha K', gender: 'male', dob: '1990-12-31', vpa: 'asha@okbank', companyName: 'Acme' });
    expect(res.body.address).toEqual({ fullAddress: '', city: 'Pune', country: '', state: '', pincode: '411001' });
    const second = await call(server, brand.domain, 'PUT', '/api/customer/customer-profile', { token, body: { address: { state: 'MH' } } });
    expect(second.body.address).toEqual({ fullAddress: '', city: 'Pune', country: '', state: 'MH', pincode: '411001' });
    const read = await call(server, brand.domain, 'GET', '/api/customer/customer-profile', { token });
    expect(read.body).toEqual(second.body);
    expect(read.body).not.toHaveProperty('passwordHash');
  });

  it('refuses bad fields with 422 naming them, and changes nothing', async () => {
    const { brand, token, customerId } = await signedIn();
    const before = await customerRow(brand.id, customerId);
    const cases: Array<[unknown, RegExp]> = [
      [{ vpa: 'not a upi' }, /^vpa: must be a UPI id/],
      [{ dob: '31/12/1990' }, /^dob: must be a date/],
      [{ gender: 'other' }, /^gender: /],
      [{ userName: 'x'.repeat(81) }, /^userName: /],
      [{ email: 'new@example.com' }, /^Unknown field: email$/],
      [{ address: { city: 'Pune', planet: 'Earth' } }, /^Unknown field: planet$/],
      [{ userName: 42 }, /^userName/], // wrong type (errors.ts words it as 'userName is required', see report)
    ];
    for (const [body, message] of cases) {
      const res = await call(server, brand.domain, 'PUT', '/api/customer/customer-profile', { token, body });
      expect(res.status).toBe(422);
      expect(res.body.errorMessage).toMatch(message);
    }
    expect(await customerRow(brand.id, customerId)).toEqual(before);
  });
});

describe('POST /api/customer/delete-account', () => {
  it('requires typing DELETE', async () => {
    const { brand, token, customerId } = await signedIn();
    const res = await call(server, brand.domain, 'POST', '/api/customer/delete-account', { token, body: { confirm: 'yes' } });
    expect(res.status).toBe(422);
    expect(res.body.errorMessage).toBe('confirm: type DELETE to confirm');
    expect((await customerRow(brand.id, customerId))!.dataStatus).toBe('ACTIVE');
  });

  it('erases personal data, revokes every session and frees the e-mail for a new account', async () => {
    const { brand, cookie, token, customerId, email } = await signedIn();
    await call(server, brand.domain, 'PUT', '/api/customer/customer-profile', { token, body: { vpa: 'asha@okbank', address: { city: 'Pune' } } });
    const res = await call(server, brand.domain, 'POST', '/api/customer/delete-account', { token, body: { confirm: 'DELETE', reason: 'moving away' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    const row = await customerRow(brand.id, customerId);
    expect(row).toMatchObject({ id: customerId, dataStatus: 'DELETED', email: null, mobile: null, userName: null, vpa: null, address: null, passwordHash: null });
    expect(row!.deletedAt).toBeInstanceOf(Date);

    expect((await accessToken(server, brand.domain, cookie)).status).toBe(401);
    expect((await call(server, brand.domain, 'GET', '/api/customer/customer-profile', { token })).status).toBe(401);
    const login = await call(server, brand.domain, 'POST', '/api/auth/customer/web/login', { body: { channel: 'email', contact: email, password: PASSWORD } });
    expect(login.status).toBe(400);
    const again = await signUpWithPassword(server, brand.domain, email);
    expect(again.customerId).not.toBe(customerId);
  });
});
