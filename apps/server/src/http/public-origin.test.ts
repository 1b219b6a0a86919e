import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { inviteLinkUrl } from '../modules/admin/admin.service.js';
import { publicOrigin } from './public-origin.js';

describe('publicOrigin', () => {
  const request = { protocol: 'http', host: '10.0.0.5:3000' } as FastifyRequest;

  it('is PUBLIC_URL when set, else the origin the request reached the app at', () => {
    expect(publicOrigin({ publicUrl: 'https://tasks.example.com' }, request)).toBe('https://tasks.example.com');
    expect(publicOrigin({ publicUrl: undefined }, request)).toBe('http://10.0.0.5:3000');
  });

  it('makes invite links of it', () => {
    expect(inviteLinkUrl('https://tasks.example.com/', 'abc_-1')).toBe('https://tasks.example.com/register?invite=abc_-1');
  });
});
