import { post } from '../../../lib/http-client.ts';

export interface SendOtpAnswer {
  masked_phone: string;
  expires_in_seconds: number;
  resend_in_seconds: number;
}

/** POST /auth/otp/send — 429 too_many_requests carries errors.resend_in_seconds. */
export function sendOtp(): Promise<SendOtpAnswer> {
  return post<SendOtpAnswer>('/auth/otp/send', {});
}
