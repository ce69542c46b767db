import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { Translator } from '../translator.ts';
import { Trans } from '../trans.tsx';

// Bundles written the way src/locales writes them (i18next's JSON v4 format).
function texts() {
  const translator = new Translator('tr', 'common');
  translator.addBundle('tr', 'common', {
    nav: { home: 'Ana sayfa' },
    greeting: 'Merhaba {{name}}',
    files_one: '{{count}} dosya',
    files_other: '{{count}} dosya',
    only_tr: 'Yalnız Türkçe',
    steps: ['Bir', 'İki'],
    empty: '',
  });
  translator.addBundle('en', 'common', {
    nav: { home: 'Home' },
    greeting: 'Hello {{name}}',
    files_one: '{{count}} file',
    files_other: '{{count}} files',
    'flat.key': 'A key with a dot',
  });
  translator.addBundle('en', 'auth', { title: 'Sign in', sent: 'Sent to <strong>{{phone}}</strong>, check <term>your SMS</term>.' });
  return translator;
}

describe('Translator', () => {
  const translator = texts();
  const en = translator.fixedT('en');

  it('reads nested keys, flat keys with dots and `ns:key`', () => {
    expect(en('nav.home')).toBe('Home');
    expect(en('flat.key')).toBe('A key with a dot');
    expect(en('auth:title')).toBe('Sign in');
    expect(en('title', { ns: 'auth' })).toBe('Sign in');
    expect(translator.fixedT('en', ['auth', 'common'])('nav.home')).toBe('Home');
  });

  it('picks the plural form by the language’s rules and fills in the values', () => {
    expect(en('files', { count: 1 })).toBe('1 file');
    expect(en('files', { count: 3 })).toBe('3 files');
    expect(en('files', { count: 0 })).toBe('0 files');
    expect(translator.fixedT('tr')('files', { count: 3 })).toBe('3 dosya');
    expect(en('greeting', { name: 'Ayşe' })).toBe('Hello Ayşe');
    expect(en('greeting')).toBe('Hello {{name}}');
  });

  it('falls back to Turkish, then to the default value, then to the key', () => {
    expect(en('only_tr')).toBe('Yalnız Türkçe');
    expect(en('missing.key', { defaultValue: 'Yedek {{n}}', n: 2 })).toBe('Yedek 2');
    expect(en('auth:missing.key')).toBe('missing.key');
    expect(translator.exists('en', [], 'auth:title')).toBe(true);
    expect(translator.exists('en', [], 'auth:nope')).toBe(false);
  });

  it('gives objects only when asked, and keeps an empty text', () => {
    expect(translator.fixedT('tr')('steps', { returnObjects: true })).toEqual(['Bir', 'İki']);
    expect(translator.fixedT('tr')('steps')).toBe('steps');
    expect(translator.fixedT('tr')('empty')).toBe('');
    expect(en('nav.home', { lng: 'tr' })).toBe('Ana sayfa');
  });
});

/** A component as the screens pass one (the consent boxes' term link): it gets the tag's words as children. */
function SmsLink({ children }: { children?: ReactNode }) {
  return <a href="/sms">{children}</a>;
}

describe('Trans', () => {
  it('renders the text’s tags with the given elements and the values as plain text', () => {
    const t = texts().fixedT('en', ['auth']);
    const { container } = render(
      <p>
        <Trans
          t={t}
          i18nKey="sent"
          values={{ phone: '<b>0555</b>' }}
          components={{ strong: <strong className="phone" />, term: <SmsLink /> }}
        />
      </p>,
    );
    expect(container.querySelector('strong.phone')?.textContent).toBe('<b>0555</b>');
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: 'your SMS' })).toHaveAttribute('href', '/sms');
    expect(container.textContent).toBe('Sent to <b>0555</b>, check your SMS.');
  });
});
