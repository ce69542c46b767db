import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useTabs } from '../use-tabs.ts';

const items = ['first', 'second', 'third'] as const;

function Tabs() {
  const [selected, setSelected] = useState<(typeof items)[number]>('first');
  const { tabProps, focus } = useTabs(items, selected, setSelected);
  return (
    <>
      <div role="tablist" aria-label="Tabs">
        {items.map((item) => (
          <button key={item} {...tabProps(item)}>
            {item}
          </button>
        ))}
      </div>
      <button type="button" onClick={() => focus('third')}>
        to third
      </button>
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('useTabs', () => {
  it('keeps only the selected tab in the tab order', async () => {
    render(<Tabs />);
    expect(tab('first')).toHaveAttribute('aria-selected', 'true');
    expect(tab('first')).toHaveAttribute('tabindex', '0');
    expect(tab('second')).toHaveAttribute('aria-selected', 'false');
    expect(tab('second')).toHaveAttribute('tabindex', '-1');
    await userEvent.tab();
    expect(tab('first')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'to third' })).toHaveFocus();
  });

  it('selects and focuses with the arrow keys (wrapping), Home and End, and ignores other keys', async () => {
    const actor = userEvent.setup();
    render(<Tabs />);
    tab('first').focus();
    await actor.keyboard('{ArrowRight}');
    expect(tab('second')).toHaveFocus();
    expect(tab('second')).toHaveAttribute('aria-selected', 'true');
    await actor.keyboard('{End}');
    expect(tab('third')).toHaveFocus();
    await actor.keyboard('{ArrowRight}');
    expect(tab('first')).toHaveFocus();
    expect(tab('first')).toHaveAttribute('aria-selected', 'true');
    await actor.keyboard('{ArrowLeft}');
    expect(tab('third')).toHaveFocus();
    await actor.keyboard('{Home}');
    expect(tab('first')).toHaveFocus();
    await actor.keyboard('x');
    expect(tab('first')).toHaveFocus();
    expect(tab('first')).toHaveAttribute('aria-selected', 'true');
  });

  it('selects a tab by click and focuses one on request', async () => {
    const actor = userEvent.setup();
    render(<Tabs />);
    await actor.click(tab('second'));
    expect(tab('second')).toHaveAttribute('aria-selected', 'true');
    await actor.click(screen.getByRole('button', { name: 'to third' }));
    expect(tab('third')).toHaveFocus();
    expect(tab('second')).toHaveAttribute('aria-selected', 'true');
  });
});
