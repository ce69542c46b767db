import { errorCode, errorStatus } from '../../../lib/api-error.ts';

export type CodeOutcome = 'invalid' | 'expired' | 'too_many' | 'other';

export function classifyCodeError(error: unknown): CodeOutcome {
  const code = errorCode(error);
  const status = errorStatus(error);
  if (code === 'code_expired' || status === 410) return 'expired';
  if (status === 429) return 'too_many';
  if (code === 'invalid_code' || status === 400) return 'invalid';
  return 'other';
}
