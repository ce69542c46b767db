import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { interpolate, type TFunction } from './translator.ts';

interface TransProps {
  t: TFunction;
  i18nKey: string;
  values?: Record<string, unknown>;
  /** The elements the text's tags stand for: `<strong>…</strong>` renders `components.strong` around its words. */
  components: Record<string, ReactElement>;
}

const tag = /<(\w+)>(.*?)<\/\1>/gs;

/**
 * A text with markup in it (`Kod <strong>{{phone}}</strong> numarasına gönderildi`), rendered with
 * the given elements for its tags. Values go into the words after the tags are read, so a value
 * can never add markup; React escapes them as any text.
 */
export function Trans({ t, i18nKey, values = {}, components }: TransProps): ReactNode {
  // Without the values: their placeholders stay in the text until its tags are read.
  const text = t(i18nKey);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(tag)) {
    const [whole, name, inner] = match as unknown as [string, string, string];
    parts.push(interpolate(text.slice(last, match.index), values));
    const element = components[name];
    const words = interpolate(inner, values);
    parts.push(element ? cloneElement(element, { key: parts.length }, words) : words);
    last = match.index + whole.length;
  }
  parts.push(interpolate(text.slice(last), values));
  return <Fragment>{parts}</Fragment>;
}
