import { render, screen } from '@testing-library/react';
import { Card } from '../card.tsx';

describe('Card', () => {
  it('is a section named by its title, with header actions and footer', () => {
    render(
      <Card title="Son başvuru" description="Durumu aşağıda" actions={<button type="button">Düzenle</button>} footer="Alt bilgi">
        İçerik
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Son başvuru' });
    expect(screen.getByRole('heading', { level: 2, name: 'Son başvuru' })).toBeInTheDocument();
    expect(region).toHaveTextContent('Durumu aşağıda');
    expect(region).toContainElement(screen.getByRole('button', { name: 'Düzenle' }));
    expect(region).toHaveTextContent('Alt bilgi');
  });

  it('uses the requested heading level', () => {
    render(<Card title="Mağazalar" headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Mağazalar' })).toBeInTheDocument();
  });

  it('is a plain container without a title, with the padding variant applied', () => {
    const { container } = render(<Card padding="sm">Sade içerik</Card>);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(container.firstElementChild?.className).toMatch(/paddingSm/);
  });
});
