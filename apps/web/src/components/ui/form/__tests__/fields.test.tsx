import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Checkbox } from '../checkbox.tsx';
import { FormError } from '../form-error.tsx';
import { PasswordField } from '../password-field.tsx';
import { PhoneField } from '../phone-field.tsx';
import { TextField } from '../text-field.tsx';

describe('TextField', () => {
  it('labels the input and describes it with its error', () => {
    render(<TextField label="E-mail" error="Enter a valid email." />);
    const input = screen.getByLabelText('E-mail');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a valid email.');
  });

  it('is not marked invalid without an error', () => {
    render(<TextField label="E-mail" />);
    expect(screen.getByLabelText('E-mail')).not.toHaveAttribute('aria-invalid');
  });
});

describe('PasswordField', () => {
  it('shows and hides the password with the toggle', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Password" showLabel="Show password" hideLabel="Hide password" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});

describe('PhoneField', () => {
  it('shows the +90 prefix outside the value', async () => {
    const user = userEvent.setup();
    render(<PhoneField label="Phone" />);
    expect(screen.getByText('+90')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone'), '5321234567');
    expect(screen.getByLabelText('Phone')).toHaveValue('5321234567');
  });
});

describe('Checkbox', () => {
  it('toggles from its label but not from a button inside the label', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    render(
      <Checkbox
        label={
          <>
            I accept the{' '}
            <button type="button" onClick={onOpen}>
              terms
            </button>
          </>
        }
      />,
    );
    const box = screen.getByRole('checkbox');
    await user.click(screen.getByText(/I accept the/));
    expect(box).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'terms' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(box).toBeChecked();
  });

  it('shows its error and marks the box invalid', () => {
    render(<Checkbox label="Consent" error="Required." />);
    expect(screen.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription('Required.');
  });
});

describe('FormError', () => {
  it('announces its message and renders nothing when empty', () => {
    const { rerender } = render(<FormError />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(<FormError>Wrong e-mail or password.</FormError>);
    expect(screen.getByRole('alert')).toHaveTextContent('Wrong e-mail or password.');
  });
});
