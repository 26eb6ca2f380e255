import { render, screen } from '@testing-library/react';
import { AppThemeProvider } from '../theme/AppThemeProvider';
import { SelectField, TextField } from './Field';

const wrap = (ui: React.ReactNode) => render(<AppThemeProvider>{ui}</AppThemeProvider>);

describe('form fields', () => {
  it('ties the label, hint and error to the control', () => {
    wrap(
      <TextField
        label="Email"
        name="email"
        required
        hint="We never share it."
        error="Please enter a valid email address"
      />,
    );
    const input = screen.getByRole('textbox', { name: /Email/ });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'We never share it. Please enter a valid email address',
    );
  });

  it('has no error state until an error is given', () => {
    wrap(<TextField label="Company" name="company" />);
    expect(screen.getByRole('textbox', { name: 'Company' })).not.toHaveAttribute('aria-invalid');
  });

  it('renders the given options in order after an optional placeholder', () => {
    wrap(
      <SelectField
        label="Company size"
        name="companySize"
        placeholder="Select company size"
        options={[
          { value: '1-10', label: '1-10 employees' },
          { value: '11-50', label: '11-50 employees' },
        ]}
      />,
    );
    const options = screen
      .getAllByRole('option')
      .map((option) => [option.getAttribute('value'), option.textContent]);
    expect(options).toEqual([
      ['', 'Select company size'],
      ['1-10', '1-10 employees'],
      ['11-50', '11-50 employees'],
    ]);
  });
});
