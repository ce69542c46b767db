import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { i18nReady } from '../../../lib/i18n.ts';
import { DatePicker, monthNames, yearOptions } from '../date-picker.tsx';

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('tr');
});

const now = new Date(2026, 5, 15);

function ControlledPicker({
  initial = '',
  onChange,
  ...rest
}: {
  initial?: string;
  onChange?: (value: string) => void;
  min?: string;
  max?: string;
  error?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DatePicker
        label="Doğum tarihi"
        value={value}
        now={now}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
        {...rest}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const select = (name: string) => screen.getByRole('combobox', { name });

describe('yearOptions', () => {
  it('holds 106 years from five years after the current year backwards', () => {
    const years = yearOptions(now);
    expect(years).toHaveLength(106);
    expect(years[0]).toBe(2031);
    expect(years.at(-1)).toBe(2031 - 105);
    expect(years.at(-1)).toBe(1926);
    expect([...years].sort((a, b) => b - a)).toEqual(years);
  });
});

describe('monthNames', () => {
  it('names the months in Turkish', () => {
    expect(monthNames('tr')).toEqual([
      'Ocak',
      'Şubat',
      'Mart',
      'Nisan',
      'Mayıs',
      'Haziran',
      'Temmuz',
      'Ağustos',
      'Eylül',
      'Ekim',
      'Kasım',
      'Aralık',
    ]);
  });

  it('names the months in English', () => {
    expect(monthNames('en')).toEqual([
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
  });
});

describe('DatePicker', () => {
  it('groups three labelled selects under the label and lists Turkish months and 106 years', () => {
    render(<ControlledPicker />);
    expect(screen.getByRole('group', { name: 'Doğum tarihi' })).toBeInTheDocument();
    const months = within(select('Ay')).getAllByRole('option').slice(1);
    expect(months.map((option) => option.textContent)).toEqual(monthNames('tr'));
    const years = within(select('Yıl')).getAllByRole('option').slice(1);
    expect(years).toHaveLength(106);
    expect(years[0]).toHaveTextContent('2031');
  });

  it('reports an ISO date only once day, month and year are chosen', () => {
    const onChange = vi.fn();
    render(<ControlledPicker onChange={onChange} />);
    fireEvent.change(select('Gün'), { target: { value: '5' } });
    fireEvent.change(select('Ay'), { target: { value: '3' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(select('Yıl'), { target: { value: '1990' } });
    expect(onChange).toHaveBeenLastCalledWith('1990-03-05');
    expect(screen.getByTestId('value')).toHaveTextContent('1990-03-05');

    fireEvent.change(select('Gün'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('limits the days to the length of the month', () => {
    render(<ControlledPicker initial="2023-02-10" />);
    expect(within(select('Gün')).getAllByRole('option')).toHaveLength(1 + 28);
    fireEvent.change(select('Yıl'), { target: { value: '2024' } });
    expect(within(select('Gün')).getAllByRole('option')).toHaveLength(1 + 29);
    fireEvent.change(select('Ay'), { target: { value: '4' } });
    expect(within(select('Gün')).getAllByRole('option')).toHaveLength(1 + 30);
  });

  it('clamps a day that the new month does not have', () => {
    const onChange = vi.fn();
    render(<ControlledPicker initial="2023-01-31" onChange={onChange} />);
    fireEvent.change(select('Ay'), { target: { value: '2' } });
    expect(select('Gün')).toHaveValue('28');
    expect(onChange).toHaveBeenLastCalledWith('2023-02-28');

    fireEvent.change(select('Ay'), { target: { value: '1' } });
    fireEvent.change(select('Gün'), { target: { value: '31' } });
    fireEvent.change(select('Ay'), { target: { value: '4' } });
    expect(onChange).toHaveBeenLastCalledWith('2023-04-30');
  });

  it('shows the month names of the active language', async () => {
    await i18n.changeLanguage('en');
    try {
      const { unmount } = render(<ControlledPicker />);
      const months = within(screen.getByRole('combobox', { name: 'Month' }))
        .getAllByRole('option')
        .slice(1);
      expect(months[0]).toHaveTextContent('January');
      expect(months[11]).toHaveTextContent('December');
      unmount();
    } finally {
      await i18n.changeLanguage('tr');
    }
  });

  it('links the error message to the selects', () => {
    render(<ControlledPicker error="Tarih boş bırakılamaz." />);
    for (const name of ['Gün', 'Ay', 'Yıl']) {
      expect(select(name)).toHaveAttribute('aria-invalid', 'true');
      expect(select(name)).toHaveAccessibleDescription('Tarih boş bırakılamaz.');
    }
  });

  it('keeps the chosen date within min and max', () => {
    const onChange = vi.fn();
    render(<ControlledPicker initial="2020-06-15" min="2020-03-10" max="2024-12-31" onChange={onChange} />);
    const years = within(select('Yıl'))
      .getAllByRole('option')
      .slice(1)
      .map((option) => option.textContent);
    expect(years).toEqual(['2024', '2023', '2022', '2021', '2020']);
    fireEvent.change(select('Ay'), { target: { value: '1' } });
    expect(onChange).toHaveBeenLastCalledWith('2020-03-10');
    expect(within(select('Ay')).getByRole('option', { name: 'Şubat' })).toBeDisabled();
  });

  it('follows a value set by the parent', () => {
    const { rerender } = render(<DatePicker label="Tarih" value="2021-07-04" onChange={() => {}} now={now} />);
    expect(select('Gün')).toHaveValue('4');
    expect(select('Ay')).toHaveValue('7');
    expect(select('Yıl')).toHaveValue('2021');
    rerender(<DatePicker label="Tarih" value="" onChange={() => {}} now={now} />);
    expect(select('Gün')).toHaveValue('');
    expect(select('Yıl')).toHaveValue('');
  });
});
