import { anonymous, post } from '../../../lib/http-client.ts';

/** POST /auth/forgot_password — answers the same for known and unknown addresses. */
export function forgotPassword(email: string): Promise<{ message: string }> {
  return post<{ message: string }>('/auth/forgot_password', { email }, undefined, anonymous);
}
