/** What the location module offers other modules (eslint: modules import each other only through public.ts). */
export { findCity } from './repository.ts';
