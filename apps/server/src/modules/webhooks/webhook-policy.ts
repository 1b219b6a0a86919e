import type { Config } from '../../config.js';
import type { AddressPolicy } from './webhook-address.js';

/** Where this instance's webhooks may send: WEBHOOK_ALLOW_PRIVATE, and PUBLIC_URL's host as this instance. */
export function policyOf(config: Config): AddressPolicy {
  const ownHosts = config.publicUrl ? [new URL(config.publicUrl).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase()] : [];
  return { allowPrivate: config.webhooks.allowPrivate, ownHosts };
}
