import { describe, expect, it } from 'vitest';
import { refusalOf, refusalOfUrl } from './webhook-address.js';
import { signatureOf } from './webhook-payload.js';

const closed = { allowPrivate: false, ownHosts: ['tasks.example.com'] };
const open = { allowPrivate: true, ownHosts: ['tasks.example.com'] };

describe('where a webhook may send (SSRF)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.0.0.8', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fd12:3456::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:10.0.0.1', 'private'],
  ])('refuses %s (%s) unless private addresses are allowed', (address, kind) => {
    expect(refusalOf(address, closed)).toContain(kind);
    expect(refusalOf(address, open)).toBeNull();
  });

  it('allows public unicast addresses', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(refusalOf(address, closed)).toBeNull();
  });

  it('judges a URL by its literal host, and refuses this instance by name; names are left to delivery time', () => {
    expect(refusalOfUrl(new URL('http://[::1]:8080/x'), closed)).toContain('loopback');
    // The URL parser turns other spellings of an IPv4 address into the dotted one first.
    expect(refusalOfUrl(new URL('http://2130706433/'), closed)).toContain('loopback');
    expect(refusalOfUrl(new URL('http://0x7f.1/'), closed)).toContain('loopback');
    expect(refusalOfUrl(new URL('https://TASKS.example.com/api'), closed)).toContain('this Tasklane instance');
    expect(refusalOfUrl(new URL('https://hooks.example.com/in'), closed)).toBeNull();
    expect(refusalOfUrl(new URL('http://localhost/'), closed)).toBeNull();
  });
});

describe('the signature', () => {
  it('is sha256= and the hex HMAC-SHA256 of the raw body with the secret', () => {
    // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
    expect(signatureOf('Jefe', 'what do ya want for nothing?')).toBe('sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });
});
