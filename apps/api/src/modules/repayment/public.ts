/** What the repayment module offers other modules (eslint: modules import each other only through public.ts). */
export { fixScheduleOf, recordPayment, repaymentsForExpert } from './service.ts';
