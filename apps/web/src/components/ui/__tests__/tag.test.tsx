import { render, screen } from '@testing-library/react';
import i18n from '../../../lib/i18n.ts';
import { CityLevelTag, Tag } from '../tag.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces('ui');
});

describe('Tag', () => {
  it('renders its label in the requested colour variant', () => {
    render(<Tag color="green">Onaylandı</Tag>);
    const tag = screen.getByText('Onaylandı').parentElement;
    expect(tag).toHaveAttribute('data-color', 'green');
    expect(tag?.className).toMatch(/green/);
    expect(tag?.className).not.toMatch(/gray/);
  });

  it('is gray by default', () => {
    render(<Tag>Taslak</Tag>);
    expect(screen.getByText('Taslak').parentElement?.className).toMatch(/gray/);
  });

  it('shows a decorative dot and icon when asked', () => {
    const { container } = render(
      <Tag color="red" dot icon={<svg data-testid="icon" />}>
        Reddedildi
      </Tag>,
    );
    expect(container.querySelector('[class*="dot"]')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByTestId('icon').parentElement).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('CityLevelTag', () => {
  it('labels the level in Turkish by default and uses that level’s colours', () => {
    render(<CityLevelTag level={3} />);
    const tag = screen.getByText('3. seviye').parentElement;
    expect(tag).toHaveAttribute('data-level', '3');
    expect(tag?.className).toMatch(/level3/);
  });

  it('accepts its own label', () => {
    render(<CityLevelTag level={1}>İstanbul</CityLevelTag>);
    expect(screen.getByText('İstanbul').parentElement?.className).toMatch(/level1/);
  });
});
