import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { i18nReady } from '../../../lib/i18n.ts';
import { ErrorView } from '../error-view.tsx';

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('tr');
});

describe('ErrorView', () => {
  it('shows the exact Turkish texts of the generic page error', () => {
    render(<ErrorView statusText="500 Internal Server Error" message="Boom" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Üzgünüz, bir şeyler ters gitti' })).toBeInTheDocument();
    expect(screen.getByText('Aradığınız sayfada bir hata oluştu.')).toBeInTheDocument();
    expect(screen.getByText('500 Internal Server Error')).toBeInTheDocument();
    expect(screen.getByText('Detay: Boom')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Geri Dön' })).toBeInTheDocument();
  });

  it('falls back to "Unknown error occurred" when there is no message', () => {
    render(<ErrorView />);
    expect(screen.getByText('Detay: Unknown error occurred')).toBeInTheDocument();
  });

  it('puts the stack trace in a collapsible block and omits it when absent', () => {
    const { unmount } = render(<ErrorView message="Boom" stack={'Error: Boom\n    at render (app.tsx:1:1)'} />);
    const summary = screen.getByText('Teknik ayrıntılar');
    expect(summary.closest('details')).not.toHaveAttribute('open');
    expect(summary.closest('details')?.querySelector('pre')?.textContent).toContain('at render (app.tsx:1:1)');
    unmount();

    render(<ErrorView message="Boom" />);
    expect(screen.queryByText('Teknik ayrıntılar')).not.toBeInTheDocument();
  });

  it('calls onBack from the back button', () => {
    const onBack = vi.fn();
    render(<ErrorView onBack={onBack} />);
    fireEvent.click(screen.getByRole('button', { name: 'Geri Dön' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('speaks English when the language is English', async () => {
    await i18n.changeLanguage('en');
    try {
      const { unmount } = render(<ErrorView />);
      expect(screen.getByRole('heading', { name: 'Sorry, something went wrong' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
      unmount();
    } finally {
      await i18n.changeLanguage('tr');
    }
  });
});
