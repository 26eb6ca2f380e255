import { phasesOf } from './phases';

describe('the phases of the test script', () => {
  it('are its steps joined by &&, in order', () => {
    expect(
      phasesOf(
        'prettier --check . && nx run-many -t lint-all typecheck-all test test-postgres && nx run @agentora/e2e:e2e-all',
      ),
    ).toEqual([
      'prettier --check .',
      'nx run-many -t lint-all typecheck-all test test-postgres',
      'nx run @agentora/e2e:e2e-all',
    ]);
  });

  it('is the whole script when it has one step', () => {
    expect(phasesOf('  jest  ')).toEqual(['jest']);
  });

  it('refuses an empty script', () => {
    expect(() => phasesOf(' && ')).toThrow('the test script is empty');
  });
});
