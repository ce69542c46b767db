import { render, screen, within } from '@testing-library/react';
import { Stepper } from '../stepper.tsx';

const steps = [
  { id: 'plan', label: 'Plan' },
  { id: 'store', label: 'Mağaza' },
  { id: 'summary', label: 'Özet' },
];

describe('Stepper', () => {
  it('marks the steps before the current one done and the current one with aria-current="step"', () => {
    render(<Stepper aria-label="Adımlar" steps={steps} current={1} />);
    const items = within(screen.getByRole('list', { name: 'Adımlar' })).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-state'))).toEqual(['done', 'current', 'upcoming']);
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Mağaza');
    expect(items[0]).not.toHaveAttribute('aria-current');
  });

  it('shows a check on done steps by default and reads the done label after their name', () => {
    const { container } = render(<Stepper aria-label="Adımlar" steps={steps} current={2} doneLabel="tamamlandı" />);
    const [first, second, third] = screen.getAllByRole('listitem');
    expect(first?.querySelector('svg')).not.toBeNull();
    expect(first).toHaveTextContent('Plan tamamlandı');
    expect(second).toHaveTextContent('Mağaza tamamlandı');
    expect(third).toHaveTextContent(/^3Özet$/);
    expect(container.querySelectorAll('svg')).toHaveLength(2);
  });

  it('keeps the numbers of done steps when asked', () => {
    const { container } = render(<Stepper aria-label="Adımlar" steps={steps} current={2} doneMark="number" />);
    expect(container.querySelector('svg')).toBeNull();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1Plan', '2Mağaza', '3Özet']);
  });

  it('names its compact mode and passes other list props through', () => {
    render(<Stepper aria-label="Adımlar" steps={steps} current={0} compact="phone" className="extra" id="s" />);
    const list = screen.getByRole('list', { name: 'Adımlar' });
    expect(list).toHaveAttribute('data-compact', 'phone');
    expect(list).toHaveAttribute('id', 's');
    expect(list.className).toMatch(/extra/);
  });
});
