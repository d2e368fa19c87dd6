import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_LENGTH,
  formatRecoveryCode,
  isRecoveryCodeShape,
  normalizeRecoveryCode,
  recoveryCodeFromBytes,
} from '@/lib/domain/recovery-codes';

// The spelling of staff recovery codes (lib/domain/recovery-codes.ts): what is stored, shown and
// accepted as typed.

describe('recovery codes', () => {
  it('use 32 symbols without look-alikes, so every byte maps without bias', () => {
    expect(RECOVERY_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(RECOVERY_CODE_ALPHABET).size).toBe(32);
    expect(RECOVERY_CODE_ALPHABET).not.toMatch(/[ilou]/);
    expect(256 % RECOVERY_CODE_ALPHABET.length).toBe(0);
  });

  it('are made from 12 random bytes, 60 bits, and refuse fewer bytes', () => {
    const code = recoveryCodeFromBytes(Uint8Array.from({ length: 12 }, (_, i) => i * 37));
    expect(code).toHaveLength(RECOVERY_CODE_LENGTH);
    expect(isRecoveryCodeShape(code)).toBe(true);
    expect(recoveryCodeFromBytes(new Uint8Array(12))).toBe('000000000000');
    expect(recoveryCodeFromBytes(new Uint8Array(12).fill(255))).toBe('zzzzzzzzzzzz');
    expect(() => recoveryCodeFromBytes(new Uint8Array(11))).toThrow(/12 random bytes/);
  });

  it('are shown in groups of four and read back in any case, with spaces or dashes, look-alikes read as digits', () => {
    expect(formatRecoveryCode('k7hm2qxz9wrt')).toBe('k7hm-2qxz-9wrt');
    for (const typed of ['k7hm-2qxz-9wrt', ' K7HM 2QXZ 9WRT ', 'k7hm2qxz9wrt', 'K7HM--2QXZ-9WRT']) expect(normalizeRecoveryCode(typed)).toBe('k7hm2qxz9wrt');
    expect(normalizeRecoveryCode('oOiIlL')).toBe('001111');
  });

  it('tell a code of another shape, which is then simply wrong', () => {
    expect(isRecoveryCodeShape('k7hm2qxz9wr')).toBe(false);
    expect(isRecoveryCodeShape('k7hm2qxz9wrtt')).toBe(false);
    expect(isRecoveryCodeShape('k7hm2qxz9wru')).toBe(false);
    expect(isRecoveryCodeShape('')).toBe(false);
  });
});
