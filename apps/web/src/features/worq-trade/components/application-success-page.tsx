import { Confirmation } from './confirmation.tsx';

/** `/worq-trade/application-success`: shown after the application is submitted for review. */
export function Component() {
  return <Confirmation kind="application" />;
}
