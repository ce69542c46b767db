import { TextField, type TextFieldProps } from './text-field.tsx';

/**
 * An e-mail address input: the phone shows its e-mail keyboard and the browser offers saved
 * addresses (`autoComplete` may say `username` instead, as on the expert sign-in).
 */
export type EmailFieldProps = Omit<TextFieldProps, 'type' | 'inputMode'>;

export function EmailField(props: EmailFieldProps) {
  return <TextField autoComplete="email" {...props} type="email" inputMode="email" />;
}
