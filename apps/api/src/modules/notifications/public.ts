/** What the notifications module offers other modules (eslint: modules import each other only through public.ts). */
export { notifyApplicationDecision, notifyApplicationReceived } from './application-notices.ts';
export { notifyPaymentRecorded } from './repayment-notices.ts';
export { formatDay } from './repayment-notices.ts';
