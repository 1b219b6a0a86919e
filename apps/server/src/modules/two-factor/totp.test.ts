import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { generateRecoveryCodes, hashRecoveryCode, normalizeRecoveryCode } from './recovery-codes.js';
import { openSecret, sealSecret } from './secret-box.js';
import { generateTotpSecret, matchTotpStep } from './totp.js';

const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp });

describe('TOTP (RFC 6238: SHA-1, 6 digits, 30 s)', () => {
  const secret = generateTotpSecret();
  const now = 1_800_000_015_000; // 15 s into step 60,000,000.
  const step = 60_000_000;

  it('makes 160-bit base32 secrets', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateTotpSecret()).not.toBe(secret);
  });

  it("matches the code of the server's step and of one step either side, and names the step", () => {
    expect(matchTotpStep(secret, codeAt(secret, now), now)).toBe(step);
    expect(matchTotpStep(secret, codeAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotpStep(secret, codeAt(secret, now + 30_000), now)).toBe(step + 1);
  });

  it('refuses codes two steps away, and codes of another secret', () => {
    expect(matchTotpStep(secret, codeAt(secret, now - 60_000), now)).toBeUndefined();
    expect(matchTotpStep(secret, codeAt(secret, now + 60_000), now)).toBeUndefined();
    expect(matchTotpStep(generateTotpSecret(), codeAt(secret, now), now)).toBeUndefined();
  });

  it('matches the RFC 6238 test vector (SHA-1, T = 59 s)', () => {
    // The RFC's key is the ASCII "12345678901234567890"; its 8-digit code 94287082 ends in 287082.
    const rfcKey = new Secret({ buffer: new TextEncoder().encode('12345678901234567890').buffer }).base32;
    expect(matchTotpStep(rfcKey, '287082', 59_000)).toBe(1);
  });
});

describe('sealed secrets', () => {
  const key = randomBytes(32);

  it('open to what was sealed, and the stored form does not hold the secret', () => {
    const secret = generateTotpSecret();
    const sealed = sealSecret(key, secret);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(secret);
    expect(sealSecret(key, secret)).not.toBe(sealed);
    expect(openSecret(key, sealed)).toBe(secret);
  });

  it('refuse another key and a changed ciphertext', () => {
    const sealed = sealSecret(key, generateTotpSecret());
    expect(() => openSecret(randomBytes(32), sealed)).toThrow();
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.at(-1);
    expect(() => openSecret(key, flipped)).toThrow();
  });
});

describe('recovery codes', () => {
  it('are ten distinct readable codes', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{2}$/);
  });

  it('hash per account, whatever the dashes, spaces and case typed', () => {
    const [code] = generateRecoveryCodes();
    const hash = hashRecoveryCode('user-a', normalizeRecoveryCode(code!));
    expect(hashRecoveryCode('user-a', normalizeRecoveryCode(` ${code!.toUpperCase().replace(/-/g, ' ')} `))).toBe(hash);
    expect(hashRecoveryCode('user-b', normalizeRecoveryCode(code!))).not.toBe(hash);
  });
});
