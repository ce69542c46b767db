import { TextField, type TextFieldProps } from './text-field.tsx';

/**
 * A Turkish mobile number input: "+90" is shown before the box and is not part of the value; the
 * caller normalizes what is typed (spaces, parentheses, a leading 0 or +90 are all accepted).
 */
export type PhoneFieldProps = Omit<TextFieldProps, 'type' | 'prefix'>;

export function PhoneField(props: PhoneFieldProps) {
  return <TextField inputMode="tel" autoComplete="tel-national" placeholder="5XX XXX XX XX" {...props} type="tel" prefix="+90" />;
}
