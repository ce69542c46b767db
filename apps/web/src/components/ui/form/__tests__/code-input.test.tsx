import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CodeInput } from '../code-input.tsx';

function Harness({ onComplete = () => {} }: { onComplete?: (code: string) => void }) {
  const [code, setCode] = useState('');
  return (
    <>
      <CodeInput
        value={code}
        onChange={setCode}
        onComplete={onComplete}
        label="Verification code"
        digitLabel={(position, length) => `Digit ${position} of ${length}`}
      />
      <output data-testid="value">{code}</output>
    </>
  );
}

function boxes() {
  return screen.getAllByRole('textbox');
}

describe('CodeInput', () => {
  it('renders six labelled boxes in a named group', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(boxes()).toHaveLength(6);
    expect(screen.getByLabelText('Digit 6 of 6')).toBeInTheDocument();
  });

  it('fills all six boxes from a pasted code and reports completion', async () => {
    const onComplete = vi.fn();
    const user = userEvent.setup();
    render(<Harness onComplete={onComplete} />);
    await user.click(boxes()[0]!);
    await user.paste('123 456');
    expect(boxes().map((box) => (box as HTMLInputElement).value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(screen.getByTestId('value')).toHaveTextContent('123456');
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('spreads a full pasted code from the first box even when pasted into a later one', () => {
    render(<Harness />);
    fireEvent.paste(boxes()[3]!, { clipboardData: { getData: () => '987654' } });
    expect(
      boxes()
        .map((box) => (box as HTMLInputElement).value)
        .join(''),
    ).toBe('987654');
  });

  it('moves to the next box after a digit and ignores letters', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]!);
    await user.keyboard('4a7');
    expect(boxes()[0]).toHaveValue('4');
    expect(boxes()[1]).toHaveValue('7');
    expect(boxes()[2]).toHaveFocus();
  });

  it('goes back and clears the previous box on Backspace in an empty box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]!);
    await user.keyboard('12');
    expect(boxes()[2]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(boxes()[1]).toHaveFocus();
    expect(boxes()[1]).toHaveValue('');
    expect(screen.getByTestId('value')).toHaveTextContent(/^1$/);
  });

  it('marks the boxes invalid and shows the error', () => {
    render(<CodeInput value="" onChange={() => {}} label="Code" digitLabel={(p) => `Digit ${p}`} error="Wrong code." />);
    expect(screen.getByText('Wrong code.')).toBeInTheDocument();
    expect(screen.getByLabelText('Digit 1')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Digit 1')).toHaveAccessibleDescription('Wrong code.');
  });
});
