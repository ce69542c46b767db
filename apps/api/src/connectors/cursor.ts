/**
 * The resume points connectors hand out (OrderPage.cursor): JSON in base64url, opaque to the sync,
 * which stores a cursor and hands it back later, so its fields are the connector's own and keep
 * their names.
 */
import type { ConnectorError } from './types.ts';

export function encodeCursor(cursor: object): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** A cursor read back; one that is not JSON or fails `isValid` is `unreadable()`. */
export function decodeCursor<C>(text: string, isValid: (value: C) => boolean, unreadable: () => ConnectorError): C {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as C;
    if (isValid(value)) return value;
  } catch {
    // fall through
  }
  throw unreadable();
}

/** The check of a cursor made of whole numbers: every named field is one. */
export function integerFields<C>(...names: (keyof C)[]): (value: C) => boolean {
  return (value) => names.every((name) => Number.isInteger(value[name]));
}
