import { routeClassOf, safeReturnPath } from '@/lib/shared/routes';

// The remembered return path after sign-in is only ever a path of this site.

describe('safeReturnPath', () => {
  it.each([
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    '%252F%252Fevil.example',
    'javascript:alert(1)',
    '/\tevil',
    '/.//evil.example',
    '/%2e//evil.example',
    '/./\\evil.example',
    '',
  ])('turns %s into /', (raw) => {
    expect(safeReturnPath(raw)).toBe('/');
  });

  it('keeps a path of this site with its query', () => {
    expect(safeReturnPath('/edit-profile?tab=address')).toBe('/edit-profile?tab=address');
  });
});

describe('routeClassOf', () => {
  it('knows the class of every screen and nothing else', () => {
    expect(routeClassOf('/login')).toBe('public-only');
    expect(routeClassOf('/terms-of-use')).toBe('anonymous');
    expect(routeClassOf('/')).toBe('signed-in');
    expect(routeClassOf('/complaints/TCK-1')).toBe('signed-in');
    expect(routeClassOf('/edit-profile/')).toBe('signed-in');
    expect(routeClassOf('/no/such/screen')).toBeUndefined();
  });
});
