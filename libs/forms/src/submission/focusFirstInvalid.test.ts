import { focusFirstInvalid } from './focusFirstInvalid';

it('focuses the first invalid field in document order', () => {
  document.body.innerHTML =
    '<form><input name="firstName"><input name="lastName"><input name="email"></form>';
  const form = document.querySelector('form');
  focusFirstInvalid(form, ['email', 'lastName']);
  expect(document.activeElement).toBe(document.querySelector('[name="lastName"]'));
});
