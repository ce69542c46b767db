import { render, screen } from '@testing-library/react';
import { PageHeader } from '../page-header.tsx';

describe('PageHeader', () => {
  it('names the page with a level-1 heading and shows the subtitle and actions', () => {
    render(<PageHeader title="Bağlantılar" subtitle="Mağazalarınızı yönetin" actions={<button type="button">Mağaza bağla</button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Bağlantılar' })).toBeInTheDocument();
    expect(screen.getByText('Mağazalarınızı yönetin').tagName).toBe('P');
    expect(screen.getByRole('button', { name: 'Mağaza bağla' })).toBeInTheDocument();
  });

  it('leaves out the subtitle when there is none and aligns the actions as asked', () => {
    const { container } = render(<PageHeader title="Özet" align="start" />);
    expect(container.querySelector('p')).toBeNull();
    expect(container.firstElementChild).toHaveAttribute('data-align', 'start');
  });
});
