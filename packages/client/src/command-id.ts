/**
 * A fresh command id: 32 hex characters. `crypto.randomUUID` exists only in secure contexts, and a phone
 * reaching the table's laptop over plain http on the LAN is not one, so fall back to `getRandomValues`.
 */
export function newCommandId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replaceAll('-', '');
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
