/** What /amazon-callback posts to the window that opened it (same origin only). */
export const amazonAuthorizationMessageType = 'amazon-authorization';

export interface AmazonAuthorizationMessage {
  type: typeof amazonAuthorizationMessageType;
  spapi_oauth_code: string;
  state: string;
  selling_partner_id: string;
}

export function isAmazonAuthorizationMessage(value: unknown): value is AmazonAuthorizationMessage {
  if (value === null || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return (
    record.type === amazonAuthorizationMessageType &&
    typeof record.spapi_oauth_code === 'string' &&
    typeof record.state === 'string' &&
    typeof record.selling_partner_id === 'string'
  );
}
