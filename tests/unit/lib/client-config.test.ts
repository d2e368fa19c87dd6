import { applyConfigPatch, clientConfigPatchSchema, defaultClientConfig } from '@/lib/schemas/client-config';

describe('client configuration', () => {
  it('has the defaults the spec names', () => {
    const c = defaultClientConfig();
    expect(c.ui.gradientAngle).toBe(90);
    expect(c.ui.isfooterIncluded).toBe(true);
    expect(c.otpServices.is_UserName_Intake_Enabled).toBe(true);
    expect(c.banners).toBeNull();
  });

  it('keeps what a patch leaves out', () => {
    const c = applyConfigPatch(defaultClientConfig(), { flags: { isTrackingEnabled: true } });
    expect(c.flags.isTrackingEnabled).toBe(true);
    expect(c.flags.isQrSerializationEnabled).toBe(true);
  });

  it('fills in no default in a patch, in any group or the risk settings, so a field left out keeps its stored value', () => {
    for (const group of ['ui', 'flags', 'otpServices', 'complaintConfig', 'verification', 'locale', 'gs1', 'footer']) {
      expect([group, clientConfigPatchSchema.parse({ [group]: {} })]).toEqual([group, { [group]: {} }]);
    }
    expect(clientConfigPatchSchema.parse({ verification: { risk: {} } })).toEqual({ verification: { risk: {} } });
    expect(clientConfigPatchSchema.parse({})).toEqual({});
  });

  it('refuses embedding without an embedding URL', () => {
    expect(() => applyConfigPatch(defaultClientConfig(), { ui: { isEmbeddingRequired: true } })).toThrow(/embeddingURL/);
  });

  it('refuses an embedding URL that is not https, except on localhost', () => {
    expect(clientConfigPatchSchema.safeParse({ ui: { embeddingURL: 'http://shop.example.com' } }).success).toBe(false);
    expect(clientConfigPatchSchema.safeParse({ ui: { embeddingURL: 'not a url' } }).success).toBe(false);
    expect(clientConfigPatchSchema.safeParse({ ui: { embeddingURL: 'http://shop.localhost:4000/app' } }).success).toBe(true);
    expect(clientConfigPatchSchema.safeParse({ ui: { embeddingURL: 'https://shop.example.com/app' } }).success).toBe(true);
  });

  it('prints overt codes on the anonymous info route unless the brand chooses the signed-in overt route', () => {
    expect(defaultClientConfig().verification.printedOvertRoute).toBe('info');
    const overt = applyConfigPatch(defaultClientConfig(), { verification: { printedOvertRoute: 'overt' } });
    expect(overt.verification).toMatchObject({ requirePreSaleScan: false, printedOvertRoute: 'overt' });
    // a later patch of another verification setting keeps the choice
    expect(applyConfigPatch(overt, { verification: { requirePreSaleScan: true } }).verification.printedOvertRoute).toBe('overt');
    const bad = clientConfigPatchSchema.safeParse({ verification: { printedOvertRoute: 'covert' } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['verification', 'printedOvertRoute'], message: "must be 'info' or 'overt'" });
  });

  it('refuses unknown settings, naming them', () => {
    const r = clientConfigPatchSchema.safeParse({ ui: { primaryColour: '#000000' } });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toMatch(/primaryColour/);
  });

  it('keeps risk settings with defaults, patches them one at a time, and refuses bad values naming them', () => {
    expect(defaultClientConfig().verification.risk).toEqual({
      cautionSessions: 6, suspectSessions: 9, placeKm: 100, suspectPlaces: 3, windowDays: 30, maxSpeedKmh: 300, consumedSessions: 3, consumedLate: 'suspect', consumedLateArrivals: 2, consumedLateDays: 2, autoBlacklist: false, retentionDays: 100,
      afterSellBy: 'caution', sellByDays: 0, covertBeforeSale: 'caution', neverIssuedHere: 'suspect', destinationSessions: 3,
    });
    expect(clientConfigPatchSchema.safeParse({ verification: { risk: { covertBeforeSale: 'loud' } } }).error?.issues[0]).toMatchObject({
      path: ['verification', 'risk', 'covertBeforeSale'],
      message: "must be 'off', 'caution' or 'suspect'",
    });
    expect(clientConfigPatchSchema.safeParse({ verification: { risk: { sellByDays: -1 } } }).error?.issues[0]?.message).toBe('must be at least 0');
    expect(applyConfigPatch(defaultClientConfig(), { verification: { risk: { afterSellBy: 'off' } } }).verification.risk).toMatchObject({ afterSellBy: 'off', covertBeforeSale: 'caution' });
    const patched = applyConfigPatch(defaultClientConfig(), clientConfigPatchSchema.parse({ verification: { risk: { placeKm: 50 } } }));
    expect(patched.verification.risk).toMatchObject({ placeKm: 50, suspectSessions: 9 });
    expect(applyConfigPatch(patched, { verification: { requirePreSaleScan: true } }).verification.risk.placeKm).toBe(50);
    const bad = clientConfigPatchSchema.safeParse({ verification: { risk: { maxSpeedKmh: 0 } } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['verification', 'risk', 'maxSpeedKmh']);
    expect(clientConfigPatchSchema.safeParse({ verification: { risk: { nope: 1 } } }).success).toBe(false);
    expect(clientConfigPatchSchema.safeParse({ verification: { risk: { retentionDays: 29 } } }).error?.issues[0]?.message).toBe('must be at least 30');
    expect(() => applyConfigPatch(defaultClientConfig(), { verification: { risk: { cautionSessions: 8, suspectSessions: 7 } } })).toThrow(/cautionSessions/);
  });
});

describe('the brand\'s languages and time zone', () => {
  it('offers every language, English by default, in India, unless set', () => {
    expect(defaultClientConfig().locale).toEqual({ languages: ['en', 'hi', 'bn', 'mr', 'ta', 'te'], defaultLanguage: 'en', timeZone: 'Asia/Kolkata' });
    const c = applyConfigPatch(defaultClientConfig(), { locale: { languages: ['hi', 'ta'], defaultLanguage: 'ta', timeZone: 'Asia/Dubai' } });
    expect(c.locale).toEqual({ languages: ['hi', 'ta'], defaultLanguage: 'ta', timeZone: 'Asia/Dubai' });
  });

  it('refuses a default it does not offer, an unknown or repeated language, none at all and an unknown zone, naming the field', () => {
    expect(() => applyConfigPatch(defaultClientConfig(), { locale: { languages: ['hi'] } })).toThrow(/defaultLanguage[\s\S]*must be one of the offered languages/);
    expect(clientConfigPatchSchema.safeParse({ locale: { languages: ['xx'] } }).success).toBe(false);
    expect(() => applyConfigPatch(defaultClientConfig(), { locale: { languages: ['en', 'en'] } })).toThrow(/must not repeat a language/);
    expect(() => applyConfigPatch(defaultClientConfig(), { locale: { languages: [] } })).toThrow(/at least one language/);
    expect(() => applyConfigPatch(defaultClientConfig(), { locale: { timeZone: 'Mars/Olympus' } })).toThrow(/IANA time zone/);
    expect(clientConfigPatchSchema.safeParse({ locale: { language: 'hi' } }).success).toBe(false);
  });
});
