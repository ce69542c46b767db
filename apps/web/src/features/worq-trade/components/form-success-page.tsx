import { Confirmation } from './confirmation.tsx';

/** `/worq-trade/form-success`: shown after the contact form. */
export function Component() {
  return <Confirmation kind="form" />;
}
