import { REMOTE_EXPOSES } from '@agentora/contracts';
import { screen } from '@testing-library/react';
import { renderInSite } from '@agentora/ui/testing';

// The rspack config exposes ./src/exposed/<Name>.tsx for every name in the contract; each must exist
// and render on its own, with no props, inside the providers the shell gives it.
describe.each(REMOTE_EXPOSES.signups.map((name) => name.slice(2)))('exposed %s', (name) => {
  it('default-exports a component that renders with no props', async () => {
    const module = (await import(`./${name}`)) as { default: () => React.ReactElement };
    expect(typeof module.default).toBe('function');
    const Component = module.default;
    renderInSite(<Component />);
    // A form's button, or the heading of a page that acts on a mail link only when it has one.
    expect(
      screen.queryAllByRole('button').length + screen.queryAllByRole('heading').length,
    ).toBeGreaterThan(0);
  });
});
