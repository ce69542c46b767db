import { render, screen } from '@testing-library/react';
import i18n from '../../../lib/i18n.ts';
import { Spinner } from '../spinner.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces('ui');
});

describe('Spinner', () => {
  it('is a status region named by its label', () => {
    render(<Spinner label="Başvurular yükleniyor" />);
    expect(screen.getByRole('status')).toHaveTextContent('Başvurular yükleniyor');
  });

  it('says "Yükleniyor…" when no label is given', () => {
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Yükleniyor…');
  });

  it('is hidden from assistive technology when decorative', () => {
    const { container } = render(<Spinner decorative label="ignored" />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(container).not.toHaveTextContent('ignored');
  });

  it('draws the turning ring in the requested size', () => {
    const { container } = render(<Spinner size="lg" />);
    const ring = container.querySelector('[class*="ring"]');
    expect(ring).not.toBeNull();
    expect(ring?.className).toMatch(/lg/);
  });
});
