/** @jest-environment node */
import { PROVIDED_BY_SHELL } from '@agentora/contracts/shared-modules';
import { SHELL_SHARED_MODULES } from './shared-modules';

it('hands the federation runtime exactly the shared modules the contract says the shell provides', () => {
  expect(Object.keys(SHELL_SHARED_MODULES).sort()).toEqual([...PROVIDED_BY_SHELL].sort());
  for (const module of Object.values(SHELL_SHARED_MODULES)) expect(module).toBeTruthy();
});
